//! How sealed bids are scored once they are revealed.

use super::action::{Bid, CincoSeat, PuntajeUse};
use super::card::{Card, CardKind};

/// What one revealed bid is worth, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BidValue {
    /// The colour matched the 5 (a comodín numérico matches any), or the 5 is the comodín
    /// número 5: the number counts double, once.
    pub doubled: bool,
    /// Its bidder's Puntaje +2.
    pub raised: bool,
    /// How many other bidders' Puntaje −1 fell on it.
    pub lowered_by: u8,
    /// The number, doubled, +2, −1 each; never below 0.
    pub value: u16,
}

/// The scores of an auction: one entry per seat (`None`: no bid), and the winner, if one bid
/// is worth strictly more than every other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scores {
    pub values: Vec<Option<BidValue>>,
    pub winner: Option<CincoSeat>,
}

/// Scores the bids of every seat (in seat order) for `five`.
#[must_use]
pub fn score_bids(five: Card, bids: &[Option<Bid>]) -> Scores {
    let mut lowered = vec![0u8; bids.len()];
    for (seat, bid) in bids.iter().enumerate() {
        if let Some(Bid { puntaje: Some(PuntajeUse::Lower(target)), .. }) = bid {
            let bids_too = bids.get(target.index()).is_some_and(Option::is_some);
            if target.index() != seat && bids_too {
                lowered[target.index()] = lowered[target.index()].saturating_add(1);
            }
        }
    }
    let values: Vec<Option<BidValue>> = bids
        .iter()
        .zip(&lowered)
        .map(|(bid, &lowered_by)| {
            let bid = (*bid)?;
            let number = u16::from(bid.card.bid_number()?);
            let doubled = five.kind == CardKind::FiveWild
                || matches!(bid.card.kind, CardKind::NumberWild(_))
                || (bid.card.colour.is_some() && bid.card.colour == five.colour);
            let raised = bid.puntaje == Some(PuntajeUse::Raise);
            let value = (number * if doubled { 2 } else { 1 } + if raised { 2 } else { 0 })
                .saturating_sub(u16::from(lowered_by));
            Some(BidValue { doubled, raised, lowered_by, value })
        })
        .collect();
    let best = values.iter().flatten().map(|v| v.value).max();
    let mut leaders = values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.is_some_and(|v| Some(v.value) == best))
        .map(|(seat, _)| seat);
    let winner = match (leaders.next(), leaders.next()) {
        (Some(only), None) => u8::try_from(only).ok().map(CincoSeat),
        _ => None,
    };
    Scores { values, winner }
}
