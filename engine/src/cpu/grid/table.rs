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

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) depth: i32,
    pub(crate) score: i32,
    pub(crate) bound: Bound,
    pub(crate) best: Option<Cell>,
}

/// A fixed-size table of searched positions, one entry per slot, replaced when the new
/// search is at least as deep.
#[derive(Debug)]
pub(crate) struct TranspositionTable {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of `2^bits` entries.
    pub(crate) fn new(bits: u32) -> TranspositionTable {
        TranspositionTable { entries: vec![None; 1 << bits], mask: (1 << bits) - 1 }
    }

    /// log2 of the table's entries.
    pub(crate) fn bits(&self) -> u32 {
        self.mask.count_ones()
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|entry| entry.key == key)
    }

    pub(crate) fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if slot.is_none_or(|old| old.key != entry.key || old.depth <= entry.depth) {
            *slot = Some(entry);
        }
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

    #[test]
    fn deeper_entries_stay() {
        let mut table = TranspositionTable::new(4);
        let entry = Entry { key: 17, depth: 3, score: 5, bound: Bound::Exact, best: Some(9) };
        table.store(entry);
        table.store(Entry { depth: 1, score: 0, ..entry });
        assert_eq!(table.probe(17).map(|e| e.score), Some(5));
        assert!(table.probe(33).is_none());
    }
}
