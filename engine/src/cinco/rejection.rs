//! Why a CINCO action is refused.

use std::fmt;

use super::game::Cinco;

/// Why an action is refused. A refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CincoRejection {
    /// The game is over.
    GameOver,
    /// There is no such seat at this table.
    NoSuchSeat,
    /// The game is not waiting for this seat.
    NotYourTurn,
    /// An auction is under way: only bids are taken.
    AuctionUnderway,
    /// A bid outside an auction.
    NoAuction,
    /// This seat has already sealed its bid; sealed bids are final.
    AlreadyBid,
    /// The hand holds no such card.
    CardNotInHand,
    /// The card matches neither the colour, the number nor the symbol in play.
    DoesNotMatch,
    /// More than 5 cards at the start of the turn: the excess goes first.
    DiscardExcessFirst,
    /// Nothing to discard: the hand holds no more than 5 cards.
    NoExcess,
    /// A card that is not a comodín fits, so the player plays instead of drawing.
    CanPlay,
    /// After drawing, only the drawn card may be played.
    OnlyDrawnCard,
    /// Keeping a drawn card makes sense only right after drawing one that fits.
    NothingDrawn,
    /// The comodín numérico needs a colour.
    ColourNeeded,
    /// Embargo needs a target.
    TargetNeeded,
    /// This card takes no colour or target.
    NoChoiceNeeded,
    /// Embargo against oneself.
    TargetIsYou,
    /// Embargo against a player with no 5.
    TargetHasNoFive,
    /// Embargo against a player whose Protección is on the table.
    TargetProtected,
    /// Protección with no 5 in front of its player.
    ProtectionWithoutFive,
    /// A second Protección for the same player.
    AlreadyProtected,
    /// Puntaje is only played with a bid in an auction.
    PuntajeOnlyInAuction,
    /// A bid must be a numeric card (a number or a comodín numérico).
    NotANumber,
    /// A Puntaje use without a Puntaje in the hand.
    NoPuntaje,
    /// Puntaje −1 on oneself, or on a seat that does not bid in this auction.
    NotABidder,
}

impl fmt::Display for CincoRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CincoRejection::GameOver => "the game is over",
            CincoRejection::NoSuchSeat => "no such seat",
            CincoRejection::NotYourTurn => "it is not your turn",
            CincoRejection::AuctionUnderway => "an auction is under way: bid",
            CincoRejection::NoAuction => "there is no auction",
            CincoRejection::AlreadyBid => "your bid is sealed",
            CincoRejection::CardNotInHand => "that card is not in your hand",
            CincoRejection::DoesNotMatch => "that card matches neither colour, number nor symbol",
            CincoRejection::DiscardExcessFirst => "discard down to 5 cards first",
            CincoRejection::NoExcess => "you have no more than 5 cards",
            CincoRejection::CanPlay => "you have a card to play",
            CincoRejection::OnlyDrawnCard => "only the card you drew may be played",
            CincoRejection::NothingDrawn => "you have not drawn a card to keep",
            CincoRejection::ColourNeeded => "choose a colour",
            CincoRejection::TargetNeeded => "choose whose 5 to take",
            CincoRejection::NoChoiceNeeded => "that card takes no colour or target",
            CincoRejection::TargetIsYou => "you cannot embargo yourself",
            CincoRejection::TargetHasNoFive => "that player has no 5",
            CincoRejection::TargetProtected => "that player's 5s are protected",
            CincoRejection::ProtectionWithoutFive => "Protección needs a 5 in front of you",
            CincoRejection::AlreadyProtected => "you are already protected",
            CincoRejection::PuntajeOnlyInAuction => "Puntaje is played with a bid",
            CincoRejection::NotANumber => "a bid is a numeric card",
            CincoRejection::NoPuntaje => "you have no Puntaje",
            CincoRejection::NotABidder => "that player does not bid against you",
        })
    }
}

impl std::error::Error for CincoRejection {}

/// A refused action: the game as it was, and why.
#[derive(Clone, Debug)]
pub struct CincoError {
    pub game: Box<Cinco>,
    pub rejection: CincoRejection,
}

impl fmt::Display for CincoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.rejection.fmt(f)
    }
}

impl std::error::Error for CincoError {}

/// Why a CINCO game cannot be set up or rebuilt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CincoSetupError {
    /// A table is 2 to 6 seats.
    SeatCount(u8),
    /// An arrangement names cards the deck does not have (or more copies than it has).
    NotInDeck,
    /// An arrangement with a 5 in a hand or as the discard top, a card that is not a 5 among
    /// the 5s collected, or a seat that already has five 5s (a finished game).
    FiveMisplaced,
    /// An arrangement whose lists do not have one entry per seat.
    SeatLists,
    /// A logged action does not replay: its index and the reason.
    Replay { index: usize, rejection: CincoRejection },
}

impl fmt::Display for CincoSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CincoSetupError::SeatCount(n) => write!(f, "a CINCO table has 2 to 6 seats, not {n}"),
            CincoSetupError::NotInDeck => f.write_str("the deck has no such cards"),
            CincoSetupError::FiveMisplaced => f.write_str(
                "a 5 is never held nor the discard top, only 5s are collected, and fewer than five",
            ),
            CincoSetupError::SeatLists => f.write_str("one entry per seat is needed"),
            CincoSetupError::Replay { index, rejection } => {
                write!(f, "action {} cannot be replayed: {rejection}", index + 1)
            }
        }
    }
}

impl std::error::Error for CincoSetupError {}
