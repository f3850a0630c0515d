//! The board-level rule: combine what a black stone makes in its four lines, and settle every
//! three by asking whether the point that would make it a straight four is itself playable.

use super::lines::{Lines, step};
use super::shape::{FiveRule, Shape, analyse, offsets};
use crate::{Board, ForbiddenKind, Point, Stone};

/// The forbidden shape black would make by playing the empty `point`, if any: double-three,
/// double-four or overline, with the strict recursive definition of a three, and exactly five
/// taking priority (a move that makes exactly five is never forbidden). An occupied point, or
/// one off the board, is not a forbidden point: `None`.
#[must_use]
pub fn forbidden_kind(board: &Board, point: Point) -> Option<ForbiddenKind> {
    if !board.contains(point) || board.get(point).is_some() {
        return None;
    }
    forbidden_on(&mut Lines::new(board), point)
}

/// Every empty point where black may not play now, with the shape it would make, row by row
/// from the bottom.
#[must_use]
pub fn forbidden_points(board: &Board) -> Vec<(Point, ForbiddenKind)> {
    let mut lines = Lines::new(board);
    board.empty_points().filter_map(|p| forbidden_on(&mut lines, p).map(|k| (p, k))).collect()
}

/// Whether black stones near `point` are too few for any forbidden shape: a three needs two
/// more black stones in its line within four cells, two fours in one line need four, an
/// overline five within five cells. Exact, and far cheaper than the analysis it spares.
fn too_sparse(lines: &Lines, point: Point) -> bool {
    let mut crowded_lines = 0;
    for direction in 0..4 {
        let near = lines.window(point, direction).own.count_ones();
        if near >= 4 {
            return false;
        }
        if near >= 2 {
            crowded_lines += 1;
        }
    }
    crowded_lines < 2
}

/// [`forbidden_kind`] on lines whose point is known to be empty and on the board. The lines
/// are handed back as they came.
fn forbidden_on(lines: &mut Lines, point: Point) -> Option<ForbiddenKind> {
    if too_sparse(lines, point) {
        return None;
    }
    let shapes: [Shape; 4] =
        std::array::from_fn(|direction| analyse(lines.window(point, direction), FiveRule::Exact));
    if shapes.iter().any(|s| s.five) {
        return None;
    }
    if shapes.iter().any(|s| s.overline) {
        return Some(ForbiddenKind::Overline);
    }
    if shapes.iter().map(Shape::fours).sum::<u32>() >= 2 {
        return Some(ForbiddenKind::DoubleFour);
    }
    let candidates = shapes.iter().filter(|s| s.is_three()).count();
    if candidates < 2 {
        return None;
    }
    // Each three is only a three if one of its straight-four points is playable for black
    // once this stone stands; that question is this same rule one stone deeper.
    lines.put(point, Stone::Black);
    let mut threes = 0;
    let mut unsettled = candidates;
    for (direction, shape) in shapes.iter().enumerate().filter(|(_, s)| s.is_three()) {
        unsettled -= 1;
        if makes_real_three(lines, point, direction, shape.three_points) {
            threes += 1;
        }
        if threes >= 2 || threes + unsettled < 2 {
            break;
        }
    }
    lines.take_black(point);
    (threes >= 2).then_some(ForbiddenKind::DoubleThree)
}

fn makes_real_three(lines: &mut Lines, point: Point, direction: usize, four_points: u32) -> bool {
    offsets(four_points).any(|offset| {
        step(point, direction, offset).is_some_and(|four_point| {
            lines.is_empty(four_point) && forbidden_on(lines, four_point).is_none()
        })
    })
}
