//! The Discord adapter end to end: serenity's real client, the core and a SQLite store
//! against a fake Discord on 127.0.0.1 (`fake_discord`: REST through serenity's proxy, a
//! gateway websocket that dispatches the interactions a test scripts).

use crate::document_words;
use crate::fake_discord;

use std::time::{Duration, Instant};

use fake_discord::{Call, FakeDiscord, autocomplete, press, slash, user};
use serde_json::{Value, json};

pub(crate) const CHANNEL: u64 = 1_150_000_000_000_000_000;
pub(crate) const ANA: u64 = 1001;
const BRUNO: u64 = 1002;
pub(crate) const CARLA: u64 = 1003;

pub(crate) fn ana() -> Value {
    user(ANA, "ana")
}
fn bruno() -> Value {
    user(BRUNO, "bruno")
}
pub(crate) fn carla() -> Value {
    user(CARLA, "carla")
}

/// Dispatches `interaction` and waits for its callback.
pub(crate) async fn interact(fake: &FakeDiscord, (id, interaction): (u64, Value)) -> Call {
    let from = fake.count();
    fake.dispatch(interaction);
    let callback = format!("/interactions/{id}/");
    fake.wait_for(from, |call| call.path.contains(&callback) && call.body["type"].is_i64()).await
}

fn option(name: &str, kind: u8, value: Value) -> Value {
    json!({ "name": name, "type": kind, "value": value })
}

/// Ana challenges Bruno to `game` and Bruno accepts: the board's message id and the call
/// that posted it.
pub(crate) async fn start_game(fake: &FakeDiscord, game: &str) -> (u64, Call) {
    let challenge = slash(
        fake,
        &ana(),
        CHANNEL,
        game,
        json!([option("opponent", 6, json!(BRUNO.to_string()))]),
        &[bruno()],
    );
    let answer = interact(fake, challenge).await;
    assert_eq!(answer.callback_type(), Some(4), "the challenge answers the command");
    assert!(!answer.ephemeral(), "everyone sees a challenge");
    assert!(answer.content().starts_with(&format!("<@{BRUNO}> ")), "{}", answer.content());
    let allowed = &answer.data()["allowed_mentions"];
    assert_eq!((&allowed["users"], &allowed["parse"]), (&json!([BRUNO.to_string()]), &json!([])));
    let accept =
        answer.buttons().into_iter().find(|id| id.starts_with("a:")).expect("an Accept button");
    let challenge_message = answer.created.expect("the challenge's message");
    let from = fake.count();
    let board = interact(fake, press(fake, &bruno(), CHANNEL, challenge_message, &accept)).await;
    assert_eq!(board.callback_type(), Some(7), "the challenge becomes the board");
    assert_eq!((board.files, board.png), (1, true));
    let mention = fake
        .wait_for(from, |call| {
            call.is("POST", &format!("/channels/{CHANNEL}/messages"))
                && call.content().contains(&format!("<@{ANA}>"))
        })
        .await;
    assert_eq!(mention.body["allowed_mentions"]["users"], json!([ANA.to_string()]), "only Ana");
    (challenge_message, board)
}

/// The button of `board` that plays column `column`.
fn column_button(board: &Call, column: u32) -> String {
    board
        .buttons()
        .into_iter()
        .find(|id| id.starts_with("m:") && id.ends_with(&format!(":{column}")))
        .unwrap_or_else(|| panic!("a button for column {column} in {:?}", board.components()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_5_en_raya_game_by_buttons_with_a_bystander_refused() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &dir.path().join("bot.db")).await;
    fake.identified(1).await;
    let registered = fake.wait_for(0, |call| call.is("PUT", "/commands")).await;
    // Every command but /web: this bot has no web board.
    assert_eq!(registered.body.as_array().map(Vec::len), Some(26));
    let (message, mut board) = start_game(&fake, "connect5").await;
    // Ana stacks column 1, Bruno answers in columns 2 and 3: five in a column for Ana.
    let moves = [
        (ANA, 1),
        (BRUNO, 2),
        (ANA, 1),
        (BRUNO, 2),
        (ANA, 1),
        (BRUNO, 2),
        (ANA, 1),
        (BRUNO, 3),
        (ANA, 1),
    ];
    for (turn, &(player, column)) in moves.iter().enumerate() {
        let who = if player == ANA { ana() } else { bruno() };
        if turn == 3 {
            // Carla is not in the game: told privately, and the board stays as it is.
            let from = fake.count();
            let refused = interact(
                &fake,
                press(&fake, &carla(), CHANNEL, message, &column_button(&board, 5)),
            )
            .await;
            assert_eq!(refused.callback_type(), Some(4));
            assert!(refused.ephemeral(), "a bystander's refusal is ephemeral");
            let since = fake.since(from, Duration::from_millis(300)).await;
            assert!(since.iter().all(|call| !call.png), "no board drawn for a refusal");
        }
        let from = fake.count();
        let update =
            interact(&fake, press(&fake, &who, CHANNEL, message, &column_button(&board, column)))
                .await;
        assert_eq!(update.callback_type(), Some(7), "move {turn} updates the pressed board");
        assert_eq!((update.files, update.png), (1, true), "the image always goes again");
        let attachments = update.data()["attachments"].as_array().map(Vec::len);
        assert_eq!(attachments, Some(1), "only the new image is kept");
        if turn < moves.len() - 1 {
            let next = if player == ANA { BRUNO } else { ANA };
            let mention = fake
                .wait_for(from, |call| {
                    call.is("POST", "/messages") && call.content().contains(&format!("<@{next}>"))
                })
                .await;
            assert_eq!(mention.body["allowed_mentions"]["users"], json!([next.to_string()]));
        }
        board = update;
    }
    assert!(
        board.buttons().iter().all(|id| !id.starts_with("m:")),
        "no move after the end: {} {:?}",
        board.content(),
        board.components()
    );
    assert!(board.content().to_lowercase().contains("ana"), "the winner is named");
    // The finished board's Replay button: anyone may press it, and the GIF is posted.
    let replay = board.buttons().into_iter().find(|id| id.starts_with("p:")).expect("Replay");
    let from = fake.count();
    fake.dispatch(press(&fake, &carla(), CHANNEL, message, &replay).1);
    let posted = fake.wait_for(from, |call| call.files == 1 && call.gif).await;
    assert!(posted.content().contains("5 en raya"), "{}", posted.content());
    served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_429_holds_every_call_for_as_long_as_it_says() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &dir.path().join("bot.db")).await;
    fake.identified(1).await;
    fake.rate_limit_globally("POST", "/callback", 0.7);
    let (first, help) = slash(&fake, &ana(), CHANNEL, "help", json!([]), &[]);
    let from = fake.count();
    fake.dispatch(help);
    let limited = fake.wait_for(from, |call| call.path.contains(&format!("/{first}/"))).await;
    // Another channel's answer, asked after the bot has read the limit (the fake limits one
    // call, and the call is seen here before its answer reaches the bot), waits for it too;
    // without the global hold it would go out 0.3 s after the limit, not 0.7 s.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (second, elsewhere) = slash(&fake, &bruno(), CHANNEL + 1, "help", json!([]), &[]);
    fake.dispatch(elsewhere);
    let answered = fake.wait_for(from, |call| call.path.contains(&format!("/{second}/"))).await;
    let waited = answered.at.duration_since(limited.at);
    assert!(waited >= Duration::from_millis(700), "the other channel waited: {waited:?}");
    let again = fake.wait_count(from, |call| call.path.contains(&format!("/{first}/")), 2).await;
    assert!(again[1].at.duration_since(limited.at) >= Duration::from_millis(700));
    served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_pings_nobody() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &dir.path().join("bot.db")).await;
    fake.identified(1).await;
    let open = interact(&fake, slash(&fake, &ana(), CHANNEL, "renju", json!([]), &[])).await;
    assert_eq!(open.callback_type(), Some(4));
    assert!(open.buttons().iter().any(|id| id.starts_with("j:")), "a Join button");
    assert!(!open.content().contains("<@"), "{}", open.content());
    assert_eq!(open.data()["allowed_mentions"]["users"], json!([]));
    served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_pings_the_opponent_alone() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &dir.path().join("bot.db")).await;
    fake.identified(1).await;
    start_game(&fake, "connect5").await;
    let confirm = json!([option("confirm", 5, json!(true))]);
    let resigned = interact(&fake, slash(&fake, &ana(), CHANNEL, "resign", confirm, &[])).await;
    assert!(!resigned.ephemeral(), "{}", resigned.content());
    let rematch = interact(&fake, slash(&fake, &bruno(), CHANNEL, "rematch", json!([]), &[])).await;
    assert!(rematch.buttons().iter().any(|id| id.starts_with("a:")), "{:?}", rematch.components());
    assert!(rematch.content().starts_with(&format!("<@{ANA}> ")), "{}", rematch.content());
    let allowed = &rematch.data()["allowed_mentions"];
    assert_eq!((&allowed["users"], &allowed["parse"]), (&json!([ANA.to_string()]), &json!([])));
    served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gomoku_game_by_move_commands_each_answered_with_the_board() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &dir.path().join("bot.db")).await;
    fake.identified(1).await;
    let (mut message, _) = start_game(&fake, "gomoku").await;
    // Typing the point: the empty board's centre first, and only for the player to move.
    let offered = interact(&fake, autocomplete(&fake, &ana(), CHANNEL, "H")).await;
    assert_eq!(offered.callback_type(), Some(8), "an autocomplete result");
    let choices = offered.data()["choices"].as_array().cloned().unwrap_or_default();
    assert_eq!(choices.first(), Some(&json!({ "name": "h8", "value": "h8" })), "{choices:?}");
    assert!(
        choices.iter().all(|choice| choice["value"].as_str().is_some_and(|v| v.starts_with('h')))
    );
    let waiting = interact(&fake, autocomplete(&fake, &bruno(), CHANNEL, "")).await;
    assert_eq!(waiting.data()["choices"], json!([]), "not Bruno's turn");
    let moves = [
        (ANA, "h8"),
        (BRUNO, "a1"),
        (ANA, "i8"),
        (BRUNO, "a2"),
        (ANA, "j8"),
        (BRUNO, "a3"),
        (ANA, "k8"),
        (BRUNO, "a4"),
        (ANA, "l8"),
    ];
    for (turn, &(player, point)) in moves.iter().enumerate() {
        let who = if player == ANA { ana() } else { bruno() };
        if turn == 1 {
            let early = slash(
                &fake,
                &ana(),
                CHANNEL,
                "move",
                json!([option("point", 3, json!("b2"))]),
                &[],
            );
            let refused = interact(&fake, early).await;
            assert!(refused.ephemeral(), "a move out of turn is refused privately");
        }
        let command =
            slash(&fake, &who, CHANNEL, "move", json!([option("point", 3, json!(point))]), &[]);
        let from = fake.count();
        let answer = interact(&fake, command).await;
        assert_eq!(answer.callback_type(), Some(4), "{point}: the command's answer");
        assert!(!answer.ephemeral());
        assert_eq!((answer.files, answer.png), (1, true), "{point}: with the board");
        let old = message;
        message = answer.created.expect("the new board's message");
        fake.wait_for(from, |call| call.is("DELETE", &format!("/messages/{old}"))).await;
        assert!(!fake.message_exists(old), "one board per game in the channel");
        let asked = fake.calls()[from..].iter().any(|call| call.is("GET", "/@original"));
        assert!(!asked, "{point}: the callback's answer names the new board's message");
    }
    served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_is_waited_out_a_gone_board_is_posted_anew_and_closed_dms_get_an_ephemeral() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &dir.path().join("bot.db")).await;
    fake.identified(1).await;
    let (message, board) = start_game(&fake, "connect5").await;
    // Longer than the growing pause would be, so only a wait read from the 429 passes.
    fake.rate_limit("POST", "/callback", 1, 0.7);
    let (id, first) = press(&fake, &ana(), CHANNEL, message, &column_button(&board, 4));
    let from = fake.count();
    fake.dispatch(first);
    let callback = format!("/interactions/{id}/");
    let is_callback =
        |call: &Call| call.path.contains(&callback) && call.path.ends_with("/callback");
    let callbacks = fake.wait_count(from, is_callback, 2).await;
    assert_eq!(callbacks[0].callback_type(), Some(7));
    let waited = callbacks[1].at.duration_since(callbacks[0].at);
    assert!(waited >= Duration::from_millis(700), "made again only after retry_after: {waited:?}");
    assert!(waited < Duration::from_secs(5), "and not much later: {waited:?}");
    let second = callbacks[1].clone();
    assert_eq!(second.callback_type(), Some(7));

    // The board's message is deleted by someone: Bruno's move posts a new one.
    fake.delete_message(message);
    let from = fake.count();
    let (_, press_gone) = press(&fake, &bruno(), CHANNEL, 42, &column_button(&second, 3));
    fake.dispatch(press_gone);
    let posted = fake
        .wait_for(from, |call| {
            call.is("POST", &format!("/channels/{CHANNEL}/messages")) && call.png
        })
        .await;
    assert!(posted.created.is_some());

    // Carla's DMs are closed: the rules come to her as an ephemeral, with how to open them.
    fake.close_dms(CARLA);
    let rules = slash(
        &fake,
        &carla(),
        CHANNEL,
        "rules",
        json!([option("kind", 3, json!("gomoku")), option("full", 5, json!(true))]),
        &[],
    );
    let (id, interaction) = rules;
    let from = fake.count();
    fake.dispatch(interaction);
    let ephemeral = fake
        .wait_for(from, |call| {
            (call.path.contains(&format!("/interactions/{id}/"))
                || call.path.contains(&format!("/token-{id}")))
                && call.ephemeral()
        })
        .await;
    assert!(ephemeral.content().contains("Direct Messages"), "{}", ephemeral.content());
    assert!(
        ephemeral.content().contains("## English"),
        "and the rules themselves: {}",
        ephemeral.content()
    );
    served.stop().await;
}

/// Holds the database's write lock, so that the core's next write (a move) waits for it: a
/// slow store, released when the test says, makes the core's answer as late as needed.
async fn lock_the_database(database: &std::path::Path) -> sqlx::SqliteConnection {
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", database.display());
    let mut lock = sqlx::SqliteConnection::connect(&url).await.expect("a second connection");
    sqlx::query("BEGIN IMMEDIATE").execute(&mut lock).await.expect("the write lock");
    lock
}

async fn release(mut lock: sqlx::SqliteConnection) {
    sqlx::query("ROLLBACK").execute(&mut lock).await.expect("the lock released");
}

/// Waits for the deferral of interaction `id` (dispatched at `dispatched`): of `kind`, within
/// Discord's 3 s.
async fn deferred(fake: &FakeDiscord, from: usize, id: u64, kind: i64, dispatched: Instant) {
    let callback = format!("/interactions/{id}/");
    let deferral = fake
        .wait_for(from, |call| call.path.contains(&callback) && call.body["type"].is_i64())
        .await;
    assert_eq!(deferral.callback_type(), Some(kind), "the first answer defers");
    let after = deferral.at.duration_since(dispatched);
    assert!(after < Duration::from_secs(3), "deferred within 3 s: {after:?}");
}

/// Waits for the edit of interaction `id`'s original response with the board.
async fn original_edited(fake: &FakeDiscord, from: usize, id: u64) -> Call {
    let original = format!("/token-{id}/messages/@original");
    let edit = fake.wait_for(from, |call| call.is("PATCH", &original)).await;
    assert_eq!((edit.files, edit.png), (1, true), "the edit carries the board");
    assert_eq!(edit.body["attachments"].as_array().map(Vec::len), Some(1));
    edit
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_answer_is_deferred_within_3_s_then_the_original_response_edited() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let database = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &database).await;
    fake.identified(1).await;
    let (message, board) = start_game(&fake, "connect5").await;

    // A press while the store is slow: acknowledged (type 6), then the pressed message edited.
    let lock = lock_the_database(&database).await;
    let (id, pressed) = press(&fake, &ana(), CHANNEL, message, &column_button(&board, 4));
    let from = fake.count();
    let dispatched = Instant::now();
    fake.dispatch(pressed);
    deferred(&fake, from, id, 6, dispatched).await;
    let calls = fake.calls();
    assert!(calls[from..].iter().all(|call| !call.png), "no board before the core answered");
    release(lock).await;
    let edit = original_edited(&fake, from, id).await;
    assert!(edit.buttons().iter().any(|button| button.starts_with("m:")), "Bruno's columns");

    // A command while the store is slow: a deferred message (type 5), then its edit.
    let lock = lock_the_database(&database).await;
    let (id, command) =
        slash(&fake, &bruno(), CHANNEL, "move", json!([option("point", 3, json!("3"))]), &[]);
    let from = fake.count();
    let dispatched = Instant::now();
    fake.dispatch(command);
    deferred(&fake, from, id, 5, dispatched).await;
    release(lock).await;
    original_edited(&fake, from, id).await;
    served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_old_buttons_still_play() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let database = dir.path().join("bot.db");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &database).await;
    fake.identified(1).await;
    let (message, board) = start_game(&fake, "connect5").await;
    let update =
        interact(&fake, press(&fake, &ana(), CHANNEL, message, &column_button(&board, 4))).await;
    assert_eq!(update.callback_type(), Some(7));
    served.stop().await;

    let served = fake_discord::serve_bot(&fake, &database).await;
    fake.identified(2).await;
    let again =
        interact(&fake, press(&fake, &bruno(), CHANNEL, message, &column_button(&update, 4))).await;
    assert_eq!(again.callback_type(), Some(7), "the button drawn before the restart plays");
    assert_eq!((again.files, again.png), (1, true));
    served.stop().await;
}

/// `/rules cinco full` in a server arrives whole by DM, in several messages within Discord's
/// 2,000 characters (it was cut at the first 2,000), without the passages for maintainers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_rules_document_arrives_by_dm_in_pieces() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &dir.path().join("bot.db")).await;
    fake.identified(1).await;
    let document = cincobot::core::rules_for_players(
        cincobot::games::Family::Cinco,
        cincobot::i18n::Locale::En,
    );
    let from = fake.count();
    let options = json!([option("kind", 3, json!("cinco")), option("full", 5, json!(true))]);
    let (_, interaction) = slash(&fake, &ana(), CHANNEL, "rules", options, &[]);
    fake.dispatch(interaction);
    let expected = document_words::words(&document).len();
    let dms = |fake: &FakeDiscord| -> Vec<String> {
        let channel = format!("/channels/{CHANNEL}/");
        fake.calls()[from..]
            .iter()
            .filter(|call| call.is("POST", "/messages") && call.path.contains("/channels/"))
            .filter(|call| !call.path.contains(&channel))
            .map(Call::content)
            .collect()
    };
    let until = Instant::now() + Duration::from_secs(20);
    while Instant::now() < until && document_words::words(&dms(&fake).join("\n")).len() < expected {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let sent = dms(&fake);
    assert!(sent.iter().all(|content| content.chars().count() <= 2000), "{sent:#?}");
    document_words::assert_whole(&document, &sent);
    served.stop().await;
}
