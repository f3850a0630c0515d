//! What the load examples share: the moves their games play, each game's latencies once every game has finished,
//! and one line with the moves per second and the latency percentiles.

use std::time::{Duration, Instant};

use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinHandle;

/// Stones along rows 1, 3, 5…, alternating colours: no line of five ever forms, so a game
/// lasts as long as asked (up to 120 moves). Each game starts at its own column and row, so
/// that no two boards are alike, as in a running bot.
pub fn point(game: usize, ply: usize) -> String {
    let column = char::from(b'a' + u8::try_from((ply + game) % 15).unwrap_or(0));
    let row = 1 + 2 * ((ply / 15 + game / 15) % 8);
    format!("{column}{row}")
}

/// A game set up: says so on `ready`, waits for the start, then for its place in the first
/// pause (game `game` of `games`), as players who did not all start at once; `None` if the
/// start never comes.
pub async fn line_up(
    ready: &mpsc::UnboundedSender<()>,
    start: &mut broadcast::Receiver<Instant>,
    (game, games): (usize, usize),
    pause: Duration,
) -> Option<()> {
    ready.send(()).ok()?;
    start.recv().await.ok()?;
    let offset = u32::try_from(game).unwrap_or(0);
    tokio::time::sleep(pause * offset / u32::try_from(games).unwrap_or(1).max(1)).await;
    Some(())
}

/// Waits until every game is set up (each `players` task says so on `ready`), then starts
/// them all at once through `go`, so that the clock runs for the moves only: every game's
/// latencies, how many games did not finish, and how long the moves took.
pub async fn start_together(
    (ready, mut all_ready): (mpsc::UnboundedSender<()>, mpsc::UnboundedReceiver<()>),
    go: &broadcast::Sender<Instant>,
    players: Vec<JoinHandle<Option<Vec<Duration>>>>,
) -> (Vec<Duration>, usize, Duration) {
    drop(ready);
    for _ in 0..players.len() {
        if all_ready.recv().await.is_none() {
            break;
        }
    }
    let started = Instant::now();
    let _ = go.send(started);
    let (latencies, unfinished) = collect(players).await;
    (latencies, unfinished, started.elapsed())
}

/// Every game's latencies, and how many games did not finish.
async fn collect(players: Vec<JoinHandle<Option<Vec<Duration>>>>) -> (Vec<Duration>, usize) {
    let mut latencies = Vec::new();
    let mut unfinished = 0;
    for player in players {
        match player.await {
            Ok(Some(game)) => latencies.extend(game),
            _ => unfinished += 1,
        }
    }
    (latencies, unfinished)
}

/// Prints the run's line: `latencies` of the moves played in `elapsed`.
pub fn print(
    (games, moves, pause): (usize, usize, Duration),
    mut latencies: Vec<Duration>,
    elapsed: Duration,
    unfinished: usize,
) {
    latencies.sort();
    let at = |q: f64| {
        let index = ((latencies.len() as f64 - 1.0) * q).round() as usize;
        latencies.get(index).copied().unwrap_or_default()
    };
    println!(
        "{games} games × {moves} moves, {} ms between a board and the next move: {} moves in {:.2} s = {:.0} moves/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; {unfinished} games unfinished",
        pause.as_millis(),
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        at(0.5).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
        at(1.0).as_secs_f64() * 1000.0,
    );
}
