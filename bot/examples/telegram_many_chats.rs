//! Memory as chats come and go: CHATS private chats (100,000) each send the bot one command
//! (`/help`) through the fake Bot API on 127.0.0.1, a thousand at a time, and the process's
//! resident memory is read after every tenth of them, then once every chat's queue has been
//! idle long enough to retire (2 s here, 10 minutes in the bot). What the bot keeps per chat
//! and per user must not grow with the chats it has seen. The fake server shares the process
//! and keeps nothing per update in this run. All traffic stays on loopback; Linux only (it
//! reads `/proc/self/status`).
//!
//! `cargo run --release -p cincobot --example telegram_many_chats [CHATS] [IDLE_SECONDS]`
//! (100000, 2; an idle time longer than the run keeps every chat's queue, as the bot did
//! before queues retired).

#[path = "../tests/integration/fake_http.rs"]
mod fake_http;
#[path = "../tests/integration/fake_telegram.rs"]
mod fake_telegram;

use std::time::{Duration, Instant};

use cincobot::config::{Config, Secret, TelegramConfig};
use cincobot::runtime::adapter::Adapter;
use cincobot::telegram::{Pacing, TelegramSettings};
use fake_telegram::{FakeTelegram, TOKEN, text, user};

/// The process's resident memory, in MiB.
fn resident_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse::<f64>().ok())
        .unwrap_or(0.0);
    kib / 1024.0
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let chats: i64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000)
        .clamp(1_000, 1_000_000);
    let idle: u64 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(2);
    let directory = tempfile::tempdir()?;
    let fake = FakeTelegram::start().await;
    let mut replies = fake.watch(true);
    let config = Config {
        database_url: format!("sqlite://{}", directory.path().join("chats.db").display()),
        default_locale: cincobot::i18n::Locale::En,
        ..Config::default()
    };
    let mut settings = TelegramSettings::from_config(&Config {
        telegram: TelegramConfig {
            token: Secret::new(TOKEN.to_owned()),
            api_url: fake.url.clone(),
            ..Default::default()
        },
        ..config.clone()
    })?;
    settings.pacing = Pacing::UNLIMITED;
    settings.poll_timeout = Duration::from_secs(1);
    settings.idle_chat = Duration::from_secs(idle);
    let running = cincobot::runtime::start(&config).await?;
    let adapters: Vec<Box<dyn Adapter>> = vec![Box::new(settings)];
    let served = cincobot::runtime::serve(running, adapters).await?;
    let started = Instant::now();
    let before = resident_mib();
    println!("chats answered, resident MiB, seconds");
    println!("{:>7} {before:>8.1} {:>6.1}", 0, 0.0);
    let step = chats / 10;
    let mut answered = 0_i64;
    for first in (0..chats).step_by(1_000) {
        let last = (first + 1_000).min(chats);
        for id in first..last {
            let person = user(1_000_000 + id, &format!("p{id}"), "en");
            fake.push(text(1_000_000 + id, &person, "/help"));
        }
        while answered < last {
            let Some(call) = replies.recv().await else { break };
            answered += i64::from(call.method == "sendMessage");
        }
        if last % step == 0 {
            let seconds = started.elapsed().as_secs_f64();
            println!("{last:>7} {:>8.1} {seconds:>6.1}", resident_mib());
        }
    }
    tokio::time::sleep(Duration::from_secs(idle.min(60) + 2)).await;
    println!(
        "after {}: {:.1} MiB (at the start {before:.1} MiB)",
        idle.min(60) + 2,
        resident_mib()
    );
    served.stop().await;
    Ok(())
}
