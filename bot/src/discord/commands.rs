//! The slash commands the bot registers: the chat commands' names, typed options, and the
//! Spanish names and descriptions for both Spanish locales Discord has (`es-ES`, `es-419`).
//! Discord always sends a command and its options under their English names, whatever the
//! client shows, so only [`super::typed`] reads them back.

use serenity::all::{CommandOptionType, CreateCommand, CreateCommandOption, Permissions};

use crate::games::{Family, GameKind, board_sizes, has_shape_options};
use crate::i18n::{Locale, Text, Texts};

/// Discord's Spanish locales: Spain, and Latin America.
pub const SPANISH_LOCALES: [&str; 2] = ["es-ES", "es-419"];

/// Each command: its English name, its Spanish name, and the message describing it.
pub const COMMANDS: [(&str, &str, &str); 26] = [
    ("help", "ayuda", "dc-command-help"),
    ("connect5", "conecta5", "dc-command-connect5"),
    ("connect4", "conecta4", "dc-command-connect4"),
    ("gomoku", "gomoku", "dc-command-gomoku"),
    ("renju", "renju", "dc-command-renju"),
    ("ninuki", "ninuki", "dc-command-ninuki"),
    ("pente", "pente", "dc-command-pente"),
    ("move", "mover", "dc-command-move"),
    ("board", "tablero", "dc-command-board"),
    ("undo", "deshacer", "dc-command-undo"),
    ("resign", "rendirse", "dc-command-resign"),
    ("rematch", "revancha", "dc-command-rematch"),
    ("accept", "aceptar", "dc-command-accept"),
    ("decline", "rechazar", "dc-command-decline"),
    ("join", "unirse", "dc-command-join"),
    ("rules", "reglas", "dc-command-rules"),
    ("stats", "estadisticas", "dc-command-stats"),
    ("replay", "repeticion", "dc-command-replay"),
    ("history", "historial", "dc-command-history"),
    ("export", "exportar", "dc-command-export"),
    ("leaderboard", "clasificacion", "dc-command-leaderboard"),
    ("language", "idioma", "dc-command-language"),
    ("settings", "ajustes", "dc-command-settings"),
    ("cancel", "cancelar", "dc-command-cancel"),
    ("cinco", "cinco", "dc-command-cinco"),
    ("hand", "mano", "dc-command-hand"),
];

/// An option: English name, Spanish name, the message describing it.
type Named = (&'static str, &'static str, &'static str);

pub const OPPONENT: Named = ("opponent", "rival", "dc-option-opponent");
pub const CPU: Named = ("cpu", "cpu", "dc-option-cpu");
pub const SIZE: Named = ("size", "tamaño", "dc-option-size");
pub const TIMER: Named = ("timer", "tiempo", "dc-option-timer");
pub const RANKED: Named = ("ranked", "clasificatoria", "dc-option-ranked");
pub const OVERLINE: Named = ("overline", "linea-larga", "dc-option-overline");
pub const FORBIDDEN: Named = ("forbidden", "prohibidos", "dc-option-forbidden");
pub const POPOUT: Named = ("popout", "popout", "dc-option-popout");
pub const POINT: Named = ("point", "jugada", "dc-option-point");
pub const GAME: Named = ("game", "partida", "dc-option-game");
pub const CONFIRM: Named = ("confirm", "confirmar", "dc-option-confirm");
pub const ANSWER: Named = ("answer", "respuesta", "dc-option-answer");
pub const NUMBERS: Named = ("numbers", "numeros", "dc-option-numbers");
pub const KIND: Named = ("kind", "juego", "dc-option-kind");
pub const FULL: Named = ("full", "completo", "dc-option-full");
pub const USER: Named = ("user", "usuario", "dc-option-user");
pub const LANGUAGE: Named = ("language", "idioma", "dc-option-language");
pub const CHALLENGE: Named = ("challenge", "desafio", "dc-option-challenge");
pub const SETTING: Named = ("setting", "opcion", "dc-option-setting");
pub const VALUE: Named = ("value", "valor", "dc-option-value");
pub const PAGE: Named = ("page", "pagina", "dc-option-page");

/// The CPU levels as choices: value, message of the name.
const LEVELS: [(&str, &str); 3] =
    [("easy", "dc-choice-easy"), ("normal", "dc-choice-normal"), ("hard", "dc-choice-hard")];

/// Builds the registrations with the texts of both languages.
struct Builder<'a> {
    texts: &'a Texts,
}

impl Builder<'_> {
    fn words(&self, locale: Locale, id: &'static str) -> String {
        self.texts.render(locale, &Text::new(id))
    }

    fn option(
        &self,
        kind: CommandOptionType,
        (english, spanish, id): Named,
    ) -> CreateCommandOption {
        let mut option =
            CreateCommandOption::new(kind, english, self.words(Locale::En, id)).required(false);
        for locale in SPANISH_LOCALES {
            option = option
                .name_localized(locale, spanish)
                .description_localized(locale, self.words(Locale::Es, id));
        }
        option
    }

    /// A string option whose choices are named by messages.
    fn choices(&self, named: Named, choices: &[(&str, &'static str)]) -> CreateCommandOption {
        choices.iter().fold(
            self.option(CommandOptionType::String, named),
            |option, &(value, id)| {
                let spanish = self.words(Locale::Es, id);
                option.add_string_choice_localized(
                    self.words(Locale::En, id),
                    value,
                    SPANISH_LOCALES.map(|locale| (locale, spanish.clone())),
                )
            },
        )
    }

    /// The game option (rules, history, leaderboard, settings): every board game and CINCO.
    fn games(&self) -> CreateCommandOption {
        let games = GameKind::ALL.iter().map(|&kind| Family::Board(kind));
        games.chain([Family::Cinco]).fold(
            self.option(CommandOptionType::String, KIND),
            |option, game| {
                let spanish = self.words(Locale::Es, game.name_id());
                option.add_string_choice_localized(
                    self.words(Locale::En, game.name_id()),
                    game.code(),
                    SPANISH_LOCALES.map(|locale| (locale, spanish.clone())),
                )
            },
        )
    }

    fn number(&self, named: Named) -> CreateCommandOption {
        self.option(CommandOptionType::Integer, named).min_int_value(1)
    }

    fn switch(&self, named: Named) -> CreateCommandOption {
        self.option(CommandOptionType::Boolean, named)
    }

    /// A challenge's options: only those `kind` has.
    fn challenge(&self, kind: GameKind) -> Vec<CreateCommandOption> {
        let mut options =
            vec![self.option(CommandOptionType::User, OPPONENT), self.choices(CPU, &LEVELS)];
        let sizes = board_sizes(kind);
        if sizes.len() > 1 {
            let size = sizes.iter().fold(self.option(CommandOptionType::Integer, SIZE), |o, s| {
                o.add_int_choice(format!("{s}×{s}"), i32::from(*s))
            });
            options.push(size);
        }
        let none = self.words(Locale::Es, "dc-choice-none");
        let timer = self
            .option(CommandOptionType::Integer, TIMER)
            .add_int_choice_localized(
                self.words(Locale::En, "dc-choice-none"),
                0,
                SPANISH_LOCALES.map(|locale| (locale, none.clone())),
            )
            .add_int_choice("30 s", 30)
            .add_int_choice("60 s", 60);
        options.extend([timer, self.switch(RANKED)]);
        if has_shape_options(kind) {
            options.extend([self.switch(OVERLINE), self.switch(FORBIDDEN)]);
        }
        if kind.has_columns() {
            options.push(self.switch(POPOUT));
        }
        options
    }

    fn options(&self, name: &str) -> Vec<CreateCommandOption> {
        if let Some(kind) = GameKind::parse(name) {
            return self.challenge(kind);
        }
        match name {
            "move" => vec![
                self.option(CommandOptionType::String, POINT).required(true).set_autocomplete(true),
                self.number(GAME),
                self.switch(CONFIRM),
            ],
            "resign" => vec![self.number(GAME), self.switch(CONFIRM)],
            "undo" => vec![self.number(GAME), self.switch(ANSWER)],
            "board" => vec![self.number(GAME), self.switch(NUMBERS)],
            "rematch" | "cancel" | "replay" | "export" | "hand" => vec![self.number(GAME)],
            "history" => {
                vec![self.option(CommandOptionType::User, USER), self.games(), self.number(PAGE)]
            }
            "rules" => vec![self.games(), self.switch(FULL)],
            "stats" => vec![self.option(CommandOptionType::User, USER)],
            "leaderboard" => vec![self.games()],
            "language" => vec![
                self.choices(LANGUAGE, &[("es", "dc-choice-spanish"), ("en", "dc-choice-english")]),
            ],
            "settings" => vec![
                self.games(),
                self.option(CommandOptionType::String, SETTING),
                self.option(CommandOptionType::String, VALUE),
            ],
            "accept" | "decline" | "join" => vec![self.number(CHALLENGE)],
            _ => Vec::new(),
        }
    }

    fn command(&self, (english, spanish, id): (&str, &str, &'static str)) -> CreateCommand {
        let mut command = CreateCommand::new(english).description(self.words(Locale::En, id));
        for locale in SPANISH_LOCALES {
            command = command
                .name_localized(locale, spanish)
                .description_localized(locale, self.words(Locale::Es, id));
        }
        // Shown by default only to those the core lets do it; a server can widen it.
        if matches!(english, "cancel" | "settings") {
            command = command.default_member_permissions(Permissions::MANAGE_CHANNELS);
        }
        command.set_options(self.options(english))
    }
}

/// Every slash command, ready to register.
#[must_use]
pub fn definitions(texts: &Texts) -> Vec<CreateCommand> {
    let builder = Builder { texts };
    COMMANDS.iter().map(|&command| builder.command(command)).collect()
}
