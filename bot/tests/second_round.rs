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
