//! The random CINCO player: one of the legal actions, uniformly. The yardstick of the
//! planning player's strength.

use crate::cinco::{Action, PrivateView};
use crate::cpu::SplitMix64;

/// A uniformly random legal action for the seat, or `None` when it has nothing to do.
#[must_use]
pub fn random_action(view: &PrivateView, seed: u64) -> Option<Action> {
    let count = view.actions.len() as u64;
    if count == 0 {
        return None;
    }
    let pick = SplitMix64::new(seed).below(count);
    view.actions.get(usize::try_from(pick).ok()?).copied()
}
