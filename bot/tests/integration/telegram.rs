//! The Telegram adapter end to end: the real dispatcher, core and SQLite store against a fake
//! Bot API server on 127.0.0.1 (`fake_telegram`), driven by scripted updates.

use crate::document_words;
use crate::fake_telegram;

use std::time::Duration;

use cincobot::runtime::Served;
use fake_telegram::{BOT_USERNAME, Call, FakeTelegram, press, text, user};
use serde_json::Value;

const GROUP: i64 = -100_200;
const ANA: i64 = 11;
const BRUNO: i64 = 22;
const CARLA: i64 = 33;

fn ana() -> Value {
    user(ANA, "ana", "en")
}
fn bruno() -> Value {
    user(BRUNO, "bruno", "en")
}

struct Bot {
    fake: FakeTelegram,
    served: Served,
}

impl Bot {
    async fn start(database: &std::path::Path) -> Bot {
        let fake = FakeTelegram::start().await;
        let served = fake_telegram::serve_bot(&fake, database).await;
        Bot { fake, served }
    }

    /// `user` writes in the group once, so that the bot knows their username.
    async fn meet(&self, user: &Value) {
        self.expect(text(GROUP, user, "/help"), is("sendMessage", GROUP)).await;
    }

    /// Sends an update and waits for the call that answers it.
    async fn expect(&self, update: Value, matches: impl Fn(&Call) -> bool) -> Call {
        let from = self.fake.count();
        self.fake.push(update);
        self.fake.wait_for(from, matches).await
    }
}

pub(crate) fn is(method: &'static str, chat: i64) -> impl Fn(&Call) -> bool {
    move |call| call.method == method && call.chat() == chat
}

pub(crate) fn board_at(chat: i64, ply: usize) -> impl Fn(&Call) -> bool {
    move |call| {
        matches!(call.method.as_str(), "sendPhoto" | "editMessageMedia")
            && call.chat() == chat
            && (call.buttons().iter().any(|b| b.split(':').nth(2) == Some(&ply.to_string()))
                || call.buttons().iter().any(|b| b.starts_with("r:")))
    }
}

pub(crate) fn answer_with(text: &'static str) -> impl Fn(&Call) -> bool {
    move |call| {
        call.method == "answerCallbackQuery"
            && call.params["text"].as_str().is_some_and(|t| t.contains(text))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_in_a_row_is_played_with_buttons_in_a_group() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    let calls = bot.fake.calls();
    assert!(calls.iter().any(|c| c.method == "setMyCommands" && c.params["language_code"] == "es"));
    assert!(calls.iter().any(|c| c.method == "setMyCommands" && c.params["language_code"] == "en"));

    bot.meet(&bruno()).await;
    let challenge = bot
        .expect(
            text(GROUP, &ana(), &format!("/connect5@{BOT_USERNAME} @bruno")),
            is("sendMessage", GROUP),
        )
        .await;
    assert_eq!(challenge.buttons(), ["a:1", "d:1"]);
    let first = bot.expect(press(GROUP, 1002, &bruno(), "a:1"), is("sendPhoto", GROUP)).await;
    assert_eq!(first.params["file#png"], true);
    assert_eq!(
        first.buttons()[..7],
        ["m:1:0:1", "m:1:0:2", "m:1:0:3", "m:1:0:4", "m:1:0:5", "m:1:0:6", "m:1:0:7"]
    );
    let board = 1003;
    // Ana (red) builds four in the bottom row next to the red side disc; Bruno stacks on top.
    let moves =
        [(&ana(), 1), (&bruno(), 1), (&ana(), 2), (&bruno(), 2), (&ana(), 3), (&bruno(), 3)];
    for (ply, (who, column)) in moves.into_iter().enumerate() {
        let from = bot.fake.count();
        bot.fake.push(press(GROUP, board, who, &format!("m:1:{ply}:{column}")));
        let edit = bot.fake.wait_for(from, board_at(GROUP, ply + 1)).await;
        assert_eq!((edit.method.as_str(), edit.message_id()), ("editMessageMedia", board));
        // The next player is told under the board, by a mention.
        let told = bot.fake.wait_for(from, is("sendMessage", GROUP)).await;
        assert!(told.text().contains("your turn"), "{told:?}");
        assert_eq!(told.params["parse_mode"], "HTML");
    }
    // Someone not playing is refused privately; nothing changes.
    let from = bot.fake.count();
    bot.expect(
        press(GROUP, board, &user(CARLA, "carla", "en"), "m:1:6:5"),
        answer_with("do not play"),
    )
    .await;
    // A stale button (Bruno's from ply 1) is answered, not played.
    bot.expect(press(GROUP, board, &bruno(), "m:1:1:6"), answer_with("older board")).await;
    assert!(!bot.fake.calls()[from..].iter().any(|c| c.method == "editMessageMedia"));
    let last = bot.expect(press(GROUP, board, &ana(), "m:1:6:4"), board_at(GROUP, 7)).await;
    assert!(last.text().contains("wins"), "{}", last.text());
    assert_eq!(last.buttons(), ["r:1", "p:1"]);
    assert_eq!(bot.fake.calls().iter().filter(|c| c.method == "sendPhoto").count(), 1);
    // The finished game's Replay button: the whole game arrives as an animation.
    let replay = bot
        .expect(press(GROUP, board, &user(CARLA, "carla", "en"), "p:1"), is("sendAnimation", GROUP))
        .await;
    let attached = replay.params["animation"].as_str().and_then(|a| a.strip_prefix("attach://"));
    let attached = attached.expect("the GIF is uploaded");
    assert_eq!(replay.params[format!("{attached}#gif")], true, "{replay:?}");
    assert!(replay.params["caption"].as_str().is_some_and(|c| c.contains("wins")), "{replay:?}");
    bot.served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gomoku_is_played_with_typed_commands() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.meet(&bruno()).await;
    let challenge =
        bot.expect(text(GROUP, &ana(), "/gomoku @bruno"), is("sendMessage", GROUP)).await;
    // The challenge mentions Bruno (a mention notifies him), and its words stay plain.
    let mention = format!("<a href=\"tg://user?id={BRUNO}\">bruno</a> ana challenges bruno");
    assert!(challenge.text().starts_with(&mention), "{}", challenge.text());
    assert_eq!(challenge.params["parse_mode"], "HTML");
    let first = bot.expect(text(GROUP, &bruno(), "/accept"), is("sendPhoto", GROUP)).await;
    // The point picker's first step: fifteen columns, folded into rows of eight at most.
    assert_eq!(first.buttons().len(), 15);
    // A move out of turn gets a short reply.
    let reply = bot.expect(text(GROUP, &bruno(), "/move a1"), is("sendMessage", GROUP)).await;
    assert!(reply.params["reply_parameters"].is_object(), "{reply:?}");
    let moves = ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4"];
    for (ply, point) in moves.into_iter().enumerate() {
        let who = if ply % 2 == 0 { ana() } else { bruno() };
        // Some moves are typed bare, as a player in a hurry writes them.
        let line = if ply % 3 == 2 {
            point.to_uppercase()
        } else {
            format!("/move@{BOT_USERNAME} {point}")
        };
        bot.expect(text(GROUP, &who, &line), board_at(GROUP, ply + 1)).await;
    }
    let last = bot.expect(text(GROUP, &ana(), "/move h12"), board_at(GROUP, 9)).await;
    assert!(last.text().contains("wins"), "{}", last.text());
    bot.served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cpu_answers_in_a_private_chat() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    let first = bot.expect(text(ANA, &ana(), "/connect5 cpu easy"), is("sendPhoto", ANA)).await;
    assert!(first.buttons().contains(&"m:1:0:4".to_owned()));
    let from = bot.fake.count();
    bot.fake.push(press(ANA, 1001, &ana(), "m:1:0:4"));
    // The board after Ana's move may never be sent: when the CPU answers before it goes out,
    // the newer board replaces it in the chat's queue.
    let answered = bot.fake.wait_for(from, board_at(ANA, 2)).await;
    assert_eq!(answered.method, "editMessageMedia");
    assert!(answered.text().contains("CPU easy played"), "{}", answered.text());
    // No turn messages in a private chat.
    assert!(!bot.fake.calls()[from..].iter().any(|c| c.method == "sendMessage"));
    bot.served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_is_confirmed_with_a_button_that_a_move_makes_stale() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.meet(&bruno()).await;
    bot.expect(text(GROUP, &ana(), "/gomoku @bruno"), is("sendMessage", GROUP)).await;
    bot.expect(text(GROUP, &bruno(), "/accept"), is("sendPhoto", GROUP)).await;
    let asked = |c: &Call| is("sendMessage", GROUP)(c) && c.text().contains("resign");
    let question = bot.expect(text(GROUP, &ana(), "/resign"), asked).await;
    assert_eq!(
        question.text(),
        "ana, do you resign game #1? Press Resign, or type /resign confirm."
    );
    assert_eq!(question.buttons(), ["x:1:0:1y", "x:1:0:1n"]);
    let message = 1003;
    bot.expect(press(GROUP, message, &bruno(), "x:1:0:1y"), answer_with("for the other player"))
        .await;
    bot.expect(press(GROUP, message, &ana(), "x:1:0:1n"), answer_with("You keep playing.")).await;
    bot.expect(text(GROUP, &ana(), "/move h8"), board_at(GROUP, 1)).await;
    let from = bot.fake.count();
    bot.expect(press(GROUP, message, &ana(), "x:1:0:1y"), answer_with("older board")).await;
    assert!(!bot.fake.calls()[from..].iter().any(|c| c.method == "editMessageMedia"));

    let question = bot.expect(text(GROUP, &ana(), "/rendirse"), asked).await;
    assert_eq!(question.buttons(), ["x:1:1:1y", "x:1:1:1n"]);
    let from = bot.fake.count();
    bot.fake.push(press(GROUP, 1005, &ana(), "x:1:1:1y"));
    let last = bot.fake.wait_for(from, board_at(GROUP, 1)).await;
    assert_eq!(last.method, "editMessageMedia");
    assert!(last.text().contains("bruno wins: ana resigned."), "{}", last.text());
    assert_eq!(last.buttons(), ["r:1", "p:1"]);
    let answered = bot.fake.wait_for(from, |c| c.method == "answerCallbackQuery").await;
    assert!(answered.params["text"].is_null(), "{answered:?}");
    bot.served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_429_on_send_photo_is_waited_out() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.fake.flood("sendPhoto", 1);
    let from = bot.fake.count();
    bot.fake.push(text(ANA, &ana(), "/gomoku cpu"));
    let sends = bot.fake.wait_count(from, "sendPhoto", 2).await;
    assert_eq!(sends.len(), 2, "one refused, one accepted");
    assert!(sends[1].at.duration_since(sends[0].at) >= Duration::from_millis(900));
    assert!(sends.iter().all(|c| c.chat() == ANA));
    bot.served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_private_chat_gets_the_deep_link() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.fake.forbid_private("sendMessage", ANA);
    let invite = bot
        .expect(text(GROUP, &ana(), "/rules gomoku full"), |c| {
            c.method == "sendMessage" && c.buttons().iter().any(|b| b.contains("t.me"))
        })
        .await;
    assert_eq!(invite.chat(), GROUP);
    assert_eq!(invite.buttons(), [format!("https://t.me/{BOT_USERNAME}?start=link")]);
    bot.fake.heal();
    // Starting the bot from the link links Ana: the rules that waited arrive.
    let from = bot.fake.count();
    bot.fake.push(text(ANA, &ana(), "/start link"));
    bot.fake.wait_for(from, |c| is("sendMessage", ANA)(c) && c.text().contains("The game")).await;
    bot.served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_shows_the_board_again_and_old_buttons_work() {
    let directory = tempfile::tempdir().expect("a folder");
    let database = directory.path().join("bot.db");
    let bot = Bot::start(&database).await;
    bot.meet(&bruno()).await;
    bot.expect(text(GROUP, &ana(), "/gomoku @bruno"), is("sendMessage", GROUP)).await;
    let first = bot.expect(text(GROUP, &bruno(), "/accept"), is("sendPhoto", GROUP)).await;
    let board = 1003;
    assert!(first.buttons().contains(&"k:1:0:h".to_owned()));
    bot.expect(text(GROUP, &ana(), "/move h8"), board_at(GROUP, 1)).await;
    let Bot { fake, served } = bot;
    served.stop().await;

    // A new dispatcher on the same database: the buttons drawn before the restart work.
    let served = fake_telegram::serve_bot(&fake, &database).await;
    let bot = Bot { fake, served };
    let rows = bot
        .expect(press(GROUP, board, &bruno(), "k:1:1:i"), |c| c.method == "editMessageReplyMarkup")
        .await;
    assert!(rows.buttons().contains(&"m:1:1:i9".to_owned()), "{:?}", rows.buttons());
    let edit = bot.expect(press(GROUP, board, &bruno(), "m:1:1:i9"), board_at(GROUP, 2)).await;
    assert_eq!((edit.method.as_str(), edit.message_id()), ("editMessageMedia", board));

    // Ana's next move is committed but its board never reaches Telegram…
    bot.fake.break_method("editMessageMedia", 1);
    bot.fake.break_method("sendPhoto", 1);
    let from = bot.fake.count();
    bot.fake.push(text(GROUP, &ana(), "/move h9"));
    bot.fake.wait_for(from, |c| c.method == "sendPhoto").await;
    let Bot { fake, served } = bot;
    served.stop().await;
    // …so the restarted bot shows it at once, in place.
    let from = fake.count();
    let served = fake_telegram::serve_bot(&fake, &database).await;
    let shown = fake.wait_for(from, board_at(GROUP, 3)).await;
    assert_eq!((shown.method.as_str(), shown.message_id()), ("editMessageMedia", board));
    served.stop().await;
}

/// What Telegram does after the bot died between committing an update's action and confirming
/// the update: the same update (same `update_id`, same message) comes again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redelivered_update_changes_nothing() {
    let directory = tempfile::tempdir().expect("a folder");
    let database = directory.path().join("bot.db");
    let bot = Bot::start(&database).await;
    let already = |c: &Call| is("sendMessage", GROUP)(c) && c.text().contains("already done");
    let again = |id: i64| {
        let from = bot.fake.count();
        bot.fake.push_again(id);
        bot.fake.wait_for(from, already)
    };
    bot.meet(&bruno()).await;
    bot.expect(text(GROUP, &ana(), "/connect5 @bruno"), is("sendMessage", GROUP)).await;

    let from = bot.fake.count();
    let accept = bot.fake.push(text(GROUP, &bruno(), "/accept"));
    bot.fake.wait_for(from, is("sendPhoto", GROUP)).await;
    again(accept).await;

    let from = bot.fake.count();
    let four = bot.fake.push(text(GROUP, &ana(), "/move 4"));
    bot.fake.wait_for(from, board_at(GROUP, 1)).await;
    bot.expect(text(GROUP, &bruno(), "/move 1"), board_at(GROUP, 2)).await;
    // Column 4 is still open at ply 2: played again, it would be a new move of Ana's.
    again(four).await;

    let from = bot.fake.count();
    let resign = bot.fake.push(text(GROUP, &bruno(), "/resign confirm"));
    bot.fake.wait_for(from, |c| board_at(GROUP, 2)(c) && c.buttons() == ["r:1", "p:1"]).await;
    again(resign).await;
    bot.served.stop().await;

    let store = cincobot::store::Store::open(&format!("sqlite://{}", database.display()))
        .await
        .expect("the database");
    let (row, moves) = store.game(cincobot::core::GameId(1)).await.expect("read").expect("game 1");
    assert_eq!(moves.iter().map(|m| m.action.as_str()).collect::<Vec<_>>(), ["4", "1"]);
    assert_eq!(row.status, cincobot::store::GameStatus::Finished);
    assert!(store.game(cincobot::core::GameId(2)).await.expect("read").is_none());
}

/// A group that becomes a supergroup gets a new chat id; its game goes on there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_that_becomes_a_supergroup_keeps_its_game() {
    const SUPERGROUP: i64 = -100_900;
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.meet(&bruno()).await;
    bot.expect(text(GROUP, &ana(), "/gomoku @bruno"), is("sendMessage", GROUP)).await;
    bot.expect(text(GROUP, &bruno(), "/accept"), is("sendPhoto", GROUP)).await;
    bot.expect(text(GROUP, &ana(), "/move h8"), board_at(GROUP, 1)).await;
    let mut moved = text(GROUP, &ana(), "");
    moved["message"]["migrate_to_chat_id"] = serde_json::json!(SUPERGROUP);
    moved["message"].as_object_mut().expect("a message").remove("text");
    // The board is shown anew in the supergroup: the old chat's messages stay behind.
    bot.expect(moved, |c| c.method == "sendPhoto" && c.chat() == SUPERGROUP).await;
    bot.expect(text(SUPERGROUP, &bruno(), "/move h9"), board_at(SUPERGROUP, 2)).await;
    let refused =
        |c: &Call| is("sendMessage", GROUP)(c) && c.text().contains("no game being played");
    bot.expect(text(GROUP, &ana(), "/move h10"), refused).await;
    bot.served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cinco_seat_that_cannot_get_private_messages_holds_the_start_until_linked() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    bot.meet(&bruno()).await;
    bot.fake.forbid_private("sendMessage", BRUNO);
    let lobby = bot.expect(text(GROUP, &ana(), "/cinco"), is("sendMessage", GROUP)).await;
    assert!(lobby.buttons().contains(&"L:1:j".to_owned()), "{:?}", lobby.buttons());

    // Bruno's "you are seated" note gets a 403: the group gets the deep link, the lobby says
    // who cannot be reached, and Start is refused.
    let from = bot.fake.count();
    bot.fake.push(press(GROUP, lobby.message_id(), &bruno(), "L:1:j"));
    let invite = bot
        .fake
        .wait_for(from, |c| {
            is("sendMessage", GROUP)(c) && c.buttons().iter().any(|b| b.contains("t.me"))
        })
        .await;
    assert_eq!(invite.buttons(), [format!("https://t.me/{BOT_USERNAME}?start=link")]);
    bot.fake
        .wait_for(from, |c| {
            is("sendMessage", GROUP)(c) && c.text().contains("cannot get my private")
        })
        .await;
    bot.expect(press(GROUP, lobby.message_id(), &ana(), "L:1:s"), answer_with("cannot start"))
        .await;

    // Opening the private chat from the link: the note that waited in the store arrives, and
    // the game starts.
    bot.fake.heal();
    let linked = bot.fake.count();
    let seated = bot
        .expect(text(BRUNO, &bruno(), "/start link"), |c| {
            is("sendMessage", BRUNO)(c) && c.text().contains("You are seated at CINCO table 1")
        })
        .await;
    assert_eq!(seated.chat(), BRUNO);
    // Delivered, the note makes Bruno reachable: the lobby is shown again without the warning.
    bot.fake
        .wait_for(linked, |c| {
            is("sendMessage", GROUP)(c)
                && c.text().contains("Seated (2)")
                && !c.text().contains("cannot get my private")
        })
        .await;
    bot.expect(press(GROUP, lobby.message_id(), &ana(), "L:1:s"), |c| {
        c.chat() == GROUP && c.text().contains("CINCO #1")
    })
    .await;
    bot.served.stop().await;
}

/// `/rules cinco full` arrives whole, in several messages within Telegram's limit, formatted
/// (Telegram's HTML) and without the passages for maintainers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_rules_document_arrives_formatted_in_pieces() {
    let directory = tempfile::tempdir().expect("a folder");
    let bot = Bot::start(&directory.path().join("bot.db")).await;
    let document = cincobot::core::rules_for_players(
        cincobot::games::Family::Cinco,
        cincobot::i18n::Locale::En,
    );
    assert!(!document.contains("cargo") && !document.contains("maintainers"), "{document}");
    let from = bot.fake.count();
    bot.fake.push(text(ANA, &ana(), "/rules cinco full"));
    let expected = document_words::words(&document).len();
    let sent = |fake: &FakeTelegram| -> Vec<Call> {
        fake.calls()[from..].iter().filter(|c| is("sendMessage", ANA)(c)).cloned().collect()
    };
    let until = std::time::Instant::now() + Duration::from_secs(20);
    while std::time::Instant::now() < until {
        let texts: Vec<String> = sent(&bot.fake).iter().map(Call::text).collect();
        if document_words::words(&texts.join("\n")).len() >= expected {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let sent = sent(&bot.fake);
    assert!(sent.iter().all(|c| c.params["parse_mode"] == "HTML"), "formatted: {sent:#?}");
    assert!(sent.iter().all(|c| c.text().chars().count() <= 4096));
    assert!(sent.iter().any(|c| c.text().contains("<b>End of the game</b>")), "{sent:#?}");
    let texts: Vec<String> = sent.iter().map(Call::text).collect();
    document_words::assert_whole(&document, &texts);
    bot.served.stop().await;
}
