//! Points of the search board as indices into a padded square, and sets of them.

use crate::Point;

/// Columns (and rows) of the padded square: the largest board plus a margin of five on each
/// side, so that reading five cells past any point never leaves the array or wraps around.
pub(crate) const STRIDE: usize = 32;
const MARGIN: usize = 5;
pub(crate) const CELLS: usize = STRIDE * STRIDE;
/// Index steps along the four directions, in the order of [`crate::Direction::ALL`].
pub(crate) const STEPS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, 1 - STRIDE as isize];

/// An intersection of the search board.
pub(crate) type Cell = usize;

pub(crate) fn cell_of(point: Point) -> Cell {
    (usize::from(point.y) + MARGIN) * STRIDE + usize::from(point.x) + MARGIN
}

pub(crate) fn point_of(cell: Cell) -> Point {
    // Cells of the board lie inside the margins, so both coordinates fit a byte.
    let x = (cell % STRIDE).saturating_sub(MARGIN);
    let y = (cell / STRIDE).saturating_sub(MARGIN);
    Point::new(u8::try_from(x).unwrap_or(u8::MAX), u8::try_from(y).unwrap_or(u8::MAX))
}

/// The cell `steps` steps from `cell` with index step `step`; stays inside the padded square
/// for the steps the search takes (at most five from a board cell).
pub(crate) fn offset(cell: Cell, step: isize, steps: isize) -> Cell {
    cell.wrapping_add_signed(step * steps)
}

/// A set of cells as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CellSet([u64; CELLS / 64]);

impl CellSet {
    pub(crate) fn insert(&mut self, cell: Cell) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    pub(crate) fn remove(&mut self, cell: Cell) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// Puts `cell` in or out, without a branch: the board files every point it reads again
    /// in five sets, and which way each goes is not predictable.
    pub(crate) fn set(&mut self, cell: Cell, on: bool) {
        let word = &mut self.0[cell / 64];
        let bit = cell % 64;
        *word = (*word & !(1 << bit)) | (u64::from(on) << bit);
    }

    pub(crate) fn contains(&self, cell: Cell) -> bool {
        self.0[cell / 64] & (1 << (cell % 64)) != 0
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    pub(crate) fn first(&self) -> Option<Cell> {
        self.iter().next()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(index, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    index * 64 + bit
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_points_round_trip() {
        for (x, y) in [(0, 0), (18, 18), (7, 3)] {
            assert_eq!(point_of(cell_of(Point::new(x, y))), Point::new(x, y));
        }
        let centre = cell_of(Point::new(7, 7));
        assert_eq!(point_of(offset(centre, STEPS[3], 2)), Point::new(9, 5));
    }

    #[test]
    fn sets_hold_what_was_put() {
        let mut set = CellSet::default();
        set.insert(3);
        set.insert(700);
        set.insert(64);
        assert_eq!(set.iter().collect::<Vec<_>>(), [3, 64, 700]);
        set.remove(64);
        assert_eq!(set.len(), 2);
        assert!(set.contains(700) && !set.contains(64));
        assert_eq!(set.first(), Some(3));
    }
}
