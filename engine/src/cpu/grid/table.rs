//! Zobrist keys of the search board and the transposition table they index.

use super::cells::Cell;

/// Flipped in the key when the side to move changes.
pub(crate) const SIDE_KEY: u64 = 0x9E37_79B9_7F4A_7C15;

/// The key of a stone of side `side` (0 black, 1 white) on `cell`: a hash of the pair, so
/// that no table of random numbers is needed.
pub(crate) fn zobrist(cell: Cell, side: usize) -> u64 {
    let mut z = (cell as u64 * 2 + side as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) depth: i32,
    pub(crate) score: i32,
    pub(crate) bound: Bound,
    pub(crate) best: Option<Cell>,
}

/// An entry as the table keeps it, in 16 bytes, so that a bucket of four is one cache line.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    score: i32,
    /// The best move's cell, or [`NO_MOVE`].
    best: u16,
    depth: i8,
    /// The bound in the low two bits (0: the slot is empty), the generation above them.
    flags: u8,
}

const NO_MOVE: u16 = u16::MAX;
const BUCKET: usize = 4;
/// Generations are counted modulo this (six bits of [`Slot::flags`]).
const GENERATIONS: u8 = 64;

impl Slot {
    fn bound(self) -> Option<Bound> {
        match self.flags & 3 {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }

    fn generation(self) -> u8 {
        self.flags >> 2
    }

    fn new(entry: Entry, generation: u8) -> Slot {
        let bound = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        Slot {
            key: entry.key,
            score: entry.score,
            best: entry.best.and_then(|cell| u16::try_from(cell).ok()).unwrap_or(NO_MOVE),
            depth: i8::try_from(entry.depth).unwrap_or(i8::MAX),
            flags: generation << 2 | bound,
        }
    }

    fn entry(self) -> Option<Entry> {
        let bound = self.bound()?;
        let best = (self.best != NO_MOVE).then_some(usize::from(self.best));
        Some(Entry { key: self.key, depth: i32::from(self.depth), score: self.score, bound, best })
    }
}

/// A fixed-size table of searched positions in buckets of four. A position goes to its key's
/// bucket: into its own slot when it is there (if searched at least as deep, or left from an
/// earlier search), else into the slot least worth keeping, the shallowest once older
/// searches' slots count as shallower by two plies a search. A table of one slot a key, with
/// every new position overwriting the old, lost the deep positions a search most needs
/// back to the many shallow ones around them.
#[derive(Debug)]
pub(crate) struct TranspositionTable {
    slots: Vec<Slot>,
    /// Buckets less one: a key's bucket is its low bits.
    mask: usize,
    /// The search filling the table, counted by [`TranspositionTable::next_search`].
    generation: u8,
}

impl TranspositionTable {
    /// A table of `2^bits` entries (at least one bucket).
    pub(crate) fn new(bits: u32) -> TranspositionTable {
        let buckets = ((1usize << bits) / BUCKET).max(1);
        TranspositionTable {
            slots: vec![Slot::default(); buckets * BUCKET],
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// log2 of the table's entries.
    pub(crate) fn bits(&self) -> u32 {
        self.slots.len().trailing_zeros()
    }

    /// Marks what is in the table as learnt by an earlier search: kept, and read, but
    /// replaced before the new search's positions.
    pub(crate) fn next_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let first = (key as usize & self.mask) * BUCKET;
        first..first + BUCKET
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let bucket = &self.slots[self.bucket(key)];
        bucket.iter().find(|slot| slot.key == key).and_then(|slot| slot.entry())
    }

    pub(crate) fn store(&mut self, entry: Entry) {
        let generation = self.generation;
        let range = self.bucket(entry.key);
        let bucket = &mut self.slots[range];
        let own = bucket.iter().position(|slot| slot.key == entry.key && slot.bound().is_some());
        let place = match own {
            Some(own) => {
                let old = bucket[own];
                if old.generation() == generation && i32::from(old.depth) > entry.depth {
                    return;
                }
                own
            }
            None => {
                let age = |slot: &Slot| generation.wrapping_sub(slot.generation()) % GENERATIONS;
                let worth = |slot: &Slot| {
                    slot.bound()
                        .map_or(i32::MIN, |_| i32::from(slot.depth) - 2 * i32::from(age(slot)))
                };
                let least = bucket.iter().enumerate().min_by_key(|(_, slot)| worth(slot));
                least.map_or(0, |(index, _)| index)
            }
        };
        bucket[place] = Slot::new(entry, generation);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_cell_and_side() {
        assert_ne!(zobrist(100, 0), zobrist(100, 1));
        assert_ne!(zobrist(100, 0), zobrist(101, 0));
    }

    fn entry(key: u64, depth: i32) -> Entry {
        Entry { key, depth, score: -7, bound: Bound::Upper, best: Some(9) }
    }

    #[test]
    fn an_entry_reads_back_as_stored() {
        let mut table = TranspositionTable::new(4);
        for stored in [
            entry(17, 3),
            Entry { key: 18, depth: 0, score: 1_000_000, bound: Bound::Exact, best: None },
            Entry { key: 19, depth: 20, score: -999_990, bound: Bound::Lower, best: Some(1023) },
        ] {
            table.store(stored);
            assert_eq!(table.probe(stored.key), Some(stored));
        }
        assert!(table.probe(33).is_none());
    }

    #[test]
    fn deeper_entries_stay() {
        let mut table = TranspositionTable::new(4);
        table.store(entry(17, 3));
        table.store(Entry { score: 0, ..entry(17, 1) });
        assert_eq!(table.probe(17).map(|e| e.score), Some(-7));
        table.store(Entry { score: 4, ..entry(17, 3) });
        assert_eq!(table.probe(17).map(|e| e.score), Some(4), "as deep replaces");
    }

    #[test]
    fn a_bucket_keeps_four_positions_and_gives_up_its_shallowest() {
        // One bucket of four: every key falls in it.
        let mut table = TranspositionTable::new(2);
        for (key, depth) in [(1, 5), (2, 2), (3, 7), (4, 4)] {
            table.store(entry(key, depth));
        }
        assert!((1..=4).all(|key| table.probe(key).is_some()));
        table.store(entry(5, 1));
        assert!(table.probe(2).is_none(), "the shallowest went");
        assert!([1, 3, 4, 5].iter().all(|&key| table.probe(key).is_some()));
    }

    #[test]
    fn an_earlier_search_gives_way_to_the_new_one() {
        let mut table = TranspositionTable::new(2);
        for (key, depth) in [(1, 6), (2, 7), (3, 8), (4, 9)] {
            table.store(entry(key, depth));
        }
        for _ in 0..4 {
            table.next_search();
        }
        // Four searches old, 7 plies are worth less than 3 of this search.
        table.store(entry(6, 3));
        table.store(entry(7, 3));
        assert!(table.probe(1).is_none() && table.probe(2).is_none());
        assert!([3, 4, 6, 7].iter().all(|&key| table.probe(key).is_some()));
        table.store(Entry { score: 11, ..entry(3, 1) });
        assert_eq!(
            table.probe(3).map(|e| e.score),
            Some(11),
            "an old entry of the key is replaced"
        );
    }
}
