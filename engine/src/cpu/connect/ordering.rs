//! The order moves are tried in: alpha-beta prunes most when the best move comes first.
//! The table's move, then the killers (moves that refuted a sibling), then drops by how
//! many threats they create, the centre breaking ties, with the history of earlier cutoffs.

use super::board::{Board, Geometry, MOVE_SLOTS, Slot, winning_cells};

/// The deepest the search goes: longer than any game without PopOut (42 plies).
pub(super) const MAX_PLY: usize = 64;

/// How much a column is worth by itself: lines through the centre are the most numerous.
const CENTRE: [i32; 7] = [0, 2, 4, 6, 4, 2, 0];

/// What the search remembers about good moves across the tree.
#[derive(Debug)]
pub(super) struct Memory {
    killers: [[Option<Slot>; 2]; MAX_PLY],
    /// Cutoffs per move, for each parity of ply (a stand-in for the colour).
    history: [[u32; MOVE_SLOTS]; 2],
}

impl Memory {
    pub(super) fn new() -> Memory {
        Memory { killers: [[None; 2]; MAX_PLY], history: [[0; MOVE_SLOTS]; 2] }
    }

    /// `slot` refuted the position at `ply`, searched `depth` deep.
    pub(super) fn remember(&mut self, ply: usize, slot: Slot, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(slot) {
            killers[1] = killers[0];
            killers[0] = Some(slot);
        }
        let bonus = u32::try_from(depth * depth).unwrap_or(0);
        let entry = &mut self.history[ply % 2][usize::from(slot.0)];
        *entry = entry.saturating_add(bonus);
    }

    /// `moves` sorted best first.
    pub(super) fn order(
        &self,
        moves: &mut Moves,
        board: &Board,
        geometry: &Geometry,
        ply: usize,
        table_move: Option<Slot>,
    ) {
        let empty = geometry.frame & !board.occupied();
        let drops = board.drop_cells(geometry);
        let len = moves.len;
        for (slot, score) in moves.list[..len].iter().zip(moves.scores[..len].iter_mut()) {
            let slot = *slot;
            *score = if Some(slot) == table_move {
                i32::MAX
            } else if Some(slot) == self.killers[ply][0] {
                i32::MAX - 1
            } else if Some(slot) == self.killers[ply][1] {
                i32::MAX - 2
            } else {
                let column = slot.column();
                let history = self.history[ply % 2][usize::from(slot.0)].min(1 << 20) as i32;
                let mut value = history / 16 + CENTRE[usize::from(column)];
                if !slot.is_pop() {
                    let cell = drops & geometry.column_cells(column);
                    let mine = board.mine | cell;
                    let threats = winning_cells(mine, geometry.length) & empty & !cell;
                    value += 64 * threats.count_ones() as i32;
                }
                value
            };
        }
        moves.sort();
    }
}

/// The moves of one node with their ordering scores; no allocation.
#[derive(Debug)]
pub(super) struct Moves {
    list: [Slot; MOVE_SLOTS],
    scores: [i32; MOVE_SLOTS],
    len: usize,
}

impl Moves {
    pub(super) fn new() -> Moves {
        Moves { list: [Slot(0); MOVE_SLOTS], scores: [0; MOVE_SLOTS], len: 0 }
    }

    pub(super) fn push(&mut self, slot: Slot) {
        if self.len < MOVE_SLOTS {
            self.list[self.len] = slot;
            self.len += 1;
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = Slot> + '_ {
        self.list[..self.len].iter().copied()
    }

    /// Insertion sort by score, best first; stable, so earlier moves win ties.
    fn sort(&mut self) {
        for i in 1..self.len {
            let mut j = i;
            while j > 0 && self.scores[j - 1] < self.scores[j] {
                self.scores.swap(j - 1, j);
                self.list.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}
