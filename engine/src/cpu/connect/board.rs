//! The grid as the search sees it: two bitboards from the point of view of the player to
//! move, copied rather than undone, and the moves as small numbers.

use crate::connect::lines::{COLUMN_BITS, cell, column_mask, frame_mask, has_line};
use crate::{BoardGame, Column, Connect, ConnectMove, ConnectSettings, Seat};

/// Seven drops and, with PopOut, seven pops.
pub(super) const MOVE_SLOTS: usize = 2 * Column::COUNT as usize;

/// A move of the search: `0..7` drops into column index `n`, `7..14` pops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slot(pub(super) u8);

impl Slot {
    pub(super) const fn drop(column: u8) -> Slot {
        Slot(column)
    }

    pub(super) const fn pop(column: u8) -> Slot {
        Slot(column + Column::COUNT)
    }

    pub(super) const fn is_pop(self) -> bool {
        self.0 >= Column::COUNT
    }

    pub(super) const fn column(self) -> u8 {
        self.0 % Column::COUNT
    }

    pub(super) fn to_move(self) -> ConnectMove {
        // `column()` is below 7, so the column exists.
        let column = Column::ALL[usize::from(self.column())];
        if self.is_pop() { ConnectMove::Pop(column) } else { ConnectMove::Drop(column) }
    }

    pub(super) fn of(mv: ConnectMove) -> Slot {
        match mv {
            ConnectMove::Drop(column) => Slot::drop(column.index()),
            ConnectMove::Pop(column) => Slot::pop(column.index()),
        }
    }
}

/// What does not change during a game: the shape of the frame and the rules in force.
#[derive(Clone, Copy, Debug)]
pub(super) struct Geometry {
    /// Discs in a line that win.
    pub(super) length: u8,
    pub(super) pop_out: bool,
    /// The frame `x` of playable column 1.
    offset: u8,
    /// Every cell of the frame, side columns included.
    pub(super) frame: u64,
    /// The bottom cell of every frame column: added to the occupied cells it gives the cell
    /// above each column's top disc.
    bottoms: u64,
    /// The cells of the seven playable columns.
    pub(super) playable: u64,
    /// Rows 1, 3 and 5 as players count them (y = 0, 2, 4): the threats the player who moves
    /// when an even number of cells is empty can count on.
    pub(super) odd_rows: u64,
}

impl Geometry {
    pub(super) fn of(settings: &ConnectSettings) -> Geometry {
        let width = settings.width();
        let offset = settings.column_x(Column::ALL[0]);
        let frame = frame_mask(width);
        let bottoms = (0..width).fold(0, |bits, x| bits | cell(x, 0));
        let playable = (offset..offset + Column::COUNT).fold(0, |bits, x| bits | column_mask(x));
        let odd_rows =
            frame & (0..width).fold(0, |bits, x| bits | cell(x, 0) | cell(x, 2) | cell(x, 4));
        Geometry {
            length: settings.win_length(),
            pop_out: settings.pop_out,
            offset,
            frame,
            bottoms,
            playable,
            odd_rows,
        }
    }

    /// The six cells of playable column index `column`.
    pub(super) const fn column_cells(&self, column: u8) -> u64 {
        column_mask(self.offset + column)
    }

    /// The playable column index of a cell bit.
    pub(super) fn column_of(&self, bit: u64) -> u8 {
        // A frame cell index is below 63, so the frame column fits.
        (bit.trailing_zeros() / u32::from(COLUMN_BITS)) as u8 - self.offset
    }
}

/// The discs, seen by the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub(super) mine: u64,
    pub(super) theirs: u64,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Continues,
    /// The player who moved won.
    Won,
    /// The player who moved lost: a pop that made a line for the opponent only.
    Lost,
    /// The grid is full without PopOut.
    Drawn,
}

impl Board {
    /// The position to move in, for the seat to act.
    pub(super) fn of(position: &Connect) -> Board {
        let discs = position.discs();
        let mover = position.seat_to_act().unwrap_or(Seat::First);
        Board { mine: discs[mover.index()], theirs: discs[mover.opponent().index()] }
    }

    pub(super) const fn occupied(&self) -> u64 {
        self.mine | self.theirs
    }

    /// The cells where a disc may be dropped now: one per playable column that is not full
    /// (a full column's sum lands on its guard bit, outside the playable cells).
    pub(super) fn drop_cells(&self, geometry: &Geometry) -> u64 {
        (self.occupied() + geometry.bottoms) & geometry.playable
    }

    /// Whether the player to move may pop in `column`: their own disc at its bottom.
    pub(super) fn can_pop(&self, geometry: &Geometry, column: u8) -> bool {
        geometry.pop_out && self.mine & geometry.column_cells(column) & geometry.bottoms != 0
    }

    /// A key that tells positions apart, the player to move included: the mover's discs
    /// plus, in each column, the bit just above the top disc (unique because columns fill
    /// from the bottom). The same discs with the other player to move give other "mover's
    /// discs", hence another key; it is never zero, which marks an empty table entry.
    pub(super) fn key(&self, geometry: &Geometry) -> u64 {
        self.mine + self.occupied() + geometry.bottoms
    }

    /// The key of the seven playable columns alone, in 49 bits: the side columns never
    /// change, and the columns' sums never carry into each other.
    pub(super) fn compact_key(&self, geometry: &Geometry) -> u64 {
        let playable_bits = u32::from(Column::COUNT * COLUMN_BITS);
        (self.key(geometry) >> (geometry.offset * COLUMN_BITS)) & ((1 << playable_bits) - 1)
    }

    /// The position after the player to move plays `slot` (a legal move), seen by the
    /// other player, and what the move did.
    pub(super) fn after(&self, geometry: &Geometry, slot: Slot) -> (Board, Verdict) {
        let column = geometry.column_cells(slot.column());
        if slot.is_pop() {
            let fall = |discs: u64| (discs & !column) | ((discs & column) >> 1 & column);
            let (mine, theirs) = (fall(self.mine), fall(self.theirs));
            let verdict = if has_line(mine, geometry.length) {
                Verdict::Won
            } else if has_line(theirs, geometry.length) {
                Verdict::Lost
            } else {
                Verdict::Continues
            };
            return (Board { mine: theirs, theirs: mine }, verdict);
        }
        let mine = self.mine | (self.drop_cells(geometry) & column);
        let verdict = if has_line(mine, geometry.length) {
            Verdict::Won
        } else if !geometry.pop_out && (mine | self.theirs) == geometry.frame {
            Verdict::Drawn
        } else {
            Verdict::Continues
        };
        (Board { mine: self.theirs, theirs: mine }, verdict)
    }
}

/// The empty cells that would complete a line of `length` for `discs`: for each direction,
/// cells with `a` discs in a row on one side and `length - 1 - a` on the other. Cells
/// outside the frame are kept; callers mask them. The searches ask this several times a
/// node, so each of the two lengths (4: Connect Four, 5: 5 en raya) gets its own unrolled
/// code: with the length known at run time it took two thirds of the solver's time.
pub(super) fn winning_cells(discs: u64, length: u8) -> u64 {
    if length == 4 { winning_cells_of::<4>(discs) } else { winning_cells_of::<5>(discs) }
}

fn winning_cells_of<const LENGTH: usize>(discs: u64) -> u64 {
    let mut cells = 0;
    for step in [COLUMN_BITS, 1, COLUMN_BITS + 1, COLUMN_BITS - 1] {
        // before[k]: cells with k discs in a row just below them along the direction;
        // after[k]: the same just above.
        let mut before = [u64::MAX; LENGTH];
        let mut after = [u64::MAX; LENGTH];
        for k in 1..LENGTH {
            // `k * step` stays below 64: at most 4 steps of 8 bits.
            let shift = k as u32 * u32::from(step);
            before[k] = before[k - 1] & (discs << shift);
            after[k] = after[k - 1] & (discs >> shift);
        }
        for k in 0..LENGTH {
            cells |= before[k] & after[LENGTH - 1 - k];
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_cells_agree_with_playing_there() {
        let settings = ConnectSettings::classic();
        let geometry = Geometry::of(&settings);
        // Three in the bottom row, columns 1–3: column 4 bottom completes the four.
        let discs = cell(0, 0) | cell(1, 0) | cell(2, 0);
        let cells = winning_cells(discs, 4) & geometry.frame & !discs;
        assert_eq!(cells, cell(3, 0));
        for x in 0..7 {
            for y in 0..6 {
                let bit = cell(x, y);
                if discs & bit == 0 {
                    assert_eq!(cells & bit != 0, has_line(discs | bit, 4), "cell {x},{y}");
                }
            }
        }
    }

    #[test]
    fn the_key_tells_the_player_to_move() {
        let geometry = Geometry::of(&ConnectSettings::five_in_row());
        let position = Connect::start(ConnectSettings::five_in_row());
        let red = Board::of(&position);
        let yellow = Board { mine: red.theirs, theirs: red.mine };
        assert_ne!(red.key(&geometry), yellow.key(&geometry));
    }
}
