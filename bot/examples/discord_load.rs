//! The Discord adapter under load: 200 gomoku games between people (no CPU thinking), each
//! in its own channel, played at once by `/move` against the fake Discord on 127.0.0.1
//! (REST through serenity's proxy, one loopback gateway shard). Each game's next move is
//! dispatched `PAUSE` milliseconds after its board comes back (0: at once, which measures the
//! most moves a second; 500: about 400 moves a second offered, which measures the latency of
//! a move at that rate). The latency runs from the INTERACTION_CREATE being sent on the
//! gateway to the interaction's callback with the new board (a PNG) arriving at the fake.
//! All traffic stays on loopback.
//!
//! `cargo run --release -p cincobot --example discord_load [GAMES] [MOVES] [PAUSE]`
//! (200, 30, 500).

#[path = "../tests/integration/fake_discord.rs"]
mod fake_discord;
#[path = "../tests/integration/fake_http.rs"]
mod fake_http;
mod load_report;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fake_discord::{Call, FakeDiscord, press, slash, user};
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};

fn argument(index: usize, default: usize) -> usize {
    std::env::args().nth(index).and_then(|a| a.parse().ok()).unwrap_or(default)
}

/// The callbacks awaited, by interaction id.
type Waiting = Arc<Mutex<HashMap<u64, oneshot::Sender<Call>>>>;

/// Dispatches `interaction` and waits (at most a minute) for its callback.
async fn interact(
    fake: &FakeDiscord,
    waiting: &Waiting,
    (id, interaction): (u64, Value),
) -> Option<Call> {
    let (sender, callback) = oneshot::channel();
    waiting.lock().ok()?.insert(id, sender);
    fake.dispatch(interaction);
    tokio::time::timeout(Duration::from_secs(60), callback).await.ok()?.ok()
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let games = argument(1, 200).clamp(1, 1000);
    let moves = argument(2, 30).clamp(1, 120);
    let pause = Duration::from_millis(u64::try_from(argument(3, 500)).unwrap_or(500).min(5000));
    let directory = tempfile::tempdir()?;
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &directory.path().join("load.db")).await;
    fake.identified(1).await;

    // Each interaction's callback, routed to the task that dispatched it.
    let waiting: Waiting = Arc::new(Mutex::new(HashMap::new()));
    let mut calls = fake.watch(true);
    let router = waiting.clone();
    tokio::spawn(async move {
        while let Some(call) = calls.recv().await {
            let Some(id) = call.path.split("/interactions/").nth(1) else { continue };
            let Some(id) = id.split('/').next().and_then(|id| id.parse::<u64>().ok()) else {
                continue;
            };
            if let Some(waiter) = router.lock().ok().and_then(|mut w| w.remove(&id)) {
                let _ = waiter.send(call);
            }
        }
    });

    let mut players = Vec::new();
    let (ready, all_ready) = mpsc::unbounded_channel::<()>();
    let (go, _) = tokio::sync::broadcast::channel::<Instant>(1);
    for game in 0..games {
        let fake = fake.clone();
        let waiting = waiting.clone();
        let ready = ready.clone();
        let mut start = go.subscribe();
        players.push(tokio::spawn(async move {
            let channel = 1_400_000_000_000_000_000 + u64::try_from(game).unwrap_or(0);
            let (first, second) = (user(id(game, 0), "first"), user(id(game, 1), "second"));
            let opponent =
                json!([{ "name": "opponent", "type": 6, "value": id(game, 1).to_string() }]);
            let challenge =
                slash(&fake, &first, channel, "gomoku", opponent, std::slice::from_ref(&second));
            let challenged = interact(&fake, &waiting, challenge).await?;
            let accept = challenged.buttons().into_iter().find(|id| id.starts_with("a:"))?;
            let message = challenged.created?;
            interact(&fake, &waiting, press(&fake, &second, channel, message, &accept)).await?;
            load_report::line_up(&ready, &mut start, (game, games), pause).await?;
            let mut latencies = Vec::with_capacity(moves);
            for ply in 0..moves {
                if ply > 0 {
                    tokio::time::sleep(pause).await;
                }
                let who = if ply % 2 == 0 { &first } else { &second };
                let options =
                    json!([{ "name": "point", "type": 3, "value": load_report::point(game, ply) }]);
                let sent = Instant::now();
                let answer =
                    interact(&fake, &waiting, slash(&fake, who, channel, "move", options, &[]))
                        .await?;
                if !answer.png {
                    return None;
                }
                latencies.push(answer.at.saturating_duration_since(sent));
            }
            Some(latencies)
        }));
    }
    let (latencies, unfinished, elapsed) =
        load_report::start_together((ready, all_ready), &go, players).await;
    served.stop().await;
    load_report::print((games, moves, pause), latencies, elapsed, unfinished);
    Ok(())
}

fn id(game: usize, seat: usize) -> u64 {
    20_000 + 2 * u64::try_from(game).unwrap_or(0) + u64::try_from(seat).unwrap_or(0)
}
