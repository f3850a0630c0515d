//! Every command the bot has, once: the names it answers to in both languages, the message
//! describing it, its typed options with their choices, and whether it is for a chat's
//! admins. The parser, Telegram's menu, Discord's registration and typed options, and `/help`
//! are all read from here, so that a command cannot be known to one of them and not another.

use engine::cpu::Level;

use crate::games::{Family, GameKind, TurnTimer, board_sizes, has_shape_options};
use crate::i18n::{Locale, Text};
use crate::identity::CpuLevel;

/// Which command a name stands for, before its arguments are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommandKind {
    Challenge(GameKind),
    Cinco,
    Hand,
    Web,
    Move,
    Board,
    Undo,
    Resign,
    Rematch,
    Accept,
    Decline,
    Join,
    Rules,
    Stats,
    Replay,
    History,
    Export,
    Leaderboard,
    Language,
    Settings,
    Cancel,
    Help,
}

/// One command of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandSpec {
    pub kind: CommandKind,
    /// The name menus show English readers, and the one Discord always sends back.
    pub english: &'static str,
    /// The name menus show Spanish readers (Telegram, and Discord's Spanish locales).
    pub spanish: &'static str,
    /// Other names people type: accents, abbreviations, habits from other bots.
    pub aliases: &'static [&'static str],
    /// The message describing the command, short enough for every platform's menu.
    pub about: &'static str,
    /// The message showing the arguments typed after the name, for `/help`.
    pub usage: Option<&'static str>,
    /// Whether what the command changes in a chat is for the chat's admins alone (what it
    /// only shows is for everyone).
    pub admin_only: bool,
}

const fn command(
    kind: CommandKind,
    [english, spanish]: [&'static str; 2],
    about: &'static str,
    usage: Option<&'static str>,
) -> CommandSpec {
    CommandSpec { kind, english, spanish, aliases: &[], about, usage, admin_only: false }
}

const fn challenge(kind: GameKind, spanish: &'static str, about: &'static str) -> CommandSpec {
    let names = [kind.code(), spanish];
    command(CommandKind::Challenge(kind), names, about, Some("help-usage-challenge"))
}

impl CommandSpec {
    const fn also(self, aliases: &'static [&'static str]) -> CommandSpec {
        CommandSpec { aliases, ..self }
    }

    const fn for_admins(self) -> CommandSpec {
        CommandSpec { admin_only: true, ..self }
    }

    /// The name readers of `locale` see in menus and in `/help`.
    #[must_use]
    pub const fn name(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::En => self.english,
            Locale::Es => self.spanish,
        }
    }

    /// Every name the parser takes for this command, lowercase.
    pub fn names(&self) -> impl Iterator<Item = &'static str> {
        [self.english, self.spanish].into_iter().chain(self.aliases.iter().copied())
    }

    /// The typed options, in the order platforms that type them show them.
    #[must_use]
    pub fn options(&self) -> Vec<CommandOption> {
        match self.kind {
            CommandKind::Challenge(kind) => challenge_options(kind),
            CommandKind::Move => vec![POINT, GAME, CONFIRM],
            CommandKind::Resign => vec![GAME, CONFIRM],
            CommandKind::Undo => vec![GAME, ANSWER],
            CommandKind::Board => vec![GAME, NUMBERS],
            CommandKind::Rematch
            | CommandKind::Cancel
            | CommandKind::Replay
            | CommandKind::Export
            | CommandKind::Hand
            | CommandKind::Web => vec![GAME],
            CommandKind::History => vec![USER, KIND, PAGE],
            CommandKind::Rules => vec![KIND, FULL],
            CommandKind::Stats => vec![USER],
            CommandKind::Leaderboard => vec![KIND],
            CommandKind::Language => vec![LANGUAGE],
            CommandKind::Settings => vec![KIND, SETTING, VALUE],
            CommandKind::Accept | CommandKind::Decline | CommandKind::Join => vec![CHALLENGE],
            CommandKind::Help | CommandKind::Cinco => Vec::new(),
        }
    }
}

/// The commands a bot lists in its menus and `/help`, in their order: every one, but `/web`
/// while the web board is off (it would only say so).
pub fn listed(web_board: bool) -> impl Iterator<Item = &'static CommandSpec> {
    COMMANDS.iter().filter(move |command| web_board || command.kind != CommandKind::Web)
}

/// Every command, in the order menus list them.
pub const COMMANDS: [CommandSpec; 27] = [
    // Telegram's client sends `/start` when someone opens a private chat with the bot.
    command(CommandKind::Help, ["help", "ayuda"], "command-about-help", None).also(&["start"]),
    challenge(GameKind::Connect5, "conecta5", "command-about-connect5"),
    challenge(GameKind::Connect4, "conecta4", "command-about-connect4"),
    challenge(GameKind::Gomoku, "gomoku", "command-about-gomoku"),
    challenge(GameKind::Renju, "renju", "command-about-renju"),
    challenge(GameKind::Ninuki, "ninuki", "command-about-ninuki"),
    challenge(GameKind::Pente, "pente", "command-about-pente"),
    command(CommandKind::Cinco, ["cinco", "cinco"], "command-about-cinco", None),
    command(CommandKind::Hand, ["hand", "mano"], "command-about-hand", Some("help-usage-game")),
    command(CommandKind::Web, ["web", "web"], "command-about-web", Some("help-usage-game"))
        .also(&["enlace"]),
    command(CommandKind::Move, ["move", "mover"], "command-about-move", Some("help-usage-move"))
        .also(&["m"]),
    command(
        CommandKind::Board,
        ["board", "tablero"],
        "command-about-board",
        Some("help-usage-board"),
    ),
    command(CommandKind::Undo, ["undo", "deshacer"], "command-about-undo", Some("help-usage-undo")),
    command(
        CommandKind::Resign,
        ["resign", "rendirse"],
        "command-about-resign",
        Some("help-usage-resign"),
    )
    .also(&["abandonar"]),
    command(
        CommandKind::Rematch,
        ["rematch", "revancha"],
        "command-about-rematch",
        Some("help-usage-game"),
    ),
    command(
        CommandKind::Accept,
        ["accept", "aceptar"],
        "command-about-accept",
        Some("help-usage-challenge-number"),
    ),
    command(
        CommandKind::Decline,
        ["decline", "rechazar"],
        "command-about-decline",
        Some("help-usage-challenge-number"),
    ),
    command(
        CommandKind::Join,
        ["join", "unirse"],
        "command-about-join",
        Some("help-usage-challenge-number"),
    ),
    command(
        CommandKind::Rules,
        ["rules", "reglas"],
        "command-about-rules",
        Some("help-usage-rules"),
    ),
    command(
        CommandKind::Stats,
        ["stats", "estadisticas"],
        "command-about-stats",
        Some("help-usage-stats"),
    )
    .also(&["estadísticas"]),
    command(
        CommandKind::Replay,
        ["replay", "repeticion"],
        "command-about-replay",
        Some("help-usage-game"),
    )
    .also(&["repetición"]),
    command(
        CommandKind::History,
        ["history", "historial"],
        "command-about-history",
        Some("help-usage-history"),
    ),
    command(
        CommandKind::Export,
        ["export", "exportar"],
        "command-about-export",
        Some("help-usage-game"),
    ),
    command(
        CommandKind::Leaderboard,
        ["leaderboard", "clasificacion"],
        "command-about-leaderboard",
        Some("help-usage-leaderboard"),
    )
    .also(&["clasificación"]),
    command(
        CommandKind::Language,
        ["language", "idioma"],
        "command-about-language",
        Some("help-usage-language"),
    )
    .for_admins(),
    command(
        CommandKind::Settings,
        ["settings", "ajustes"],
        "command-about-settings",
        Some("help-usage-settings"),
    )
    .for_admins(),
    command(
        CommandKind::Cancel,
        ["cancel", "cancelar"],
        "command-about-cancel",
        Some("help-usage-game"),
    )
    .for_admins(),
];

/// The command `name` (any case) stands for. A challenge also answers to every way of
/// writing its game's name.
#[must_use]
pub fn named(name: &str) -> Option<CommandKind> {
    let name = name.to_lowercase();
    COMMANDS
        .iter()
        .find(|command| command.names().any(|known| known == name))
        .map(|command| command.kind)
        .or_else(|| GameKind::parse(&name).map(CommandKind::Challenge))
}

/// The command whose English name is `name`: how platforms that register commands send
/// them back whatever their clients show.
#[must_use]
pub fn by_english_name(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|command| command.english == name)
}

/// One typed option of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandOption {
    /// The name platforms send the option under.
    pub english: &'static str,
    /// The name shown to Spanish readers.
    pub spanish: &'static str,
    /// The message describing the option.
    pub about: &'static str,
    pub value: OptionValue,
    pub required: bool,
    /// Whether the platform asks the bot for values while the option is typed.
    pub suggested: bool,
}

/// What an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A person.
    User,
    /// Words of the user's own.
    Words,
    /// A game's, challenge's or page's number, counted from 1.
    Number,
    /// Yes or no.
    Switch,
    /// One of a list the games define.
    Choice(Choices),
}

/// The lists an option's value is chosen from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choices {
    /// The CPU's levels.
    Levels,
    /// The turn timers, in seconds (0 for none).
    Timers,
    /// The board sides the challenged game is played on.
    Sizes,
    /// Every game, CINCO included.
    Games,
    /// The languages the bot speaks.
    Languages,
}

/// One value to choose, with its name in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub value: ChoiceValue,
    pub name: Text,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceValue {
    Word(&'static str),
    Number(i32),
}

impl Choices {
    /// Whether the values are numbers rather than words.
    #[must_use]
    pub const fn numeric(self) -> bool {
        matches!(self, Choices::Timers | Choices::Sizes)
    }

    /// The values for `command`'s option (the sizes are those of the game it challenges to).
    #[must_use]
    pub fn list(self, command: CommandKind) -> Vec<Choice> {
        match self {
            Choices::Levels => Level::ALL
                .map(|level| {
                    let level = CpuLevel::from(level);
                    Choice {
                        value: ChoiceValue::Word(level.code()),
                        name: Text::new(level.name_id()),
                    }
                })
                .to_vec(),
            Choices::Timers => TurnTimer::ALL
                .map(|timer| {
                    let seconds = u16::from(timer);
                    Choice {
                        value: ChoiceValue::Number(i32::from(seconds)),
                        name: Text::new("choice-timer").with("seconds", u32::from(seconds)),
                    }
                })
                .to_vec(),
            Choices::Sizes => {
                let CommandKind::Challenge(kind) = command else { return Vec::new() };
                board_sizes(kind)
                    .iter()
                    .map(|&side| Choice {
                        value: ChoiceValue::Number(i32::from(side)),
                        name: Text::new("option-is-size").with("size", u32::from(side)),
                    })
                    .collect()
            }
            Choices::Games => Family::all()
                .map(|game| Choice {
                    value: ChoiceValue::Word(game.code()),
                    name: Text::new(game.name_id()),
                })
                .collect(),
            Choices::Languages => Locale::ALL
                .map(|locale| Choice {
                    value: ChoiceValue::Word(locale.code()),
                    name: Text::new("language-name").with("language", locale.code()),
                })
                .to_vec(),
        }
    }
}

const fn optional(
    [english, spanish]: [&'static str; 2],
    about: &'static str,
    value: OptionValue,
) -> CommandOption {
    CommandOption { english, spanish, about, value, required: false, suggested: false }
}

pub const OPPONENT: CommandOption =
    optional(["opponent", "rival"], "option-about-opponent", OptionValue::User);
pub const CPU: CommandOption =
    optional(["cpu", "cpu"], "option-about-cpu", OptionValue::Choice(Choices::Levels));
pub const SIZE: CommandOption =
    optional(["size", "tamaño"], "option-about-size", OptionValue::Choice(Choices::Sizes));
pub const TIMER: CommandOption =
    optional(["timer", "tiempo"], "option-about-timer", OptionValue::Choice(Choices::Timers));
pub const RANKED: CommandOption =
    optional(["ranked", "clasificatoria"], "option-about-ranked", OptionValue::Switch);
pub const OVERLINE: CommandOption =
    optional(["overline", "linea-larga"], "option-about-overline", OptionValue::Switch);
pub const FORBIDDEN: CommandOption =
    optional(["forbidden", "prohibidos"], "option-about-forbidden", OptionValue::Switch);
pub const POPOUT: CommandOption =
    optional(["popout", "popout"], "option-about-popout", OptionValue::Switch);
pub const POINT: CommandOption = CommandOption {
    required: true,
    suggested: true,
    ..optional(["point", "jugada"], "option-about-point", OptionValue::Words)
};
pub const GAME: CommandOption =
    optional(["game", "partida"], "option-about-game", OptionValue::Number);
pub const CONFIRM: CommandOption =
    optional(["confirm", "confirmar"], "option-about-confirm", OptionValue::Switch);
pub const ANSWER: CommandOption =
    optional(["answer", "respuesta"], "option-about-answer", OptionValue::Switch);
pub const NUMBERS: CommandOption =
    optional(["numbers", "numeros"], "option-about-numbers", OptionValue::Switch);
pub const KIND: CommandOption =
    optional(["kind", "juego"], "option-about-kind", OptionValue::Choice(Choices::Games));
pub const FULL: CommandOption =
    optional(["full", "completo"], "option-about-full", OptionValue::Switch);
pub const USER: CommandOption =
    optional(["user", "usuario"], "option-about-user", OptionValue::User);
pub const LANGUAGE: CommandOption = optional(
    ["language", "idioma"],
    "option-about-language",
    OptionValue::Choice(Choices::Languages),
);
pub const CHALLENGE: CommandOption =
    optional(["challenge", "desafio"], "option-about-challenge", OptionValue::Number);
pub const SETTING: CommandOption =
    optional(["setting", "opcion"], "option-about-setting", OptionValue::Words);
pub const VALUE: CommandOption =
    optional(["value", "valor"], "option-about-value", OptionValue::Words);
pub const PAGE: CommandOption =
    optional(["page", "pagina"], "option-about-page", OptionValue::Number);

/// A challenge's options: only those its game has.
fn challenge_options(kind: GameKind) -> Vec<CommandOption> {
    let mut options = vec![OPPONENT, CPU];
    if board_sizes(kind).len() > 1 {
        options.push(SIZE);
    }
    options.extend([TIMER, RANKED]);
    if has_shape_options(kind) {
        options.extend([OVERLINE, FORBIDDEN]);
    }
    if kind.has_columns() {
        options.push(POPOUT);
    }
    options
}

/// The table's command that a parsed command is: what holds each platform's reading of a
/// command to the table.
#[must_use]
pub fn kind_of(command: &super::Command) -> CommandKind {
    use super::Command;
    match command {
        Command::Challenge { kind, .. } => CommandKind::Challenge(*kind),
        Command::Move { .. } => CommandKind::Move,
        Command::Resign { .. } => CommandKind::Resign,
        Command::Undo { .. } => CommandKind::Undo,
        Command::Board(_) | Command::NumberedBoard(_) => CommandKind::Board,
        Command::Rematch(_) => CommandKind::Rematch,
        Command::Replay(_) => CommandKind::Replay,
        Command::Export(_) => CommandKind::Export,
        Command::History { .. } => CommandKind::History,
        Command::Rules { .. } => CommandKind::Rules,
        Command::Stats(_) => CommandKind::Stats,
        Command::Leaderboard(_) => CommandKind::Leaderboard,
        Command::Language(_) => CommandKind::Language,
        Command::Cancel(_) => CommandKind::Cancel,
        Command::Settings { .. } => CommandKind::Settings,
        Command::Help => CommandKind::Help,
        Command::Cinco => CommandKind::Cinco,
        Command::Hand(_) => CommandKind::Hand,
        Command::Web(_) => CommandKind::Web,
        Command::Accept(_) => CommandKind::Accept,
        Command::Decline(_) => CommandKind::Decline,
        Command::Join(_) => CommandKind::Join,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_command;
    use crate::i18n::Texts;

    /// The shortest command line that reads as `command` (a move needs its point).
    fn line(command: &CommandSpec, name: &str, arguments: &str) -> String {
        let point = if command.kind == CommandKind::Move { " h8" } else { "" };
        format!("/{name}{point} {arguments}")
    }

    #[test]
    fn every_name_reads_as_its_own_command() {
        for command in &COMMANDS {
            for name in command.names() {
                assert_eq!(named(name), Some(command.kind), "{name}");
                assert_eq!(named(&name.to_uppercase()), Some(command.kind), "{name}");
                let read = parse_command(&line(command, name, ""), "cincobot");
                assert_eq!(read.map(|read| read.as_ref().map(kind_of)), Ok(Some(command.kind)));
            }
            assert_eq!(by_english_name(command.english), Some(command));
        }
        assert_eq!(named("5enraya"), Some(CommandKind::Challenge(GameKind::Connect5)));
        assert_eq!(named("dance"), None);
    }

    #[test]
    fn every_game_is_challenged_by_exactly_one_command() {
        for kind in GameKind::ALL {
            let challenges =
                COMMANDS.iter().filter(|c| c.kind == CommandKind::Challenge(kind)).count();
            assert_eq!(challenges, 1, "{kind}");
        }
    }

    /// The table's admin flag says what [`super::super::Command::needs_admin`] decides from
    /// the arguments: an admin command needs an admin in some form, any other in none.
    #[test]
    fn the_admin_flag_agrees_with_the_core() {
        let arguments = ["", "2", "#2", "confirm", "gomoku", "gomoku timer 30", "es", "@ana"];
        for command in &COMMANDS {
            for name in command.names() {
                let needs_admin = arguments.iter().any(|arguments| {
                    let read = parse_command(&line(command, name, arguments), "cincobot");
                    read.ok().flatten().is_some_and(|read| read.needs_admin())
                });
                assert_eq!(needs_admin, command.admin_only, "/{name}");
            }
        }
    }

    /// Discord allows descriptions of 1 to 100 characters, Telegram 1 to 256: one text fits
    /// both.
    #[test]
    fn every_description_fits_every_platform() {
        let texts = Texts::load().expect("the message files parse");
        for command in &COMMANDS {
            let options = command.options().into_iter().map(|option| option.about);
            for id in options.chain([command.about]) {
                for locale in Locale::ALL {
                    let words = texts.render(locale, &Text::new(id));
                    assert!(texts.has(locale, id), "{id} in {locale}");
                    assert!((1..=100).contains(&words.chars().count()), "{id}: {words}");
                }
            }
        }
    }

    #[test]
    fn choices_come_from_the_games() {
        let gomoku = CommandKind::Challenge(GameKind::Gomoku);
        let values = |choices: Choices, command| {
            choices.list(command).into_iter().map(|choice| choice.value).collect::<Vec<_>>()
        };
        assert_eq!(
            values(Choices::Sizes, CommandKind::Challenge(GameKind::Pente)),
            [ChoiceValue::Number(19), ChoiceValue::Number(13)]
        );
        assert_eq!(values(Choices::Sizes, CommandKind::Rules), []);
        assert_eq!(
            values(Choices::Timers, gomoku),
            [0, 30, 60].map(ChoiceValue::Number),
            "none, then the seconds"
        );
        assert_eq!(values(Choices::Levels, gomoku).len(), Level::ALL.len());
        assert_eq!(values(Choices::Games, CommandKind::Rules).len(), GameKind::ALL.len() + 1);
        let connect4 = COMMANDS.iter().find(|c| c.english == "connect4").map(CommandSpec::options);
        assert_eq!(connect4, Some(vec![OPPONENT, CPU, TIMER, RANKED, POPOUT]));
    }
}
