//! The computer player of 5 en raya and Connect Four: search speed in nodes per second (the
//! item counter, on a fixed node budget), and the time to solve a position exactly, with the
//! hard level's deepening and with the exact solver (`Connect::solve`).

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use engine::cpu::{Level, NodeBudget, Think, Unlimited};
use engine::{BoardGame, Connect, ConnectSettings};

fn main() {
    divan::main();
}

/// Drops written one digit per move.
fn after(settings: ConnectSettings, moves: &str) -> Connect {
    moves.chars().fold(Connect::start(settings), |position, c| {
        let mv = position.parse_move(&c.to_string()).expect("a column");
        position.play(mv).expect("a legal move")
    })
}

/// Positions from the opening and the middle game (the first ten moves of drawn games),
/// where no search ends early.
fn position(name: &str) -> Connect {
    match name {
        "five_in_row_opening" => after(ConnectSettings::five_in_row(), "44"),
        "five_in_row_middle" => after(ConnectSettings::five_in_row(), "6551425125"),
        "classic_opening" => after(ConnectSettings::classic(), "44"),
        "popout_middle" => after(ConnectSettings::five_in_row().with_pop_out(true), "6551425125"),
        _ => unreachable!("a known position"),
    }
}

/// The hard level with 400 deadline checks (about 100 000 nodes).
#[divan::bench(
    args = ["five_in_row_opening", "five_in_row_middle", "classic_opening", "popout_middle"],
    sample_count = 20
)]
fn nodes_per_second(bencher: Bencher, name: &str) {
    let position = position(name);
    let think = |budget: &NodeBudget| {
        position.analyse(Think { level: Level::Hard, seed: 1, deadline: budget }).expect("a move")
    };
    let nodes = think(&NodeBudget::new(400)).nodes;
    bencher
        .counter(ItemsCount::new(nodes))
        .with_inputs(|| NodeBudget::new(400))
        .bench_refs(|budget| black_box(think(budget)));
}

/// The hard level with no deadline on a 5 en raya and a Connect Four position with 24 empty
/// cells: exact, by the solver (then deepening among the moves that keep the outcome).
#[divan::bench(args = ["five_in_row", "classic"], sample_count = 5)]
fn solve_24_empty(bencher: Bencher, name: &str) {
    let position = match name {
        "five_in_row" => after(ConnectSettings::five_in_row(), "655142512552112356"),
        _ => after(ConnectSettings::classic(), "655372454433461754"),
    };
    bencher.bench(|| {
        let budget = NodeBudget::new(u64::MAX);
        let think = Think { level: Level::Hard, seed: 1, deadline: &budget };
        let analysis = black_box(&position).analyse(think).expect("a move");
        let proven = !matches!(analysis.forecast, engine::cpu::ConnectForecast::Estimate(_));
        assert!(analysis.outcome.is_some() || analysis.depth >= 24 || proven);
        analysis
    });
}

/// The exact solver on 5 en raya positions with 26 empty cells (the hard level's reach),
/// every legal move valued; the item counter gives its nodes per second.
#[divan::bench(args = ["7541151251342333", "2454362742362623", "3424255334434636"], sample_count = 3)]
fn solver_26_empty(bencher: Bencher, moves: &str) {
    let position = after(ConnectSettings::five_in_row(), moves);
    let nodes = position.solve(&Unlimited).expect("solved").nodes;
    bencher
        .counter(ItemsCount::new(nodes))
        .bench(|| black_box(&position).solve(&Unlimited).expect("solved"));
}
