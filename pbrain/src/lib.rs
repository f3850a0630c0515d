//! `pbrain-cincobot`: cincobot's gomoku and renju player behind the Gomocup (Piskvork)
//! brain protocol, so that tournament managers can play it.
//!
//! The manager writes one command per line on standard input and reads our answers on
//! standard output. [`Brain::run`] is that whole conversation over any reader and writer;
//! the moves come from a [`Player`], so the protocol is tested with a simple one.
//!
//! ```
//! use engine::{Gomoku, Point, cpu::Deadline};
//! use pbrain::{Brain, Player};
//!
//! /// Plays the first empty point, row by row from the bottom.
//! struct FirstEmpty;
//!
//! impl Player for FirstEmpty {
//!     fn choose(&mut self, position: &Gomoku, _: &dyn Deadline) -> Option<Point> {
//!         position.board().empty_points().next()
//!     }
//! }
//!
//! let mut answers = Vec::new();
//! Brain::new(FirstEmpty).run("START 15\r\nTURN 7,7\r\nEND\r\n".as_bytes(), &mut answers)?;
//! assert_eq!(String::from_utf8(answers)?, "OK\n0,14\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod brain;
mod clock;
mod command;
mod coords;
mod error;
mod listing;
pub mod manager;
mod player;
mod rule;

pub use brain::Brain;
pub use clock::{Clock, TimeControl};
pub use command::Command;
pub use coords::Coords;
pub use error::BrainError;
pub use listing::{Field, parse_board_line, rebuild, take_back};
pub use player::Player;
pub use rule::Rule;
