//! CINCO (seed 004), the card game: match the discard by colour, number or symbol, and win
//! the 5s in sealed-bid auctions; five 5s win.
//!
//! Several seats may act in the same round (every bidder seals a bid), so a game is driven by
//! [`Cinco::who_may_act`] and [`Cinco::play`] with the seat of each action; secrets are kept by
//! types ([`PublicView`] for the group, [`PrivateView`] for one seat). The choices made where
//! the seed is silent are in `docs/rules/cinco.md`.

mod action;
mod auction;
mod card;
mod game;
mod rejection;
mod shuffle;
mod view;

pub use action::{Action, Bid, Choice, CincoSeat, PuntajeUse, Rotation, SeatAction};
pub use auction::{BidValue, Scores, score_bids};
pub use card::{
    Card, CardKind, Colour, DECK_SIZE, FIVES_IN_DECK, FIVES_TO_WIN, NUMBER_WILDS, deck,
};
pub use game::{Arrangement, CAMBIO_DRAW, Cinco, CincoOutcome, CincoSettings, HAND_SIZE, WinBy};
pub use rejection::{CincoError, CincoRejection, CincoSetupError};
pub use view::{
    BidStatus, Follow, Mark, PrivateView, PublicAuction, PublicCard, PublicPlayer, PublicView,
    Reveal, RevealedBid,
};
