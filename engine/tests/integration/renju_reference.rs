//! The renju reference cases (`data/renju_lines.txt`, `data/renju_boards.txt`): every line
//! case, and every point of every board. The files are built into the test, so a missing one
//! fails the build; it never skips.

use engine::{Board, ForbiddenKind, Point, Stone, Strip, StripShape, forbidden_kind};

const LINES: &str = include_str!("../data/renju_lines.txt");
const BOARDS: &str = include_str!("../data/renju_boards.txt");

/// The cases the files held when this test was written: a change to a file must be looked at.
const STRIP_CASES: usize = 156;
const BOARD_CASES: usize = 10;

/// Cases whose answer in the file breaks the rule for black, checked against the rule's answer
/// instead: `(pattern, colour, line, answer by the rule)`.
///
/// `...O..XX..X...` marks cell 5 as an open three for black. With black on 5 the only four
/// point that keeps the stones together is 8, and `O.XXXX.X` is not a straight four for black:
/// its right winning point makes six. The file itself says so under `open-four`
/// (`black ...XXX..X...` has no open four at 6). The answer is right for white, for whom six
/// wins, and it is kept for white.
const ERRATA: &[(&str, Stone, &str, &str)] =
    &[("open-three", Stone::Black, "...O..XX..X...", "..............")];

/// The lines of a data file that are not notes (`#`) or blank.
fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

#[derive(Debug)]
struct StripCase {
    pattern: String,
    colour: Stone,
    strip: Strip,
    answer: String,
}

/// Every case of the lines file: `<pattern> <colour> <line> <answer>`.
fn strip_cases(text: &str) -> Vec<StripCase> {
    data_lines(text)
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [pattern, colour, cells, answer] = fields[..] else {
                panic!("a line case is '<pattern> <colour> <line> <answer>': {line:?}");
            };
            assert_eq!(cells.len(), answer.len(), "line and answer differ in length: {line:?}");
            let colour = match colour {
                "black" => Stone::Black,
                "white" => Stone::White,
                other => panic!("unknown colour {other:?} in {line:?}"),
            };
            StripCase {
                pattern: pattern.to_owned(),
                colour,
                strip: cells.parse().unwrap_or_else(|e| panic!("{line:?}: {e}")),
                answer: answer.to_owned(),
            }
        })
        .collect()
}

/// What black alone on this line would be refused, as the *-forbid patterns mark it.
fn forbidden_alone(shape: &StripShape) -> Option<ForbiddenKind> {
    if shape.five {
        None
    } else if shape.overline {
        Some(ForbiddenKind::Overline)
    } else if shape.fours() >= 2 {
        Some(ForbiddenKind::DoubleFour)
    } else {
        None
    }
}

/// Whether `colour` can make a straight four on the line with one stone: it has a three there.
fn has_three(strip: &Strip, colour: Stone) -> bool {
    (0..strip.len())
        .any(|i| strip.get(i).is_none() && strip.shape(i, colour).is_ok_and(|s| s.straight_four))
}

/// The mark `pattern` expects on the empty cell `index` of `strip` for `colour`.
fn mark(pattern: &str, strip: &Strip, colour: Stone, index: usize) -> char {
    let shape = strip.shape(index, colour).expect("an empty cell on the strip");
    let flag = |on: bool| if on { '1' } else { '.' };
    match pattern {
        "open-three" => flag(shape.is_three()),
        "block-three" => {
            let blocked = strip.with(index, colour.opponent()).expect("an empty cell");
            flag(!has_three(&blocked, colour))
        }
        "closed-four" => match shape.closed_fours {
            0 => '.',
            n => char::from_digit(u32::from(n), 10).expect("a digit"),
        },
        "open-four" => flag(shape.straight_four),
        "five" => flag(shape.five),
        "double-four-forbid" => {
            if forbidden_alone(&shape) == Some(ForbiddenKind::DoubleFour) {
                '4'
            } else {
                '.'
            }
        }
        "overline-forbid" => {
            if forbidden_alone(&shape) == Some(ForbiddenKind::Overline) {
                '6'
            } else {
                '.'
            }
        }
        other => panic!("unknown pattern {other:?}"),
    }
}

fn marks(pattern: &str, strip: &Strip, colour: Stone) -> String {
    (0..strip.len())
        .map(|i| if strip.get(i).is_some() { '.' } else { mark(pattern, strip, colour, i) })
        .collect()
}

#[test]
fn every_strip_case_matches() {
    let cases = strip_cases(LINES);
    assert_eq!(cases.len(), STRIP_CASES, "the file's line cases changed");

    let mut failures = Vec::new();
    let mut errata_used = 0;
    for case in &cases {
        let line = case.strip.to_string();
        let erratum = ERRATA
            .iter()
            .find(|(p, c, l, _)| *p == case.pattern && *c == case.colour && *l == line);
        let answer = match erratum {
            Some((.., by_rule)) => {
                assert_ne!(*by_rule, case.answer, "erratum no longer needed: {case:?}");
                errata_used += 1;
                (*by_rule).to_owned()
            }
            None => case.answer.clone(),
        };
        if case.pattern.ends_with("-forbid") {
            assert_eq!(case.colour, Stone::Black, "forbidden points are black's: {case:?}");
        }
        if case.pattern == "block-three" {
            assert!(has_three(&case.strip, case.colour), "no three to block: {case:?}");
        }
        let got = marks(&case.pattern, &case.strip, case.colour);
        let reversed: Strip =
            case.strip.to_string().chars().rev().collect::<String>().parse().expect("a strip");
        let got_reversed: String =
            marks(&case.pattern, &reversed, case.colour).chars().rev().collect();
        if got != answer || got_reversed != answer {
            failures.push(format!(
                "{} {:?} {}: expected {}, got {} (reversed {})",
                case.pattern, case.colour, case.strip, answer, got, got_reversed
            ));
        }
    }
    assert_eq!(errata_used, ERRATA.len(), "every erratum matches a case of the file");
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// A board case: `board <name>`, then 15 rows from the top, each cell a stone (`X`, `O`) or an
/// empty point with black's answer there (`.` allowed, `3`, `4`, `6` forbidden).
struct BoardCase {
    name: String,
    board: Board,
    /// The answer at each empty point.
    forbidden: Vec<(Point, char)>,
}

fn board_cases(text: &str) -> Vec<BoardCase> {
    let lines: Vec<&str> = data_lines(text).collect();
    assert_eq!(lines.len() % 16, 0, "each board is a header and 15 rows");
    lines
        .chunks(16)
        .map(|chunk| {
            let name = chunk[0]
                .strip_prefix("board ")
                .unwrap_or_else(|| panic!("a board header: {:?}", chunk[0]));
            let mut board = Board::empty(15);
            let mut forbidden = Vec::new();
            for (row, cells) in chunk[1..].iter().enumerate() {
                assert_eq!(cells.len(), 15, "{name}: a row is 15 cells: {cells:?}");
                for (x, cell) in cells.chars().enumerate() {
                    let point = Point::new(
                        u8::try_from(x).expect("on a 15×15 board"),
                        u8::try_from(14 - row).expect("on a 15×15 board"),
                    );
                    match cell {
                        'X' => board.set(point, Some(Stone::Black)),
                        'O' => board.set(point, Some(Stone::White)),
                        '.' | '3' | '4' | '6' => forbidden.push((point, cell)),
                        other => panic!("{name}: unknown cell {other:?}"),
                    }
                }
            }
            BoardCase { name: name.to_owned(), board, forbidden }
        })
        .collect()
}

#[test]
fn every_board_case_matches() {
    let cases = board_cases(BOARDS);
    assert_eq!(cases.len(), BOARD_CASES, "the file's board cases changed");

    let mut failures = Vec::new();
    for case in &cases {
        for &(point, expected) in &case.forbidden {
            let got = match forbidden_kind(&case.board, point) {
                None => '.',
                Some(ForbiddenKind::DoubleThree) => '3',
                Some(ForbiddenKind::DoubleFour) => '4',
                Some(ForbiddenKind::Overline) => '6',
            };
            if got != expected {
                failures.push(format!(
                    "{} at {}{}: expected {expected}, got {got}",
                    case.name,
                    char::from(b'A' + point.x),
                    point.y + 1
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
