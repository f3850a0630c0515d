//! CINCO through the core: a lobby, a 3-seat game of two people and the CPU played to its end
//! by buttons, sealed bids refused twice, and a silent player's bid made by the CPU.

use crate::common;

use std::time::Duration;

use cincobot::core::{Button, Output};
use common::private_buttons;

fn says(outputs: &[Output], id: &str) -> bool {
    outputs.iter().any(|output| output.text_ids().contains(&id))
}

/// Ana opens a table, Bruno joins, Ana adds the CPU and starts: game 1.
async fn three_seats(harness: &mut common::Harness) -> Vec<Output> {
    let lobby = harness.say("Ana", "/cinco").await;
    assert!(says(&lobby, "cinco-lobby"), "{lobby:?}");
    let joined = harness.press("Bruno", "L:1:j").await;
    assert!(says(&joined, "cinco-lobby-seats"));
    let again = harness.press("Bruno", "L:1:j").await;
    common::assert_notice(&again, "bruno", cincobot::i18n::Text::new("cinco-lobby-already"));
    harness.press("Ana", "L:1:cn").await;
    let by_bruno = harness.press("Bruno", "L:1:s").await;
    assert!(says(&by_bruno, "cinco-lobby-host-only"), "only the host starts");
    harness.press("Ana", "L:1:s").await
}

#[tokio::test]
async fn two_people_and_the_cpu_play_a_whole_game_by_buttons() {
    let mut harness = common::Harness::new().await;
    harness.core.deal_cinco_from(5);
    let outputs = three_seats(&mut harness).await;
    assert!(says(&outputs, "cinco-header"), "the table is shown: {outputs:?}");
    assert!(
        !private_buttons(&outputs, "ana").is_empty()
            || !private_buttons(&outputs, "bruno").is_empty()
            || !harness.cpu_cinco_pending(),
        "someone is asked to act"
    );
    harness.play_cinco_to_the_end(outputs).await;
    let playing = harness.store.active_cinco_games().await.expect("readable");
    assert!(playing.is_empty(), "the game is stored as ended");
}

/// A 3-seat game dealt from `seed`, played by first buttons until an auction asks both
/// people for a bid: the harness and the outputs that ask them.
async fn until_both_asked_to_bid(seed: u64) -> Option<(common::Harness, Vec<Output>)> {
    let mut harness = common::Harness::new().await;
    harness.core.deal_cinco_from(seed);
    let mut outputs = three_seats(&mut harness).await;
    let bid = |buttons: &[&Button]| buttons.first().is_some_and(|b| b.payload.starts_with("B:"));
    for _ in 0..400 {
        let ana = private_buttons(&outputs, "ana");
        let bruno = private_buttons(&outputs, "bruno");
        if bid(&ana) && bid(&bruno) {
            return Some((harness, outputs));
        }
        let presses: Vec<(&str, String)> = [("Ana", ana), ("Bruno", bruno)]
            .into_iter()
            .filter_map(|(name, buttons)| buttons.first().map(|b| (name, b.payload.clone())))
            .collect();
        let mut next = harness.run_cinco_cpu().await;
        for (name, payload) in presses {
            next.extend(harness.press(name, &payload).await);
        }
        if next.is_empty() {
            for name in ["Ana", "Bruno"] {
                next.extend(harness.say(name, "/hand").await);
            }
        }
        outputs = next;
    }
    None
}

/// The CPU decides one seat at a time: everything it owes, answered.
async fn run_cpu_fully(harness: &mut common::Harness) -> Vec<Output> {
    let mut outputs = Vec::new();
    while harness.cpu_cinco_pending() {
        outputs.extend(harness.run_cinco_cpu().await);
    }
    outputs
}

async fn some_auction_for_both() -> (common::Harness, Vec<Output>) {
    for seed in 0..200 {
        if let Some(found) = until_both_asked_to_bid(seed).await {
            return found;
        }
    }
    panic!("no seed gave an auction with two people bidding");
}

/// The bids `name`'s bid request in `outputs` offers for its first card: its buttons, or,
/// when the first button only picks the card (Puntaje in hand makes a bid two steps), the
/// bids shown once it is picked (without the way back).
async fn first_card_bids(
    harness: &mut common::Harness,
    name: &str,
    outputs: &[Output],
) -> Vec<String> {
    let user = name.to_lowercase();
    let buttons: Vec<String> =
        private_buttons(outputs, &user).iter().map(|b| b.payload.clone()).collect();
    let Some(first) = buttons.first().filter(|payload| payload.contains(":?")) else {
        return buttons;
    };
    let picked = harness.press(name, first).await;
    let bids = private_buttons(&picked, &user).into_iter().map(|b| b.payload.clone());
    bids.filter(|payload| !payload.ends_with(":?")).collect()
}

#[tokio::test]
async fn a_bid_is_sealed_once_and_a_silent_bidder_is_played_by_the_cpu() {
    let (mut harness, outputs) = some_auction_for_both().await;
    let ana = first_card_bids(&mut harness, "Ana", &outputs).await;
    let first = harness.press("Ana", &ana[0]).await;
    assert!(says(&first, "cinco-has-bid"), "{first:?}");
    let twice = harness.press("Ana", &ana[0]).await;
    common::assert_notice(&twice, "ana", cincobot::i18n::Text::new("already-played"));
    if let Some(other) = ana.get(1) {
        let changed = harness.press("Ana", other).await;
        common::assert_notice(&changed, "ana", cincobot::i18n::Text::new("already-played"));
    }
    // Bruno says nothing: after the auction's 60 s the CPU bids for him.
    harness.advance(Duration::from_secs(61));
    let timed_out = harness.core.tick().await;
    assert!(says(&timed_out, "cinco-timed-out"), "{timed_out:?}");
    let cpu = run_cpu_fully(&mut harness).await;
    assert!(says(&cpu, "cinco-reveal"), "the auction is revealed: {cpu:?}");
}

#[tokio::test]
async fn a_restart_during_an_auction_asks_the_waiting_bidder_again() {
    let (mut harness, outputs) = some_auction_for_both().await;
    let ana = first_card_bids(&mut harness, "Ana", &outputs).await[0].clone();
    let bruno = private_buttons(&outputs, "bruno")[0].payload.clone();
    harness.press("Ana", &ana).await;
    run_cpu_fully(&mut harness).await;

    let mut restarted = common::Harness::on(harness.store.clone()).await;
    let shown = std::mem::take(&mut restarted.startup);
    assert!(says(&shown, "cinco-auction"), "the table is shown again: {shown:?}");
    let asked = private_buttons(&shown, "bruno");
    assert!(
        asked.iter().any(|b| b.payload == bruno),
        "Bruno gets his bid request again, with the same buttons: {shown:?}"
    );
    assert!(private_buttons(&shown, "ana").is_empty(), "Ana has bid: nothing to ask her");
    let twice = restarted.press("Ana", &ana).await;
    common::assert_notice(&twice, "ana", cincobot::i18n::Text::new("already-played"));
    let mut revealed = restarted.press("Bruno", &bruno).await;
    revealed.extend(run_cpu_fully(&mut restarted).await);
    assert!(says(&revealed, "cinco-reveal"), "the auction ends after the restart: {revealed:?}");
}

/// `docs/sessions/cinco.txt` piped into the binary's terminal mode plays a whole 3-seat game:
/// lobby, deal, turns, auctions with every bid revealed at once, and the end.
#[test]
fn the_terminal_session_plays_a_whole_cinco_game() {
    let session = include_str!("../../../docs/sessions/cinco.txt");
    let folder = tempfile::tempdir().expect("a temporary folder");
    let text = common::terminal(&folder, 20000, session);
    let end = text
        .find("wins with five 5s")
        .or_else(|| text.find("Every 5 is out"))
        .unwrap_or_else(|| panic!("the game ends:\n{text}"));
    let game = &text[..end];
    assert!(game.contains("Seated (3): Ana, Bruno, CPU normal"), "{game}");
    assert!(
        game.contains("(private message for ana)") && game.contains("(private message for bruno)")
    );
    assert!(game.contains("every bid at once:"), "an auction is revealed:\n{game}");
    assert!(game.contains("Bruno has bid."), "{game}");
    assert!(game.contains("CPU normal played") || game.contains("CPU normal drew"), "{game}");
    assert!(text[end..].contains("You are not at a CINCO table here."), "it ended in the session");
    assert!(folder.path().join("images/cinco-1-turn-1-auction-0.png").exists());
}

#[tokio::test]
async fn a_lobby_outlives_a_restart_with_its_seats_host_and_buttons() {
    let mut harness = common::Harness::new().await;
    harness.say("Ana", "/cinco").await;
    harness.press("Bruno", "L:1:j").await;
    harness.press("Ana", "L:1:ch").await;

    let mut restarted = common::Harness::on(harness.store.clone()).await;
    let lobbies = restarted.store.open_lobbies().await.expect("readable");
    assert_eq!(lobbies.len(), 1, "the lobby is kept: {lobbies:?}");
    assert_eq!(lobbies[0].host.id, "ana");
    assert_eq!(lobbies[0].expires_at, common::START + 600_000, "its expiry is kept");
    let joined = restarted.press("Carla", "L:1:j").await;
    let (lines, _) = common::sent(&joined[..1]);
    assert_eq!(
        lines[1],
        cincobot::i18n::Text::new("cinco-lobby-seats")
            .with("count", 4_usize)
            .with("names", "Ana, Bruno, CPU hard, Carla"),
        "the seats before the restart are still there, in order"
    );
    let by_bruno = restarted.press("Bruno", "L:1:s").await;
    assert!(says(&by_bruno, "cinco-lobby-host-only"), "Ana is still the host");
    let started = restarted.press("Ana", "L:1:s").await;
    assert!(says(&started, "cinco-header"), "the game starts: {started:?}");
    let (row, _) = restarted.store.active_cinco_games().await.expect("readable").remove(0);
    assert_eq!(row.players.len(), 4);
    assert!(
        restarted.store.open_lobbies().await.expect("readable").is_empty(),
        "a started lobby is gone from the store with the same change"
    );
    let late = restarted.press("Dora", "L:1:j").await;
    common::assert_notice(&late, "dora", cincobot::i18n::Text::new("cinco-lobby-gone"));
}

#[tokio::test]
async fn an_expired_lobby_is_gone_after_a_restart_too() {
    let mut harness = common::Harness::new().await;
    harness.say("Ana", "/cinco").await;
    harness.advance(Duration::from_secs(601));
    let expired = harness.core.tick().await;
    assert!(says(&expired, "cinco-lobby-expired"), "{expired:?}");
    let mut restarted = common::Harness::on(harness.store.clone()).await;
    let late = restarted.press("Bruno", "L:1:j").await;
    common::assert_notice(&late, "bruno", cincobot::i18n::Text::new("cinco-lobby-gone"));
}

/// `name` types `line` as one of the chat's admins.
async fn as_admin(harness: &mut common::Harness, name: &str, line: &str) -> Vec<Output> {
    let mut input = harness.input(name, cincobot::core::Action::Command(line.into()));
    input.is_chat_admin = true;
    harness.deliver(input).await
}

#[tokio::test]
async fn a_chat_chooses_its_auction_and_turn_timers() {
    use cincobot::i18n::Text;
    let mut harness = common::Harness::new().await;
    let shown = harness.say("Bruno", "/settings cinco").await;
    let (lines, _) = common::sent(&shown);
    assert_eq!(
        lines[1..],
        [
            Text::new("settings-cinco-bid").with("seconds", 60_u32),
            Text::new("settings-cinco-turn").with("seconds", 120_u32),
        ]
    );
    let by_player = harness.say("Bruno", "/settings cinco bid 90").await;
    common::assert_notice(&by_player, "bruno", Text::new("admins-only"));
    let too_long = as_admin(&mut harness, "Ana", "/ajustes cinco subasta 301").await;
    common::assert_notice(
        &too_long,
        "ana",
        Text::new("settings-cinco-range")
            .with("option", "subasta")
            .with("least", 15_u32)
            .with("most", 300_u32),
    );
    as_admin(&mut harness, "Ana", "/settings cinco bid 90").await;
    let changed = as_admin(&mut harness, "Ana", "/settings cinco turn 45").await;
    let (lines, _) = common::sent(&changed);
    assert_eq!(
        lines[1..],
        [
            Text::new("settings-cinco-bid").with("seconds", 90_u32),
            Text::new("settings-cinco-turn").with("seconds", 45_u32),
        ]
    );

    harness.core.deal_cinco_from(5);
    let started = three_seats(&mut harness).await;
    assert!(says(&started, "cinco-header"));
    let (row, _) = harness.store.active_cinco_games().await.expect("readable").remove(0);
    assert_eq!((row.rules.bid_seconds, row.rules.turn_seconds), (90, 45));
    assert_eq!(row.deadline, Some(common::START + 45_000), "the first turn waits 45 s");

    // A table keeps its timers: a later change is for the next table.
    as_admin(&mut harness, "Ana", "/settings cinco turn 300").await;
    let (row, _) = harness.store.active_cinco_games().await.expect("readable").remove(0);
    assert_eq!(row.rules.turn_seconds, 45);
}

/// The lines of the chat messages among `outputs` that say `id`.
fn lines_saying(outputs: &[Output], id: &str) -> Vec<cincobot::i18n::Text> {
    outputs
        .iter()
        .filter_map(|output| match output {
            Output::Send { message, .. } => Some(message.lines.clone()),
            _ => None,
        })
        .flatten()
        .filter(|line| line.id == id)
        .collect()
}

#[tokio::test]
async fn a_game_between_people_is_rated_listed_and_not_replayed() {
    use cincobot::i18n::{Arg, Text};
    let mut harness = common::Harness::new().await;
    let started = harness.cinco_between_ana_and_bruno(5).await;
    let ending = harness.play_cinco_to_the_end(started).await;
    let row = harness.store.cinco_game(cincobot::core::GameId(1)).await.expect("readable");
    let (row, _) = row.expect("the game");
    let winner = row.winners.iter().map(|seat| seat.index()).collect::<Vec<_>>();
    assert_eq!(winner, [1], "dealt from 5, Bruno wins");

    // Two newcomers at 1500: the board games' scale, so a first table moves them as a first
    // board game does, ±162.
    let change = |name: &str, after: i64, change: &str| {
        Text::new("rating-change")
            .with("name", name)
            .with("before", 1500_i64)
            .with("after", after)
            .with("change", change)
            .with("points", 162_i64)
    };
    assert_eq!(
        lines_saying(&ending, "rating-change"),
        [change("Ana", 1338, "-162"), change("Bruno", 1662, "+162")],
        "the ending shows the ratings: {ending:#?}"
    );

    let stats = harness.say("Bruno", "/stats").await;
    let here = lines_saying(&stats, "stats-line");
    assert!(
        here.contains(
            &Text::new("stats-line")
                .with("rating", 1662_i64)
                .with("game", Text::new("game-cinco"))
                .with("games", 1_i64)
                .with("wins", 1_i64)
                .with("draws", 0_i64)
                .with("losses", 0_i64)
        ),
        "{stats:#?}"
    );
    let board = harness.say("Ana", "/leaderboard cinco").await;
    let ranks: Vec<(Option<Arg>, Option<Arg>)> = lines_saying(&board, "leaderboard-line")
        .iter()
        .map(|line| (line.arg("name").cloned(), line.arg("rating").cloned()))
        .collect();
    assert_eq!(
        ranks,
        [
            (Some(Arg::from("Bruno")), Some(Arg::from(1662_i64))),
            (Some(Arg::from("Ana")), Some(Arg::from(1338_i64)))
        ],
        "{board:#?}"
    );

    let history = harness.say("Ana", "/history").await;
    let listed = lines_saying(&history, "history-line-cinco");
    assert_eq!(listed.len(), 1, "{history:#?}");
    assert_eq!(listed[0].arg("players"), Some(&Arg::from("Ana, Bruno")));
    assert_eq!(
        listed[0].arg("result"),
        Some(&Arg::from(Text::new("history-won").with("name", "Bruno")))
    );
    let only = harness.say("Ana", "/history cinco").await;
    assert_eq!(lines_saying(&only, "history-line-cinco").len(), 1);
    let replay = harness.say("Ana", "/replay 1").await;
    common::assert_notice(&replay, "ana", Text::new("cinco-no-replay").with("id", 1_i64));
    let none = harness.say("Ana", "/replay").await;
    common::assert_notice(&none, "ana", Text::new("replay-none"));
}

/// The tables among `outputs`: each one's action count, the message it edits, the person it
/// tells it is their turn, whether it is the last, and its status line's id and name.
type Shown = (usize, Option<String>, Option<String>, bool, (&'static str, String));

fn tables(outputs: &[Output]) -> Vec<Shown> {
    outputs
        .iter()
        .filter_map(|output| match output {
            Output::Board { game, ply, edit, turn, ended, message, .. } if game.0 == 1 => {
                let status = message.lines.last().map_or(("", String::new()), |line| {
                    let name = match line.arg("name") {
                        Some(cincobot::i18n::Arg::Plain(name)) => name.clone(),
                        _ => String::new(),
                    };
                    (line.id, name)
                });
                let told = turn.as_ref().map(|user| user.id.clone());
                Some((*ply, edit.clone(), told, *ended, status))
            }
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn the_table_is_one_message_edited_in_place_and_after_a_restart() {
    let mut harness = common::Harness::new().await;
    let started = harness.cinco_between_ana_and_bruno(5).await;
    let first = tables(&started);
    assert_eq!(first.len(), 1, "{started:#?}");
    assert_eq!((first[0].0, first[0].1.as_deref()), (0, None), "the first table is posted");
    harness.core.board_shown(cincobot::core::GameId(1), 0, false, "t1".into()).await.expect("ok");

    // Shown where it stands: a restart shows no table, only the hands it waits for.
    let mut restarted = common::Harness::on(harness.store.clone()).await;
    assert!(tables(&restarted.startup).is_empty(), "{:#?}", restarted.startup);
    let hands = ["ana", "bruno"].map(|user| private_buttons(&restarted.startup, user).len());
    assert!(hands.iter().any(|buttons| *buttons > 0), "{:#?}", restarted.startup);

    // Every later table edits that message, at its action count.
    let outputs = std::mem::take(&mut restarted.startup);
    let played = restarted.play_cinco_to_the_end(outputs).await;
    let shown = tables(&played);
    assert!(shown.len() > 10, "{} tables", shown.len());
    assert!(shown.iter().all(|table| table.1.as_deref() == Some("t1")), "{shown:#?}");
    assert!(shown.windows(2).all(|pair| pair[0].0 < pair[1].0), "in order: {shown:#?}");
    assert!(shown.iter().rev().skip(1).all(|table| !table.3) && shown[shown.len() - 1].3);
    // The person to act is told, by the name the status line gives; in an auction nobody.
    for (_, _, told, _, (status, name)) in &shown {
        if let Some(user) = told {
            assert_eq!((*status, name.to_lowercase()), ("cinco-turn", user.clone()));
        }
        if *status == "cinco-auction" {
            assert_eq!(*told, None);
        }
    }
    for user in ["ana", "bruno"] {
        assert!(shown.iter().any(|table| table.2.as_deref() == Some(user)), "{user} is told");
    }
    // What players must read goes as a message of its own: every reveal.
    let reveals = played.iter().filter(|output| {
        matches!(output, Output::Send { .. }) && output.text_ids().contains(&"cinco-reveal")
    });
    assert!(reveals.count() >= 5);
    assert!(shown.iter().all(|table| table.4.0 != "cinco-reveal"));
}

#[tokio::test]
async fn a_table_behind_is_edited_again_after_a_restart() {
    let (mut harness, outputs) = some_auction_for_both().await;
    // A bid request notifies its bidder (nobody is mentioned in an auction); the one who drew
    // the 5, if a person, just acted and is looking.
    let notified: Vec<(&str, bool)> = outputs
        .iter()
        .filter_map(|output| match output {
            Output::Direct { user, hand: Some(slot), message, .. } => {
                let bids = common::payloads(&message.components);
                assert!(bids.iter().all(|payload| payload.starts_with("B:1:")), "{bids:?}");
                Some((user.as_str(), slot.notify))
            }
            _ => None,
        })
        .collect();
    assert!(notified.iter().filter(|(_, notify)| *notify).count() >= 1, "{notified:?}");
    let before = tables(&outputs);
    let last = before.last().expect("a table").0;
    harness
        .core
        .board_shown(cincobot::core::GameId(1), last, false, "t9".into())
        .await
        .expect("ok");
    let ana = first_card_bids(&mut harness, "Ana", &outputs).await[0].clone();
    let bid = harness.press("Ana", &ana).await;
    let after = tables(&bid);
    assert_eq!((after[0].0, after[0].1.as_deref()), (last + 1, Some("t9")));

    // That table was never reported shown: the restart edits the message with it.
    let restarted = common::Harness::on(harness.store.clone()).await;
    let again = tables(&restarted.startup);
    assert_eq!(again.len(), 1, "{:#?}", restarted.startup);
    assert_eq!(
        (again[0].0, again[0].1.as_deref(), again[0].2.as_deref()),
        (last + 1, Some("t9"), None)
    );
}

/// How many actions game 1's log holds.
async fn actions_played(harness: &common::Harness) -> usize {
    let game = harness.store.cinco_game(cincobot::core::GameId(1)).await.expect("readable");
    game.map_or(0, |(_, log)| log.len())
}

/// Lets every clock run out, the CPU answering what it owes in between, until the table says
/// nobody is left playing: the outputs of the tick that said it.
async fn until_everybody_timed_out(harness: &mut common::Harness) -> Vec<Output> {
    for _ in 0..20 {
        run_cpu_fully(harness).await;
        harness.advance(Duration::from_secs(121));
        let ticked = harness.core.tick().await;
        if says(&ticked, "cinco-paused") {
            assert!(!says(&ticked, "cinco-timed-out"), "one note, the true one: {ticked:?}");
            return ticked;
        }
        assert!(says(&ticked, "cinco-timed-out"), "a person timed out: {ticked:?}");
    }
    panic!("the table never said that nobody is left playing");
}

/// With nobody left at the table, the time passing plays nothing and promises nothing.
async fn assert_paused(harness: &mut common::Harness) {
    let played = actions_played(harness).await;
    assert!(!harness.cpu_cinco_pending(), "the CPU is not asked to play alone");
    harness.advance(Duration::from_secs(3600));
    let later = harness.core.tick().await;
    assert!(later.is_empty(), "nothing happens while everybody is away: {later:?}");
    assert_eq!(actions_played(harness).await, played);
}

/// The table goes on after `name` came back: whoever it waits for acts (the person by their
/// first button, the CPU for the seats still away), and actions are played again.
async fn assert_goes_on(harness: &mut common::Harness, back: Vec<Output>, name: &str) {
    assert!(says(&back, "seat-taken-back"), "the group is told {name} is back: {back:?}");
    let played = actions_played(harness).await;
    let mut outputs = back;
    for _ in 0..6 {
        outputs.extend(run_cpu_fully(harness).await);
        let buttons = private_buttons(&outputs, &name.to_lowercase());
        let Some(first) = buttons.first().map(|button| button.payload.clone()) else { break };
        outputs = harness.press(name, &first).await;
    }
    outputs.extend(run_cpu_fully(harness).await);
    assert!(actions_played(harness).await > played, "the game goes on after {name} came back");
}

/// Two people and the CPU: when both people have run out of time the table does not claim the
/// CPU plays for them (it would play the game alone); it waits, and one person asking for
/// their hand brings it back to life, their clock running again.
#[tokio::test]
async fn a_table_everybody_left_waits_and_anyone_seated_brings_it_back() {
    let mut harness = common::Harness::new().await;
    harness.core.deal_cinco_from(5);
    three_seats(&mut harness).await;
    until_everybody_timed_out(&mut harness).await;
    assert_paused(&mut harness).await;
    let back = harness.say("Bruno", "/hand").await;
    assert_goes_on(&mut harness, back, "Bruno").await;
    // Bruno is at the table again: when his time runs out, the CPU plays for him.
    let ticked = until_everybody_timed_out(&mut harness).await;
    assert!(says(&ticked, "cinco-paused"), "{ticked:?}");
}

/// One person against the CPU: their timeout pauses the table (the CPU does not play both
/// sides), and the My hand button brings them back with their buttons.
#[tokio::test]
async fn a_person_alone_with_the_cpu_who_times_out_pauses_the_table() {
    let mut harness = common::Harness::new().await;
    harness.core.deal_cinco_from(3);
    harness.say("Ana", "/cinco").await;
    harness.press("Ana", "L:1:cn").await;
    harness.press("Ana", "L:1:s").await;
    run_cpu_fully(&mut harness).await;
    harness.advance(Duration::from_secs(121));
    let ticked = harness.core.tick().await;
    assert!(says(&ticked, "cinco-paused"), "{ticked:?}");
    assert_paused(&mut harness).await;
    let back = harness.press("Ana", "H:1").await;
    assert!(!private_buttons(&back, "ana").is_empty(), "Ana may act again: {back:?}");
    assert_goes_on(&mut harness, back, "Ana").await;
}

/// `user` presses or types with their client in `locale`.
async fn in_locale(
    harness: &mut common::Harness,
    locale: cincobot::i18n::Locale,
    user: &str,
    action: cincobot::core::Action,
) -> Vec<Output> {
    let mut input = harness.input(user, action);
    input.locale = Some(locale);
    harness.core.handle(input).await
}

/// The languages of the private messages to `user` among `outputs`.
fn private_locales(outputs: &[Output], user: &str) -> Vec<cincobot::i18n::Locale> {
    outputs
        .iter()
        .filter_map(|output| match output {
            Output::Direct { user: to, message, .. } if to == user => Some(message.locale),
            _ => None,
        })
        .collect()
}

/// Every private message is in its reader's language, whatever the chat's: the hands dealt,
/// the hand asked for again, and after a restart.
#[tokio::test]
async fn each_hand_comes_in_its_readers_language() {
    use cincobot::core::Action;
    use cincobot::i18n::Locale::{En, Es};
    let mut harness = common::Harness::new().await;
    harness.core.deal_cinco_from(5);
    in_locale(&mut harness, Es, "Ana", Action::Command("/cinco".into())).await;
    in_locale(&mut harness, En, "Bruno", Action::Button("L:1:j".into())).await;
    let dealt = in_locale(&mut harness, Es, "Ana", Action::Button("L:1:s".into())).await;
    assert_eq!(private_locales(&dealt, "ana"), [Es], "{dealt:?}");
    assert_eq!(private_locales(&dealt, "bruno"), [En], "{dealt:?}");
    let again = in_locale(&mut harness, Es, "Ana", Action::Command("/hand".into())).await;
    assert_eq!(private_locales(&again, "ana"), [Es], "{again:?}");
    let restarted = common::Harness::on(harness.store.clone()).await;
    let shown = &restarted.startup;
    let asked = private_locales(shown, "ana").len() + private_locales(shown, "bruno").len();
    assert!(asked > 0, "someone is asked again after the restart: {shown:?}");
    for (user, locale) in [("ana", Es), ("bruno", En)] {
        let locales = private_locales(shown, user);
        assert!(locales.iter().all(|l| *l == locale), "{user}: {locales:?}");
    }
}

/// Two CPUs of one level are told apart by a number; a CPU alone at its level keeps its name.
#[tokio::test]
async fn two_cpus_of_one_level_are_numbered() {
    let mut harness = common::Harness::new().await;
    harness.say("Ana", "/cinco").await;
    harness.press("Ana", "L:1:cn").await;
    harness.press("Ana", "L:1:ce").await;
    let lobby = harness.press("Ana", "L:1:cn").await;
    let seats = lines_saying(&lobby, "cinco-lobby-seats");
    let names = seats.last().and_then(|line| line.arg("names")).expect("the seats listed");
    assert_eq!(
        names,
        &cincobot::i18n::Arg::Plain("Ana, CPU normal 1, CPU easy, CPU normal 2".into())
    );
}

/// The last private message to `user` among `outputs`: its text ids.
fn last_private_ids<'a>(outputs: &'a [Output], user: &str) -> Vec<&'a str> {
    outputs
        .iter()
        .rev()
        .find(|output| matches!(output, Output::Direct { user: to, .. } if to == user))
        .map(|output| output.text_ids())
        .unwrap_or_default()
}

/// A reveal spends the bids: each bidder's hand is shown again at once, without the card
/// spent and without "your bid is in".
#[tokio::test]
async fn the_reveal_refreshes_every_bidders_hand() {
    let (mut harness, outputs) = some_auction_for_both().await;
    let mut seen = Vec::new();
    for name in ["Ana", "Bruno"] {
        let first = first_card_bids(&mut harness, name, &outputs).await[0].clone();
        seen.extend(harness.press(name, &first).await);
    }
    seen.extend(run_cpu_fully(&mut harness).await);
    assert!(says(&seen, "cinco-reveal"), "the auction is revealed: {seen:?}");
    for user in ["ana", "bruno"] {
        let ids = last_private_ids(&seen, user);
        assert!(ids.contains(&"cinco-hand"), "{user}'s hand is shown after the reveal: {ids:?}");
        assert!(!ids.contains(&"cinco-sealed"), "{user}'s bid is spent: {ids:?}");
    }
}

/// `/join` takes a seat at the CINCO table waiting in the chat, like its Join button; `/hand`
/// before the start says the hand comes when the host starts.
#[tokio::test]
async fn join_takes_a_seat_at_a_waiting_table_and_hand_waits_for_the_start() {
    let mut harness = common::Harness::new().await;
    harness.say("Ana", "/cinco").await;
    let joined = harness.say("Bruno", "/join").await;
    let seats = lines_saying(&joined, "cinco-lobby-seats");
    let names = seats.last().and_then(|line| line.arg("names"));
    assert_eq!(names, Some(&cincobot::i18n::Arg::Plain("Ana, Bruno".into())), "{joined:?}");
    let again = harness.say("Bruno", "/unirse").await;
    common::assert_notice(&again, "bruno", cincobot::i18n::Text::new("cinco-lobby-already"));
    let early = harness.say("Bruno", "/hand").await;
    let ids: Vec<&str> = early.iter().flat_map(Output::text_ids).collect();
    assert!(ids.contains(&"cinco-not-started"), "{early:?}");
    let stranger = harness.say("Carla", "/hand").await;
    let ids: Vec<&str> = stranger.iter().flat_map(Output::text_ids).collect();
    assert!(ids.contains(&"cinco-no-game"), "{stranger:?}");
}
