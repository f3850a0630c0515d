//! What the group may see of a CINCO game, and what one seat may see.
//!
//! The split is made by types: a [`PublicView`] is built only of public facts, and its cards
//! are [`PublicCard`]s, which only the engine can make, and only from a card that lies face
//! up (the discard top, the 5 at stake, collected 5s, revealed bids). No field of it can hold
//! a card of a hand or a sealed bid, so a group message built from it cannot leak one.

use super::action::{Action, Bid, CincoSeat, PuntajeUse, Rotation};
use super::auction::BidValue;
use super::card::{Card, Colour, FIVES_TO_WIN};
use super::game::CincoOutcome;

/// A card lying face up for everybody.
///
/// ```compile_fail
/// // A hand's card cannot be turned into a public one outside the engine.
/// let public = engine::PublicCard(engine::Card::number(engine::Colour::Red, 7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PublicCard(Card);

impl PublicCard {
    pub(crate) const fn face_up(card: Card) -> PublicCard {
        PublicCard(card)
    }

    /// What the card is.
    #[must_use]
    pub const fn card(self) -> Card {
        self.0
    }
}

/// What the next card must match: the colour in play (`None`: any colour, when the first
/// discard was black) and the number or symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Follow {
    pub colour: Option<Colour>,
    pub mark: Mark,
}

/// The number or symbol in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Number(u8),
    Reverse,
    Skip,
    /// A black card without a number: only the colour counts.
    Nothing,
}

/// One seat as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicPlayer {
    /// How many cards they hold (a sealed bid's cards still count: they stay in the hand
    /// until the reveal, so the count says nothing about the bid).
    pub cards: usize,
    /// The 5s in front of them, in the order they came.
    pub fives: Vec<PublicCard>,
    pub protected: bool,
}

impl PublicPlayer {
    /// How many more 5s they need.
    #[must_use]
    pub fn fives_missing(&self) -> usize {
        FIVES_TO_WIN.saturating_sub(self.fives.len())
    }
}

/// Where a seat stands in the auction under way: never what it bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BidStatus {
    /// Holds no numeric card, so it cannot bid.
    NoNumber,
    Waiting,
    /// Has bid; the bid stays face down until every bidder has.
    Sealed,
}

/// The auction under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicAuction {
    /// 1 for the game's first auction.
    pub number: u32,
    pub five: PublicCard,
    /// Whose draw turned the 5 up (`None`: the first discard).
    pub drawn_by: Option<CincoSeat>,
    pub bids: Vec<BidStatus>,
}

/// A bid after the reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RevealedBid {
    pub card: PublicCard,
    pub puntaje: Option<PuntajeUse>,
    pub value: BidValue,
}

/// An auction once every bid is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reveal {
    pub number: u32,
    pub five: PublicCard,
    /// One per seat; `None` for a seat with no numeric card.
    pub bids: Vec<Option<RevealedBid>>,
    /// `None`: a tie at the top, or no bid; the 5 went under the discard top.
    pub winner: Option<CincoSeat>,
}

/// Everything the group sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicView {
    pub discard_top: Option<PublicCard>,
    pub follow: Follow,
    pub draw_pile: usize,
    pub discard_pile: usize,
    pub players: Vec<PublicPlayer>,
    pub rotation: Rotation,
    /// Whose turn it is (during an auction: whose turn it interrupted).
    pub turn: Option<CincoSeat>,
    pub auction: Option<PublicAuction>,
    /// Every auction's revealed bids so far, in order. One action may reveal more than one:
    /// a drawn 5 that nobody can bid on is revealed at once, and the draw goes on.
    pub reveals: Vec<Reveal>,
    pub outcome: CincoOutcome,
    /// Turns begun, auctions opened and shuffles made so far.
    pub turns: u32,
    pub auctions: u32,
    pub shuffles: u64,
}

/// What one seat sees besides the public view: its hand and what it may do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrivateView {
    pub seat: CincoSeat,
    pub hand: Vec<Card>,
    /// Its own sealed bid in the auction under way.
    pub sealed_bid: Option<Bid>,
    /// Every action it may take now, each with the colour or target its card needs; empty
    /// when the game does not wait for this seat.
    pub actions: Vec<Action>,
}

impl PrivateView {
    /// The actions that use `card` (to play it, with each colour or target it may take; to
    /// discard it; to bid it, alone or with each use of Puntaje): one button per card, and
    /// these as its choices.
    #[must_use]
    pub fn actions_with(&self, card: Card) -> Vec<Action> {
        self.actions
            .iter()
            .copied()
            .filter(|action| match action {
                Action::Play { card: played, .. } | Action::Discard(played) => *played == card,
                Action::Bid(bid) => bid.card == card,
                Action::Draw | Action::KeepDrawn => false,
            })
            .collect()
    }
}
