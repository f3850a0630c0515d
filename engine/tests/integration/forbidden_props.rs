//! `forbidden_points` against a slow reference written straight from the rule: put the stone,
//! walk each line cell by cell, try every completing stone, recurse for threes.

use engine::{
    Board, Direction, ForbiddenKind, Line, Point, Stone, forbidden_kind, forbidden_points,
    forbidden_shape,
};
use proptest::prelude::*;

fn empty_at(board: &Board, point: Option<Point>) -> Option<Point> {
    point.filter(|&p| board.contains(p) && board.get(p).is_none())
}

fn with_black(board: &Board, point: Point) -> Board {
    let mut board = board.clone();
    board.set(point, Some(Stone::Black));
    board
}

/// Whether black's run through `point` along `direction` covers `other` and is exactly five.
fn exact_five_through(board: &Board, point: Point, direction: Direction, other: Point) -> bool {
    board
        .run_through(point, direction)
        .is_some_and(|run| run.len() == 5 && run.points().any(|p| p == other))
}

/// Black's run through `point` is four long, holds `other`, and both cells past its ends are
/// empty and make exactly five.
fn straight_four_through(board: &Board, point: Point, direction: Direction, other: Point) -> bool {
    let Some(run) = board.run_through(point, direction) else { return false };
    if run.len() != 4 || !run.points().any(|p| p == other) {
        return false;
    }
    // `run_through` gives `from` behind the point and `to` ahead of it along `direction`.
    let ends = [run.from.step(direction, -1), run.to.step(direction, 1)];
    ends.iter().all(|&end| {
        empty_at(board, end)
            .is_some_and(|end| exact_five_through(&with_black(board, end), point, direction, end))
    })
}

fn reference_kind(board: &Board, point: Point) -> Option<ForbiddenKind> {
    if board.get(point).is_some() {
        return None;
    }
    let placed = with_black(board, point);
    let (mut five, mut overline, mut fours, mut threes) = (false, false, 0, 0);
    for direction in Direction::ALL {
        let len = placed.run_through(point, direction).map_or(0, |run| run.len());
        if len == 5 {
            five = true;
            continue;
        }
        if len > 5 {
            overline = true;
            continue;
        }
        let completions: Vec<i32> = (-4..=4)
            .filter(|&k| {
                empty_at(&placed, point.step(direction, k)).is_some_and(|q| {
                    exact_five_through(&with_black(&placed, q), point, direction, q)
                })
            })
            .collect();
        let straight = completions.iter().any(|&k| {
            completions.contains(&(k + 5))
                && (k + 1..k + 5).all(|i| {
                    point.step(direction, i).and_then(|p| placed.get(p)) == Some(Stone::Black)
                })
        });
        let line_fours = completions.len() - usize::from(straight);
        if line_fours > 0 {
            fours += line_fours;
            continue;
        }
        let is_three = (-3..=3).any(|k| {
            empty_at(&placed, point.step(direction, k)).is_some_and(|r| {
                straight_four_through(&with_black(&placed, r), point, direction, r)
                    && reference_kind(&placed, r).is_none()
            })
        });
        threes += usize::from(is_three);
    }
    if five {
        None
    } else if overline {
        Some(ForbiddenKind::Overline)
    } else if fours >= 2 {
        Some(ForbiddenKind::DoubleFour)
    } else if threes >= 2 {
        Some(ForbiddenKind::DoubleThree)
    } else {
        None
    }
}

fn position(stones: &[(u8, u8, bool)]) -> Board {
    let mut board = Board::empty(15);
    for &(x, y, black) in stones {
        board.set(Point::new(x, y), Some(if black { Stone::Black } else { Stone::White }));
    }
    board
}

fn check_against_reference(board: &Board) -> Result<(), TestCaseError> {
    let expected: Vec<(Point, ForbiddenKind)> =
        board.empty_points().filter_map(|p| reference_kind(board, p).map(|k| (p, k))).collect();
    prop_assert_eq!(forbidden_points(board), expected, "{:?}", board);
    Ok(())
}

/// The cells of a straight line, end to end; none if it is not straight.
fn cells_of(line: Line) -> Vec<Point> {
    Direction::ALL
        .iter()
        .find_map(|&direction| {
            let cells: Vec<Point> = (0..15).map_while(|k| line.from.step(direction, k)).collect();
            let end = cells.iter().position(|&p| p == line.to)?;
            Some(cells[..=end].to_vec())
        })
        .unwrap_or_default()
}

/// Every line of a forbidden shape holds the point, starts and ends on black stones, and
/// is what its kind says: three stones within four cells, four within five, or six in a row;
/// two lines at least unless it is an overline.
fn check_shape_lines(board: &Board, point: Point) -> Result<(), TestCaseError> {
    let shape = forbidden_shape(board, point);
    prop_assert_eq!(shape.as_ref().map(|s| s.kind), forbidden_kind(board, point));
    let Some(shape) = shape else { return Ok(()) };
    let placed = with_black(board, point);
    for &line in &shape.lines {
        let cells = cells_of(line);
        prop_assert!(cells.contains(&point), "{:?} holds {:?}", line, point);
        prop_assert_eq!(placed.get(line.from), Some(Stone::Black));
        prop_assert_eq!(placed.get(line.to), Some(Stone::Black));
        let black = cells.iter().filter(|&&p| placed.get(p) == Some(Stone::Black)).count();
        let fits = match shape.kind {
            ForbiddenKind::DoubleThree => black == 3 && cells.len() <= 4,
            ForbiddenKind::DoubleFour => black == 4 && cells.len() <= 5,
            ForbiddenKind::Overline => black >= 6 && cells.len() == black,
        };
        prop_assert!(fits, "{:?} in {:?}", line, shape);
    }
    let least = if shape.kind == ForbiddenKind::Overline { 1 } else { 2 };
    prop_assert!(shape.lines.len() >= least, "{:?}", shape);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Crowded centres, where black's shapes meet often.
    #[test]
    fn matches_the_reference_in_crowded_centres(
        stones in prop::collection::vec((4u8..11, 4u8..11, prop::bool::weighted(0.65)), 12..45)
    ) {
        check_against_reference(&position(&stones))?;
    }

    /// The whole board, edges and corners included.
    #[test]
    fn matches_the_reference_over_the_whole_board(
        stones in prop::collection::vec((0u8..15, 0u8..15, prop::bool::weighted(0.7)), 20..90)
    ) {
        check_against_reference(&position(&stones))?;
    }

    /// The lines shown for a forbidden point are the shape's own, wherever it is.
    #[test]
    fn forbidden_shapes_show_their_lines(
        stones in prop::collection::vec((3u8..12, 3u8..12, prop::bool::weighted(0.7)), 10..40)
    ) {
        let board = position(&stones);
        for point in board.empty_points() {
            check_shape_lines(&board, point)?;
        }
    }

    /// Any point, even occupied or off the board, gives an answer and no panic.
    #[test]
    fn any_point_is_answered(
        stones in prop::collection::vec((0u8..15, 0u8..15, prop::bool::ANY), 0..60),
        x in 0u8..=255,
        y in 0u8..=255,
    ) {
        let board = position(&stones);
        let point = Point::new(x, y);
        let listed = forbidden_points(&board).into_iter().find(|&(p, _)| p == point);
        prop_assert_eq!(forbidden_kind(&board, point), listed.map(|(_, k)| k));
    }
}
