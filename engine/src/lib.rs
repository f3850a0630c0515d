//! The rules of cincobot's games, and nothing else: no IO, no clock, no async.
//!
//! Every board game is a position type implementing [`BoardGame`]: start it from its settings,
//! [`BoardGame::play`] moves (a refused move hands the position back with the reason), ask
//! for the [`Outcome`], and rebuild any position exactly with [`BoardGame::replay`].
//!
//! | game | position | settings | a move |
//! |---|---|---|---|
//! | 5 en raya, Connect Four (PopOut) | [`Connect`] | [`ConnectSettings`] | `4`, `pop 4` |
//! | gomoku | [`Gomoku`] | [`GomokuSettings`] | `h8` |
//! | renju (Taraguchi-10) | [`Renju`] | [`RenjuSettings`] | `h8`, `swap`, `offer …` |
//! | ninuki (cinco con capturas) | [`Ninuki`] | [`NinukiSettings`] | `h8` |
//! | pente | [`Pente`] | [`PenteSettings`] | `K10` |
//!
//! ```
//! use engine::{BoardGame, Gomoku, GomokuSettings, Outcome, Seat, WinReason};
//!
//! let mut game = Gomoku::start(GomokuSettings::default());
//! for text in ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4"] {
//!     let mv = game.parse_move(text)?;
//!     game = game.play(mv)?;
//! }
//! // A refused move hands the position back, unchanged, with the reason.
//! let h8 = game.parse_move("h8")?;
//! let Err(refused) = game.clone().play(h8) else { panic!("h8 is taken") };
//! assert_eq!(refused.position, game);
//! assert_eq!(refused.to_string(), refused.rejection.to_string());
//!
//! let h12 = game.parse_move("h12")?;
//! let game = game.play(h12)?;
//! let Outcome::Win { winner, reason: WinReason::Lines(lines) } = game.outcome() else {
//!     panic!("black has five");
//! };
//! assert_eq!((winner, lines.len()), (Seat::First, 1));
//!
//! // Settings and the move list rebuild the same position.
//! assert_eq!(Gomoku::replay(*game.settings(), game.history())?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The card game CINCO is not a [`BoardGame`]: it has 2–6 seats, several of which act in the
//! same round (an auction's sealed bids), and hidden cards. A [`Cinco`] says who it waits for;
//! each seat sees its [`PrivateView`], the group only the [`PublicView`].
//!
//! ```
//! use engine::cpu::{CincoPlayer, cinco_decision_seed};
//! use engine::{Cinco, CincoSettings};
//!
//! let settings = CincoSettings { seats: 3, seed: 42 };
//! let mut game = Cinco::start(settings)?;
//! while !game.outcome().is_over() {
//!     // One seat on a turn; every seat still to bid during an auction.
//!     let seat = game.who_may_act()[0];
//!     let hand = game.private_view(seat).expect("a seat of the table");
//!     assert!(!hand.actions.is_empty());
//!     let action = CincoPlayer::Random.choose(&game, seat, cinco_decision_seed(&game, seat));
//!     game = game.play(seat, action.expect("an action"))?;
//! }
//! let table = game.public_view();
//! assert_eq!(table.players.len(), 3);
//! // The seed and the log rebuild every deal.
//! assert_eq!(Cinco::replay(settings, game.history())?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cinco;
mod connect;
pub mod cpu;
mod forbidden;
mod game;
mod gomoku;
mod grid;
mod outcome;
mod pente;
mod seat;

pub use cinco::{
    Action as CincoAction, Arrangement, Bid, BidStatus, BidValue, CAMBIO_DRAW, Card, CardKind,
    Choice, Cinco, CincoError, CincoOutcome, CincoRejection, CincoSeat, CincoSettings,
    CincoSetupError, Colour, DECK_SIZE, FIVES_IN_DECK, FIVES_TO_WIN, Follow, HAND_SIZE, Mark,
    NUMBER_WILDS, PrivateView, PublicAuction, PublicCard, PublicPlayer, PublicView, PuntajeUse,
    Reveal, RevealedBid, Rotation, Scores, SeatAction, WinBy, deck, score_bids,
};
pub use connect::{
    Column, Connect, ConnectMove, ConnectRejection, ConnectSettings, ConnectVariant, Disc,
};
pub use forbidden::{
    ForbiddenShape, Strip, StripError, StripShape, forbidden_kind, forbidden_points,
    forbidden_shape,
};
pub use game::{BoardGame, ParseMoveError, PlayError, ReplayError};
pub use gomoku::{
    FIFTH_OFFERS, Gomoku, GomokuError, GomokuSettings, GomokuSize, OpeningArea, Renju, RenjuError,
    RenjuMove, RenjuPhase, RenjuSettings, Symmetry,
};
pub use grid::{Board, CoordinateError, Direction, Line, MAX_SIZE, Notation, Point, Stone};
pub use outcome::{DrawReason, ForbiddenKind, Outcome, WinReason};
pub use pente::{
    Capture, Ninuki, NinukiRejection, NinukiSettings, NinukiSize, Pente, PenteRejection,
    PenteSettings, PenteSize, Score,
};
pub use seat::Seat;
