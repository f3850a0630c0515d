//! The Telegram adapter under load: 200 gomoku games between people (no CPU thinking), each
//! in its own group, played at once against the fake Bot API on 127.0.0.1. Each game's next
//! move is sent `PAUSE` milliseconds after its board comes back (0: at once, which measures
//! the most moves a second; 500: 200 quick players offer about 400 moves a second, which
//! measures the latency of a move at that rate). The latency runs from the update being queued
//! at the fake server to the board's photo arriving there (`editMessageMedia`). Flood limits
//! are off (`Pacing::UNLIMITED`): this measures the bot, not Telegram's one message a second
//! per chat. All traffic stays on loopback.
//!
//! `cargo run --release -p cincobot --example telegram_load [GAMES] [MOVES] [PAUSE] [STORE]`
//! (200, 30, 500, sqlite). STORE `postgres` keeps the games in a new database on the
//! PostgreSQL server `CINCOBOT_TEST_POSTGRES` names (as the tests do) instead of a SQLite
//! file; `docs/scripts/load_backends.sh` runs both side by side.

#[path = "../tests/integration/fake_http.rs"]
mod fake_http;
#[path = "../tests/integration/fake_telegram.rs"]
mod fake_telegram;
mod load_report;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use cincobot::config::{Config, CpuBudgets, ScriptAids, Secret, TelegramConfig};
use cincobot::runtime::adapter::Adapter;
use cincobot::telegram::{Pacing, TelegramSettings};
use fake_telegram::{FakeTelegram, TOKEN, text, user};
use tokio::sync::mpsc;

fn argument(index: usize, default: usize) -> usize {
    std::env::args().nth(index).and_then(|a| a.parse().ok()).unwrap_or(default)
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let games = argument(1, 200).clamp(1, 1000);
    let moves = argument(2, 30).clamp(1, 120);
    let pause = Duration::from_millis(u64::try_from(argument(3, 500)).unwrap_or(500).min(5000));
    let directory = tempfile::tempdir()?;
    let database_url = match std::env::args().nth(4).as_deref() {
        None | Some("sqlite") => format!("sqlite://{}", directory.path().join("load.db").display()),
        Some("postgres") => cincobot::store::scratch::postgres()
            .await
            .ok_or("STORE postgres needs CINCOBOT_TEST_POSTGRES: a server to make a database on")?,
        Some(other) => return Err(format!("STORE is sqlite or postgres, not {other}").into()),
    };
    let fake = FakeTelegram::start().await;
    let config = Config {
        database_url,
        cpu: CpuBudgets { easy_ms: 10, normal_ms: 10, hard_ms: 10, ..CpuBudgets::default() },
        // The challenger moves first, as the players here are scripted to.
        script: ScriptAids { challenger_first: true, ..ScriptAids::default() },
        telegram: TelegramConfig {
            token: Secret::new(TOKEN.to_owned()),
            api_url: fake.url.clone(),
            ..TelegramConfig::default()
        },
        ..Config::default()
    };
    let mut settings = TelegramSettings::from_config(&config)?;
    settings.pacing = Pacing::UNLIMITED;
    settings.poll_timeout = Duration::from_secs(1);
    let running = cincobot::runtime::start(&config).await?;
    let adapters: Vec<Box<dyn Adapter>> = vec![Box::new(settings)];
    let served = cincobot::runtime::serve(running, adapters).await?;

    // Each group's photos (posted or edited), routed to the task playing there.
    let mut calls = fake.watch(true);
    let mut boards: HashMap<i64, mpsc::UnboundedSender<Instant>> = HashMap::new();
    let mut receivers = Vec::new();
    for game in 0..games {
        let (sender, receiver) = mpsc::unbounded_channel();
        boards.insert(chat(game), sender);
        receivers.push(receiver);
    }
    tokio::spawn(async move {
        while let Some(call) = calls.recv().await {
            if matches!(call.method.as_str(), "sendPhoto" | "editMessageMedia")
                && let Some(board) = boards.get(&call.chat())
            {
                let _ = board.send(call.at);
            }
        }
    });

    let mut players = Vec::new();
    let (ready, all_ready) = mpsc::unbounded_channel::<()>();
    let (go, _) = tokio::sync::broadcast::channel::<Instant>(1);
    for (game, mut photos) in receivers.into_iter().enumerate() {
        let fake = fake.clone();
        let ready = ready.clone();
        let mut start = go.subscribe();
        players.push(tokio::spawn(async move {
            let (first, second) =
                (user(id(game, 0), &name(game, 0), "en"), user(id(game, 1), &name(game, 1), "en"));
            // The second player has written once, so the bot knows their username.
            fake.push(text(chat(game), &second, "/language en"));
            fake.push(text(chat(game), &first, &format!("/gomoku @{}", name(game, 1))));
            fake.push(text(chat(game), &second, "/accept"));
            photos.recv().await?;
            load_report::line_up(&ready, &mut start, (game, games), pause).await?;
            let mut latencies = Vec::with_capacity(moves);
            for ply in 0..moves {
                if ply > 0 {
                    tokio::time::sleep(pause).await;
                }
                let who = if ply % 2 == 0 { &first } else { &second };
                let sent = Instant::now();
                fake.push(text(
                    chat(game),
                    who,
                    &format!("/move {}", load_report::point(game, ply)),
                ));
                let shown =
                    tokio::time::timeout(Duration::from_secs(60), photos.recv()).await.ok()??;
                latencies.push(shown.saturating_duration_since(sent));
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

fn chat(game: usize) -> i64 {
    -1_000_000 - i64::try_from(game).unwrap_or(0)
}

fn id(game: usize, seat: usize) -> i64 {
    10_000 + 2 * i64::try_from(game).unwrap_or(0) + i64::try_from(seat).unwrap_or(0)
}

fn name(game: usize, seat: usize) -> String {
    format!("p{game}s{seat}")
}
