//! The core keeps its promises when platforms repeat themselves and the store fails: an event
//! changes things once, an ending is never half written, a challenge is answered only by the
//! person it names, a failed write leaves memory as it was, a failing timer waits before it
//! tries again, and a chat that changes id keeps its games.

use crate::common;

use std::time::Duration;

use cincobot::core::{Action, GameId, Output, User};
use cincobot::i18n::Text;
use cincobot::store::{GameStatus, Store};
use common::{
    Harness, START, assert_notice, board, chat, databases, game_between_ana_and_bruno, person, sent,
};
use sqlx::postgres::PgPool;
use sqlx::sqlite::SqlitePool;

async fn harness_on(url: &str) -> Harness {
    Harness::on(Store::open(url).await.expect("the database")).await
}

fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres")
}

/// Runs `sql` on the database at `url` from outside the bot.
async fn tamper(url: &str, sql: &str) {
    if is_postgres(url) {
        let pool = PgPool::connect(url).await.expect("a second connection");
        sqlx::raw_sql(sql).execute(&pool).await.expect("the statements run");
        pool.close().await;
    } else {
        let pool = SqlitePool::connect(url).await.expect("a second connection");
        sqlx::raw_sql(sql).execute(&pool).await.expect("the statements run");
        pool.close().await;
    }
}

/// A trigger that makes every `operation` on `table` fail.
fn refuse(url: &str, table: &str, operation: &str) -> String {
    let name = format!("refuse_{table}_{operation}");
    if is_postgres(url) {
        format!(
            "CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS \
             $$ BEGIN RAISE EXCEPTION 'refused on purpose'; END $$; \
             CREATE TRIGGER {name} BEFORE {operation} ON {table} \
             FOR EACH ROW EXECUTE FUNCTION {name}()"
        )
    } else {
        format!(
            "CREATE TRIGGER {name} BEFORE {operation} ON {table} \
             BEGIN SELECT RAISE(ABORT, 'refused on purpose'); END"
        )
    }
}

fn allow(url: &str, table: &str, operation: &str) -> String {
    let name = format!("refuse_{table}_{operation}");
    if is_postgres(url) {
        format!("DROP TRIGGER {name} ON {table}; DROP FUNCTION {name}()")
    } else {
        format!("DROP TRIGGER {name}")
    }
}

fn moves_of(outputs: &[Output]) -> usize {
    board(outputs).0
}

async fn logged(harness: &Harness, id: i64) -> Vec<String> {
    let (_, moves) = harness.store.game(GameId(id)).await.expect("the store").expect("the game");
    moves.into_iter().map(|m| m.action).collect()
}

#[tokio::test]
async fn an_event_delivered_again_changes_nothing_whatever_it_asked() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        harness.meet("Bruno").await;
        let done = Text::new("already-done");

        let challenge = harness.input("Ana", Action::Command("/connect5 @bruno".into()));
        sent(&harness.deliver(challenge.clone()).await);
        assert_notice(&harness.deliver(challenge).await, "ana", done.clone());
        assert_eq!(harness.store.open_challenges(&chat()).await.expect("read").len(), 1);

        let accept = harness.input("Bruno", Action::Command("/accept".into()));
        assert_eq!(moves_of(&harness.deliver(accept.clone()).await), 0);
        assert_notice(&harness.deliver(accept).await, "bruno", done.clone());
        assert!(harness.store.game(GameId(2)).await.expect("read").is_none());

        let four = harness.input("Ana", Action::Command("/move 4".into()));
        assert_eq!(moves_of(&harness.deliver(four.clone()).await), 1);
        harness.say("Bruno", "/move 1").await;
        // Column 4 is open at ply 2 too: applied again, the old event would be a new move.
        assert_notice(&harness.deliver(four).await, "ana", done.clone());
        assert_eq!(logged(&harness, 1).await, ["4", "1"]);

        harness.say("Bruno", "/undo").await;
        let yes = harness.input("Ana", Action::Button("u:1:2:y".into()));
        assert_eq!(moves_of(&harness.deliver(yes.clone()).await), 1);
        assert_notice(&harness.deliver(yes).await, "ana", done.clone());
        assert_eq!(logged(&harness, 1).await, ["4"]);

        let resign = harness.input("Bruno", Action::Command("/resign confirm".into()));
        harness.deliver(resign.clone()).await;
        assert_notice(&harness.deliver(resign).await, "bruno", done);
        let (row, _) = harness.store.game(GameId(1)).await.expect("read").expect("game 1");
        assert_eq!((row.status, row.winner), (GameStatus::Finished, Some(engine::Seat::First)));
    }
}

/// Ana wins a ranked Connect Four game against Bruno; the outputs of the winning move.
async fn ana_wins(harness: &mut Harness) -> Vec<Output> {
    game_between_ana_and_bruno(harness, "/connect4").await;
    let mut last = Vec::new();
    for (ply, column) in [1, 1, 2, 2, 3, 3, 4].into_iter().enumerate() {
        let player = if ply % 2 == 0 { "Ana" } else { "Bruno" };
        last = harness.press(player, &format!("m:1:{ply}:{column}")).await;
    }
    last
}

async fn connect4_games_of(store: &Store, user: &str) -> Option<(i64, i64)> {
    rated_games_of(store, user, "connect4").await
}

/// Whether `outputs` show game 1's final board.
fn shows_the_ending(outputs: &[Output]) -> bool {
    outputs
        .iter()
        .any(|output| matches!(output, Output::Board { ended: true, game, .. } if game.0 == 1))
}

#[tokio::test]
async fn a_late_report_of_the_board_before_a_resignation_does_not_count_as_the_ending() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        game_between_ana_and_bruno(&mut harness, "/connect4").await;
        let moved = harness.say("Ana", "/move 4").await;
        assert_eq!(board(&moved).0, 1);
        let ended = harness.say("Bruno", "/resign confirm").await;
        let (ply, _, _) = board(&ended);
        assert_eq!(ply, 1, "a resignation keeps the ply");
        // The board of Ana's move is reported shown only now: the resignation's board is still
        // owed.
        harness.core.board_shown(GameId(1), 1, false, "m1".into()).await.expect("saved");
        drop(harness);
        let harness = harness_on(&url).await;
        assert!(
            shows_the_ending(&harness.startup),
            "the ending is shown again: {:#?}",
            harness.startup
        );
        let mut harness = harness;
        harness.core.board_shown(GameId(1), 1, true, "m1".into()).await.expect("saved");
        drop(harness);
        let harness = harness_on(&url).await;
        assert!(!shows_the_ending(&harness.startup), "shown once: {:#?}", harness.startup);
    }
}

#[tokio::test]
async fn an_ending_whose_ratings_cannot_be_written_is_shown_and_rated_after_a_restart() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        tamper(&url, &refuse(&url, "ratings", "INSERT")).await;
        let last = ana_wins(&mut harness).await;
        let (ply, lines, buttons) = board(&last);
        assert_eq!(ply, 7);
        assert_eq!(lines[2].id, "result-win");
        assert_eq!(buttons, ["r:1", "p:1"]);
        let (row, moves) = harness.store.game(GameId(1)).await.expect("read").expect("game 1");
        assert_eq!((row.status, moves.len(), row.rating_due), (GameStatus::Finished, 7, true));
        assert_eq!(connect4_games_of(&harness.store, "ana").await, None);
        drop(harness);

        // Started again with the ratings still refused: the ending stays whole, the ratings due.
        let harness = harness_on(&url).await;
        assert_eq!(harness.core.active_games().count(), 0);
        let (row, _) = harness.store.game(GameId(1)).await.expect("read").expect("game 1");
        assert!(row.rating_due);
        drop(harness);

        tamper(&url, &allow(&url, "ratings", "INSERT")).await;
        for _ in 0..2 {
            let harness = harness_on(&url).await;
            assert_eq!(connect4_games_of(&harness.store, "ana").await, Some((1, 1)));
            assert_eq!(connect4_games_of(&harness.store, "bruno").await, Some((1, 0)));
            let (row, _) = harness.store.game(GameId(1)).await.expect("read").expect("game 1");
            assert!(!row.rating_due);
        }
    }
}

/// `user`'s global games and wins of `family` (a game's code, or `cinco`), if rated.
async fn rated_games_of(store: &Store, user: &str, family: &str) -> Option<(i64, i64)> {
    let ratings = store.ratings_of("global", chat().platform, user).await.expect("read");
    ratings.into_iter().find(|(kind, _)| kind.code() == family).map(|(_, r)| (r.games, r.wins))
}

#[tokio::test]
async fn a_cinco_ending_whose_ratings_cannot_be_written_ends_and_is_rated_after_a_restart() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        tamper(&url, &refuse(&url, "ratings", "INSERT")).await;
        let started = harness.cinco_between_ana_and_bruno(5).await;
        // The last action is not refused: the game ends and its final table is shown.
        let played = harness.play_cinco_to_the_end(started).await;
        assert!(
            played.iter().any(|output| matches!(output, Output::Board { ended: true, .. })),
            "the final table is shown"
        );
        assert!(!played.iter().any(|output| output.text_ids().contains(&"rating-change")));
        let (row, _) = harness.store.cinco_game(GameId(1)).await.expect("read").expect("game 1");
        assert_eq!((row.status, row.rating_due), (GameStatus::Finished, true));
        assert_eq!(row.winners.iter().map(|seat| seat.index()).collect::<Vec<_>>(), [1]);
        assert!(harness.store.active_cinco_games().await.expect("read").is_empty());
        assert_eq!(rated_games_of(&harness.store, "bruno", "cinco").await, None);
        drop(harness);

        // Started again with the ratings still refused: the ending stays whole, the ratings due.
        // Its final table was never reported shown: it is shown again, until it is.
        let mut harness = harness_on(&url).await;
        let (row, _) = harness.store.cinco_game(GameId(1)).await.expect("read").expect("game 1");
        assert!(row.rating_due);
        let finals: Vec<usize> = harness
            .startup
            .iter()
            .filter_map(|output| match output {
                Output::Board { game, ply, ended: true, .. } if game.0 == 1 => Some(*ply),
                _ => None,
            })
            .collect();
        assert_eq!(finals.len(), 1, "the final table is owed: {:#?}", harness.startup);
        let reveals = harness.startup.iter().filter(|o| o.text_ids().contains(&"cinco-reveal"));
        assert_eq!(reveals.count(), 0, "a reveal is told once, when it happens");
        harness.core.board_shown(GameId(1), finals[0], true, "t1".into()).await.expect("saved");
        drop(harness);

        tamper(&url, &allow(&url, "ratings", "INSERT")).await;
        for _ in 0..2 {
            let harness = harness_on(&url).await;
            assert!(harness.startup.is_empty(), "shown once: {:#?}", harness.startup);
            assert_eq!(rated_games_of(&harness.store, "bruno", "cinco").await, Some((1, 1)));
            assert_eq!(rated_games_of(&harness.store, "ana", "cinco").await, Some((1, 0)));
            let (row, _) =
                harness.store.cinco_game(GameId(1)).await.expect("read").expect("game 1");
            assert!(!row.rating_due);
        }
    }
}

#[tokio::test]
async fn an_ending_commits_with_its_ratings() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        ana_wins(&mut harness).await;
        let (row, _) = harness.store.game(GameId(1)).await.expect("read").expect("game 1");
        assert!(!row.rating_due);
        assert_eq!(connect4_games_of(&harness.store, "ana").await, Some((1, 1)));
        drop(harness);
        let harness = harness_on(&url).await;
        assert_eq!(connect4_games_of(&harness.store, "ana").await, Some((1, 1)));
    }
}

#[tokio::test]
async fn only_the_person_challenged_may_answer_not_a_namesake() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        harness.meet("Bruno").await;
        sent(&harness.say("Ana", "/gomoku @bruno").await);
        // Another Bruno, with no username: the same name, another person.
        let namesake = User::new("bruno-2", "Bruno");
        let from_namesake = |harness: &Harness, action: Action| {
            let mut input = harness.input("Bruno", action);
            input.user = namesake.clone();
            input
        };
        for line in ["/accept", "/decline"] {
            let input = from_namesake(&harness, Action::Command(line.into()));
            assert_notice(&harness.deliver(input).await, "bruno-2", Text::new("no-challenge"));
        }
        for payload in ["a:1", "d:1"] {
            let input = from_namesake(&harness, Action::Button(payload.into()));
            assert_notice(
                &harness.deliver(input).await,
                "bruno-2",
                Text::new("challenge-not-for-you"),
            );
        }
        assert_eq!(harness.store.open_challenges(&chat()).await.expect("read").len(), 1);
        assert_eq!(moves_of(&harness.say("Bruno", "/accept").await), 0);
    }
}

#[tokio::test]
async fn a_mention_is_resolved_to_a_known_person_or_refused() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        assert_notice(
            &harness.say("Ana", "/gomoku @zoe").await,
            "ana",
            Text::new("unknown-opponent").with("name", "zoe"),
        );
        assert!(harness.store.open_challenges(&chat()).await.expect("read").is_empty());
        // Replying to someone's message names them; the platform vouches for who they are.
        let mut reply = harness.input("Ana", Action::Command("/gomoku".into()));
        reply.replied_to = Some(person("Zoe"));
        let (lines, buttons) = sent(&harness.deliver(reply).await);
        assert_eq!(lines[0].id, "challenge-to");
        assert_eq!(buttons, ["a:1", "d:1"]);
        let open = harness.store.open_challenges(&chat()).await.expect("read");
        assert_eq!(open[0].opponent.as_ref().map(|user| user.id.as_str()), Some("zoe"));
        // A person mentioned by id (a Telegram text mention) is known from then on.
        let mut mention = harness.input("Ana", Action::Command("/renju @77".into()));
        mention.introduced = vec![User::new("77", "Yuki")];
        let (lines, _) = sent(&harness.deliver(mention).await);
        assert_eq!(lines[0].arg("opponent"), Some(&cincobot::i18n::Arg::Plain("Yuki".into())));
    }
}

#[tokio::test]
async fn a_failed_write_leaves_memory_as_it_was() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        game_between_ana_and_bruno(&mut harness, "/gomoku").await;
        tamper(&url, &refuse(&url, "moves", "INSERT")).await;
        assert_notice(&harness.say("Ana", "/move h8").await, "ana", Text::new("internal-error"));
        tamper(&url, &allow(&url, "moves", "INSERT")).await;
        tamper(&url, &refuse(&url, "games", "UPDATE")).await;
        assert_notice(
            &harness.say("Ana", "/resign confirm").await,
            "ana",
            Text::new("internal-error"),
        );
        assert_notice(&harness.say("Bruno", "/undo").await, "bruno", Text::new("nothing-to-undo"));
        tamper(&url, &allow(&url, "games", "UPDATE")).await;
        // Nothing of the failed steps happened: the game is on at ply 0, Ana to move.
        assert_eq!(harness.core.active_games().collect::<Vec<_>>(), [GameId(1)]);
        assert_eq!(moves_of(&harness.say("Ana", "/move h8").await), 1);
        assert_eq!(logged(&harness, 1).await, ["h8"]);
    }
}

#[tokio::test]
async fn a_failing_timer_is_tried_again_after_growing_pauses() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        game_between_ana_and_bruno(&mut harness, "/gomoku timer 30").await;
        tamper(&url, &refuse(&url, "games", "UPDATE")).await;
        // Ten seconds before the end Ana is warned (that writes nothing, so it works).
        let warning = harness.core.next_deadline().await.expect("read").expect("a deadline");
        assert_eq!(warning, START + 20_000);
        harness.advance(Duration::from_millis(20_000));
        let warned = harness.core.tick().await;
        assert_eq!(warned.iter().flat_map(Output::text_ids).collect::<Vec<_>>(), ["time-warning"]);
        let first = harness.core.next_deadline().await.expect("read").expect("a deadline");
        assert_eq!(first, START + 30_000);
        harness.advance(Duration::from_millis(10_000));
        // A fake minute of a runtime that sleeps until the next deadline and ticks.
        let mut attempts = Vec::new();
        for _ in 0..1000 {
            let due = harness.core.next_deadline().await.expect("read").expect("a deadline");
            if due > first + 60_000 {
                break;
            }
            let now = START + 30_000 + attempts.iter().sum::<i64>();
            let wait = (due - now).max(0);
            harness.advance(Duration::from_millis(u64::try_from(wait).expect("ahead")));
            attempts.push(wait);
            assert!(harness.core.tick().await.is_empty(), "a failed timeout says nothing");
        }
        assert_eq!(attempts, [0, 1_000, 2_000, 4_000, 8_000, 16_000]);
        // The failed timeouts changed nothing: Ana is not away, the CPU plays nothing for her.
        assert!(harness.cpu_requests().is_empty());
        tamper(&url, &allow(&url, "games", "UPDATE")).await;
        let due = harness.core.next_deadline().await.expect("read").expect("a deadline");
        harness.advance(Duration::from_millis(u64::try_from(due - first - 31_000).expect("ahead")));
        let outputs = harness.core.tick().await;
        assert_eq!(outputs.iter().flat_map(Output::text_ids).collect::<Vec<_>>(), ["time-ran-out"]);
        assert_eq!(harness.cpu_requests().len(), 1);
    }
}

#[tokio::test]
async fn a_chat_that_changes_id_keeps_its_games_and_settings() {
    for (_directory, url) in databases().await {
        let mut harness = harness_on(&url).await;
        let mut admin = harness.input("Ana", Action::Command("/settings gomoku timer 30".into()));
        admin.is_chat_admin = true;
        sent(&harness.deliver(admin).await);
        game_between_ana_and_bruno(&mut harness, "/gomoku").await;
        let moved = harness.input("Ana", Action::ChatMoved { to: "supergroup".into() });
        let outputs = harness.deliver(moved).await;
        match outputs.as_slice() {
            [Output::Board { chat: to, edit: None, ply: 0, .. }] => assert_eq!(to.id, "supergroup"),
            other => panic!("expected the board anew in the new chat, got {other:#?}"),
        }
        let mut there = harness.input("Ana", Action::Command("/move h8".into()));
        there.chat.id = "supergroup".into();
        match harness.deliver(there).await.as_slice() {
            [Output::Board { chat: to, ply: 1, .. }] => assert_eq!(to.id, "supergroup"),
            other => panic!("expected the move in the new chat, got {other:#?}"),
        }
        assert_notice(&harness.say("Bruno", "/move h9").await, "bruno", Text::new("no-game"));
        let mut new_chat = chat();
        new_chat.id = "supergroup".into();
        let preferences = harness.store.chat_preferences(&new_chat).await.expect("read");
        assert!(preferences.games.values().any(|options| options.timer.is_some()));
    }
}
