//! The hard level of 5 en raya keeps the best outcome in positions solved offline.
//!
//! `data/connect5_solved.txt` holds positions with 24 to 26 empty cells reached by random and
//! normal-level play, each solved exactly by `Connect::solve` with no deadline (the oracle,
//! run by `examples/connect_positions.rs generate`; the format is at the top of the file),
//! kept only where some move throws the outcome away. The hard level thinks for a second
//! in a game; a test may not hang on a clock, so it gets a fixed node budget instead, less
//! than what one quiet core visits in that second (docs/PERFORMANCE.md has the rate). On it
//! the hard level must solve every position and keep its outcome. It uses its whole budget,
//! deepening among the moves that keep the outcome once it has solved, so a debug build
//! checks only every 55th position; a release build (`cargo test --release`) checks all;
//! the example's `check` runs them all on the real clock.

use engine::cpu::{ComputerPlayer, ConnectOutcome, Hopeless, Level, NodeBudget, Think};
use engine::{BoardGame, Connect, ConnectSettings};

const SOLVED: &str = include_str!("../data/connect5_solved.txt");

/// Deadline questions (one per 256 nodes): about 4.1 million nodes, 0.7 s of one core of
/// the loaded 2-core machine (5.5 to 6.1 million nodes per second of CPU time), less on a
/// quiet one; the hardest position of the file needs 3.6 million (docs/PERFORMANCE.md).
const CHECKS: u64 = 16_000;

/// Every position takes the hard level's whole budget (a quarter of a second, built optimised
/// with the debug checks on): the default test run plays one in four, 8 s, a release run all
/// of them.
#[cfg(debug_assertions)]
const EVERY: usize = 4;
#[cfg(not(debug_assertions))]
const EVERY: usize = 1;

struct Solved {
    moves: String,
    position: Connect,
    outcome: ConnectOutcome,
    keepers: Vec<char>,
}

fn solved() -> Vec<Solved> {
    SOLVED
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let [moves, outcome, keepers] = words[..] else { panic!("bad line {line:?}") };
            let position = moves.chars().fold(
                Connect::start(ConnectSettings::five_in_row()),
                |position, column| {
                    let mv = position.parse_move(&column.to_string()).expect("a column");
                    position.play(mv).expect("a legal drop")
                },
            );
            let outcome = match outcome {
                "win" => ConnectOutcome::Win,
                "draw" => ConnectOutcome::Draw,
                "loss" => ConnectOutcome::Loss,
                _ => panic!("bad outcome in {line:?}"),
            };
            Solved {
                moves: moves.to_string(),
                position,
                outcome,
                keepers: keepers.chars().collect(),
            }
        })
        .collect()
}

#[test]
fn the_file_holds_over_a_hundred_positions_with_24_to_26_empty_cells() {
    let solved = solved();
    assert!(solved.len() >= 100, "{} positions", solved.len());
    for case in &solved {
        let empty = 42 - case.moves.len();
        assert!((24..=26).contains(&empty), "{}: {empty} empty cells", case.moves);
        assert!(!case.position.outcome().is_over(), "{}", case.moves);
        // Only positions where the choice matters: some legal move loses the outcome.
        assert!(case.keepers.len() < case.position.legal_moves().len(), "{}", case.moves);
    }
}

#[test]
fn hard_solves_and_keeps_the_outcome_on_a_node_budget() {
    for case in solved().iter().step_by(EVERY) {
        let budget = NodeBudget::new(CHECKS);
        let think = Think { level: Level::Hard, seed: 1, deadline: &budget };
        let analysis = case.position.analyse(think).expect("a running game");
        assert_eq!(analysis.outcome, Some(case.outcome), "{}: {analysis:?}", case.moves);
        let column = analysis.best.to_string();
        let kept = column.chars().all(|c| case.keepers.contains(&c));
        assert!(kept, "{}: played {column}, keepers {:?}", case.moves, case.keepers);
    }
}

/// A position lost for the player to move (a won position of the file after a keeping move),
/// with far too little budget to prove it: the computer plays on, and never resigns on a
/// guess; with the budget of a game it proves the loss.
#[test]
fn a_loss_not_yet_proved_is_played_on() {
    let solved = solved();
    let won = solved.iter().find(|case| case.outcome == ConnectOutcome::Win).expect("a win");
    let keeper = won.position.parse_move(&won.keepers[0].to_string()).expect("a column");
    let lost = won.position.clone().play(keeper).expect("a legal drop");
    let choose = |checks: u64| {
        let budget = NodeBudget::new(checks);
        let think = Think { level: Level::Hard, seed: 1, deadline: &budget };
        lost.computer_choice(think).expect("a running game")
    };
    let hurried = choose(2);
    assert_eq!(hurried.hopeless, None, "{}{}", won.moves, won.keepers[0]);
    assert!(lost.check(hurried.mv).is_ok());
    if EVERY == 1 {
        assert_eq!(choose(CHECKS).hopeless, Some(Hopeless::ForcedLoss));
    }
}
