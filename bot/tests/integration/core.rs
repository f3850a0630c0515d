//! The core through a fake adapter: every answer is checked exactly (kind of output, who gets
//! it, message ids and arguments, buttons).

use crate::common;

use std::time::Duration;

use cincobot::core::{GameId, Output};
use cincobot::i18n::Text;
use common::{
    Harness, START, assert_notice, board, game_between_ana_and_bruno, header, payloads, played,
    sent, turn,
};

const GOMOKU: &str = "game-gomoku";

#[tokio::test]
async fn a_challenge_accepted_starts_the_game_with_the_challenger_first() {
    let mut harness = Harness::new().await;
    let outputs = game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let (ply, lines, buttons) = board(&outputs);
    assert_eq!(ply, 0);
    assert_eq!(
        lines,
        [
            header(GOMOKU, 1, ("Ana", "colour-black"), ("Bruno", "colour-white")),
            Text::new("game-started").with("id", 1_i64),
            turn("Ana", "colour-black"),
        ]
    );
    // A big board's buttons are the first step of the point picker: one per column.
    let columns: Vec<String> = ('a'..='o').map(|column| format!("k:1:0:{column}")).collect();
    assert_eq!(buttons, columns);
}

#[tokio::test]
async fn the_point_picker_shows_a_column_then_plays_a_row() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    assert_notice(&harness.press("Bruno", "k:1:0:h").await, "bruno", Text::new("not-your-turn"));
    assert_notice(&harness.press("Carla", "k:1:0:h").await, "carla", Text::new("not-a-player"));
    let rows: Vec<Vec<String>> = match harness.press("Ana", "k:1:0:h").await.as_slice() {
        [Output::Keyboard { components, .. }] => {
            components.iter().map(|row| payloads(std::slice::from_ref(row))).collect()
        }
        other => panic!("expected a keyboard, got {other:#?}"),
    };
    let points: Vec<String> = (1..=15).map(|row| format!("m:1:0:h{row}")).collect();
    assert_eq!(rows, vec![points, vec!["k:1:0:".to_owned()]]);
    let (ply, lines, buttons) = board(&harness.press("Ana", "m:1:0:h8").await);
    assert_eq!((ply, &lines[1]), (1, &played("Ana", "h8")));
    // The column keeps its other fourteen points; the picker's press is for the new ply.
    assert_eq!(buttons.len(), 15);
    assert_notice(&harness.press("Bruno", "k:1:0:h").await, "bruno", Text::new("outdated"));
}

#[tokio::test]
async fn the_whole_rules_go_privately_in_a_group() {
    let mut harness = Harness::new().await;
    let outputs = harness.say("Ana", "/rules gomoku full").await;
    match outputs.as_slice() {
        [Output::Direct { user, message, .. }, Output::Reply { user: to, lines, .. }] => {
            assert_eq!((user.as_str(), to.as_str()), ("ana", "ana"));
            assert_eq!(message.lines[0].id, "rules-document");
            assert_eq!(lines, &[Text::new("rules-sent-privately").with("name", "Ana")]);
        }
        other => panic!("expected the rules by private message, got {other:#?}"),
    }
}

#[tokio::test]
async fn a_move_out_of_turn_is_refused_privately() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let outputs = harness.say("Bruno", "/move h8").await;
    assert_notice(&outputs, "bruno", Text::new("not-your-turn"));
    // Nothing changed: Ana still plays the first stone.
    let (ply, lines, _) = board(&harness.say("Ana", "/move h8").await);
    assert_eq!(ply, 1);
    assert_eq!(lines[1], played("Ana", "h8"));
}

#[tokio::test]
async fn someone_not_playing_cannot_move() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    assert_notice(&harness.say("Carla", "/move h8 #1").await, "carla", Text::new("not-a-player"));
    assert_notice(&harness.say("Carla", "/move h8").await, "carla", Text::new("no-game"));
    assert_notice(&harness.press("Carla", "m:1:0:4").await, "carla", Text::new("not-a-player"));
}

#[tokio::test]
async fn a_button_from_an_older_board_is_outdated() {
    let mut harness = Harness::new().await;
    let (_, _, buttons) = board(&game_between_ana_and_bruno(&mut harness, "/connect5").await);
    assert_eq!(
        buttons,
        ["m:1:0:1", "m:1:0:2", "m:1:0:3", "m:1:0:4", "m:1:0:5", "m:1:0:6", "m:1:0:7"]
    );
    let (ply, lines, buttons) = board(&harness.press("Ana", "m:1:0:4").await);
    assert_eq!(ply, 1);
    assert_eq!(lines[1], played("Ana", "4"));
    assert_eq!(lines[2], turn("Bruno", "colour-yellow"));
    assert_eq!(buttons[0], "m:1:1:1");
    // Bruno presses a column on the board drawn before Ana's move.
    assert_notice(&harness.press("Bruno", "m:1:0:3").await, "bruno", Text::new("outdated"));
    // A forged payload is refused as well.
    assert_notice(&harness.press("Bruno", "m:1:zz").await, "bruno", Text::new("button-unknown"));
}

#[tokio::test]
async fn the_same_move_submitted_twice_is_played_once() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    let (ply, ..) = board(&harness.press("Ana", "m:1:0:4").await);
    assert_eq!(ply, 1);
    assert_notice(&harness.press("Ana", "m:1:0:4").await, "ana", Text::new("already-played"));
    let (_, moves) = harness.store.game(GameId(1)).await.expect("the store").expect("game 1");
    assert_eq!(moves.iter().map(|m| m.action.as_str()).collect::<Vec<_>>(), ["4"]);
}

#[tokio::test]
async fn the_store_refuses_a_ply_twice() {
    let harness = Harness::new().await;
    let mut harness = harness;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.say("Ana", "/move h8").await;
    let (row, moves) = harness.store.game(GameId(1)).await.expect("the store").expect("game 1");
    let mut change = harness.store.change(None, START).await.expect("a change");
    let again = change.record_move(&row, &moves[0]).await;
    assert!(matches!(again, Err(cincobot::store::StoreError::AlreadyPlayed)));
}

#[tokio::test]
async fn illegal_and_unreadable_moves_say_why() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.say("Ana", "/move h8").await;
    assert_notice(&harness.say("Bruno", "/move H8").await, "bruno", Text::new("refused-occupied"));
    assert_notice(
        &harness.say("Bruno", "/move z99").await,
        "bruno",
        Text::new("refused-off-board"),
    );
    assert_notice(
        &harness.say("Bruno", "/move banana").await,
        "bruno",
        Text::new("unreadable-point"),
    );
    assert_notice(&harness.say("Bruno", "/move").await, "bruno", Text::new("command-missing-move"));
    let (ply, ..) = board(&harness.say("Bruno", "/move h9").await);
    assert_eq!(ply, 2);
}

#[tokio::test]
async fn a_full_column_and_a_side_column_are_refused() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5").await;
    for (ply, player) in ["Ana", "Bruno", "Ana", "Bruno", "Ana", "Bruno"].into_iter().enumerate() {
        harness.press(player, &format!("m:1:{ply}:1")).await;
    }
    assert_notice(&harness.say("Ana", "/move 1").await, "ana", Text::new("refused-column-full"));
    assert_notice(&harness.say("Ana", "/move 8").await, "ana", Text::new("unreadable-side-column"));
    assert_notice(&harness.say("Ana", "/move pop 2").await, "ana", Text::new("refused-popout-off"));
}

#[tokio::test]
async fn an_unanswered_challenge_expires() {
    let mut harness = Harness::new().await;
    harness.meet("Bruno").await;
    harness.say("Ana", "/pente @bruno").await;
    harness.advance(Duration::from_secs(11 * 60));
    assert_notice(&harness.press("Bruno", "a:1").await, "bruno", Text::new("challenge-expired"));
    assert_notice(&harness.say("Bruno", "/accept").await, "bruno", Text::new("no-challenge"));

    harness.say("Ana", "/pente").await;
    harness.advance(Duration::from_secs(10 * 60));
    let (lines, buttons) = sent(&harness.core.tick().await);
    assert_eq!(
        lines,
        [Text::new("challenge-timed-out").with("id", 2_i64).with("challenger", "Ana")]
    );
    assert!(buttons.is_empty());
}

#[tokio::test]
async fn the_next_deadline_follows_the_challenges_opened_and_closed() {
    let mut harness = Harness::new().await;
    let ten_minutes = 10 * 60 * 1000;
    assert_eq!(harness.core.next_deadline().await.expect("read"), None);
    harness.meet("Bruno").await;
    harness.say("Ana", "/pente @bruno").await;
    assert_eq!(harness.core.next_deadline().await.expect("read"), Some(START + ten_minutes));
    harness.advance(Duration::from_secs(60));
    harness.say("Carla", "/gomoku").await;
    assert_eq!(harness.core.next_deadline().await.expect("read"), Some(START + ten_minutes));
    // Ana's challenge is accepted: Carla's, a minute younger, expires next.
    harness.press("Bruno", "a:1").await;
    let carla_expires = START + 60_000 + ten_minutes;
    assert_eq!(harness.core.next_deadline().await.expect("read"), Some(carla_expires));
    harness.advance(Duration::from_secs(11 * 60));
    harness.core.tick().await;
    // Only the game is left, abandoned only after a day without a move.
    let next = harness.core.next_deadline().await.expect("read");
    assert!(next.is_some_and(|at| at > carla_expires + 3600 * 1000), "{next:?}");
}

#[tokio::test]
async fn a_challenge_is_answered_only_by_its_opponent() {
    let mut harness = Harness::new().await;
    harness.meet("Bruno").await;
    harness.say("Ana", "/renju @bruno").await;
    assert_notice(
        &harness.press("Carla", "a:1").await,
        "carla",
        Text::new("challenge-not-for-you"),
    );
    assert_notice(&harness.press("Ana", "a:1").await, "ana", Text::new("challenge-own"));
    assert_notice(
        &harness.say("Ana", "/gomoku @ana").await,
        "ana",
        Text::new("challenge-yourself"),
    );
    let (lines, _) = sent(&harness.press("Bruno", "d:1").await);
    assert_eq!(lines, [Text::new("challenge-declined").with("name", "Bruno").with("id", 1_i64)]);
}

#[tokio::test]
async fn an_undo_needs_the_opponent() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.say("Ana", "/move h8").await;
    harness.say("Bruno", "/move a1").await;

    let (lines, buttons) = sent(&harness.say("Bruno", "/undo").await);
    assert_eq!(
        lines,
        [
            Text::new("undo-asked")
                .with("name", "Bruno")
                .with("count", 1_i64)
                .with("moves", "a1 (Bruno)"),
            Text::new("undo-asked-answer").with("opponent", "Ana"),
        ]
    );
    assert_eq!(buttons, ["u:1:2:y", "u:1:2:n"]);
    assert_notice(&harness.press("Bruno", "u:1:2:y").await, "bruno", Text::new("undo-not-yours"));
    let (lines, buttons) = sent(&harness.press("Ana", "u:1:2:n").await);
    assert_eq!(lines, [Text::new("undo-refused").with("name", "Bruno")]);
    assert!(buttons.is_empty());
    assert_notice(&harness.press("Ana", "u:1:2:y").await, "ana", Text::new("undo-expired"));

    harness.say("Bruno", "/undo").await;
    let (ply, lines, _) = board(&harness.press("Ana", "u:1:2:y").await);
    assert_eq!(ply, 1);
    assert_eq!(
        lines[1],
        Text::new("undo-done")
            .with("name", "Bruno")
            .with("count", 1_i64)
            .with("moves", "a1 (Bruno)")
    );
    assert_eq!(lines[2], turn("Bruno", "colour-white"));
    let (_, moves) = harness.store.game(GameId(1)).await.expect("the store").expect("game 1");
    assert_eq!(moves.len(), 1);
}

#[tokio::test]
async fn an_undo_request_expires_with_the_next_move() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.say("Ana", "/move h8").await;
    harness.say("Ana", "/undo").await;
    harness.say("Bruno", "/move a1").await;
    assert_notice(&harness.press("Bruno", "u:1:1:y").await, "bruno", Text::new("undo-expired"));
}

#[tokio::test]
async fn a_player_out_of_time_gets_a_cpu_move() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect5 timer 30").await;
    harness.advance(Duration::from_secs(19));
    assert!(harness.core.tick().await.is_empty());
    harness.advance(Duration::from_secs(2));
    let (lines, _) = sent(&harness.core.tick().await);
    assert_eq!(
        lines,
        [Text::new("time-warning").with("name", "Ana").with("seconds", 10_i64).with("id", 1_i64)]
    );
    assert!(harness.core.tick().await.is_empty(), "warned once");
    assert!(harness.cpu_requests().is_empty());
    harness.advance(Duration::from_secs(10));
    let (lines, _) = sent(&harness.core.tick().await);
    assert_eq!(lines, [Text::new("time-ran-out").with("name", "Ana").with("id", 1_i64)]);
    let requests = harness.cpu_requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(
        (requests[0].game, requests[0].ply, requests[0].level),
        (GameId(1), 0, engine::cpu::Level::Normal)
    );

    let (ply, lines, _) = board(&harness.run_cpu().await);
    assert_eq!(ply, 1);
    assert_eq!(lines[1], Text::new("cpu-played-for").with("name", "Ana").with("move", "1"));
    assert_eq!(lines[2], turn("Bruno", "colour-yellow"));
    let (_, moves) = harness.store.game(GameId(1)).await.expect("the store").expect("game 1");
    assert!(moves[0].by_cpu);

    // While Ana is away the CPU keeps her seat; she takes it back by acting.
    harness.press("Bruno", "m:1:1:2").await;
    assert_eq!(harness.cpu_requests().len(), 1);
    let outputs = harness.say("Ana", "/board").await;
    assert_eq!(outputs.len(), 2);
    assert_eq!(sent(&outputs[..1]).0, [Text::new("seat-taken-back").with("name", "Ana")]);
    // The CPU's late answer for her seat is dropped.
    assert!(harness.run_cpu().await.is_empty());
    let (ply, lines, _) = board(&harness.say("Ana", "/move 3").await);
    assert_eq!((ply, &lines[1]), (3, &played("Ana", "3")));
}

#[tokio::test]
async fn resigning_asks_first_and_a_move_makes_the_question_stale() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/ninuki").await;
    harness.say("Ana", "/move h8").await;
    let question = |ply: usize| {
        (
            vec![Text::new("resign-confirm").with("name", "Bruno").with("id", 1_i64)],
            vec![format!("x:1:{ply}:2y"), format!("x:1:{ply}:2n")],
        )
    };
    assert_eq!(sent(&harness.say("Bruno", "/resign").await), question(1));
    // Only Bruno answers his question; keeping on changes nothing.
    assert_notice(&harness.press("Ana", "x:1:1:2y").await, "ana", Text::new("resign-not-yours"));
    assert_notice(&harness.press("Carla", "x:1:1:2y").await, "carla", Text::new("not-a-player"));
    assert_notice(&harness.press("Bruno", "x:1:1:2n").await, "bruno", Text::new("resign-kept"));
    let (ply, lines, _) = board(&harness.say("Bruno", "/move h9").await);
    assert_eq!((ply, &lines[1]), (2, &played("Bruno", "h9")));
    // The question was drawn before Bruno's move: its confirmation is outdated.
    assert_notice(&harness.press("Bruno", "x:1:1:2y").await, "bruno", Text::new("outdated"));
    let (_, moves) = harness.store.game(GameId(1)).await.expect("the store").expect("game 1");
    assert_eq!(moves.len(), 2);

    assert_eq!(sent(&harness.say("Bruno", "/rendirse").await), question(2));
    let (ply, lines, buttons) = board(&harness.press("Bruno", "x:1:2:2y").await);
    assert_eq!(ply, 2);
    // The resignation is said once, by the status line; the ranked game's ratings move.
    let ratings: Vec<&str> = lines[2..4].iter().map(|line| line.id).collect();
    assert_eq!(ratings, ["rating-change", "rating-change"]);
    assert_eq!(
        [&lines[0], &lines[1]],
        [
            &header("game-ninuki", 1, ("Ana", "colour-black"), ("Bruno", "colour-white")),
            &Text::new("result-resigned")
                .with("name", "Ana")
                .with("colour", Text::new("colour-black"))
                .with("loser", "Bruno"),
        ]
    );
    assert_eq!(lines.len(), 4);
    assert_eq!(buttons, ["r:1", "p:1"]);
    // A second press on the same question finds the game over.
    assert_notice(
        &harness.press("Bruno", "x:1:2:2y").await,
        "bruno",
        Text::new("no-such-game").with("id", "#1"),
    );
    assert_notice(&harness.say("Ana", "/move h9").await, "ana", Text::new("no-game"));
    let (lines, _) = sent(&harness.say("Ana", "/stats").await);
    assert_eq!(lines[0], Text::new("stats-title").with("name", "Ana"));
    assert_eq!(lines[1], Text::new("stats-here"));
    assert_eq!(lines[2].id, "stats-line");
    assert_eq!(lines[2].arg("wins"), Some(&cincobot::i18n::Arg::Number(1)));
    let (lines, _) = sent(&harness.say("Bruno", "/leaderboard ninuki").await);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1].arg("name"), Some(&cincobot::i18n::Arg::Plain("Ana".into())));
}

#[tokio::test]
async fn a_rematch_hands_the_first_move_to_the_other_player() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let (ply, lines, _) = board(&harness.say("Ana", "/resign confirm").await);
    assert_eq!((ply, lines[2].id), (0, "rating-none-early"));
    let (lines, buttons) = sent(&harness.press("Ana", "r:1").await);
    assert_eq!(lines[0].id, "challenge-to");
    assert_eq!(lines[0].arg("opponent"), Some(&cincobot::i18n::Arg::Plain("Bruno".into())));
    assert_eq!(buttons, ["a:2", "d:2"]);
    let (_, lines, _) = board(&harness.press("Bruno", "a:2").await);
    assert_eq!(lines[0], header(GOMOKU, 2, ("Bruno", "colour-black"), ("Ana", "colour-white")));
    assert_eq!(lines[2], turn("Bruno", "colour-black"));

    // And back again after the second game.
    harness.say("Ana", "/rendirse confirmar #2").await;
    harness.say("Bruno", "/rematch").await;
    let (_, lines, _) = board(&harness.press("Ana", "a:3").await);
    assert_eq!(lines[0], header(GOMOKU, 3, ("Ana", "colour-black"), ("Bruno", "colour-white")));
}

#[tokio::test]
async fn a_win_is_announced_with_its_reason() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect4").await;
    let mut last = Vec::new();
    for (ply, column) in [1, 1, 2, 2, 3, 3, 4].into_iter().enumerate() {
        let player = if ply % 2 == 0 { "Ana" } else { "Bruno" };
        last = harness.press(player, &format!("m:1:{ply}:{column}")).await;
    }
    let (_, lines, buttons) = board(&last);
    // After the move the status says how Ana won; both players' rating changes follow.
    assert_eq!(lines[3..].iter().map(|line| line.id).collect::<Vec<_>>(), ["rating-change"; 2]);
    assert_eq!(
        lines[2],
        Text::new("result-win")
            .with("name", "Ana")
            .with("colour", Text::new("colour-red"))
            .with("reason", Text::new("reason-four"))
    );
    assert_eq!(buttons, ["r:1", "p:1"]);
}

#[tokio::test]
async fn chat_settings_are_for_admins_and_become_defaults() {
    let mut harness = Harness::new().await;
    assert_notice(
        &harness.say("Ana", "/settings gomoku timer 30").await,
        "ana",
        Text::new("admins-only"),
    );
    let admin = |harness: &Harness, line: &str| {
        let mut input = harness.input("Ana", cincobot::core::Action::Command(line.into()));
        input.is_chat_admin = true;
        input.locale = None;
        input
    };
    let outputs = harness.core.handle(admin(&harness, "/ajustes gomoku tamaño 19")).await;
    let (lines, _) = sent(&outputs);
    assert_eq!(lines[1].arg("size"), Some(&cincobot::i18n::Arg::Number(19)));
    assert_notice(
        &harness.core.handle(admin(&harness, "/settings gomoku popout on")).await,
        "ana",
        Text::new("option-not-for-game")
            .with("option", Text::new("option-name").with("option", "popout"))
            .with("game", Text::new("game-in-sentence").with("kind", "gomoku")),
    );
    let outputs = game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let Some(Output::Board { message, .. }) = outputs.first() else { panic!("a board") };
    assert!(
        message
            .board
            .as_ref()
            .is_some_and(|b| b.diagram.starts_with("    a b c d e f g h i j k l m n o p q r s"))
    );
}

#[tokio::test]
async fn every_game_accepts_the_cpu() {
    let mut harness = Harness::new().await;
    let games = [
        ("/gomoku", GOMOKU, "colour-black"),
        ("/renju", "game-renju", "colour-black"),
        ("/ninuki", "game-ninuki", "colour-black"),
        ("/pente", "game-pente", "colour-white"),
        ("/connect5", "game-connect5", "colour-red"),
        ("/connect4", "game-connect4", "colour-red"),
    ];
    for (id, (command, game, colour)) in (1_i64..).zip(games) {
        let (ply, lines, _) = board(&harness.say("Ana", &format!("{command} cpu easy")).await);
        assert_eq!(ply, 0);
        assert_eq!(lines[0].id, "board-header");
        assert_eq!(lines[0].arg("game"), Some(&cincobot::i18n::Arg::Text(Text::new(game))));
        assert_eq!(lines[1], Text::new("game-started").with("id", id));
        // Renju's first stone has its own prompt: the centre, h8 (tests/integration/board.rs).
        let status = match game {
            "game-renju" => Text::new("status-opening-centre")
                .with("name", "Ana")
                .with("colour", Text::new(colour))
                .with("point", "h8"),
            _ => turn("Ana", colour),
        };
        assert_eq!(lines[2], status);
        harness.say("Ana", &format!("/resign #{id} confirm")).await;
    }
    assert!(harness.cpu_requests().is_empty(), "the person starts every game");
}

#[tokio::test]
async fn several_games_in_a_chat_need_a_number() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.meet("Bruno").await;
    harness.say("Ana", "/connect5 @bruno").await;
    harness.press("Bruno", "a:2").await;
    // A move legal in neither game: which one? The example is a 5 en raya move.
    assert_notice(
        &harness.say("Ana", "/move z99").await,
        "ana",
        Text::new("which-game")
            .with("games", "#1, #2")
            .with("example", Text::new("example-move").with("move", "4").with("id", 2_i64)),
    );
    let (ply, lines, _) = board(&harness.say("Ana", "/move 4 #2").await);
    assert_eq!((ply, &lines[1]), (1, &played("Ana", "4")));
}

#[tokio::test]
async fn a_restarted_core_goes_on_from_the_log() {
    for (_directory, url) in common::databases().await {
        let store = cincobot::store::Store::open(&url).await.expect("a file database");
        let mut harness = Harness::on(store).await;
        game_between_ana_and_bruno(&mut harness, "/pente timer 60").await;
        harness.say("Ana", "/move K10").await;
        drop(harness);
        let store = cincobot::store::Store::open(&url).await.expect("the same database");
        let mut harness = Harness::on(store).await;
        assert_eq!(harness.core.active_games().collect::<Vec<_>>(), [GameId(1)]);
        assert_notice(&harness.say("Ana", "/move L10").await, "ana", Text::new("not-your-turn"));
        let (ply, lines, _) = board(&harness.say("Bruno", "/move L10").await);
        assert_eq!((ply, &lines[1]), (2, &played("Bruno", "L10")));
    }
}

/// The boards a core started on `url` shows again: (game, ply, message edited).
async fn shown_at_start(url: &str) -> Vec<(GameId, usize, Option<String>)> {
    let store = cincobot::store::Store::open(url).await.expect("the same database");
    let outputs = Harness::on(store).await.startup;
    outputs
        .into_iter()
        .filter_map(|output| match output {
            Output::Board { game, ply, edit, .. } => Some((game, ply, edit)),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_board_edited_in_place_is_written_with_the_next_batch_and_shown_again_until_then() {
    for (_directory, url) in common::databases().await {
        let store = cincobot::store::Store::open(&url).await.expect("a file database");
        let mut harness = Harness::on(store).await;
        game_between_ana_and_bruno(&mut harness, "/gomoku").await;
        // A board in a new message is written at once.
        harness.core.board_shown(GameId(1), 0, false, "100".into()).await.expect("written");
        assert_eq!(harness.core.unsaved_boards(), 0);
        assert_eq!(shown_at_start(&url).await, []);
        harness.say("Ana", "/move h8").await;
        // The same message edited: only remembered, so a restart now edits it once more.
        harness.core.board_shown(GameId(1), 1, false, "100".into()).await.expect("remembered");
        assert_eq!(harness.core.unsaved_boards(), 1);
        assert_eq!(shown_at_start(&url).await, [(GameId(1), 1, Some("100".to_owned()))]);
        harness.core.save_shown_boards().await.expect("written");
        assert_eq!(harness.core.unsaved_boards(), 0);
        assert_eq!(shown_at_start(&url).await, []);
        // The next move's own write carries a remembered board too.
        harness.say("Bruno", "/move h9").await;
        harness.core.board_shown(GameId(1), 2, false, "100".into()).await.expect("remembered");
        harness.say("Ana", "/move h10").await;
        let (row, _) = harness.store.game(GameId(1)).await.expect("read").expect("the game");
        assert_eq!(row.shown_ply, 2);
    }
}

#[tokio::test]
async fn a_private_chat_keeps_its_games_across_a_restart() {
    for (_directory, url) in common::databases().await {
        use cincobot::core::{Action, Chat, ChatKind, EventId, Input, Platform, User};
        let private =
            Chat { platform: Platform::Telegram, id: "42".into(), kind: ChatKind::Private };
        let say = |line: &str| {
            let event = EventId(format!("private {line}"));
            let mut input = Input::new(
                event,
                User::new("42", "Ana"),
                private.clone(),
                None,
                Action::Command(line.into()),
            );
            input.is_chat_admin = true;
            input
        };
        let store = cincobot::store::Store::open(&url).await.expect("a file database");
        let mut harness = Harness::on(store).await;
        harness.core.handle(say("/gomoku cpu")).await;
        drop(harness);
        let store = cincobot::store::Store::open(&url).await.expect("the same database");
        let mut harness = Harness::on(store).await;
        let outputs = harness.core.handle(say("/move h8")).await;
        match outputs.as_slice() {
            [Output::Board { chat, ply: 1, .. }] => assert_eq!(chat, &private),
            other => panic!("expected the board in the private chat, got {other:#?}"),
        }
    }
}

/// Renju game 1 after the opening (Ana black, keeping colours at every swap option) and six
/// more stones: black h8 j10 h10 i11 i12, white h9 e5 a1 a2 a3. Black's i10 would make two
/// open threes (h10-i10-j10 and i10-i11-i12): a double three, which loses in renju.
async fn renju_before_a_double_three(harness: &mut Harness) {
    game_between_ana_and_bruno(harness, "/renju").await;
    let moves = [
        ("Ana", "h8"),
        ("Bruno", "keep"),
        ("Bruno", "h9"),
        ("Ana", "keep"),
        ("Ana", "j10"),
        ("Bruno", "keep"),
        ("Bruno", "e5"),
        ("Ana", "keep"),
        ("Ana", "h10"),
        ("Bruno", "keep"),
        ("Bruno", "a1"),
        ("Ana", "i11"),
        ("Bruno", "a2"),
        ("Ana", "i12"),
        ("Bruno", "a3"),
    ];
    for (ply, (player, text)) in moves.into_iter().enumerate() {
        let (at, ..) = board(&harness.say(player, &format!("/move {text}")).await);
        assert_eq!(at, ply + 1, "{player} plays {text}");
    }
}

fn double_three() -> Text {
    Text::new("shape-double-three")
}

async fn stored_moves(harness: &Harness) -> usize {
    let (_, moves) = harness.store.game(GameId(1)).await.expect("the store").expect("game 1");
    moves.len()
}

/// A forbidden point typed in capitals or padded (a Discord option is not trimmed) is asked
/// about as the notation writes it, so its confirm button stays within a payload's size.
#[tokio::test]
async fn a_forbidden_point_typed_loosely_is_confirmed_as_written() {
    let mut harness = Harness::new().await;
    renju_before_a_double_three(&mut harness).await;
    let padded = format!("/move {}I10{}", " ".repeat(40), " ".repeat(80));
    let (lines, buttons) = sent(&harness.say("Ana", &padded).await);
    assert_eq!(
        lines,
        [Text::new("confirm-forbidden").with("move", "i10").with("shape", double_three())]
    );
    assert_eq!(buttons, ["c:1:15:i10"]);
}

#[tokio::test]
async fn a_renju_forbidden_point_is_confirmed_before_it_loses() {
    let mut harness = Harness::new().await;
    renju_before_a_double_three(&mut harness).await;
    let (lines, buttons) = sent(&harness.say("Ana", "/move i10").await);
    assert_eq!(
        lines,
        [Text::new("confirm-forbidden").with("move", "i10").with("shape", double_three())]
    );
    assert_eq!(buttons, ["c:1:15:i10"]);
    // Nothing was played: still Ana's turn at ply 15.
    assert_eq!(stored_moves(&harness).await, 15);
    assert_notice(&harness.say("Bruno", "/move o15").await, "bruno", Text::new("not-your-turn"));
    let english = harness.core.texts().render(cincobot::i18n::Locale::En, &lines[0]);
    assert_eq!(
        english,
        "i10 is a double three for black: in renju that loses the game. Sure? Press confirm or \
         type /move i10 confirm."
    );

    let (ply, lines, buttons) = board(&harness.press("Ana", "c:1:15:i10").await);
    assert_eq!(ply, 16);
    assert_eq!(lines[1], played("Ana", "i10"));
    assert_eq!(
        lines[2],
        Text::new("result-win")
            .with("name", "Bruno")
            .with("colour", Text::new("colour-white"))
            .with(
                "reason",
                Text::new("reason-forbidden-at").with("shape", double_three()).with("point", "i10")
            )
    );
    assert_eq!(buttons, ["r:1", "p:1"]);
    let (row, moves) = harness.store.game(GameId(1)).await.expect("the store").expect("game 1");
    assert_eq!(moves.last().map(|m| m.action.as_str()), Some("i10"));
    assert_eq!(row.winner, Some(engine::Seat::Second));
    let position = cincobot::games::Position::replay(
        &row.settings,
        moves.iter().map(|stored| stored.action.as_str()),
    )
    .expect("the log replays");
    assert!(matches!(
        position.outcome(),
        engine::Outcome::Win {
            winner: engine::Seat::Second,
            reason: engine::WinReason::Forbidden { kind: engine::ForbiddenKind::DoubleThree, .. }
        }
    ));
}

#[tokio::test]
async fn a_stale_forbidden_confirmation_is_outdated_and_a_typed_one_plays() {
    let mut harness = Harness::new().await;
    renju_before_a_double_three(&mut harness).await;
    let (_, buttons) = sent(&harness.say("Ana", "/move i10").await);
    assert_eq!(buttons, ["c:1:15:i10"]);
    harness.say("Ana", "/move o15").await;
    harness.say("Bruno", "/move a4").await;
    assert_notice(&harness.press("Ana", "c:1:15:i10").await, "ana", Text::new("outdated"));
    assert_eq!(stored_moves(&harness).await, 17);
    let (ply, lines, _) = board(&harness.say("Ana", "/mover i10 confirmar").await);
    assert_eq!(ply, 18);
    assert_eq!(
        lines[2],
        Text::new("result-win")
            .with("name", "Bruno")
            .with("colour", Text::new("colour-white"))
            .with(
                "reason",
                Text::new("reason-forbidden-at").with("shape", double_three()).with("point", "i10")
            )
    );
}

#[tokio::test]
async fn gomoku_with_forbidden_moves_refuses_the_point_instead() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku forbidden on").await;
    let moves = ["h8", "h9", "j10", "e5", "h10", "a1", "i11", "a2", "i12", "a3"];
    for (ply, point) in moves.into_iter().enumerate() {
        let player = if ply % 2 == 0 { "Ana" } else { "Bruno" };
        let (at, ..) = board(&harness.say(player, &format!("/move {point}")).await);
        assert_eq!(at, ply + 1);
    }
    let refusal = Text::new("refused-forbidden").with("shape", double_three());
    assert_notice(&harness.say("Ana", "/move i10").await, "ana", refusal.clone());
    // Confirming changes nothing: the point is refused, not lost.
    assert_notice(&harness.say("Ana", "/move i10 confirm").await, "ana", refusal.clone());
    assert_notice(&harness.press("Ana", "c:1:10:i10").await, "ana", refusal.clone());
    assert_eq!(stored_moves(&harness).await, 10);
    let texts = harness.core.texts();
    assert_eq!(
        texts.render(cincobot::i18n::Locale::En, &refusal),
        "Black may not play there: it would be a double three."
    );
    let spanish = texts.render(cincobot::i18n::Locale::Es, &refusal);
    assert!(spanish.contains("doble tres"), "{spanish}");
    let (ply, lines, _) = board(&harness.say("Ana", "/move g7").await);
    assert_eq!((ply, &lines[1]), (11, &played("Ana", "g7")));
}

#[tokio::test]
async fn a_typed_command_does_what_its_line_does() {
    let mut typed = Harness::new().await;
    game_between_ana_and_bruno(&mut typed, "/gomoku").await;
    let command =
        cincobot::core::Command::Move { text: "h8".to_owned(), game: None, confirm: false };
    let input = typed.input("Ana", cincobot::core::Action::Typed(command));
    let by_type = typed.deliver(input).await;
    let mut written = Harness::new().await;
    game_between_ana_and_bruno(&mut written, "/gomoku").await;
    let by_line = written.say("Ana", "/move h8").await;
    assert_eq!(board(&by_type).1, board(&by_line).1);
    assert!(board(&by_type).1.contains(&played("Ana", "h8")));
}

/// The frame of the one board among `outputs`.
fn frame_of(outputs: &[Output]) -> render::ConnectBoard {
    let pictures: Vec<render::ConnectBoard> = outputs
        .iter()
        .filter_map(|output| match output {
            Output::Board { message, .. } => match &message.board.as_ref()?.picture {
                cincobot::games::Picture::Connect(board) => {
                    Some(render::ConnectBoard::clone(board))
                }
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(pictures.len(), 1, "one board in {outputs:#?}");
    pictures.into_iter().next().expect("one board")
}

/// Issue 26, item 17: with a turn timer the board shows the seconds left when it is drawn,
/// and a badge on a player away, for whom the CPU plays.
#[tokio::test]
async fn the_board_shows_the_seconds_left_and_whom_the_cpu_plays_for() {
    let mut harness = Harness::new().await;
    let start = frame_of(&game_between_ana_and_bruno(&mut harness, "/connect5 timer 30").await);
    assert!(start.clock.as_deref().is_some_and(|clock| clock.contains("30")), "{start:?}");
    assert_eq!(start.away, [None, None]);
    harness.advance(Duration::from_secs(12));
    let later = frame_of(&harness.say("Bruno", "/board").await);
    assert!(later.clock.as_deref().is_some_and(|clock| clock.contains("18")), "{later:?}");
    // Ana lets her time run out: the CPU plays for her, and her row says so.
    harness.advance(Duration::from_secs(20));
    harness.core.tick().await;
    let stood_in = frame_of(&harness.run_cpu().await);
    assert!(stood_in.away[0].as_deref().is_some_and(|badge| badge.contains("CPU")), "{stood_in:?}");
    assert_eq!(stood_in.away[1], None);
    // Bruno to move now, with his own full turn.
    assert!(stood_in.clock.as_deref().is_some_and(|clock| clock.contains("30")), "{stood_in:?}");
    // Back at the table, the badge is gone.
    harness.say("Bruno", "/move 5").await;
    let back = frame_of(&harness.say("Ana", "/move 5").await);
    assert_eq!(back.away, [None, None], "{back:?}");
}
