//! One process for both platforms: the real binary with `DISCORD_TOKEN` and `TELEGRAM_TOKEN`
//! against the fake Discord and the fake Telegram at once plays a game on each, and both
//! games are in the one database.

use crate::fake_discord;
use crate::fake_telegram;

use std::process::{Command, Stdio};
use std::time::Duration;

use cincobot::core::{GameId, Platform};
use cincobot::store::{GameStatus, Store};
use fake_discord::{FakeDiscord, press, slash};
use serde_json::json;

const CONFIG: &str = "default_locale = \"en\"\n\n[telegram]\nchat_interval_ms = 0\n\
                      group_messages_per_minute = 0\n";
const CHANNEL: u64 = 1_150_000_000_000_000_000;
const TELEGRAM_CHAT: i64 = 4242;

/// The binary, killed when dropped.
struct Bot(std::process::Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_tokens_serve_both_platforms_over_one_database() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(folder.path().join("both.toml"), CONFIG).expect("the config");
    let database = format!("sqlite://{}", folder.path().join("both.db").display());
    let discord = FakeDiscord::start().await;
    let telegram = fake_telegram::FakeTelegram::start().await;
    let log = std::fs::File::create(folder.path().join("bot.log")).expect("a log file");
    let bot = Bot(Command::new(env!("CARGO_BIN_EXE_cincobot"))
        .arg("--config")
        .arg(folder.path().join("both.toml"))
        .current_dir(folder.path())
        .env("DISCORD_TOKEN", fake_discord::TOKEN)
        .env("CINCOBOT_CHALLENGER_FIRST", "1")
        .env("DISCORD_PROXY", &discord.proxy)
        .env("TELEGRAM_TOKEN", fake_telegram::TOKEN)
        .env("TELEGRAM_API_URL", &telegram.url)
        .env("DATABASE_URL", &database)
        .env("CINCOBOT_CPU_CHECKS", "2000")
        .env_remove("CINCOBOT_LOCALE")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("the bot starts"));
    discord.identified(1).await;

    // Discord: Ana plays the CPU by buttons.
    let ana = fake_discord::user(1001, "ana");
    let from = discord.count();
    let (_, challenge) = slash(
        &discord,
        &ana,
        CHANNEL,
        "connect5",
        json!([{ "name": "cpu", "type": 3, "value": "easy" }]),
        &[],
    );
    discord.dispatch(challenge);
    let posted = |call: &fake_discord::Call| call.png && call.created.is_some();
    let board = discord.wait_for(from, posted).await;
    let message = board.created.expect("the board's message");
    let column = board.buttons().into_iter().find(|id| id.ends_with(":4")).expect("column 4");
    let from = discord.count();
    let (id, pressed) = press(&discord, &ana, CHANNEL, message, &column);
    discord.dispatch(pressed);
    let callback = format!("/interactions/{id}/");
    let update = discord.wait_for(from, |call| call.path.contains(&callback)).await;
    assert_eq!((update.callback_type(), update.png), (Some(7), true), "the move shown");

    // Telegram: Bruno plays the CPU too, in a private chat.
    let bruno = fake_telegram::user(TELEGRAM_CHAT, "bruno", "en");
    let from = telegram.count();
    telegram.push(fake_telegram::text(TELEGRAM_CHAT, &bruno, "/connect5 cpu easy"));
    let photo = telegram
        .wait_within(from, Duration::from_secs(30), |call| call.method == "sendPhoto")
        .await;
    assert!(photo.is_some(), "Telegram got its board");

    // Both resign; both games end in the one database.
    let (_, resign) = slash(
        &discord,
        &ana,
        CHANNEL,
        "resign",
        json!([{ "name": "confirm", "type": 5, "value": true }]),
        &[],
    );
    let from = discord.count();
    discord.dispatch(resign);
    discord.wait_for(from, |call| call.png).await;
    let from = telegram.count();
    telegram.push(fake_telegram::text(TELEGRAM_CHAT, &bruno, "/resign confirm"));
    telegram
        .wait_within(from, Duration::from_secs(30), |call| call.method.starts_with("editMessage"))
        .await
        .expect("Telegram's ending");
    drop(bot);

    let store = Store::open(&database).await.expect("the database opens");
    let mut platforms = Vec::new();
    for id in 1..=2 {
        let (game, _) = store.game(GameId(id)).await.expect("the store reads").expect("a game");
        assert_eq!(game.status, GameStatus::Finished, "game {id} ended");
        platforms.push(game.chat.platform);
    }
    platforms.sort_by_key(|platform| platform.code());
    assert_eq!(platforms, [Platform::Discord, Platform::Telegram]);
}
