//! The text of the positions in `data/vcf.txt` and `data/forced_wins.txt`: a header line
//! naming the rules (`gomoku`, `exact`, `renju`), then the 15 rows of the board from row 15
//! down, `X` black, `O` white, anything else empty. Read by the tests, written by their
//! generators.

use engine::cpu::GridRules;
use engine::{Board, GomokuSettings, Point, Stone};

/// The rules a header names.
pub fn rules_named(name: &str) -> GridRules {
    match name {
        "gomoku" => GridRules::gomoku(GomokuSettings::default()),
        "exact" => {
            GridRules::gomoku(GomokuSettings { overline_wins: false, ..GomokuSettings::default() })
        }
        "renju" => GridRules::renju(),
        other => panic!("unknown rules {other}"),
    }
}

/// The lines of a data file that are not notes (`#`) or blank.
pub fn data_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect()
}

/// The board of 15 rows.
pub fn board_from_rows(rows: &[&str]) -> Board {
    let mut board = Board::empty(15);
    for (row, cells) in rows.iter().enumerate() {
        assert_eq!(cells.len(), 15, "row {row} is 15 cells: {cells:?}");
        for (x, c) in cells.bytes().enumerate() {
            let stone = match c {
                b'X' => Some(Stone::Black),
                b'O' => Some(Stone::White),
                _ => None,
            };
            board.set(Point::new(x as u8, 14 - row as u8), stone);
        }
    }
    board
}

/// Prints `board`'s 15 rows and a blank line, as a generator writes a position after its
/// header.
pub fn print_rows(board: &Board) {
    for y in (0..15).rev() {
        let row: String = (0..15)
            .map(|x| match board.get(Point::new(x, y)) {
                Some(Stone::Black) => 'X',
                Some(Stone::White) => 'O',
                None => '.',
            })
            .collect();
        println!("{row}");
    }
    println!();
}
