//! Every message exists in both languages, and every message id the code names exists.

use std::path::Path;

use cincobot::core::CpuLevel;
use cincobot::core::commands::COMMANDS;
use cincobot::games::GameKind;
use cincobot::i18n::{Locale, Texts};

/// The string literals of `source` that look like message ids: lowercase words joined by
/// hyphens, or any literal passed straight to `Text::new(` or `refused(`; not argument names.
fn ids_in(source: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut rest = source;
    while let Some(start) = rest.find('"') {
        let before = &rest[..start];
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        let literal = &after[..end];
        let direct = before.ends_with("Text::new(") || before.ends_with("refused(");
        let id_like = !literal.is_empty()
            && literal.starts_with(|c: char| c.is_ascii_lowercase())
            && literal.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        let argument_name = before.trim_end().ends_with(".with(");
        if id_like && !argument_name && (direct || literal.contains('-')) {
            ids.push(literal.to_owned());
        }
        rest = &after[end + 1..];
    }
    ids
}

fn sources(folder: &Path, found: &mut Vec<String>) {
    for entry in std::fs::read_dir(folder).expect("the source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.extend(ids_in(&std::fs::read_to_string(&path).expect("a source file")));
        }
    }
}

#[test]
fn both_languages_have_the_same_messages() {
    assert_eq!(Texts::ids(Locale::Es), Texts::ids(Locale::En));
    assert!(Texts::ids(Locale::Es).len() > 100);
}

#[test]
fn every_message_the_code_names_exists() {
    let texts = Texts::load().expect("the message files parse");
    let bot = Path::new(env!("CARGO_MANIFEST_DIR"));
    let core = bot.join("core/src");
    let mut used = Vec::new();
    // The words players type (option and game names) live in these two files, not messages.
    for folder in ["core", "i18n"] {
        sources(&core.join(folder), &mut used);
    }
    let files = [
        "core/src/games/refusal.rs",
        "core/src/games/position.rs",
        "src/console.rs",
        "web/src/words.rs",
    ];
    for file in files {
        used.extend(ids_in(&std::fs::read_to_string(bot.join(file)).expect("a source file")));
    }
    used.extend(GameKind::ALL.iter().map(|kind| kind.name_id().to_owned()));
    used.extend(
        [CpuLevel::Easy, CpuLevel::Normal, CpuLevel::Hard].map(|level| level.name_id().to_owned()),
    );
    // The typed options' names are words players type (`linea-larga`), not messages.
    let option_names: Vec<&str> = COMMANDS
        .iter()
        .flat_map(|command| command.options())
        .flat_map(|option| [option.english, option.spanish])
        .collect();
    used.retain(|id| !option_names.contains(&id.as_str()));
    used.sort();
    used.dedup();
    assert!(used.len() > 100, "the scan finds the ids ({})", used.len());
    let missing: Vec<_> =
        used.iter().filter(|id| !texts.has(Locale::Es, id) || !texts.has(Locale::En, id)).collect();
    assert!(missing.is_empty(), "messages missing from the Fluent files: {missing:?}");
}

#[test]
fn arguments_are_filled_in_without_isolation_marks() {
    let texts = Texts::load().expect("the message files parse");
    let text = cincobot::i18n::Text::new("status-turn")
        .with("name", "Ana")
        .with("colour", cincobot::i18n::Text::new("colour-black"));
    assert_eq!(texts.render(Locale::Es, &text), "Turno de Ana (negras).");
    assert_eq!(texts.render(Locale::En, &text), "Ana (black) to move.");
}

#[test]
fn rules_come_in_the_reader_language() {
    let spanish = cincobot::core::rules_section(GameKind::Pente, Locale::Es);
    let english = cincobot::core::rules_section(GameKind::Pente, Locale::En);
    assert!(spanish.starts_with("## Español"));
    assert!(english.starts_with("## English"));
    assert!(!spanish.contains("## English"));
}

/// Players get the rules alone: no passage for maintainers (commands, measurements, source
/// files), no raw table; the CINCO summary gives each special card a line of its own.
#[test]
fn players_read_the_rules_without_maintainers_notes_and_tables_as_lists() {
    use cincobot::games::Family;
    let families =
        [GameKind::Gomoku, GameKind::Renju, GameKind::Ninuki, GameKind::Pente, GameKind::Connect5]
            .map(Family::Board)
            .into_iter()
            .chain([Family::Cinco]);
    for family in families {
        for locale in [Locale::Es, Locale::En] {
            let rules = cincobot::core::rules_for_players(family, locale);
            for note in ["cargo", ".rs`", "<!--", "Gomocup", "|---"] {
                assert!(!rules.contains(note), "{family:?} {locale:?} has {note}");
            }
            assert!(rules.len() > 1000, "{family:?} {locale:?}: the rules are there");
        }
    }
    let cinco = cincobot::core::rules_for_players(Family::Cinco, Locale::Es);
    assert!(cinco.contains("- **Comodín número 5 (negro)** — Cuántas: dos"), "{cinco}");
    let texts = Texts::load().expect("the message files parse");
    for locale in [Locale::Es, Locale::En] {
        let summary = texts.render(locale, &cincobot::i18n::Text::new("rules-summary-cinco"));
        for card in ["Reversa", "Saltar", "Puntaje", "Embargo", "Protección", "Cambio"] {
            let lines = summary.lines().filter(|line| line.contains(card)).count();
            assert!(lines >= 1, "{locale:?}: {card} has a line: {summary}");
        }
        assert!(summary.lines().count() >= 11, "{summary}");
    }
}
