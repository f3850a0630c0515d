//! The Telegram adapter in webhook mode, end to end: the real server, dispatcher, core and
//! SQLite store, with the fake Bot API posting each update to the webhook the bot set, as
//! Telegram does for a bot served by several processes behind a load balancer.

use crate::fake_telegram;
use crate::telegram::{answer_with, board_at, is};

use std::time::Duration;

use cincobot::config::{Secret, TelegramConfig};
use cincobot::runtime::Served;
use fake_telegram::{Call, FakeTelegram, Hook, press, text, user};
use serde_json::{Value, json};

const GROUP: i64 = -100_300;
const ANA: i64 = 11;
const BRUNO: i64 = 22;
const SECRET: &str = "the-webhook_Secret-42";

fn ana() -> Value {
    user(ANA, "ana", "en")
}
fn bruno() -> Value {
    user(BRUNO, "bruno", "en")
}

/// A port on 127.0.0.1 that nothing listens on now.
fn free_port() -> u16 {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    probe.local_addr().expect("its address").port()
}

/// The bot in webhook mode against `fake`, on a free port of 127.0.0.1, with `secret` (none:
/// one drawn at start).
async fn serve_hooked(
    fake: &FakeTelegram,
    database: &std::path::Path,
    secret: Option<&str>,
) -> Served {
    try_serve_hooked(fake, database, secret, free_port()).await.expect("the bot starts")
}

/// [`serve_hooked`] on `port`; the webhook's keys go through the configuration's own checks.
async fn try_serve_hooked(
    fake: &FakeTelegram,
    database: &std::path::Path,
    secret: Option<&str>,
    port: u16,
) -> Result<Served, cincobot::runtime::adapter::AdapterError> {
    let keys = TelegramConfig {
        webhook_url: Some(format!("http://127.0.0.1:{port}/telegram")),
        listen: Some(format!("127.0.0.1:{port}")),
        webhook_secret: Secret::new(secret.unwrap_or_default().to_owned()),
        ..TelegramConfig::default()
    };
    let mut settings = fake_telegram::settings(fake, cincobot::telegram::Pacing::UNLIMITED);
    settings.webhook = keys.webhook().expect("webhook mode");
    let config = crate::fake_http::config(database);
    let running = cincobot::runtime::start(&config).await.expect("the core starts");
    let adapters: Vec<Box<dyn cincobot::runtime::adapter::Adapter>> = vec![Box::new(settings)];
    cincobot::runtime::serve(running, adapters).await
}

struct Bot {
    fake: FakeTelegram,
    served: Served,
}

impl Bot {
    async fn start(database: &std::path::Path) -> Bot {
        let fake = FakeTelegram::start().await;
        let served = serve_hooked(&fake, database, Some(SECRET)).await;
        Bot { fake, served }
    }

    /// Sends an update and waits for the call that answers it.
    async fn expect(&self, update: Value, matches: impl Fn(&Call) -> bool) -> Call {
        let from = self.fake.count();
        self.fake.push(update);
        self.fake.wait_for(from, matches).await
    }

    /// Ana challenges Bruno to `game` in the group and he accepts: the first board is shown.
    async fn begin(&self, game: &str) {
        self.expect(text(GROUP, &bruno(), "/help"), is("sendMessage", GROUP)).await;
        self.expect(text(GROUP, &ana(), &format!("/{game} @bruno")), is("sendMessage", GROUP))
            .await;
        let from = self.fake.count();
        self.fake.push(text(GROUP, &bruno(), "/accept"));
        self.fake.wait_for(from, is("sendPhoto", GROUP)).await;
        let told = |c: &Call| is("sendMessage", GROUP)(c) && c.text().contains("your turn");
        self.fake.wait_for(from, told).await;
    }

    /// Every post the fake made was answered 200.
    fn assert_all_taken(&self) {
        let posted = self.fake.posted();
        assert!(!posted.is_empty());
        assert!(posted.iter().all(|(_, status)| *status == 200), "{posted:?}");
    }

    /// Nothing is sent for a while: what was posted changed nothing anyone sees.
    async fn assert_quiet_since(&self, from: usize) {
        let call = self.fake.wait_within(from, Duration::from_millis(700), |_| true).await;
        assert!(call.is_none(), "{call:?}");
    }
}

/// The moves of game 1, as the store keeps them.
async fn moves_of_game_one(database: &std::path::Path) -> Vec<String> {
    let store = cincobot::store::Store::open(&format!("sqlite://{}", database.display()))
        .await
        .expect("the database");
    let (_, moves) = store.game(cincobot::core::GameId(1)).await.expect("read").expect("game 1");
    moves.into_iter().map(|m| m.action).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_through_the_webhook() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    let hook = bot.fake.hook().expect("the webhook is set at start");
    assert!(hook.url.starts_with("http://127.0.0.1:") && hook.url.ends_with("/telegram"));
    assert_eq!(hook.secret, SECRET);
    let set = bot.fake.calls().into_iter().find(|c| c.method == "setWebhook").expect("set");
    // The update kinds polling asks `getUpdates` for: those the update tree handles.
    let mut kinds: Vec<String> = set.params["allowed_updates"]
        .as_array()
        .expect("the kinds")
        .iter()
        .filter_map(|kind| kind.as_str().map(str::to_owned))
        .collect();
    kinds.sort();
    assert_eq!(kinds, ["callback_query", "message"]);

    bot.expect(text(GROUP, &bruno(), "/help"), is("sendMessage", GROUP)).await;
    let challenge =
        bot.expect(text(GROUP, &ana(), "/connect5 @bruno"), is("sendMessage", GROUP)).await;
    assert_eq!(challenge.buttons(), ["a:1", "d:1"]);
    let first = bot
        .expect(press(GROUP, challenge.message_id(), &bruno(), "a:1"), is("sendPhoto", GROUP))
        .await;
    assert_eq!(first.params["file#png"], true);
    let board = bot.fake.last_photo(GROUP).expect("the board's message");
    // Ana builds four in the bottom row next to the red side disc; Bruno stacks on top.
    let moves =
        [(&ana(), 1), (&bruno(), 1), (&ana(), 2), (&bruno(), 2), (&ana(), 3), (&bruno(), 3)];
    for (ply, (who, column)) in moves.into_iter().enumerate() {
        let from = bot.fake.count();
        bot.fake.push(press(GROUP, board, who, &format!("m:1:{ply}:{column}")));
        let edit = bot.fake.wait_for(from, board_at(GROUP, ply + 1)).await;
        assert_eq!((edit.method.as_str(), edit.message_id()), ("editMessageMedia", board));
        let told = bot.fake.wait_for(from, is("sendMessage", GROUP)).await;
        assert!(told.text().contains("your turn"), "{told:?}");
    }
    let last = bot.expect(press(GROUP, board, &ana(), "m:1:6:4"), board_at(GROUP, 7)).await;
    assert!(last.text().contains("wins"), "{}", last.text());
    bot.assert_all_taken();
    assert_eq!(bot.fake.polls(), 0, "no getUpdates while the webhook is set");
    bot.served.stop().await;
    // The server stopped with the adapter…
    assert_eq!(bot.fake.post(b"{}", Some(SECRET)).await, None, "nobody answers");
    // …but other processes may still be serving the webhook: a stop leaves it set.
    assert!(!bot.fake.calls().iter().any(|c| c.method == "deleteWebhook"));
    assert_eq!(bot.fake.hook(), Some(hook));
}

/// An address already taken, or a webhook Telegram refuses: the bot does not start, and says
/// why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_that_cannot_be_served_stops_the_start_with_the_reason() {
    let directory = tempfile::tempdir().expect("a folder");
    let database = directory.path().join("bot.db");
    let fake = FakeTelegram::start().await;
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let port = taken.local_addr().expect("its address").port();
    let refused = try_serve_hooked(&fake, &database, Some(SECRET), port).await;
    let error = refused.err().map(|error| error.to_string()).unwrap_or_default();
    assert!(error.contains(&format!("cannot listen on 127.0.0.1:{port}")), "{error}");
    assert_eq!(fake.hook(), None, "no webhook set for a process that cannot serve it");
    drop(taken);

    fake.break_method("setWebhook", 1);
    let refused = try_serve_hooked(&fake, &database, Some(SECRET), free_port()).await;
    let error = refused.err().map(|error| error.to_string()).unwrap_or_default();
    assert!(error.contains("refused setWebhook") && error.contains("broken on purpose"), "{error}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_without_the_secret_or_with_a_wrong_one_is_refused_and_changes_nothing() {
    let directory = tempfile::tempdir().expect("a folder");
    let database = directory.path().join("bot.db");
    let bot = Bot::start(&database).await;
    bot.begin("gomoku").await;
    let mut update = text(GROUP, &ana(), "/move h8");
    update["update_id"] = json!(1_000);
    let body = update.to_string();
    let from = bot.fake.count();
    let wrong_length = format!("{SECRET}x");
    let almost = format!("{}X", &SECRET[..SECRET.len() - 1]);
    for secret in [None, Some("wrong"), Some(wrong_length.as_str()), Some(almost.as_str())] {
        assert_eq!(bot.fake.post(body.as_bytes(), secret).await, Some(401), "{secret:?}");
    }
    bot.assert_quiet_since(from).await;
    // The same update with the secret is played: the refused ones were refused for the secret.
    assert_eq!(bot.fake.post(body.as_bytes(), Some(SECRET)).await, Some(200));
    bot.fake.wait_for(from, board_at(GROUP, 1)).await;
    bot.served.stop().await;
    assert_eq!(moves_of_game_one(&database).await, ["h8"]);
}

/// Telegram posts an update again when the answer was lost or late; the store's event ids
/// make the second delivery change nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_update_posted_twice_is_handled_once() {
    let directory = tempfile::tempdir().expect("a folder");
    let database = directory.path().join("bot.db");
    let bot = Bot::start(&database).await;
    let already = |c: &Call| is("sendMessage", GROUP)(c) && c.text().contains("already done");
    bot.begin("connect5").await;
    let from = bot.fake.count();
    let four = bot.fake.push(text(GROUP, &ana(), "/move 4"));
    bot.fake.wait_for(from, board_at(GROUP, 1)).await;
    bot.expect(text(GROUP, &bruno(), "/move 1"), board_at(GROUP, 2)).await;
    // Column 4 is still open at ply 2: played again, it would be a new move of Ana's.
    let from = bot.fake.count();
    bot.fake.push_again(four);
    bot.fake.wait_for(from, already).await;
    // A button pressed once and posted twice: one move, and the second press is told so.
    let board = bot.fake.last_photo(GROUP).expect("the board's message");
    let from = bot.fake.count();
    let five = bot.fake.push(press(GROUP, board, &ana(), "m:1:2:5"));
    bot.fake.wait_for(from, board_at(GROUP, 3)).await;
    let from = bot.fake.count();
    bot.fake.push_again(five);
    bot.fake.wait_for(from, answer_with("already done")).await;
    assert_eq!(bot.fake.redelivered(), 2);
    bot.assert_all_taken();
    bot.served.stop().await;
    assert_eq!(moves_of_game_one(&database).await, ["4", "1", "5"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_post_is_refused_with_400_and_the_server_goes_on() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    let from = bot.fake.count();
    let bodies: [&[u8]; 5] =
        [b"{\"update_id\": 7, \"message\"", b"", b"[]", b"{\"hello\": 1}", b"\xff\xfe"];
    for body in bodies {
        let status = bot.fake.post(body, Some(SECRET)).await;
        assert_eq!(status, Some(400), "{}", String::from_utf8_lossy(body));
    }
    bot.assert_quiet_since(from).await;
    bot.expect(text(GROUP, &ana(), "/help"), is("sendMessage", GROUP)).await;
    bot.served.stop().await;
}

/// Without a configured secret each start draws its own (why several processes need one set);
/// a bot started to poll deletes the webhook, since Telegram refuses `getUpdates` while it is
/// set.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drawn_secret_differs_each_start_and_polling_deletes_the_webhook() {
    let directory = tempfile::tempdir().expect("a folder");
    let database = directory.path().join("bot.db");
    let fake = FakeTelegram::start().await;
    let mut secrets = Vec::new();
    for _ in 0..2 {
        let served = serve_hooked(&fake, &database, None).await;
        let Some(Hook { secret, .. }) = fake.hook() else { panic!("the webhook is set") };
        assert_eq!(secret.len(), 64, "{secret}");
        assert!(cincobot::config::webhook::is_valid_secret(&secret), "{secret}");
        let from = fake.count();
        fake.push(text(ANA, &ana(), "/help"));
        fake.wait_for(from, is("sendMessage", ANA)).await;
        served.stop().await;
        secrets.push(secret);
    }
    assert_ne!(secrets[0], secrets[1]);
    assert!(fake.posted().iter().all(|(_, status)| *status == 200), "{:?}", fake.posted());

    let from = fake.count();
    let served = fake_telegram::serve_bot(&fake, &database).await;
    fake.wait_for(from, |c| c.method == "deleteWebhook").await;
    assert_eq!(fake.hook(), None);
    fake.push(text(ANA, &ana(), "/help"));
    fake.wait_for(from, is("sendMessage", ANA)).await;
    assert!(fake.polls() > 0);
    served.stop().await;
}
