//! Black's forbidden points under the strict renju definition: double-three, double-four and
//! overline, where exactly five always has priority and a three only counts if the point that
//! would make it a straight four is itself playable for black.
//!
//! `shape` reads what a stone makes in one line, `strip` offers that reading on a line of
//! cells given alone, `lines` holds the board as bit masks per line, and `check` combines the
//! four lines through a point, recursively for threes; `evidence` names the lines that make a
//! point forbidden, for the board of a game lost there.

mod check;
mod evidence;
mod lines;
mod shape;
mod strip;

pub use check::{forbidden_kind, forbidden_points};
pub use evidence::{ForbiddenShape, forbidden_shape};
pub(crate) use shape::{CENTRE, FiveRule, WINDOW, Window, analyse};
pub use strip::{Strip, StripError, StripShape};
