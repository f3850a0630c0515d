//! Black's forbidden points under the strict renju definition.
//!
//! PLACEHOLDER until the forbidden-point work is merged: every point is allowed.

use crate::{Board, ForbiddenKind, Point};

/// The forbidden shape black would make by playing the empty `point`, if any: double-three,
/// double-four or overline, with the strict recursive definition of a three, and exactly five
/// taking priority (a move that makes exactly five is never forbidden).
#[must_use]
pub fn forbidden_kind(board: &Board, point: Point) -> Option<ForbiddenKind> {
    let _ = (board, point);
    None
}

/// Every empty point where black may not play now, with the shape it would make.
#[must_use]
pub fn forbidden_points(board: &Board) -> Vec<(Point, ForbiddenKind)> {
    board.empty_points().filter_map(|p| forbidden_kind(board, p).map(|k| (p, k))).collect()
}
