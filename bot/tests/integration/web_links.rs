//! The web board handed out in the chats (issue 31): the Open board button under the boards
//! of Telegram (a Mini App link in groups) and Discord (pressed, it answers with the
//! presser's own link), and `/web`, which answers its asker alone with a link the board's
//! API takes for their seat, or a spectator's. With the board off, boards are as before.

use crate::discord::{self as discord_tests, CHANNEL};
use crate::fake_discord::{self, FakeDiscord, press};
use crate::fake_http as http;
use crate::fake_telegram::{Call, text};
use crate::telegram::is;
use crate::web::{
    ANA, Bot, CARLA, GROUP, LINK_KEY, ana, bruno, carla, init_data, now, replies, tma,
};

use std::time::Duration;

use cincobot::web::WebSettings;
use cincobot::web::identity::LinkKey;
use cincobot::web::links::WebLinks;
use serde_json::Value;

/// The signed link in a message's text: the page's address and its token.
pub(crate) fn link_in(text: &str) -> (String, String) {
    let url = text
        .split_whitespace()
        .find(|word| word.contains("#k="))
        .unwrap_or_else(|| panic!("a signed link in {text:?}"));
    let (page, token) = url.split_once("#k=").expect("a token");
    (page.to_owned(), token.to_owned())
}

/// The group's board message as first posted (the challenge accepted).
async fn group_board(bot: &Bot) -> Call {
    let from = bot.fake.count();
    bot.gomoku().await;
    bot.fake.wait_for(from, is("sendPhoto", GROUP)).await
}

pub(crate) fn keyboard(call: &Call) -> Value {
    match &call.params["reply_markup"] {
        Value::String(text) => serde_json::from_str(text).unwrap_or(Value::Null),
        other => other.clone(),
    }
}

/// Asks `/web` in the group as `who` and reads the link sent to them privately.
pub(crate) async fn web_command(bot: &Bot, who: &Value, private_chat: i64) -> (String, String) {
    let from = bot.fake.count();
    bot.fake.push(text(GROUP, who, "/web"));
    let direct = bot.fake.wait_for(from, is("sendMessage", private_chat)).await;
    let told = bot
        .fake
        .wait_for(from, |call| is("sendMessage", GROUP)(call) && call.text().contains("privately"))
        .await;
    assert!(!told.text().contains("#k="), "the group never sees the link: {}", told.text());
    link_in(&direct.text())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_board_opens_the_mini_app_and_web_sends_each_their_own_link() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start_handing_out(&directory.path().join("bot.db"), Some(Some("board"))).await;
    let board = group_board(&bot).await;
    let last_row = keyboard(&board)["inline_keyboard"]
        .as_array()
        .and_then(|rows| rows.last().cloned())
        .expect("a keyboard");
    assert_eq!(last_row[0]["text"], "Open board");
    assert_eq!(last_row[0]["url"], "https://t.me/cincobot_test/board?startapp=g1", "{last_row}");

    // Ana plays game 1: her link acts for her seat.
    let (page, token) = web_command(&bot, &ana(), ANA).await;
    assert_eq!(page, format!("{}/g/1", bot.web));
    let ana_link = format!("Link {token}");
    let state = bot.get("/api/games/1", Some(&ana_link)).await.json();
    assert_eq!((state["game"].as_i64(), state["you"]["seat"].as_u64()), (Some(1), Some(0)));
    assert_eq!(state["you"]["may_act"], true, "{state}");
    let no_open_board = state["buttons"].to_string();
    assert!(
        !no_open_board.contains("Open board"),
        "the page does not open itself: {no_open_board}"
    );
    let played = bot.act(&ana_link, r#"{"id":"tap-0001-link","move":"h8","ply":0}"#).await;
    assert_eq!(replies(&played), Vec::<String>::new(), "played through her link");
    assert_eq!(bot.get("/api/games/1", Some(&ana_link)).await.json()["ply"], 1);

    // Carla plays nothing here: she gets a spectator's link, which reads and never acts.
    let (_, token) = web_command(&bot, &carla(), CARLA).await;
    let carla_link = format!("Link {token}");
    let state = bot.get("/api/games/1", Some(&carla_link)).await.json();
    assert_eq!(
        (state["you"]["seat"].is_null(), state["you"]["may_act"].as_bool()),
        (true, Some(false))
    );
    let acted = bot.act(&carla_link, r#"{"id":"tap-0002-link","move":"a1","ply":1}"#).await;
    assert_eq!(acted.status, 403, "{acted:?}");
    bot.served.stop().await;
}

/// In a private chat Telegram opens the Mini App in place: a `web_app` button to the game's
/// page, where Telegram's own sign-in seats the player (the page reads the game from its
/// address).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_board_opens_the_page_as_the_mini_app_in_place() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start_handing_out(&directory.path().join("bot.db"), Some(None)).await;
    let from = bot.fake.count();
    bot.fake.push(text(ANA, &ana(), "/gomoku cpu"));
    let board = bot.fake.wait_for(from, is("sendPhoto", ANA)).await;
    let rows = keyboard(&board)["inline_keyboard"].as_array().cloned().expect("a keyboard");
    let open = &rows.last().expect("rows")[0];
    assert_eq!(open["text"], "Open board");
    let page = open["web_app"]["url"].as_str().expect("a web_app button").to_owned();
    let game = page.strip_prefix(&format!("{}/g/", bot.web)).expect("the board's page");
    let signed = tma(&init_data(&ana(), now(), None));
    let state = bot.get(&format!("/api/games/{game}"), Some(&signed)).await.json();
    assert_eq!((state["game"].to_string(), state["you"]["seat"].is_u64()), (game.to_owned(), true));
    bot.served.stop().await;
}

/// Without a Mini App a group's board has no button (Telegram opens a Mini App in place only
/// in private chats), and is exactly the board of a bot without the web board; `/web`
/// still hands the link out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_mini_app_or_without_the_web_board_the_group_board_is_as_before() {
    let directory = tempfile::tempdir().expect("a folder");
    let without_app = Bot::start_handing_out(&directory.path().join("links.db"), Some(None)).await;
    let linked = group_board(&without_app).await;
    let (_, token) = web_command(&without_app, &bruno(), 22).await;
    let state = without_app.get("/api/games/1", Some(&format!("Link {token}"))).await.json();
    assert_eq!(state["you"]["seat"], 1, "{state}");
    without_app.served.stop().await;

    let off = Bot::start(&directory.path().join("off.db")).await;
    let plain = group_board(&off).await;
    assert_eq!(keyboard(&linked), keyboard(&plain), "the same keyboard");
    assert_eq!(linked.text(), plain.text(), "the same caption");
    assert!(!keyboard(&plain).to_string().contains("Open board"));
    let from = off.fake.count();
    off.fake.push(text(GROUP, &ana(), "/web"));
    let refused = off
        .fake
        .wait_for(from, |call| {
            call.method == "sendMessage" && call.text().contains("not turned on")
        })
        .await;
    assert!(!refused.text().contains("#k="));
    off.served.stop().await;
}

/// On Discord the button is pressed back and answered with the presser's own link,
/// ephemeral: a player's for Ana, a spectator's for Carla; `/web` likewise.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discord_board_button_answers_each_presser_with_their_own_link() {
    let directory = tempfile::tempdir().expect("a folder");
    let fake = FakeDiscord::start().await;
    let socket = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    let address = socket.local_addr().expect("its address");
    let web_address = format!("http://{address}");
    let web = WebSettings {
        listen: address,
        socket: Some(socket),
        telegram_token: None,
        link_key: LinkKey::new(LINK_KEY),
        init_data_max_age: Duration::from_secs(86_400),
        default_locale: cincobot::i18n::Locale::En,
        links: Some(WebLinks::new(
            LinkKey::new(LINK_KEY),
            &web_address,
            Duration::from_secs(3600),
            None,
        )),
    };
    let links = web.board_links().expect("links");
    let config = http::config(&directory.path().join("bot.db"));
    let running = cincobot::runtime::start_handing_out(&config, links).await.expect("core");
    let adapters: Vec<Box<dyn cincobot::runtime::adapter::Adapter>> =
        vec![Box::new(fake_discord::settings(&fake)), Box::new(web)];
    let served = cincobot::runtime::serve(running, adapters).await.expect("the bot starts");
    fake.identified(1).await;
    let (message, board) = discord_tests::start_game(&fake, "gomoku").await;
    let open = board.buttons().into_iter().find(|id| id == "W:1").expect("an Open board button");
    let read = |answer: &fake_discord::Call| {
        assert!(answer.ephemeral(), "for the presser alone: {}", answer.content());
        link_in(&answer.content())
    };
    let pressed = discord_tests::interact(
        &fake,
        press(&fake, &discord_tests::ana(), CHANNEL, message, &open),
    )
    .await;
    let (page, token) = read(&pressed);
    assert_eq!(page, format!("{web_address}/g/1"));
    let headers = [("authorization", format!("Link {token}"))];
    let get = |headers: [(&'static str, String); 1]| {
        let url = format!("{web_address}/api/games/1");
        async move {
            let headers: Vec<(&str, &str)> =
                headers.iter().map(|(name, value)| (*name, value.as_str())).collect();
            http::request("GET", &url, &headers, b"").await.expect("the board answers").json()
        }
    };
    let state = get(headers).await;
    assert_eq!(
        (state["you"]["seat"].as_u64(), state["you"]["may_act"].as_bool()),
        (Some(0), Some(true)),
        "{state}"
    );
    let pressed = discord_tests::interact(
        &fake,
        press(&fake, &discord_tests::carla(), CHANNEL, message, &open),
    )
    .await;
    let (_, token) = read(&pressed);
    let state = get([("authorization", format!("Link {token}"))]).await;
    assert_eq!(
        (state["you"]["seat"].is_null(), state["you"]["may_act"].as_bool()),
        (true, Some(false))
    );
    let typed = fake_discord::slash(
        &fake,
        &discord_tests::ana(),
        CHANNEL,
        "web",
        serde_json::json!([]),
        &[],
    );
    let answered = discord_tests::interact(&fake, typed).await;
    let (_, token) = read(&answered);
    let state = get([("authorization", format!("Link {token}"))]).await;
    assert_eq!(state["you"]["seat"], 0);
    served.stop().await;
}

/// Without the web board a Discord board is as before: the rows of a board with it, but its
/// Open board row.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_web_board_a_discord_board_has_no_open_board_row() {
    let directory = tempfile::tempdir().expect("a folder");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &directory.path().join("off.db")).await;
    fake.identified(1).await;
    let (_, plain) = discord_tests::start_game(&fake, "gomoku").await;
    served.stop().await;

    let fake = FakeDiscord::start().await;
    let links =
        WebLinks::new(LinkKey::new(LINK_KEY), "http://127.0.0.1:9", Duration::from_secs(60), None);
    let links: std::sync::Arc<dyn cincobot::core::BoardLinks> = std::sync::Arc::new(links);
    let config = http::config(&directory.path().join("on.db"));
    let running = cincobot::runtime::start_handing_out(&config, links).await.expect("core");
    let adapters: Vec<Box<dyn cincobot::runtime::adapter::Adapter>> =
        vec![Box::new(fake_discord::settings(&fake))];
    let served = cincobot::runtime::serve(running, adapters).await.expect("the bot starts");
    fake.identified(1).await;
    let (_, linked) = discord_tests::start_game(&fake, "gomoku").await;
    served.stop().await;

    let mut rows = linked.components();
    assert_eq!(rows.pop(), Some(vec!["W:1".to_owned()]), "the Open board row comes last");
    assert_eq!(rows, plain.components(), "and the rest is the board as before");
    assert!(!plain.buttons().iter().any(|id| id.starts_with("W:")));
    assert_eq!(linked.content(), plain.content());
}

/// The boards a restart shows again carry the Open board button: the core holds the links
/// before it reloads its games, not after it has drawn them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_shown_again_at_start_carries_the_open_board_button() {
    use cincobot::core::{Action, Chat, ChatKind, EventId, GameId, Input, Output, Payload};
    use cincobot::core::{Platform, Row, User};
    let directory = tempfile::tempdir().expect("a folder");
    let config = http::config(&directory.path().join("bot.db"));
    // A Discord channel's game whose board no platform reported shown: shown again at start.
    {
        let store = cincobot::store::Store::open(&config.database_url).await.expect("a store");
        let mut harness = crate::common::Harness::on(store).await;
        let channel = Chat { platform: Platform::Discord, id: "900".into(), kind: ChatKind::Group };
        let input = Input::new(
            EventId("i:ana-challenges".into()),
            User::new("100", "ana"),
            channel,
            None,
            Action::Command("/gomoku cpu".into()),
        );
        let outputs = harness.core.handle(input).await;
        assert!(outputs.iter().any(|output| matches!(output, Output::Board { .. })));
    }
    let links =
        WebLinks::new(LinkKey::new(LINK_KEY), "http://127.0.0.1:9", Duration::from_secs(60), None);
    let links: std::sync::Arc<dyn cincobot::core::BoardLinks> = std::sync::Arc::new(links);
    let running = cincobot::runtime::start_handing_out(&config, links).await.expect("core");
    let open_board = Payload::WebBoard(GameId(1)).encode();
    let shown: Vec<&cincobot::core::Message> = running
        .partitions
        .iter()
        .flat_map(|partition| &partition.start_outputs)
        .filter_map(|output| match output {
            Output::Board { game: GameId(1), message, .. } => Some(message),
            _ => None,
        })
        .collect();
    assert_eq!(shown.len(), 1, "the board is shown again");
    let buttons: Vec<&str> = shown[0]
        .components
        .iter()
        .filter_map(|row| match row {
            Row::Buttons(buttons) => Some(buttons),
            Row::Select(_) => None,
        })
        .flatten()
        .map(|button| button.payload.as_str())
        .collect();
    assert!(buttons.contains(&open_board.as_str()), "{buttons:?}");
}

/// `/web` is in Telegram's command menus only while the board hands its links out: with the
/// board off it would only say so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_menus_list_web_only_with_the_board_on() {
    let directory = tempfile::tempdir().expect("a folder");
    let menus = |bot: &Bot| -> Vec<Vec<String>> {
        let calls = bot.fake.calls();
        let menus = calls.iter().filter(|call| call.method == "setMyCommands");
        menus
            .map(|call| {
                let commands = call.params["commands"].as_array().cloned().unwrap_or_default();
                commands.iter().filter_map(|c| c["command"].as_str().map(str::to_owned)).collect()
            })
            .collect()
    };
    let on = Bot::start_handing_out(&directory.path().join("on.db"), Some(Some("board"))).await;
    let listed = menus(&on);
    assert_eq!(listed.len(), 3, "English, Spanish and the default");
    assert!(listed.iter().all(|menu| menu.contains(&"web".to_owned())), "{listed:?}");
    on.served.stop().await;
    // The board serving without handing links out (no public address): no /web.
    let off = Bot::start(&directory.path().join("off.db")).await;
    let listed = menus(&off);
    assert_eq!(listed.len(), 3);
    assert!(listed.iter().all(|menu| !menu.is_empty() && !menu.contains(&"web".to_owned())));
    off.served.stop().await;
}
