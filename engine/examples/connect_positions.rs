//! Solved 5 en raya positions: generates them, and checks the hard level against them.
//!
//! ```text
//! cargo run --release -p cincobot-engine --example connect_positions -- generate 120 24-26 --seed 1 > engine/tests/data/connect5_solved.txt
//! cargo run --release -p cincobot-engine --example connect_positions -- check engine/tests/data/connect5_solved.txt --budget-ms 1000
//! cargo run --release -p cincobot-engine --example connect_positions -- check engine/tests/data/connect5_solved.txt --checks 400
//! ```
//!
//! `generate` plays games of random moves mixed with the normal level's, stops each at a
//! random number of empty cells in the range, solves the position with `Connect::solve` (no
//! deadline: this is the oracle) and prints it when the choice of move matters, that is when
//! some legal move does not keep the best outcome. The format is described at the top of
//! its output. `check` asks the hard level for a move in every position, with a real clock
//! (`--budget-ms`) or a node budget (`--checks`, deadline questions as in `NodeBudget`), and
//! prints how many moves kept the outcome and the slowest answer.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use engine::cpu::{
    ConnectOutcome, ConnectSolution, Deadline, Level, NodeBudget, SplitMix64, Think, Unlimited,
};
use engine::{BoardGame, Connect, ConnectMove, ConnectSettings};

const FORMAT: &str = "\
# 5 en raya positions solved exactly by `Connect::solve` (examples/connect_positions.rs).
# One position a line: the drops from the start, one digit per column (1-7); the outcome for
# the player to move with best play (win, draw, loss); the columns whose drop keeps it.";

struct Clock {
    until: Instant,
}

impl Deadline for Clock {
    fn is_past(&self) -> bool {
        Instant::now() >= self.until
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") => generate(&args[1..]),
        Some("check") => check(&args[1..]),
        Some("solve") => solve(&args[1..]),
        _ => Err("usage: connect_positions generate <count> <min-max empty> [--seed S] | \
                  check <file> (--budget-ms MS | --checks N) | solve <file>"
            .to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn number<T: std::str::FromStr>(text: Option<&String>, what: &str) -> Result<T, String> {
    let text = text.ok_or_else(|| format!("missing {what}"))?;
    text.parse().map_err(|_| format!("bad {what} {text:?}"))
}

fn option<'a>(args: &'a [String], name: &str) -> Option<&'a String> {
    args.iter().position(|arg| arg == name).and_then(|i| args.get(i + 1))
}

fn generate(args: &[String]) -> Result<(), String> {
    let count: usize = number(args.first(), "count")?;
    let range = args.get(1).ok_or("missing empty-cell range")?;
    let (low, high) = range.split_once('-').ok_or("the range reads like 24-26")?;
    let (low, high): (u32, u32) =
        (number(Some(&low.to_string()), "range")?, number(Some(&high.to_string()), "range")?);
    let seed = option(args, "--seed").map_or(Ok(1), |s| number(Some(s), "seed"))?;
    let mut rng = SplitMix64::new(seed);
    println!("{FORMAT}");
    let mut found = 0;
    while found < count {
        let empty = low + rng.below(u64::from(high - low + 1)) as u32;
        let Some((moves, position)) = play_until(empty, &mut rng) else { continue };
        let began = Instant::now();
        let Some(solution) = position.solve(&Unlimited) else { continue };
        let keepers = keepers(&solution);
        if keepers.len() == solution.moves.len() {
            continue;
        }
        found += 1;
        println!("{moves} {} {keepers}", name(solution.outcome));
        eprintln!(
            "{found}: {empty} empty, {} nodes, {:.2} s",
            solution.nodes,
            began.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// A game of random and normal-level moves until `empty` cells are left, or `None` if it
/// ended before.
fn play_until(empty: u32, rng: &mut SplitMix64) -> Option<(String, Connect)> {
    let mut position = Connect::start(ConnectSettings::five_in_row());
    let mut moves = String::new();
    while 42 - moves.len() as u32 > empty {
        let mv = if rng.below(3) == 0 {
            let legal = position.legal_moves();
            legal[rng.below(legal.len() as u64) as usize]
        } else {
            let budget = NodeBudget::new(20);
            let think = Think { level: Level::Normal, seed: rng.next_u64(), deadline: &budget };
            position.analyse(think)?.best
        };
        moves.push_str(&mv.to_string());
        position = position.play(mv).ok()?;
        if position.outcome().is_over() {
            return None;
        }
    }
    Some((moves, position))
}

fn keepers(solution: &ConnectSolution) -> String {
    solution
        .moves
        .iter()
        .filter(|&&(_, outcome)| outcome == solution.outcome)
        .map(|(mv, _)| mv.to_string())
        .collect()
}

fn name(outcome: ConnectOutcome) -> &'static str {
    match outcome {
        ConnectOutcome::Win => "win",
        ConnectOutcome::Draw => "draw",
        ConnectOutcome::Loss => "loss",
    }
}

fn check(args: &[String]) -> Result<(), String> {
    let path = args.first().ok_or("missing file")?;
    let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
    let budget_ms: Option<u64> =
        option(args, "--budget-ms").map(|s| number(Some(s), "budget")).transpose()?;
    let checks: Option<u64> =
        option(args, "--checks").map(|s| number(Some(s), "checks")).transpose()?;
    let (mut kept, mut total, mut slowest, mut nodes) = (0, 0, Duration::ZERO, 0u64);
    for line in text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let (Some(moves), Some(_), Some(keep)) = (words.next(), words.next(), words.next()) else {
            return Err(format!("bad line {line:?}"));
        };
        let position = drops(moves).ok_or_else(|| format!("bad moves {moves:?}"))?;
        let began = Instant::now();
        let clock = Clock { until: began + Duration::from_millis(budget_ms.unwrap_or(1000)) };
        let budget = NodeBudget::new(checks.unwrap_or(u64::MAX));
        let deadline: &dyn Deadline = if checks.is_some() { &budget } else { &clock };
        let think = Think { level: Level::Hard, seed: total, deadline };
        let analysis = position.analyse(think).ok_or("a finished game in the file")?;
        slowest = slowest.max(began.elapsed());
        nodes = nodes.max(analysis.nodes);
        total += 1;
        let column = analysis.best.to_string();
        if keep.contains(column.as_str()) {
            kept += 1;
        } else {
            println!("lost the outcome: {moves} played {column}, keepers {keep} ({analysis:?})");
        }
    }
    println!(
        "hard kept the outcome in {kept}/{total}; slowest move {:.0} ms, most nodes {nodes}",
        slowest.as_secs_f64() * 1e3
    );
    Ok(())
}

/// Solves every position of a file again: the solver's speed, and a check of the file.
fn solve(args: &[String]) -> Result<(), String> {
    let path = args.first().ok_or("missing file")?;
    let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
    let began = Instant::now();
    let (mut nodes, mut slowest, mut count) = (0, Duration::ZERO, 0);
    for line in text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [moves, outcome, keep] = words[..] else { return Err(format!("bad line {line:?}")) };
        let position = drops(moves).ok_or_else(|| format!("bad moves {moves:?}"))?;
        let one = Instant::now();
        let solution = position.solve(&Unlimited).ok_or("a finished game in the file")?;
        slowest = slowest.max(one.elapsed());
        nodes += solution.nodes;
        count += 1;
        if name(solution.outcome) != outcome || keepers(&solution) != keep {
            return Err(format!("{moves}: solved {solution:?}, the file says {outcome} {keep}"));
        }
    }
    println!(
        "solved {count} positions again in {:.2} s, {nodes} nodes, slowest {:.2} s",
        began.elapsed().as_secs_f64(),
        slowest.as_secs_f64()
    );
    Ok(())
}

fn drops(moves: &str) -> Option<Connect> {
    let mut position = Connect::start(ConnectSettings::five_in_row());
    for c in moves.chars() {
        let mv: ConnectMove = position.parse_move(&c.to_string()).ok()?;
        position = position.play(mv).ok()?;
    }
    Some(position)
}
