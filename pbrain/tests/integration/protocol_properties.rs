//! The Gomocup protocol under generated input (issue 27): every command written as a
//! manager writes it is read back as itself, coordinates and `BOARD` lines round-trip, no
//! line makes the reader panic, and a brain fed any conversation at all keeps answering
//! with the protocol's answers only — one line at most per line it was sent.
//!
//! The case counts keep a debug `cargo test` quick; `PROPTEST_CASES` raises them all and
//! `PROPTEST_RNG_SEED` changes the otherwise fixed seed.

use std::collections::HashSet;

use engine::cpu::Deadline;
use engine::{BoardGame, Gomoku, Point};
use pbrain::{Brain, Command, Coords, Field, Player, parse_board_line};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// `cases` unless `PROPTEST_CASES` says otherwise; a fixed seed unless `PROPTEST_RNG_SEED`
/// says otherwise; no failure files written next to the sources.
fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(27);
    }
    config.failure_persistence = None;
    config
}

/// The first legal point, row by row from the bottom: instant, whatever the clock says.
#[derive(Debug)]
struct FirstEmpty;

impl Player for FirstEmpty {
    fn choose(&mut self, position: &Gomoku, _: &dyn Deadline) -> Option<Point> {
        position.legal_moves().first().copied()
    }
}

const WORDS: [&str; 13] = [
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "SWAP2BOARD",
    "INFO",
    "END",
    "ABOUT",
    "TAKEBACK",
    "PLAY",
    "DONE",
];

fn coords() -> impl Strategy<Value = Coords> {
    prop_oneof![
        (0u32..25, 0u32..25).prop_map(|(x, y)| Coords { x, y }),
        (any::<u32>(), any::<u32>()).prop_map(|(x, y)| Coords { x, y }),
    ]
}

/// A command this brain knows, as the reader gives it back.
fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        any::<u32>().prop_map(Command::Start),
        (any::<u32>(), any::<u32>())
            .prop_map(|(width, height)| Command::RectStart { width, height }),
        Just(Command::Restart),
        Just(Command::Begin),
        coords().prop_map(Command::Turn),
        Just(Command::Board),
        Just(Command::Swap2Board),
        ("[a-z_]{1,16}", "([!-~]([ !-~]{0,30}[!-~])?)?")
            .prop_map(|(key, value)| Command::Info { key, value }),
        Just(Command::End),
        Just(Command::About),
        coords().prop_map(Command::Takeback),
        coords().prop_map(Command::Play),
        "[A-Z0-9_]{1,12}"
            .prop_filter("an unknown word", |word| !WORDS.contains(&word.as_str()))
            .prop_map(Command::Unknown),
    ]
}

/// `command` as a manager (or a person at a console) might write it: the command word in
/// any case, spaces wherever the protocol tolerates them, a `\r` left at the end.
fn written(command: &Command, lower: bool, gap: &str, end: &str) -> String {
    let word = |word: &str| if lower { word.to_lowercase() } else { word.to_owned() };
    let line = match command {
        Command::Start(size) => format!("{}{gap}{size}", word("START")),
        Command::RectStart { width, height } => {
            format!("{}{gap}{width},{height}", word("RECTSTART"))
        }
        Command::Restart => word("RESTART"),
        Command::Begin => word("BEGIN"),
        Command::Turn(at) => format!("{}{gap}{},{}", word("TURN"), at.x, at.y),
        Command::Board => word("BOARD"),
        Command::Swap2Board => word("SWAP2BOARD"),
        Command::Info { key, value } => {
            format!("{}{gap}{}{gap}{value}", word("INFO"), key.to_uppercase())
        }
        Command::End => word("END"),
        Command::About => word("ABOUT"),
        Command::Takeback(at) => format!("{}{gap}{at}", word("TAKEBACK")),
        Command::Play(at) => format!("{}{gap}{} , {}", word("PLAY"), at.x, at.y),
        Command::Unknown(name) => name.clone(),
    };
    format!("{gap}{line}{end}")
}

/// A line a manager might send, or garbage near it, or anything at all.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (command(), any::<bool>(), "[ \t]{1,3}", "\r?")
            .prop_map(|(command, lower, gap, end)| written(&command, lower, &gap, &end)),
        2 => (prop::sample::select(WORDS.to_vec()), "[ ]{0,2}[-+0-9, ]{0,12}")
            .prop_map(|(word, rest)| format!("{word} {rest}")),
        2 => "[0-9]{1,2},[0-9]{1,2},[0-4]",
        1 => Just("START 15".to_owned()),
        1 => Just("INFO rule 4".to_owned()),
        1 => any::<String>().prop_map(|text| text.replace('\n', " ")),
    ]
}

/// Whether `answer` is one of the protocol's answers: `OK`, a point on a board of `side`
/// (three of them for `SWAP2BOARD`), `ERROR …`, `UNKNOWN …` or the `ABOUT` line.
fn is_protocol_answer(answer: &str) -> bool {
    let is_point = |text: &str| {
        text.split_once(',')
            .is_some_and(|(x, y)| [x, y].iter().all(|n| n.parse::<u32>().is_ok_and(|n| n < 19)))
    };
    answer == "OK"
        || answer.starts_with("ERROR ")
        || answer.starts_with("UNKNOWN ")
        || answer.starts_with("name=\"cincobot\"")
        || (!answer.is_empty() && answer.split(' ').all(is_point))
}

fn talk(input: &[u8]) -> Result<Vec<String>, TestCaseError> {
    let mut output = Vec::new();
    let result = Brain::new(FirstEmpty).run(input, &mut output);
    prop_assert!(result.is_ok(), "{:?}", result);
    let text = String::from_utf8(output);
    prop_assert!(text.is_ok(), "answers are text");
    Ok(text.unwrap_or_default().lines().map(str::to_owned).collect())
}

proptest! {
    #![proptest_config(config(2_000))]

    /// Every command, written in any case with the spacing the protocol tolerates, reads
    /// back as itself.
    #[test]
    fn commands_read_back(
        command in command(),
        lower in any::<bool>(),
        gap in "[ \t]{1,3}",
        end in "[ \t\r]{0,2}",
    ) {
        let line = written(&command, lower, &gap, &end);
        prop_assert_eq!(Command::parse(&line), Some(Ok(command)), "{:?}", line);
    }

    /// Any line: no panic; nothing but a blank line is ignored, and the word's case never
    /// changes what a known command means.
    #[test]
    fn any_line_is_read_or_refused(line in prop_oneof![any::<String>(), line()]) {
        let read = Command::parse(&line);
        prop_assert_eq!(read.is_none(), line.trim().is_empty(), "{:?}", line);
        let shouted = line.to_ascii_uppercase();
        match (read, Command::parse(&shouted)) {
            (Some(Ok(Command::Unknown(word))), Some(Ok(Command::Unknown(loud)))) => {
                prop_assert_eq!(word.to_ascii_uppercase(), loud);
            }
            (Some(Ok(Command::Info { key, .. })), Some(Ok(Command::Info { key: loud, .. }))) => {
                prop_assert_eq!(key, loud);
            }
            (Some(Err(_)), Some(Err(_))) | (None, None) => {}
            (read, loud) => {
                // Only the arguments may differ once shouted (`INFO folder c:\x`): the
                // command itself stays the same.
                let kind = |read: &Option<Result<Command, pbrain::BrainError>>| {
                    read.as_ref().map(|read| read.as_ref().map(std::mem::discriminant).ok())
                };
                prop_assert_eq!(kind(&read), kind(&loud), "{:?}", line);
            }
        }
    }

    /// Coordinates and `BOARD` lines are written and read back.
    #[test]
    fn coordinates_and_board_lines_read_back(at in coords(), field in 1u8..=3, gap in "[ ]{0,2}") {
        prop_assert_eq!(Coords::parse(&at.to_string()), Ok(at));
        prop_assert_eq!(Coords::parse(&format!("{gap}{}{gap},{gap}{}{gap}", at.x, at.y)), Ok(at));
        let expected = match field {
            1 => Field::Own,
            2 => Field::Opponent,
            _ => Field::Continuous,
        };
        prop_assert_eq!(parse_board_line(&format!("{at},{field}")), Ok((at, expected)));
    }

    /// Any `x,y` or `BOARD` line: no panic, and what is read is what was written.
    #[test]
    fn any_coordinates_are_read_or_refused(text in prop_oneof![any::<String>(), "[-+ 0-9,]{0,16}"]) {
        if let Ok(at) = Coords::parse(&text) {
            prop_assert_eq!(Coords::parse(&at.to_string()), Ok(at));
            let numbers: Vec<&str> = text.split(',').map(str::trim).collect();
            prop_assert_eq!(numbers.len(), 2, "{:?}", text);
        }
        if let Ok((at, _)) = parse_board_line(&text) {
            prop_assert_eq!(Coords::parse(&at.to_string()), Ok(at));
        }
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// Any conversation: the brain neither panics nor stops early, and it answers with the
    /// protocol's answers only, never more lines than it was sent.
    #[test]
    fn any_conversation_gets_protocol_answers(lines in prop::collection::vec(line(), 0..40)) {
        let input = lines.join("\n");
        let answers = talk(input.as_bytes())?;
        prop_assert!(answers.len() <= lines.len(), "{:?} -> {:?}", lines, answers);
        for answer in &answers {
            prop_assert!(is_protocol_answer(answer), "{:?} in {:?}", answer, lines);
        }
    }

    /// Any bytes at all, not even text: the same.
    #[test]
    fn any_bytes_get_protocol_answers(input in prop::collection::vec(any::<u8>(), 0..600)) {
        let lines = input.split(|&byte| byte == b'\n').count();
        let answers = talk(&input)?;
        prop_assert!(answers.len() <= lines);
        for answer in &answers {
            prop_assert!(is_protocol_answer(answer), "{:?}", answer);
        }
    }

    /// A game of `TURN`s at generated points: each answer is `ERROR` (a taken or outside
    /// point) or a free point of the board, never one already played.
    #[test]
    fn turns_are_answered_with_free_points(
        big in any::<bool>(),
        turns in prop::collection::vec((0u32..21, 0u32..21), 0..30),
    ) {
        let side: u32 = if big { 19 } else { 15 };
        let mut input = format!("START {side}\n");
        for (x, y) in &turns {
            input.push_str(&format!("TURN {x},{y}\n"));
        }
        let answers = talk(input.as_bytes())?;
        prop_assert_eq!(answers.len(), turns.len() + 1);
        prop_assert_eq!(answers[0].as_str(), "OK");
        let mut taken = HashSet::new();
        for (&(x, y), answer) in turns.iter().zip(&answers[1..]) {
            if answer.starts_with("ERROR ") {
                continue;
            }
            prop_assert!(x < side && y < side && taken.insert((x, y)), "TURN {},{} answered", x, y);
            let at = Coords::parse(answer);
            prop_assert!(at.is_ok(), "{:?}", answer);
            let at = at.unwrap_or(Coords { x: 0, y: 0 });
            prop_assert!(at.x < side && at.y < side && taken.insert((at.x, at.y)), "{:?}", answer);
        }
    }
}
