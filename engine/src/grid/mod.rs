//! What every grid game shares: points, lines, stones, the board and coordinate notation.

mod board;
mod notation;
mod point;
mod stone;

pub use board::{Board, MAX_SIZE};
pub use notation::{CoordinateError, Notation};
pub use point::{Direction, Line, Point};
pub use stone::Stone;
