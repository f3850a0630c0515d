//! The command menu (`setMyCommands`): English names for English clients, Spanish names for
//! Spanish ones (the core reads both), and the Spanish list as the default for everyone else.

use teloxide::prelude::*;
use teloxide::types::BotCommand;

use crate::i18n::{Locale, Text, Texts};

/// Each command: its English name, its Spanish name, and the message describing it.
pub const COMMANDS: [(&str, &str, &str); 26] = [
    ("help", "ayuda", "tg-command-help"),
    ("connect5", "conecta5", "tg-command-connect5"),
    ("connect4", "conecta4", "tg-command-connect4"),
    ("gomoku", "gomoku", "tg-command-gomoku"),
    ("renju", "renju", "tg-command-renju"),
    ("ninuki", "ninuki", "tg-command-ninuki"),
    ("pente", "pente", "tg-command-pente"),
    ("cinco", "cinco", "tg-command-cinco"),
    ("hand", "mano", "tg-command-hand"),
    ("move", "mover", "tg-command-move"),
    ("board", "tablero", "tg-command-board"),
    ("undo", "deshacer", "tg-command-undo"),
    ("resign", "rendirse", "tg-command-resign"),
    ("rematch", "revancha", "tg-command-rematch"),
    ("accept", "aceptar", "tg-command-accept"),
    ("decline", "rechazar", "tg-command-decline"),
    ("join", "unirse", "tg-command-join"),
    ("rules", "reglas", "tg-command-rules"),
    ("stats", "estadisticas", "tg-command-stats"),
    ("replay", "repeticion", "tg-command-replay"),
    ("history", "historial", "tg-command-history"),
    ("export", "exportar", "tg-command-export"),
    ("leaderboard", "clasificacion", "tg-command-leaderboard"),
    ("language", "idioma", "tg-command-language"),
    ("settings", "ajustes", "tg-command-settings"),
    ("cancel", "cancelar", "tg-command-cancel"),
];

/// The menu in `locale`.
#[must_use]
pub fn commands(texts: &Texts, locale: Locale) -> Vec<BotCommand> {
    COMMANDS
        .iter()
        .map(|&(english, spanish, id)| {
            let name = match locale {
                Locale::En => english,
                Locale::Es => spanish,
            };
            BotCommand::new(name, texts.render(locale, &Text::new(id)))
        })
        .collect()
}

/// Registers the menus. A failure is logged, not fatal: commands work without a menu.
pub async fn register(bot: &Bot, texts: &Texts, token: &str) {
    let menus = [(Some("en"), Locale::En), (Some("es"), Locale::Es), (None, Locale::Es)];
    for (language, locale) in menus {
        let mut request = bot.set_my_commands(commands(texts, locale));
        if let Some(language) = language {
            request = request.language_code(language);
        }
        if let Err(error) = request.await {
            tracing::warn!(error = %super::retry::describe(&error, token), "setMyCommands failed");
        }
    }
}
