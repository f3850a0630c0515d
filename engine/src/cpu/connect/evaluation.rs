//! How good a position looks when the search can look no further: lines that can still be
//! completed, and the threats (cells that would complete one) with Connect Four's odd/even
//! theory deciding which threats are worth most.

use super::board::{Board, Geometry, winning_cells};
use crate::connect::lines::COLUMN_BITS;

/// What a window (`length` cells in a line) holding only one colour is worth, by how many
/// discs it holds. Full windows are wins and never evaluated; nearly full ones are threats,
/// counted again by their cell below.
const FIVE_WINDOW: [i32; 5] = [0, 1, 3, 9, 20];
const FOUR_WINDOW: [i32; 4] = [0, 1, 4, 12];

/// Every empty cell that completes a line.
const THREAT: i32 = 16;
/// On top, a threat with no opponent threat below it in its column: the lowest threat of a
/// column is the one that decides it when the grid fills up.
const LOWEST: i32 = 24;
/// On top, such a threat on a row its owner can count on by parity (odd rows for the
/// player who moves when an even number of cells is empty, even rows for the other): the
/// game tends to fill the other cells first and leave the opponent to fill the one below.
const GOOD_PARITY: i32 = 110;
/// Two threats of one colour one above the other: blocking the lower one gives the upper.
const STACKED: i32 = 200;

/// Heuristic scores stay well inside the band of proven results.
pub(super) const LIMIT: i32 = 4000;

/// The position's value for the player to move, in `-LIMIT..=LIMIT`.
pub(super) fn evaluate(board: &Board, geometry: &Geometry) -> i16 {
    let empty = geometry.frame & !board.occupied();
    let mut score =
        windows(board.mine, board.theirs, geometry) - windows(board.theirs, board.mine, geometry);

    let my_threats = winning_cells(board.mine, geometry.length) & empty;
    let their_threats = winning_cells(board.theirs, geometry.length) & empty;
    // With an even number of empty cells the player to move is in the first player's place
    // in the classic theory: odd rows serve them, even rows the opponent.
    let (my_rows, their_rows) = if empty.count_ones().is_multiple_of(2) {
        (geometry.odd_rows, !geometry.odd_rows)
    } else {
        (!geometry.odd_rows, geometry.odd_rows)
    };
    score += threats(my_threats, their_threats, my_rows, geometry)
        - threats(their_threats, my_threats, their_rows, geometry);

    // Within LIMIT by construction of the weights on a 63-cell grid; the clamp keeps it so.
    score.clamp(-LIMIT, LIMIT) as i16
}

fn threats(cells: u64, other: u64, good_rows: u64, geometry: &Geometry) -> i32 {
    let count = |bits: u64| bits.count_ones() as i32;
    // Every cell below one of the opponent's threats, column by column: the frame mask
    // stops the smear at the guard bit between columns.
    let mut below = 0;
    let mut smear = other;
    for _ in 1..6 {
        smear = (smear >> 1) & geometry.frame;
        below |= smear;
    }
    let lowest = cells & !below;
    THREAT * count(cells)
        + LOWEST * count(lowest)
        + GOOD_PARITY * count(lowest & good_rows)
        + STACKED * count(cells & (cells >> 1))
}

/// The worth of every window holding discs of `own` and none of `other`. Like
/// `winning_cells`, one unrolled body per line length: the solver orders its moves by this.
fn windows(own: u64, other: u64, geometry: &Geometry) -> i32 {
    let free = geometry.frame & !other;
    if geometry.length == 5 {
        windows_of::<5>(own, free, &FIVE_WINDOW)
    } else {
        windows_of::<4>(own, free, &FOUR_WINDOW)
    }
}

fn windows_of<const LENGTH: usize>(own: u64, free: u64, weights: &[i32; LENGTH]) -> i32 {
    let mut total = 0;
    for step in [COLUMN_BITS, 1, COLUMN_BITS + 1, COLUMN_BITS - 1] {
        let step = u32::from(step);
        // Windows of LENGTH free cells, by the cell they start at.
        let mut starts = free;
        for k in 1..LENGTH {
            starts &= free >> (k as u32 * step);
        }
        // Count the discs of each window with a bit-sliced adder: ones, twos and fours.
        let (mut ones, mut twos, mut fours) = (0u64, 0u64, 0u64);
        for k in 0..LENGTH {
            let disc = starts & (own >> (k as u32 * step));
            let carry = ones & disc;
            ones ^= disc;
            let carry_two = twos & carry;
            twos ^= carry;
            fours |= carry_two;
        }
        let count = |bits: u64| bits.count_ones() as i32;
        total += weights[1] * count(ones & !twos & !fours)
            + weights[2] * count(!ones & twos & !fours)
            + weights[3] * count(ones & twos & !fours);
        if LENGTH == 5 {
            total += weights[LENGTH - 1] * count(!ones & !twos & fours);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect::lines::cell;
    use crate::{BoardGame, Connect, ConnectSettings};

    #[test]
    fn the_start_is_even_and_centre_discs_are_worth_more() {
        let settings = ConnectSettings::classic();
        let geometry = Geometry::of(&settings);
        let start = Board::of(&Connect::start(settings));
        assert_eq!(evaluate(&start, &geometry), 0);
        let centre = Board { mine: cell(3, 0), theirs: 0 };
        let edge = Board { mine: cell(0, 0), theirs: 0 };
        assert!(evaluate(&centre, &geometry) > evaluate(&edge, &geometry));
    }

    #[test]
    fn a_threat_is_worth_more_than_scattered_discs() {
        let geometry = Geometry::of(&ConnectSettings::classic());
        let three = Board { mine: cell(1, 0) | cell(2, 0) | cell(3, 0), theirs: cell(3, 1) };
        let scattered = Board { mine: cell(0, 0) | cell(3, 0) | cell(6, 0), theirs: cell(3, 1) };
        assert!(evaluate(&three, &geometry) > evaluate(&scattered, &geometry) + THREAT as i16);
    }
}
