//! The bare move (`h8`, `4`, `pop 3` alone in a chat): its grammar as a table of cases kept in
//! `tests/data/bare_moves.txt`, checked against the engine's notation of every game, and how
//! the core answers one.

use crate::common;

use cincobot::core::{Action, Command, Output, shortcut};
use cincobot::games::{GameKind, GameSettings, Position, board_sizes};
use cincobot::i18n::Text;
use common::{Harness, assert_notice, board, game_between_ana_and_bruno, played};

/// The cases of the table: the text, and the `/move` text it becomes if it is a move.
fn cases() -> Vec<(String, Option<String>)> {
    let table = include_str!("../data/bare_moves.txt");
    table
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let rest = line.strip_prefix('"').unwrap_or_else(|| panic!("a quoted text: {line}"));
            let (text, verdict) =
                rest.split_once('"').unwrap_or_else(|| panic!("a closing quote: {line}"));
            let verdict = verdict.trim();
            let becomes = match verdict.strip_prefix("move ") {
                Some(text) => Some(text.to_owned()),
                None if verdict == "-" => None,
                None => panic!("`move <text>` or `-`: {line}"),
            };
            (text.to_owned(), becomes)
        })
        .collect()
}

/// Every game but renju on every board it is played on: renju's points are gomoku's, and its
/// decision words are no bare moves.
fn positions() -> Vec<(GameKind, u8, Position)> {
    let mut positions = Vec::new();
    for kind in GameKind::ALL.into_iter().filter(|kind| *kind != GameKind::Renju) {
        let sizes = match board_sizes(kind) {
            [] => vec![0],
            sizes => sizes.to_vec(),
        };
        for size in sizes {
            let settings = GameSettings { size, ..GameSettings::default_for(kind) };
            positions.push((kind, size, Position::start(&settings)));
        }
    }
    positions
}

#[test]
fn the_table_of_bare_moves_holds() {
    let cases = cases();
    assert!(cases.len() > 40, "the table is read whole: {} cases", cases.len());
    for (text, becomes) in cases {
        let expected = becomes.map(|text| Command::Move { text, game: None, confirm: false });
        assert_eq!(shortcut(&text), expected, "{text:?}");
    }
}

#[test]
fn a_bare_move_is_exactly_what_some_game_reads_as_a_move() {
    let positions = positions();
    assert!(positions.len() >= 8, "{}", positions.len());
    for (text, _) in cases() {
        let readers: Vec<String> = positions
            .iter()
            .filter(|(_, _, position)| position.reads(&text))
            .map(|(kind, size, _)| format!("{} {size}", kind.code()))
            .collect();
        assert_eq!(
            shortcut(&text).is_some(),
            !readers.is_empty(),
            "{text:?} is read by {readers:?}"
        );
    }
}

#[tokio::test]
async fn a_bare_move_plays_and_chat_gets_no_answer() {
    let mut harness = Harness::new().await;
    let bare = |text: &str| Action::Shortcut(text.to_owned());
    // Nobody has a game: "a1" was no move, and nothing is said.
    let input = harness.input("Ana", bare("a1"));
    assert_eq!(harness.deliver(input).await, []);
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    let input = harness.input("Carla", bare("4"));
    assert_eq!(harness.deliver(input).await, [], "Carla has no game here");
    let input = harness.input("Ana", bare("hello"));
    assert_eq!(harness.deliver(input).await, []);
    let input = harness.input("Ana", bare("4"));
    let (ply, lines, _) = board(&harness.deliver(input).await);
    assert_eq!((ply, &lines[1]), (1, &played("Ana", "4")));
    // Someone with a game hears why a bare move is refused.
    let input = harness.input("Ana", bare("3"));
    assert_notice(&harness.deliver(input).await, "ana", Text::new("not-your-turn"));
    let input = harness.input("Bruno", bare("P4"));
    let outputs = harness.deliver(input).await;
    assert!(matches!(outputs.as_slice(), [Output::Reply { .. }]), "no PopOut here: {outputs:#?}");
}

#[test]
fn the_terminal_takes_a_bare_move_too() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let session = "/as Ana admin\n/language en\n/as Ana\n/connect4 cpu easy\n4\nhello\n";
    let text = common::terminal(&folder, 2000, session);
    assert!(text.contains("Ana played 4."), "{text}");
    let after = text.find("Ana> hello").map_or("", |at| &text[at..]);
    assert!(!after.contains("Ana played"), "chat is not played: {after}");
}
