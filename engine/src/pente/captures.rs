//! The capture rule shared by pente and ninuki: a stone placed so that it and another stone
//! of its colour enclose exactly two opponent stones in a line takes those two off the board.

use crate::{Board, Direction, Point, Stone};

/// Captured stones that win the game: ten stones, that is five pairs.
pub(super) const STONES_TO_WIN: u16 = 10;

/// The most stones one move can take: a pair in each of the eight directions.
const MOST_STONES: usize = 16;

/// The stones one move took off the board, pair by pair (empty for most moves).
///
/// Kept for every move of a game so that the history can be shown and animated; a small
/// `Copy` value, so recording it costs no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    points: [Point; MOST_STONES],
    len: u8,
}

impl Capture {
    /// A move that took nothing.
    pub const NONE: Capture = Capture { points: [Point::new(0, 0); MOST_STONES], len: 0 };

    /// The points emptied by the move, two by two: each pair lies next to the placed stone,
    /// nearer stone first.
    #[must_use]
    pub fn points(&self) -> &[Point] {
        &self.points[..usize::from(self.len)]
    }

    /// How many stones were taken (always even).
    #[must_use]
    pub const fn stones(&self) -> u16 {
        // At most 16, so the widening is exact.
        self.len as u16
    }

    /// How many pairs were taken.
    #[must_use]
    pub const fn pairs(&self) -> u16 {
        self.stones() / 2
    }

    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push_pair(&mut self, near: Point, far: Point) {
        let len = usize::from(self.len);
        self.points[len] = near;
        self.points[len + 1] = far;
        self.len += 2;
    }

    /// The pairs that `stone`, placed on the empty `point`, would enclose. The board is not
    /// changed: ninuki asks this before deciding whether the point is forbidden.
    pub(super) fn find(board: &Board, point: Point, stone: Stone) -> Capture {
        let mut capture = Capture::NONE;
        for direction in Direction::ALL {
            for sign in [-1, 1] {
                let at = |steps: i32| point.step(direction, sign * steps);
                let (Some(near), Some(far), Some(beyond)) = (at(1), at(2), at(3)) else {
                    continue;
                };
                let opponent = Some(stone.opponent());
                if board.get(near) == opponent
                    && board.get(far) == opponent
                    && board.get(beyond) == Some(stone)
                {
                    capture.push_pair(near, far);
                }
            }
        }
        capture
    }

    /// Empties the captured points of `board`.
    pub(super) fn remove_from(&self, board: &mut Board) {
        for &point in self.points() {
            board.set(point, None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 7×7 board drawn top row first: `X` black, `O` white, `.` empty.
    fn drawn(rows: [&str; 7]) -> Board {
        let mut board = Board::empty(7);
        for (row, y) in rows.iter().zip((0..7).rev()) {
            for (c, x) in row.chars().zip(0..) {
                let stone = match c {
                    'X' => Some(Stone::Black),
                    'O' => Some(Stone::White),
                    _ => None,
                };
                board.set(Point::new(x, y), stone);
            }
        }
        board
    }

    const CENTRE: Point = Point::new(3, 3);

    #[test]
    fn one_pair_is_captured_in_each_of_the_eight_directions() {
        for direction in Direction::ALL {
            for sign in [-1, 1] {
                let at = |steps| CENTRE.step(direction, sign * steps).expect("on the board");
                let mut board = Board::empty(7);
                board.set(at(1), Some(Stone::White));
                board.set(at(2), Some(Stone::White));
                board.set(at(3), Some(Stone::Black));
                let capture = Capture::find(&board, CENTRE, Stone::Black);
                assert_eq!(capture.points(), [at(1), at(2)], "{direction:?} {sign}");
                assert_eq!((capture.stones(), capture.pairs()), (2, 1));
            }
        }
    }

    #[test]
    fn several_pairs_go_at_once() {
        let board = drawn([
            "X..X...", //
            ".O.O...", //
            "..OO...", //
            "XOO.OOX", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        let capture = Capture::find(&board, CENTRE, Stone::Black);
        assert_eq!(capture.stones(), 8);
        let mut taken = capture.points().to_vec();
        taken.sort();
        let mut expected = [(1, 3), (2, 3), (4, 3), (5, 3), (3, 4), (3, 5), (2, 4), (1, 5)]
            .map(|(x, y)| Point::new(x, y));
        expected.sort();
        assert_eq!(taken, expected);
    }

    #[test]
    fn only_exactly_two_are_captured() {
        let board = drawn([
            ".......", //
            ".......", //
            ".......", //
            "OOO.OX.", //
            "...X...", //
            "...X...", //
            "...X...", //
        ]);
        // Left: a pair backed by a third white; right: a single white; down: own stones.
        assert!(Capture::find(&board, CENTRE, Stone::Black).is_empty());
        let three = drawn([
            ".......", //
            ".......", //
            ".......", //
            "XOOO...", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        assert!(Capture::find(&three, Point::new(4, 3), Stone::Black).is_empty());
    }

    #[test]
    fn a_pair_needs_a_stone_of_the_mover_beyond_it() {
        let open = drawn([
            ".......", //
            ".......", //
            ".......", //
            ".OO....", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        assert!(Capture::find(&open, CENTRE, Stone::Black).is_empty());
        let wrong_colour = drawn([
            ".......", //
            ".......", //
            ".......", //
            "OOO....", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        assert!(Capture::find(&wrong_colour, CENTRE, Stone::Black).is_empty());
    }

    #[test]
    fn captures_reach_the_edge_but_the_edge_does_not_capture() {
        let edge = drawn([
            "X......", //
            "O......", //
            "O......", //
            ".......", //
            ".......", //
            "OO.....", //
            ".......", //
        ]);
        // A black stone on the edge closes a pair; the board's edge does not.
        let capture = Capture::find(&edge, Point::new(0, 3), Stone::Black);
        assert_eq!(capture.points(), [Point::new(0, 4), Point::new(0, 5)]);
        assert!(Capture::find(&edge, Point::new(2, 1), Stone::Black).is_empty());
    }

    #[test]
    fn white_captures_black_the_same_way() {
        let board = drawn([
            ".......", //
            ".......", //
            ".......", //
            "OXX....", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        assert_eq!(Capture::find(&board, CENTRE, Stone::White).stones(), 2);
        assert!(Capture::find(&board, CENTRE, Stone::Black).is_empty());
    }

    #[test]
    fn removing_empties_exactly_the_captured_points() {
        let mut board = drawn([
            ".......", //
            ".......", //
            ".......", //
            "XOO....", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        let capture = Capture::find(&board, CENTRE, Stone::Black);
        capture.remove_from(&mut board);
        assert_eq!(board.count(), (1, 0));
    }
}
