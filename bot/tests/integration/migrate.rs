//! Moving a bot to another database (`cincobot migrate-store`): a store with games played
//! through the core is copied SQLite → PostgreSQL, PostgreSQL → SQLite and SQLite → SQLite
//! (the PostgreSQL ways when a server is given), and a core started on the copy goes on with
//! the same games, ids and all; a target that holds anything is refused, untouched.

use std::process::Command;

use cincobot::core::{Action, GameId, Output};
use cincobot::i18n::Text;
use cincobot::migrate::{MigrateError, migrate_store};
use cincobot::store::{COPIED_TABLES, RUNTIME_TABLES, Store, scratch};

use crate::common::{Harness, board, chat, game_between_ana_and_bruno, private_buttons};

/// A SQLite file in its own folder (the folder keeps it).
fn sqlite_file() -> (tempfile::TempDir, String) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let url = format!("sqlite://{}", folder.path().join("bot.db").display());
    (folder, url)
}

/// Plays on the store at `url` what a bot holds after a while: game 1 (gomoku) ended by a
/// resignation and rated, game 2 (5 en raya) being played, an open challenge, the chat's
/// settings, and CINCO game 3 with sealed bids and hands waiting for their players.
async fn played(url: &str) -> Store {
    let store = Store::open(url).await.expect("the source opens");
    let mut harness = Harness::on(store.clone()).await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    for (name, at) in [("Ana", "h8"), ("Bruno", "h9"), ("Ana", "h10"), ("Bruno", "j9")] {
        harness.say(name, &format!("/move {at}")).await;
    }
    harness.say("Bruno", "/resign #1 confirm").await;
    harness.say("Ana", "/connect5 @bruno").await;
    harness.press("Bruno", "a:2").await;
    harness.say("Ana", "/move 4").await;
    harness.say("Bruno", "/move 3").await;
    harness.meet("Carla").await;
    harness.say("Ana", "/gomoku @carla").await;
    let mut settings = harness.input("Ana", Action::Command("/settings gomoku timer 30".into()));
    settings.is_chat_admin = true;
    harness.deliver(settings).await;

    let mut outputs = harness.cinco_between_ana_and_bruno(7).await;
    let mut last_hands = Vec::new();
    for _ in 0..6 {
        last_hands.clone_from(&outputs);
        let mut next = harness.run_cinco_cpu().await;
        for name in ["Ana", "Bruno"] {
            let pressed = private_buttons(&outputs, &name.to_lowercase())
                .first()
                .map(|button| button.payload.clone());
            if let Some(payload) = pressed {
                next.extend(harness.press(name, &payload).await);
            }
        }
        outputs = next;
    }
    // Ana's hand was delivered (its message is remembered), Bruno's could not be: it waits.
    let prompts = [&outputs, &last_hands]
        .into_iter()
        .flat_map(|outputs| outputs.iter())
        .filter_map(|output| match output {
            Output::Direct { user, prompt: Some(prompt), .. } => {
                Some((user.clone(), prompt.clone()))
            }
            _ => None,
        })
        .collect::<Vec<_>>();
    let platform = chat().platform;
    let ana = prompts.iter().find(|(user, _)| user == "ana").expect("a hand for Ana");
    harness.core.direct_sent(platform, "ana", ana.1.clone(), "m1".into()).await.expect("kept");
    let bruno = prompts.iter().find(|(user, _)| user == "bruno").expect("a hand for Bruno");
    harness.core.direct_failed(platform, "bruno", bruno.1.clone()).await;
    let (row, actions) = store.cinco_game(GameId(3)).await.expect("read").expect("game 3");
    assert_eq!(row.status, cincobot::store::GameStatus::Active, "CINCO game 3 is played");
    assert!(actions.iter().any(|action| action.auction.is_some()), "a sealed bid: {actions:?}");
    assert!(!store.prompts(GameId(3)).await.expect("read").is_empty(), "a hand shown");
    assert!(!store.waiting_directs().await.expect("read").is_empty(), "a hand waits");
    store
}

/// Copies `from` (played) into the empty `to` and checks the copy as a restart sees it.
async fn moves_with_everything(from: &str, to: &str) {
    let source = played(from).await;
    let mut summary = Vec::new();
    migrate_store(from, to, &mut summary).await.expect("the store moves");
    let summary = String::from_utf8(summary).expect("text");
    let counted: Vec<(&str, i64)> = summary
        .lines()
        .filter_map(|line| match line.split_whitespace().collect::<Vec<_>>()[..] {
            [table, rows, "rows"] => Some((table, rows.parse().ok()?)),
            _ => None,
        })
        .collect();
    assert_eq!(counted.iter().map(|(table, _)| *table).collect::<Vec<_>>(), COPIED_TABLES);
    let rows = |table| counted.iter().find(|(named, _)| *named == table).map(|(_, rows)| *rows);
    // Three games (two seats each), 4 + 2 moves, three challenges, no lobby left open.
    for (table, expected) in
        [("games", 3), ("game_seats", 6), ("moves", 6), ("challenges", 3), ("cinco_lobbies", 0)]
    {
        assert_eq!(rows(table), Some(expected), "{table}:\n{summary}");
    }
    for table in ["cinco_actions", "cinco_prompts", "waiting_directs", "chat_settings", "ratings"] {
        assert!(rows(table).is_some_and(|rows| rows > 0), "{table}:\n{summary}");
    }
    assert!(summary.contains("1 board games and 1 CINCO games"), "{summary}");

    let target = Store::open(to).await.expect("the target opens");
    for id in 1..=2 {
        assert_eq!(
            target.game(GameId(id)).await.expect("read"),
            source.game(GameId(id)).await.expect("read"),
            "game {id}"
        );
    }
    assert_eq!(
        target.cinco_game(GameId(3)).await.expect("read"),
        source.cinco_game(GameId(3)).await.expect("read")
    );
    assert_eq!(
        target.prompts(GameId(3)).await.expect("read"),
        source.prompts(GameId(3)).await.expect("read")
    );
    assert_eq!(
        target.waiting_directs().await.expect("read"),
        source.waiting_directs().await.expect("read")
    );
    assert_eq!(
        target.open_challenges(&chat()).await.expect("read"),
        source.open_challenges(&chat()).await.expect("read")
    );
    assert_eq!(target.open_challenges(&chat()).await.expect("read").len(), 1);
    assert_eq!(
        target.chat_preferences(&chat()).await.expect("read"),
        source.chat_preferences(&chat()).await.expect("read")
    );
    let platform = chat().platform;
    let ratings = target.ratings_of("global", platform, "ana").await.expect("read");
    assert!(!ratings.is_empty(), "the rated game's ratings");
    assert_eq!(ratings, source.ratings_of("global", platform, "ana").await.expect("read"));

    // A bot started on the copy goes on: game 2 takes its next move, and a new game gets an
    // id of its own, after the copied ones.
    let mut harness = Harness::on(target).await;
    let restarted_source = Harness::on(Store::open(from).await.expect("the source opens")).await;
    // Game 2's board, game 1's ending (never reported shown), CINCO game 3's table and the
    // hand of the seat to play.
    let shown: Vec<Vec<&str>> = harness.startup.iter().map(Output::text_ids).collect();
    assert_eq!(
        shown.iter().map(|ids| ids[0]).collect::<Vec<_>>(),
        ["board-header", "board-header", "cinco-header", "cinco-hand"]
    );
    assert_eq!(
        format!("{:?}", harness.startup),
        format!("{:?}", restarted_source.startup),
        "a restart on the copy shows what a restart on the original shows"
    );
    let (ply, _, _) = board(&harness.say("Ana", "/move 5").await);
    assert_eq!(ply, 3, "game 2 goes on from its third move");
    let (_, lines, _) = board(&harness.say("Carla", "/gomoku cpu easy").await);
    assert_eq!(lines[1], Text::new("game-started").with("id", 4_i64));
    // Lobby 1 closed when its table started: a new lobby still never takes its number.
    let lobby = format!("{:?}", harness.say("Dora", "/cinco").await);
    assert!(lobby.contains("\"L:2:j\"") && !lobby.contains("\"L:1:"), "{lobby}");
}

#[tokio::test]
async fn a_store_moves_from_sqlite_to_postgres_and_back() {
    let (_folder, file) = sqlite_file();
    let (_copy_folder, copy) = sqlite_file();
    moves_with_everything(&file, &copy).await;
    let Some(postgres) = scratch::postgres().await else {
        return;
    };
    let (_folder, file) = sqlite_file();
    moves_with_everything(&file, &postgres).await;
    let postgres = scratch::postgres().await.expect("a second PostgreSQL database");
    let (_folder, file) = sqlite_file();
    moves_with_everything(&postgres, &file).await;
}

#[tokio::test]
async fn a_target_with_anything_in_it_is_refused_untouched() {
    let (_folder, source) = sqlite_file();
    played(&source).await;
    let (_target_folder, file) = sqlite_file();
    let mut targets = vec![file];
    targets.extend(scratch::postgres().await);
    for target in targets {
        let mut harness = Harness::on(Store::open(&target).await.expect("opens")).await;
        harness.say("Dora", "/gomoku cpu easy").await;
        let before = harness.store.game(GameId(1)).await.expect("read");

        let refused = migrate_store(&source, &target, &mut Vec::new()).await;
        assert!(matches!(refused, Err(MigrateError::TargetNotEmpty(_))), "{refused:?}");
        let output = Command::new(env!("CARGO_BIN_EXE_cincobot"))
            .args(["migrate-store", "--from", &source, "--to", &target])
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(2));
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains("not empty") && said.contains("nothing was copied"), "{said}");

        let store = Store::open(&target).await.expect("opens");
        assert_eq!(store.game(GameId(1)).await.expect("read"), before);
        assert!(store.game(GameId(2)).await.expect("read").is_none(), "nothing copied");
    }
}

#[tokio::test]
async fn a_mistyped_source_file_is_not_created() {
    let (folder, target) = sqlite_file();
    let missing = folder.path().join("typo.db");
    let source = format!("sqlite://{}", missing.display());
    let refused = migrate_store(&source, &target, &mut Vec::new()).await;
    assert!(matches!(refused, Err(MigrateError::Open { which: "source", .. })), "{refused:?}");
    assert!(!missing.exists());
}

/// Every table the migrations make is either copied or, on PostgreSQL only, one where running
/// processes coordinate, which a copy leaves behind.
#[tokio::test]
async fn the_copier_knows_every_table_the_migrations_make() {
    let sorted = |tables: &[&'static str]| {
        let mut tables = tables.to_vec();
        tables.sort_unstable();
        tables
    };
    for url in scratch::databases().await {
        let store = Store::open(&url).await.expect("opens");
        let tables = store.tables().await.expect("the catalog");
        let (copied, left): (Vec<&str>, Vec<&str>) =
            tables.iter().map(String::as_str).partition(|table| COPIED_TABLES.contains(table));
        assert_eq!(copied, sorted(COPIED_TABLES), "{url}");
        let runtime = if url.starts_with("postgres") { sorted(RUNTIME_TABLES) } else { Vec::new() };
        assert_eq!(left, runtime, "{url}");
    }
}
