use crate::{Board, Direction, Line, Point, Stone};

/// The four lines (one per direction) that `stone` has, or would have, through `point`: the
/// unbroken run of its colour with `point` counted as one of them. Works before the stone is
/// placed, so that a move can be judged without touching the board.
pub(crate) fn lines_through(board: &Board, point: Point, stone: Stone) -> [Line; 4] {
    Direction::ALL.map(|direction| board.run_of(stone, point, direction))
}

/// The lines that `stone` at `point` makes and that win: exactly five, or more when
/// `longer_wins`. `None` (and no allocation) when the move wins nothing.
pub(crate) fn winning_lines(
    board: &Board,
    point: Point,
    stone: Stone,
    longer_wins: bool,
) -> Option<Vec<Line>> {
    let wins = |line: &Line| line.len() == 5 || (longer_wins && line.len() > 5);
    let lines = lines_through(board, point, stone);
    lines.iter().any(wins).then(|| lines.into_iter().filter(wins).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_with(points: &[(u8, u8)], stone: Stone) -> Board {
        let mut board = Board::empty(15);
        for &(x, y) in points {
            board.set(Point::new(x, y), Some(stone));
        }
        board
    }

    #[test]
    fn a_line_counts_the_point_even_before_it_is_played() {
        let board = board_with(&[(3, 7), (4, 7), (6, 7), (7, 7)], Stone::Black);
        let [horizontal, vertical, ..] = lines_through(&board, Point::new(5, 7), Stone::Black);
        assert_eq!(horizontal, Line { from: Point::new(3, 7), to: Point::new(7, 7) });
        assert_eq!(vertical.len(), 1);
    }

    #[test]
    fn the_other_colour_and_the_edge_break_a_line() {
        let mut board = board_with(&[(0, 0), (1, 1), (2, 2)], Stone::White);
        board.set(Point::new(4, 4), Some(Stone::Black));
        let lines = lines_through(&board, Point::new(3, 3), Stone::White);
        assert_eq!(lines[2], Line { from: Point::new(0, 0), to: Point::new(3, 3) });
    }

    #[test]
    fn overline_wins_only_when_allowed() {
        let board = board_with(&[(0, 0), (1, 0), (2, 0), (4, 0), (5, 0)], Stone::White);
        let six = Line { from: Point::new(0, 0), to: Point::new(5, 0) };
        assert_eq!(winning_lines(&board, Point::new(3, 0), Stone::White, true), Some(vec![six]));
        assert_eq!(winning_lines(&board, Point::new(3, 0), Stone::White, false), None);
        assert_eq!(winning_lines(&board, Point::new(3, 0), Stone::Black, true), None);
    }
}
