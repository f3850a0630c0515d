use std::fmt;

use crate::{Outcome, Seat};

/// What every two-player board game of the engine offers the bot, so that sessions, storage
/// and rendering are written once.
///
/// A position is a value: [`BoardGame::play`] consumes it and returns the next one, or hands
/// it back untouched inside a [`PlayError`] that says why the move was refused.
pub trait BoardGame: Clone + fmt::Debug + PartialEq + Sized {
    /// The options chosen when the game was created (board size, overline, PopOut, …).
    type Settings: Clone + fmt::Debug + PartialEq;
    /// One action of a player, as stored in the move log.
    type Move: Copy + fmt::Debug + PartialEq + Eq;
    /// Why a move is refused.
    type Rejection: std::error::Error + Clone + PartialEq + Eq;

    /// The starting position.
    fn start(settings: Self::Settings) -> Self;

    fn settings(&self) -> &Self::Settings;

    /// Every move played so far, in order: with the settings, all that is needed to rebuild
    /// the position (see [`BoardGame::replay`]).
    fn history(&self) -> &[Self::Move];

    /// Whose action the game waits for, or `None` once it is over.
    fn seat_to_act(&self) -> Option<Seat>;

    /// Every move the seat to act may make now (empty once the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays `mv` for the seat to act.
    ///
    /// # Errors
    /// The unchanged position and the reason, when the move is not allowed.
    fn play(self, mv: Self::Move) -> Result<Self, PlayError<Self>>;

    fn outcome(&self) -> Outcome;

    /// Reads a move written by a player in this game's notation (`h8`, `K10`, `3`, `pop 3`,
    /// `swap`…), for the position it would be played in.
    ///
    /// # Errors
    /// [`ParseMoveError`] explains what was not understood.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseMoveError>;

    /// `mv` in this game's notation; [`BoardGame::parse_move`] reads it back.
    fn format_move(&self, mv: Self::Move) -> String;

    /// The position reached by playing `moves` from the start.
    ///
    /// # Errors
    /// The ply (0-based) of the first move that is not allowed, with the reason.
    fn replay(settings: Self::Settings, moves: &[Self::Move]) -> Result<Self, ReplayError<Self>> {
        moves.iter().enumerate().try_fold(Self::start(settings), |position, (ply, &mv)| {
            position.play(mv).map_err(|error| ReplayError { ply, rejection: error.rejection })
        })
    }
}

/// A refused move: the position as it was, and why.
pub struct PlayError<G: BoardGame> {
    pub position: G,
    pub rejection: G::Rejection,
}

impl<G: BoardGame> fmt::Debug for PlayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayError").field("rejection", &self.rejection).finish_non_exhaustive()
    }
}

impl<G: BoardGame> fmt::Display for PlayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.rejection.fmt(f)
    }
}

impl<G: BoardGame> std::error::Error for PlayError<G> {}

/// A stored move list that does not replay: the log is corrupt or the rules changed.
pub struct ReplayError<G: BoardGame> {
    pub ply: usize,
    pub rejection: G::Rejection,
}

impl<G: BoardGame> fmt::Debug for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReplayError")
            .field("ply", &self.ply)
            .field("rejection", &self.rejection)
            .finish()
    }
}

impl<G: BoardGame> fmt::Display for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} cannot be replayed: {}", self.ply + 1, self.rejection)
    }
}

impl<G: BoardGame> std::error::Error for ReplayError<G> {}

/// A move the player wrote that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// A grid coordinate that is malformed or off the board.
    Coordinate(crate::CoordinateError),
    /// A 5 en raya column that is not one of the playable columns.
    NoSuchColumn,
    /// A 5 en raya side column (`0` or `8`): its discs are fixed, nothing is played there.
    SideColumn,
    /// Nothing this game understands (the text names the expected form).
    Unrecognised { expected: &'static str },
    /// The wrong number of points after a word that takes them (renju's `offer` takes ten).
    PointCount { expected: usize, found: usize },
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Coordinate(error) => error.fmt(f),
            ParseMoveError::NoSuchColumn => f.write_str("no such column"),
            ParseMoveError::SideColumn => f.write_str("the side columns are fixed"),
            ParseMoveError::Unrecognised { expected } => write!(f, "expected {expected}"),
            ParseMoveError::PointCount { expected, found } => {
                write!(f, "expected {expected} points, found {found}")
            }
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl From<crate::CoordinateError> for ParseMoveError {
    fn from(error: crate::CoordinateError) -> Self {
        ParseMoveError::Coordinate(error)
    }
}
