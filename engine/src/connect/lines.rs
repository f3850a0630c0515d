//! The grid as bitboards, and the search for lines in them.
//!
//! One `u64` per colour, column by column from the left: bit `7 * x + y` is the cell in frame
//! column `x`, row `y` from the bottom. Each column has a seventh, always empty guard bit on
//! top, so shifting a whole board never carries a line from the top of one column into the
//! bottom of the next; the nine columns of 5 en raya need 63 bits.

use crate::{Direction, Line, Point};

/// Bits per column: six rows and the guard bit.
pub(crate) const COLUMN_BITS: u8 = 7;

/// The six cells of frame column `x`.
pub(crate) const fn column_mask(x: u8) -> u64 {
    0b11_1111 << (x * COLUMN_BITS)
}

/// The cell at frame column `x`, row `y`.
pub(crate) const fn cell(x: u8, y: u8) -> u64 {
    1 << (x * COLUMN_BITS + y)
}

/// Every cell of frame columns `0..width`.
pub(crate) const fn frame_mask(width: u8) -> u64 {
    let mut mask = 0;
    let mut x = 0;
    while x < width {
        mask |= column_mask(x);
        x += 1;
    }
    mask
}

/// How far one step along a direction moves in the bit layout.
const STEPS: [(Direction, u8); 4] = [
    (Direction::Horizontal, COLUMN_BITS),
    (Direction::Vertical, 1),
    (Direction::Diagonal, COLUMN_BITS + 1),
    (Direction::AntiDiagonal, COLUMN_BITS - 1),
];

/// The cells where a run of at least `length` discs of `discs` starts, going `step` bits at a
/// time. Doubling the run each round finds a five with three shifts instead of four.
pub(crate) fn run_starts(discs: u64, step: u8, length: u8) -> u64 {
    let mut runs = discs;
    let mut covered = 1;
    while covered * 2 <= length {
        runs &= runs >> (covered * step);
        covered *= 2;
    }
    if covered < length {
        // Two overlapping runs of `covered` make one of `length`.
        runs &= runs >> ((length - covered) * step);
    }
    runs
}

/// Whether `discs` hold `length` in a line anywhere.
pub(crate) fn has_line(discs: u64, length: u8) -> bool {
    STEPS.iter().any(|&(_, step)| run_starts(discs, step, length) != 0)
}

/// Every maximal run of at least `length` discs in `discs`, direction by direction.
pub(super) fn lines(discs: u64, length: u8) -> Vec<Line> {
    let mut found = Vec::new();
    for (_, step) in STEPS {
        // Keep the runs whose cell one step back is empty: those are where maximal runs begin.
        let mut starts = run_starts(discs, step, length) & !(discs << step);
        while starts != 0 {
            let from = starts.trailing_zeros();
            starts &= starts - 1;
            let mut to = from;
            while 1u64.checked_shl(to + u32::from(step)).is_some_and(|next| discs & next != 0) {
                to += u32::from(step);
            }
            found.push(Line { from: point(from), to: point(to) });
        }
    }
    found
}

/// The cell of bit `index`.
fn point(index: u32) -> Point {
    let column_bits = u32::from(COLUMN_BITS);
    // Both fit: the index is below 64.
    Point::new((index / column_bits) as u8, (index % column_bits) as u8)
}
