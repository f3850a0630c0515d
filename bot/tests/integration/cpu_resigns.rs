//! The CPU resigns a game it has proved lost whatever it plays (issue 13), and plays on in a
//! position that is lost but not proved so. The person's moves are typed; the CPU's are
//! scripted up to the position, then the engine's hard level answers on a node budget.

use crate::common;

use cincobot::core::{GameId, Output};
use cincobot::games::Position;
use cincobot::i18n::{Arg, Locale, Text};
use cincobot::store::GameStatus;
use common::{Harness, game_between_ana_and_bruno};
use engine::Seat;
use engine::cpu::Hopeless;
use std::time::Duration;

fn cpu_hard() -> Arg {
    Arg::Text(Text::new("cpu-name").with("level", Text::new("level-hard")))
}

/// The lines of the one board among `outputs`.
fn board_lines(outputs: &[Output]) -> Vec<Text> {
    let lines: Vec<Vec<Text>> = outputs
        .iter()
        .filter_map(|output| match output {
            Output::Board { message, .. } => Some(message.lines.clone()),
            _ => None,
        })
        .collect();
    let [lines] = lines.as_slice() else { panic!("one board in {outputs:#?}") };
    lines.clone()
}

/// Ana starts `command` against the CPU and the game goes on as `script` says: her moves
/// typed, the CPU's answered as written. Ana is the first seat.
async fn scripted(harness: &mut Harness, command: &str, script: &[(bool, &str)]) {
    harness.say("Ana", command).await;
    for (ply, &(ana, text)) in script.iter().enumerate() {
        let outputs = if ana {
            harness.say("Ana", &format!("/move {text}")).await
        } else {
            harness.answer_cpu(text).await
        };
        let lines = board_lines(&outputs);
        assert!(
            !lines.iter().any(|line| line.id.starts_with("result-")),
            "ply {ply} ({text}) ended the game: {lines:#?}"
        );
    }
}

async fn position_of(harness: &Harness) -> Position {
    let (row, moves) = harness.store.game(GameId(1)).await.expect("the store").expect("game 1");
    Position::replay(&row.settings, moves.iter().map(|m| m.action.as_str())).expect("it replays")
}

/// The game is over in the store and in memory, Ana the winner by the CPU's resignation, the
/// board saying so and why.
async fn assert_cpu_resigned(
    harness: &Harness,
    outputs: &[Output],
    why: &Text,
    (plies, colour): (usize, &'static str),
) {
    let lines = board_lines(outputs);
    assert!(lines.contains(why), "{lines:#?}");
    let resigned = Text::new("result-resigned")
        .with("name", "Ana")
        .with("colour", Text::new(colour))
        .with("loser", cpu_hard());
    assert!(lines.contains(&resigned), "{lines:#?}");
    let (row, moves) = harness.store.game(GameId(1)).await.expect("the store").expect("game 1");
    assert_eq!((row.status, row.winner), (GameStatus::Finished, Some(Seat::First)));
    assert_eq!(moves.len(), plies, "the CPU played no move before resigning");
    assert!(harness.core.active_games().next().is_none());
}

/// Renju, the CPU black after swapping at once: white's d9 makes a four (c9 is black's) whose
/// only block, h9, is a double three for black (h7 h8 and i10 j11).
const RENJU_FOUR_BLOCKED_ONLY_BY_A_FORBIDDEN_POINT: [(bool, &str); 15] = [
    (true, "h8"),
    (false, "swap"),
    (true, "g9"),
    (false, "keep"),
    (false, "h7"),
    (true, "keep"),
    (true, "f9"),
    (false, "keep"),
    (false, "i10"),
    (true, "keep"),
    (true, "e9"),
    (false, "c9"),
    (true, "a1"),
    (false, "j11"),
    (true, "d9"),
];

#[tokio::test]
async fn renju_black_whose_only_block_is_forbidden_resigns() {
    let mut harness = Harness::new().await;
    scripted(&mut harness, "/renju cpu hard", &RENJU_FOUR_BLOCKED_ONLY_BY_A_FORBIDDEN_POINT).await;
    let Position::Renju(renju) = position_of(&harness).await else { panic!("a renju game") };
    assert_eq!(renju.black_seat(), Seat::Second, "the CPU holds black");
    let h9 = engine::Notation::WithI.parse("h9", 15).expect("a point");
    assert!(engine::forbidden_kind(renju.board(), h9).is_some(), "h9 is forbidden to black");

    let (outputs, _) = harness.run_engine_cpu().await;
    let why = Text::new("cpu-resigns-unblockable-four").with("colour", Text::new("colour-white"));
    assert_cpu_resigned(&harness, &outputs, &why, (15, "colour-white")).await;
    let texts = harness.core.texts();
    assert_eq!(texts.render(Locale::En, &why), "CPU resigns: white's four cannot be blocked.");
    assert_eq!(
        texts.render(Locale::Es, &why),
        "La CPU abandona: el cuatro de las blancas no se puede tapar."
    );
}

#[tokio::test]
async fn five_in_a_row_lost_by_force_resigns() {
    // Red (Ana) 2 3 4 5 in the bottom row beside the red side disc: columns 1 and 6 both make
    // five, and the CPU (yellow) can block one.
    let script = [(true, "2"), (false, "2"), (true, "3"), (false, "3"), (true, "4")];
    let mut script: Vec<(bool, &str)> = script.to_vec();
    script.extend([(false, "4"), (true, "5")]);
    let mut harness = Harness::new().await;
    scripted(&mut harness, "/connect5 cpu hard", &script).await;
    let (outputs, _) = harness.run_engine_cpu().await;
    let why = Text::new("cpu-resigns-forced-loss");
    assert_cpu_resigned(&harness, &outputs, &why, (7, "colour-red")).await;
    let texts = harness.core.texts();
    assert_eq!(texts.render(Locale::En, &why), "CPU resigns: it loses whatever it plays.");
    assert_eq!(texts.render(Locale::Es, &why), "La CPU abandona: pierde juegue lo que juegue.");
}

#[tokio::test]
async fn five_in_a_row_lost_but_not_proved_plays_on() {
    // Red wins from 7617716565465641 by column 1 (solved offline by `Connect::solve`, in
    // engine/tests/data/connect5_solved.txt): yellow, the CPU, is lost after it, with 25
    // empty cells, far more than a hurried search can prove.
    let drops = "76177165654656411";
    let script: Vec<(bool, String)> =
        drops.chars().enumerate().map(|(ply, c)| (ply % 2 == 0, c.to_string())).collect();
    let script: Vec<(bool, &str)> = script.iter().map(|(ana, c)| (*ana, c.as_str())).collect();
    let mut harness = Harness::new().await;
    scripted(&mut harness, "/connect5 cpu hard", &script).await;
    let (outputs, answered) = harness.run_engine_cpu_within(2).await;
    assert_eq!(answered.len(), 1, "the CPU played");
    let lines = board_lines(&outputs);
    assert!(!lines.iter().any(|line| line.id.starts_with("cpu-resigns")), "{lines:#?}");
    assert_eq!(position_of(&harness).await.ply(), drops.len() + 1);
    assert!(harness.core.active_games().next().is_some());
}

#[tokio::test]
async fn the_cpu_standing_in_for_a_person_never_resigns_for_them() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5 timer 30").await;
    harness.advance(Duration::from_secs(31));
    harness.core.tick().await;
    // Whatever the search says of Ana's position, her game is hers to give up.
    let outputs = harness.answer_cpu_with("4", Some(Hopeless::ForcedLoss)).await;
    let lines = board_lines(&outputs);
    assert_eq!(lines[1], Text::new("cpu-played-for").with("name", "Ana").with("move", "4"));
    assert_eq!(position_of(&harness).await.ply(), 1);
    assert!(harness.core.active_games().next().is_some());
}
