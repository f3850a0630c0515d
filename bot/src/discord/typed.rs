//! A slash command's typed options as the core's [`Command`], built directly: nothing is
//! written as a line for the core to read again. A user option names the user by id, and the
//! people it names come back too, so the core learns them ([`crate::core::Input::introduced`]).

use std::str::FromStr;

use engine::cpu::Level;
use serenity::all::{CommandData, CommandDataOptionValue, User as DiscordUser, UserId};

use super::commands::{
    ANSWER, CHALLENGE, CONFIRM, CPU, FORBIDDEN, FULL, GAME, KIND, LANGUAGE, NUMBERS, OPPONENT,
    OVERLINE, PAGE, POINT, POPOUT, RANKED, SETTING, SIZE, TIMER, USER, VALUE,
};
use super::interaction::person;
use crate::core::{ChallengeId, Command, CommandError, GameId, Opponent, User};
use crate::games::{Family, GameKind, GameOptions, OptionError, TurnTimer};
use crate::i18n::Locale;

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
    fn get(&self, (name, _, _): (&str, &str, &str)) -> Option<&CommandDataOptionValue> {
        self.data.options.iter().find(|option| option.name == name).map(|option| &option.value)
    }

    fn text(&self, named: (&str, &str, &str)) -> Option<String> {
        self.get(named).and_then(CommandDataOptionValue::as_str).map(str::to_owned)
    }

    fn integer(&self, named: (&str, &str, &str)) -> Option<i64> {
        self.get(named).and_then(CommandDataOptionValue::as_i64)
    }

    fn switch(&self, named: (&str, &str, &str)) -> Option<bool> {
        self.get(named).and_then(CommandDataOptionValue::as_bool)
    }

    fn user(&self, named: (&str, &str, &str)) -> Option<UserId> {
        self.get(named).and_then(CommandDataOptionValue::as_user_id)
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
    if let Some(kind) = GameKind::parse(&data.name) {
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
        let command = Command::Challenge { kind, opponent, options: game_options(&options)? };
        return Ok(Some(Typed { command, introduced }));
    }
    let command = match data.name.as_str() {
        "move" => Command::Move {
            text: options
                .text(POINT)
                .filter(|text| !text.trim().is_empty())
                .ok_or(CommandError::MissingMove)?,
            game: options.game(),
            confirm: options.switch(CONFIRM).unwrap_or(false),
        },
        "resign" => Command::Resign {
            game: options.game(),
            confirm: options.switch(CONFIRM).unwrap_or(false),
        },
        "undo" => Command::Undo { game: options.game(), answer: options.switch(ANSWER) },
        "board" if options.switch(NUMBERS) == Some(true) => Command::NumberedBoard(options.game()),
        "board" => Command::Board(options.game()),
        "rematch" => Command::Rematch(options.game()),
        "replay" => Command::Replay(options.game()),
        "export" => Command::Export(options.game()),
        "history" => Command::History {
            user: options.user(USER).map(|id| {
                introduced.extend(options.person(id));
                id.get().to_string()
            }),
            kind: options.family()?,
            page: options.integer(PAGE).unwrap_or(1).saturating_sub(1),
        },
        "cancel" => Command::Cancel(options.game()),
        "rules" => {
            Command::Rules { game: options.family()?, full: options.switch(FULL).unwrap_or(false) }
        }
        "stats" => Command::Stats(options.user(USER).map(|id| {
            introduced.extend(options.person(id));
            id.get().to_string()
        })),
        "leaderboard" => Command::Leaderboard(options.family()?),
        "language" => Command::Language(
            options
                .text(LANGUAGE)
                .map(|tag| Locale::from_tag(&tag).ok_or(CommandError::BadLanguage(tag)))
                .transpose()?,
        ),
        "settings" => Command::Settings {
            kind: options.family()?,
            change: options
                .text(SETTING)
                .map(|setting| (setting, options.text(VALUE).unwrap_or_default())),
        },
        "help" => Command::Help,
        "cinco" => Command::Cinco,
        "hand" => Command::Hand(options.game()),
        "accept" => Command::Accept(options.challenge()),
        "decline" => Command::Decline(options.challenge()),
        "join" => Command::Join(options.challenge()),
        _ => return Ok(None),
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
