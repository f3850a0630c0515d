//! The renju reference set (`shared/reference/renju-test-set.md`): every strip and every board
//! of it, read at run time. A missing file fails, it never skips.

use engine::{Board, ForbiddenKind, Point, Stone, Strip, StripShape, forbidden_kind};

const REFERENCE: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/reference/renju-test-set.md");

/// The cases the file held when this test was written: a change to the file must be looked at.
const STRIP_CASES: usize = 109;
const BOARD_CASES: usize = 10;

fn reference() -> String {
    std::fs::read_to_string(REFERENCE)
        .unwrap_or_else(|error| panic!("the reference set {REFERENCE} must be present: {error}"))
}

/// Cases whose answer in the file breaks the rule for black, checked against the rule's answer
/// instead: `(heading, colour, line, answer by the rule)`.
///
/// `both ...O..XX..X...` marks cell 5 as an open three for black too. With black on 5 the only
/// four point that keeps the stones together is 8, and `O.XXXX.X` is not a straight four for
/// black: its right winning point makes six. The file itself says so under `open-four`
/// (`black ...XXX..X...` has no open four at 6). The answer is right for white, for whom six
/// wins, and it is kept for white.
const ERRATA: &[(&str, Stone, &str, &str)] =
    &[("open-three", Stone::Black, "...O..XX..X...", "..............")];

/// The Strip section (before `# Board`) and the Board section.
fn sections(text: &str) -> (&str, &str) {
    let strip = text.find("\n# Strip").expect("a # Strip section");
    let board = text.find("\n# Board").expect("a # Board section");
    assert!(strip < board, "Strip comes before Board");
    (&text[strip..board], &text[board..])
}

#[derive(Debug)]
struct StripCase {
    heading: String,
    colour: Stone,
    strip: Strip,
    answer: String,
}

fn swap_colours(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            other => other,
        })
        .collect()
}

/// Every case of the Strip section, `both` giving one case per colour (white on the line with
/// X and O swapped), tagged with its `##` heading.
fn strip_cases(section: &str) -> (Vec<StripCase>, usize) {
    let mut cases = Vec::new();
    let mut lines_read = 0;
    let mut heading = String::new();
    let mut in_block = false;
    for line in section.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            heading = h.trim().to_owned();
        } else if line.starts_with("```") {
            in_block = !in_block;
        } else if in_block && !line.trim().is_empty() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [colour, cells, answer] = fields[..] else {
                panic!("a strip case is '<colour> <line> <answer>': {line:?}");
            };
            assert_eq!(cells.len(), answer.len(), "line and answer differ in length: {line:?}");
            lines_read += 1;
            let mut push = |colour, cells: &str| {
                let strip = cells.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
                cases.push(StripCase {
                    heading: heading.clone(),
                    colour,
                    strip,
                    answer: answer.to_owned(),
                });
            };
            match colour {
                "black" => push(Stone::Black, cells),
                "white" => push(Stone::White, cells),
                "both" => {
                    push(Stone::Black, cells);
                    push(Stone::White, &swap_colours(cells));
                }
                other => panic!("unknown colour {other:?} in {line:?}"),
            }
        }
    }
    assert!(!in_block, "an unclosed code block");
    (cases, lines_read)
}

/// What black alone on this line would be refused, as the forbid headings mark it.
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

/// The mark the heading `heading` expects on the empty cell `index` of `strip` for `colour`.
fn mark(heading: &str, strip: &Strip, colour: Stone, index: usize) -> char {
    let shape = strip.shape(index, colour).expect("an empty cell on the strip");
    let flag = |on: bool| if on { '1' } else { '.' };
    match heading {
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
        other => panic!("unknown heading {other:?}"),
    }
}

fn marks(heading: &str, strip: &Strip, colour: Stone) -> String {
    (0..strip.len())
        .map(|i| if strip.get(i).is_some() { '.' } else { mark(heading, strip, colour, i) })
        .collect()
}

#[test]
fn every_strip_case_matches() {
    let text = reference();
    let (section, _) = sections(&text);
    let (cases, lines_read) = strip_cases(section);
    let written = section
        .lines()
        .filter(|l| ["black ", "white ", "both "].iter().any(|c| l.starts_with(c)))
        .count();
    assert_eq!(lines_read, written, "every case line of the file is read");
    assert_eq!(lines_read, STRIP_CASES, "the file's strip cases changed");

    let mut failures = Vec::new();
    let mut errata_used = 0;
    for case in &cases {
        let line = case.strip.to_string();
        let erratum = ERRATA
            .iter()
            .find(|(h, c, l, _)| *h == case.heading && *c == case.colour && *l == line);
        let answer = match erratum {
            Some((.., by_rule)) => {
                assert_ne!(*by_rule, case.answer, "erratum no longer needed: {case:?}");
                errata_used += 1;
                (*by_rule).to_owned()
            }
            None => case.answer.clone(),
        };
        if case.heading.ends_with("-forbid") {
            assert_eq!(case.colour, Stone::Black, "forbidden points are black's: {case:?}");
        }
        if case.heading == "block-three" {
            assert!(has_three(&case.strip, case.colour), "no three to block: {case:?}");
        }
        let got = marks(&case.heading, &case.strip, case.colour);
        let reversed: Strip =
            case.strip.to_string().chars().rev().collect::<String>().parse().expect("a strip");
        let got_reversed: String =
            marks(&case.heading, &reversed, case.colour).chars().rev().collect();
        if got != answer || got_reversed != answer {
            failures.push(format!(
                "{} {:?} {}: expected {}, got {} (reversed {})",
                case.heading, case.colour, case.strip, answer, got, got_reversed
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

/// One board of the Board section: rows `15 . X O … 15` from the top.
fn read_board(rows: &[&str]) -> Vec<Vec<char>> {
    rows.iter()
        .map(|row| {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(tokens.len(), 17, "a row is its number, 15 cells, its number: {row:?}");
            tokens[1..16].iter().map(|t| t.chars().next().expect("a cell")).collect()
        })
        .collect()
}

#[test]
fn every_board_case_matches() {
    let text = reference();
    let (_, section) = sections(&text);
    let blocks: Vec<&str> = section.split("```text").skip(1).collect();
    let written = section.matches("```text").count();
    assert_eq!(blocks.len(), written);
    assert_eq!(blocks.len(), BOARD_CASES, "the file's board cases changed");

    let mut failures = Vec::new();
    for (case, block) in blocks.iter().enumerate() {
        let block = block.split("```").next().expect("a closed block");
        let rows: Vec<&str> = block
            .lines()
            .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
            .collect();
        assert_eq!(rows.len(), 30, "case {case}: two boards of 15 rows");
        let (position, answer) = (read_board(&rows[..15]), read_board(&rows[15..]));
        let mut board = Board::empty(15);
        for (row, cells) in position.iter().enumerate() {
            for (x, &cell) in cells.iter().enumerate() {
                let y = u8::try_from(14 - row).expect("on a 15×15 board");
                let stone = match cell {
                    'X' => Some(Stone::Black),
                    'O' => Some(Stone::White),
                    '.' => None,
                    other => panic!("case {case}: unknown cell {other:?}"),
                };
                board.set(Point::new(u8::try_from(x).expect("on a 15×15 board"), y), stone);
            }
        }
        for (row, cells) in answer.iter().enumerate() {
            for (x, &expected) in cells.iter().enumerate() {
                let point = Point::new(
                    u8::try_from(x).expect("valid in this test"),
                    u8::try_from(14 - row).expect("on a 15×15 board"),
                );
                let stone = position[row][x];
                if stone != '.' {
                    assert_eq!(expected, stone, "case {case}: the two boards differ at {point}");
                    continue;
                }
                let got = match forbidden_kind(&board, point) {
                    None => '.',
                    Some(ForbiddenKind::DoubleThree) => '3',
                    Some(ForbiddenKind::DoubleFour) => '4',
                    Some(ForbiddenKind::Overline) => '6',
                };
                if got != expected {
                    failures.push(format!(
                        "case {case} at {}{}: expected {expected}, got {got}",
                        char::from(b'A' + point.x),
                        point.y + 1
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
