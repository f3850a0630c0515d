//! The kill test (issue 9): the real binary against the fake Bot API. Twenty players in twenty
//! private chats play five in a row against the CPU while the bot is killed with `SIGKILL` five
//! times at seeded random moments and started again on the same database; the fake hands every
//! update the dead process had not confirmed to the new one. Afterwards the database must hold
//! every game, finished, and every move a player saw acknowledged exactly once, at the ply the
//! player sent it for. Both run on a SQLite file and, when a server is given, on PostgreSQL.

use crate::fake_telegram;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use cincobot::core::GameId;
use cincobot::store::{GameRow, GameStatus, Store, StoredMove, scratch};
use engine::cpu::SplitMix64;
use fake_telegram::{Call, FakeTelegram, TOKEN, press, text, user};
use serde_json::Value;

/// Every random choice (the players' moves, typing or pressing, when to kill) follows it.
const SEED: u64 = 9;
const PLAYERS: i64 = 20;
const FIRST_PLAYER: i64 = 201;
const KILLS: usize = 5;
/// A kill comes after this many calls of the running process, plus up to `KILL_SPREAD` more.
const KILL_AFTER: u64 = 25;
const KILL_SPREAD: u64 = 100;
/// A killed bot stays down this long, plus up to `DOWNTIME_SPREAD_MS`: longer than the fake's
/// 200 ms long poll, so no answer meant for the dead process takes an update with it.
const DOWNTIME_MS: u64 = 250;
const DOWNTIME_SPREAD_MS: u64 = 400;
/// At most this many of the updates the killed process was handed last come again, as if its
/// confirmation of them never reached Telegram: updates it had handled must change nothing.
const AGAIN_AT_MOST: u64 = 40;
/// A player who saw nothing new for this long acts again, as a person would.
const PATIENCE: Duration = Duration::from_secs(3);
/// Generous: a run took 80–150 s in a debug build while other builds loaded both cores.
const TIME_LIMIT: Duration = Duration::from_secs(300);
/// The CPU stops after a fixed amount of work: quick, and the same answer for the same position.
const CPU_CHECKS: &str = "2000";
/// No pacing: the fake server is on loopback.
const CONFIG: &str = "default_locale = \"en\"\n\n[telegram]\nchat_interval_ms = 0\n\
                      group_messages_per_minute = 0\n";

/// What a player's move update meant: the move, and the ply of the board it was sent for.
#[derive(Clone, Debug)]
struct Sent {
    chat: i64,
    ply: usize,
    column: String,
}

/// The answers a player can get instead of a board: words that tell them apart, and a name.
const ANSWERS: [(&str, &str); 5] = [
    ("already played", "already played"),
    ("older board", "older board"),
    ("already done", "already done"),
    ("not your turn", "not your turn"),
    ("being played here", "no game"),
];

/// A person in a private chat with the bot, playing the first seat against the CPU.
#[derive(Debug)]
struct Player {
    chat: i64,
    user: Value,
    rng: SplitMix64,
    /// Every game the player's boards named (one, if nothing went wrong).
    games: HashSet<i64>,
    game: Option<i64>,
    /// The latest ply a board showed, and its open columns.
    ply: Option<usize>,
    columns: Vec<String>,
    /// The board's message, when an edit named it (else the latest photo in the chat).
    board: Option<i64>,
    finished: bool,
    /// The game's final board never came, and the bot says there is no game.
    ended_unseen: bool,
    /// The move chosen for a ply, once sent.
    chosen: Option<(usize, String)>,
    /// The latest `/connect5` and `/board` messages.
    started: Option<i64>,
    asked: Option<i64>,
    /// Since when the player has seen nothing new.
    idle_since: Instant,
    stalls: u32,
    /// The platform events of the moves sent, by ply.
    sent_for: BTreeMap<usize, Vec<String>>,
}

impl Player {
    fn new(chat: i64) -> Player {
        Player {
            chat,
            user: user(chat, &format!("player{chat}"), "en"),
            rng: SplitMix64::new(SEED ^ u64::try_from(chat).unwrap_or(0).wrapping_mul(7919)),
            games: HashSet::new(),
            game: None,
            ply: None,
            columns: Vec::new(),
            board: None,
            finished: false,
            ended_unseen: false,
            chosen: None,
            started: None,
            asked: None,
            idle_since: Instant::now(),
            stalls: 0,
            sent_for: BTreeMap::new(),
        }
    }

    fn done(&self) -> bool {
        self.finished || self.ended_unseen
    }

    /// A board (photo or edit) in the player's chat.
    fn saw_board(&mut self, call: &Call) {
        let buttons = call.buttons();
        if let Some(game) = buttons.iter().find_map(|b| b.strip_prefix("r:")) {
            self.games.insert(game.parse().unwrap_or(-1));
            self.finished = true;
            return;
        }
        let moves: Vec<(i64, usize, String)> = buttons
            .iter()
            .filter_map(|button| {
                let mut parts = button.split(':');
                let (Some("m"), Some(game), Some(ply), Some(column)) =
                    (parts.next(), parts.next(), parts.next(), parts.next())
                else {
                    return None;
                };
                let column_is_a_drop = column.bytes().all(|b| b.is_ascii_digit());
                Some((game.parse().ok()?, ply.parse().ok()?, column.to_owned()))
                    .filter(|_| column_is_a_drop)
            })
            .collect();
        let Some(&(game, ply, _)) = moves.first() else { return };
        self.games.insert(game);
        // A call of the killed process can arrive after the new one showed a later board.
        if self.ply.is_some_and(|seen| seen > ply) {
            return;
        }
        self.game = Some(game);
        self.ply = Some(ply);
        self.columns = moves.into_iter().map(|(_, _, column)| column).collect();
        self.board = (call.method == "editMessageMedia").then(|| call.message_id());
        self.idle_since = Instant::now();
        self.stalls = 0;
    }

    /// The bot's answer "no game being played here" to the message `answered`.
    fn told_no_game(&mut self, answered: i64) {
        if self.asked != Some(answered) {
            return;
        }
        self.asked = None;
        if self.games.is_empty() {
            // The `/board` came after the `/connect5` in the same chat, so the bot handled
            // that first: it never made it (the kill took it), and asking again is safe.
            self.started = None;
        } else if !self.finished {
            self.ended_unseen = true;
        }
    }

    /// Whatever a person would do now: start, move, press again, or ask for the board.
    fn act(&mut self, fake: &FakeTelegram, sent: &mut HashMap<String, Sent>) {
        if self.done() {
            return;
        }
        let stalled = self.idle_since.elapsed() >= PATIENCE;
        let Some(ply) = self.ply else {
            if self.started.is_none() {
                self.started = Some(self.say(fake, "/connect5 cpu easy"));
                self.asked = None;
            } else if stalled {
                self.asked = Some(self.say(fake, "/board"));
            }
            return;
        };
        let my_turn = ply % 2 == 0;
        if my_turn && self.chosen.as_ref().is_none_or(|(for_ply, _)| *for_ply != ply) {
            let Some(column) = self.pick() else { return };
            let pressed = self.rng.below(2) == 0 && self.press_move(fake, sent, ply, &column);
            if !pressed {
                let id = self.say(fake, &format!("/move {column}"));
                self.record(sent, format!("m:{}:{id}", self.chat), ply, &column);
            }
            self.chosen = Some((ply, column));
        } else if stalled {
            self.stalls += 1;
            match &self.chosen {
                Some((for_ply, column)) if my_turn && *for_ply == ply && self.stalls % 2 == 1 => {
                    let column = column.clone();
                    if !self.press_move(fake, sent, ply, &column) {
                        self.asked = Some(self.say(fake, "/board"));
                    }
                }
                _ => self.asked = Some(self.say(fake, "/board")),
            }
        }
    }

    fn pick(&mut self) -> Option<String> {
        let count = u64::try_from(self.columns.len()).ok().filter(|&n| n > 0)?;
        let index = usize::try_from(self.rng.below(count)).ok()?;
        self.columns.get(index).cloned()
    }

    /// Sends `words` as a new message; its message id.
    fn say(&mut self, fake: &FakeTelegram, words: &str) -> i64 {
        let update = text(self.chat, &self.user, words);
        let id = update["message"]["message_id"].as_i64().expect("a message id");
        fake.push(update);
        self.idle_since = Instant::now();
        id
    }

    /// Presses the board's button for `column` at `ply`; false when the board's message is
    /// not known yet.
    fn press_move(
        &mut self,
        fake: &FakeTelegram,
        sent: &mut HashMap<String, Sent>,
        ply: usize,
        column: &str,
    ) -> bool {
        let (Some(game), Some(message)) =
            (self.game, self.board.or_else(|| fake.last_photo(self.chat)))
        else {
            return false;
        };
        let update = press(self.chat, message, &self.user, &format!("m:{game}:{ply}:{column}"));
        let id = update["callback_query"]["id"].as_str().expect("a query id").to_owned();
        fake.push(update);
        self.record(sent, format!("q:{id}"), ply, column);
        self.idle_since = Instant::now();
        true
    }

    fn record(
        &mut self,
        sent: &mut HashMap<String, Sent>,
        event: String,
        ply: usize,
        column: &str,
    ) {
        sent.insert(event.clone(), Sent { chat: self.chat, ply, column: column.to_owned() });
        self.sent_for.entry(ply).or_default().push(event);
    }

    /// Whether the player saw the move it sent for `ply` taken: a later board, or the end.
    fn acknowledged(&self, ply: usize) -> bool {
        self.finished || self.ply.is_some_and(|seen| seen > ply)
    }
}

/// The binary, serving the fake Bot API.
struct Bot {
    folder: PathBuf,
    api: String,
    database: String,
    child: Option<Child>,
}

impl Bot {
    fn start(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.folder.join("bot.log"))
            .expect("a log file");
        let child = Command::new(env!("CARGO_BIN_EXE_cincobot"))
            .arg("--config")
            .arg(self.folder.join("kill.toml"))
            .current_dir(&self.folder)
            .env("TELEGRAM_TOKEN", TOKEN)
            .env("CINCOBOT_CHALLENGER_FIRST", "1")
            .env("TELEGRAM_API_URL", &self.api)
            .env("DATABASE_URL", &self.database)
            .env("CINCOBOT_CPU_CHECKS", CPU_CHECKS)
            .env_remove("DISCORD_TOKEN")
            .env_remove("CINCOBOT_LOCALE")
            .env_remove("RUST_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the bot starts");
        self.child = Some(child);
    }

    /// `SIGKILL`: no goodbye, nothing flushed, nothing confirmed.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().expect("SIGKILL");
            child.wait().expect("the bot is gone");
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.folder.join("bot.log")).unwrap_or_default()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Which of the known answers `words` is.
fn answer_kind(words: &str) -> Option<&'static str> {
    ANSWERS.iter().find(|(needle, _)| words.contains(needle)).map(|(_, kind)| *kind)
}

fn is_board(call: &Call) -> bool {
    matches!(call.method.as_str(), "sendPhoto" | "editMessageMedia")
}

/// The two tests each run the real binary on a loaded machine: one at a time, so that one's
/// restarts never starve the other's.
static ONE_BOT_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A SQLite database file in `folder`.
fn sqlite_in(folder: &tempfile::TempDir) -> String {
    format!("sqlite://{}", folder.path().join("cincobot.db").display())
}

async fn stored_games(database: &str) -> Vec<(GameRow, Vec<StoredMove>)> {
    let store = Store::open(database).await.expect("the database opens");
    let mut games = Vec::new();
    for id in 1..=PLAYERS * 3 {
        if let Some(game) = store.game(GameId(id)).await.expect("the store reads") {
            games.push(game);
        }
    }
    games
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_five_times_the_bot_loses_no_move_and_plays_none_twice() {
    let _turn = ONE_BOT_AT_A_TIME.lock().await;
    for postgres in [None].into_iter().chain(scratch::postgres().await.map(Some)) {
        killed_five_times_on(postgres).await;
    }
}

/// The kill test on `postgres`, or on a SQLite file in the bot's folder.
async fn killed_five_times_on(postgres: Option<String>) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(folder.path().join("kill.toml"), CONFIG).expect("the config");
    let fake = FakeTelegram::start().await;
    let mut calls = fake.watch(false);
    let database = postgres.unwrap_or_else(|| sqlite_in(&folder));
    let mut bot = Bot {
        folder: folder.path().to_owned(),
        api: fake.url.clone(),
        database: database.clone(),
        child: None,
    };
    let mut rng = SplitMix64::new(SEED);
    let kill_plan: Vec<u64> = (0..KILLS).map(|_| KILL_AFTER + rng.below(KILL_SPREAD)).collect();
    let mut players: Vec<Player> =
        (FIRST_PLAYER..FIRST_PLAYER + PLAYERS).map(Player::new).collect();
    let mut sent: HashMap<String, Sent> = HashMap::new();
    let mut answers: BTreeMap<&str, usize> = BTreeMap::new();
    let began = Instant::now();
    let mut kills = 0;
    let mut calls_since_start = 0;
    let mut restart_at: Option<Instant> = None;
    let mut resent = 0;
    bot.start();

    while !players.iter().all(Player::done) {
        if began.elapsed() > TIME_LIMIT {
            bot.kill();
            let waiting: Vec<_> = players.iter().filter(|p| !p.done()).collect();
            panic!(
                "after {TIME_LIMIT:?} and {kills} kills, {} games are not over: {waiting:#?}\n\
                 the bot's log:\n{}",
                waiting.len(),
                bot.log()
            );
        }
        if let Ok(Some(call)) = tokio::time::timeout(Duration::from_millis(20), calls.recv()).await
        {
            let mut next = Some(call);
            while let Some(call) = next {
                calls_since_start += 1;
                let player = players.iter_mut().find(|p| p.chat == call.chat());
                if call.method == "answerCallbackQuery" {
                    if let Some(kind) = call.params["text"].as_str().and_then(answer_kind) {
                        *answers.entry(kind).or_default() += 1;
                    }
                } else if let Some(player) = player {
                    if is_board(&call) {
                        player.saw_board(&call);
                    } else if call.method == "sendMessage"
                        && let Some(kind) = answer_kind(&call.text())
                    {
                        *answers.entry(kind).or_default() += 1;
                        let answered = call.params["reply_parameters"]["message_id"].as_i64();
                        if kind == "no game" {
                            player.told_no_game(answered.unwrap_or(0));
                        }
                    }
                }
                next = calls.try_recv().ok();
            }
        }
        if bot.child.is_some() && kills < KILLS && calls_since_start >= kill_plan[kills] {
            bot.kill();
            kills += 1;
            let downtime = DOWNTIME_MS + rng.below(DOWNTIME_SPREAD_MS);
            restart_at = Some(Instant::now() + Duration::from_millis(downtime));
        }
        if restart_at.is_some_and(|at| Instant::now() >= at) {
            restart_at = None;
            let delivered = fake.delivered();
            let again = usize::try_from(1 + rng.below(AGAIN_AT_MOST)).unwrap_or(1);
            for (id, _) in &delivered[delivered.len().saturating_sub(again)..] {
                fake.push_again(*id);
                resent += 1;
            }
            calls_since_start = 0;
            bot.start();
        }
        for player in &mut players {
            player.act(&fake, &mut sent);
        }
    }
    bot.kill();
    let seconds = began.elapsed().as_secs_f64();
    let log = bot.log();

    let unseen: Vec<i64> = players.iter().filter(|p| p.ended_unseen).map(|p| p.chat).collect();
    assert!(
        unseen.is_empty(),
        "chats {unseen:?}: the game ended, but its final board was never shown (a restart \
         re-posts the boards of active games only)"
    );
    assert_eq!(kills, KILLS, "every game ended before the {KILLS} kills were done");

    let games = stored_games(&database).await;
    assert_eq!(games.len(), players.len(), "one game per player: {games:#?}");
    let mut events_seen = HashSet::new();
    let mut duplicates = Vec::new();
    let mut lost = Vec::new();
    let (mut human_moves, mut cpu_moves) = (0, 0);
    for player in &players {
        let chat = player.chat.to_string();
        let [(row, log)] =
            &games.iter().filter(|(row, _)| row.chat.id == chat).collect::<Vec<_>>()[..]
        else {
            panic!("chat {chat} has no game, or several");
        };
        assert_eq!(player.games, HashSet::from([row.id.0]), "chat {chat} saw its one game");
        assert_eq!(row.status, GameStatus::Finished, "game {} is over", row.id.0);
        for (ply, stored) in log.iter().enumerate() {
            assert_eq!(stored.ply, ply, "game {}: the log has no holes", row.id.0);
            assert_eq!(stored.by_cpu, ply % 2 == 1, "game {}: the seats alternate", row.id.0);
            if stored.by_cpu {
                assert_eq!(
                    stored.event, None,
                    "game {}: the CPU's move {ply} has an event",
                    row.id.0
                );
                cpu_moves += 1;
                continue;
            }
            human_moves += 1;
            let event = stored.event.as_ref().map(|event| event.0.clone()).unwrap_or_default();
            if !events_seen.insert(event.clone()) {
                duplicates.push(format!("game {} ply {ply}: event {event} used twice", row.id.0));
            }
            match sent.get(&event) {
                Some(meant)
                    if meant.chat == player.chat
                        && meant.ply == ply
                        && meant.column.eq_ignore_ascii_case(&stored.action) => {}
                meant => duplicates.push(format!(
                    "game {} ply {ply}: {} from event {event}, which was {meant:?}",
                    row.id.0, stored.action
                )),
            }
        }
        for (&ply, events) in &player.sent_for {
            if !player.acknowledged(ply) {
                continue;
            }
            let logged = log.get(ply).and_then(|stored| stored.event.as_ref());
            if !logged.is_some_and(|event| events.contains(&event.0)) {
                lost.push(format!(
                    "game {} ply {ply}: sent as {events:?}, log {logged:?}",
                    row.id.0
                ));
            }
        }
    }
    println!(
        "kill test: {} games, {human_moves} human moves, {cpu_moves} CPU moves, {kills} kills, \
         {} redelivered updates ({resent} of them as if a confirmation was lost), answers {answers:?}, duplicates found {}, lost {} ({seconds:.1} s, \
         seed {SEED})",
        games.len(),
        fake.redelivered(),
        duplicates.len(),
        lost.len()
    );
    assert!(duplicates.is_empty(), "moves applied twice or elsewhere: {duplicates:#?}\n{log}");
    assert!(lost.is_empty(), "acknowledged moves missing: {lost:#?}\n{log}");
    assert!(fake.redelivered() > 0, "the kills left no update to hand out again");
}

/// The narrow case of the kill test, made certain: a game's last step commits, its final board
/// never reaches Telegram (both the edit and the new photo are refused), and the bot is killed.
/// Started again, the bot must show the ending, as it shows any board that is behind.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ending_killed_before_it_was_shown_is_shown_after_the_restart() {
    let _turn = ONE_BOT_AT_A_TIME.lock().await;
    for postgres in [None].into_iter().chain(scratch::postgres().await.map(Some)) {
        an_ending_killed_on(postgres).await;
    }
}

/// The narrow case on `postgres`, or on a SQLite file in the bot's folder.
async fn an_ending_killed_on(postgres: Option<String>) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(folder.path().join("kill.toml"), CONFIG).expect("the config");
    let fake = FakeTelegram::start().await;
    let mut bot = Bot {
        folder: folder.path().to_owned(),
        api: fake.url.clone(),
        database: postgres.unwrap_or_else(|| sqlite_in(&folder)),
        child: None,
    };
    let chat = FIRST_PLAYER;
    let person = user(chat, "ana", "en");
    bot.start();
    let from = fake.count();
    fake.push(text(chat, &person, "/connect5 cpu easy"));
    let board = |call: &Call| is_board(call) && call.chat() == chat;
    fake.wait_within(from, Duration::from_secs(30), board).await.expect("the first board");

    fake.break_method("editMessageMedia", usize::MAX);
    fake.break_method("sendPhoto", usize::MAX);
    let from = fake.count();
    fake.push(text(chat, &person, "/resign confirm"));
    let refused = |call: &Call| call.method == "sendPhoto" && call.chat() == chat;
    fake.wait_within(from, Duration::from_secs(30), refused).await.expect("the ending, refused");
    bot.kill();
    fake.heal();
    let games = stored_games(&bot.database).await;
    assert!(
        matches!(&games[..], [(row, _)] if row.status == GameStatus::Finished),
        "the resignation committed: {games:#?}"
    );

    let from = fake.count();
    bot.start();
    let ending = |call: &Call| board(call) && call.buttons().iter().any(|b| b.starts_with("r:"));
    let shown = fake.wait_within(from, Duration::from_secs(30), ending).await;
    bot.kill();
    assert!(shown.is_some(), "the ending was never shown; the bot's log:\n{}", bot.log());
}
