//! 5 en raya and classic Connect Four, each with or without PopOut.
//!
//! 5 en raya is Connect Four on a 9×6 frame whose two side columns start full and never
//! change; five in a line wins. Classic Connect Four is the same engine on an empty 7×6 grid
//! with four to win. The rules, and how the gaps of the rule page were filled, are in
//! `docs/rules/connect5.md`.

mod disc;
// Crate-visible: the computer player's search (`cpu::connect`) shares the bit layout.
pub(crate) mod lines;
mod moves;
mod position;
mod rejection;
mod settings;

pub use disc::Disc;
pub use moves::{Column, ConnectMove};
pub use position::Connect;
pub use rejection::ConnectRejection;
pub use settings::{ConnectSettings, ConnectVariant};

#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;
