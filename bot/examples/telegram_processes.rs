//! Several `cincobot` processes on one PostgreSQL against the fake Bot API (the fleet of the
//! test `processes.rs`: one process polls, and each update goes to the process serving its
//! chat):
//!
//! - `load PROCESSES GROUPS ROUNDS`: GROUPS games of five in a row move ROUNDS times, every
//!   group's next move as soon as all groups have their board; prints moves a second.
//! - `takeover RUNS GROUPS`: two processes; RUNS times one of them is killed (SIGKILL and
//!   SIGTERM in turn) while every group sends a move, and the time until every group has
//!   its board is measured; the process is started again before the next run. Prints each
//!   run and the median and longest of each kind.
//!
//! Needs `CINCOBOT_TEST_POSTGRES` (a server to make a database on, as the tests) and the bot
//! built: `cargo build --release -p cincobot`, then
//! `cargo run --release -p cincobot --example telegram_processes -- load 2 200 20`.

#[path = "../tests/integration/balancer.rs"]
mod balancer;
#[path = "../tests/integration/fake_discord.rs"]
mod fake_discord;
#[path = "../tests/integration/fake_http.rs"]
mod fake_http;
#[path = "../tests/integration/fake_telegram.rs"]
mod fake_telegram;
#[path = "../tests/integration/fleet.rs"]
mod fleet;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fleet::{Fleet, Groups};

/// The `cincobot` beside this example's folder (`target/release/cincobot`).
fn binary() -> PathBuf {
    let example = std::env::current_exe().unwrap_or_default();
    let release = example.parent().and_then(|examples| examples.parent());
    release.map(|folder| folder.join("cincobot")).unwrap_or_default()
}

fn number(index: usize, default: usize) -> usize {
    std::env::args().nth(index).and_then(|a| a.parse().ok()).unwrap_or(default)
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let database = cincobot::store::scratch::postgres()
        .await
        .ok_or("needs CINCOBOT_TEST_POSTGRES: a PostgreSQL server to make a database on")?;
    let binary = binary();
    if !binary.exists() {
        return Err(
            format!("{} is missing: cargo build --release -p cincobot", binary.display()).into()
        );
    }
    let mut fleet = Fleet::new(binary, database).await;
    // Kept: a slow run is understood from the processes' logs, by the time it printed.
    println!("the processes' logs: {}", fleet.keep_logs().display());
    match std::env::args().nth(1).as_deref() {
        Some("load") => load(&fleet, number(2, 1), number(3, 200), number(4, 20)).await,
        Some("takeover") => takeover(&fleet, number(2, 10), number(3, 50)).await,
        _ => Err("load PROCESSES GROUPS ROUNDS, or takeover RUNS GROUPS".into()),
    }
}

/// Now, as the seconds since 1970 the processes' logs can be matched with.
fn since_epoch() -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    format!("{:.3} s", now.unwrap_or_default().as_secs_f64())
}

fn names(count: usize) -> Vec<String> {
    (1..=count).map(|n| format!("p{n}")).collect()
}

async fn load(
    fleet: &Fleet,
    processes: usize,
    groups: usize,
    rounds: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let names = names(processes);
    let _running: Vec<_> = names.iter().map(|name| fleet.start(name)).collect();
    let named: Vec<&str> = names.iter().map(String::as_str).collect();
    fleet.wait_for_balance(&named).await;
    let mut games = Groups::follow(&fleet.fake, i64::try_from(groups)?);
    games.start_games(&fleet.fake).await;
    let start = Instant::now();
    for ply in 0..rounds {
        games.play_round(&fleet.fake, ply, || {}).await;
    }
    let elapsed = start.elapsed();
    let moves = groups * rounds;
    println!(
        "{processes} process(es), {groups} groups × {rounds} moves: {moves} moves in {:.2} s = {:.0} moves/s",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64()
    );
    Ok(())
}

async fn takeover(
    fleet: &Fleet,
    runs: usize,
    groups: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut processes = [fleet.start("a"), fleet.start("b")];
    fleet.wait_for_balance(&["a", "b"]).await;
    let mut games = Groups::follow(&fleet.fake, i64::try_from(groups)?);
    games.start_games(&fleet.fake).await;
    let (mut killed, mut stopped) = (Vec::new(), Vec::new());
    for run in 0..runs {
        let which = run % 2;
        let sigkill = (run / 2) % 2 == 0;
        let took = games
            .play_round(&fleet.fake, run, || {
                if sigkill { processes[which].kill() } else { processes[which].terminate() }
            })
            .await;
        processes[which].wait();
        println!(
            "run {run} (ended {}): {} of {}, every board within {took:?}",
            since_epoch(),
            if sigkill { "SIGKILL" } else { "SIGTERM" },
            processes[which].name
        );
        if sigkill {
            killed.push(took)
        } else {
            stopped.push(took)
        }
        let name = processes[which].name.clone();
        processes[which] = fleet.start(&name);
        fleet.wait_for_balance(&["a", "b"]).await;
    }
    for (kind, mut times) in [("SIGKILL", killed), ("SIGTERM", stopped)] {
        times.sort();
        let median = times.get(times.len() / 2).copied().unwrap_or_default();
        let longest = times.last().copied().unwrap_or(Duration::ZERO);
        println!("{kind}: {} runs, median {median:?}, longest {longest:?}", times.len());
    }
    Ok(())
}
