//! The renju edge of `docs/rules/forbidden-points.md`: a row whose only straight-four point
//! also makes exactly five in another line is still a three (RIF: a three is a row that can
//! become a straight four; the five there is a legal move, and it makes the straight four).

use engine::{Board, ForbiddenKind, Notation, Stone, forbidden_kind};

fn board(black: &[&str], white: &[&str]) -> Board {
    let mut board = Board::empty(15);
    for (names, stone) in [(black, Stone::Black), (white, Stone::White)] {
        for name in names {
            let point = Notation::WithI.parse(name, 15).expect("a point of 15×15");
            board.set(point, Some(stone));
        }
    }
    board
}

fn kind(board: &Board, at: &str) -> Option<ForbiddenKind> {
    forbidden_kind(board, Notation::WithI.parse(at, 15).expect("a point of 15×15"))
}

/// Black c3 d3 e3 f3 make five at g3. On the g file, g4 g5 with g6 played and white on g8
/// can only become a straight four at g3 (g3–g6, open at g2 and g7); e6 f6 g6 is an open
/// three on row 6.
const BLACK: [&str; 8] = ["c3", "d3", "e3", "f3", "g4", "g5", "e6", "f6"];

#[test]
fn a_three_whose_only_straight_four_point_makes_five_counts() {
    let position = board(&BLACK, &["g8", "a15", "o15", "a14"]);
    assert_eq!(kind(&position, "g3"), None, "exactly five is never forbidden");
    assert_eq!(kind(&position, "g6"), Some(ForbiddenKind::DoubleThree));
}

#[test]
fn without_that_straight_four_the_file_is_no_three() {
    // White on g2 too: g3–g6 is no longer open at both ends, so g6 makes a single three.
    let position = board(&BLACK, &["g8", "g2", "o15", "a14"]);
    assert_eq!(kind(&position, "g6"), None);
}
