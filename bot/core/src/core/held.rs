//! The slots a process serves. One process alone serves them all; several on one database
//! lease them (`store::Cluster`), and a slot's lease can be lost or handed over at any time,
//! so the set changes while the cores run: the runtime reads it at every input to know
//! whether the input's chat is served here, and the cores read it to know which chats to load.
//!
//! A slot handed over is let go at once (no new input goes to its partition) but its lease
//! is kept until the partition has finished with it: the changes made meanwhile are fenced
//! with the leases still held, not with the slots still served.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

use crate::identity::SLOTS;

const WORDS: usize = (SLOTS as usize).div_ceil(64);

/// A set of slots that the runtime changes and every core reads, and, when they are leased,
/// the process that leases them: every change a core commits then checks in the database
/// that the leases still run ([`Change::still_serving`](crate::store::Change::still_serving)).
#[derive(Debug)]
pub struct HeldSlots {
    /// The slots served.
    bits: [AtomicU64; WORDS],
    /// The slots whose lease the process holds: those served, and those being handed over.
    leased: [AtomicU64; WORDS],
    /// The process's id among the bot's processes; 0 while the slots are not leased.
    leased_by: AtomicI64,
}

impl HeldSlots {
    /// Every slot: one process serving the whole bot.
    #[must_use]
    pub fn every() -> HeldSlots {
        let held = HeldSlots::none();
        for slot in 0..SLOTS {
            held.hold(slot);
        }
        held
    }

    /// No slot yet: a process that will lease its share.
    #[must_use]
    pub fn none() -> HeldSlots {
        HeldSlots {
            bits: std::array::from_fn(|_| AtomicU64::new(0)),
            leased: std::array::from_fn(|_| AtomicU64::new(0)),
            leased_by: AtomicI64::new(0),
        }
    }

    /// From now on the slots are leased by process `id`.
    pub fn leased_by(&self, id: i64) {
        self.leased_by.store(id, Ordering::SeqCst);
    }

    /// The process that leases the slots, if they are leased.
    #[must_use]
    pub fn leaser(&self) -> Option<i64> {
        Some(self.leased_by.load(Ordering::SeqCst)).filter(|&id| id != 0)
    }

    /// The word and bit of `slot`, if it is one.
    fn place(slot: u16) -> Option<(usize, u64)> {
        let slot = usize::from(slot);
        (slot < usize::from(SLOTS)).then_some((slot / 64, 1 << (slot % 64)))
    }

    /// Serves `slot`, under its lease.
    pub fn hold(&self, slot: u16) {
        if let Some((word, bit)) = HeldSlots::place(slot) {
            self.leased[word].fetch_or(bit, Ordering::SeqCst);
            self.bits[word].fetch_or(bit, Ordering::SeqCst);
        }
    }

    /// Stops serving `slot`, whose lease is still held while it is handed over.
    pub fn let_go(&self, slot: u16) {
        if let Some((word, bit)) = HeldSlots::place(slot) {
            self.bits[word].fetch_and(!bit, Ordering::SeqCst);
        }
    }

    /// `slot`'s lease is gone (released, or run out): not served either.
    pub fn unlease(&self, slot: u16) {
        if let Some((word, bit)) = HeldSlots::place(slot) {
            self.bits[word].fetch_and(!bit, Ordering::SeqCst);
            self.leased[word].fetch_and(!bit, Ordering::SeqCst);
        }
    }

    #[must_use]
    pub fn holds(&self, slot: u16) -> bool {
        HeldSlots::place(slot)
            .is_some_and(|(word, bit)| self.bits[word].load(Ordering::SeqCst) & bit != 0)
    }

    /// The slots held, in order.
    #[must_use]
    pub fn slots(&self) -> Vec<u16> {
        (0..SLOTS).filter(|&slot| self.holds(slot)).collect()
    }

    /// The slots whose lease the process holds, in order: what its changes are fenced with.
    #[must_use]
    pub fn leased(&self) -> Vec<u16> {
        (0..SLOTS)
            .filter(|&slot| {
                HeldSlots::place(slot)
                    .is_some_and(|(word, bit)| self.leased[word].load(Ordering::SeqCst) & bit != 0)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_held_and_let_go_one_by_one() {
        let held = HeldSlots::none();
        held.hold(0);
        held.hold(63);
        held.hold(64);
        held.hold(SLOTS - 1);
        held.hold(SLOTS);
        assert_eq!(held.slots(), [0, 63, 64, SLOTS - 1]);
        held.let_go(63);
        assert!(!held.holds(63) && held.holds(64) && !held.holds(SLOTS));
        assert_eq!(HeldSlots::every().slots().len(), usize::from(SLOTS));
    }

    #[test]
    fn a_slot_let_go_stays_leased_until_its_lease_goes() {
        let held = HeldSlots::none();
        held.hold(5);
        held.hold(70);
        held.let_go(5);
        assert_eq!(held.slots(), [70]);
        assert_eq!(held.leased(), [5, 70]);
        held.unlease(5);
        held.unlease(70);
        assert!(held.slots().is_empty() && held.leased().is_empty());
    }
}
