//! The store on each backend: SQLite always, PostgreSQL when a server is given
//! (`cincobot::store::scratch`). Every statement whose dialects differ is run here on both:
//! the unique keys that mean "already played", upserts, the chat that changes id, handles in
//! any case, the history's filters and tallies, 64-bit ids, and a server that cannot be reached.

use cincobot::games::{Family, GameKind, GameSettings};
use cincobot::i18n::Locale;
use cincobot::identity::{
    Chat, ChatKind, CpuLevel, EventId, GameId, Platform, Player, SeatIndex, User,
};
use cincobot::store::{
    ChatPreferences, CincoRules, Ended, GameRow, GameStatus, NewCinco, NewGame, PromptRow,
    RatingRow, Store, StoreError, StoredMove, scratch,
};

/// A Discord snowflake: more than 32 bits.
const SNOWFLAKE: &str = "1234567890123456789";

fn group(id: &str) -> Chat {
    Chat { platform: Platform::Discord, id: id.into(), kind: ChatKind::Group }
}

fn human(id: &str, name: &str) -> Player {
    Player::Human { id: id.into(), name: name.into() }
}

fn seat(index: usize) -> SeatIndex {
    SeatIndex::new(index).expect("a seat")
}

/// Every backend's store, each on a fresh database.
async fn stores() -> Vec<Store> {
    let mut stores = Vec::new();
    for url in scratch::databases().await {
        stores.push(Store::open(&url).await.expect("the database opens"));
    }
    stores
}

async fn gomoku(store: &Store, chat: &Chat, first: Player, second: Player) -> GameRow {
    let mut change = store.change(None, 1).await.expect("a change");
    let game = change
        .insert_game(NewGame {
            settings: GameSettings::default_for(GameKind::Gomoku),
            chat: chat.clone(),
            players: [first, second],
            started_by: "ana".into(),
            rematch_of: None,
            turn_deadline: Some(5_000_000_000_000),
            now: 1,
        })
        .await
        .expect("a game");
    change.commit().await.expect("committed");
    game
}

fn stored_move(ply: usize, action: &str, event: Option<&str>) -> StoredMove {
    StoredMove {
        ply,
        seat: if ply.is_multiple_of(2) { engine::Seat::First } else { engine::Seat::Second },
        action: action.into(),
        by_cpu: false,
        at: 2,
        event: event.map(|event| EventId(event.into())),
    }
}

#[tokio::test]
async fn a_ply_is_played_once_and_an_event_changes_things_once() {
    for store in stores().await {
        let chat = group("g");
        let game = gomoku(&store, &chat, human(SNOWFLAKE, "Ana"), human("bruno", "Bruno")).await;
        let event = EventId("interaction 1".into());
        let mut change =
            store.change(Some((Platform::Discord, &event)), 2).await.expect("a change");
        change
            .record_move(&game, &stored_move(0, "h8", Some("interaction 1")))
            .await
            .expect("played");
        change.commit().await.expect("committed");
        assert!(store.seen(Platform::Discord, &event).await.expect("read"));
        assert!(!store.seen(Platform::Telegram, &event).await.expect("read"));

        let again = store.change(Some((Platform::Discord, &event)), 3).await;
        assert!(matches!(again, Err(StoreError::Repeated)), "{again:?}");
        let mut change = store.change(None, 3).await.expect("a change");
        let twice = change.record_move(&game, &stored_move(0, "h9", None)).await;
        assert!(matches!(twice, Err(StoreError::AlreadyPlayed)), "{twice:?}");
        drop(change);

        let (row, moves) = store.game(game.id).await.expect("read").expect("the game");
        assert_eq!(row, game);
        assert_eq!(moves, [stored_move(0, "h8", Some("interaction 1"))]);
        assert_eq!(row.players[0], human(SNOWFLAKE, "Ana"));
        assert!(store.game(GameId(i64::MAX)).await.expect("read").is_none(), "a 64-bit id");
        assert_eq!(store.forget_events(3).await.expect("forgotten"), 1);
        assert!(!store.seen(Platform::Discord, &event).await.expect("read"));
    }
}

#[tokio::test]
async fn a_game_row_reads_back_as_saved_and_an_undo_takes_moves_back() {
    for store in stores().await {
        let chat = group(SNOWFLAKE);
        let mut game =
            gomoku(&store, &chat, human("ana", "Ana"), Player::Cpu { level: CpuLevel::Hard }).await;
        let mut change = store.change(None, 2).await.expect("a change");
        for (ply, action) in ["h8", "h9", "h10"].into_iter().enumerate() {
            change.record_move(&game, &stored_move(ply, action, None)).await.expect("played");
        }
        game.away = [false, true];
        game.undo_by = Some(engine::Seat::First);
        game.offer_draft = Some(vec!["a1".into(), "b2".into()]);
        game.board_message = Some(SNOWFLAKE.into());
        game.shown_ply = 3;
        game.updated_at = 9;
        change.take_back(&game, 2).await.expect("taken back");
        change.commit().await.expect("committed");
        let (row, moves) = store.game(game.id).await.expect("read").expect("the game");
        assert_eq!(row, game);
        assert_eq!(moves.iter().map(|m| m.action.as_str()).collect::<Vec<_>>(), ["h8", "h9"]);
        assert_eq!(store.active_games().await.expect("read").len(), 1);

        game.status = GameStatus::Finished;
        game.winner = Some(engine::Seat::Second);
        game.rating_due = true;
        game.result_shown = false;
        store.save_game(&game).await.expect("saved");
        assert!(store.active_games().await.expect("read").is_empty());
        assert_eq!(store.games_due_rating().await.expect("read"), [game.clone()]);
        assert_eq!(store.unshown_endings().await.expect("read").len(), 1);
        assert_eq!(store.last_ended_game(&chat, "ana").await.expect("read"), Some(game.id));
        assert_eq!(store.last_ended_game(&chat, "bruno").await.expect("read"), None);
    }
}

#[tokio::test]
async fn the_history_counts_board_games_and_cinco_tables_alike() {
    for store in stores().await {
        let chat = group("g");
        let mut board = gomoku(&store, &chat, human("ana", "Ana"), human("bruno", "Bruno")).await;
        board.status = GameStatus::Finished;
        board.winner = None;
        store.save_game(&board).await.expect("a draw");

        let mut change = store.change(None, 1).await.expect("a change");
        let mut table = change
            .insert_cinco(NewCinco {
                chat: chat.clone(),
                rules: CincoRules { seed: 7, bid_seconds: 60, turn_seconds: 60 },
                players: vec![
                    human("ana", "Ana"),
                    human("bruno", "Bruno"),
                    human("carla", "Carla"),
                ],
                started_by: "ana".into(),
                deadline: None,
                now: 1,
            })
            .await
            .expect("a table");
        table.status = GameStatus::Finished;
        table.winners = vec![seat(0), seat(2)];
        change.save_cinco(&table).await.expect("saved");
        change.commit().await.expect("committed");

        let everything = Ended {
            platform: Platform::Discord,
            chat: None,
            user: None,
            kind: None,
            boards_only: false,
        };
        assert_eq!(store.count_ended_games(everything).await.expect("read"), 2);
        let newest = store.ended_games(everything, 0, 1).await.expect("read");
        assert_eq!(newest.iter().map(|ended| ended.game.id()).collect::<Vec<_>>(), [table.id]);
        let older = store.ended_games(everything, 1, 5).await.expect("read");
        assert_eq!(older.iter().map(|ended| ended.game.id()).collect::<Vec<_>>(), [board.id]);
        let boards = Ended { boards_only: true, chat: Some(&chat), ..everything };
        assert_eq!(store.count_ended_games(boards).await.expect("read"), 1);
        let carla = Ended { user: Some("carla"), ..everything };
        assert_eq!(store.count_ended_games(carla).await.expect("read"), 1);

        for (user, wins, draws, losses) in
            [("ana", 1, 1, 0), ("bruno", 0, 1, 1), ("carla", 1, 0, 0)]
        {
            let tallies = store.tallies(everything, user).await.expect("read");
            let (games, counted): (i64, Vec<_>) = (
                tallies.iter().map(|(_, tally)| tally.games).sum(),
                tallies.iter().map(|(family, _)| *family).collect(),
            );
            let won: i64 = tallies.iter().map(|(_, tally)| tally.wins).sum();
            let drawn: i64 = tallies.iter().map(|(_, tally)| tally.draws).sum();
            let lost: i64 = tallies.iter().map(|(_, tally)| tally.losses).sum();
            assert_eq!((won, drawn, lost), (wins, draws, losses), "{user}: {tallies:?}");
            assert_eq!(games, wins + draws + losses);
            assert!(counted.contains(&Family::Cinco));
        }
    }
}

#[tokio::test]
async fn a_chat_that_changes_id_keeps_what_its_new_id_has_not() {
    for store in stores().await {
        let old = group("old");
        let new = group("new");
        let mut old_preferences =
            ChatPreferences { locale: Some(Locale::En), ..Default::default() };
        old_preferences.cinco.bid_seconds = Some(30);
        let new_preferences = ChatPreferences { locale: Some(Locale::Es), ..Default::default() };
        let mut change = store.change(None, 1).await.expect("a change");
        change.save_chat_preferences(&old, &ChatPreferences::default()).await.expect("saved");
        change.save_chat_preferences(&old, &old_preferences).await.expect("saved over");
        change.save_chat_preferences(&new, &new_preferences).await.expect("saved");
        let rated = |user: &str, games: i64| RatingRow { games, ..RatingRow::new(user) };
        let family = Family::Board(GameKind::Gomoku);
        change
            .save_ratings(
                family,
                Platform::Discord,
                &[
                    (old.rating_scope(), rated("ana", 3)),
                    (old.rating_scope(), rated("bruno", 4)),
                    (new.rating_scope(), rated("ana", 7)),
                ],
            )
            .await
            .expect("saved");
        change.move_chat(&old, &new).await.expect("moved");
        change.commit().await.expect("committed");

        assert_eq!(store.chat_preferences(&new).await.expect("read"), new_preferences);
        assert_eq!(games_in(&store, &new, "ana").await, 7, "the new chat's own rating wins");
        assert_eq!(
            games_in(&store, &new, "bruno").await,
            4,
            "a rating only the old chat had moves"
        );
        let board = store.leaderboard(family, &new.rating_scope(), Platform::Discord, 1).await;
        assert_eq!(board.expect("read").len(), 1);
    }
}

/// How many games `user` has rated in `chat`.
async fn games_in(store: &Store, chat: &Chat, user: &str) -> i64 {
    let ratings = store.ratings_of(&chat.rating_scope(), Platform::Discord, user).await;
    ratings.expect("read").iter().map(|(_, row)| row.games).sum()
}

#[tokio::test]
async fn a_handle_is_found_in_any_case_and_belongs_to_one_person() {
    for store in stores().await {
        let mut ana = User::new(SNOWFLAKE, "Ana");
        ana.handle = Some("AnaB".into());
        store.save_user(Platform::Telegram, &ana, Some(Locale::En), 1).await.expect("saved");
        let found = store.find_user(Platform::Telegram, "anab").await.expect("read");
        assert_eq!(found.map(|user| user.id), Some(SNOWFLAKE.to_owned()));
        assert_eq!(
            store.user_locale(Platform::Telegram, SNOWFLAKE).await.expect("read"),
            Some(Locale::En)
        );

        let mut bruno = User::new("bruno", "Bruno");
        bruno.handle = Some("ANAB".into());
        store.save_user(Platform::Telegram, &bruno, None, 2).await.expect("saved");
        let found = store.find_user(Platform::Telegram, "AnaB").await.expect("read");
        assert_eq!(found.map(|user| user.id), Some("bruno".to_owned()));
        // A later save without a language keeps the one known.
        store
            .save_user(Platform::Telegram, &User::new(SNOWFLAKE, "Ana"), None, 3)
            .await
            .expect("saved");
        assert_eq!(
            store.user_locale(Platform::Telegram, SNOWFLAKE).await.expect("read"),
            Some(Locale::En)
        );
        let by_id = store.find_user(Platform::Telegram, SNOWFLAKE).await.expect("read");
        assert_eq!(by_id.map(|user| user.name), Some("Ana".to_owned()));
    }
}

#[tokio::test]
async fn prompts_and_waiting_messages_are_kept_once() {
    for store in stores().await {
        let game = gomoku(&store, &group("g"), human("ana", "Ana"), human("bruno", "Bruno")).await;
        let mut change = store.change(None, 1).await.expect("a change");
        let first = PromptRow { seat: seat(1), seq: 3, message_id: None };
        let later = PromptRow { seat: seat(1), seq: 4, message_id: Some(SNOWFLAKE.into()) };
        change.record_prompt(game.id, &first).await.expect("recorded");
        change.record_prompt(game.id, &later).await.expect("recorded over");
        change.keep_waiting(Platform::Discord, "ana", "hand:1", 1).await.expect("kept");
        change.keep_waiting(Platform::Discord, "ana", "hand:1", 2).await.expect("kept once");
        change.keep_waiting(Platform::Discord, "ana", "seated:2", 2).await.expect("kept");
        change.commit().await.expect("committed");
        assert_eq!(store.prompts(game.id).await.expect("read"), [later]);
        let mut waiting = store.waiting_directs().await.expect("read");
        waiting.sort_by(|one, other| one.2.cmp(&other.2));
        let ana = |about: &str| (Platform::Discord, "ana".to_owned(), about.to_owned());
        assert_eq!(waiting, [ana("hand:1"), ana("seated:2")]);
        // A partition takes what is about its own games and leaves the rest.
        let mut change = store.change(None, 3).await.expect("a change");
        let taken = change
            .take_waiting(Platform::Discord, "ana", |about| about.starts_with("hand:"))
            .await
            .expect("taken");
        change.commit().await.expect("committed");
        assert_eq!(taken, ["hand:1"]);
        assert_eq!(store.waiting_directs().await.expect("read"), [ana("seated:2")]);
        let mut change = store.change(None, 4).await.expect("a change");
        let taken = change.take_waiting(Platform::Discord, "ana", |_| true).await.expect("taken");
        change.commit().await.expect("committed");
        assert_eq!(taken, ["seated:2"]);
        assert!(store.waiting_directs().await.expect("read").is_empty());
    }
}

#[tokio::test]
async fn a_server_that_cannot_be_reached_is_named_without_its_password() {
    let refused = Store::open("postgres://ana:s3cret@127.0.0.1:1/cincobot").await;
    match refused {
        Err(error @ StoreError::Unreachable { .. }) => {
            let said = error.to_string();
            assert!(said.contains("postgres://ana:***@127.0.0.1:1/cincobot"), "{said}");
            assert!(!said.contains("s3cret"), "{said}");
        }
        other => panic!("expected an unreachable server, got {other:?}"),
    }
    // A server that answers but has no such database, or no such user.
    if let Some(url) = scratch::postgres().await {
        let (server, _) = url.rsplit_once('/').expect("a database in the URL");
        let missing = Store::open(&format!("{server}/no_such_database")).await;
        assert!(matches!(missing, Err(StoreError::Unreachable { .. })), "{missing:?}");
        let (_, host) = server.rsplit_once('@').expect("a user in the URL");
        let stranger = Store::open(&format!("postgres://nobody:pw@{host}/postgres")).await;
        match stranger {
            Err(error @ StoreError::Unreachable { .. }) => {
                assert!(error.to_string().contains("nobody:***@"), "{error}");
            }
            other => panic!("expected a refused user, got {other:?}"),
        }
    }
}

/// How many times each race is run: a lost race must fail the same way every time.
const RACES: usize = 50;

/// What two writers race for, each in a change of its own on a connection of its own.
#[derive(Clone, Debug)]
enum Contest {
    /// The same ply of a game, with different moves.
    Move(GameRow, [StoredMove; 2]),
    /// The same CINCO action (`(game, seq)`), or the same sealed bid (`(game, auction,
    /// seat)`) under two sequence numbers.
    Action(cincobot::store::CincoRow, [cincobot::store::StoredAction; 2]),
    /// The same platform event, each writer playing another ply for it.
    Event(EventId, GameRow, [StoredMove; 2]),
}

/// Writer `which` of `contest`: both have opened their change (and so their connection and
/// transaction) before either writes, so the second write meets the first one uncommitted.
async fn contend(
    store: Store,
    contest: Contest,
    which: usize,
    ready: std::sync::Arc<tokio::sync::Barrier>,
) -> Result<(), StoreError> {
    let change = match &contest {
        Contest::Event(event, _, _) => {
            ready.wait().await;
            store.change(Some((Platform::Discord, event)), 2).await
        }
        Contest::Move(..) | Contest::Action(..) => {
            let change = store.change(None, 2).await;
            ready.wait().await;
            change
        }
    };
    let mut change = change?;
    match &contest {
        Contest::Move(game, moves) | Contest::Event(_, game, moves) => {
            change.record_move(game, &moves[which]).await?;
        }
        Contest::Action(table, actions) => {
            change.record_cinco_action(table, &actions[which]).await?;
        }
    }
    // The winner holds its write uncommitted a moment: the loser's write meets it (waits on
    // it, then fails) rather than only a committed row.
    tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    change.commit().await
}

/// Races `contest` on two tasks: exactly one wins, the other is refused with `refused`'s
/// error.
async fn race(store: &Store, contest: Contest, refused: fn(&StoreError) -> bool) {
    let ready = std::sync::Arc::new(tokio::sync::Barrier::new(2));
    let writers: Vec<_> = (0..2)
        .map(|which| tokio::spawn(contend(store.clone(), contest.clone(), which, ready.clone())))
        .collect();
    let mut outcomes = Vec::new();
    for writer in writers {
        outcomes.push(writer.await.expect("the writer finishes"));
    }
    let won = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
    let lost = outcomes.iter().filter(|outcome| outcome.as_ref().is_err_and(refused)).count();
    assert_eq!((won, lost), (1, 1), "{contest:?}: {outcomes:?}");
}

/// A PostgreSQL store whose pool holds both writers' connections; `None` without a server
/// (SQLite's one connection serialises every change, so nothing races there).
async fn postgres_store() -> Option<Store> {
    let url = scratch::postgres().await?;
    Some(Store::connect(&url, 4).await.expect("the database opens"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_writers_racing_the_same_move_or_event_write_it_once() {
    let Some(store) = postgres_store().await else {
        return;
    };
    let chat = group("g");
    let game = gomoku(&store, &chat, human("ana", "Ana"), human("bruno", "Bruno")).await;
    for ply in 0..RACES {
        let moves = [stored_move(ply, "h8", None), stored_move(ply, "j10", None)];
        race(&store, Contest::Move(game.clone(), moves), |error| {
            matches!(error, StoreError::AlreadyPlayed)
        })
        .await;
    }
    let (_, moves) = store.game(game.id).await.expect("read").expect("the game");
    assert_eq!(
        moves.iter().map(|stored| stored.ply).collect::<Vec<_>>(),
        (0..RACES).collect::<Vec<_>>()
    );

    // Each event is raced by two writers playing different plies for it: one ply a race.
    let other = gomoku(&store, &chat, human("ana", "Ana"), human("bruno", "Bruno")).await;
    for round in 0..RACES {
        let event = EventId(format!("race {round}"));
        let moves = [stored_move(2 * round, "h8", None), stored_move(2 * round + 1, "h9", None)];
        race(&store, Contest::Event(event.clone(), other.clone(), moves), |error| {
            matches!(error, StoreError::Repeated)
        })
        .await;
        assert!(store.seen(Platform::Discord, &event).await.expect("read"));
    }
    let (_, moves) = store.game(other.id).await.expect("read").expect("the game");
    assert_eq!(moves.len(), RACES, "one move an event");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_writers_racing_the_same_cinco_action_or_bid_write_it_once() {
    let Some(store) = postgres_store().await else {
        return;
    };
    let mut change = store.change(None, 1).await.expect("a change");
    let table = change
        .insert_cinco(NewCinco {
            chat: group("g"),
            rules: CincoRules { seed: 7, bid_seconds: 60, turn_seconds: 60 },
            players: vec![human("ana", "Ana"), human("bruno", "Bruno")],
            started_by: "ana".into(),
            deadline: None,
            now: 1,
        })
        .await
        .expect("a table");
    change.commit().await.expect("committed");
    let action = |seq: usize, seat_index: usize, auction: Option<u32>, text: &str| {
        cincobot::store::StoredAction {
            seq,
            seat: seat(seat_index),
            auction,
            action: text.into(),
            by_cpu: false,
            at: 2,
            event: None,
        }
    };
    for round in 0..RACES {
        // Both seats press for the same turn: the same (game, seq).
        let seq = 3 * round;
        let turn = [action(seq, 0, None, "pass"), action(seq, 1, None, "pass")];
        race(&store, Contest::Action(table.clone(), turn), |error| {
            matches!(error, StoreError::AlreadyPlayed)
        })
        .await;
        // One seat seals two bids in the same auction, as the next two actions.
        let auction = u32::try_from(round).expect("a small round");
        let bids = [
            action(seq + 1, 0, Some(auction), "bid 3"),
            action(seq + 2, 0, Some(auction), "bid 4"),
        ];
        race(&store, Contest::Action(table.clone(), bids), |error| {
            matches!(error, StoreError::AlreadyPlayed)
        })
        .await;
    }
    let (_, actions) = store.cinco_game(table.id).await.expect("read").expect("the table");
    assert_eq!(actions.len(), 2 * RACES, "one turn and one bid a round");
    for round in 0..RACES {
        let auction = u32::try_from(round).expect("a small round");
        let turns = actions.iter().filter(|stored| stored.seq == 3 * round).count();
        let bids = actions.iter().filter(|stored| stored.auction == Some(auction)).count();
        assert_eq!((turns, bids), (1, 1), "round {round}");
    }
}

/// One game's rating step for Ana, as the core does it: lock, read, count the game, write.
async fn rate_ana_once(
    store: Store,
    ready: std::sync::Arc<tokio::sync::Barrier>,
) -> Result<(), StoreError> {
    let family = Family::Board(GameKind::Gomoku);
    let mut change = store.change(None, 2).await?;
    ready.wait().await;
    change.lock_ratings(family, Platform::Discord, &["ana"]).await?;
    let mut ana = change
        .rating(family, "global", Platform::Discord, "ana")
        .await?
        .unwrap_or_else(|| RatingRow::new("ana"));
    ana.games += 1;
    // The other writer reads now, unless the lock keeps it waiting for this commit.
    tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    change.save_ratings(family, Platform::Discord, &[("global".to_owned(), ana)]).await?;
    change.commit().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_games_ending_at_once_both_count_in_a_rating() {
    let Some(store) = postgres_store().await else {
        return;
    };
    for _ in 0..RACES {
        let ready = std::sync::Arc::new(tokio::sync::Barrier::new(2));
        let writers: Vec<_> =
            (0..2).map(|_| tokio::spawn(rate_ana_once(store.clone(), ready.clone()))).collect();
        for writer in writers {
            writer.await.expect("the writer finishes").expect("both commit");
        }
    }
    let family = Family::Board(GameKind::Gomoku);
    let mut change = store.change(None, 3).await.expect("a change");
    let ana = change.rating(family, "global", Platform::Discord, "ana").await.expect("readable");
    assert_eq!(ana.map(|ana| ana.games), Some(i64::try_from(2 * RACES).expect("small")));
}
