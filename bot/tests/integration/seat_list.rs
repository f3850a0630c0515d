//! Seats became a list (migration 0004): a database at the 0003 schema, with games in it as
//! the bot wrote them then, is migrated at start-up, and every game loads and plays on.

use crate::common;

use std::path::Path;

use cincobot::core::{Output, Player};
use cincobot::games::{GameKind, GameSettings};
use cincobot::identity::{CpuLevel, GameId};
use cincobot::store::{GameStatus, Store};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};

const BEFORE_SEAT_LIST: [(&str, &str); 3] = [
    ("0001_games.sql", include_str!("../../../migrations/0001_games.sql")),
    ("0002_chat_kind.sql", include_str!("../../../migrations/0002_chat_kind.sql")),
    (
        "0003_events_and_endings.sql",
        include_str!("../../../migrations/0003_events_and_endings.sql"),
    ),
];

fn human(name: &str) -> String {
    let player = Player::Human { id: name.to_lowercase(), name: name.to_owned() };
    serde_json::to_string(&player).expect("a seat as JSON")
}

/// A database at schema 0003 holding three games: Ana and Bruno's 5 en raya three moves in
/// with Bruno away, Ana's gomoku against the CPU, and a finished connect four of Bruno's.
async fn database_at_0003(folder: &Path) -> String {
    let migrations = folder.join("migrations");
    std::fs::create_dir_all(&migrations).expect("a folder");
    for (name, sql) in BEFORE_SEAT_LIST {
        std::fs::write(migrations.join(name), sql).expect("a migration file");
    }
    let url = format!("sqlite://{}", folder.join("old.db").display());
    let options: SqliteConnectOptions = url.parse().expect("a database url");
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options.create_if_missing(true))
        .await
        .expect("the database opens");
    sqlx::migrate::Migrator::new(migrations.as_path())
        .await
        .expect("the old migrations read")
        .run(&pool)
        .await
        .expect("the old schema");
    let cpu = serde_json::to_string(&Player::Cpu { level: CpuLevel::Easy }).expect("JSON");
    let games = [
        (1, GameKind::Connect5, human("Ana"), human("Bruno"), "active", None, false, true),
        (2, GameKind::Gomoku, human("Ana"), cpu, "active", None, true, false),
        (
            3,
            GameKind::Connect4,
            human("Bruno"),
            human("Carla"),
            "finished",
            Some("first"),
            false,
            false,
        ),
    ];
    for (id, kind, first, second, status, result, first_away, second_away) in games {
        let settings = serde_json::to_string(&GameSettings::default_for(kind)).expect("JSON");
        sqlx::query(
            "INSERT INTO games (id, kind, settings, platform, chat_id, first_player, \
             second_player, status, result, last_human_at, first_away, second_away, started_by, \
             ranked, created_at, updated_at) \
             VALUES (?, ?, ?, 'console', 'group', ?, ?, ?, ?, ?, ?, ?, 'ana', FALSE, ?, ?)",
        )
        .bind(id)
        .bind(kind.code())
        .bind(settings)
        .bind(first)
        .bind(second)
        .bind(status)
        .bind(result)
        .bind(common::START)
        .bind(first_away)
        .bind(second_away)
        .bind(common::START)
        .bind(common::START)
        .execute(&pool)
        .await
        .expect("an old game row");
    }
    for (ply, column) in ["1", "1", "2"].into_iter().enumerate() {
        sqlx::query(
            "INSERT INTO moves (game_id, ply, seat, action, by_cpu, at) VALUES (1, ?, ?, ?, FALSE, ?)",
        )
        .bind(i64::try_from(ply).expect("a ply"))
        .bind(i16::try_from(ply % 2).expect("a seat"))
        .bind(column)
        .bind(common::START)
        .execute(&pool)
        .await
        .expect("an old move");
    }
    pool.close().await;
    url
}

#[tokio::test]
async fn games_of_the_two_seat_schema_load_and_play_on_after_the_migration() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let url = database_at_0003(folder.path()).await;
    let store = Store::open(&url).await.expect("the migration to the seat list runs");

    let (game, moves) = store.game(GameId(1)).await.expect("readable").expect("game 1");
    assert_eq!(
        game.players,
        [
            Player::Human { id: "ana".into(), name: "Ana".into() },
            Player::Human { id: "bruno".into(), name: "Bruno".into() },
        ]
    );
    assert_eq!(game.away, [false, true], "Bruno was away and still is");
    assert_eq!(moves.len(), 3);
    let (gomoku, _) = store.game(GameId(2)).await.expect("readable").expect("game 2");
    assert_eq!(gomoku.players[1], Player::Cpu { level: CpuLevel::Easy });
    assert_eq!(gomoku.away, [true, false]);
    let (ended, _) = store.game(GameId(3)).await.expect("readable").expect("game 3");
    assert_eq!(ended.status, GameStatus::Finished);
    let chat = common::chat();
    assert_eq!(store.last_ended_game(&chat, "carla").await.expect("readable"), Some(GameId(3)));
    assert_eq!(store.last_ended_game(&chat, "ana").await.expect("readable"), None);

    let mut harness = common::Harness::on(store.clone()).await;
    assert_eq!(harness.core.active_games().collect::<Vec<_>>(), [GameId(1), GameId(2)]);
    // Bruno takes his seat back by playing the fourth move of game 1.
    let outputs = harness.say("Bruno", "/move 4 #1").await;
    assert!(
        outputs.iter().any(|output| matches!(output, Output::Board { ply: 4, .. })),
        "the move is played: {outputs:?}"
    );
    let (game, moves) = store.game(GameId(1)).await.expect("readable").expect("game 1");
    assert_eq!(moves.last().map(|played| played.action.as_str()), Some("4"));
    assert_eq!(game.away, [false, false], "his seat is his again, in the seat list's column");
    let outputs = harness.say("Ana", "/move 3 #1").await;
    assert!(outputs.iter().any(|output| matches!(output, Output::Board { ply: 5, .. })));
}

#[tokio::test]
async fn a_new_game_keeps_its_two_seats_in_the_list() {
    let mut harness = common::Harness::new().await;
    harness.meet("Bruno").await;
    harness.say("Ana", "/connect4 @Bruno").await;
    harness.say("Bruno", "/accept").await;
    let id = harness.core.active_games().next().expect("a game");
    let (game, _) = harness.store.game(id).await.expect("readable").expect("the game");
    assert_eq!(game.players[0].user_id(), Some("ana"));
    assert_eq!(game.players[1].user_id(), Some("bruno"));
}
