//! The CINCO computer player: it plays to keep strong bids in hand and spends them when a 5
//! matters.
//!
//! Its plan, in the game's terms:
//! - **What a card is worth keeping**: numbers are future bids (a comodín numérico counts
//!   double, since it matches any colour); Embargo and Puntaje are kept for their moment;
//!   Reversa and Saltar are worth nothing in an auction, so they go first.
//! - **On a turn**: Embargo as soon as someone has a 5 to take (the most 5s first), before
//!   its owner protects them; Protección as soon as there is a 5 to protect; Cambio unless
//!   the hand is already strong (of the seven it draws, the hand rule keeps the best five);
//!   otherwise the cheapest card that fits, of the colour it holds most. A high comodín
//!   numérico is kept for bidding: drawing instead keeps it.
//! - **In an auction**: see [`super::bidding`].

use crate::cinco::{
    Action, Card, CardKind, Choice, CincoSeat, Colour, FIVES_TO_WIN, PrivateView, PublicView,
};
use crate::cpu::SplitMix64;

use super::bidding::planned_bid;

/// The planning player's action for the seat of `private`, or `None` when it has nothing
/// to do. It reads only what that seat may see.
#[must_use]
pub fn planned_action(public: &PublicView, private: &PrivateView, seed: u64) -> Option<Action> {
    if private.actions.is_empty() {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    if public.auction.is_some() {
        return planned_bid(public, private, &mut rng)
            .map(Action::Bid)
            .or_else(|| private.actions.first().copied());
    }
    let table = Table { public, private };
    let scored = private.actions.iter().map(|&action| (table.score(action), action));
    best(scored, &mut rng)
}

/// The highest score; equal scores are broken at random so the player is not predictable.
fn best(scored: impl Iterator<Item = (i32, Action)>, rng: &mut SplitMix64) -> Option<Action> {
    let mut top: Option<(i32, Action)> = None;
    let mut ties = 0u64;
    for (score, action) in scored {
        match top {
            Some((best, _)) if score < best => {}
            Some((best, _)) if score == best => {
                ties += 1;
                if rng.below(ties + 1) == 0 {
                    top = Some((score, action));
                }
            }
            _ => {
                top = Some((score, action));
                ties = 0;
            }
        }
    }
    top.map(|(_, action)| action)
}

/// What a card is worth keeping for later, in bid points.
pub(crate) fn keep_value(card: Card, my_fives: usize) -> i32 {
    match card.kind {
        CardKind::Number(n) => i32::from(n),
        CardKind::NumberWild(n) => 2 * i32::from(n) + 1,
        CardKind::Embargo => 12,
        CardKind::Puntaje => 6,
        CardKind::Protection => {
            if my_fives > 0 {
                10
            } else {
                5
            }
        }
        CardKind::Cambio => 3,
        CardKind::Reverse | CardKind::Skip => 0,
        CardKind::FiveWild => 0,
    }
}

struct Table<'a> {
    public: &'a PublicView,
    private: &'a PrivateView,
}

impl Table<'_> {
    fn seat(&self) -> CincoSeat {
        self.private.seat
    }

    fn fives_of(&self, seat: CincoSeat) -> usize {
        self.public.players.get(seat.index()).map_or(0, |p| p.fives.len())
    }

    fn my_fives(&self) -> usize {
        self.fives_of(self.seat())
    }

    fn keep(&self, card: Card) -> i32 {
        keep_value(card, self.my_fives())
    }

    /// The hand's worth as bids, without `card`.
    fn hand_worth_without(&self, card: Card) -> i32 {
        let mut skipped = false;
        self.private
            .hand
            .iter()
            .filter(|&&c| {
                if c == card && !skipped {
                    skipped = true;
                    false
                } else {
                    true
                }
            })
            .map(|&c| self.keep(c))
            .sum()
    }

    /// Higher is better. Plays cost what the card was worth keeping.
    fn score(&self, action: Action) -> i32 {
        match action {
            Action::Play { card, choice } => self.score_play(card, choice),
            // Drawing keeps every card and adds one; it is what a comodín numérico is kept by.
            Action::Draw => -6,
            Action::KeepDrawn => -5,
            Action::Discard(card) => -self.keep(card),
            Action::Bid(_) => 0,
        }
    }

    fn score_play(&self, card: Card, choice: Choice) -> i32 {
        match (card.kind, choice) {
            (CardKind::Embargo, Choice::Target(target)) => self.score_embargo(target),
            (CardKind::Protection, _) => 100,
            (CardKind::Cambio, _) => {
                let rest = self.hand_worth_without(card);
                let others = self.private.hand.len().saturating_sub(1).max(1) as i32;
                // A fresh seven, of which the best five are kept, beats an average hand
                // (measured: cinco_strength went from 62 % with no Cambio to 70 %).
                if rest < 6 * others { 50 } else { -50 }
            }
            (CardKind::NumberWild(_), Choice::Colour(colour)) => {
                -self.keep(card) + self.colour_count(colour)
            }
            _ => -self.keep(card) + self.colour_count_after(card),
        }
    }

    /// A 5 taken is a 5 won, and its owner may protect it later: take it now, from whoever
    /// has the most.
    fn score_embargo(&self, target: CincoSeat) -> i32 {
        let theirs = self.fives_of(target) as i32;
        if self.my_fives() + 1 >= FIVES_TO_WIN {
            return 1000 + theirs;
        }
        200 + 10 * theirs
    }

    fn colour_count(&self, colour: Colour) -> i32 {
        self.private.hand.iter().filter(|c| c.colour == Some(colour)).count() as i32
    }

    /// Playing a card of the colour the hand holds most keeps the next turn easy.
    fn colour_count_after(&self, card: Card) -> i32 {
        card.colour.map_or(0, |colour| self.colour_count(colour) - 1)
    }
}
