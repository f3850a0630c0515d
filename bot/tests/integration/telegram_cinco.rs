//! A 3-player CINCO game on Telegram end to end: the real dispatcher, core and SQLite store
//! against the fake Bot API. The lobby in the group; hands and bids by private message (one
//! photo per player, edited in place, posted anew for a bid request, which must notify); the
//! table as one photo in the group edited in place, the player to act mentioned, each auction's
//! reveal a message of its own; and a restart in the middle of an auction after which every
//! waiting bidder gets the request again in the message that showed their hand, and the table
//! is edited, not posted.

use crate::auction_reveals;
use crate::fake_telegram;

use std::collections::HashMap;
use std::time::Duration;

use crate::fake_http::PARTITIONS;
use cincobot::core::{Chat, ChatKind, Partition, Platform};
use fake_telegram::{Call, FakeTelegram, press, text, user};
use serde_json::Value;

const GROUP: i64 = -100_300;
const PLAYERS: [(i64, &str); 3] = [(11, "ana"), (22, "bruno"), (33, "carla")];

fn person(id: i64) -> Value {
    let name = PLAYERS.iter().find(|(player, _)| *player == id).map_or("someone", |(_, n)| n);
    user(id, name, "en")
}

fn is_hand(call: &Call, player: i64) -> bool {
    matches!(call.method.as_str(), "sendPhoto" | "editMessageMedia") && call.chat() == player
}

/// A call that shows the group's table.
fn is_table(call: &Call) -> bool {
    matches!(call.method.as_str(), "sendPhoto" | "editMessageMedia")
        && call.chat() == GROUP
        && call.text().contains("CINCO #")
}

fn is_bid_request(call: &Call) -> bool {
    call.text().contains("choose your secret bid") && !call.buttons().is_empty()
}

/// Whether `call` tells `group` its game is over.
fn is_over(call: &Call, group: i64) -> bool {
    call.chat() == group
        && (call.text().contains("wins with five 5s") || call.text().contains("Every 5 is out"))
}

/// A player's latest hand: the call that showed it, its index among the calls, and the id of
/// the message it is (a photo's id, or the message an edit edited).
struct Latest {
    index: usize,
    call: Call,
    message: i64,
}

fn latest_hand(fake: &FakeTelegram, player: i64) -> Option<Latest> {
    let calls = fake.calls();
    let (index, call) = calls.iter().enumerate().rev().find(|(_, call)| is_hand(call, player))?;
    let message = match call.method.as_str() {
        "editMessageMedia" => call.message_id(),
        // The fake notes a photo's id just after it records the call: a press on a photo
        // seen in that moment names no message, which a CINCO button does not need.
        _ => fake.last_photo(player).unwrap_or_default(),
    };
    Some(Latest { index, call: call.clone(), message })
}

/// Presses the first button of `player`'s latest hand, unless that hand was pressed already
/// (`pressed`: the index of the last hand pressed, per player); the button pressed.
async fn press_latest(
    fake: &FakeTelegram,
    player: i64,
    pressed: &mut HashMap<i64, usize>,
) -> Option<String> {
    let latest = latest_hand(fake, player)?;
    let first = latest.call.buttons().first().cloned()?;
    if pressed.get(&player) == Some(&latest.index) {
        return None;
    }
    pressed.insert(player, latest.index);
    let update = press(player, latest.message, &person(player), &first);
    let query = update["callback_query"]["id"].as_str().unwrap_or_default().to_owned();
    let from = fake.count();
    fake.push(update);
    fake.wait_for(from, |call| {
        call.method == "answerCallbackQuery" && call.params["callback_query_id"] == query
    })
    .await;
    Some(first)
}

/// Ana opens a table in `group`, Bruno and Carla join, Ana starts it: the table shows in the
/// group and each player's hand arrives privately.
async fn open_table(fake: &FakeTelegram, group: i64) {
    let [ana, bruno, carla] = PLAYERS.map(|(id, _)| id);
    let lobby = {
        let from = fake.count();
        fake.push(text(group, &person(ana), "/cinco"));
        fake.wait_for(from, |call| call.chat() == group && call.buttons().contains(&"L:1:j".into()))
            .await
    };
    assert!(lobby.buttons().contains(&"L:1:s".to_owned()), "{lobby:?}");
    for joiner in [bruno, carla] {
        let from = fake.count();
        fake.push(press(group, 1001, &person(joiner), "L:1:j"));
        fake.wait_for(from, |call| call.method == "answerCallbackQuery").await;
    }
    let from = fake.count();
    fake.push(press(group, 1001, &person(ana), "L:1:s"));
    // The table, as a photo with the My hand button, and each player's hand in private.
    let table =
        fake.wait_for(from, |call| call.method == "sendPhoto" && call.chat() == group).await;
    assert!(table.text().contains("CINCO #1"), "{}", table.text());
    assert_eq!(table.buttons(), ["H:1"]);
    for (player, _) in PLAYERS {
        let hand = fake.wait_for(from, |call| is_hand(call, player)).await;
        assert_eq!(hand.method, "sendPhoto");
        assert!(hand.text().contains("Your hand"), "{}", hand.text());
        let png = hand.params["photo"].as_str().and_then(|p| p.strip_prefix("attach://"));
        assert_eq!(hand.params[format!("{}#png", png.expect("an uploaded photo"))], true);
    }
}

/// Each player presses their latest hand's first button, round after round, until `group`
/// is told who won or `stop` says so; whether the game ended.
async fn play(
    fake: &FakeTelegram,
    group: i64,
    pressed: &mut HashMap<i64, usize>,
    stop: impl Fn(&FakeTelegram) -> bool,
) -> bool {
    for _ in 0..4_000 {
        // Whatever arrives from here on is new, even while the round looks at the calls (the
        // final table may come between the look and the wait below).
        let from = fake.count();
        if fake.calls().iter().any(|call| is_over(call, group)) {
            return true;
        }
        if stop(fake) {
            return false;
        }
        let mut any = false;
        for (player, _) in PLAYERS {
            any |= press_latest(fake, player, pressed).await.is_some();
            if stop(fake) {
                return false;
            }
        }
        if !any {
            // Nothing new to press: wait for the next hand (or the end) to arrive.
            let next = |call: &Call| {
                is_over(call, group) || PLAYERS.iter().any(|(p, _)| is_hand(call, *p))
            };
            if fake.wait_within(from, Duration::from_secs(10), next).await.is_none() {
                panic!(
                    "the game stalled; the last calls: {:#?}",
                    &fake.calls()[from.saturating_sub(12)..]
                );
            }
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_cinco_by_private_messages_through_a_restart_in_an_auction() {
    let directory = tempfile::tempdir().expect("a folder");
    let database = directory.path().join("bot.db");
    let fake = FakeTelegram::start().await;
    let served = fake_telegram::serve_bot(&fake, &database).await;
    let carla = PLAYERS[2].0;
    // Carla's bids, pressed in her private chat, go to the group's partition.
    let partition = |id: i64, kind| {
        let chat = Chat { platform: Platform::Telegram, id: id.to_string(), kind };
        Partition::index_of(&chat, PARTITIONS)
    };
    assert_ne!(partition(GROUP, ChatKind::Group), partition(carla, ChatKind::Private));

    open_table(&fake, GROUP).await;

    // Play until an auction has begun and one bidder (not all) has sealed a bid.
    let mut pressed = HashMap::new();
    let mut bid_by = None;
    let ended = play(&fake, GROUP, &mut pressed, |fake| {
        PLAYERS.iter().any(|(p, _)| latest_hand(fake, *p).is_some_and(|h| is_bid_request(&h.call)))
    })
    .await;
    assert!(!ended, "every game has auctions");
    for (player, _) in PLAYERS {
        if latest_hand(&fake, player).is_some_and(|h| is_bid_request(&h.call)) {
            let from = fake.count();
            let first = press_latest(&fake, player, &mut pressed).await;
            // With Puntaje in hand the first press picks the card: its bids come in place.
            if first.is_some_and(|button| button.contains(":?")) {
                fake.wait_for(from, |call| is_hand(call, player)).await;
                press_latest(&fake, player, &mut pressed).await;
            }
            bid_by = Some(player);
            break;
        }
    }
    let bid_by = bid_by.expect("someone was asked to bid");
    let sealed = fake.wait_for(0, |call| is_hand(call, bid_by) && call.text().contains("sealed"));
    let sealed = sealed.await;
    assert!(sealed.buttons().is_empty(), "a sealed bid cannot be changed: {sealed:?}");
    // Another bidder's request may still be on its way (a new photo waits for the chat's
    // pace).
    let other = |call: &Call| {
        PLAYERS.iter().any(|(p, _)| *p != bid_by && is_hand(call, *p)) && is_bid_request(call)
    };
    fake.wait_for(0, other).await;
    let waiting: Vec<i64> = PLAYERS
        .iter()
        .map(|(p, _)| *p)
        .filter(|&p| latest_hand(&fake, p).is_some_and(|h| is_bid_request(&h.call)))
        .collect();
    assert!(!waiting.is_empty() && !waiting.contains(&bid_by), "{waiting:?}");

    // Until now every hand was one photo per player edited in place, but for the bid
    // requests to those who did not just act, each a new photo (an edit notifies nobody).
    let calls = fake.calls();
    let mut posted_requests = 0;
    for (player, _) in PLAYERS {
        let requests = calls.iter().filter(|c| is_hand(c, player) && is_bid_request(c));
        let posted = requests.filter(|c| c.method == "sendPhoto").count();
        let mut photos = calls.iter().filter(|c| c.method == "sendPhoto" && c.chat() == player);
        assert!(photos.next().is_some(), "a hand for {player}");
        assert!(photos.all(is_bid_request), "one hand message for {player} but to notify");
        posted_requests += posted;
    }
    assert!(posted_requests > 0, "a bid request notifies");
    assert!(calls.iter().any(|c| c.method == "editMessageMedia" && c.chat() == bid_by));
    let hands_before: HashMap<i64, Option<i64>> =
        PLAYERS.iter().map(|(p, _)| (*p, fake.last_photo(*p))).collect();
    let table_photos = |calls: &[Call]| {
        calls.iter().filter(|c| c.method == "sendPhoto" && c.chat() == GROUP).count()
    };
    assert_eq!(table_photos(&calls), 1, "the table is one photo");
    let table_message = fake.last_photo(GROUP).expect("the table's photo");

    // The bot stops in the middle of the auction and starts again on the same database.
    served.stop().await;
    let from = fake.count();
    let served = fake_telegram::serve_bot(&fake, &database).await;
    for &player in &waiting {
        let request = fake.wait_for(from, |call| is_hand(call, player) && is_bid_request(call));
        let request = request.await;
        assert!(request.buttons().iter().all(|b| b.starts_with("B:1:")), "{request:?}");
        // The hand's message from before the restart, edited: not a second one.
        assert_eq!(request.method, "editMessageMedia", "{request:?}");
        assert_eq!(Some(request.message_id()), hands_before[&player]);
    }
    let again = fake.wait_for(from, |call| is_table(call) && call.text().contains("waiting for"));
    let again = again.await;
    assert_eq!(
        (again.method.as_str(), again.message_id()),
        ("editMessageMedia", table_message),
        "the table is edited again where it was"
    );
    assert!(
        !fake.calls()[from..].iter().any(|call| is_hand(call, bid_by)),
        "whoever has bid is not asked again"
    );
    // A press on the old hand of the one who bid changes nothing.
    let old = fake.last_photo(bid_by).expect("the hand of the one who bid");
    let old_bid = calls
        .iter()
        .rev()
        .find(|c| is_hand(c, bid_by) && is_bid_request(c))
        .and_then(|c| c.buttons().first().cloned())
        .expect("the bid request answered before the restart");
    let mark = fake.count();
    fake.push(press(bid_by, old, &person(bid_by), &old_bid));
    let refused = fake.wait_for(mark, |call| call.method == "answerCallbackQuery").await;
    assert!(refused.params["text"].as_str().is_some_and(|t| !t.is_empty()), "{refused:?}");

    // Everyone plays on to the end.
    let mut pressed = HashMap::new();
    assert!(play(&fake, GROUP, &mut pressed, |_| false).await, "the game ends");
    let calls = fake.calls();
    // The table stays one photo, edited; each auction is revealed in a message of its own.
    assert_eq!(table_photos(&calls), 1, "the table is never posted again");
    let edits = calls.iter().filter(|c| is_table(c) && c.method == "editMessageMedia").count();
    assert!(edits > 5, "{edits} edits of the table");
    assert!(
        calls
            .iter()
            .all(|c| !is_table(c) || c.message_id() == table_message || c.method == "sendPhoto")
    );
    auction_reveals::assert_each_auction_revealed_once(
        calls.iter().filter(|c| c.method == "sendMessage" && c.chat() == GROUP).map(Call::text),
    );
    // An edited table notifies nobody: the player to act is mentioned in the group (a
    // mention still waiting when the next one comes is replaced by it, so not every player's
    // need show).
    let mentioned = PLAYERS.iter().filter(|(player, name)| {
        calls.iter().any(|c| {
            c.method == "sendMessage"
                && c.chat() == GROUP
                && c.text().ends_with(&format!(">{name}</a>, your turn in game #1."))
                && c.text().contains(&format!("tg://user?id={player}"))
        })
    });
    assert!(mentioned.count() >= 2, "the players are told it is their turn");
    // Every auction (five at least) asks the two who did not draw its 5 by a new photo, but
    // the one the restart asks again in the photo it had.
    let mut requests = 0;
    for (player, _) in PLAYERS {
        assert!(
            calls.iter().filter(|c| c.method == "editMessageMedia" && c.chat() == player).count()
                > 2,
            "hands are edited in place for {player}"
        );
        let asked = calls.iter().filter(|c| is_hand(c, player) && is_bid_request(c));
        requests += asked.filter(|c| c.method == "sendPhoto").count();
    }
    assert!(requests >= 8, "{requests} bid requests are new messages, which notify");
    served.stop().await;
}

/// The delay between an auction's last bid and its result in the group, through Telegram's
/// own pace (one call a second per chat, twenty new messages a minute in a group), while three
/// people act about once a second each in turn. A measurement, not a check: run it with
/// `cargo test -p cincobot --test integration telegram_cinco:: -- --ignored --nocapture` (about two
/// minutes); the figures are in docs/PERFORMANCE.md.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a two-minute measurement in real time"]
async fn auction_results_reach_the_group_soon_while_players_keep_acting() {
    use std::time::Instant;
    let directory = tempfile::tempdir().expect("a folder");
    let database = directory.path().join("bot.db");
    let fake = FakeTelegram::start().await;
    let pacing =
        cincobot::telegram::Pacing { chat_interval: Duration::from_secs(1), group_per_minute: 20 };
    let served = fake_telegram::serve_bot_paced(&fake, &database, pacing).await;
    let [ana, bruno, carla] = PLAYERS.map(|(id, _)| id);
    fake.push(text(GROUP, &person(ana), "/cinco"));
    fake.wait_for(0, |call| call.buttons().contains(&"L:1:j".into())).await;
    for joiner in [bruno, carla] {
        let from = fake.count();
        fake.push(press(GROUP, 1001, &person(joiner), "L:1:j"));
        fake.wait_for(from, |call| call.method == "answerCallbackQuery").await;
    }
    fake.push(press(GROUP, 1001, &person(ana), "L:1:s"));
    let started = Instant::now();
    let mut last_bid: HashMap<u32, Instant> = HashMap::new();
    let mut pressed = HashMap::new();
    let mut turn = 0;
    while started.elapsed() < Duration::from_secs(100)
        && !fake.calls().iter().any(|call| is_over(call, GROUP))
    {
        // Three people, each about once a second: one of them every third of a second.
        tokio::time::sleep(Duration::from_millis(333)).await;
        let player = PLAYERS[turn % PLAYERS.len()].0;
        turn += 1;
        let Some(button) = press_latest(&fake, player, &mut pressed).await else { continue };
        let auction = button.strip_prefix("B:1:").and_then(|rest| rest.split(':').next());
        if let Some(auction) = auction.and_then(|number| number.parse().ok()) {
            last_bid.insert(auction, Instant::now());
        }
    }
    // Let the results still on their way arrive.
    tokio::time::sleep(Duration::from_secs(30)).await;
    let calls = fake.calls();
    let mut delays: Vec<(u32, f64)> = Vec::new();
    for call in calls.iter().filter(|c| c.method == "sendMessage" && c.chat() == GROUP) {
        for number in auction_reveals::auction_numbers(&call.text()) {
            if let Some(bid) = last_bid.get(&number) {
                delays.push((number, call.at.saturating_duration_since(*bid).as_secs_f64()));
            }
        }
    }
    let mut seconds: Vec<f64> = delays.iter().map(|(_, delay)| *delay).collect();
    seconds.sort_by(f64::total_cmp);
    println!("auctions bid on by people: {}; results seen: {}", last_bid.len(), delays.len());
    println!("delay from the last bid to the result, per auction (s): {delays:.1?}");
    if let (Some(median), Some(most)) = (seconds.get(seconds.len() / 2), seconds.last()) {
        println!("median {median:.1} s, longest {most:.1} s");
    }
    assert!(!delays.is_empty(), "some auction was bid on and revealed");
    served.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_cinco_by_private_messages_across_two_processes() {
    let Some(database) = cincobot::store::scratch::postgres().await else { return };
    let _alone = crate::processes::ONE_FLEET_AT_A_TIME.lock().await;
    let binary = std::path::PathBuf::from(env!("CARGO_BIN_EXE_cincobot"));
    let fleet = crate::fleet::Fleet::new(binary, database).await;
    // This group's slot is in the upper half, so every lobby press and every bid (pressed in
    // a private chat) goes from the polling process through the database to the serving one,
    // which sends the hands.
    let _processes = fleet.halves().await;
    let group = -100_302;
    let chat = Chat { platform: Platform::Telegram, id: group.to_string(), kind: ChatKind::Group };
    assert!(cincobot::identity::slot_of(&chat) >= 128, "the group is the second's");
    let fake = &fleet.fake;
    open_table(fake, group).await;
    let mut pressed = HashMap::new();
    assert!(play(fake, group, &mut pressed, |_| false).await, "the game ends");
    // Each bid was sealed in its bidder's private chat, and the group read the bids only in
    // the reveals, every bid of an auction at once.
    let calls = fake.calls();
    let in_group = |words: &str| {
        calls.iter().filter(|call| call.chat() == group && call.text().contains(words)).count()
    };
    assert!(in_group("every bid at once") > 0, "the auctions were revealed in the group");
    assert_eq!(in_group("bid is sealed"), 0, "the group never reads a sealed bid");
    let sealed = |player: i64| {
        calls.iter().any(|c| is_hand(c, player) && c.text().contains("bid is sealed"))
    };
    assert!(PLAYERS.iter().any(|(player, _)| sealed(*player)), "bids were sealed privately");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_hand_goes_out_when_its_player_writes_to_the_other_process() {
    let Some(database) = cincobot::store::scratch::postgres().await else { return };
    let _alone = crate::processes::ONE_FLEET_AT_A_TIME.lock().await;
    let binary = std::path::PathBuf::from(env!("CARGO_BIN_EXE_cincobot"));
    let fleet = crate::fleet::Fleet::new(binary, database).await;
    // As above, the table's chat is the serving process's; Ana's private chat is the polling
    // one's.
    let _processes = fleet.halves().await;
    let (group, ana) = (-100_302, PLAYERS[0].0);
    let private =
        Chat { platform: Platform::Telegram, id: ana.to_string(), kind: ChatKind::Private };
    assert!(cincobot::identity::slot_of(&private) < 128, "Ana's private chat is the first's");
    let fake = &fleet.fake;

    // Ana never opened a private chat with the bot: her hand cannot be sent, and waits.
    fake.forbid_private("sendPhoto", ana);
    open_table(fake, group).await;
    let store = cincobot::store::Store::open(&fleet.database).await.expect("the database");
    let waited = std::time::Instant::now();
    while store.waiting_for(Platform::Telegram, &ana.to_string()).await.expect("read").is_empty() {
        assert!(waited.elapsed() < Duration::from_secs(20), "Ana's hand never waited");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // She opens one: the first process serves her private chat, and tells the second, whose
    // table her hand is of.
    fake.heal();
    let from = fake.count();
    fake.push(text(ana, &person(ana), "/start"));
    let hand = fake.wait_within(from, Duration::from_secs(20), |call| {
        is_hand(call, ana) && call.method == "sendPhoto"
    });
    assert!(hand.await.is_some(), "Ana's hand arrived once she wrote to the bot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cinco_game_goes_on_when_the_process_serving_its_table_dies_in_an_auction() {
    let Some(database) = cincobot::store::scratch::postgres().await else { return };
    let _alone = crate::processes::ONE_FLEET_AT_A_TIME.lock().await;
    let binary = std::path::PathBuf::from(env!("CARGO_BIN_EXE_cincobot"));
    let fleet = crate::fleet::Fleet::new(binary, database).await;
    // The table's chat is the serving process's, which is killed once a bid is sealed; the
    // polling one takes the table over, and the game goes on from the store.
    let (_polling, mut serving) = fleet.halves().await;
    let group = -100_302;
    let fake = &fleet.fake;
    open_table(fake, group).await;
    let mut pressed = HashMap::new();
    let a_bid_sealed = |fake: &FakeTelegram| {
        fake.calls().iter().any(|c| {
            PLAYERS.iter().any(|(p, _)| is_hand(c, *p)) && c.text().contains("bid is sealed")
        })
    };
    assert!(!play(fake, group, &mut pressed, a_bid_sealed).await, "a bid is sealed first");
    serving.kill();
    fleet.wait_for_balance(&["polling"]).await;
    assert!(play(fake, group, &mut pressed, |_| false).await, "the game ends");

    let calls = fake.calls();
    let in_group = calls.iter().filter(|call| call.chat() == group);
    assert_eq!(
        in_group.clone().filter(|call| call.text().contains("bid is sealed")).count(),
        0,
        "the group never reads a sealed bid"
    );
    auction_reveals::assert_each_auction_revealed_once(in_group.map(Call::text));
}
