//! The rules of cincobot's board games, and nothing else: no IO, no clock, no async.
//!
//! Every game is a position type implementing [`BoardGame`]: start it from its settings,
//! [`BoardGame::play`] moves (a refused move hands the position back with the reason), ask
//! for the [`Outcome`], and rebuild any position exactly with [`BoardGame::replay`].

mod connect;
pub mod cpu;
mod forbidden;
mod game;
mod gomoku;
mod grid;
mod outcome;
mod pente;
mod seat;

pub use connect::{
    Column, Connect, ConnectMove, ConnectRejection, ConnectSettings, ConnectVariant, Disc,
};
pub use forbidden::{Strip, StripError, StripShape, forbidden_kind, forbidden_points};
pub use game::{BoardGame, ParseMoveError, PlayError, ReplayError};
pub use gomoku::{
    FIFTH_OFFERS, Gomoku, GomokuError, GomokuSettings, GomokuSize, OpeningArea, Renju, RenjuError,
    RenjuMove, RenjuPhase, RenjuSettings,
};
pub use grid::{Board, CoordinateError, Direction, Line, MAX_SIZE, Notation, Point, Stone};
pub use outcome::{DrawReason, ForbiddenKind, Outcome, WinReason};
pub use pente::{
    Capture, Ninuki, NinukiRejection, NinukiSettings, NinukiSize, Pente, PenteRejection,
    PenteSettings, PenteSize, Score,
};
pub use seat::Seat;
