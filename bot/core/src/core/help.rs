//! `/help`: every command of the table under the name its reader types, with what it takes
//! and what it does; the challenges share a line, as they take the same arguments.

use super::commands::{CommandKind, CommandSpec, listed};
use crate::games::{GameKind, TurnTimer, board_sizes};
use crate::i18n::{Locale, Text};

/// The help in `locale`, a line per command (one for every challenge; `/web` only with the
/// `web_board` on), then the options a challenge takes.
#[must_use]
pub fn help(locale: Locale, web_board: bool) -> Vec<Text> {
    let is_challenge = |command: &&CommandSpec| matches!(command.kind, CommandKind::Challenge(_));
    let mut lines = vec![Text::new("help-title")];
    let mut challenges_listed = false;
    for command in listed(web_board) {
        if !is_challenge(&command) {
            lines.push(line(format!("/{}", command.name(locale)), command.usage, command.about));
        } else if !challenges_listed {
            challenges_listed = true;
            let names: Vec<String> = listed(web_board)
                .filter(is_challenge)
                .map(|challenge| format!("/{}", challenge.name(locale)))
                .collect();
            lines.push(line(names.join(", "), command.usage, "help-about-challenges"));
        }
    }
    lines.push(Text::new("help-options").with("sizes", sizes()).with("timers", timers()));
    lines
}

fn line(names: String, usage: Option<&'static str>, about: &'static str) -> Text {
    match usage {
        Some(usage) => Text::new("help-line-usage").with("usage", Text::new(usage)),
        None => Text::new("help-line"),
    }
    .with("commands", names)
    .with("about", Text::new(about))
}

/// Every board side some game is played on, each once: `15/19/13`.
fn sizes() -> String {
    let mut sides: Vec<u8> = Vec::new();
    for side in GameKind::ALL.iter().flat_map(|&kind| board_sizes(kind)) {
        if !sides.contains(side) {
            sides.push(*side);
        }
    }
    sides.iter().map(u8::to_string).collect::<Vec<_>>().join("/")
}

/// The turn timers in seconds, 0 for none: `0|30|60`.
fn timers() -> String {
    TurnTimer::ALL.map(|timer| u16::from(timer).to_string()).join("|")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::commands::COMMANDS;
    use crate::i18n::Texts;

    /// Discord's longest message, the shortest of the platforms': help fits in one message
    /// everywhere.
    const CONTENT_LIMIT: usize = 2000;

    #[test]
    fn the_help_names_every_command_in_the_reader_language_and_fits_a_discord_message() {
        let texts = Texts::load().expect("the message files parse");
        for locale in Locale::ALL {
            let said = texts.render_lines(locale, &help(locale, true));
            for command in &COMMANDS {
                let named = said
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .any(|word| word == format!("/{}", command.name(locale)));
                assert!(named, "{locale}: /{} in {said}", command.name(locale));
            }
            assert!(said.chars().count() <= CONTENT_LIMIT, "{locale}: {}", said.chars().count());
            assert!(said.contains(" 15/19/13 ") && said.contains(" 0|30|60,"), "{said}");
            let off = texts.render_lines(locale, &help(locale, false));
            assert!(!off.contains("/web"), "{locale}: no /web with the board off: {off}");
        }
    }
}
