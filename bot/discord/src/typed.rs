//! A slash command's typed options as the core's [`Command`], built directly: nothing is
//! written as a line for the core to read again. A user option names the user by id, and the
//! people it names come back too, so the core learns them ([`cincobot_core::core::Input::introduced`]).

use std::str::FromStr;

use engine::cpu::Level;
use serenity::all::{CommandData, CommandDataOptionValue, User as DiscordUser, UserId};

use super::interaction::person;
use cincobot_core::core::commands::{
    ANSWER, CHALLENGE, CONFIRM, CPU, CommandKind, CommandOption, FORBIDDEN, FULL, GAME, KIND,
    LANGUAGE, NUMBERS, OPPONENT, OVERLINE, PAGE, POINT, POPOUT, RANKED, SETTING, SIZE, TIMER, USER,
    VALUE, by_english_name,
};
use cincobot_core::core::{ChallengeId, Command, CommandError, GameId, Opponent, User};
use cincobot_core::games::{Family, GameOptions, OptionError, TurnTimer};
use cincobot_core::i18n::Locale;

/// A command with the people its options name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    pub command: Command,
    pub introduced: Vec<User>,
}

/// The options of one interaction, by English name.
struct Options<'a> {
    data: &'a CommandData,
}

impl Options<'_> {
    fn get(&self, wanted: CommandOption) -> Option<&CommandDataOptionValue> {
        let mut options = self.data.options.iter();
        options.find(|option| option.name == wanted.english).map(|option| &option.value)
    }

    fn text(&self, option: CommandOption) -> Option<String> {
        self.get(option).and_then(CommandDataOptionValue::as_str).map(str::to_owned)
    }

    fn integer(&self, option: CommandOption) -> Option<i64> {
        self.get(option).and_then(CommandDataOptionValue::as_i64)
    }

    fn switch(&self, option: CommandOption) -> Option<bool> {
        self.get(option).and_then(CommandDataOptionValue::as_bool)
    }

    fn user(&self, option: CommandOption) -> Option<UserId> {
        self.get(option).and_then(CommandDataOptionValue::as_user_id)
    }

    fn game(&self) -> Option<GameId> {
        self.integer(GAME).map(GameId)
    }

    fn challenge(&self) -> Option<ChallengeId> {
        self.integer(CHALLENGE).map(ChallengeId)
    }

    /// The game a `game` option names, CINCO included.
    fn family(&self) -> Result<Option<Family>, CommandError> {
        self.text(KIND)
            .map(|word| Family::parse(&word).ok_or(CommandError::UnknownGame(word)))
            .transpose()
    }

    /// The person a user option names, as the core knows people.
    fn person(&self, id: UserId) -> Option<User> {
        let resolved: Option<&DiscordUser> = self.data.resolved.users.get(&id);
        resolved.filter(|user| !user.bot).map(person)
    }
}

/// Reads the interaction's command; `Ok(None)` for a command the bot does not have.
///
/// # Errors
/// [`CommandError`] for options the core refuses (a size as a number the game lacks is the
/// core's to refuse; an option value Discord should not have let through is refused here).
pub fn read(data: &CommandData) -> Result<Option<Typed>, CommandError> {
    let options = Options { data };
    let mut introduced = Vec::new();
    let Some(command) = by_english_name(&data.name) else { return Ok(None) };
    let command = match command.kind {
        CommandKind::Challenge(kind) => {
            let opponent = match (options.user(OPPONENT), options.text(CPU)) {
                (Some(id), _) => {
                    introduced.extend(options.person(id));
                    Some(Opponent::User(id.get().to_string()))
                }
                (None, Some(level)) => Some(Opponent::Cpu(
                    Level::from_str(&level).map_err(|_| CommandError::BadLevel(level))?,
                )),
                (None, None) => None,
            };
            Command::Challenge { kind, opponent, options: game_options(&options)? }
        }
        CommandKind::Move => Command::Move {
            text: options
                .text(POINT)
                .filter(|text| !text.trim().is_empty())
                .ok_or(CommandError::MissingMove)?,
            game: options.game(),
            confirm: options.switch(CONFIRM).unwrap_or(false),
        },
        CommandKind::Resign => Command::Resign {
            game: options.game(),
            confirm: options.switch(CONFIRM).unwrap_or(false),
        },
        CommandKind::Undo => Command::Undo { game: options.game(), answer: options.switch(ANSWER) },
        CommandKind::Board if options.switch(NUMBERS) == Some(true) => {
            Command::NumberedBoard(options.game())
        }
        CommandKind::Board => Command::Board(options.game()),
        CommandKind::Rematch => Command::Rematch(options.game()),
        CommandKind::Replay => Command::Replay(options.game()),
        CommandKind::Export => Command::Export(options.game()),
        CommandKind::History => Command::History {
            user: options.user(USER).map(|id| {
                introduced.extend(options.person(id));
                id.get().to_string()
            }),
            kind: options.family()?,
            page: options.integer(PAGE).unwrap_or(1).saturating_sub(1),
        },
        CommandKind::Cancel => Command::Cancel(options.game()),
        CommandKind::Web => Command::Web(options.game()),
        CommandKind::Rules => {
            Command::Rules { game: options.family()?, full: options.switch(FULL).unwrap_or(false) }
        }
        CommandKind::Stats => Command::Stats(options.user(USER).map(|id| {
            introduced.extend(options.person(id));
            id.get().to_string()
        })),
        CommandKind::Leaderboard => Command::Leaderboard(options.family()?),
        CommandKind::Language => Command::Language(
            options
                .text(LANGUAGE)
                .map(|tag| Locale::from_tag(&tag).ok_or(CommandError::BadLanguage(tag)))
                .transpose()?,
        ),
        CommandKind::Settings => Command::Settings {
            kind: options.family()?,
            change: options
                .text(SETTING)
                .map(|setting| (setting, options.text(VALUE).unwrap_or_default())),
        },
        CommandKind::Help => Command::Help,
        CommandKind::Cinco => Command::Cinco,
        CommandKind::Hand => Command::Hand(options.game()),
        CommandKind::Accept => Command::Accept(options.challenge()),
        CommandKind::Decline => Command::Decline(options.challenge()),
        CommandKind::Join => Command::Join(options.challenge()),
    };
    Ok(Some(Typed { command, introduced }))
}

/// A challenge's typed options.
fn game_options(options: &Options<'_>) -> Result<GameOptions, CommandError> {
    let size = options
        .integer(SIZE)
        .map(|size| {
            u8::try_from(size).map_err(|_| {
                CommandError::Option(OptionError::BadValue {
                    option: "size".to_owned(),
                    value: size.to_string(),
                })
            })
        })
        .transpose()?;
    let timer = options
        .integer(TIMER)
        .map(|seconds| {
            u16::try_from(seconds)
                .map_err(|_| OptionError::BadValue {
                    option: "timer".to_owned(),
                    value: seconds.to_string(),
                })
                .and_then(TurnTimer::try_from)
        })
        .transpose()?;
    Ok(GameOptions {
        size,
        overline: options.switch(OVERLINE),
        forbidden: options.switch(FORBIDDEN),
        pop_out: options.switch(POPOUT),
        timer,
        ranked: options.switch(RANKED),
        alternate: None,
    })
}
