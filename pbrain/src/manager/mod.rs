//! A Gomocup match manager: two brains (any executables that speak the pipe protocol) play
//! games against each other, judged by the engine's rules (issue 30, measuring the hard
//! level against other brains).
//!
//! [`play_game`] plays one game: each brain is started for it, hears `START`, the match's
//! `INFO` lines and its own, and is asked for moves as Piskvork asks (`BEGIN`, or `BOARD`
//! with the stones so far, then `TURN`); the [`Referee`] judges every answer. A brain that
//! fails in any way — late beyond the margin, crashed, answering `ERROR` or nonsense, playing
//! a taken point or, in renju, a forbidden one — loses that game, and the match goes on.
//! [`random_openings`] and [`parse_openings`] give the starting stones, and [`Tally`] the
//! score. The command line around them is `examples/gomocup_match.rs`; [`MatchLog`] reads its
//! printed games back.

mod contestant;
mod game;
mod log;
mod openings;
mod referee;
mod tally;

pub use contestant::{Entrant, Fault, brain_command};
pub use game::{GameRecord, MatchSettings, colour_index, play_game};
pub use log::{LoggedGame, MatchLog};
pub use openings::{MAX_RANDOM_STONES, parse_openings, random_openings};
pub use referee::{Ending, OpeningError, OpeningFlaw, Reason, Referee};
pub use tally::Tally;
