//! One document, both platforms: `/rules cinco full` (some 14,000 characters) asked for on
//! Telegram and on Discord of one bot — both adapters over one core, started and stopped as
//! one set the way `main` serves them — arrives whole on each, in messages within the
//! platform's limit (Telegram 4,096 characters, Discord 2,000), no line cut in two.

use crate::document_words;
use crate::fake_discord::{self, FakeDiscord};
use crate::fake_http;
use crate::fake_telegram::{self, FakeTelegram};

use std::time::{Duration, Instant};

use cincobot::games::Family;
use cincobot::i18n::Locale;
use cincobot::runtime::adapter::Adapter;
use serde_json::json;

const TELEGRAM_CHAT: i64 = 11;
const DISCORD_CHANNEL: u64 = 1_150_000_000_000_000_000;
const DISCORD_USER: u64 = 1001;

/// What the bot sent Telegram's private chat since call `from`.
fn on_telegram(fake: &FakeTelegram, from: usize) -> Vec<String> {
    fake.calls()[from..]
        .iter()
        .filter(|call| call.method == "sendMessage" && call.chat() == TELEGRAM_CHAT)
        .map(fake_telegram::Call::text)
        .collect()
}

/// What the bot posted in a DM on Discord (any channel but the server's) since call `from`.
fn on_discord(fake: &FakeDiscord, from: usize) -> Vec<String> {
    let server = format!("/channels/{DISCORD_CHANNEL}/");
    fake.calls()[from..]
        .iter()
        .filter(|call| call.is("POST", "/messages") && call.path.contains("/channels/"))
        .filter(|call| !call.path.contains(&server))
        .map(fake_discord::Call::content)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_document_arrives_on_both_platforms_cut_between_lines() {
    let folder = tempfile::tempdir().expect("a folder");
    let telegram = FakeTelegram::start().await;
    let discord = FakeDiscord::start().await;
    let config = fake_http::config(&folder.path().join("bot.db"));
    let running = cincobot::runtime::start(&config).await.expect("the core starts");
    let adapters: Vec<Box<dyn Adapter>> = vec![
        Box::new(fake_telegram::settings(&telegram, cincobot::telegram::Pacing::UNLIMITED)),
        Box::new(fake_discord::settings(&discord)),
    ];
    let served = cincobot::runtime::serve(running, adapters).await.expect("both adapters start");
    discord.identified(1).await;
    let document = cincobot::core::rules_for_players(Family::Cinco, Locale::En);
    let (from_telegram, from_discord) = (telegram.count(), discord.count());

    let ana = fake_telegram::user(TELEGRAM_CHAT, "ana", "en");
    telegram.push(fake_telegram::text(TELEGRAM_CHAT, &ana, "/rules cinco full"));
    let options = json!([
        { "name": "kind", "type": 3, "value": "cinco" },
        { "name": "full", "type": 5, "value": true },
    ]);
    let ana = fake_discord::user(DISCORD_USER, "ana");
    let (_, rules) = fake_discord::slash(&discord, &ana, DISCORD_CHANNEL, "rules", options, &[]);
    discord.dispatch(rules);

    let expected = document_words::words(&document).len();
    let arrived = |sent: Vec<String>| document_words::words(&sent.join("\n")).len() >= expected;
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until
        && !(arrived(on_telegram(&telegram, from_telegram))
            && arrived(on_discord(&discord, from_discord)))
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let platforms = [
        ("Telegram", on_telegram(&telegram, from_telegram), 4096),
        ("Discord", on_discord(&discord, from_discord), 2000),
    ];
    for (platform, sent, limit) in platforms {
        let longest = sent.iter().map(|piece| piece.chars().count()).max().unwrap_or(0);
        assert!(longest <= limit, "{platform}: a message of {longest} characters");
        document_words::assert_whole(&document, &sent);
        document_words::assert_cut_between_lines(&document, &sent);
    }
    served.stop().await;
}
