//! The transposition table: what earlier visits learnt about a position, so that the many
//! move orders reaching the same grid are searched once.

use super::board::Slot;

/// How a stored score relates to the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (the search stopped at a refutation).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
}

/// What the table remembers of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub(super) score: i16,
    pub(super) depth: u8,
    pub(super) bound: Bound,
    pub(super) best: Option<Slot>,
}

/// A fixed number of slots, one position each, replaced when a search of at least the same
/// depth comes by (or always, when the slot holds another position from an older visit).
#[derive(Debug)]
pub(super) struct Table {
    /// Pairs of the full key (never zero; zero marks a free slot) and the packed entry. A
    /// zeroed vector is handed out by the allocator without touching every page first.
    slots: Vec<[u64; 2]>,
}

impl Table {
    /// A table of `2^bits` slots of 16 bytes.
    pub(super) fn new(bits: u8) -> Table {
        Table { slots: vec![[0; 2]; 1 << bits] }
    }

    fn index(&self, key: u64) -> usize {
        // Fibonacci hashing spreads the structured keys over the slots; the high bits of the
        // product are the well-mixed ones.
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bits = self.slots.len().trailing_zeros();
        // The shift leaves fewer bits than the length of the vector, so the index fits.
        (mixed >> (64 - bits)) as usize
    }

    pub(super) fn get(&self, key: u64) -> Option<Entry> {
        let [stored, data] = self.slots[self.index(key)];
        (stored == key).then(|| unpack(data))
    }

    pub(super) fn put(&mut self, key: u64, entry: Entry) {
        let index = self.index(key);
        let [stored, data] = self.slots[index];
        if stored == key && unpack(data).depth > entry.depth {
            return;
        }
        self.slots[index] = [key, pack(entry)];
    }
}

fn pack(entry: Entry) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let best = entry.best.map_or(0xFF, |slot| u64::from(slot.0));
    // The score's bits as unsigned, so that a negative score does not spill over the rest.
    u64::from(entry.score as u16) | u64::from(entry.depth) << 16 | bound << 24 | best << 32
}

fn unpack(data: u64) -> Entry {
    // Each field was stored in its own bits, so the truncations give them back.
    let bound = match (data >> 24) & 0xFF {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    let best = ((data >> 32) & 0xFF) as u8;
    Entry {
        score: data as u16 as i16,
        depth: (data >> 16) as u8,
        bound,
        best: (best != 0xFF).then_some(Slot(best)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_comes_back_as_stored() {
        let mut table = Table::new(4);
        let entry = Entry { score: -987, depth: 12, bound: Bound::Upper, best: Some(Slot(9)) };
        table.put(0x1234_5678, entry);
        assert_eq!(table.get(0x1234_5678), Some(entry));
        assert_eq!(table.get(0x1234_5679), None);
        let shallower = Entry { depth: 3, best: None, ..entry };
        table.put(0x1234_5678, shallower);
        assert_eq!(table.get(0x1234_5678), Some(entry), "a deeper result is kept");
    }
}
