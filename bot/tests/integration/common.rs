//! A fake adapter for the core: a clock the test moves, a CPU that answers when told (with the
//! first legal move, or the engine's own player on a node budget, so results never vary), and
//! an in-memory database.

// Each test file uses its own part of the harness.
#![allow(dead_code)]

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cincobot::core::{
    Action, Button, Chat, ChatKind, CincoCpuRequest, Clock, Core, CoreSettings, CpuPlayer,
    CpuReply, CpuRequest, EventId, Input, Output, Partition, Platform, Row, User,
};
use cincobot::games::TurnTimer;
use cincobot::i18n::{Locale, Text, Texts};
use cincobot::store::{Store, scratch};

pub const START: i64 = 1_700_000_000_000;

#[derive(Debug)]
pub struct FakeClock(AtomicI64);

impl Clock for FakeClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Keeps the requests until the test answers them.
#[derive(Debug, Default)]
pub struct QueuedCpu(Mutex<Vec<CpuRequest>>, Mutex<Vec<CincoCpuRequest>>);

impl CpuPlayer for QueuedCpu {
    fn request(&self, request: CpuRequest) {
        if let Ok(mut queue) = self.0.lock() {
            queue.push(request);
        }
    }

    fn request_cinco(&self, request: CincoCpuRequest) {
        if let Ok(mut queue) = self.1.lock() {
            queue.push(request);
        }
    }
}

#[derive(Debug)]
pub struct Harness {
    pub core: Core,
    pub clock: Arc<FakeClock>,
    pub cpu: Arc<QueuedCpu>,
    pub store: Store,
    /// What the core had to show when it started (boards behind, endings not shown).
    pub startup: Vec<Output>,
}

/// The number of the next platform event, unique in the whole test run, so that a harness
/// started again on the same database makes new events.
static EVENTS: AtomicU64 = AtomicU64::new(1);

/// A person known by the lowercase of `name` and mentioned by `name`.
/// Each database a test that restarts runs on: a SQLite file (which a second connection can
/// reach) and, when a server is given, a PostgreSQL database; the folder keeps the file.
pub async fn databases() -> Vec<(Option<tempfile::TempDir>, String)> {
    let directory = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", directory.path().join("bot.db").display());
    let mut databases = vec![(Some(directory), url)];
    databases.extend(scratch::postgres().await.map(|url| (None, url)));
    databases
}

pub fn person(name: &str) -> User {
    User { id: name.to_lowercase(), name: name.into(), handle: Some(name.into()) }
}

pub fn chat() -> Chat {
    Chat { platform: Platform::Console, id: "group".into(), kind: ChatKind::Group }
}

pub fn settings() -> CoreSettings {
    CoreSettings {
        bot_name: "cincobot".into(),
        default_locale: Locale::En,
        challenge_expiry: Duration::from_secs(600),
        abandon_after: Duration::from_secs(24 * 3600),
        default_timer: TurnTimer::Off,
    }
}

/// Every CINCO table in these tests is dealt from this seed (plus its lobby's number) unless
/// the test names another: the same cards every run.
const CINCO_DEAL: u64 = 1;

/// Set (to anything) to start every [`Harness::new`] on a new PostgreSQL database of the server
/// `CINCOBOT_TEST_POSTGRES` names, instead of an in-memory SQLite one: `.ci/run` runs the whole
/// suite a second time so, and every game is played on both backends.
pub const HARNESS_ON_POSTGRES: &str = "CINCOBOT_TEST_HARNESS_ON_POSTGRES";

impl Harness {
    pub async fn new() -> Harness {
        let postgres = match std::env::var_os(HARNESS_ON_POSTGRES) {
            Some(_) => {
                Some(scratch::postgres().await.expect("a PostgreSQL server for the harness"))
            }
            None => None,
        };
        let url = postgres.as_deref().unwrap_or("sqlite::memory:");
        Harness::on(Store::open(url).await.expect("a fresh database")).await
    }

    /// A core started on `store`; what it showed again at start is in `startup`.
    pub async fn on(store: Store) -> Harness {
        Harness::on_partition(store, Partition::whole()).await
    }

    /// [`Harness::on`] serving the chats of `partition` only.
    pub async fn on_partition(store: Store, partition: Partition) -> Harness {
        let clock = Arc::new(FakeClock(AtomicI64::new(START)));
        let cpu = Arc::new(QueuedCpu::default());
        let texts = Arc::new(Texts::load().expect("the message files parse"));
        let (mut core, startup) = Core::start_partition(
            partition,
            settings(),
            store.clone(),
            texts,
            clock.clone(),
            cpu.clone(),
            None,
        )
        .await
        .expect("the core starts");
        // The challenger starts every first game, so that tests know who moves.
        core.draw_first_player(false);
        core.deal_cinco_from(CINCO_DEAL);
        Harness { core, clock, cpu, store, startup }
    }

    /// An input from `user` (known by the lowercase name, mentioned by the name) as a new
    /// platform event.
    pub fn input(&self, user: &str, action: Action) -> Input {
        let event = EventId(format!("e{}", EVENTS.fetch_add(1, Ordering::SeqCst)));
        Input::new(event, person(user), chat(), Some(Locale::En), action)
    }

    pub async fn say(&mut self, user: &str, line: &str) -> Vec<Output> {
        let input = self.input(user, Action::Command(line.into()));
        self.core.handle(input).await
    }

    pub async fn press(&mut self, user: &str, payload: &str) -> Vec<Output> {
        let input = self.input(user, Action::Button(payload.into()));
        self.core.handle(input).await
    }

    /// `name` writes to the bot once, so that the bot knows them.
    pub async fn meet(&mut self, name: &str) {
        self.say(name, "/help").await;
    }

    /// Hands the core `input` (a platform delivering an event again, say).
    pub async fn deliver(&mut self, input: Input) -> Vec<Output> {
        self.core.handle(input).await
    }

    pub fn advance(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).expect("a short wait");
        self.clock.0.fetch_add(ms, Ordering::SeqCst);
    }

    pub fn cpu_requests(&self) -> Vec<CpuRequest> {
        self.cpu.0.lock().map(|queue| queue.clone()).unwrap_or_default()
    }

    /// Answers every queued request with the first legal move.
    pub async fn run_cpu(&mut self) -> Vec<Output> {
        let requests = std::mem::take(&mut *self.cpu.0.lock().expect("the queue"));
        let mut outputs = Vec::new();
        for request in requests {
            let result = request.position.legal_moves().into_iter().next();
            let reply = CpuReply { game: request.game, ply: request.ply, result, hopeless: None };
            outputs.extend(self.core.cpu_moved(reply).await);
        }
        outputs
    }
}

impl Harness {
    /// Answers the one queued request with `text`, as if the CPU had chosen it.
    pub async fn answer_cpu(&mut self, text: &str) -> Vec<Output> {
        self.answer_cpu_with(text, None).await
    }

    /// [`Harness::answer_cpu`] with the search's verdict on the position.
    pub async fn answer_cpu_with(
        &mut self,
        text: &str,
        hopeless: Option<engine::cpu::Hopeless>,
    ) -> Vec<Output> {
        let requests = std::mem::take(&mut *self.cpu.0.lock().expect("the queue"));
        let [request] = requests.as_slice() else {
            panic!("one CPU request to answer {text}: {requests:#?}");
        };
        let result = Some(text.to_owned());
        let reply = CpuReply { game: request.game, ply: request.ply, result, hopeless };
        self.core.cpu_moved(reply).await
    }

    /// Answers every queued request with the engine's own computer player, made
    /// deterministic by a node budget instead of a clock. Each answer is checked against the
    /// position's legal moves; returns the outputs and the (ply, move) answered.
    pub async fn run_engine_cpu(&mut self) -> (Vec<Output>, Vec<(usize, String)>) {
        self.run_engine_cpu_within(20_000).await
    }

    /// [`Harness::run_engine_cpu`] within `checks` deadline questions.
    pub async fn run_engine_cpu_within(
        &mut self,
        checks: u64,
    ) -> (Vec<Output>, Vec<(usize, String)>) {
        let requests = std::mem::take(&mut *self.cpu.0.lock().expect("the queue"));
        let mut outputs = Vec::new();
        let mut answered = Vec::new();
        for request in requests {
            let budget = engine::cpu::NodeBudget::new(checks);
            let choice = request.position.computer_choice(request.level, request.seed, &budget);
            let hopeless = choice.as_ref().and_then(|choice| choice.hopeless);
            let result = choice.map(|choice| choice.mv);
            if let Some(text) = &result {
                let legal = request.position.legal_moves();
                let mut position = request.position.clone();
                let written = position.play(text);
                assert!(
                    written.is_ok(),
                    "the CPU's {text} at ply {} is legal (legal: {legal:?})",
                    request.ply
                );
                answered.push((request.ply, written.unwrap_or_default()));
            }
            let reply = CpuReply { game: request.game, ply: request.ply, result, hopeless };
            outputs.extend(self.core.cpu_moved(reply).await);
        }
        (outputs, answered)
    }
}

impl Harness {
    /// Whether a CINCO decision is waiting for [`Harness::run_cinco_cpu`].
    pub fn cpu_cinco_pending(&self) -> bool {
        self.cpu.1.lock().is_ok_and(|queue| !queue.is_empty())
    }

    /// Answers every queued CINCO decision as the engine's CPU would; the outputs.
    pub async fn run_cinco_cpu(&mut self) -> Vec<Output> {
        let requests = std::mem::take(&mut *self.cpu.1.lock().expect("the queue"));
        let mut outputs = Vec::new();
        for request in requests {
            outputs.extend(self.core.cpu_moved(request.reply()).await);
        }
        outputs
    }

    /// Ana opens a CINCO table, Bruno joins and Ana starts it, dealt from `seed`: game 1's
    /// first outputs.
    pub async fn cinco_between_ana_and_bruno(&mut self, seed: u64) -> Vec<Output> {
        self.core.deal_cinco_from(seed);
        self.say("Ana", "/cinco").await;
        self.press("Bruno", "L:1:j").await;
        self.press("Ana", "L:1:s").await
    }

    /// Ana and Bruno press their first button (and the CPU answers) from `outputs` on until
    /// their CINCO game ends; every output on the way, the ending's last.
    pub async fn play_cinco_to_the_end(&mut self, mut outputs: Vec<Output>) -> Vec<Output> {
        let mut seen = Vec::new();
        for _ in 0..3_000 {
            let ended = outputs
                .iter()
                .any(|output| output.text_ids().iter().any(|id| id.starts_with("cinco-won")));
            seen.append(&mut outputs.clone());
            if ended {
                return seen;
            }
            let mut next = self.run_cinco_cpu().await;
            for name in ["Ana", "Bruno"] {
                let pressed = private_buttons(&outputs, &name.to_lowercase())
                    .first()
                    .map(|button| button.payload.clone());
                if let Some(payload) = pressed {
                    next.extend(self.press(name, &payload).await);
                }
            }
            if next.is_empty() {
                // Nobody was asked anything new: each person asks for their hand again.
                for name in ["Ana", "Bruno"] {
                    next.extend(self.say(name, "/hand").await);
                }
            }
            outputs = next;
        }
        panic!("the CINCO game ends within 3,000 rounds");
    }
}

/// The buttons of the private messages to `user` among `outputs`.
pub fn private_buttons<'a>(outputs: &'a [Output], user: &str) -> Vec<&'a Button> {
    outputs
        .iter()
        .filter_map(|output| match output {
            Output::Direct { user: to, message, .. } if to == user => Some(message),
            _ => None,
        })
        .flat_map(|message| message.components.iter())
        .flat_map(|row| match row {
            Row::Buttons(buttons) => buttons.iter().collect::<Vec<_>>(),
            Row::Select(_) => Vec::new(),
        })
        .collect()
}

/// The single output must be the input's reply to `user`, saying `text`.
pub fn assert_notice(outputs: &[Output], user: &str, text: Text) {
    match outputs {
        [Output::Reply { chat: to, user: who, lines, .. }] => {
            assert_eq!((to, who.as_str(), lines.as_slice()), (&chat(), user, &[text][..]));
        }
        other => panic!("expected one reply to {user}, got {other:#?}"),
    }
}

/// What can be pressed in `rows`: the enabled buttons' and the options' payloads, in order.
pub fn payloads(rows: &[Row]) -> Vec<String> {
    rows.iter().flat_map(Row::payloads).map(str::to_owned).collect()
}

/// The board outputs' lines, ply and button payloads.
pub fn board(outputs: &[Output]) -> (usize, Vec<Text>, Vec<String>) {
    let boards: Vec<_> = outputs
        .iter()
        .filter_map(|output| match output {
            Output::Board { chat: to, ply, message, .. } => {
                assert_eq!(to, &chat());
                assert!(message.board.as_ref().is_some_and(|b| {
                    b.picture.png().is_ok_and(|png| png.starts_with(b"\x89PNG"))
                }));
                let payloads = payloads(&message.components);
                Some((*ply, message.lines.clone(), payloads))
            }
            _ => None,
        })
        .collect();
    assert_eq!(boards.len(), 1, "expected one board in {outputs:#?}");
    boards.into_iter().next().expect("one board")
}

/// The single output must be a chat message; its lines and button payloads.
pub fn sent(outputs: &[Output]) -> (Vec<Text>, Vec<String>) {
    match outputs {
        [Output::Send { chat: to, message }] => {
            assert_eq!(to, &chat());
            (message.lines.clone(), payloads(&message.components))
        }
        other => panic!("expected one message, got {other:#?}"),
    }
}

pub fn header(
    game: &'static str,
    id: i64,
    first: (&str, &'static str),
    second: (&str, &'static str),
) -> Text {
    Text::new("board-header")
        .with("game", Text::new(game))
        .with("id", id)
        .with("first", first.0)
        .with("first-colour", Text::new(first.1))
        .with("second", second.0)
        .with("second-colour", Text::new(second.1))
}

pub fn turn(name: &str, colour: &'static str) -> Text {
    Text::new("status-turn").with("name", name).with("colour", Text::new(colour))
}

pub fn played(name: &str, mv: &str) -> Text {
    Text::new("move-played").with("name", name).with("move", mv)
}

/// Ana challenges Bruno to `command`'s game and Bruno accepts: game 1, Ana first.
pub async fn game_between_ana_and_bruno(harness: &mut Harness, command: &str) -> Vec<Output> {
    harness.meet("Bruno").await;
    let (game, options) = command.split_once(' ').unwrap_or((command, ""));
    let challenge = harness.say("Ana", &format!("{game} @bruno {options}")).await;
    let (_, buttons) = sent(&challenge);
    assert_eq!(buttons, ["a:1", "d:1"]);
    harness.press("Bruno", "a:1").await
}

/// Pipes `session` into the binary's terminal mode, with its database and images in `folder`
/// and the CPU stopping after `cpu_checks` deadline checks and CINCO dealt from a fixed seed
/// (so it plays the same moves every time); what it printed.
pub fn terminal(folder: &tempfile::TempDir, cpu_checks: u32, session: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut bot = Command::new(env!("CARGO_BIN_EXE_cincobot"))
        .args(["console", "--images"])
        .arg(folder.path().join("images"))
        .current_dir(folder.path())
        .env("DATABASE_URL", format!("sqlite://{}", folder.path().join("terminal.db").display()))
        .env("CINCOBOT_CPU_CHECKS", cpu_checks.to_string())
        .env("CINCOBOT_CINCO_SEED", "11")
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELEGRAM_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the bot starts");
    bot.stdin.take().expect("its input").write_all(session.as_bytes()).expect("the bot reads");
    let output = bot.wait_with_output().expect("the bot finishes");
    assert!(output.status.success());
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `user` types `line` with their client in `locale`.
pub async fn say_in(harness: &mut Harness, locale: Locale, user: &str, line: &str) -> Vec<Output> {
    let mut input = harness.input(user, Action::Command(line.into()));
    input.locale = Some(locale);
    harness.deliver(input).await
}

/// Everything `outputs` say, in words, one line each.
pub fn words(outputs: &[Output]) -> String {
    let texts = Texts::load().expect("the message files parse");
    let mut lines = Vec::new();
    for output in outputs {
        match output {
            Output::Send { message, .. }
            | Output::Board { message, .. }
            | Output::Direct { message, .. } => {
                lines.push(texts.render_lines(message.locale, &message.lines));
            }
            Output::Reply { locale, lines: said, .. } => {
                lines.push(texts.render_lines(*locale, said));
            }
            Output::File { locale, caption, .. } => {
                lines.push(texts.render_lines(*locale, caption));
            }
            Output::Keyboard { .. } => {}
        }
    }
    lines.join("\n")
}
