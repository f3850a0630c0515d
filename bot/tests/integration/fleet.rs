//! A fleet of real `cincobot` processes on one PostgreSQL against the fake Bot API (one of
//! them polls at a time, and hands each update to the process serving its chat; or, in
//! webhook mode, the fake posts each update to a balancer in front of them all), and, when a
//! test asks, the fake Discord too (each process opens its share of the shards), and groups
//! that play five in a row through it: what the test of several processes and the
//! `telegram_processes` example share.
// Each of them uses part of it.
#![allow(dead_code)]

use crate::balancer::Balancer;
use crate::fake_discord::{self, FakeDiscord};
use crate::fake_telegram::{Call, FakeTelegram, TOKEN, text, user};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

/// A player who sees no new board for this long sends the move again, as a person would
/// (a process killed after taking an update and before handling it lost it).
pub const PATIENCE: Duration = Duration::from_secs(3);
/// At most this long for any board.
const BOARD_LIMIT: Duration = Duration::from_secs(60);

/// The webhook's secret, the same for every process.
const SECRET: &str = "several-processes-secret-0123456789";

/// The processes and the fake Bot API.
pub struct Fleet {
    pub fake: FakeTelegram,
    /// With [`Fleet::with_discord`].
    pub discord: Option<FakeDiscord>,
    pub database: String,
    /// In webhook mode, what Telegram's posts go to.
    balancer: Option<Balancer>,
    binary: PathBuf,
    folder: PathBuf,
    /// Keep the processes' logs when the fleet goes, not only when a test fails.
    keep_logs: bool,
    /// Each process serves the web board on a port of its own ([`Fleet::with_web_board`]).
    web_board: bool,
}

/// One `cincobot` process.
pub struct Process {
    pub name: String,
    /// The address of its web board (`http://127.0.0.1:port`), with one.
    pub web: Option<String>,
    folder: PathBuf,
    child: Option<Child>,
}

/// The key every process of a fleet signs the web board's links with.
pub const WEB_LINK_KEY: &str = "the fleet's web link key, 32+ bytes";

impl Fleet {
    /// No process yet; `binary` is the `cincobot` to run, on `database`, polling.
    pub async fn new(binary: PathBuf, database: String) -> Fleet {
        Fleet::with(binary, database, None, None).await
    }

    /// [`Fleet::new`] in webhook mode, behind a balancer.
    pub async fn behind_balancer(binary: PathBuf, database: String) -> Fleet {
        Fleet::with(binary, database, Some(Balancer::start().await), None).await
    }

    /// [`Fleet::new`] with the web board on in every process, each on its own port, all
    /// signing links with [`WEB_LINK_KEY`].
    pub async fn with_web_board(binary: PathBuf, database: String) -> Fleet {
        let mut fleet = Fleet::with(binary, database, None, None).await;
        let path = fleet.folder.join("cincobot.toml");
        let mut settings = std::fs::read_to_string(&path).expect("the file");
        settings += &format!(
            "\n[web]\npublic_url = \"http://127.0.0.1:9/board\"\nlink_key = \"{WEB_LINK_KEY}\"\n"
        );
        std::fs::write(path, settings).expect("the file");
        fleet.web_board = true;
        fleet
    }

    /// [`Fleet::new`] with Discord too, in `shards` shards.
    pub async fn with_discord(binary: PathBuf, database: String, shards: u32) -> Fleet {
        Fleet::with(binary, database, None, Some(shards)).await
    }

    async fn with(
        binary: PathBuf,
        database: String,
        balancer: Option<Balancer>,
        shards: Option<u32>,
    ) -> Fleet {
        // The tables made before any process asks for its leases.
        cincobot::store::Store::open(&database).await.expect("the database opens");
        let fake = FakeTelegram::start().await;
        // Kept when a test fails, for its logs (the drop says where).
        let folder = tempfile::tempdir().expect("a folder").keep();
        // One file for every process, as an admin has it.
        let mut settings = "default_locale = \"en\"\n\n[telegram]\nchat_interval_ms = 0\n\
                            group_messages_per_minute = 0\n"
            .to_owned();
        if let Some(balancer) = &balancer {
            settings += &format!("webhook_url = \"http://127.0.0.1:{}/telegram\"\n", balancer.port);
        }
        let discord = match shards {
            Some(shards) => {
                settings += &format!("\n[discord]\nshards = {shards}\n");
                Some(FakeDiscord::start().await)
            }
            None => None,
        };
        std::fs::write(folder.join("cincobot.toml"), settings).expect("the file");
        Fleet {
            fake,
            discord,
            database,
            balancer,
            binary,
            folder,
            keep_logs: false,
            web_board: false,
        }
    }

    /// Keeps the processes' logs when the fleet goes; where they are.
    pub fn keep_logs(&mut self) -> &Path {
        self.keep_logs = true;
        &self.folder
    }

    /// Starts a process called `name`.
    pub fn start(&self, name: &str) -> Process {
        self.start_on(name, &self.database)
    }

    /// Starts a process called `name`, reaching the database at `database` (another way to
    /// the same one).
    pub fn start_on(&self, name: &str, database: &str) -> Process {
        let folder = self.folder.as_path();
        let path = folder.join(format!("{name}.log"));
        // A process started again under its name: its earlier life's log is kept beside.
        if path.exists() {
            let earlier = |life: usize| folder.join(format!("{name}.{life}.log"));
            let life = (1..).find(|&life| !earlier(life).exists()).unwrap_or_default();
            let _ = std::fs::rename(&path, earlier(life));
        }
        let log = std::fs::File::create(path).expect("a log file");
        let mut command = Command::new(&self.binary);
        if let Some(balancer) = &self.balancer {
            let port = free_port();
            command
                .env("TELEGRAM_WEBHOOK_SECRET", SECRET)
                .env("TELEGRAM_WEBHOOK_LISTEN", format!("127.0.0.1:{port}"));
            balancer.add(port);
        }
        let web = self.web_board.then(|| {
            let port = free_port();
            command.env("CINCOBOT_WEB_LISTEN", format!("127.0.0.1:{port}"));
            format!("http://127.0.0.1:{port}")
        });
        match &self.discord {
            Some(discord) => command
                .env("DISCORD_TOKEN", fake_discord::TOKEN)
                .env("DISCORD_PROXY", &discord.proxy),
            None => command.env_remove("DISCORD_TOKEN"),
        };
        let child = command
            .arg("--config")
            .arg(folder.join("cincobot.toml"))
            .current_dir(folder)
            .env("TELEGRAM_TOKEN", TOKEN)
            .env("TELEGRAM_API_URL", &self.fake.url)
            .env("DATABASE_URL", database)
            .env("CINCOBOT_PROCESS_NAME", name)
            .env("CINCOBOT_CHALLENGER_FIRST", "1")
            .env(
                "RUST_LOG",
                // More, or less, to understand a run: `CINCOBOT_FLEET_LOG=debug`.
                std::env::var("CINCOBOT_FLEET_LOG").unwrap_or_else(|_| {
                    "cincobot_runtime=info,cincobot_telegram=info,cincobot_discord=info,\
                     cincobot=info"
                        .to_owned()
                }),
            )
            .env_remove("CINCOBOT_LOCALE")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the bot starts");
        Process { name: name.to_owned(), web, folder: folder.to_owned(), child: Some(child) }
    }

    /// Two processes that split the slots in halves known beforehand: "polling" starts alone,
    /// takes every slot and the polling, then hands the upper half (slots 128 and up) over to
    /// "serving" when it joins. A test picks chat ids whose slots fall where it needs them.
    pub async fn halves(&self) -> (Process, Process) {
        let polling = self.start("polling");
        self.wait_for_balance(&["polling"]).await;
        let serving = self.start("serving");
        self.wait_for_balance(&["polling", "serving"]).await;
        (polling, serving)
    }

    /// Waits until every slot is held, `names` are exactly the processes holding them, and
    /// each holds its even share: a process that joined has taken its slots, and none is
    /// still on its way to another.
    pub async fn wait_for_balance(&self, names: &[&str]) -> Duration {
        let pool = sqlx::PgPool::connect(&self.database).await.expect("the database");
        let start = Instant::now();
        loop {
            let rows: Vec<(String, i64)> = sqlx::query_as(
                "SELECT p.name, COUNT(*) FROM leases l JOIN cluster_processes p \
                 ON p.id = l.owner WHERE l.kind = 'slot' AND l.expires_at > now() \
                 GROUP BY p.name",
            )
            .fetch_all(&pool)
            .await
            .expect("the leases read");
            let total: i64 = rows.iter().map(|(_, count)| count).sum();
            let mut holders: Vec<&str> = rows.iter().map(|(name, _)| name.as_str()).collect();
            holders.sort_unstable();
            let mut wanted = names.to_vec();
            wanted.sort_unstable();
            let fewest = rows.iter().map(|(_, count)| *count).min().unwrap_or(0);
            let even = usize::try_from(fewest).unwrap_or(0) >= 256 / names.len().max(1);
            if total == 256 && holders == wanted && even {
                return start.elapsed();
            }
            assert!(start.elapsed() < Duration::from_secs(90), "never balanced: {rows:?}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// A loopback port free now, for a process to bind.
fn free_port() -> u16 {
    let socket = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    socket.local_addr().expect("its address").port()
}

impl Fleet {
    /// Who holds each Discord shard's unexpired lease: index and process name.
    pub async fn shard_holders(&self) -> Vec<(i32, String)> {
        let pool = sqlx::PgPool::connect(&self.database).await.expect("the database");
        sqlx::query_as(
            "SELECT l.key, p.name FROM leases l JOIN cluster_processes p ON p.id = l.owner \
             WHERE l.kind = 'shard' AND l.expires_at > now() ORDER BY l.key",
        )
        .fetch_all(&pool)
        .await
        .expect("the leases read")
    }
}

impl Drop for Fleet {
    fn drop(&mut self) {
        if std::thread::panicking() || self.keep_logs {
            eprintln!("the processes' logs are kept in {}", self.folder.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.folder);
        }
    }
}

impl Process {
    /// SIGKILL: nothing written, nothing handed over.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// SIGTERM, as a service manager stops it; returns at once.
    pub fn terminate(&mut self) {
        if let Some(child) = &self.child {
            let _ = Command::new("kill").arg("-TERM").arg(child.id().to_string()).status();
        }
    }

    /// Waits until it has exited.
    pub fn wait(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.wait();
        }
    }

    /// Waits until its log says `words`; how long that took.
    pub async fn said(&self, words: &str, within: Duration) -> Duration {
        let start = Instant::now();
        while !self.log().contains(words) {
            assert!(
                start.elapsed() < within,
                "{} never said {words:?}:\n{}",
                self.name,
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        start.elapsed()
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.folder.join(format!("{}.log", self.name))).unwrap_or_default()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Groups playing five in a row, each between its two players.
pub struct Groups {
    count: i64,
    boards: BTreeMap<i64, mpsc::UnboundedReceiver<usize>>,
    posted: Arc<Mutex<Posted>>,
}

/// The boards posted as new messages in each group, as plies, in the order they came (an
/// edit in place may repeat: a process that takes a chat over edits its board once more
/// when the last edit was not written before its owner died).
pub type Posted = BTreeMap<i64, Vec<usize>>;

pub fn chat(group: i64) -> i64 {
    -2_000_000 - group
}

fn player(group: i64, seat: i64) -> serde_json::Value {
    user(30_000 + 2 * group + seat, &format!("g{group}s{seat}"), "en")
}

/// The ply of the board a Telegram call shows.
pub fn board_ply(call: &Call) -> Option<usize> {
    if !matches!(call.method.as_str(), "sendPhoto" | "editMessageMedia") {
        return None;
    }
    ply_of_buttons(&call.buttons())
}

/// The ply a board's column buttons (`m:game:ply:column`) are for, on either platform.
pub fn ply_of_buttons(buttons: &[String]) -> Option<usize> {
    buttons.iter().find_map(|button| {
        let mut parts = button.split(':');
        match (parts.next(), parts.next(), parts.next()) {
            (Some("m"), Some(_), Some(ply)) => ply.parse().ok(),
            _ => None,
        }
    })
}

/// The move of `ply` in every game: one of the seven columns between the filled side
/// columns, in turn, so that the rows fill alternately and no line of five forms in the first
/// thirty moves.
fn column(ply: usize) -> String {
    (ply % 7 + 1).to_string()
}

impl Groups {
    /// `count` groups, their boards followed from now on; the fake keeps no call (a load).
    pub fn follow(fake: &FakeTelegram, count: i64) -> Groups {
        Groups::watching(fake.watch(true), count)
    }

    /// [`Groups::follow`], the fake keeping every call for the test to read.
    pub fn follow_keeping_calls(fake: &FakeTelegram, count: i64) -> Groups {
        Groups::watching(fake.watch(false), count)
    }

    fn watching(mut calls: mpsc::UnboundedReceiver<Call>, count: i64) -> Groups {
        let mut senders = BTreeMap::new();
        let mut boards = BTreeMap::new();
        for group in 0..count {
            let (sender, receiver) = mpsc::unbounded_channel();
            senders.insert(chat(group), sender);
            boards.insert(chat(group), receiver);
        }
        let posted = Arc::new(Mutex::new(Posted::new()));
        let kept = Arc::clone(&posted);
        tokio::spawn(async move {
            while let Some(call) = calls.recv().await {
                if let (Some(ply), Some(board)) = (board_ply(&call), senders.get(&call.chat())) {
                    if call.method == "sendPhoto" {
                        kept.lock().expect("the boards").entry(call.chat()).or_default().push(ply);
                    }
                    let _ = board.send(ply);
                }
            }
        });
        Groups { count, boards, posted }
    }

    /// Every group starts a game; returns once each shows its first board.
    pub async fn start_games(&mut self, fake: &FakeTelegram) {
        for group in 0..self.count {
            fake.push(text(chat(group), &player(group, 1), "/language en"));
            fake.push(text(chat(group), &player(group, 0), &format!("/connect5 @g{group}s1")));
            fake.push(text(chat(group), &player(group, 1), "/accept"));
        }
        self.boards_at(fake, 0, |group| text(chat(group), &player(group, 1), "/accept")).await;
    }

    /// Waits for a board at `ply` or later in every group; a group that sees none for
    /// [`PATIENCE`] after its last try sends `again(group)`, each group on its own, as its
    /// players would. How long it took.
    async fn boards_at(
        &mut self,
        fake: &FakeTelegram,
        ply: usize,
        again: impl Fn(i64) -> serde_json::Value,
    ) -> Duration {
        let start = Instant::now();
        let mut tried: BTreeMap<i64, Instant> = (0..self.count).map(|g| (g, start)).collect();
        while !tried.is_empty() {
            let late: Vec<i64> = tried.keys().copied().collect();
            assert!(start.elapsed() < BOARD_LIMIT, "groups {late:?}: no board at {ply} in time");
            let mut shown = Vec::new();
            for (&group, last_try) in &mut tried {
                let boards = self.boards.get_mut(&chat(group)).expect("each group's boards");
                loop {
                    match boards.try_recv() {
                        Ok(seen) if seen >= ply => shown.push(group),
                        Ok(_) => continue,
                        Err(mpsc::error::TryRecvError::Empty) => {}
                        Err(mpsc::error::TryRecvError::Disconnected) => panic!("the fake stopped"),
                    }
                    break;
                }
                if !shown.contains(&group) && last_try.elapsed() >= PATIENCE {
                    fake.push(again(group));
                    *last_try = Instant::now();
                }
            }
            for group in shown {
                tried.remove(&group);
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        start.elapsed()
    }

    /// Every group plays the move of `ply` (the first player on even plies), `between` runs
    /// once they are sent, and each group's board is waited for; the longest wait.
    pub async fn play_round(
        &mut self,
        fake: &FakeTelegram,
        ply: usize,
        between: impl FnOnce(),
    ) -> Duration {
        let mover = |group: i64| player(group, i64::try_from(ply % 2).unwrap_or(0));
        let start = Instant::now();
        for group in 0..self.count {
            fake.push(text(chat(group), &mover(group), &format!("/move {}", column(ply))));
        }
        between();
        let again = |group| text(chat(group), &mover(group), &format!("/move {}", column(ply)));
        self.boards_at(fake, ply + 1, again).await;
        start.elapsed()
    }

    /// Whether `chat` is one of these groups.
    pub fn has(&self, chat: &str) -> bool {
        chat.parse::<i64>().is_ok_and(|chat| self.boards.contains_key(&chat))
    }

    /// The moves every game should hold after `plies` rounds.
    pub fn moves(plies: usize) -> Vec<String> {
        (0..plies).map(column).collect()
    }

    pub fn posted(&self) -> Posted {
        self.posted.lock().expect("the boards").clone()
    }
}
