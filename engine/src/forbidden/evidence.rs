//! Why a point is forbidden, as lines on the board: the threes of a double-three, the fours of
//! a double-four, the run of an overline. A renju black who loses on a forbidden point is shown
//! these lines; they are worked out only then, so the check itself stays as cheap as it is.

use super::check::{forbidden_kind, real_four_point};
use super::lines::{Lines, step};
use super::shape::{CENTRE, FiveRule, Shape, analyse, offsets, run};
use crate::{Board, ForbiddenKind, Line, Point, Stone};

/// A forbidden shape with the lines that make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenShape {
    pub kind: ForbiddenKind,
    /// Every three of a double-three, every four of a double-four (two fours may lie in one
    /// line), or the overline. Each runs from its first black stone to its last, the point
    /// included, in the order of [`crate::Direction::ALL`] and, within a line, along it.
    pub lines: Vec<Line>,
}

/// [`forbidden_kind`] with the lines that make the shape, if black may not play the empty
/// `point`.
#[must_use]
pub fn forbidden_shape(board: &Board, point: Point) -> Option<ForbiddenShape> {
    let kind = forbidden_kind(board, point)?;
    let mut lines = Lines::new(board);
    let shapes: [Shape; 4] =
        std::array::from_fn(|direction| analyse(lines.window(point, direction), FiveRule::Exact));
    let with_point = |lines: &Lines, direction| lines.window(point, direction).own | 1 << CENTRE;
    let mut spans = Vec::new();
    match kind {
        ForbiddenKind::Overline => {
            for (direction, _) in shapes.iter().enumerate().filter(|(_, s)| s.overline) {
                spans.push((direction, run(with_point(&lines, direction), CENTRE)));
            }
        }
        ForbiddenKind::DoubleFour => {
            for (direction, shape) in shapes.iter().enumerate() {
                let own = with_point(&lines, direction);
                if shape.straight_four {
                    spans.push((direction, run(own, CENTRE)));
                }
                for gap in offsets(shape.closed_four_points) {
                    spans.push((direction, span_without(own, cell(gap))));
                }
            }
        }
        ForbiddenKind::DoubleThree => {
            // A three counts only if its four point is playable with this stone down: the
            // same question the check asked.
            lines.put(point, Stone::Black);
            for (direction, shape) in shapes.iter().enumerate().filter(|(_, s)| s.is_three()) {
                if let Some(four) =
                    real_four_point(&mut lines, point, direction, shape.three_points)
                {
                    spans
                        .push((direction, span_without(with_point(&lines, direction), cell(four))));
                }
            }
        }
    }
    let lines = spans
        .into_iter()
        .filter_map(|(direction, (low, high))| {
            let end = |bit: u32| step(point, direction, bit as i32 - CENTRE as i32);
            Some(Line { from: end(low)?, to: end(high)? })
        })
        .collect();
    Some(ForbiddenShape { kind, lines })
}

/// The window bit of the cell `offset` steps from the centre.
fn cell(offset: i32) -> u32 {
    offset.saturating_add(CENTRE as i32).unsigned_abs()
}

/// The stones of the run through the centre once `added` is filled too, without `added`: the
/// four a five's winning point completes, or the three a four point makes straight.
fn span_without(own: u32, added: u32) -> (u32, u32) {
    let (low, high) = run(own | 1 << added, CENTRE);
    (low + u32::from(added == low), high - u32::from(added == high))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;

    fn point(name: &str) -> Point {
        Notation::WithI.parse(name, 15).expect("a point of 15×15")
    }

    fn line(from: &str, to: &str) -> Line {
        Line { from: point(from), to: point(to) }
    }

    fn shape(black: &[&str], white: &[&str], at: &str) -> Option<ForbiddenShape> {
        let mut board = Board::empty(15);
        for (names, stone) in [(black, Stone::Black), (white, Stone::White)] {
            for name in names {
                board.set(point(name), Some(stone));
            }
        }
        let shape = forbidden_shape(&board, point(at));
        assert_eq!(shape.as_ref().map(|s| s.kind), forbidden_kind(&board, point(at)));
        shape
    }

    fn forbidden(kind: ForbiddenKind, lines: Vec<Line>) -> Option<ForbiddenShape> {
        Some(ForbiddenShape { kind, lines })
    }

    #[test]
    fn a_double_three_shows_both_threes() {
        assert_eq!(
            shape(&["f8", "g8", "h6", "h7"], &[], "h8"),
            forbidden(ForbiddenKind::DoubleThree, vec![line("f8", "h8"), line("h6", "h8")])
        );
    }

    #[test]
    fn a_split_three_runs_over_its_gap() {
        assert_eq!(
            shape(&["e8", "g8", "h6", "h7"], &[], "h8"),
            forbidden(ForbiddenKind::DoubleThree, vec![line("e8", "h8"), line("h6", "h8")])
        );
        assert_eq!(
            shape(&["h9", "h11", "i8", "j8"], &[], "h8"),
            forbidden(ForbiddenKind::DoubleThree, vec![line("h8", "j8"), line("h8", "h11")])
        );
    }

    #[test]
    fn a_three_that_cannot_become_a_straight_four_is_not_shown() {
        // Three candidate threes through h8: the row's only four point f8 is an overline on
        // the f file, so the column and the anti-diagonal make the double three.
        let position = ["e8", "g8", "h6", "h7", "f4", "f5", "f6", "f7", "f9", "i7", "j6"];
        assert_eq!(
            shape(&position, &[], "h8"),
            forbidden(ForbiddenKind::DoubleThree, vec![line("h6", "h8"), line("h8", "j6")])
        );
    }

    #[test]
    fn a_double_four_shows_both_fours() {
        let fours = ["e8", "f8", "g8", "h5", "h6", "h7"];
        assert_eq!(
            shape(&fours, &["d8", "h4"], "h8"),
            forbidden(ForbiddenKind::DoubleFour, vec![line("e8", "h8"), line("h5", "h8")])
        );
        // A straight four with a closed one across it.
        assert_eq!(
            shape(&fours, &["h4"], "h8"),
            forbidden(ForbiddenKind::DoubleFour, vec![line("e8", "h8"), line("h5", "h8")])
        );
    }

    #[test]
    fn two_fours_in_one_line_are_both_shown() {
        assert_eq!(
            shape(&["d8", "f8", "h8", "j8"], &[], "g8"),
            forbidden(ForbiddenKind::DoubleFour, vec![line("d8", "h8"), line("f8", "j8")])
        );
        assert_eq!(
            shape(&["d8", "e8", "g8", "j8", "k8"], &[], "h8"),
            forbidden(ForbiddenKind::DoubleFour, vec![line("d8", "h8"), line("g8", "k8")])
        );
    }

    #[test]
    fn an_overline_shows_its_run() {
        assert_eq!(
            shape(&["c8", "d8", "e8", "f8", "h8"], &[], "g8"),
            forbidden(ForbiddenKind::Overline, vec![line("c8", "h8")])
        );
        assert_eq!(
            shape(&["g2", "g3", "g4", "g5", "g7", "g8", "g9"], &[], "g6"),
            forbidden(ForbiddenKind::Overline, vec![line("g2", "g9")])
        );
    }

    #[test]
    fn a_diagonal_three_runs_along_its_direction() {
        // Anti-diagonal lines go from the top left down to the right.
        assert_eq!(
            shape(&["g9", "f10", "i9", "j10"], &[], "h8"),
            forbidden(ForbiddenKind::DoubleThree, vec![line("h8", "j10"), line("f10", "h8")])
        );
    }

    #[test]
    fn allowed_points_have_no_shape() {
        assert_eq!(shape(&["e8", "f8", "g8", "h6", "h7"], &["d8"], "h8"), None);
        assert_eq!(shape(&["d8", "e8", "f8", "g8", "h6", "h7", "g7", "f6"], &[], "h8"), None);
        assert_eq!(shape(&["f8", "g8", "h6", "h7", "h8"], &[], "h8"), None);
    }
}
