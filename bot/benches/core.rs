//! A move through the whole core: command parsing, the rules, the SQLite commit (a file
//! database in WAL mode), the board's picture and its PNG. The CPU never thinks here.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use cincobot::core::{
    Action, Chat, ChatKind, Core, CoreSettings, CpuPlayer, CpuRequest, EventId, Input, Output,
    Platform, SystemClock, User,
};
use cincobot::games::{GameKind, GameSettings, Position, TurnTimer};
use cincobot::i18n::{Locale, Texts};
use cincobot::store::Store;

fn main() {
    divan::main();
}

/// No CPU seat is ever asked in this bench.
#[derive(Debug)]
struct NoCpu;

impl CpuPlayer for NoCpu {
    fn request(&self, _: CpuRequest) {}
    fn request_cinco(&self, _: cincobot::core::CincoCpuRequest) {}
}

/// A long gomoku game that nobody wins: each stone is the first empty point that does not end it.
fn long_game(kind: GameKind) -> Vec<String> {
    let mut position = Position::start(&GameSettings::default_for(kind));
    let mut moves = Vec::new();
    while moves.len() < 150 {
        let Some(next) = position.legal_moves().into_iter().find(|mv| {
            let mut trial = position.clone();
            trial.play(mv).is_ok() && !trial.outcome().is_over()
        }) else {
            break;
        };
        position.play(&next).expect("a legal move");
        moves.push(next);
    }
    moves
}

struct Table {
    runtime: tokio::runtime::Runtime,
    core: Core,
    moves: Vec<String>,
    played: usize,
    _folder: tempfile::TempDir,
}

/// The number of the next platform event.
static EVENTS: AtomicU64 = AtomicU64::new(1);

fn input(user: &str, line: &str) -> Input {
    Input::new(
        EventId(EVENTS.fetch_add(1, Ordering::Relaxed).to_string()),
        User { id: user.to_lowercase(), name: user.to_owned(), handle: Some(user.to_owned()) },
        Chat { platform: Platform::Console, id: "bench".into(), kind: ChatKind::Group },
        Some(Locale::Es),
        Action::Command(line.to_owned()),
    )
}

impl Table {
    fn new(kind: GameKind) -> Table {
        let runtime =
            tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let folder = tempfile::tempdir().expect("a temporary folder");
        let url = format!("sqlite://{}", folder.path().join("bench.db").display());
        let settings = CoreSettings {
            bot_name: "cincobot".into(),
            default_locale: Locale::Es,
            challenge_expiry: Duration::from_secs(600),
            abandon_after: Duration::from_secs(86_400),
            default_timer: TurnTimer::Off,
        };
        let core = runtime.block_on(async {
            let store = Store::open(&url).await.expect("the database");
            let texts = Arc::new(Texts::load().expect("the texts"));
            let (mut core, _) =
                Core::start(settings, store, texts, Arc::new(SystemClock), Arc::new(NoCpu))
                    .await
                    .expect("the core");
            core.draw_first_player(false);
            core
        });
        let mut table = Table { runtime, core, moves: long_game(kind), played: 0, _folder: folder };
        table.new_game(kind);
        table
    }

    fn new_game(&mut self, kind: GameKind) {
        self.played = 0;
        let core = &mut self.core;
        self.runtime.block_on(async {
            core.handle(input("Bruno", "/help")).await;
            core.handle(input("Ana", &format!("/{} @bruno timer 60", kind.code()))).await;
            core.handle(input("Bruno", "/accept")).await;
        });
    }

    /// The next move's input, starting a new game when this one is used up.
    fn next(&mut self, kind: GameKind) -> Input {
        if self.played == self.moves.len() {
            let cancel = Input { is_chat_admin: true, ..input("Ana", "/cancel") };
            self.runtime.block_on(self.core.handle(cancel));
            self.new_game(kind);
        }
        let player = if self.played.is_multiple_of(2) { "Ana" } else { "Bruno" };
        let line = format!("/move {}", self.moves[self.played]);
        self.played += 1;
        input(player, &line)
    }
}

fn bench_move(bencher: divan::Bencher, kind: GameKind) {
    let table = RefCell::new(Table::new(kind));
    bencher.with_inputs(|| table.borrow_mut().next(kind)).bench_local_values(|input| {
        let mut table = table.borrow_mut();
        let table = &mut *table;
        let outputs = table.runtime.block_on(table.core.handle(input));
        // The picture is drawn where it is sent, off the core's task; drawn here too, so that
        // the figure stays the whole work of a move.
        let [Output::Board { message, .. }] = outputs.as_slice() else {
            panic!("one board: {outputs:?}")
        };
        let png = message.board.as_ref().map(|board| board.picture.png());
        assert!(png.as_ref().is_some_and(Result::is_ok));
        (outputs, png)
    });
}

#[divan::bench(sample_count = 60, sample_size = 1)]
fn gomoku_move(bencher: divan::Bencher) {
    bench_move(bencher, GameKind::Gomoku);
}

#[divan::bench(sample_count = 60, sample_size = 1)]
fn pente_move(bencher: divan::Bencher) {
    bench_move(bencher, GameKind::Pente);
}

#[divan::bench(sample_count = 60, sample_size = 1)]
fn connect5_move(bencher: divan::Bencher) {
    bench_move(bencher, GameKind::Connect5);
}
