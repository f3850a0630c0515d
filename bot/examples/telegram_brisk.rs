//! One brisk gomoku game in one group, with Telegram's flood limits kept (the default pacing:
//! one call a second in the chat, twenty new messages a minute): how long a move waits for
//! its board. Two players answer each other `PAUSE` milliseconds after the board showing the
//! other's move arrives (`answer`, the default), or move on a clock every `PAUSE`
//! milliseconds whatever is shown (`clock`). The latency of a move runs from its update being
//! queued at the fake Bot API (127.0.0.1) to the first board photo (`sendPhoto` or
//! `editMessageMedia`) that shows it arriving there — a later board shows it too, so a board
//! skipped for a newer one is no loss. The run also checks what the queue must keep: no board
//! older than one already shown, at least the chat interval between two calls, at most the
//! group's posts in any minute, and every turn mention deleted but the last.
//!
//! `cargo run --release -p cincobot --example telegram_brisk [MOVES] [PAUSE] [answer|clock]`
//! (60, 500, answer).

#[path = "../tests/integration/fake_http.rs"]
mod fake_http;
#[path = "../tests/integration/fake_telegram.rs"]
mod fake_telegram;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cincobot::config::{Config, CpuBudgets, ScriptAids, Secret, TelegramConfig};
use cincobot::runtime::adapter::Adapter;
use cincobot::telegram::TelegramSettings;
use fake_telegram::{Call, FakeTelegram, TOKEN, text, user};
use tokio::sync::watch;

const GROUP: i64 = -1_000_001;
/// The fake numbers the messages it is sent from here on.
const FIRST_MESSAGE: i64 = 1001;
/// The longest a move may wait for its board before the run gives up on it.
const PATIENCE: Duration = Duration::from_secs(60);
/// No call for this long: the queue is done.
const QUIET: Duration = Duration::from_secs(5);

/// Stones along rows 1, 3, 5…, alternating colours: no line of five ever forms, so a game
/// lasts as long as asked (up to 120 moves).
fn point(ply: usize) -> String {
    let column = char::from(b'a' + u8::try_from(ply % 15).unwrap_or(0));
    let row = 1 + 2 * (ply / 15);
    format!("{column}{row}")
}

/// The ply a board call shows, from the ply its buttons carry (`k:game:ply:column`).
fn board_ply(call: &Call) -> Option<usize> {
    if !matches!(call.method.as_str(), "sendPhoto" | "editMessageMedia") {
        return None;
    }
    call.buttons().iter().find_map(|button| button.split(':').nth(2)?.parse().ok())
}

/// Everything the fake saw in the group, as it came.
#[derive(Debug, Default)]
struct Seen {
    calls: Vec<Call>,
    /// Every board shown: its ply, and when.
    boards: Vec<(usize, Instant)>,
    /// The turn mentions posted, by the id the fake gave them.
    mentions: Vec<i64>,
    deleted: HashSet<i64>,
    last_call: Option<Instant>,
}

fn follow(fake: &FakeTelegram) -> (Arc<Mutex<Seen>>, watch::Receiver<usize>) {
    let mut calls = fake.watch(true);
    let seen = Arc::new(Mutex::new(Seen::default()));
    let (shown, latest) = watch::channel(0);
    let recorder = seen.clone();
    tokio::spawn(async move {
        let mut next_id = FIRST_MESSAGE;
        while let Some(call) = calls.recv().await {
            let Ok(mut seen) = recorder.lock() else { return };
            seen.last_call = Some(call.at);
            if matches!(call.method.as_str(), "sendMessage" | "sendPhoto") {
                // One chat's calls come one at a time, so the fake numbers them in this order.
                if call.method == "sendMessage" && call.text().contains("your turn") {
                    seen.mentions.push(next_id);
                }
                next_id += 1;
            }
            if call.method == "deleteMessage" {
                seen.deleted.insert(call.message_id());
            }
            if let Some(ply) = board_ply(&call) {
                seen.boards.push((ply, call.at));
                shown.send_modify(|latest| *latest = (*latest).max(ply));
            }
            if call.chat() == GROUP {
                seen.calls.push(call);
            }
        }
    });
    (seen, latest)
}

fn argument(index: usize, default: usize) -> usize {
    std::env::args().nth(index).and_then(|a| a.parse().ok()).unwrap_or(default)
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let moves = argument(1, 60).clamp(1, 120);
    let pause = Duration::from_millis(u64::try_from(argument(2, 500)).unwrap_or(500).min(5000));
    let on_clock = std::env::args().nth(3).is_some_and(|mode| mode == "clock");
    let directory = tempfile::tempdir()?;
    let fake = FakeTelegram::start().await;
    let config = Config {
        database_url: format!("sqlite://{}", directory.path().join("brisk.db").display()),
        cpu: CpuBudgets { easy_ms: 10, normal_ms: 10, hard_ms: 10, ..CpuBudgets::default() },
        // The challenger moves first, as the players here are scripted to.
        script: ScriptAids { challenger_first: true, ..ScriptAids::default() },
        telegram: TelegramConfig {
            token: Secret::new(TOKEN.to_owned()),
            api_url: fake.url.clone(),
            ..TelegramConfig::default()
        },
        default_locale: cincobot::i18n::Locale::En,
        ..Config::default()
    };
    let mut settings = TelegramSettings::from_config(&config)?;
    settings.poll_timeout = Duration::from_secs(1);
    let pacing = settings.pacing;
    let running = cincobot::runtime::start(&config).await?;
    let (seen, mut latest) = follow(&fake);
    let adapters: Vec<Box<dyn Adapter>> = vec![Box::new(settings)];
    let served = cincobot::runtime::serve(running, adapters).await?;

    let players = [user(10_001, "ana", "en"), user(10_002, "bruno", "en")];
    // Bruno has written once, so the bot knows his username.
    fake.push(text(GROUP, &players[1], "/language en"));
    fake.push(text(GROUP, &players[0], "/gomoku @bruno"));
    fake.push(text(GROUP, &players[1], "/accept"));
    // The first board: the game is on.
    tokio::time::timeout(PATIENCE, latest.changed()).await??;

    let started = Instant::now();
    let mut sent = Vec::with_capacity(moves);
    for ply in 0..moves {
        if on_clock {
            tokio::time::sleep_until((started + pause * u32::try_from(ply)?).into()).await;
        } else {
            // The player to act sees the board with the other's move, and answers.
            tokio::time::timeout(PATIENCE, latest.wait_for(|&shown| shown >= ply)).await??;
            tokio::time::sleep(pause).await;
        }
        let who = &players[ply % 2];
        sent.push(Instant::now());
        fake.push(text(GROUP, who, &format!("/move {}", point(ply))));
    }
    tokio::time::timeout(PATIENCE, latest.wait_for(|&shown| shown >= moves)).await??;
    let played = started.elapsed();
    // Let the queue finish its housekeeping.
    loop {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let last = seen.lock().ok().and_then(|seen| seen.last_call);
        if last.is_none_or(|last| last.elapsed() >= QUIET) {
            break;
        }
    }
    served.stop().await;

    let seen = seen.lock().map_err(|_| "the record is poisoned")?;
    let mut latencies: Vec<Duration> = sent
        .iter()
        .enumerate()
        .filter_map(|(ply, &at)| {
            let shown = seen.boards.iter().find(|&&(shows, when)| shows > ply && when >= at)?;
            Some(shown.1.saturating_duration_since(at))
        })
        .collect();
    let unshown = moves - latencies.len();
    latencies.sort();
    let at = |q: f64| {
        let index = ((latencies.len() as f64 - 1.0) * q).round() as usize;
        latencies.get(index).copied().unwrap_or_default().as_secs_f64()
    };
    let older_after_newer = seen.boards.windows(2).filter(|pair| pair[1].0 < pair[0].0).count();
    let tightest = seen
        .calls
        .windows(2)
        .map(|pair| pair[1].at.saturating_duration_since(pair[0].at))
        .min()
        .unwrap_or_default();
    let posts: Vec<Instant> = seen
        .calls
        .iter()
        .filter(|call| matches!(call.method.as_str(), "sendMessage" | "sendPhoto"))
        .map(|call| call.at)
        .collect();
    let busiest_minute = posts
        .iter()
        .map(|&from| posts.iter().filter(|&&at| at >= from && at < from + MINUTE).count())
        .max()
        .unwrap_or(0);
    let standing = seen.mentions.iter().filter(|id| !seen.deleted.contains(id)).count();
    let count = |method: &str| seen.calls.iter().filter(|call| call.method == method).count();
    println!(
        "{moves} moves, {} {} ms, pacing {} ms / {} posts a minute: played in {:.1} s; \
         update → board p50 {:.2} s, p99 {:.2} s, max {:.2} s; {unshown} moves never shown",
        if on_clock { "one every" } else { "each answered after" },
        pause.as_millis(),
        pacing.chat_interval.as_millis(),
        pacing.group_per_minute,
        played.as_secs_f64(),
        at(0.5),
        at(0.99),
        at(1.0),
    );
    println!(
        "calls: {} editMessageMedia, {} sendPhoto, {} sendMessage, {} deleteMessage; \
         boards older than one shown before: {older_after_newer}; tightest gap between calls \
         {:.3} s; most posts in a minute {busiest_minute}; turn mentions posted {}, still \
         standing {standing} (the current turn's: 1)",
        count("editMessageMedia"),
        count("sendPhoto"),
        count("sendMessage"),
        count("deleteMessage"),
        tightest.as_secs_f64(),
        seen.mentions.len(),
    );
    Ok(())
}

const MINUTE: Duration = Duration::from_secs(60);
