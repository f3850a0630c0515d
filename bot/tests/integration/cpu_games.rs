//! A full game of every board game against the CPU through the core (issue 5): the person
//! plays the first legal move the engine lists (skipping a renju point that would lose by a
//! forbidden shape), the engine's easy player answers with a node budget instead of a clock,
//! and every game must end — a win, a loss or a draw announced — within the move limit, with
//! every CPU move legal and in the log.

use crate::common;

use cincobot::core::{GameId, Output};
use cincobot::games::Position;
use cincobot::i18n::{Arg, Text};
use cincobot::store::GameStatus;
use common::Harness;

/// No game here may take longer: the largest board has 361 points.
const MOVE_LIMIT: usize = 400;

/// What one game against the CPU left behind.
#[derive(Debug)]
struct Played {
    log: Vec<String>,
    cpu_moves: usize,
}

/// The board outputs of a turn: (ply, lines).
fn boards(outputs: &[Output]) -> Vec<(usize, Vec<Text>)> {
    outputs
        .iter()
        .filter_map(|output| match output {
            Output::Board { ply, message, .. } => Some((*ply, message.lines.clone())),
            _ => None,
        })
        .collect()
}

/// The single board among `outputs`.
fn one_board(outputs: &[Output], what: &str) -> (usize, Vec<Text>) {
    let mut found = boards(outputs);
    assert_eq!(found.len(), 1, "{what}: one board in {outputs:#?}");
    found.remove(0)
}

fn cpu_easy() -> Arg {
    Arg::Text(Text::new("cpu-name").with("level", Text::new("level-easy")))
}

async fn position_of(harness: &Harness, game: GameId) -> Position {
    let (row, moves) = harness.store.game(game).await.expect("the store").expect("the game");
    Position::replay(&row.settings, moves.iter().map(|m| m.action.as_str())).expect("it replays")
}

async fn play_against_the_cpu(command: &str, game_name: &'static str) -> Played {
    let mut harness = Harness::new().await;
    let game = GameId(1);
    let outputs = harness.say("Ana", command).await;
    let (ply, lines) = one_board(&outputs, command);
    assert_eq!(ply, 0);
    assert_eq!(lines[0].arg("game"), Some(&Arg::Text(Text::new(game_name))));
    assert_eq!(lines[1], Text::new("game-started").with("id", 1_i64));
    let mut last_lines = lines;
    let mut cpu_answers = Vec::new();
    for _ in 0..MOVE_LIMIT {
        if harness.core.active_games().next().is_none() {
            break;
        }
        if !harness.cpu_requests().is_empty() {
            let (outputs, answered) = harness.run_engine_cpu().await;
            let [(ply, move_text)] = answered.as_slice() else {
                panic!("one CPU answer at a time: {answered:?}");
            };
            let (shown, lines) = one_board(&outputs, "the CPU's move");
            assert_eq!(shown, ply + 1);
            // A stone or a drop is told by its notation; renju's decisions and captures in
            // words (tests/integration/board.rs checks those).
            let told = lines[1].id.starts_with("told-");
            if !told {
                assert_eq!(
                    lines[1],
                    Text::new("move-played")
                        .with("name", cpu_easy())
                        .with("move", move_text.as_str())
                );
            }
            assert_eq!(lines[1].arg("name"), Some(&cpu_easy()));
            cpu_answers.push((*ply, move_text.clone()));
            last_lines = lines;
            continue;
        }
        // The person's turn: the first legal move that is played at once.
        let position = position_of(&harness, game).await;
        let mut played = false;
        for candidate in position.legal_moves() {
            let outputs = harness.say("Ana", &format!("/move {candidate}")).await;
            match outputs.as_slice() {
                [Output::Send { message, .. }] if message.lines[0].id == "confirm-forbidden" => {}
                _ => {
                    let (ply, lines) = one_board(&outputs, &candidate);
                    assert_eq!(ply, position.ply() + 1);
                    last_lines = lines;
                    played = true;
                    break;
                }
            }
        }
        assert!(played, "the person found a move at ply {}", position.ply());
    }
    assert!(
        harness.core.active_games().next().is_none(),
        "{command}: the game ended within {MOVE_LIMIT} moves"
    );
    let (row, moves) = harness.store.game(game).await.expect("the store").expect("the game");
    assert_eq!(row.status, GameStatus::Finished);
    // Every CPU move is in the log at its ply, marked as the CPU's, and the log replays.
    for (ply, text) in &cpu_answers {
        let stored = &moves[*ply];
        assert!(stored.by_cpu, "{command}: ply {ply} is the CPU's");
        assert_eq!(&stored.action, text);
    }
    assert_eq!(moves.iter().filter(|m| m.by_cpu).count(), cpu_answers.len());
    let position = position_of(&harness, game).await;
    assert!(position.outcome().is_over());
    let result = last_lines
        .iter()
        .find(|line| line.id.starts_with("result-"))
        .cloned()
        .expect("the last board announces the result");
    assert!(matches!(result.id, "result-win" | "result-draw"), "{result:?}");
    Played { log: moves.into_iter().map(|m| m.action).collect(), cpu_moves: cpu_answers.len() }
}

async fn check(command: &str, game_name: &'static str) -> Played {
    let played = play_against_the_cpu(command, game_name).await;
    assert!(played.cpu_moves > 0, "{command}: the CPU played");
    assert!(played.log.len() <= MOVE_LIMIT);
    played
}

#[tokio::test]
async fn gomoku_against_the_cpu_ends() {
    check("/gomoku cpu easy", "game-gomoku").await;
}

#[tokio::test]
async fn renju_against_the_cpu_passes_the_opening_and_ends() {
    let played = check("/renju cpu easy", "game-renju").await;
    // The opening's decisions were taken: a swap option after each of the first four stones,
    // then the fifth stone placed (and one more swap option) or ten offered and one chosen.
    let log = &played.log;
    let decisions =
        |moves: &[String]| moves.iter().filter(|m| matches!(m.as_str(), "swap" | "keep")).count();
    assert_eq!(decisions(&log[..8]), 4, "{log:?}");
    let offered = log[8].starts_with("offer ") && log[9].starts_with("choose ");
    let placed = decisions(&log[9..10]) == 1;
    assert!(offered || placed, "{log:?}");
}

#[tokio::test]
async fn ninuki_against_the_cpu_ends() {
    check("/ninuki cpu easy", "game-ninuki").await;
}

#[tokio::test]
async fn pente_against_the_cpu_ends() {
    check("/pente cpu easy", "game-pente").await;
}

#[tokio::test]
async fn five_in_a_row_against_the_cpu_ends() {
    check("/connect5 cpu easy", "game-connect5").await;
}

#[tokio::test]
async fn five_in_a_row_with_popout_against_the_cpu_ends() {
    check("/connect5 cpu easy popout", "game-connect5").await;
}

#[tokio::test]
async fn connect_four_against_the_cpu_ends() {
    check("/connect4 cpu easy", "game-connect4").await;
}
