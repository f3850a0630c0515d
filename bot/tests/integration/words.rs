//! The words a player reads, put into words in both languages: challenges that name their
//! options, rule summaries, settings with one vocabulary, plurals, endings that say how the
//! game was won, and the terminal's small texts.

use crate::common;

use cincobot::core::Output;
use cincobot::i18n::{Locale, Text, Texts};
use common::{Harness, game_between_ana_and_bruno, say_in, words};

fn render(locale: Locale, text: &Text) -> String {
    Texts::load().expect("the message files parse").render(locale, text)
}

/// The line of `said` that starts with `start`.
fn line_starting<'a>(said: &'a str, start: &str) -> &'a str {
    said.lines().find(|line| line.starts_with(start)).unwrap_or_else(|| panic!("{start}: {said}"))
}

// Item 8: a challenge names what differs from the plain game.

#[tokio::test]
async fn a_challenge_names_every_option_that_differs_from_the_plain_game() {
    let mut harness = Harness::new().await;
    harness.meet("Bruno").await;
    let cases = [
        (
            Locale::En,
            "/connect5 @bruno popout",
            "Options: PopOut (a player may pop their own disc from the bottom) · ranked.",
        ),
        (
            Locale::En,
            "/gomoku @bruno overline off",
            "Options: exactly five (an overline does not win) · ranked.",
        ),
        (
            Locale::En,
            "/gomoku @bruno 19 forbidden on timer 30 casual",
            "Options: 19×19 · forbidden points for black · 30 s per turn · casual.",
        ),
        (Locale::En, "/connect4 @bruno", "Options: ranked."),
        (
            Locale::Es,
            "/conecta5 @bruno popout amistosa",
            "Opciones: PopOut (se puede sacar una ficha propia de abajo) · amistosa.",
        ),
        (
            Locale::Es,
            "/gomoku @bruno línea-larga no",
            "Opciones: solo cinco exactos (la línea larga no gana) · clasificatoria.",
        ),
        (
            Locale::Es,
            "/pente @bruno 13 tiempo 60",
            "Opciones: 13×13 · 60 s por turno · clasificatoria.",
        ),
    ];
    for (locale, command, expected) in cases {
        let said = words(&say_in(&mut harness, locale, "Ana", command).await);
        let start = if locale == Locale::Es { "Opciones" } else { "Options" };
        assert_eq!(line_starting(&said, start), expected, "{command}");
        assert!(!said.contains("usual frame") && !said.contains("marco habitual"), "{said}");
        // Withdrawn, so that the same challenge may be made again in the other language.
        say_in(&mut harness, locale, "Ana", "/decline").await;
    }
}

// Item 11: /rules gives a short summary in the reader's language; the whole document apart.

#[tokio::test]
async fn rules_are_a_short_plain_summary_with_the_whole_document_on_request() {
    let mut harness = Harness::new().await;
    for (locale, which) in [(Locale::En, "connect4"), (Locale::Es, "conecta4")] {
        let said = words(&say_in(&mut harness, locale, "Ana", "/rules").await);
        assert!(said.contains(which), "the games listed name {which}: {said}");
    }
    for game in ["gomoku", "renju", "ninuki", "pente", "connect5", "connect4", "cinco"] {
        for locale in [Locale::En, Locale::Es] {
            let outputs = say_in(&mut harness, locale, "Ana", &format!("/rules {game}")).await;
            assert!(matches!(outputs.as_slice(), [Output::Reply { .. }]), "{outputs:#?}");
            let said = words(&outputs);
            // CINCO gives each of its eight special cards a line of its own.
            let most = if game == "cinco" { 1000 } else { 900 };
            assert!(said.chars().count() < most, "{game} is short: {said}");
            for markup in ["##", "**", "`", "|---"] {
                assert!(!said.contains(markup), "{game} has no raw Markdown ({markup}): {said}");
            }
            let hint = match locale {
                Locale::En => format!("/rules {game} full"),
                Locale::Es => format!("/reglas {game} completo"),
            };
            assert!(said.contains(&hint), "{said}");
        }
    }
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/reglas renju").await);
    assert!(said.starts_with("Reglas de renju (resumen):\n· Gomoku de competición"), "{said}");
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/reglas cinco").await);
    assert!(said.starts_with("Reglas de CINCO (resumen):\n· De 2 a 6 jugadores"), "{said}");
    let full = say_in(&mut harness, Locale::En, "Ana", "/rules cinco full").await;
    match full.as_slice() {
        [Output::Direct { message, .. }, Output::Reply { .. }] => {
            let body = format!("{:?}", message.lines[0].args);
            assert!(body.contains("## English") && body.contains("Embargo"), "{body}");
        }
        other => panic!("the whole CINCO document goes privately: {other:#?}"),
    }
    let full = say_in(&mut harness, Locale::Es, "Ana", "/reglas renju completo").await;
    match full.as_slice() {
        [Output::Direct { message, .. }, Output::Reply { .. }] => {
            assert_eq!(message.lines[0].id, "rules-document");
        }
        other => panic!("the whole document goes privately: {other:#?}"),
    }
}

// Item 12: /settings shows only that game's options, in the words /help uses.

#[tokio::test]
async fn settings_list_only_the_game_options_in_one_vocabulary() {
    let mut harness = Harness::new().await;
    let renju = words(&say_in(&mut harness, Locale::Es, "Ana", "/ajustes renju").await);
    assert_eq!(
        renju,
        "Renju en este chat (cámbialo con /ajustes renju <opción> <valor>, administradores):\n\
         · tiempo 0 (sin límite)\n· clasificatoria sí\n· alternar sí"
    );
    let gomoku = words(&say_in(&mut harness, Locale::Es, "Ana", "/ajustes gomoku").await);
    assert!(gomoku.contains("· tamaño 15 (se juega en 15, 19)\n· línea-larga sí\n· prohibidos no"));
    assert!(!gomoku.contains("popout"), "{gomoku}");
    let connect = words(&say_in(&mut harness, Locale::En, "Ana", "/settings connect5").await);
    assert!(connect.contains("· popout off") && !connect.contains("size"), "{connect}");
    // Every option word the settings show is the word /help teaches.
    for (locale, help, settings) in
        [(Locale::Es, "/ayuda", &gomoku), (Locale::En, "/help", &connect)]
    {
        let help = words(&say_in(&mut harness, locale, "Ana", help).await);
        for line in settings.lines().skip(1) {
            let word = line.trim_start_matches("· ").split(' ').next().unwrap_or_default();
            assert!(help.contains(word), "/help names {word}: {help}");
        }
    }
    let help = words(&say_in(&mut harness, Locale::Es, "Ana", "/ayuda").await);
    assert!(help.contains("línea-larga sí|no, prohibidos sí|no"), "{help}");
    // An option another game lacks is named in the chat's language.
    harness.meet("Bruno").await;
    let refused =
        words(&say_in(&mut harness, Locale::Es, "Ana", "/renju @bruno prohibidos no").await);
    assert_eq!(refused, "La opción prohibidos no existe en renju.");
    let refused = words(&say_in(&mut harness, Locale::Es, "Ana", "/gomoku @bruno popout").await);
    assert_eq!(refused, "La opción popout no existe en gomoku.");
}

// Item 13: a number meets its noun in the right form.

#[test]
fn numbers_meet_their_nouns_in_both_languages() {
    let line = |n: i64| {
        Text::new("stats-line")
            .with("game", Text::new("game-gomoku"))
            .with("rating", 1500_i64)
            .with("games", n)
            .with("wins", n)
            .with("draws", n)
            .with("losses", n)
    };
    assert_eq!(
        render(Locale::Es, &line(1)),
        "Gomoku: 1500 puntos, 1 partida (1 victoria, 1 empate, 1 derrota)"
    );
    assert_eq!(
        render(Locale::Es, &line(2)),
        "Gomoku: 1500 puntos, 2 partidas (2 victorias, 2 empates, 2 derrotas)"
    );
    assert_eq!(
        render(Locale::En, &line(1)),
        "Gomoku: 1500 points, 1 game (1 won, 1 drawn, 1 lost)"
    );
    assert_eq!(
        render(Locale::En, &line(3)),
        "Gomoku: 1500 points, 3 games (3 won, 3 drawn, 3 lost)"
    );
    let board = |n: i64| {
        Text::new("leaderboard-line")
            .with("rank", 1_i64)
            .with("name", "Ana")
            .with("rating", 1500_i64)
            .with("games", n)
    };
    assert_eq!(render(Locale::Es, &board(1)), "1. Ana — 1500 (1 partida)");
    assert_eq!(render(Locale::En, &board(1)), "1. Ana — 1500 (1 game)");
    assert_eq!(render(Locale::En, &board(0)), "1. Ana — 1500 (0 games)");
    let expires = |n: i64| Text::new("challenge-expires").with("minutes", n);
    assert_eq!(render(Locale::Es, &expires(1)), "El reto caduca en 1 minuto.");
    assert_eq!(render(Locale::En, &expires(10)), "The challenge expires in 10 minutes.");
    let abandoned = |n: i64| Text::new("game-abandoned").with("id", 3_i64).with("hours", n);
    assert!(render(Locale::Es, &abandoned(1)).ends_with("nadie jugó en 1 hora."));
    assert!(render(Locale::En, &abandoned(1)).ends_with("nobody played for 1 hour."));
    let stones = |n: i64| Text::new("reason-captured-stones").with("stones", n);
    assert_eq!(render(Locale::Es, &stones(10)), "con 10 piedras capturadas");
    assert_eq!(render(Locale::En, &stones(1)), "with one stone captured");
}

/// Every Fluent file: a count written straight before a word is a plural to choose, so none
/// is left outside a selector (sizes like 15×15 and seconds "s" are no counts of nouns).
#[test]
fn no_number_meets_a_noun_outside_a_selector() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("core/locales");
    let numbers = [
        "games", "minutes", "hours", "stones", "total", "captures", "fours", "found", "expected",
        "rating",
    ];
    for locale in ["es", "en"] {
        for entry in std::fs::read_dir(root.join(locale)).expect("the locale folder").flatten() {
            let source = std::fs::read_to_string(entry.path()).expect("a Fluent file");
            for number in numbers {
                let bare = format!("{{ ${number} }} ");
                for (at, _) in source.match_indices(&bare) {
                    let next = source[at + bare.len()..].chars().next().unwrap_or(' ');
                    if !next.is_alphabetic() {
                        continue;
                    }
                    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
                    let line = &source[line_start..];
                    let line = &line[..line.find('\n').unwrap_or(line.len())];
                    assert!(
                        line.trim_start().starts_with('[') || line.trim_start().starts_with('*'),
                        "{locale}/{:?}: {line}",
                        entry.file_name()
                    );
                }
            }
        }
    }
}

// Item 14: endings say how the game was won and how the ratings moved, once.

async fn gomoku_won_by_ana(harness: &mut Harness, locale: Locale) -> String {
    game_between_ana_and_bruno(harness, "/gomoku").await;
    let mut last = Vec::new();
    for (ana, bruno) in [("h8", "a1"), ("h9", "a2"), ("h10", "a3"), ("h11", "a4")] {
        say_in(harness, locale, "Ana", &format!("/move {ana}")).await;
        say_in(harness, locale, "Bruno", &format!("/move {bruno}")).await;
    }
    last.extend(say_in(harness, locale, "Ana", "/move h12").await);
    words(&last)
}

#[tokio::test]
async fn a_won_game_says_how_and_shows_each_rating_change() {
    let mut harness = Harness::new().await;
    let said = gomoku_won_by_ana(&mut harness, Locale::En).await;
    assert!(said.contains("Ana (black) wins with five in a row."), "{said}");
    let ana = line_starting(&said, "Ana: 1500 → ");
    let bruno = line_starting(&said, "Bruno: 1500 → ");
    assert!(ana.ends_with(" points)") && ana.contains("(+"), "{ana}");
    assert!(bruno.contains("(-"), "{bruno}");
    let stats = words(&say_in(&mut harness, Locale::Es, "Ana", "/estadisticas").await);
    assert!(stats.contains("1 partida (1 victoria, 0 empates, 0 derrotas)"), "{stats}");
}

#[tokio::test]
async fn a_win_by_captures_counts_the_stones() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/ninuki").await;
    // Ana encloses two of Bruno's stones on rows 1, 3, 5, 7 and 9: five pairs, ten stones.
    let mut moves =
        vec![("Ana", "a1".to_owned()), ("Bruno", "b1".to_owned()), ("Ana", "o1".to_owned())];
    for row in [1, 3, 5, 7, 9] {
        if row > 1 {
            moves.extend([("Bruno", format!("b{row}")), ("Ana", format!("a{row}"))]);
        }
        moves.extend([("Bruno", format!("c{row}")), ("Ana", format!("d{row}"))]);
    }
    let mut last = Vec::new();
    for (player, point) in &moves {
        last = say_in(&mut harness, Locale::Es, player, &format!("/mover {point}")).await;
    }
    let said = words(&last);
    assert!(said.contains("Gana Ana (negras) con 10 piedras capturadas."), "{said}");
}

#[tokio::test]
async fn a_casual_game_changes_no_rating_and_says_none() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/connect4 casual").await;
    let mut said = String::new();
    for (ana, bruno) in [("1", "2"), ("1", "2"), ("1", "2")] {
        say_in(&mut harness, Locale::Es, "Ana", &format!("/mover {ana}")).await;
        say_in(&mut harness, Locale::Es, "Bruno", &format!("/mover {bruno}")).await;
    }
    said.push_str(&words(&say_in(&mut harness, Locale::Es, "Ana", "/mover 1").await));
    assert!(said.contains("Gana Ana (rojas) con cuatro en línea."), "{said}");
    assert!(!said.contains(" → "), "{said}");
}

#[tokio::test]
async fn a_resignation_is_told_once() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/gomoku").await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/resign confirm").await);
    assert_eq!(said.matches("resign").count(), 1, "{said}");
    assert!(said.contains("Bruno wins: Ana resigned."), "{said}");
    say_in(&mut harness, Locale::Es, "Ana", "/gomoku @bruno").await;
    say_in(&mut harness, Locale::Es, "Bruno", "/aceptar").await;
    let said = words(&say_in(&mut harness, Locale::Es, "Bruno", "/rendirse confirmar").await);
    assert_eq!(said.matches("rind").count(), 1, "{said}");
}

#[tokio::test]
async fn pente_final_score_names_both_players_with_its_breakdown() {
    let mut harness = Harness::new().await;
    game_between_ana_and_bruno(&mut harness, "/pente").await;
    for (ana, bruno) in [("K10", "A1"), ("N10", "A3"), ("L10", "A5"), ("M10", "A7")] {
        say_in(&mut harness, Locale::En, "Ana", &format!("/move {ana}")).await;
        say_in(&mut harness, Locale::En, "Bruno", &format!("/move {bruno}")).await;
    }
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/move O10").await);
    assert!(said.contains("Final score: Ana 5, Bruno 0."), "{said}");
    assert!(
        said.contains("Ana: score 5 = 5 for the line + 0 for captures + 0 for fours on the board"),
        "{said}"
    );
    assert!(said.contains("Bruno: score 0 = 0 for the line"), "{said}");
    // The game's score is not the rating's points (issue 26, item 24).
    let score_lines: Vec<&str> =
        said.lines().filter(|line| line.contains("for the line")).collect();
    assert!(score_lines.iter().all(|line| !line.contains("point")), "{said}");
    let texts = Texts::load().expect("texts");
    let label = texts.render(Locale::Es, &Text::new("label-score"));
    let rating = Text::new("rating-change")
        .with("name", "Ana")
        .with("before", 1500_i64)
        .with("after", 1510_i64)
        .with("change", "+10")
        .with("points", 10_i64);
    let rating = texts.render(Locale::Es, &rating);
    assert_eq!(label, "tanteo");
    assert!(!rating.contains(&label), "{rating}");
}

#[test]
fn a_rating_change_counts_its_points() {
    let change = |points: i64| {
        Text::new("rating-change")
            .with("name", "Ana")
            .with("before", 1500_i64)
            .with("after", 1500 + points)
            .with("change", format!("{points:+}"))
            .with("points", points.abs())
    };
    assert_eq!(render(Locale::Es, &change(1)), "Ana: 1500 → 1501 (+1 punto)");
    assert_eq!(render(Locale::Es, &change(-162)), "Ana: 1500 → 1338 (-162 puntos)");
    assert_eq!(render(Locale::En, &change(-1)), "Ana: 1500 → 1499 (-1 point)");
    assert_eq!(render(Locale::En, &change(0)), "Ana: 1500 → 1500 (+0 points)");
}

#[test]
fn a_forbidden_loss_names_the_shape_and_the_point() {
    let reason = Text::new("reason-forbidden-at")
        .with("shape", Text::new("shape-double-three"))
        .with("point", "i8");
    assert_eq!(
        render(Locale::Es, &reason),
        "porque negras jugaron un punto prohibido: doble tres en i8"
    );
    assert_eq!(
        render(Locale::En, &reason),
        "because black played a forbidden point: double three at i8"
    );
}

// Item 17: small texts.

#[tokio::test]
async fn a_cpu_is_named_without_double_brackets_and_spanish_games_are_lowercase() {
    let mut harness = Harness::new().await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/renju cpu easy").await);
    assert!(said.contains("Ana (black) against CPU easy (white)"), "{said}");
    assert!(!said.contains(") ("), "{said}");
    harness.meet("Bruno").await;
    let said = words(&say_in(&mut harness, Locale::Es, "Ana", "/renju @bruno").await);
    assert!(said.starts_with("Ana reta a Bruno a renju (reto 1)."), "{said}");
}

#[tokio::test]
async fn joining_ones_own_challenge_says_it_is_ones_own() {
    let mut harness = Harness::new().await;
    say_in(&mut harness, Locale::En, "Ana", "/gomoku").await;
    let said = words(&say_in(&mut harness, Locale::En, "Ana", "/join").await);
    assert_eq!(said, "You cannot accept your own challenge.");
    // Someone else still joins it.
    let said = words(&say_in(&mut harness, Locale::En, "Bruno", "/join").await);
    assert!(said.contains("Game #1 begins."), "{said}");
}

#[test]
fn the_terminal_shows_no_buttons_for_a_cpu_move_and_knows_admins() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let text = common::terminal(
        &folder,
        2000,
        "/as Ana\n/settings gomoku timer 30\n/as Ana admin\n/language en\n/settings gomoku timer 30\n\
         /as Ana\n/gomoku cpu easy\n/move h8\n",
    );
    let refused = text.find("Solo los administradores del chat pueden hacer eso.");
    assert!(refused.is_some(), "a plain /as is no admin:\n{text}");
    assert!(text.contains("· timer 30 (seconds per turn)"), "an admin changes settings:\n{text}");
    // Between Ana's move and the CPU's answer, the board asks the CPU: nothing to press
    // there. On Ana's turn the columns are a menu of numbered options.
    let played = text.find("Ana played h8.").unwrap_or_else(|| panic!("{text}"));
    let answered = text.find("CPU easy played").unwrap_or_else(|| panic!("{text}"));
    let press = "(type /press N)";
    assert!(!text[played..answered].contains(press), "{}", &text[played..answered]);
    assert!(text[answered..].contains("Column… [1] a  [2] b"), "{text}");
    assert!(text[answered..].contains(press), "Ana's turn has a menu:\n{text}");
    assert!(text.contains("(type /press N)") && !text.contains("escribe"), "{text}");
}
