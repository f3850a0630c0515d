//! Issue 26, the players' second round: the board games' commands, challenges and replies as
//! a first-time player meets them, in both languages.

mod common;

use cincobot::core::{Action, Output};
use cincobot::i18n::{Locale, Texts};
use common::{Harness, game_between_ana_and_bruno};

/// `user` types `line` with their client in `locale`.
async fn say_in(harness: &mut Harness, locale: Locale, user: &str, line: &str) -> Vec<Output> {
    let mut input = harness.input(user, Action::Command(line.into()));
    input.locale = Some(locale);
    harness.deliver(input).await
}

/// Everything `outputs` say, in words, one line each.
fn words(outputs: &[Output]) -> String {
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
        let menu = cincobot::telegram::menu::commands(&texts, locale);
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
