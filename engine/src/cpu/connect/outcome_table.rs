//! The solver's transposition table: for each position, bounds on its outcome and the move
//! that decided it. Buckets of two: one slot keeps the position whose search cost the most
//! (the expensive subtrees near the root), the other always takes the newest, so that the
//! many cheap positions deep in the tree still find a place.

use super::board::Slot;
use super::solver::Value;

/// What the table remembers of a position: its outcome lies in `lower..=upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OutcomeEntry {
    pub(super) lower: Value,
    pub(super) upper: Value,
    pub(super) best: Option<Slot>,
}

/// Bits of a slot below the key.
const DATA_BITS: u32 = 15;
const NO_MOVE: u64 = 7;

#[derive(Debug)]
pub(super) struct OutcomeTable {
    /// `[costly, newest]` per bucket; each slot holds the position's 49-bit compact key
    /// above 15 bits of data, zero when free (a compact key is never zero). A zeroed vector
    /// comes from the allocator without touching every page first.
    buckets: Vec<[u64; 2]>,
}

impl OutcomeTable {
    /// `2^bits` buckets of 16 bytes.
    pub(super) fn new(bits: u8) -> OutcomeTable {
        OutcomeTable { buckets: vec![[0; 2]; 1 << bits] }
    }

    fn index(&self, key: u64) -> usize {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bits = self.buckets.len().trailing_zeros();
        // The shift leaves fewer bits than the length of the vector, so the index fits; a
        // table of one bucket shifts everything out.
        mixed.checked_shr(64 - bits).unwrap_or(0) as usize
    }

    pub(super) fn get(&self, key: u64) -> Option<OutcomeEntry> {
        let bucket = self.buckets[self.index(key)];
        bucket.into_iter().find(|&slot| slot >> DATA_BITS == key).map(unpack)
    }

    /// Stores what a search of `work` nodes learnt about the position `key`.
    pub(super) fn put(&mut self, key: u64, entry: OutcomeEntry, work: u64) {
        let index = self.index(key);
        let bucket = &mut self.buckets[index];
        let slot = key << DATA_BITS | pack(entry, cost(work));
        let [costly, newest] = *bucket;
        if costly >> DATA_BITS == key || cost_of(costly) <= cost(work) {
            if costly >> DATA_BITS != key && costly != 0 {
                bucket[1] = costly;
            } else if newest >> DATA_BITS == key {
                bucket[1] = 0;
            }
            bucket[0] = slot;
        } else {
            bucket[1] = slot;
        }
    }
}

/// A search's cost on a log scale, to fit eight bits.
fn cost(work: u64) -> u64 {
    u64::from(64 - work.leading_zeros())
}

fn cost_of(slot: u64) -> u64 {
    (slot >> 7) & 0xFF
}

fn pack(entry: OutcomeEntry, cost: u64) -> u64 {
    // Values are -1, 0 or 1: stored plus one in two bits each.
    let value = |v: Value| u64::from((v + 1) as u8 & 3);
    let best = entry.best.map_or(NO_MOVE, |slot| u64::from(slot.column()));
    value(entry.lower) | value(entry.upper) << 2 | best << 4 | cost << 7
}

fn unpack(slot: u64) -> OutcomeEntry {
    // Each field was stored in its own bits, so the truncations give them back.
    let value = |bits: u64| (bits & 3) as Value - 1;
    let best = (slot >> 4) & 7;
    OutcomeEntry {
        lower: value(slot),
        upper: value(slot >> 2),
        best: (best != NO_MOVE).then_some(Slot::drop(best as u8)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_comes_back_as_stored() {
        let mut table = OutcomeTable::new(4);
        let entry = OutcomeEntry { lower: -1, upper: 0, best: Some(Slot::drop(6)) };
        table.put(0x1_2345_6789, entry, 5000);
        assert_eq!(table.get(0x1_2345_6789), Some(entry));
        assert_eq!(table.get(0x1_2345_678A), None);
        let exact = OutcomeEntry { lower: 1, upper: 1, best: None };
        table.put(0x1_2345_6789, exact, 3);
        assert_eq!(table.get(0x1_2345_6789), Some(exact), "the newest result of a position");
    }

    #[test]
    fn a_costly_entry_survives_cheap_ones() {
        // One bucket: every key lands in it.
        let mut table = OutcomeTable::new(0);
        let costly = OutcomeEntry { lower: 0, upper: 0, best: Some(Slot::drop(3)) };
        table.put(1, costly, 1 << 20);
        for key in 2..50 {
            table.put(key, OutcomeEntry { lower: -1, upper: 1, best: None }, 10);
        }
        assert_eq!(table.get(1), Some(costly));
        assert!(table.get(49).is_some(), "the newest cheap one has the other slot");
    }
}
