use std::fmt;

use engine::GomokuError;

use crate::Coords;

/// Why the brain answers `ERROR` instead of a move or `OK`. Each variant is one reason, so
/// a manager's log (and a test) can tell them apart; nothing here ever stops the brain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrainError {
    /// A board command came before `START`.
    NotStarted,
    /// `START` or `RESTART` with a size that is not a number.
    MalformedSize(String),
    /// A board side the engine does not play (only 15 and 19).
    UnsupportedSize(u32),
    /// `RECTSTART` with two different sides.
    RectangularBoard,
    /// Text where `x,y` was expected.
    MalformedCoords(String),
    /// Coordinates outside the board.
    OffBoard(Coords),
    /// A line inside `BOARD` that is not `x,y,field`.
    MalformedBoardLine(String),
    /// A `BOARD` field other than 1, 2 or 3.
    UnknownField(String),
    /// A `BOARD` stone with field 3: continuous games are not played by this brain.
    ContinuousGame,
    /// The `BOARD` stone counts cannot come from a game where it is our turn.
    StoneCounts { own: usize, opponent: usize },
    /// The stones already make a finished game: nothing is left to play.
    FinishedGame,
    /// The engine refused a stone (occupied point, game over, forbidden shape).
    Refused(GomokuError),
    /// `TAKEBACK` of a point with no stone.
    NoStoneThere(Coords),
    /// `TAKEBACK` of a stone whose colour did not move last: removing it would break the
    /// alternation of the game.
    NotTakeable(Coords),
    /// `SWAP2BOARD` with a number of stones other than 0, 3 or 5.
    Swap2StoneCount(usize),
    /// The memory limit announced by `INFO max_memory` is below what the brain needs.
    TooLittleMemory { limit: u64 },
    /// The computer player gave no move, or one the engine refused.
    NoMove,
}

impl fmt::Display for BrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BrainError::NotStarted => f.write_str("no board yet: send START first"),
            BrainError::MalformedSize(text) => write!(f, "expected a board size, got {text:?}"),
            BrainError::UnsupportedSize(size) => {
                write!(f, "unsupported size {size}: only 15 and 19 are played")
            }
            BrainError::RectangularBoard => f.write_str("only square boards are played"),
            BrainError::MalformedCoords(text) => write!(f, "expected x,y, got {text:?}"),
            BrainError::OffBoard(coords) => write!(f, "{coords} is outside the board"),
            BrainError::MalformedBoardLine(text) => {
                write!(f, "expected x,y,field in BOARD, got {text:?}")
            }
            BrainError::UnknownField(text) => {
                write!(f, "a BOARD field is 1, 2 or 3, got {text:?}")
            }
            BrainError::ContinuousGame => f.write_str("continuous games are not supported"),
            BrainError::StoneCounts { own, opponent } => {
                write!(f, "{own} own and {opponent} opponent stones cannot leave us to move")
            }
            BrainError::FinishedGame => f.write_str("the stones already make a finished game"),
            BrainError::Refused(rejection) => rejection.fmt(f),
            BrainError::NoStoneThere(coords) => write!(f, "there is no stone at {coords}"),
            BrainError::NotTakeable(coords) => {
                write!(f, "the stone at {coords} is not of the colour that moved last")
            }
            BrainError::Swap2StoneCount(count) => {
                write!(f, "SWAP2BOARD takes 0, 3 or 5 stones, got {count}")
            }
            BrainError::TooLittleMemory { limit } => {
                write!(f, "a memory limit of {limit} bytes is too small")
            }
            BrainError::NoMove => f.write_str("the computer player found no move"),
        }
    }
}

impl std::error::Error for BrainError {}

impl From<GomokuError> for BrainError {
    fn from(rejection: GomokuError) -> Self {
        BrainError::Refused(rejection)
    }
}
