//! Issue 26, the players' second round: the board games' commands, challenges and replies as
//! a first-time player meets them, in both languages.

use crate::common;

use cincobot::core::{Action, Output};
use cincobot::i18n::{Locale, Texts};
use common::{Harness, game_between_ana_and_bruno, say_in, words};

// Item 14: /help and Telegram's menu name CINCO.

#[tokio::test]
async fn help_and_the_telegram_menu_name_cinco() {
    let mut harness = Harness::new().await;
    let english = words(&say_in(&mut harness, Locale::En, "Ana", "/help").await);
    assert!(english.contains("/cinco") && english.contains("/hand"), "{english}");
    let spanish = words(&say_in(&mut harness, Locale::Es, "Ana", "/ayuda").await);
    assert!(spanish.contains("/cinco") && spanish.contains("/mano"), "{spanish}");
    let texts = Texts::load().expect("the message files parse");
    for (locale, hand) in [(Locale::En, "hand"), (Locale::Es, "mano")] {
        let menu = cincobot::telegram::menu::commands(&texts, locale, false);
        let names: Vec<&str> = menu.iter().map(|command| command.command.as_str()).collect();
        assert!(names.contains(&"cinco") && names.contains(&hand), "{names:?}");
    }
}

// Item 15: a ranked game that ends before both players moved is not rated.

#[tokio::test]
async fn a_resignation_before_both_moved_is_not_rated() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/resign confirm").await);
    assert!(!said.contains(" → "), "{said}");
    assert!(said.contains("Not rated: the game ended before both players had moved."), "{said}");
    // Ana moved, Bruno did not: still not rated, in Spanish too.
    say_in(&mut harness, Locale::Es, "Ana", "/gomoku @bruno").await;
    say_in(&mut harness, Locale::Es, "Bruno", "/aceptar").await;
    say_in(&mut harness, Locale::Es, "Ana", "/mover h8").await;
    let said = words(&say_in(&mut harness, Locale::Es, "Bruno", "/rendirse confirmar").await);
    assert!(said.contains("Sin puntuar"), "{said}");
    let stats = words(&say_in(&mut harness, Locale::En, "Ana", "/stats").await);
    assert!(!stats.contains("1 game"), "{stats}");
    // Once both moved, a resignation is rated.
    say_in(&mut harness, Locale::En, "Ana", "/gomoku @bruno").await;
    say_in(&mut harness, Locale::En, "Bruno", "/accept").await;
    say_in(&mut harness, Locale::En, "Ana", "/move h8").await;
    say_in(&mut harness, Locale::En, "Bruno", "/move a1").await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/resign confirm").await);
    assert!(said.contains("Bruno: 1500 → "), "{said}");
}

// Item 18: a finished game's board, replay and export after the game and after a rematch.

/// The game number of the single file among `outputs` (its caption's `id`), and its caption.
fn file_game(outputs: &[Output]) -> String {
    let files: Vec<String> = outputs
        .iter()
        .filter_map(|output| match output {
            Output::File { file, .. } => Some(format!("{file:?}")),
            _ => None,
        })
        .collect();
    assert_eq!(files.len(), 1, "one file in {outputs:#?}");
    files.into_iter().next().unwrap_or_default()
}

#[tokio::test]
async fn a_finished_game_is_found_by_board_replay_and_export() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect4").await;
    for column in ["1", "2", "1", "2", "1", "2"] {
        let who = if column == "1" { "Ana" } else { "Bruno" };
        say_in(&mut harness, Locale::En, who, &format!("/move {column}")).await;
    }
    let ended = say_in(&mut harness, Locale::En, "Ana", "/move 1").await;
    assert!(words(&ended).contains("Ana (red) wins"), "{}", words(&ended));
    // Right after the end (its board not reported shown yet) and later, /board #1 shows it.
    for _ in 0..2 {
        let shown = say_in(&mut harness, Locale::En, "Bruno", "/board #1").await;
        let said = words(&shown);
        assert!(said.contains("Ana (red) wins"), "{said}");
        assert!(matches!(shown.as_slice(), [Output::Board { ended: true, repost: true, .. }]));
    }
    let shown = words(&say_in(&mut harness, Locale::En, "Ana", "/board").await);
    assert!(shown.contains("Ana (red) wins"), "{shown}");
    // A rematch begins: with no number, /replay and /export still take game 1.
    say_in(&mut harness, Locale::En, "Ana", "/rematch").await;
    say_in(&mut harness, Locale::En, "Bruno", "/accept").await;
    assert_eq!(harness.core.active_games().collect::<Vec<_>>().len(), 1);
    let replay = say_in(&mut harness, Locale::En, "Bruno", "/replay").await;
    assert!(file_game(&replay).contains("game-1-replay"), "{}", file_game(&replay));
    let export = say_in(&mut harness, Locale::En, "Ana", "/export").await;
    assert!(file_game(&export).contains("1"), "{}", file_game(&export));
    assert!(words(&export).contains("#1"), "{}", words(&export));
    // Once the rematch has moves, it is the one watched.
    say_in(&mut harness, Locale::En, "Bruno", "/move 4").await;
    let replay = say_in(&mut harness, Locale::En, "Ana", "/replay").await;
    assert!(file_game(&replay).contains("game-2-replay"), "{}", file_game(&replay));
}

// Item 19: two games at once.

/// `user` types `line` as one of the chat's admins.
async fn admin_says(harness: &mut Harness, user: &str, line: &str) -> Vec<Output> {
    let mut input = harness.input(user, Action::Command(line.into()));
    input.is_chat_admin = true;
    harness.deliver(input).await
}

#[tokio::test]
async fn with_two_games_a_move_finds_the_one_where_it_is_legal_and_your_turn() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    say_in(&mut harness, Locale::En, "Ana", "/connect4 @bruno").await;
    say_in(&mut harness, Locale::En, "Bruno", "/accept").await;
    // Ana is to move in both: h8 is only a gomoku move, 4 only a column.
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/move h8").await);
    assert!(said.contains("Gomoku #1") && said.contains("Ana played h8."), "{said}");
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/move 4").await);
    assert!(said.contains("#2") && said.contains("Ana played 4."), "{said}");
    // Now it is Bruno's turn in both: Ana is told so, in both languages.
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/mover h9").await);
    assert_eq!(said, "No es tu turno en ninguna de tus partidas.");
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/move 3").await);
    assert_eq!(said, "It is not your turn in any of your games.");
    // Bruno's move that fits neither game: the example is a move of the newest game's kind.
    let said = words(&say_in(&mut harness, Locale::En, "Bruno", "/move z99").await);
    assert!(said.contains("/move 4 #2"), "{said}");
    // An admin who plays in neither is told there are several games here, not "you have".
    let said = words(&admin_says(&mut harness, "Carla", "/cancel").await);
    assert!(said.starts_with("There are several games here (#1, #2)"), "{said}");
    assert!(!said.contains("You have"), "{said}");
}

// Item 20: /leaderboard with no game shows the games played in the chat.

#[tokio::test]
async fn the_leaderboard_with_no_game_shows_the_games_played_here() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect4").await;
    for (who, column) in [("Ana", 1), ("Bruno", 2), ("Ana", 1), ("Bruno", 2), ("Ana", 1)] {
        say_in(&mut harness, Locale::En, who, &format!("/move {column}")).await;
    }
    say_in(&mut harness, Locale::En, "Bruno", "/move 2").await;
    say_in(&mut harness, Locale::En, "Ana", "/move 1").await;
    let said = words(&say_in(&mut harness, Locale::En, "Bruno", "/leaderboard").await);
    assert!(said.contains("Connect Four leaderboard in this chat"), "{said}");
    assert!(said.contains("1. Ana"), "{said}");
    assert!(!said.to_lowercase().contains("gomoku"), "{said}");
    let said = words(&say_in(&mut harness, Locale::Es, "Bruno", "/clasificacion gomoku").await);
    assert!(said.contains("Nadie ha jugado"), "{said}");
    // A chat where nothing was ranked says so once.
    let mut empty = Harness::new().await;
    let said = words(&say_in(&mut empty, Locale::En, "Ana", "/leaderboard").await);
    assert_eq!(said, "Leaderboards in this chat\nNobody has played ranked games yet.");
}

// Item 27: challenges.

#[tokio::test]
async fn the_same_challenge_twice_is_one_and_withdrawing_is_not_declining() {
    let mut harness = Harness::new().await;
    harness.meet("Bruno").await;
    say_in(&mut harness, Locale::Es, "Ana", "/gomoku @bruno").await;
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/gomoku @bruno").await);
    assert_eq!(said, "Ya retaste a Bruno a gomoku: el reto 1 espera respuesta.");
    say_in(&mut harness, Locale::En, "Ana", "/connect4").await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/connect4").await);
    assert_eq!(said, "Your open challenge for Connect Four is already waiting: challenge 2.");
    // Other options, another game or another person: another challenge.
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/gomoku @bruno 19").await);
    assert!(said.contains("(challenge 3)"), "{said}");
    // Ana withdraws: "retiró", not "rechazó".
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/rechazar 1").await);
    assert_eq!(said, "Ana retiró el reto 1.");
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/decline 3").await);
    assert_eq!(said, "Ana withdrew challenge 3.");
    // With one challenge of her own left, /decline alone withdraws it.
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/decline").await);
    assert_eq!(said, "Ana withdrew challenge 2.");
    // Bruno declining is still "declined".
    say_in(&mut harness, Locale::En, "Ana", "/pente @bruno").await;
    let said = words(&say_in(&mut harness, Locale::En, "Bruno", "/decline").await);
    assert_eq!(said, "Bruno declined challenge 4.");
}

#[tokio::test]
async fn an_admins_cancel_is_said_once_and_offers_no_rematch() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let outputs = admin_says(&mut harness, "Carla", "/cancel").await;
    let said = words(&outputs);
    assert_eq!(said.matches("cancel").count(), 1, "{said}");
    let buttons: Vec<String> = outputs
        .iter()
        .filter_map(|output| match output {
            Output::Board { message, .. } => Some(common::payloads(&message.components)),
            _ => None,
        })
        .flatten()
        .collect();
    assert!(!buttons.iter().any(|payload| payload.starts_with("r:")), "{buttons:?}");
}

#[tokio::test]
async fn the_cpu_answers_an_undo_and_a_rematch_at_once() {
    let mut harness = Harness::new().await;
    say_in(&mut harness, Locale::En, "Ana", "/connect4 cpu easy").await;
    say_in(&mut harness, Locale::En, "Ana", "/move 4").await;
    harness.run_cpu().await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/undo").await);
    assert!(said.contains("Taken back at Ana's request, 2 moves"), "{said}");
    assert!(!said.contains("?"), "no question to the CPU: {said}");
    say_in(&mut harness, Locale::En, "Ana", "/resign confirm").await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/rematch").await);
    assert!(said.contains("Game #2 begins."), "{said}");
}

#[tokio::test]
async fn an_overline_that_does_not_win_is_told() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku overline off").await;
    // Black: h1 h2 h3 h5 h6, then h4 joins them into six.
    for (ana, bruno) in [("h1", "a1"), ("h2", "a3"), ("h3", "a5"), ("h5", "a7"), ("h6", "a9")] {
        say_in(&mut harness, Locale::En, "Ana", &format!("/move {ana}")).await;
        say_in(&mut harness, Locale::En, "Bruno", &format!("/move {bruno}")).await;
    }
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/mover h4").await);
    assert!(
        said.contains("h4 hace una línea de 6, que aquí no gana (línea larga desactivada)"),
        "{said}"
    );
    assert_eq!(harness.core.active_games().count(), 1);
}

#[tokio::test]
async fn popouts_second_repetition_warns_before_the_third_draws() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect4 popout").await;
    // Each drops in their own column and pops it again: the start comes back every 4 plies.
    let round = [("Ana", "1"), ("Bruno", "7"), ("Ana", "pop 1"), ("Bruno", "pop 7")];
    let mut said = String::new();
    for (who, mv) in round {
        said = words(&say_in(&mut harness, Locale::En, who, &format!("/move {mv}")).await);
    }
    assert!(said.contains("appeared twice"), "{said}");
    for (who, mv) in round {
        said = words(&say_in(&mut harness, Locale::En, who, &format!("/move {mv}")).await);
    }
    assert!(said.contains("Draw"), "{said}");
}

#[tokio::test]
async fn the_first_games_first_player_is_drawn_then_rematches_alternate() {
    let mut harness = Harness::new().await;
    harness.core.draw_first_player(true);
    harness.meet("Bruno").await;
    let mut firsts = std::collections::BTreeSet::new();
    for _ in 0..24 {
        say_in(&mut harness, Locale::En, "Ana", "/connect4 @bruno").await;
        let said = words(&say_in(&mut harness, Locale::En, "Bruno", "/accept").await);
        let first = if said.contains("Drawn at random: Ana plays first.") {
            "Ana"
        } else {
            assert!(said.contains("Drawn at random: Bruno plays first."), "{said}");
            "Bruno"
        };
        firsts.insert(first);
        say_in(&mut harness, Locale::En, "Ana", "/resign confirm").await;
        // The rematch is not drawn: the other player starts.
        say_in(&mut harness, Locale::En, "Bruno", "/rematch").await;
        let said = words(&say_in(&mut harness, Locale::En, "Ana", "/accept").await);
        assert!(!said.contains("Drawn"), "{said}");
        let other = if first == "Ana" { "Bruno" } else { "Ana" };
        assert!(said.contains(&format!("{other} (red) to move")), "{said}");
        say_in(&mut harness, Locale::En, "Ana", "/resign confirm").await;
    }
    assert_eq!(firsts.len(), 2, "both start some first games: {firsts:?}");
}

// Item 26: settings and replies.

#[tokio::test]
async fn refused_values_list_the_allowed_ones_and_settings_take_a_word_alone() {
    let mut harness = Harness::new().await;
    let said = words(&admin_says(&mut harness, "Ana", "/settings gomoku timer 45").await);
    assert_eq!(said, "The option timer cannot be “45”: it takes 0, 30 or 60 (seconds).");
    let mut input = harness.input("Ana", Action::Command("/ajustes gomoku tiempo 45".into()));
    input.locale = Some(Locale::Es);
    input.is_chat_admin = true;
    let said = words(&harness.deliver(input).await);
    assert_eq!(said, "La opción tiempo no admite el valor «45»: admite 0, 30 o 60 (segundos).");
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/gomoku cpu dificilísimo").await);
    assert_eq!(said, "dificilísimo no es un nivel: fácil, normal o difícil.");
    assert_eq!(harness.core.active_games().count(), 0);
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/renju @bruno 19").await);
    assert!(said.ends_with("it is played on 15×15."), "{said}");
    // /settings <game> amistosa, as in a challenge.
    let mut input = harness.input("Ana", Action::Command("/ajustes gomoku amistosa".into()));
    input.locale = Some(Locale::Es);
    input.is_chat_admin = true;
    let said = words(&harness.deliver(input).await);
    assert!(said.contains("· clasificatoria no"), "{said}");
    harness.meet("Bruno").await;
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/gomoku @bruno").await);
    assert!(said.contains("Opciones: amistosa."), "{said}");
}

#[tokio::test]
async fn an_unknown_game_lists_cinco_and_a_lone_slash_gets_the_help() {
    let mut harness = Harness::new().await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/rules chess").await);
    assert!(said.ends_with("connect4, cinco."), "{said}");
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/").await);
    assert!(said.starts_with("Comandos de cincobot:"), "{said}");
}

// Item 22: an undo request says what goes back and names the buttons as they are.

#[tokio::test]
async fn an_undo_request_says_how_many_moves_go_and_whose() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    say_in(&mut harness, Locale::En, "Ana", "/move h8").await;
    say_in(&mut harness, Locale::En, "Bruno", "/move a1").await;
    // Ana asks with Bruno's reply on the board: both moves go.
    let asked = say_in(&mut harness, Locale::En, "Ana", "/undo").await;
    let said = words(&asked);
    assert!(said.contains("Ana asks to take back 2 moves: h8 (Ana), a1 (Bruno)."), "{said}");
    let texts = Texts::load().expect("the message files parse");
    let labels: Vec<String> = asked
        .iter()
        .filter_map(|output| match output {
            Output::Send { message, .. } => Some(message),
            _ => None,
        })
        .flat_map(|message| message.components.iter())
        .flat_map(|row| match row {
            cincobot::core::Row::Buttons(buttons) => buttons.clone(),
            cincobot::core::Row::Select(_) => Vec::new(),
        })
        .map(|button| texts.render(Locale::En, &button.label))
        .collect();
    assert_eq!(labels, ["Allow undo", "Refuse"]);
    assert!(said.contains("Bruno, press Allow undo or Refuse"), "{said}");
    // Asking back names the same buttons, in Spanish too.
    let said = words(&say_in(&mut harness, Locale::Es, "Bruno", "/deshacer").await);
    assert!(said.contains("pulsa Aceptar deshacer o Rechazar"), "{said}");
}

// Item 25: /export and /history N.

#[tokio::test]
async fn an_export_has_no_path_in_the_chat_nor_a_sentence_in_the_file() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    say_in(&mut harness, Locale::Es, "Ana", "/mover h8").await;
    say_in(&mut harness, Locale::Es, "Bruno", "/mover a1").await;
    say_in(&mut harness, Locale::Es, "Bruno", "/rendirse confirmar").await;
    let exported = say_in(&mut harness, Locale::Es, "Ana", "/exportar").await;
    let said = words(&exported);
    assert!(!said.contains("docs/") && !said.contains(".md"), "{said}");
    assert!(said.contains("#1") && said.contains(".psq"), "{said}");
    let text = exported
        .iter()
        .find_map(|output| match output {
            Output::File { file: cincobot::core::Attachment::Document { text, .. }, .. } => {
                Some(text.clone())
            }
            _ => None,
        })
        .expect("a document");
    let result = text.lines().find(|line| line.starts_with("Result:")).expect("a result line");
    assert_eq!(result, "Result: 1-0");
    assert!(!text.contains("gana") && !text.contains("rindió"), "{text}");
}

#[tokio::test]
async fn history_past_its_last_page_says_how_many_there_are() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    say_in(&mut harness, Locale::En, "Ana", "/resign confirm").await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/history 3").await);
    assert!(said.contains("There is no page 3: the history has 1 page, shown here."), "{said}");
    assert!(said.contains("#1"), "{said}");
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/historial 1").await);
    assert!(!said.contains("No hay página"), "{said}");
}
