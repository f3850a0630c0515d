use std::fmt;

use engine::{
    ConnectRejection, CoordinateError, ForbiddenKind, GomokuError, NinukiRejection, Notation,
    ParseMoveError, PenteRejection, RenjuError, RenjuPhase,
};

use super::GameKind;
use crate::i18n::Text;

/// Why a move was not played: it could not be read, or the game refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    Unreadable { kind: GameKind, error: ParseMoveError },
    Gomoku(GomokuError),
    Renju(RenjuError),
    Ninuki(NinukiRejection),
    Pente(PenteRejection),
    Connect(ConnectRejection),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unreadable { error, .. } => error.fmt(f),
            MoveError::Gomoku(error) => error.fmt(f),
            MoveError::Renju(error) => error.fmt(f),
            MoveError::Ninuki(error) => error.fmt(f),
            MoveError::Pente(error) => error.fmt(f),
            MoveError::Connect(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {}

/// The Fluent id naming a forbidden shape.
#[must_use]
pub fn shape_id(kind: ForbiddenKind) -> &'static str {
    match kind {
        ForbiddenKind::DoubleThree => "shape-double-three",
        ForbiddenKind::DoubleFour => "shape-double-four",
        ForbiddenKind::Overline => "shape-overline",
    }
}

fn forbidden(kind: ForbiddenKind) -> Text {
    Text::new("refused-forbidden").with("shape", Text::new(shape_id(kind)))
}

fn point(id: &'static str, at: engine::Point) -> Text {
    Text::new(id).with("point", Notation::WithI.format(at))
}

impl MoveError {
    /// What the player is told, one distinct message per reason.
    #[must_use]
    pub fn text(&self) -> Text {
        match *self {
            MoveError::Unreadable { kind, ref error } => unreadable(kind, error),
            MoveError::Gomoku(GomokuError::GameOver)
            | MoveError::Renju(RenjuError::GameOver)
            | MoveError::Ninuki(NinukiRejection::GameOver)
            | MoveError::Pente(PenteRejection::GameOver)
            | MoveError::Connect(ConnectRejection::GameOver) => Text::new("refused-game-over"),
            MoveError::Gomoku(GomokuError::OffBoard)
            | MoveError::Renju(RenjuError::OffBoard)
            | MoveError::Ninuki(NinukiRejection::OffBoard)
            | MoveError::Pente(PenteRejection::OffBoard) => Text::new("refused-off-board"),
            MoveError::Gomoku(GomokuError::Occupied)
            | MoveError::Renju(RenjuError::Occupied)
            | MoveError::Ninuki(NinukiRejection::Occupied)
            | MoveError::Pente(PenteRejection::Occupied) => Text::new("refused-occupied"),
            MoveError::Gomoku(GomokuError::Forbidden(kind))
            | MoveError::Ninuki(NinukiRejection::Forbidden(kind)) => forbidden(kind),
            MoveError::Renju(RenjuError::WrongAction { awaited }) => {
                Text::new("refused-wrong-action").with("awaited", Text::new(phase_id(awaited)))
            }
            MoveError::Renju(RenjuError::NotCentre)
            | MoveError::Pente(PenteRejection::NotOnCentre) => Text::new("refused-not-centre"),
            MoveError::Renju(RenjuError::OutsideArea(area)) => {
                Text::new("refused-outside-area").with("side", u32::from(area.side()))
            }
            MoveError::Renju(RenjuError::OfferOccupied(at)) => point("refused-offer-occupied", at),
            MoveError::Renju(RenjuError::RepeatedOffer(at)) => point("refused-offer-repeated", at),
            MoveError::Renju(RenjuError::SymmetricOffers(first, second)) => {
                Text::new("refused-offer-symmetric")
                    .with("first", Notation::WithI.format(first))
                    .with("second", Notation::WithI.format(second))
            }
            MoveError::Renju(RenjuError::NotOffered(at)) => point("refused-not-offered", at),
            MoveError::Pente(PenteRejection::TooCloseToCentre) => Text::new("refused-too-close"),
            MoveError::Connect(ConnectRejection::ColumnFull) => Text::new("refused-column-full"),
            MoveError::Connect(ConnectRejection::PopOutOff) => Text::new("refused-popout-off"),
            MoveError::Connect(ConnectRejection::NothingToPop) => {
                Text::new("refused-nothing-to-pop")
            }
            MoveError::Connect(ConnectRejection::NotYourDisc) => Text::new("refused-not-your-disc"),
        }
    }
}

fn phase_id(phase: RenjuPhase) -> &'static str {
    match phase {
        RenjuPhase::OpeningStone { .. } => "phase-opening-stone",
        RenjuPhase::SwapOption { .. } => "phase-swap",
        RenjuPhase::FifthStone => "phase-fifth",
        RenjuPhase::FifthChoice => "phase-fifth-choice",
        RenjuPhase::Play => "phase-play",
        RenjuPhase::Over => "phase-over",
    }
}

fn unreadable(kind: GameKind, error: &ParseMoveError) -> Text {
    match error {
        ParseMoveError::Coordinate(CoordinateError::Malformed) => Text::new("unreadable-point"),
        ParseMoveError::Coordinate(CoordinateError::NoColumnI) => Text::new("unreadable-column-i"),
        ParseMoveError::Coordinate(CoordinateError::OffBoard) => Text::new("refused-off-board"),
        ParseMoveError::NoSuchColumn => Text::new("unreadable-no-column"),
        ParseMoveError::SideColumn => Text::new("unreadable-side-column"),
        ParseMoveError::PointCount { expected, found } => {
            Text::new("unreadable-point-count").with("expected", *expected).with("found", *found)
        }
        ParseMoveError::Unrecognised { .. } => Text::new(match kind {
            GameKind::Connect5 | GameKind::Connect4 => "unreadable-column-move",
            GameKind::Renju => "unreadable-renju-move",
            GameKind::Pente => "unreadable-pente-move",
            GameKind::Gomoku | GameKind::Ninuki => "unreadable-grid-move",
        }),
    }
}
