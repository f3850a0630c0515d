//! The grid computer player: time to solve the VCF positions of `tests/data/vcf.txt` (divan's
//! item counter gives positions per second; the nodes per position are printed once, so that
//! nodes per second follow), and fixed-budget main searches on mid-game positions of gomoku,
//! pente and ninuki.

use divan::{Bencher, counter::ItemsCount};
use engine::cpu::{
    GridRules, Level, NodeBudget, Think, Unlimited, capture_analysis, find_vcf, grid_analysis,
};
use engine::{Board, GomokuSettings, NinukiSettings, Notation, PenteSettings, Point, Stone};

fn main() {
    divan::main();
}

struct Case {
    rules: GridRules,
    to_move: Stone,
    board: Board,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../tests/data/vcf.txt");
    let lines: Vec<&str> =
        text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
    lines
        .chunks(16)
        .map(|chunk| {
            let rules = if chunk[0].contains("rules=renju") {
                GridRules::renju()
            } else if chunk[0].contains("rules=exact") {
                GridRules::gomoku(GomokuSettings {
                    overline_wins: false,
                    ..GomokuSettings::default()
                })
            } else {
                GridRules::gomoku(GomokuSettings::default())
            };
            let to_move =
                if chunk[0].contains("to_move=black") { Stone::Black } else { Stone::White };
            let mut board = Board::empty(15);
            for (row, cells) in chunk[1..].iter().enumerate() {
                for (x, c) in cells.bytes().enumerate() {
                    let stone = match c {
                        b'X' => Some(Stone::Black),
                        b'O' => Some(Stone::White),
                        _ => None,
                    };
                    let point = Point::new(
                        u8::try_from(x).unwrap_or(0),
                        u8::try_from(14 - row).unwrap_or(0),
                    );
                    board.set(point, stone);
                }
            }
            Case { rules, to_move, board }
        })
        .collect()
}

#[divan::bench]
fn vcf_solve_all(bencher: Bencher) {
    let cases = cases();
    let nodes: u64 =
        cases.iter().map(|c| find_vcf(&c.board, c.to_move, &c.rules, 12, &Unlimited).nodes).sum();
    println!("vcf: {} positions, {nodes} nodes in all", cases.len());
    bencher.counter(ItemsCount::new(cases.len())).bench(|| {
        cases
            .iter()
            .map(|c| find_vcf(&c.board, c.to_move, &c.rules, 12, &Unlimited).best)
            .filter(Option::is_some)
            .count()
    });
}

/// A quiet middle game (black to move) searched by the hard level for a fixed node budget.
#[divan::bench]
fn midgame_search_hard(bencher: Bencher) {
    let mut board = Board::empty(15);
    let black = [(7, 7), (8, 8), (6, 8), (9, 6), (7, 9), (5, 6)];
    let white = [(8, 7), (7, 8), (6, 6), (9, 8), (8, 5), (5, 8)];
    for (x, y) in black {
        board.set(Point::new(x, y), Some(Stone::Black));
    }
    for (x, y) in white {
        board.set(Point::new(x, y), Some(Stone::White));
    }
    let rules = GridRules::gomoku(GomokuSettings::default());
    bench_hard_search(bencher, "midgame", &board, &rules, 200);
}

/// The hard level's main search on a renju middle game (a game of the hard level against
/// Rapfi, twelve stones, black to move), long enough for the board's upkeep to dominate:
/// `renju: <n> nodes per search` is printed once, so nodes per second follow.
#[divan::bench]
fn renju_search_hard(bencher: Bencher) {
    let mut board = Board::empty(15);
    let moves = "i9 i8 j9 h9 j7 i10 j8 j10 h10 k7 j11 j6";
    for (index, name) in moves.split_whitespace().enumerate() {
        let stone = if index % 2 == 0 { Stone::Black } else { Stone::White };
        let point = Notation::WithI.parse(name, 15).expect("a point of the board");
        board.set(point, Some(stone));
    }
    let rules = GridRules::renju();
    bench_hard_search(bencher, "renju", &board, &rules, 3000);
}

/// The hard level's search for black on `board` within `checks` deadline checks; `<label>:
/// <n> nodes per search` is printed once, so nodes per second follow from the median time.
fn bench_hard_search(bencher: Bencher, label: &str, board: &Board, rules: &GridRules, checks: u64) {
    let search = || {
        let budget = NodeBudget::new(checks);
        let think = Think { level: Level::Hard, seed: 1, deadline: &budget };
        grid_analysis(board, Stone::Black, rules, think)
    };
    println!("{label}: {} nodes per search", search().nodes);
    bencher.bench(search);
}

/// The capture games' search (hard level, fixed node budget) on a middle game with pairs
/// exposed on both sides: `<game> nodes per search` is printed once, so nodes per second
/// follow from the median time.
#[divan::bench(args = ["pente", "ninuki"])]
fn capture_search_hard(bencher: Bencher, game: &str) {
    let (rules, size) = match game {
        "pente" => (GridRules::pente(PenteSettings::default()), 19),
        _ => (GridRules::ninuki(NinukiSettings::default()), 15),
    };
    let mut board = Board::empty(size);
    let offset = size / 2 - 7;
    let black = [(7, 7), (8, 8), (6, 8), (9, 6), (7, 9), (5, 6), (10, 8)];
    let white = [(8, 7), (7, 8), (6, 6), (9, 8), (8, 5), (5, 8), (9, 7)];
    for (stones, stone) in [(&black, Stone::Black), (&white, Stone::White)] {
        for &(x, y) in stones {
            board.set(Point::new(x + offset, y + offset), Some(stone));
        }
    }
    let search = || {
        let budget = NodeBudget::new(80);
        let think = Think { level: Level::Hard, seed: 1, deadline: &budget };
        capture_analysis(&board, Stone::Black, [2, 4], &rules, think)
    };
    println!("{game}: {} nodes per search", search().nodes);
    bencher.bench(search);
}
