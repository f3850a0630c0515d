//! The board-level rule: combine what a black stone makes in its four lines, and settle every
//! three by asking whether the point that would make it a straight four is itself playable.

use super::lines::{Lines, step};
use super::shape::{FiveRule, REACH, Shape, analyse, offsets};
use crate::{Board, Direction, ForbiddenKind, Point, Stone};

/// The forbidden shape black would make by playing the empty `point`, if any: double-three,
/// double-four or overline, with the strict recursive definition of a three, and exactly five
/// taking priority (a move that makes exactly five is never forbidden). An occupied point, or
/// one off the board, is not a forbidden point: `None`.
#[must_use]
pub fn forbidden_kind(board: &Board, point: Point) -> Option<ForbiddenKind> {
    if !board.contains(point) || board.get(point).is_some() {
        return None;
    }
    // Most points are far from black stones: a glance at the board spares building the lines.
    if too_sparse_on_board(board, point) {
        return None;
    }
    forbidden_on(&mut Lines::new(board), point)
}

/// [`too_sparse`] read straight off the board, for a single question.
fn too_sparse_on_board(board: &Board, point: Point) -> bool {
    // The same cells as a line window, so both tests agree exactly.
    let reach = REACH as i32;
    let mut crowded_lines = 0;
    for direction in Direction::ALL {
        let near = (-reach..=reach)
            .filter(|&steps| steps != 0)
            .filter_map(|steps| point.step(direction, steps))
            .filter(|&p| board.get(p) == Some(Stone::Black))
            .count();
        if near >= 4 {
            return false;
        }
        if near >= 2 {
            crowded_lines += 1;
        }
    }
    crowded_lines < 2
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
        if real_four_point(lines, point, direction, shape.three_points).is_some() {
            threes += 1;
        }
        if threes >= 2 || threes + unsettled < 2 {
            break;
        }
    }
    lines.take_black(point);
    (threes >= 2).then_some(ForbiddenKind::DoubleThree)
}

/// The first of a three's `four_points` (window cells around `point`, whose black stone is
/// already on `lines`) that black may play, as steps from `point`: the three is real if there
/// is one.
pub(super) fn real_four_point(
    lines: &mut Lines,
    point: Point,
    direction: usize,
    four_points: u32,
) -> Option<i32> {
    offsets(four_points).find(|&offset| {
        step(point, direction, offset).is_some_and(|four_point| {
            lines.is_empty(four_point) && forbidden_on(lines, four_point).is_none()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;

    fn point(name: &str) -> Point {
        Notation::WithI.parse(name, 15).expect("a point of 15×15")
    }

    fn board(black: &[&str], white: &[&str]) -> Board {
        let mut board = Board::empty(15);
        for (names, stone) in [(black, Stone::Black), (white, Stone::White)] {
            for name in names {
                board.set(point(name), Some(stone));
            }
        }
        board
    }

    fn kind(black: &[&str], white: &[&str], at: &str) -> Option<ForbiddenKind> {
        let board = board(black, white);
        let kind = forbidden_kind(&board, point(at));
        let listed = forbidden_points(&board).into_iter().find(|&(p, _)| p == point(at));
        assert_eq!(listed.map(|(_, k)| k), kind, "forbidden_points agrees at {at}");
        kind
    }

    #[test]
    fn double_three() {
        assert_eq!(kind(&["f8", "g8", "h6", "h7"], &[], "h8"), Some(ForbiddenKind::DoubleThree));
        // A split three counts too.
        assert_eq!(kind(&["e8", "g8", "h6", "h7"], &[], "h8"), Some(ForbiddenKind::DoubleThree));
    }

    #[test]
    fn a_blocked_three_is_no_three() {
        assert_eq!(kind(&["f8", "g8", "h6", "h7"], &["e8", "i8"], "h8"), None);
        // O X X X . . : the only straight four would need e8.
        assert_eq!(kind(&["f8", "g8", "h6", "h7"], &["e8"], "h8"), None);
        assert_eq!(
            kind(&["f8", "g8", "h6", "h7"], &["d8"], "h8"),
            Some(ForbiddenKind::DoubleThree)
        );
    }

    #[test]
    fn double_four() {
        let fours = ["e8", "f8", "g8", "h5", "h6", "h7"];
        assert_eq!(kind(&fours, &["d8", "h4"], "h8"), Some(ForbiddenKind::DoubleFour));
    }

    #[test]
    fn double_four_in_one_line() {
        let line = ["d8", "f8", "h8", "j8"];
        assert_eq!(kind(&line, &[], "g8"), Some(ForbiddenKind::DoubleFour));
        let line = ["d8", "e8", "g8", "j8", "k8"];
        assert_eq!(kind(&line, &[], "h8"), Some(ForbiddenKind::DoubleFour));
    }

    #[test]
    fn overline() {
        assert_eq!(kind(&["c8", "d8", "e8", "f8", "h8"], &[], "g8"), Some(ForbiddenKind::Overline));
        assert_eq!(
            kind(&["b8", "c8", "d8", "f8", "g8", "h8"], &[], "e8"),
            Some(ForbiddenKind::Overline)
        );
    }

    #[test]
    fn exactly_five_has_priority() {
        let five_and_four = ["d8", "e8", "f8", "g8", "h5", "h6", "h7"];
        assert_eq!(kind(&five_and_four, &[], "h8"), None);
        let five_and_threes = ["d8", "e8", "f8", "g8", "h6", "h7", "g7", "f6"];
        assert_eq!(kind(&five_and_threes, &[], "h8"), None);
        let five_and_overline = ["d8", "e8", "f8", "g8", "h3", "h4", "h5", "h6", "h7"];
        assert_eq!(kind(&five_and_overline, &[], "h8"), None);
    }

    #[test]
    fn four_three_is_allowed() {
        assert_eq!(kind(&["e8", "f8", "g8", "h6", "h7"], &["d8"], "h8"), None);
    }

    #[test]
    fn a_three_whose_four_point_is_forbidden_does_not_count() {
        // e8 _ g8 h8: only f8 makes the straight four, and f8 would be an overline on the f
        // file (f4–f7, f9), so the row is no three and h8 is allowed.
        let position = ["e8", "g8", "h6", "h7", "f4", "f5", "f6", "f7", "f9"];
        assert_eq!(kind(&position, &[], "h8"), None);
        assert_eq!(kind(&position, &[], "f8"), Some(ForbiddenKind::Overline));
        let without_overline = ["e8", "g8", "h6", "h7", "f4", "f5", "f6", "f9"];
        assert_eq!(kind(&without_overline, &[], "h8"), Some(ForbiddenKind::DoubleThree));
    }

    #[test]
    fn white_is_never_forbidden() {
        let white = board(&[], &["f8", "g8", "h6", "h7", "c8", "d8", "e8", "i8", "j8"]);
        assert_eq!(forbidden_points(&white), vec![]);
        assert_eq!(forbidden_kind(&white, point("h8")), None);
    }

    #[test]
    fn edges_are_walls() {
        assert_eq!(kind(&["a1", "a2", "a3", "a4", "a6"], &[], "a5"), Some(ForbiddenKind::Overline));
        // Against the edge, a1 a2 a3 and a3 b3 c3 cannot become straight fours.
        assert_eq!(kind(&["a1", "a2", "b3", "c3"], &[], "a3"), None);
        assert_eq!(kind(&["b2", "b3", "c4", "d4"], &[], "b4"), Some(ForbiddenKind::DoubleThree));
        assert_eq!(kind(&["o11", "o12", "o14", "o15", "m13", "n13"], &[], "o13"), None);
        assert_eq!(
            kind(&["o9", "o10", "o11", "o15", "l13", "m13", "n13"], &[], "o13"),
            Some(ForbiddenKind::DoubleFour)
        );
    }

    #[test]
    fn occupied_and_outside_points_are_not_forbidden() {
        let position = board(&["f8", "g8", "h6", "h7", "h8"], &[]);
        assert_eq!(forbidden_kind(&position, point("h8")), None);
        assert_eq!(forbidden_kind(&position, Point::new(15, 3)), None);
        assert_eq!(forbidden_kind(&position, Point::new(200, 200)), None);
    }
}
