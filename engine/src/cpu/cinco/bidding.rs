//! How the planning CINCO player bids: every bid it could seal (each numeric card, alone or
//! with its Puntaje +2, or −1 on a rival) is weighed against rival bids imagined from the
//! cards it cannot see.
//!
//! - **The value of this 5 to each player**: to itself, more the closer it is to five (its
//!   fifth wins the game); to a rival, the harm of that rival's progress (a rival's fifth
//!   loses the game).
//! - **Spend or keep**: a card bid is gone, and the hand rule replaces it by an average card,
//!   so a bid costs what the card is worth above that average (a Puntaje costs its own worth).
//! - **Colour and the wild 5**: bids are valued as the reveal will value them, doubled for the
//!   5's colour, for a comodín numérico, or in a comodín-número-5 auction.
//! - **Rivals** hold hands dealt from the unseen cards, as many as they hold, and bid their
//!   strongest card half the time and any numeric card otherwise: nobody knows their plan.

use crate::cinco::{
    Bid, BidStatus, Card, CardKind, CincoSeat, FIVES_TO_WIN, PrivateView, PublicView, PuntajeUse,
    deck,
};
use crate::cpu::SplitMix64;

use super::planner::keep_value;

/// Imagined auctions per decision: enough to rank bids that differ by a few percent.
const SAMPLES: usize = 96;

/// What an average replacement card is worth keeping.
const AVERAGE_CARD: i32 = 4;

/// The planning player's sealed bid, or `None` when it has no numeric card.
pub(crate) fn planned_bid(
    public: &PublicView,
    private: &PrivateView,
    rng: &mut SplitMix64,
) -> Option<Bid> {
    let auction = public.auction.as_ref()?;
    let five = auction.five.card();
    let me = private.seat;
    let fives = |seat: usize| public.players.get(seat).map_or(0, |p| p.fives.len());
    let rivals: Vec<usize> = (0..auction.bids.len())
        .filter(|&s| s != me.index() && auction.bids[s] != BidStatus::NoNumber)
        .collect();
    let mut numbers: Vec<Card> =
        private.hand.iter().copied().filter(|c| c.bid_number().is_some()).collect();
    numbers.sort_unstable();
    numbers.dedup();
    if numbers.is_empty() {
        return None;
    }
    let has_puntaje = private.hand.contains(&Card::black(CardKind::Puntaje));
    let worth = |card: Card| bid_worth(five, card);

    let progress = |count: usize| {
        if count + 1 >= FIVES_TO_WIN { 1000.0 } else { 40.0 + 10.0 * count as f64 }
    };
    let my_gain = progress(fives(me.index()));
    let rival_gain: Vec<f64> = rivals.iter().map(|&r| progress(fives(r)) * 0.6).collect();

    let unseen = unseen_cards(public, private);
    let imagined: Vec<Vec<i32>> =
        (0..SAMPLES).map(|_| imagine_rival_bids(&unseen, &rivals, public, five, rng)).collect();

    let mut options: Vec<Bid> = Vec::new();
    for &card in &numbers {
        options.push(Bid { card, puntaje: None });
        if has_puntaje {
            options.push(Bid { card, puntaje: Some(PuntajeUse::Raise) });
            options.extend(
                rivals
                    .iter()
                    .map(|&r| Bid { card, puntaje: Some(PuntajeUse::Lower(CincoSeat(r as u8))) }),
            );
        }
    }
    let my_fives = fives(me.index());
    let value_of = |bid: &Bid| -> f64 {
        let mut spent = (keep_value(bid.card, my_fives) - AVERAGE_CARD).max(0);
        let mut mine = worth(bid.card);
        let mut lowered = None;
        match bid.puntaje {
            Some(PuntajeUse::Raise) => {
                mine += 2;
                spent += keep_value(Card::black(CardKind::Puntaje), my_fives);
            }
            Some(PuntajeUse::Lower(seat)) => {
                lowered = rivals.iter().position(|&r| r == seat.index());
                spent += keep_value(Card::black(CardKind::Puntaje), my_fives);
            }
            None => {}
        }
        let mut total = 0.0;
        for bids in &imagined {
            let mut best = (i32::MIN, None, false);
            for (i, &value) in bids.iter().enumerate() {
                let value = if lowered == Some(i) { (value - 1).max(0) } else { value };
                if value > best.0 {
                    best = (value, Some(i), false);
                } else if value == best.0 {
                    best.2 = true;
                }
            }
            total += match best {
                (top, _, _) if mine > top => my_gain,
                (top, Some(rival), false) if top > mine => -rival_gain[rival],
                _ => 0.0,
            };
        }
        total / SAMPLES as f64 - f64::from(spent)
    };
    let mut best: Option<(f64, Bid)> = None;
    for bid in options {
        let value = value_of(&bid);
        if best.is_none_or(|(top, _)| value > top) {
            best = Some((value, bid));
        }
    }
    best.map(|(_, bid)| bid)
}

/// What a bid with `card` is worth at the reveal (before Puntaje).
fn bid_worth(five: Card, card: Card) -> i32 {
    let number = i32::from(card.bid_number().unwrap_or(0));
    let doubled = five.kind == CardKind::FiveWild
        || matches!(card.kind, CardKind::NumberWild(_))
        || (card.colour.is_some() && card.colour == five.colour);
    if doubled { 2 * number } else { number }
}

/// The cards this seat cannot see: the deck without its hand and the cards face up. 5s are
/// never in a hand, so they are left out too.
fn unseen_cards(public: &PublicView, private: &PrivateView) -> Vec<Card> {
    let mut unseen: Vec<Card> = deck().into_iter().filter(|c| !c.is_five()).collect();
    let mut remove = |card: Card| {
        if let Some(at) = unseen.iter().position(|&c| c == card) {
            unseen.swap_remove(at);
        }
    };
    private.hand.iter().copied().for_each(&mut remove);
    public.discard_top.iter().for_each(|c| remove(c.card()));
    for player in &public.players {
        if player.protected {
            remove(Card::black(CardKind::Protection));
        }
    }
    unseen
}

/// One imagined reveal: each rival's bid value, from a hand dealt out of the unseen cards.
fn imagine_rival_bids(
    unseen: &[Card],
    rivals: &[usize],
    public: &PublicView,
    five: Card,
    rng: &mut SplitMix64,
) -> Vec<i32> {
    let mut pool = unseen.to_vec();
    let mut next = 0;
    rivals
        .iter()
        .map(|&rival| {
            let count = public.players.get(rival).map_or(0, |p| p.cards);
            let mut numbers = Vec::new();
            for _ in 0..count {
                if next >= pool.len() {
                    break;
                }
                let pick = next + rng.below((pool.len() - next) as u64) as usize;
                pool.swap(next, pick);
                if pool[next].bid_number().is_some() {
                    numbers.push(bid_worth(five, pool[next]));
                }
                next += 1;
            }
            // The rival can bid (the auction says so): a hand imagined without a number
            // still bids something small.
            if numbers.is_empty() {
                return 1;
            }
            if rng.below(2) == 0 {
                numbers.iter().copied().max().unwrap_or(1)
            } else {
                numbers[rng.below(numbers.len() as u64) as usize]
            }
        })
        .collect()
}
