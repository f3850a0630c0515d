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
