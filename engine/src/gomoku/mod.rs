//! Gomoku and renju: five in a row on a go-like board, with or without renju's forbidden
//! moves and its Taraguchi-10 opening.

mod lines;
mod opening;
mod position;
mod renju;
mod settings;
mod symmetry;

#[cfg(test)]
mod proptests;

pub use opening::{FIFTH_OFFERS, OpeningArea, RenjuPhase};
pub use position::{Gomoku, GomokuError};
pub use renju::{Renju, RenjuError, RenjuMove};
pub use settings::{GomokuSettings, GomokuSize, RenjuSettings};
pub use symmetry::Symmetry;
