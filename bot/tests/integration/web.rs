//! The web board end to end: the real Telegram adapter against the fake Bot API and the web
//! board beside it, over one core. A gomoku game started in a group is read and played
//! through the board's API with Telegram sign-ins the test signs itself (apart from the bot's
//! code, as Telegram documents it); the move shows as the group's board edited, and as an
//! event on the open stream; what the core refuses in a chat it refuses here too.

use crate::fake_http::{self as http, Answer, Events};
use crate::fake_telegram::{self, BOT_USERNAME, FakeTelegram, TOKEN, text, user};
use crate::telegram::{board_at, is};

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cincobot::core::{GameId, Platform};
use cincobot::runtime::Served;
use cincobot::web::WebSettings;
use cincobot::web::identity::{Link, LinkKey, LinkPlayer};
use cincobot::web::links::WebLinks;
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;

pub(crate) const GROUP: i64 = -100_300;
pub(crate) const ANA: i64 = 11;
pub(crate) const BRUNO: i64 = 22;
pub(crate) const CARLA: i64 = 33;
pub(crate) const LINK_KEY: &[u8] = b"the test's link key, 32+ bytes long";
const WAIT: Duration = Duration::from_secs(20);

pub(crate) fn ana() -> Value {
    user(ANA, "ana", "en")
}
pub(crate) fn bruno() -> Value {
    user(BRUNO, "bruno", "en")
}
pub(crate) fn carla() -> Value {
    user(CARLA, "carla", "en")
}

pub(crate) fn now() -> i64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).expect("after 1970");
    i64::try_from(since.as_secs()).expect("seconds")
}

/// `text` percent-encoded for a query string: every byte but letters and digits.
pub(crate) fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() { char::from(b).to_string() } else { format!("%{b:02X}") }
        })
        .collect()
}

fn hmac_sha256(key: &[u8], message: &[u8]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("any key length");
    mac.update(message);
    mac.finalize().into_bytes().to_vec()
}

/// Telegram's `initData` for `who`, signed at `auth_date` with the bot's token, opened on
/// `start_param` if given: as Telegram's documentation says it is made.
pub(crate) fn init_data(who: &Value, auth_date: i64, start_param: Option<&str>) -> String {
    let mut fields = vec![
        ("auth_date".to_owned(), auth_date.to_string()),
        ("query_id".to_owned(), "AAHtest".to_owned()),
        ("user".to_owned(), who.to_string()),
    ];
    if let Some(start) = start_param {
        fields.push(("start_param".to_owned(), start.to_owned()));
    }
    fields.sort();
    let check: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let secret = hmac_sha256(b"WebAppData", TOKEN.as_bytes());
    let hash: String = hmac_sha256(&secret, check.join("\n").as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    let mut query: Vec<String> =
        fields.iter().map(|(k, v)| format!("{k}={}", encoded(v))).collect();
    query.push(format!("hash={hash}"));
    query.join("&")
}

pub(crate) fn tma(init_data: &str) -> String {
    format!("tma {init_data}")
}

/// The `Authorization` of a spectator's link to Telegram game `game`, good for ten minutes,
/// signed with `key`.
pub(crate) fn spectator_link(key: &[u8], game: i64) -> String {
    let link = Link {
        platform: Platform::Telegram,
        game: GameId(game),
        player: None,
        expires: now() + 600,
        locale: None,
    };
    format!("Link {}", link.mint(&LinkKey::new(key)).expect("a link"))
}

pub(crate) struct Bot {
    pub(crate) fake: FakeTelegram,
    pub(crate) served: Served,
    pub(crate) web: String,
}

impl Bot {
    pub(crate) async fn start(database: &std::path::Path) -> Bot {
        Bot::start_handing_out(database, None).await
    }

    /// The bot with the web board, its links handed out in the chats when `telegram_app`
    /// is given (`Some(None)`: links, but no Mini App for groups).
    pub(crate) async fn start_handing_out(
        database: &std::path::Path,
        telegram_app: Option<Option<&str>>,
    ) -> Bot {
        let fake = FakeTelegram::start().await;
        let socket = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let address = socket.local_addr().expect("its address");
        let links = telegram_app.map(|app| {
            WebLinks::new(
                LinkKey::new(LINK_KEY),
                &format!("http://{address}"),
                Duration::from_secs(3600),
                app.map(|app| (BOT_USERNAME, app)),
            )
        });
        let web = WebSettings {
            links,
            listen: address,
            socket: Some(socket),
            telegram_token: Some(cincobot::config::Secret::new(TOKEN.to_owned())),
            link_key: LinkKey::new(LINK_KEY),
            init_data_max_age: Duration::from_secs(86_400),
            default_locale: cincobot::i18n::Locale::En,
        };
        let telegram = fake_telegram::settings(&fake, cincobot::telegram::Pacing::UNLIMITED);
        let config = http::config(database);
        let running = match web.board_links() {
            Some(links) => cincobot::runtime::start_handing_out(&config, links).await,
            None => cincobot::runtime::start(&config).await,
        };
        let running = running.expect("the core");
        let adapters: Vec<Box<dyn cincobot::runtime::adapter::Adapter>> =
            vec![Box::new(telegram), Box::new(web)];
        let served = cincobot::runtime::serve(running, adapters).await.expect("the bot starts");
        Bot { fake, served, web: format!("http://{address}") }
    }

    /// Sends an update and waits for the call that answers it.
    pub(crate) async fn expect(
        &self,
        update: Value,
        matches: impl Fn(&fake_telegram::Call) -> bool,
    ) {
        let from = self.fake.count();
        self.fake.push(update);
        self.fake.wait_for(from, matches).await;
    }

    /// Ana challenges Bruno to gomoku in the group and he accepts: game 1, Ana first.
    pub(crate) async fn gomoku(&self) {
        self.expect(text(GROUP, &bruno(), "/help"), is("sendMessage", GROUP)).await;
        self.expect(text(GROUP, &ana(), "/gomoku @bruno"), is("sendMessage", GROUP)).await;
        self.expect(text(GROUP, &bruno(), "/accept"), is("sendPhoto", GROUP)).await;
    }

    pub(crate) async fn get(&self, path: &str, authorization: Option<&str>) -> Answer {
        let headers: Vec<(&str, &str)> =
            authorization.map(|value| ("authorization", value)).into_iter().collect();
        http::request("GET", &format!("{}{path}", self.web), &headers, b"")
            .await
            .expect("the web board answers")
    }

    pub(crate) async fn act(&self, authorization: &str, body: &str) -> Answer {
        let headers = [("authorization", authorization), ("content-type", "application/json")];
        http::request(
            "POST",
            &format!("{}/api/games/1/actions", self.web),
            &headers,
            body.as_bytes(),
        )
        .await
        .expect("the web board answers")
    }

    async fn events(&self, authorization: &str) -> Events {
        let headers = [("authorization", authorization)];
        Events::open(&format!("{}/api/games/1/events", self.web), &headers)
            .await
            .expect("the event stream opens")
    }
}

pub(crate) fn replies(answer: &Answer) -> Vec<String> {
    assert_eq!(answer.status, 200, "{answer:?}");
    answer.json()["replies"]
        .as_array()
        .expect("replies")
        .iter()
        .map(|reply| reply.as_str().unwrap_or_default().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_tapped_on_the_web_board_is_played_in_the_group_and_streamed() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.gomoku().await;
    let ana_signed = tma(&init_data(&ana(), now(), None));
    let bruno_signed = tma(&init_data(&bruno(), now(), None));

    let state = bot.get("/api/games/1", Some(&ana_signed)).await;
    assert_eq!(state.status, 200, "{state:?}");
    assert_eq!(state.header("cache-control"), Some("no-store"));
    assert_eq!(state.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(state.header("referrer-policy"), Some("no-referrer"));
    assert!(state.header("content-security-policy").is_some_and(|csp| csp.contains("'self'")));
    let state = state.json();
    assert_eq!((state["game"].as_i64(), state["ply"].as_u64()), (Some(1), Some(0)));
    assert_eq!(state["you"]["seat"], 0, "Ana plays first: {state}");
    assert_eq!(state["you"]["may_act"], true);
    let legal = state["you"]["legal"].as_array().expect("legal moves");
    assert_eq!(legal.len(), 225, "every point of the empty 15×15 board");
    assert_eq!(state["board"]["type"], "grid");
    assert_eq!(state["board"]["size"], 15);
    assert_eq!(state["board"]["columns"][7], "h");
    assert_eq!(state["players"], serde_json::json!(["ana", "bruno"]));
    assert!(state["lines"][0].as_str().is_some_and(|line| line.contains("#1")), "{state}");
    let bruno_state = bot.get("/api/games/1", Some(&bruno_signed)).await.json();
    assert_eq!(bruno_state["you"]["seat"], 1);
    assert_eq!(bruno_state["you"]["legal"], serde_json::json!([]), "not his turn");

    let mut events = bot.events(&bruno_signed).await;
    assert_eq!(events.status, 200);
    assert_eq!(events.next(WAIT).await.map(|(event, _)| event).as_deref(), Some("ready"));

    let from = bot.fake.count();
    let played = bot.act(&ana_signed, r#"{"id":"tap-0001-ana","move":"h8","ply":0}"#).await;
    assert_eq!(replies(&played), Vec::<String>::new(), "a move played needs no reply");
    let edited = bot.fake.wait_for(from, board_at(GROUP, 1)).await;
    assert_eq!(edited.method, "editMessageMedia", "the group's board is edited in place");
    let (event, data) = events.next(WAIT).await.expect("an event for the move");
    assert_eq!(event, "board");
    let change: Value = serde_json::from_str(&data).expect("JSON");
    assert_eq!((change["ply"].as_u64(), change["ended"].as_bool()), (Some(1), Some(false)));

    let state = bot.get("/api/games/1", Some(&bruno_signed)).await.json();
    assert_eq!(state["ply"], 1);
    assert_eq!(state["board"]["stones"], serde_json::json!([[7, 7, "b"]]));
    assert_eq!(state["board"]["last"], serde_json::json!([7, 7]));
    assert!(state["you"]["legal"].as_array().is_some_and(|legal| legal.len() == 224));

    // The same tap sent again (a retry) is the same event: done already, nothing changes.
    let again = bot.act(&ana_signed, r#"{"id":"tap-0001-ana","move":"h8","ply":0}"#).await;
    assert_eq!(replies(&again), ["That was already done."]);
    // A tap on an older board, and a move out of turn, are refused as in the chat.
    let stale = bot.act(&bruno_signed, r#"{"id":"tap-0002-bruno","move":"a1","ply":0}"#).await;
    assert_eq!(replies(&stale).len(), 1, "{stale:?}");
    let early = bot.act(&ana_signed, r#"{"id":"tap-0003-ana","move":"a1","ply":1}"#).await;
    assert_eq!(replies(&early), ["It is not your turn."]);
    assert_eq!(bot.get("/api/games/1", Some(&ana_signed)).await.json()["ply"], 1);
    // Bruno's own move goes through and reaches his stream too.
    let answered = bot.act(&bruno_signed, r#"{"id":"tap-0004-bruno","move":"a1","ply":1}"#).await;
    assert_eq!(replies(&answered), Vec::<String>::new());
    let (event, data) = events.next(WAIT).await.expect("an event for the answer");
    assert_eq!((event.as_str(), data.contains("\"ply\":2")), ("board", true), "{data}");
    // Stopping ends the open stream at once rather than waiting out its connection.
    let stopping = std::time::Instant::now();
    bot.served.stop().await;
    assert!(stopping.elapsed() < Duration::from_secs(4), "{:?}", stopping.elapsed());
    assert_eq!(events.next(Duration::from_secs(2)).await, None, "the stream ended");
}

/// The core's side: a reader gets their seat and moves only on the game's own platform, and
/// only on their turn; a game the core does not hold has no view.
#[tokio::test]
async fn the_core_shows_a_reader_their_seat_and_moves_on_their_turn_only() {
    use crate::common::{Harness, game_between_ana_and_bruno};
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let game = GameId(1);
    let view = |platform: Platform, user: &'static str| {
        let core = &harness.core;
        async move { core.game_view(game, Some((platform, user)), None).await.expect("game 1") }
    };
    let ana = view(Platform::Console, "ana").await;
    assert_eq!((ana.viewer_seat, ana.to_act, ana.ply, ana.active), (Some(0), Some(0), 0, true));
    assert_eq!(ana.legal.len(), 225);
    assert!(ana.board.board.is_some(), "the board's picture comes with it");
    let bruno = view(Platform::Console, "bruno").await;
    assert_eq!((bruno.viewer_seat, bruno.legal.len()), (Some(1), 0), "not his turn");
    let elsewhere = view(Platform::Telegram, "ana").await;
    assert_eq!((elsewhere.viewer_seat, elsewhere.legal.len()), (None, 0), "another platform's ana");
    let spectator = harness.core.game_view(game, None, None).await.expect("game 1");
    assert_eq!((spectator.viewer_seat, spectator.legal.len()), (None, 0));
    assert_eq!(spectator.board.lines, ana.board.lines);
    assert!(harness.core.game_view(GameId(7), None, None).await.is_none());
}

/// A client that opens a connection and never finishes its request's head is cut off, so
/// such clients cannot hold the server's connections.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_head_never_finished_is_cut_off() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    let address = bot.web.trim_start_matches("http://");
    let mut slow = tokio::net::TcpStream::connect(address).await.expect("a connection");
    slow.write_all(b"GET /api/words/en HTTP/1.1\r\nhost: x\r\n").await.expect("half a head");
    // Others are served meanwhile.
    assert_eq!(bot.get("/api/words/en", None).await.status, 200);
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(WAIT, slow.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection is closed within {WAIT:?}");
    let waited = started.elapsed();
    assert!(waited >= Duration::from_secs(8), "not long before the head's 10 s: {waited:?}");
    bot.served.stop().await;
}

/// The binary serves the board when `CINCOBOT_WEB_LISTEN` is set beside a platform's token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_the_board_when_the_environment_asks() {
    use std::process::{Command, Stdio};
    struct Killed(std::process::Child);
    impl Drop for Killed {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let folder = tempfile::tempdir().expect("a temporary folder");
    let telegram = FakeTelegram::start().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|socket| socket.local_addr())
        .expect("a free port")
        .port();
    let log = std::fs::File::create(folder.path().join("bot.log")).expect("a log file");
    let _bot = Killed(
        Command::new(env!("CARGO_BIN_EXE_cincobot"))
            .current_dir(folder.path())
            .env("TELEGRAM_TOKEN", TOKEN)
            .env("TELEGRAM_API_URL", &telegram.url)
            .env("DATABASE_URL", format!("sqlite://{}", folder.path().join("bot.db").display()))
            .env("CINCOBOT_WEB_LISTEN", format!("127.0.0.1:{port}"))
            .env_remove("CINCOBOT_WEB_KEY")
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the bot starts"),
    );
    let url = format!("http://127.0.0.1:{port}/api/words/en");
    let until = std::time::Instant::now() + WAIT;
    let answer = loop {
        if let Some(answer) = http::request("GET", &url, &[], b"").await {
            break answer;
        }
        assert!(std::time::Instant::now() < until, "the board never answered");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json()["web-title"], "cincobot board");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_who_proves_who_they_are_reads_and_only_players_act() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.gomoku().await;
    let move_h8 = r#"{"id":"tap-0001-x","move":"h8","ply":0}"#;

    // No credential, a forged one, an old one, one from the future: 401.
    assert_eq!(bot.get("/api/games/1", None).await.status, 401);
    let signed = init_data(&ana(), now(), None);
    let forged = signed.replace("%22ana%22", "%22eva%22");
    assert_eq!(bot.get("/api/games/1", Some(&tma(&forged))).await.status, 401);
    let old = init_data(&ana(), now() - 2 * 86_400, None);
    assert_eq!(bot.get("/api/games/1", Some(&tma(&old))).await.status, 401);
    let future = init_data(&ana(), now() + 3600, None);
    assert_eq!(bot.get("/api/games/1", Some(&tma(&future))).await.status, 401);
    assert_eq!(bot.act(&tma(&forged), move_h8).await.status, 401);
    assert_eq!(bot.get("/api/games/1", Some("Basic YW5hOmFuYQ==")).await.status, 401);

    // Carla plays no part: signed in, she reads nothing, even on a page opened on the game
    // (anyone can write a link that sets `start_param`), and acts on nothing.
    let carla_signed = tma(&init_data(&carla(), now(), None));
    assert_eq!(bot.get("/api/games/1", Some(&carla_signed)).await.status, 403);
    let carla_opened = tma(&init_data(&carla(), now(), Some("g1")));
    assert_eq!(bot.get("/api/games/1", Some(&carla_opened)).await.status, 403);
    assert_eq!(bot.act(&carla_opened, move_h8).await.status, 403);

    // A spectator's link reads and cannot act; a link for another game reads nothing.
    let key = LinkKey::new(LINK_KEY);
    let spectator = Link {
        platform: Platform::Telegram,
        game: GameId(1),
        player: None,
        expires: now() + 600,
        locale: None,
    };
    let token = format!("Link {}", spectator.mint(&key).expect("a link"));
    let read = bot.get("/api/games/1", Some(&token)).await;
    assert_eq!(read.status, 200);
    assert_eq!(read.json()["you"]["legal"], serde_json::json!([]));
    assert_eq!(bot.act(&token, move_h8).await.status, 403);
    let other_game = Link { game: GameId(2), ..spectator.clone() };
    let other = format!("Link {}", other_game.mint(&key).expect("a link"));
    assert_eq!(bot.get("/api/games/1", Some(&other)).await.status, 403);
    let expired = Link { expires: now() - 1, ..spectator.clone() };
    let expired = format!("Link {}", expired.mint(&key).expect("a link"));
    assert_eq!(bot.get("/api/games/1", Some(&expired)).await.status, 401);
    let foreign =
        spectator.mint(&LinkKey::new(b"somebody else's key of 32+ bytes")).expect("a link");
    assert_eq!(bot.get("/api/games/1", Some(&format!("Link {foreign}"))).await.status, 401);

    // A player's link acts as that player, in their seat only.
    let bruno_link = Link {
        player: Some(LinkPlayer { seat: 1, user: BRUNO.to_string(), handle: Some("bruno".into()) }),
        ..spectator.clone()
    };
    let bruno_link = format!("Link {}", bruno_link.mint(&key).expect("a link"));
    assert_eq!(bot.get("/api/games/1", Some(&bruno_link)).await.json()["you"]["seat"], 1);
    let wrong_seat = Link {
        player: Some(LinkPlayer { seat: 0, user: BRUNO.to_string(), handle: None }),
        ..spectator
    };
    let wrong_seat = format!("Link {}", wrong_seat.mint(&key).expect("a link"));
    assert_eq!(bot.get("/api/games/1", Some(&wrong_seat)).await.status, 403);
    let out_of_turn = bot.act(&bruno_link, r#"{"id":"tap-0002-bruno","move":"a1","ply":0}"#).await;
    assert_eq!(replies(&out_of_turn), ["It is not your turn."]);

    // No such game here; a malformed action.
    let ana_signed = tma(&signed);
    assert_eq!(bot.get("/api/games/9", Some(&ana_signed)).await.status, 404);
    assert_eq!(bot.act(&ana_signed, r#"{"id":"x","move":"h8","ply":0}"#).await.status, 400);
    assert_eq!(bot.act(&ana_signed, r#"{"id":"tap-0003-ana","move":"h8"}"#).await.status, 400);
    assert_eq!(bot.act(&ana_signed, "not json").await.status, 400);
    assert_eq!(bot.get("/api/games/1", Some(&ana_signed)).await.json()["ply"], 0, "nothing played");
    bot.served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversize_body_and_a_flood_are_refused_while_others_are_served() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.gomoku().await;
    let ana_signed = tma(&init_data(&ana(), now(), None));
    let bruno_signed = tma(&init_data(&bruno(), now(), None));

    let big =
        format!(r#"{{"id":"tap-0001-ana","move":"h8","ply":0,"pad":"{}"}}"#, "x".repeat(5 * 1024));
    let refused = bot.act(&ana_signed, &big).await;
    assert_eq!((refused.status, refused.json()["error"].as_str()), (413, Some("too-large")));

    let mut statuses = Vec::new();
    for tap in 0..25 {
        let body = format!(r#"{{"id":"flood-{tap:04}-ana","move":"a{}","ply":99}}"#, tap % 15 + 1);
        statuses.push(bot.act(&ana_signed, &body).await.status);
    }
    assert!(statuses.iter().all(|status| [200, 429].contains(status)), "{statuses:?}");
    assert!(statuses.contains(&429), "a flood is cut short: {statuses:?}");
    // Bruno is served as before, and nothing of the flood was played.
    let state = bot.get("/api/games/1", Some(&bruno_signed)).await;
    assert_eq!(state.status, 200);
    assert_eq!(state.json()["ply"], 0);

    // A few event streams per person: a fifth is refused while four are open.
    let mut open = Vec::new();
    for _ in 0..4 {
        let events = bot.events(&bruno_signed).await;
        assert_eq!(events.status, 200);
        open.push(events);
    }
    assert_eq!(bot.events(&bruno_signed).await.status, 429);
    drop(open);

    // The page and its assets, without any credential.
    let page = bot.get("/g/1", None).await;
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").is_some_and(|t| t.starts_with("text/html")));
    assert!(page.body.contains("/app.js") && !page.body.contains("<script>"), "no inline script");
    assert_eq!(bot.get("/app.js", None).await.status, 200);
    let words = bot.get("/api/words/es", None).await.json();
    assert_eq!(words["web-title"], "Tablero de cincobot");
    bot.served.stop().await;
}
