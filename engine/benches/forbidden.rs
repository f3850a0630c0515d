//! How fast black's forbidden points are found: the whole board of a mid-game position (as the
//! board image and the CPU players need it after every move), and one point alone.

use divan::{Bencher, black_box};
use engine::{Board, ForbiddenKind, Point, Stone, forbidden_kind, forbidden_points};

fn main() {
    divan::main();
}

/// Three 15×15 positions from plausible games (42, 50 and 58 stones), top row first.
const POSITIONS: [(&str, [&str; 15]); 3] = [
    (
        "42 stones",
        [
            "...............",
            ".........OX....",
            "........XO.....",
            "....X..XOX.....",
            "...OXOXOOX.....",
            "....XOOOXX.....",
            "....OXOOOXO....",
            ".....XXXOOOX...",
            "......OOOXX....",
            ".......XX......",
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
        ],
    ),
    (
        "50 stones",
        [
            "...............",
            "...............",
            "........O......",
            "........XX.....",
            "........XO.X...",
            ".......OXOO....",
            "......OXXO.....",
            "....XOXXOO.....",
            "...XOXXOXX.....",
            "..OXOXXXOO.....",
            "..XOOOXO.......",
            "..XOOOOX.......",
            "...O.X..X......",
            "...............",
            "...............",
        ],
    ),
    (
        "58 stones",
        [
            "...............",
            "...............",
            "...............",
            "......XO.O.....",
            "....X.OX.XO....",
            "..X.OXOXOX.....",
            "..XOOOOXXXXO...",
            "..OXOXXXOX.....",
            ".OXOOOXOXO.....",
            "X.X.XOOX.......",
            "...XOOOXO......",
            "....XO.........",
            ".....X.........",
            "......O........",
            "...............",
        ],
    ),
];

fn board(rows: &[&str; 15]) -> Board {
    let mut board = Board::empty(15);
    for (row, cells) in (0u8..).zip(rows) {
        for (x, cell) in (0u8..).zip(cells.bytes()) {
            let stone = match cell {
                b'X' => Some(Stone::Black),
                b'O' => Some(Stone::White),
                _ => None,
            };
            board.set(Point::new(x, 14 - row), stone);
        }
    }
    board
}

/// The reference set's "complex-forbid" board: few stones, eight forbidden points, several
/// of them settled only by the recursive check. A worst case more than a typical one.
const MANY_FORBIDDEN: [&str; 15] = [
    "..............O",
    "...............",
    "...............",
    "...............",
    "....X.X........",
    ".........X.....",
    "...............",
    "......XX.......",
    "....X...XX.....",
    "....X.X.X......",
    ".........XXX...",
    "........X......",
    "...............",
    "...............",
    "...............",
];

#[divan::bench(args = ["42 stones", "50 stones", "58 stones"])]
fn full_board_scan(bencher: Bencher, name: &str) {
    let Some((_, rows)) = POSITIONS.iter().find(|(n, _)| *n == name) else {
        panic!("no position {name}");
    };
    let board = board(rows);
    bencher.bench(|| forbidden_points(black_box(&board)));
}

#[divan::bench]
fn full_board_scan_many_forbidden(bencher: Bencher) {
    let board = board(&MANY_FORBIDDEN);
    assert_eq!(forbidden_points(&board).len(), 8);
    bencher.bench(|| forbidden_points(black_box(&board)));
}

/// A double-three at h8 (f8 g8 and h6 h7): both threes are settled by the recursive check of
/// their four points.
#[divan::bench]
fn one_forbidden_point(bencher: Bencher) {
    let mut board = Board::empty(15);
    for (x, y) in [(5, 7), (6, 7), (7, 5), (7, 6)] {
        board.set(Point::new(x, y), Some(Stone::Black));
    }
    let point = Point::new(7, 7);
    assert_eq!(forbidden_kind(&board, point), Some(ForbiddenKind::DoubleThree));
    bencher.bench(|| forbidden_kind(black_box(&board), black_box(point)));
}
