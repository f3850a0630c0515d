//! The points of a pente game, counted when it ends (seed 003): a bonus for the five, one
//! point per captured pair, one point per four left on the board.

use crate::{Board, Direction, Line, Point, Stone};

/// Bonus for the player whose winning move made five or more in a row.
const FIVE_BONUS: u32 = 5;

/// One seat's points, item by item, so the bot can show how the total was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    /// 5 when this seat won with a move that made five or more in a row, else 0.
    pub five: u32,
    /// One point per pair this seat captured.
    pub captures: u32,
    /// One point per line of exactly four of this seat's stones on the board: a maximal run
    /// of four in one direction (a run of five or more is not a four).
    pub fours: u32,
}

impl Score {
    pub(super) fn new(made_five: bool, captured_stones: u16, board: &Board, stone: Stone) -> Score {
        Score {
            five: if made_five { FIVE_BONUS } else { 0 },
            captures: u32::from(captured_stones / 2),
            fours: fours(board, stone),
        }
    }

    #[must_use]
    pub const fn total(&self) -> u32 {
        self.five + self.captures + self.fours
    }
}

/// The maximal runs of exactly four `stone`s in any direction.
fn fours(board: &Board, stone: Stone) -> u32 {
    u32::try_from(four_lines(board, stone).len()).unwrap_or(u32::MAX)
}

/// The lines the score's fours are counted from: every maximal run of exactly four
/// `stone`s, end to end.
pub(super) fn four_lines(board: &Board, stone: Stone) -> Vec<Line> {
    let mut lines = Vec::new();
    for direction in Direction::ALL {
        for start in board.points() {
            let is_stone = |p: Option<Point>| p.is_some_and(|p| board.get(p) == Some(stone));
            if !is_stone(Some(start)) || is_stone(start.step(direction, -1)) {
                continue;
            }
            let len = (0..).take_while(|&i| is_stone(start.step(direction, i))).count();
            if let (4, Some(to)) = (len, start.step(direction, 3)) {
                lines.push(Line { from: start, to });
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(stones: &[(u8, u8)]) -> Board {
        let mut board = Board::empty(13);
        for &(x, y) in stones {
            board.set(Point::new(x, y), Some(Stone::White));
        }
        board
    }

    #[test]
    fn only_runs_of_exactly_four_count() {
        // A diagonal four, a five, a three, and a column of four touching the edge.
        let stones = [(0, 0), (1, 1), (2, 2), (3, 3)]
            .into_iter()
            .chain((5..10).map(|x| (x, 12)))
            .chain((5..8).map(|x| (x, 6)))
            .chain((9..13).map(|y| (12, y)))
            .collect::<Vec<_>>();
        let board = board(&stones);
        assert_eq!(fours(&board, Stone::White), 2);
        assert_eq!(fours(&board, Stone::Black), 0);
    }

    #[test]
    fn a_broken_four_or_two_fours_in_a_line() {
        // Four, gap, four on one row: two lines of four. Four with a gap inside: none.
        let stones = [0, 1, 2, 3, 5, 6, 7, 8].map(|x| (x, 0));
        assert_eq!(fours(&board(&stones), Stone::White), 2);
        let stones = [0, 1, 3, 4].map(|x| (x, 5));
        assert_eq!(fours(&board(&stones), Stone::White), 0);
    }

    #[test]
    fn the_total_adds_the_items() {
        let score = Score::new(true, 6, &board(&[(0, 0), (0, 1), (0, 2), (0, 3)]), Stone::White);
        assert_eq!(score, Score { five: 5, captures: 3, fours: 1 });
        assert_eq!(score.total(), 9);
    }
}
