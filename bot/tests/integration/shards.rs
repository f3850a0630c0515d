//! Both platforms served by real `cincobot` processes on one real PostgreSQL, against the
//! fake Discord in two shards and the fake Bot API ([`crate::fleet`]): each process opens its
//! share of Discord's shards; games go on in fifty chats, Telegram groups and channels of
//! guilds on both shards, while a process is killed with SIGKILL in the middle of a round
//! (its shard and chats are taken over within the takeover time) and another is stopped with
//! SIGTERM (at once); every move is stored once and every board shown once. A Telegram
//! game's turn timer, armed by the process that is killed, fires once, in the process that
//! took its chat over. And a CINCO press in a DM, which comes on shard 0, reaches the
//! process serving the table. (A CINCO game through a kill: `telegram_cinco`.)

use crate::fake_discord::{Call, FakeDiscord, guild_on_shard, in_guild, press_in_dm, slash, user};
use crate::fake_telegram::{self, text};
use crate::fleet::{Fleet, Groups, PATIENCE, Process, board_ply, ply_of_buttons};
use crate::processes::ONE_FLEET_AT_A_TIME;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cincobot::core::{Chat, ChatKind, Platform};
use cincobot::identity::slot_of;
use cincobot::store::{Store, scratch};
use serde_json::{Value, json};

const SHARDS: u32 = 2;
const BOTH_OPEN: [(u32, u32); 2] = [(0, SHARDS), (1, SHARDS)];
/// Games in channels of a guild on each shard, in turn.
const CHANNELS: u64 = 8;
/// Games in Telegram groups: with the channels, fifty chats.
const GROUPS: i64 = 42;
/// A Telegram group in the upper half of the slots, which the second process to join serves.
const TIMED_GROUP: i64 = -100_305;

/// A game in a Discord channel between its two players.
struct Table {
    channel: u64,
    guild: u64,
    players: [Value; 2],
    /// The interactions dispatched in it.
    interactions: Vec<u64>,
}

impl Table {
    fn new(index: u64) -> Table {
        let shard = u32::try_from(index % u64::from(SHARDS)).unwrap_or(0);
        Table {
            channel: 1_500_000_000_000_000_000 + index,
            guild: guild_on_shard(shard, SHARDS),
            players: [0, 1]
                .map(|seat| user(40_000 + 2 * index + seat, &format!("t{index}s{seat}"))),
            interactions: Vec::new(),
        }
    }

    /// `player`'s slash command `name` with `options`, in this table's channel and guild.
    fn command(
        &mut self,
        discord: &FakeDiscord,
        player: usize,
        name: &str,
        options: Value,
    ) -> (u64, Value) {
        let users = std::slice::from_ref(&self.players[1 - player]);
        let command = slash(discord, &self.players[player], self.channel, name, options, users);
        self.interactions.push(command.0);
        in_guild(command, self.guild)
    }

    /// Whether `call` answers one of this table's interactions or posts in its channel.
    fn has(&self, call: &Call) -> bool {
        call.path.contains(&format!("/channels/{}/", self.channel))
            || self.interactions.iter().any(|id| {
                call.path.contains(&format!("/interactions/{id}/"))
                    || call.path.contains(&format!("/token-{id}/"))
            })
    }
}

/// The column of `ply` in every game, as in the Telegram fleet's: no five forms early.
fn column(ply: usize) -> String {
    (ply % 7 + 1).to_string()
}

/// Dispatches `interaction` of `table` and waits for what `shows` in the table: the
/// interaction's answer or, when the process serving the channel is not the one that
/// received it, that process's message in the channel.
async fn answered(
    discord: &FakeDiscord,
    table: &Table,
    (_, interaction): (u64, Value),
    shows: impl Fn(&Call) -> bool,
) -> Call {
    let from = discord.count();
    discord.dispatch(interaction);
    discord.wait_for(from, |call| table.has(call) && shows(call)).await
}

/// Each table's challenge, accepted: its first board.
async fn start_games(discord: &FakeDiscord, tables: &mut [Table]) {
    for table in tables {
        let opponent = json!([{ "name": "opponent", "type": 6, "value": table.players[1]["id"] }]);
        let challenge = table.command(discord, 0, "connect5", opponent);
        let answer = answered(discord, table, challenge, |call| {
            call.buttons().iter().any(|button| button.starts_with("a:"))
        })
        .await;
        let accept = answer.buttons().into_iter().find(|button| button.starts_with("a:"));
        let (accept, message) =
            (accept.expect("an Accept button"), answer.created.expect("a message"));
        let press =
            crate::fake_discord::press(discord, &table.players[1], table.channel, message, &accept);
        table.interactions.push(press.0);
        answered(discord, table, in_guild(press, table.guild), |call| discord_ply(call) == Some(0))
            .await;
    }
}

/// Every table plays the move of `ply`; the longest wait for a board.
async fn play_round(discord: &FakeDiscord, tables: &mut [Table], ply: usize) -> Duration {
    let mut longest = Duration::ZERO;
    for table in tables {
        let point = json!([{ "name": "point", "type": 3, "value": column(ply) }]);
        let sent = Instant::now();
        let command = table.command(discord, ply % 2, "move", point);
        answered(discord, table, command, |call| discord_ply(call) == Some(ply + 1)).await;
        longest = longest.max(sent.elapsed());
    }
    longest
}

/// The ply a Discord board shows.
fn discord_ply(call: &Call) -> Option<usize> {
    if !call.png {
        return None;
    }
    ply_of_buttons(&call.buttons())
}

/// Waits (at most 30 s) until shard `index` is open on another connection than `before`,
/// with both shards open; how long after `since` it identified.
async fn reopened(
    discord: &FakeDiscord,
    index: u32,
    before: Option<(u64, Instant)>,
    since: Instant,
) -> Duration {
    let start = Instant::now();
    loop {
        if let Some((connection, at)) = discord.shard_opened(index)
            && before.is_none_or(|(old, _)| old != connection)
            && discord.open_shards() == BOTH_OPEN
        {
            return at.saturating_duration_since(since);
        }
        assert!(start.elapsed() < Duration::from_secs(30), "shard {index} never opened again");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A 5 en raya game with a 30 s turn timer in [`TIMED_GROUP`], its first move played: the
/// second player's timer runs from now.
async fn start_timed_game(fleet: &Fleet) {
    let telegram =
        Chat { platform: Platform::Telegram, id: TIMED_GROUP.to_string(), kind: ChatKind::Group };
    assert!(slot_of(&telegram) >= 128, "the group is the second process's");
    let fake = &fleet.fake;
    let (ana, bruno) =
        (fake_telegram::user(21, "ana", "en"), fake_telegram::user(22, "bruno", "en"));
    let from = fake.count();
    fake.push(text(TIMED_GROUP, &bruno, "/language en"));
    fake.push(text(TIMED_GROUP, &ana, "/connect5 @bruno timer 30"));
    fake.push(text(TIMED_GROUP, &bruno, "/accept"));
    fake.wait_for(from, |call| call.chat() == TIMED_GROUP && board_ply(call) == Some(0)).await;
    let from = fake.count();
    fake.push(text(TIMED_GROUP, &ana, "/move 4"));
    fake.wait_for(from, |call| call.chat() == TIMED_GROUP && board_ply(call) == Some(1)).await;
}

/// Waits (at most a minute) for the timer's move in [`TIMED_GROUP`], then checks it was shown
/// once and stored once.
async fn timer_fired_once(fleet: &Fleet) {
    let shown_at_two = || {
        fleet
            .fake
            .calls()
            .iter()
            .filter(|call| call.chat() == TIMED_GROUP && board_ply(call) == Some(2))
            .count()
    };
    let start = Instant::now();
    while shown_at_two() == 0 {
        assert!(start.elapsed() < Duration::from_secs(60), "the turn timer never fired");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Time for a second firing, were there one.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(shown_at_two(), 1, "the timer's move is shown once");
    let store = Store::open(&fleet.database).await.expect("the database");
    let games = store.active_games().await.expect("the games read");
    let (_, log) = games
        .iter()
        .find(|(row, _)| row.chat.id == TIMED_GROUP.to_string())
        .expect("the timed game goes on");
    assert_eq!(log.len(), 2, "the first move and the timer's, once: {log:?}");
    assert_eq!(log[0].action, "4");
}

/// Every game holds the moves of `plies` rounds, once each and in order, and each of its
/// boards was shown once.
async fn every_game_holds(
    fleet: &Fleet,
    (discord, tables): (&FakeDiscord, &[Table]),
    groups: &Groups,
    plies: usize,
) {
    let store = Store::open(&fleet.database).await.expect("the database");
    let games = store.active_games().await.expect("the games read");
    let discord_games: Vec<_> =
        games.iter().filter(|(row, _)| row.chat.platform == Platform::Discord).collect();
    let telegram_games: Vec<_> = games.iter().filter(|(row, _)| groups.has(&row.chat.id)).collect();
    assert_eq!(telegram_games.len(), usize::try_from(GROUPS).unwrap_or(0));
    for (row, log) in telegram_games {
        let moves: Vec<String> = log.iter().map(|stored| stored.action.clone()).collect();
        assert_eq!(moves, Groups::moves(plies), "the game in group {}", row.chat.id);
    }
    for (chat, plies) in groups.posted() {
        let mut once = plies.clone();
        once.sort_unstable();
        once.dedup();
        assert_eq!(once.len(), plies.len(), "a board posted twice in {chat}: {plies:?}");
    }
    assert_eq!(discord_games.len(), tables.len());
    let wanted: Vec<String> = (0..plies).map(column).collect();
    for (row, log) in discord_games {
        let moves: Vec<String> = log.iter().map(|stored| stored.action.clone()).collect();
        assert_eq!(moves, wanted, "the game in channel {}", row.chat.id);
    }
    let calls = discord.calls();
    for table in tables {
        let mut shown: BTreeMap<usize, usize> = BTreeMap::new();
        for ply in calls.iter().filter(|call| table.has(call)).filter_map(discord_ply) {
            *shown.entry(ply).or_default() += 1;
        }
        let twice: Vec<_> = shown.iter().filter(|(_, count)| **count > 1).collect();
        assert!(twice.is_empty(), "boards shown twice in {}: {twice:?}", table.channel);
        assert_eq!(shown.len(), plies + 1, "every ply's board in {}", table.channel);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chats_and_shards_of_both_platforms_move_when_a_process_is_killed_or_stopped() {
    let Some(database) = scratch::postgres().await else { return };
    let _alone = ONE_FLEET_AT_A_TIME.lock().await;
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_cincobot"));
    let fleet = Fleet::with_discord(binary, database, SHARDS).await;
    let discord = fleet.discord.clone().expect("the fake Discord");

    let mut groups = Groups::follow_keeping_calls(&fleet.fake, GROUPS);

    // The first process opens both shards alone, and hands the second over when another
    // process joins.
    let (mut polling, mut serving): (Process, Process) = fleet.halves().await;
    discord.wait_for_shards(&BOTH_OPEN, Duration::from_secs(30)).await;
    wait_for_holders(&fleet, &[(0, "polling".to_owned()), (1, "serving".to_owned())]).await;

    let mut tables: Vec<Table> = (0..CHANNELS).map(Table::new).collect();
    groups.start_games(&fleet.fake).await;
    start_games(&discord, &mut tables).await;
    for ply in 0..2 {
        groups.play_round(&fleet.fake, ply, || {}).await;
        play_round(&discord, &mut tables, ply).await;
    }

    // SIGKILL in the middle of a round: the first process takes the second's chats and
    // shard over.
    start_timed_game(&fleet).await;
    let before = discord.shard_opened(1);
    let killed_at = Instant::now();
    let boards = groups.play_round(&fleet.fake, 2, || serving.kill()).await;
    println!("after SIGKILL, every group's board came within {boards:?}");
    assert!(boards < Duration::from_secs(15) + PATIENCE, "takeover after SIGKILL: {boards:?}");
    let taken = reopened(&discord, 1, before, killed_at).await;
    println!("after SIGKILL, shard 1 opened again within {taken:?}");
    assert!(taken < Duration::from_secs(15), "shard takeover after SIGKILL: {taken:?}");
    fleet.wait_for_balance(&["polling"]).await;
    for ply in 2..4 {
        play_round(&discord, &mut tables, ply).await;
    }
    groups.play_round(&fleet.fake, 3, || {}).await;

    // A third process joins and takes shard 1; then the first is stopped with SIGTERM in the
    // middle of a round and hands its chats and shard 0 over at once.
    let third = fleet.start("third");
    fleet.wait_for_balance(&["polling", "third"]).await;
    wait_for_holders(&fleet, &[(0, "polling".to_owned()), (1, "third".to_owned())]).await;
    discord.wait_for_shards(&BOTH_OPEN, Duration::from_secs(30)).await;
    groups.play_round(&fleet.fake, 4, || {}).await;
    play_round(&discord, &mut tables, 4).await;
    let before = discord.shard_opened(0);
    let stopped_at = Instant::now();
    let boards = groups.play_round(&fleet.fake, 5, || polling.terminate()).await;
    println!("after SIGTERM, every group's board came within {boards:?}");
    assert!(boards < PATIENCE, "boards after SIGTERM: {boards:?}\n{}", third.log());
    let handed = reopened(&discord, 0, before, stopped_at).await;
    polling.wait();
    println!("after SIGTERM, shard 0 opened again within {handed:?}");
    assert!(handed < Duration::from_secs(5), "shard hand-over after SIGTERM: {handed:?}");
    fleet.wait_for_balance(&["third"]).await;
    play_round(&discord, &mut tables, 5).await;
    assert!(third.log().contains("opens a shard"), "{}", third.log());

    every_game_holds(&fleet, (&discord, &tables), &groups, 6).await;
    timer_fired_once(&fleet).await;
}

/// Waits (at most 30 s) until the shards' leases are held as `wanted` (index, process).
async fn wait_for_holders(fleet: &Fleet, wanted: &[(i32, String)]) {
    let start = Instant::now();
    loop {
        let holders = fleet.shard_holders().await;
        if holders == wanted {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "the shards stayed with {holders:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A channel of a guild on shard 1 whose chats the second process serves (upper half).
fn upper_channel() -> u64 {
    (1_600_000_000_000_000_000..)
        .find(|&id: &u64| {
            let chat =
                Chat { platform: Platform::Discord, id: id.to_string(), kind: ChatKind::Group };
            slot_of(&chat) >= 128
        })
        .unwrap_or(1_600_000_000_000_000_000)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cinco_press_in_a_discord_dm_reaches_the_process_serving_the_table() {
    let Some(database) = scratch::postgres().await else { return };
    let _alone = ONE_FLEET_AT_A_TIME.lock().await;
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_cincobot"));
    let fleet = Fleet::with_discord(binary, database, SHARDS).await;
    let discord = fleet.discord.clone().expect("the fake Discord");
    // The table's channel and its guild's shard are the serving process's; DMs come on
    // shard 0, the polling one's.
    let _processes = fleet.halves().await;
    wait_for_holders(&fleet, &[(0, "polling".to_owned()), (1, "serving".to_owned())]).await;
    discord.wait_for_shards(&BOTH_OPEN, Duration::from_secs(30)).await;
    let (channel, guild) = (upper_channel(), guild_on_shard(1, SHARDS));
    let players = [(51, "ana"), (52, "bruno"), (53, "carla")].map(|(id, name)| user(id, name));
    let in_table = |player: usize, custom_id: &str, message: u64| {
        let press =
            crate::fake_discord::press(&discord, &players[player], channel, message, custom_id);
        in_guild(press, guild)
    };
    let answer_of = |id: u64| {
        move |call: &Call| {
            call.path.contains(&format!("/interactions/{id}/"))
                || call.path.contains(&format!("/token-{id}/"))
        }
    };

    let from = discord.count();
    let (id, lobby) =
        in_guild(slash(&discord, &players[0], channel, "cinco", json!([]), &[]), guild);
    discord.dispatch(lobby);
    let lobby = discord.wait_for(from, answer_of(id)).await;
    let lobby_message = lobby.created.expect("the lobby's message");
    for joiner in [1, 2] {
        let from = discord.count();
        let (id, join) = in_table(joiner, "L:1:j", lobby_message);
        discord.dispatch(join);
        discord.wait_for(from, answer_of(id)).await;
    }
    let from = discord.count();
    let (id, start) = in_table(0, "L:1:s", lobby_message);
    discord.dispatch(start);
    let table = discord.wait_for(from, answer_of(id)).await;
    assert_eq!(table.buttons(), ["H:1"], "the lobby becomes the table");

    // The player whose hand DM has buttons presses its first one, in the DM.
    let with_buttons = |calls: &[Call]| {
        calls.iter().rev().find_map(|call| {
            let first = call.buttons().first().cloned()?;
            let dm = call.path.strip_prefix("/api/v10/channels/")?.split('/').next()?;
            let dm: u64 = dm.parse().ok()?;
            (call.method == "POST" && call.content().contains("Your hand") && dm != channel)
                .then_some((dm, call.created?, first))
        })
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    let (dm, message, first) = loop {
        if let Some(found) = with_buttons(&discord.calls()[from..]) {
            break found;
        }
        assert!(Instant::now() < deadline, "no hand with buttons came by DM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let opened = discord.calls().iter().find_map(|call| {
        let user: u64 = call.body["recipient_id"].as_str()?.parse().ok()?;
        (call.is("POST", "/users/@me/channels") && call.created == Some(dm)).then_some(user)
    });
    let user_id = opened.expect("the DM channel was opened for a player");
    let player = players
        .iter()
        .position(|player| player["id"].as_str() == Some(&user_id.to_string()))
        .expect("a player's DM");
    let table_edited =
        |call: &Call| call.is("PATCH", &format!("/channels/{channel}/messages/")) && call.png;
    let from = discord.count();
    let (id, pressed) = press_in_dm(&discord, &players[player], dm, message, &first);
    discord.dispatch(pressed);
    // Answered by the process that received it, with what the serving one said.
    let answer = discord.wait_for(from, answer_of(id)).await;
    assert_ne!(answer.callback_type(), None, "the press is answered: {answer:?}");
    // The serving process acted on it: the table changed (a bid sealed, a card played), or,
    // when the card pressed has several uses (the player holds Puntaje), the hand in the DM
    // now offers them. Which one depends on the deal.
    let hand_edited = |call: &Call| call.is("PATCH", &format!("/channels/{dm}/messages/{message}"));
    discord.wait_for(from, |call| table_edited(call) || hand_edited(call)).await;
    let in_channel = format!("/channels/{channel}/");
    let hand_shown =
        |call: &Call| call.path.contains(&in_channel) && call.content().contains("Your hand");
    assert!(!discord.calls().iter().any(hand_shown), "no hand in the table's channel");
}
