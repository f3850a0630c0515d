//! The command menu (`setMyCommands`): English names for English clients, Spanish names for
//! Spanish ones (the core reads both), and the Spanish list as the default for everyone else.
//! `/web` is in it only while the web board is on.

use teloxide::prelude::*;
use teloxide::types::BotCommand;

use cincobot_core::core::commands::listed;
use cincobot_core::i18n::{Locale, Text, Texts};

/// The menu in `locale`, `/web` in it when the `web_board` is on.
#[must_use]
pub fn commands(texts: &Texts, locale: Locale, web_board: bool) -> Vec<BotCommand> {
    listed(web_board)
        .map(|command| {
            BotCommand::new(command.name(locale), texts.render(locale, &Text::new(command.about)))
        })
        .collect()
}

/// Registers the menus. A failure is logged, not fatal: commands work without a menu.
pub async fn register(bot: &Bot, texts: &Texts, token: &str, web_board: bool) {
    let menus = [(Some("en"), Locale::En), (Some("es"), Locale::Es), (None, Locale::Es)];
    for (language, locale) in menus {
        let mut request = bot.set_my_commands(commands(texts, locale, web_board));
        if let Some(language) = language {
            request = request.language_code(language);
        }
        if let Err(error) = request.await {
            tracing::warn!(error = %super::retry::describe(&error, token), "setMyCommands failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cincobot_core::core::commands::{COMMANDS, CommandKind, kind_of};
    use cincobot_core::core::parse_command;

    /// Telegram's rules for a menu entry: a name of 1 to 32 lowercase letters, digits and
    /// underscores, a description of 1 to 256 characters.
    #[test]
    fn every_menu_name_is_valid_and_reads_back_as_its_command() {
        let texts = Texts::load().expect("the message files parse");
        for locale in Locale::ALL {
            let menu = commands(&texts, locale, true);
            assert_eq!(menu.len(), COMMANDS.len());
            let off = commands(&texts, locale, false);
            assert_eq!(off.len(), COMMANDS.len() - 1);
            assert!(off.iter().all(|entry| entry.command != "web"), "no /web with the board off");
            for (entry, command) in menu.iter().zip(&COMMANDS) {
                let name = entry.command.as_str();
                assert!(
                    (1..=32).contains(&name.len())
                        && name
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                    "{name}"
                );
                assert!((1..=256).contains(&entry.description.chars().count()), "{name}");
                let argument = if command.kind == CommandKind::Move { " h8" } else { "" };
                let read = parse_command(&format!("/{name}{argument}"), "cincobot");
                assert_eq!(
                    read.map(|read| read.as_ref().map(kind_of)),
                    Ok(Some(command.kind)),
                    "/{name}"
                );
            }
        }
    }
}
