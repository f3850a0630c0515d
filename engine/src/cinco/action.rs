//! What a CINCO player can do, as stored in the game's action log.

use std::fmt;

use super::card::{Card, Colour};

/// A chair at a CINCO table of 2–6, numbered from 0 in the order of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CincoSeat(pub u8);

impl CincoSeat {
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for CincoSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// Which way the turn goes round: `Forward` is the order of the seats (0, 1, 2…).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rotation {
    Forward,
    Backward,
}

impl Rotation {
    #[must_use]
    pub const fn reversed(self) -> Rotation {
        match self {
            Rotation::Forward => Rotation::Backward,
            Rotation::Backward => Rotation::Forward,
        }
    }
}

/// What a card needs besides itself when it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Numbers, Reversa, Saltar, Protección, Cambio.
    None,
    /// The comodín numérico: the colour it takes.
    Colour(Colour),
    /// Embargo: whose 5 to take.
    Target(CincoSeat),
}

/// How a Puntaje is used in an auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuntajeUse {
    /// +2 to one's own bid.
    Raise,
    /// −1 to this other bidder's bid.
    Lower(CincoSeat),
}

/// A sealed bid: a numeric card of the hand, and optionally a Puntaje with its use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid {
    pub card: Card,
    pub puntaje: Option<PuntajeUse>,
}

/// One action of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// On one's turn: play a card from the hand on the discard pile (Protección goes in
    /// front of its player instead).
    Play { card: Card, choice: Choice },
    /// On one's turn, when no card that is not a comodín fits: draw one.
    Draw,
    /// After drawing a card that fits: keep it instead of playing it, which ends the turn.
    KeepDrawn,
    /// At the start of one's turn with more than 5 cards: put one of them away.
    Discard(Card),
    /// In an auction: the sealed bid.
    Bid(Bid),
}

/// An action and the seat that took it: one entry of the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatAction {
    pub seat: CincoSeat,
    pub action: Action,
}
