//! The rules of cincobot's board games, and nothing else: no IO, no clock, no async.
//!
//! Every game is a position type implementing [`BoardGame`]: start it from its settings,
//! [`BoardGame::play`] moves (a refused move hands the position back with the reason), ask
//! for the [`Outcome`], and rebuild any position exactly with [`BoardGame::replay`].

mod forbidden;
mod game;
mod grid;
mod outcome;
mod seat;

pub use forbidden::{Strip, StripError, StripShape, forbidden_kind, forbidden_points};
pub use game::{BoardGame, ParseMoveError, PlayError, ReplayError};
pub use grid::{Board, CoordinateError, Direction, Line, MAX_SIZE, Notation, Point, Stone};
pub use outcome::{DrawReason, ForbiddenKind, Outcome, WinReason};
pub use seat::Seat;
