//! The web board with several real processes on one PostgreSQL ([`crate::fleet`]): a page
//! may reach any process (a balancer in front of them picks one), while a game lives in the
//! process that holds its chat's slot. Through the process that does not hold it, the game
//! is read, played, and streamed as through its own.

use crate::fake_http::{self as http, Answer, Events};
use crate::fake_telegram::{Call, press, text};
use crate::fleet::{Fleet, WEB_LINK_KEY};
use crate::processes::ONE_FLEET_AT_A_TIME;
use crate::telegram::is;
use crate::web::{ana, bruno, carla, init_data, now, replies, spectator_link, tma};
use crate::web_cinco::choices;

use std::path::PathBuf;
use std::time::Duration;

use cincobot::core::{Chat, ChatKind, Platform};
use cincobot::identity::slot_of;
use cincobot::store::{Store, scratch};

const WAIT: Duration = Duration::from_secs(20);
/// How long a stream that has brought what a test waited for is read on for more: what it
/// still brings was sent to it already.
const QUIET: Duration = Duration::from_millis(500);

/// A group whose slot is in the upper half, which [`Fleet::halves`] gives "serving".
fn group_served_by_the_upper_half() -> i64 {
    (1..)
        .map(|n| -100_500 - n)
        .find(|&id| {
            let chat =
                Chat { platform: Platform::Telegram, kind: ChatKind::Group, id: id.to_string() };
            slot_of(&chat) >= 128
        })
        .unwrap_or_default()
}

async fn get(base: &str, path: &str, authorization: &str) -> Answer {
    http::request("GET", &format!("{base}{path}"), &[("authorization", authorization)], b"")
        .await
        .expect("the web board answers")
}

async fn act(base: &str, game: i64, authorization: &str, body: &str) -> Answer {
    let headers = [("authorization", authorization), ("content-type", "application/json")];
    http::request("POST", &format!("{base}/api/games/{game}/actions"), &headers, body.as_bytes())
        .await
        .expect("the web board answers")
}

/// The names of the events `events` brings until it has brought every one of `wanted`, and
/// then for as long as it brings more within `quiet`.
async fn events_until(events: &mut Events, wanted: &[&str], quiet: Duration) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    while !wanted.iter().all(|want| names.iter().any(|name| name == want)) {
        let (event, _) =
            events.next(WAIT).await.unwrap_or_else(|| panic!("{wanted:?} in time: {names:?}"));
        names.push(event);
    }
    while let Some((event, _)) = events.next(quiet).await {
        names.push(event);
    }
    names
}

/// The next `board` event of `events`, skipping anything else.
async fn next_board(events: &mut Events) -> serde_json::Value {
    loop {
        let (event, data) = events.next(WAIT).await.expect("an event in time");
        if event == "board" {
            return serde_json::from_str(&data).expect("the event's JSON");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_served_by_another_process_is_read_played_and_streamed_through_this_one() {
    let Some(database) = scratch::postgres().await else { return };
    let _alone = ONE_FLEET_AT_A_TIME.lock().await;
    let fleet =
        Fleet::with_web_board(PathBuf::from(env!("CARGO_BIN_EXE_cincobot")), database).await;
    let (polling, serving) = fleet.halves().await;
    let (Some(elsewhere), Some(home)) = (polling.web.clone(), serving.web.clone()) else {
        panic!("both processes serve the web board");
    };

    // The game lives in "serving": its group's slot is in the upper half.
    let group = group_served_by_the_upper_half();
    for (who, words) in [(bruno(), "/help"), (ana(), "/gomoku @bruno")] {
        let from = fleet.fake.count();
        fleet.fake.push(text(group, &who, words));
        fleet.fake.wait_for(from, is("sendMessage", group)).await;
    }
    let from = fleet.fake.count();
    fleet.fake.push(text(group, &bruno(), "/accept"));
    fleet.fake.wait_for(from, is("sendPhoto", group)).await;
    let store = Store::open(&fleet.database).await.expect("the database");
    let games = store.active_games().await.expect("the games");
    let game = games.iter().find(|(row, _)| row.chat.id == group.to_string()).expect("the game");
    let game = game.0.id.0;

    // Read through the process that does not serve it: the same state as through its own.
    let ana_signed = tma(&init_data(&ana(), now(), None));
    let bruno_signed = tma(&init_data(&bruno(), now(), None));
    let path = format!("/api/games/{game}");
    let there = get(&elsewhere, &path, &ana_signed).await;
    assert_eq!(there.status, 200, "{there:?}\n{}", polling.log());
    // The clock's reading is the only thing that differs.
    let without_clock = |answer: Answer| {
        let mut state = answer.json();
        state["now_ms"] = serde_json::Value::Null;
        state
    };
    let (there, here) = (without_clock(there), without_clock(get(&home, &path, &ana_signed).await));
    assert_eq!(there["ply"], 0);
    assert_eq!(
        (there["you"]["seat"].as_u64(), there["you"]["may_act"].as_bool()),
        (Some(0), Some(true))
    );
    assert_eq!(there["you"]["legal"].as_array().map(Vec::len), Some(225), "her moves");
    assert_eq!(there, here, "read through either process");
    // Who the reader is stays the asker's to decide: a spectator's link reads, never acts.
    let spectator = spectator_link(WEB_LINK_KEY.as_bytes(), game);
    let watched = get(&elsewhere, &path, &spectator).await.json();
    assert_eq!(
        (watched["you"]["seat"].is_null(), watched["you"]["may_act"].as_bool()),
        (true, Some(false))
    );
    assert_eq!(watched["you"]["legal"], serde_json::json!([]), "no moves for a spectator");
    let refused =
        act(&elsewhere, game, &spectator, r#"{"id":"tap-spectator-1","move":"h8","ply":0}"#).await;
    assert_eq!(refused.status, 403, "{refused:?}");
    // Nobody's game, and someone who does not play it.
    assert_eq!(get(&elsewhere, "/api/games/999999", &ana_signed).await.status, 404);
    let carla_signed = tma(&init_data(&carla(), now(), None));
    assert_eq!(get(&elsewhere, &path, &carla_signed).await.status, 403);

    // Bruno watches through the process that does not serve it; Ana plays through it.
    let mut events =
        Events::open(&format!("{elsewhere}{path}/events"), &[("authorization", &bruno_signed)])
            .await
            .expect("the stream opens");
    assert_eq!(events.status, 200);
    assert_eq!(events.next(WAIT).await.map(|(event, _)| event).as_deref(), Some("ready"));
    let from = fleet.fake.count();
    let played =
        act(&elsewhere, game, &ana_signed, r#"{"id":"tap-elsewhere-1","move":"h8","ply":0}"#).await;
    assert_eq!(replies(&played), Vec::<String>::new(), "played through the other process");
    assert_eq!(next_board(&mut events).await["ply"], 1);
    fleet
        .fake
        .wait_for(from, |call| call.chat() == group && call.method == "editMessageMedia")
        .await;
    // The same tap again is the same event: done once.
    let again =
        act(&elsewhere, game, &ana_signed, r#"{"id":"tap-elsewhere-1","move":"h8","ply":0}"#).await;
    assert_eq!(replies(&again).len(), 1, "{again:?}");

    // A move made in the chat reaches the page on the other process too.
    fleet.fake.push(text(group, &bruno(), "/move h9"));
    assert_eq!(next_board(&mut events).await["ply"], 2);
    let there = get(&elsewhere, &path, &bruno_signed).await.json();
    assert_eq!((there["ply"].as_u64(), there["you"]["seat"].as_u64()), (Some(2), Some(1)));
    let moves: Vec<String> = store
        .active_games()
        .await
        .expect("the games")
        .into_iter()
        .find(|(row, _)| row.id.0 == game)
        .map(|(_, log)| log.into_iter().map(|stored| stored.action).collect())
        .unwrap_or_default();
    assert_eq!(moves, ["h8", "h9"], "each move once");
}

/// A CINCO table served by "serving", read and played through "polling": each player reads
/// their own hand there and no other, and the news that a hand changed reaches its owner's
/// stream through the process that does not serve the game, and nobody else's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cinco_hand_served_by_another_process_reaches_its_owner_alone_through_this_one() {
    let Some(database) = scratch::postgres().await else { return };
    let _alone = ONE_FLEET_AT_A_TIME.lock().await;
    let fleet =
        Fleet::with_web_board(PathBuf::from(env!("CARGO_BIN_EXE_cincobot")), database).await;
    let (polling, _serving) = fleet.halves().await;
    let elsewhere = polling.web.clone().expect("the web board");
    let group = group_served_by_the_upper_half();

    // Ana opens a table, Bruno joins, Ana starts it.
    let lobby = |call: &Call| call.chat() == group && call.buttons().contains(&"L:1:s".to_owned());
    let from = fleet.fake.count();
    fleet.fake.push(text(group, &ana(), "/cinco"));
    fleet.fake.wait_for(from, lobby).await;
    let from = fleet.fake.count();
    fleet.fake.push(press(group, 1001, &bruno(), "L:1:j"));
    fleet.fake.wait_for(from, |call| call.method == "answerCallbackQuery").await;
    let from = fleet.fake.count();
    fleet.fake.push(press(group, 1001, &ana(), "L:1:s"));
    fleet.fake.wait_for(from, |call| call.method == "sendPhoto" && call.chat() == group).await;

    let signed = [tma(&init_data(&ana(), now(), None)), tma(&init_data(&bruno(), now(), None))];
    let path = "/api/games/1";
    let mut states = Vec::new();
    for (seat, authorization) in signed.iter().enumerate() {
        let state = get(&elsewhere, path, authorization).await;
        assert_eq!(state.status, 200, "{state:?}\n{}", polling.log());
        let state = state.json();
        assert_eq!(
            (state["kind"].as_str(), state["hand"]["seat"].as_u64()),
            (Some("cinco"), Some(seat as u64))
        );
        states.push(state);
    }
    assert_ne!(states[0]["hand"], states[1]["hand"], "each reads their own hand");
    let spectator_link = spectator_link(WEB_LINK_KEY.as_bytes(), 1);
    let spectated = get(&elsewhere, path, &spectator_link).await.json();
    assert!(spectated.get("hand").is_none(), "a spectator reads no hand: {spectated}");
    let mut spectator = Events::open(
        &format!("{elsewhere}{path}/events"),
        &[("authorization", spectator_link.as_str())],
    )
    .await
    .expect("the stream opens");
    assert_eq!(spectator.next(WAIT).await.map(|(event, _)| event).as_deref(), Some("ready"));
    let mut streams = Vec::new();
    for authorization in &signed {
        let headers = [("authorization", authorization.as_str())];
        let mut events = Events::open(&format!("{elsewhere}{path}/events"), &headers)
            .await
            .expect("the stream opens");
        assert_eq!(events.next(WAIT).await.map(|(event, _)| event).as_deref(), Some("ready"));
        streams.push(events);
    }

    // The player to act plays their first choice through the process that does not serve
    // the game; their hand's news comes to their stream only.
    // The seat to act; in an auction (the deal may open with one) both bid: the first.
    let actor = (0..2).find(|&seat| !choices(&states[seat]).is_empty()).expect("somebody may act");
    let other = 1 - actor;
    let payload = choices(&states[actor]).into_iter().next().expect("a choice");
    let body = serde_json::json!({"id": "tap-cinco-elsewhere", "button": payload}).to_string();
    let played = act(&elsewhere, 1, &signed[actor], &body).await;
    assert_eq!(replies(&played), Vec::<String>::new(), "played through the other process");
    // The actor's page is told their hand changed, through the process that does not serve
    // the game; a spectator's never is, whoever's hand it was.
    let actor_events = events_until(&mut streams[actor], &["board", "hand"], QUIET).await;
    events_until(&mut streams[other], &["board"], QUIET).await;
    let watched = events_until(&mut spectator, &["board"], QUIET).await;
    assert!(!watched.contains(&"hand".to_owned()), "{watched:?}; the actor's: {actor_events:?}");
    let actor_after = get(&elsewhere, path, &signed[actor]).await.json();
    assert_ne!(actor_after["hand"], states[actor]["hand"], "the actor's hand as it is now");
    assert_eq!(actor_after["hand"]["seat"].as_u64(), Some(actor as u64));
    let other_after = get(&elsewhere, path, &signed[other]).await.json();
    assert_eq!(other_after["hand"]["seat"].as_u64(), Some(other as u64), "their own hand still");
}
