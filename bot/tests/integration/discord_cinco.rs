//! A 3-player CINCO game on Discord end to end: serenity's real client, the core and a SQLite
//! store against the fake Discord. The lobby in the channel, which Start turns into the table
//! with its My hand button, edited in place from then on (the player to act pinged, the
//! auctions' reveals posted as text); each hand as a DM edited in place, posted anew for a bid
//! request (to notify); and the actions taken from the ephemeral view My hand opens (a press
//! there updates that view) or, a few, from the DM itself (which the press then updates). A
//! bystander's My hand is refused, for their eyes only.

use crate::auction_reveals;
use crate::fake_discord;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use fake_discord::{Call, FakeDiscord, press, press_in_dm, slash, user};
use serde_json::{Value, json};

const CHANNEL: u64 = 1_150_000_000_000_000_000;
const PLAYERS: [(u64, &str); 3] = [(2001, "ana"), (2002, "bruno"), (2003, "carla")];
const DORA: u64 = 2004;

fn person(id: u64) -> Value {
    let name = PLAYERS.iter().find(|(player, _)| *player == id).map_or("dora", |(_, n)| n);
    user(id, name)
}

/// Dispatches `interaction` and waits for its callback.
async fn interact(fake: &FakeDiscord, (id, interaction): (u64, Value)) -> Call {
    let from = fake.count();
    fake.dispatch(interaction);
    let callback = format!("/interactions/{id}/");
    fake.wait_for(from, |call| call.path.contains(&callback) && call.body["type"].is_i64()).await
}

/// A press on an ephemeral message (the hand's view).
fn press_ephemeral(fake: &FakeDiscord, who: u64, message: u64, custom_id: &str) -> (u64, Value) {
    let (id, mut interaction) = press(fake, &person(who), CHANNEL, message, custom_id);
    interaction["message"]["flags"] = json!(64);
    (id, interaction)
}

/// `player` presses My hand on the table and the first button of the ephemeral view it
/// opens: that press's answer, or `None` when the view has nothing to press.
async fn act_from_view(fake: &FakeDiscord, player: u64, table: u64) -> Option<Call> {
    let view = interact(fake, press(fake, &person(player), CHANNEL, table, "H:1")).await;
    assert!(view.ephemeral(), "the hand is for its player's eyes only: {view:?}");
    let first = view.buttons().first().cloned()?;
    assert_eq!((view.callback_type(), view.files, view.png), (Some(4), 1, true));
    let message = view.created.expect("the view's message");
    let mut answer = interact(fake, press_ephemeral(fake, player, message, &first)).await;
    if is_pick(&first) {
        // A bid is two presses: the card, then how its Puntaje counts, on the same view.
        assert_eq!(answer.callback_type(), Some(7), "the pick updates the view: {answer:?}");
        let value = answer.buttons().first().cloned().expect("the bid's values");
        assert!(!is_pick(&value), "the second step bids: {:?}", answer.buttons());
        answer = interact(fake, press_ephemeral(fake, player, message, &value)).await;
    }
    if answer.callback_type() == Some(7) {
        // The view itself shows the hand after the action, its picture sent again.
        assert_eq!((answer.files, answer.png), (1, true));
    }
    Some(answer)
}

/// Whether `custom_id` picks a card to bid with (the first of a bid's two steps).
fn is_pick(custom_id: &str) -> bool {
    custom_id.split(':').nth(3).is_some_and(|action| action.starts_with('?'))
}

/// Each player's DM channel, as the bot opened them.
fn dm_channels(calls: &[Call]) -> HashMap<u64, u64> {
    calls
        .iter()
        .filter(|call| call.is("POST", "/users/@me/channels"))
        .filter_map(|call| {
            let user = call.body["recipient_id"].as_str()?.parse().ok()?;
            Some((user, call.created?))
        })
        .collect()
}

/// The calls that posted or edited a message in `channel`.
fn in_channel(calls: &[Call], channel: u64) -> Vec<&Call> {
    let path = format!("/channels/{channel}/messages");
    calls.iter().filter(|call| call.path.contains(&path) && call.method != "DELETE").collect()
}

fn is_over(call: &Call) -> bool {
    let content = call.content();
    content.contains("wins with five 5s") || content.contains("Every 5 is out")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_cinco_from_ephemeral_hands() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fake = FakeDiscord::start().await;
    let served = fake_discord::serve_bot(&fake, &dir.path().join("bot.db")).await;
    fake.identified(1).await;
    let [ana, bruno, carla] = PLAYERS.map(|(id, _)| id);

    let lobby = interact(&fake, slash(&fake, &person(ana), CHANNEL, "cinco", json!([]), &[])).await;
    assert!(lobby.buttons().contains(&"L:1:j".to_owned()), "{:?}", lobby.components());
    let lobby_message = lobby.created.expect("the lobby's message");
    for joiner in [bruno, carla] {
        interact(&fake, press(&fake, &person(joiner), CHANNEL, lobby_message, "L:1:j")).await;
    }
    let from = fake.count();
    let table = interact(&fake, press(&fake, &person(ana), CHANNEL, lobby_message, "L:1:s")).await;
    // The lobby becomes the table, with its picture and the My hand button; each hand goes by
    // DM.
    assert_eq!(table.callback_type(), Some(7), "{table:?}");
    assert_eq!(table.buttons(), ["H:1"]);
    assert_eq!((table.files, table.png), (1, true), "the table is a picture");
    for (player, _) in PLAYERS {
        let opened = fake
            .wait_for(from, |call| {
                call.is("POST", "/users/@me/channels")
                    && call.body["recipient_id"].as_str().and_then(|id| id.parse().ok())
                        == Some(player)
            })
            .await;
        let dm = format!("/channels/{}/messages", opened.created.expect("a DM channel"));
        let hand = fake.wait_for(from, |call| call.is("POST", &dm)).await;
        assert_eq!((hand.files, hand.png), (1, true), "the hand is a picture");
        assert!(hand.content().contains("Your hand"), "{}", hand.content());
    }

    // A bystander's My hand is refused, for them alone.
    let table_message = lobby_message;
    let refused = interact(&fake, press(&fake, &person(DORA), CHANNEL, table_message, "H:1")).await;
    assert_eq!(refused.callback_type(), Some(4));
    assert!(refused.ephemeral(), "{refused:?}");
    assert!(refused.content().contains("do not play"), "{}", refused.content());
    assert!(refused.buttons().is_empty());

    // Each player whose DM shows buttons opens their hand with My hand and presses its first
    // button there, until the table says who won.
    let mut handled: HashMap<u64, usize> = HashMap::new();
    let (mut dm_presses, mut dm_updates) = (0, 0);
    let mut views = 0;
    let mut updates = 0;
    let mut ended = false;
    'game: for _ in 0..3_000 {
        let calls = fake.calls();
        if calls.iter().any(is_over) {
            ended = true;
            break;
        }
        // Whatever arrives from here on is new, even while the round looks at the hands.
        let from = calls.len();
        let dms = dm_channels(&calls);
        let mut acted = false;
        for (player, _) in PLAYERS {
            let Some(dm) = dms.get(&player) else { continue };
            let shown = in_channel(&calls, *dm);
            let Some((index, latest)) = shown.iter().enumerate().next_back() else { continue };
            if latest.buttons().is_empty() || handled.get(&player) == Some(&index) {
                continue;
            }
            handled.insert(player, index);
            if dm_presses < 3 {
                // Now and then a player presses the DM itself: the DM is what changes.
                // The hand's DM, not the note that seated them at the lobby.
                let hand_dm = shown
                    .iter()
                    .rev()
                    .find(|call| call.created.is_some() && call.content().contains("Your hand"));
                let Some(dm_message) = hand_dm.and_then(|call| call.created) else { continue };
                let Some(first) = latest.buttons().first().cloned() else { continue };
                let pressed = press_in_dm(&fake, &person(player), *dm, dm_message, &first);
                let answer = interact(&fake, pressed).await;
                if answer.callback_type() == Some(7) {
                    assert_eq!((answer.files, answer.png), (1, true));
                    dm_updates += 1;
                }
                dm_presses += 1;
                acted = true;
                continue;
            }
            let Some(answer) = act_from_view(&fake, player, table_message).await else { continue };
            views += 1;
            updates += usize::from(answer.callback_type() == Some(7));
            acted = true;
            if fake.calls().iter().any(is_over) {
                ended = true;
                break 'game;
            }
        }
        if !acted {
            let dms: Vec<u64> = dms.values().copied().collect();
            let next = |call: &Call| {
                is_over(call)
                    || dms.iter().any(|dm| call.path.contains(&format!("/channels/{dm}/messages")))
            };
            let until = Instant::now() + Duration::from_secs(3);
            while !fake.calls().iter().skip(from).any(next) && Instant::now() < until {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            if !fake.calls().iter().skip(from).any(next) {
                // A press on the DM updates the DM through the interaction, which these
                // calls do not show: whoever is waited for opens My hand and acts from there.
                let mut any = false;
                for (player, _) in PLAYERS {
                    any |= act_from_view(&fake, player, table_message).await.is_some();
                }
                assert!(any, "the game stalled: {:#?}", &fake.calls()[from..]);
            }
        }
    }
    assert!(ended, "the game ends");
    // A game has at least five auctions, each a bid from all three: many presses from views
    // (the deal decides how many more).
    assert!(views > 5 && updates > 5, "{views} views, {updates} updates");
    assert!(dm_presses == 3 && dm_updates > 0, "{dm_updates} of {dm_presses} DM presses");
    let calls = fake.calls();
    // The table is one message, edited in place; what players must read is posted as text.
    let table_path = format!("/channels/{CHANNEL}/messages");
    let tables_posted = calls.iter().filter(|c| c.is("POST", &table_path) && c.files > 0);
    assert_eq!(tables_posted.count(), 0, "no table posted anew");
    let table_edits = calls
        .iter()
        .filter(|c| c.is("PATCH", &format!("{table_path}/{table_message}")) && c.png)
        .count();
    assert!(table_edits > 10, "the table is edited in place: {table_edits} edits");
    auction_reveals::assert_each_auction_revealed_once(
        calls.iter().filter(|c| c.is("POST", &table_path)).map(|c| c.content()),
    );
    // An edit pings nobody: the player to act is mentioned, and only they are.
    for (player, name) in [(bruno, "bruno"), (carla, "carla")] {
        let pinged = calls.iter().any(|c| {
            c.is("POST", &table_path)
                && c.content() == format!("<@{player}>, your turn in game #1.")
                && c.body["allowed_mentions"]["users"] == json!([player.to_string()])
        });
        assert!(pinged, "{name} is told it is their turn");
    }
    // Each player's hand is one DM at a time: edited in place, posted anew only for a bid
    // request (an edit notifies nobody), the one before deleted. Every auction (five at
    // least) asks the two who did not draw its 5 by a new DM.
    let mut requests = 0;
    for (player, dm) in dm_channels(&calls) {
        let path = format!("/channels/{dm}/messages");
        let posted = calls
            .iter()
            .filter(|c| c.is("POST", &path) && c.content().contains("Your hand"))
            .count();
        let asked_to_bid =
            calls.iter().filter(|c| c.is("POST", &path) && c.content().contains("Auction")).count();
        let deleted = calls.iter().filter(|c| c.is("DELETE", &format!("{path}/"))).count();
        assert!(posted >= asked_to_bid, "{player}: {posted}, {asked_to_bid}");
        requests += asked_to_bid;
        assert_eq!(deleted, posted - 1, "one hand DM at a time for {player}");
        let edits = calls.iter().filter(|c| c.is("PATCH", &format!("{path}/")));
        assert!(edits.count() > 2, "the DM of {player} is edited in place");
    }
    assert!(requests >= 10, "{requests} bid requests posted");
    served.stop().await;
}
