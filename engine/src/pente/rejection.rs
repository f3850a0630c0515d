//! Why pente and ninuki refuse a move.

use std::fmt;

use crate::ForbiddenKind;

/// A pente move that is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PenteRejection {
    /// The game has ended.
    GameOver,
    /// The point is not on the board.
    OffBoard,
    /// A stone already stands there.
    Occupied,
    /// The first stone of the game must go on the centre point.
    NotOnCentre,
    /// The first player's second stone must be three or more points away from the centre
    /// (tournament rule).
    TooCloseToCentre,
}

impl fmt::Display for PenteRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PenteRejection::GameOver => "the game is over",
            PenteRejection::OffBoard => "that point is outside the board",
            PenteRejection::Occupied => "that point is already taken",
            PenteRejection::NotOnCentre => "the first stone must go on the centre point",
            PenteRejection::TooCloseToCentre => {
                "this stone must be at least three points away from the centre"
            }
        })
    }
}

impl std::error::Error for PenteRejection {}

/// A ninuki move that is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NinukiRejection {
    /// The game has ended.
    GameOver,
    /// The point is not on the board.
    OffBoard,
    /// A stone already stands there.
    Occupied,
    /// With forbidden moves on, black may not make this shape; black plays elsewhere.
    Forbidden(ForbiddenKind),
}

impl fmt::Display for NinukiRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NinukiRejection::GameOver => f.write_str("the game is over"),
            NinukiRejection::OffBoard => f.write_str("that point is outside the board"),
            NinukiRejection::Occupied => f.write_str("that point is already taken"),
            NinukiRejection::Forbidden(kind) => {
                write!(f, "black may not play there: it makes a {kind}")
            }
        }
    }
}

impl std::error::Error for NinukiRejection {}
