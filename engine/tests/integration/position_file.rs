//! The text of the positions in `data/vcf.txt`, `data/forced_wins.txt` and
//! `data/capture_forced_wins.txt`: a header line naming the rules, then the board's rows from
//! the top one down, as many as the board is wide, `X` black, `O` white, anything else empty.
//! Read by the tests, written by their generators.

use engine::cpu::GridRules;
use engine::{Board, GomokuSettings, NinukiSettings, PenteSettings, PenteSize, Point, Stone};

/// The rules a header names.
pub fn rules_named(name: &str) -> GridRules {
    match name {
        "gomoku" => GridRules::gomoku(GomokuSettings::default()),
        "exact" => {
            GridRules::gomoku(GomokuSettings { overline_wins: false, ..GomokuSettings::default() })
        }
        "renju" => GridRules::renju(),
        "ninuki" => GridRules::ninuki(NinukiSettings::default()),
        "ninuki-exact" => {
            GridRules::ninuki(NinukiSettings { overline_wins: false, ..NinukiSettings::default() })
        }
        "pente" => GridRules::pente(PenteSettings { size: PenteSize::Nineteen }),
        "pente13" => GridRules::pente(PenteSettings { size: PenteSize::Thirteen }),
        other => panic!("unknown rules {other}"),
    }
}

/// A position's header line: `position <name> key=value ...`.
pub struct Header<'a> {
    line: &'a str,
    fields: Vec<&'a str>,
}

impl<'a> Header<'a> {
    pub fn parse(line: &'a str) -> Header<'a> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.first(), Some(&"position"), "{line:?}");
        assert!(fields.len() >= 2, "a position's name in {line:?}");
        Header { line, fields }
    }

    pub fn name(&self) -> &'a str {
        self.fields[1]
    }

    /// The value of `key=value`.
    pub fn field(&self, key: &str) -> &'a str {
        self.fields
            .iter()
            .find_map(|field| field.strip_prefix(key)?.strip_prefix('='))
            .unwrap_or_else(|| panic!("{key}= in {:?}", self.line))
    }

    /// The colour `to_move=` names.
    pub fn to_move(&self) -> Stone {
        match self.field("to_move") {
            "black" => Stone::Black,
            "white" => Stone::White,
            other => panic!("to_move={other} in {:?}", self.line),
        }
    }
}

/// The lines of a data file that are not notes (`#`) or blank.
pub fn data_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect()
}

/// The square board whose rows, from the top one down, these are.
pub fn board_from_rows(rows: &[&str]) -> Board {
    let size = u8::try_from(rows.len()).expect("a board's rows");
    let mut board = Board::empty(size);
    for (row, cells) in (0..size).rev().zip(rows) {
        assert_eq!(cells.len(), rows.len(), "row {} is {size} cells: {cells:?}", row + 1);
        for (x, c) in (0..size).zip(cells.bytes()) {
            let stone = match c {
                b'X' => Some(Stone::Black),
                b'O' => Some(Stone::White),
                _ => None,
            };
            board.set(Point::new(x, row), stone);
        }
    }
    board
}

/// Prints `board`'s rows and a blank line, as a generator writes a position after its
/// header.
pub fn print_rows(board: &Board) {
    let size = board.size();
    for y in (0..size).rev() {
        let row: String = (0..size)
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
