//! How a game flows when players do what first-time players do: both let the timer run out,
//! both ask for a rematch, undo while the other's request waits, several games and challenges.

use crate::common;

use std::time::Duration;

use cincobot::core::{Action, GameId, Output};
use cincobot::i18n::Locale;
use cincobot::i18n::Text;
use common::{Harness, assert_notice, board, game_between_ana_and_bruno, sent};

fn ids(outputs: &[Output]) -> Vec<&'static str> {
    outputs.iter().flat_map(Output::text_ids).collect()
}

#[tokio::test]
async fn when_both_players_are_away_the_game_waits_and_says_so() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku timer 30").await;
    harness.advance(Duration::from_secs(31));
    harness.core.tick().await;
    harness.core.tick().await;
    // Ana ran out: the CPU plays for her while Bruno is at the table.
    let (outputs, _) = harness.run_engine_cpu().await;
    assert_eq!(board(&outputs).0, 1);
    // Bruno runs out too: nobody is left, so nothing is played and the message says so.
    harness.advance(Duration::from_secs(31));
    let mut said = Vec::new();
    for _ in 0..3 {
        said.extend(harness.core.tick().await);
    }
    assert!(ids(&said).contains(&"game-paused"), "{said:#?}");
    assert!(!ids(&said).contains(&"time-ran-out"));
    assert!(harness.cpu_requests().is_empty(), "the CPU never plays both sides");
    assert_eq!(harness.core.next_deadline().await.expect("read").map(|at| at > 0), Some(true));
    // Ana comes back: the CPU stands in for Bruno at once, and Ana's clock runs again.
    let back = harness.say("Ana", "/board").await;
    assert!(ids(&back).contains(&"seat-taken-back"), "{back:#?}");
    assert_eq!(harness.cpu_requests().len(), 1);
    let (outputs, _) = harness.run_engine_cpu().await;
    assert_eq!(board(&outputs).0, 2);
}

#[tokio::test]
async fn two_crossed_rematches_make_one_game() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.say("Ana", "/resign confirm").await;
    sent(&harness.say("Bruno", "/rematch").await);
    assert_notice(&harness.say("Bruno", "/rematch").await, "bruno", Text::new("rematch-pending"));
    let started = harness.say("Ana", "/rematch").await;
    assert_eq!(board(&started).0, 0);
    assert_notice(&harness.say("Ana", "/accept").await, "ana", Text::new("no-challenge"));
    assert_notice(&harness.say("Bruno", "/accept").await, "bruno", Text::new("no-challenge"));
    assert!(harness.store.game(GameId(2)).await.expect("read").is_some());
    assert!(harness.store.game(GameId(3)).await.expect("read").is_none());
}

#[tokio::test]
async fn an_undo_is_accepted_only_by_an_answer_and_says_what_goes_back() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.say("Ana", "/move h8").await;
    harness.say("Bruno", "/move h9").await;
    harness.say("Ana", "/move j10").await;
    sent(&harness.say("Bruno", "/undo").await);
    // Asking back is no answer.
    assert_notice(
        &harness.say("Ana", "/undo").await,
        "ana",
        Text::new("undo-answer-first").with("name", "Bruno"),
    );
    let (ply, lines, _) = board(&harness.say("Ana", "/deshacer sí").await);
    assert_eq!(ply, 1);
    assert_eq!(
        lines[1],
        Text::new("undo-done")
            .with("name", "Bruno")
            .with("count", 2_i64)
            .with("moves", "h9 (Bruno), j10 (Ana)")
    );
    harness.say("Bruno", "/move k11").await;
    sent(&harness.say("Bruno", "/undo").await);
    let (lines, _) = sent(&harness.say("Ana", "/undo no").await);
    assert_eq!(lines, [Text::new("undo-refused").with("name", "Bruno")]);
}

#[tokio::test]
async fn a_move_goes_to_the_one_game_waiting_for_it_and_accept_asks_which() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.meet("Carla").await;
    harness.say("Carla", "/connect5 @ana").await;
    harness.say("Ana", "/accept").await;
    // Game 1 waits for Ana, game 2 (Carla first) waits for Carla.
    let (ply, ..) = board(&harness.say("Ana", "/move h8").await);
    assert_eq!(ply, 1);
    let (_, moves) = harness.store.game(GameId(1)).await.expect("read").expect("game 1");
    assert_eq!(moves.len(), 1);
    // Now neither waits for Ana: she is asked, with the command she typed.
    assert_notice(
        &harness
            .say("Ana", "/board")
            .await
            .into_iter()
            .filter(|o| matches!(o, Output::Reply { .. }))
            .collect::<Vec<_>>(),
        "ana",
        Text::new("which-game")
            .with("games", "#1, #2")
            .with("example", Text::new("example-board").with("id", 2_i64)),
    );
    harness.meet("Dora").await;
    harness.say("Bruno", "/pente @dora").await;
    harness.say("Carla", "/renju @dora").await;
    assert_notice(
        &harness.say("Dora", "/accept").await,
        "dora",
        Text::new("which-challenge").with("challenges", "4, 3"),
    );
}

/// `input` typed by a chat admin.
fn as_admin(mut input: cincobot::core::Input) -> cincobot::core::Input {
    input.is_chat_admin = true;
    input
}

#[tokio::test]
async fn cancel_asks_an_admin_only_among_their_own_games() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    harness.meet("Carla").await;
    harness.meet("Dora").await;
    harness.say("Carla", "/pente @dora").await;
    harness.say("Dora", "/accept").await;
    harness.say("Carla", "/connect5 @ana").await;
    harness.say("Ana", "/accept").await;
    // Ana plays #1 and #3; Carla and Dora's #2 is none of hers.
    let cancel =
        |harness: &Harness| as_admin(harness.input("Ana", Action::Command("/cancel".into())));
    let asked = harness.deliver(cancel(&harness)).await;
    assert_notice(
        &asked,
        "ana",
        Text::new("which-game")
            .with("games", "#1, #3")
            .with("example", Text::new("example-cancel").with("id", 3_i64)),
    );
    let input = as_admin(harness.input("Ana", Action::Command("/cancel #3".into())));
    let (_, lines, buttons) = board(&harness.deliver(input).await);
    // Said once, by the status line, with no rematch offered.
    assert!(lines.contains(&Text::new("result-cancelled")), "{lines:?}");
    assert!(!lines.iter().any(|line| line.id == "cancelled-by"), "{lines:?}");
    assert_eq!(buttons, ["p:3"]);
    // One game of her own left: it is the one cancelled.
    let (_, lines, _) = board(&harness.deliver(cancel(&harness)).await);
    assert!(
        lines.iter().any(|line| line.id == "board-header" && line.arg("id") == Some(&1_i64.into()))
    );
    // An admin at no table is asked among the chat's games.
    let bruno = as_admin(harness.input("Bruno", Action::Command("/cancel".into())));
    let (_, lines, _) = board(&harness.deliver(bruno).await);
    assert!(
        lines.iter().any(|line| line.id == "board-header" && line.arg("id") == Some(&2_i64.into()))
    );
}

#[tokio::test]
async fn a_timed_game_shows_the_clock_on_its_board() {
    let mut harness = Harness::new().await;
    let (_, lines, _) = board(&game_between_ana_and_bruno(&mut harness, "/gomoku timer 30").await);
    let clock = Text::new("turn-clock").with("name", "Ana").with("seconds", 30_i64);
    assert!(lines.contains(&clock), "{lines:?}");
    let (_, lines, _) = board(&harness.say("Ana", "/move h8").await);
    let clock = Text::new("turn-clock").with("name", "Bruno").with("seconds", 30_i64);
    assert!(lines.contains(&clock), "{lines:?}");
    let texts = cincobot::i18n::Texts::load().expect("the message files");
    assert_eq!(
        [Locale::Es, Locale::En].map(|locale| texts.render(locale, &clock)),
        ["Bruno tiene 30 segundos por jugada.", "Bruno has 30 seconds per move."]
    );
    // Without a timer there is no clock.
    let mut untimed = Harness::new().await;
    let (_, lines, _) = board(&game_between_ana_and_bruno(&mut untimed, "/gomoku").await);
    assert!(!lines.iter().any(|line| line.id == "turn-clock"), "{lines:?}");
}

#[test]
fn every_game_rules_say_what_happens_when_time_runs_out() {
    for kind in cincobot::games::GameKind::ALL {
        for (locale, section, away, both) in [
            (
                Locale::Es,
                "### Tiempo por jugada",
                "la CPU juega por esa persona",
                "la CPU no juega por los dos",
            ),
            (
                Locale::En,
                "### Turn timer",
                "the CPU plays for that person",
                "the CPU does not play both sides",
            ),
        ] {
            let rules = cincobot::core::rules_section(kind, locale);
            let timer = rules.find(section).map(|at| &rules[at..]);
            let timer = timer.unwrap_or_else(|| panic!("{kind:?} {locale:?}: {rules}"));
            assert!(timer.contains(away) && timer.contains(both), "{kind:?}: {timer}");
        }
    }
}
