use std::fmt;

use engine::cpu::Level;
use serde::{Deserialize, Serialize};

use super::commands::{self, CommandKind};
use super::{ChallengeId, GameId};
use crate::games::{Family, GameKind, GameOptions, OptionError};
use crate::i18n::{Locale, Text};

/// A command as typed, understood.
///
/// In JSON (`super::wire`), tagged by the variant's name in snake case: `"help"`,
/// `{"board":12}`, `{"move":{"text":"h8","game":null,"confirm":false}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    /// `/gomoku @ana 19 timer 30`: a challenge, or a game against the CPU.
    Challenge {
        kind: GameKind,
        opponent: Option<Opponent>,
        options: GameOptions,
    },
    /// `/move h8 [#12] [confirm]`.
    Move {
        text: String,
        game: Option<GameId>,
        confirm: bool,
    },
    /// `/resign [#12]` asks first; `/resign [#12] confirm` gives up.
    Resign {
        game: Option<GameId>,
        confirm: bool,
    },
    /// `/undo [#12]` asks to take back your last move; `/undo yes|no` answers the opponent's
    /// request.
    Undo {
        game: Option<GameId>,
        answer: Option<bool>,
    },
    Board(Option<GameId>),
    /// `/board numbers [#12]`: the board once with every stone numbered by its move.
    NumberedBoard(Option<GameId>),
    Rematch(Option<GameId>),
    /// `/replay [#12]`: a game as an animation.
    Replay(Option<GameId>),
    /// `/export [#12]`: a game as a file for other programs.
    Export(Option<GameId>),
    /// `/history [@ana] [gomoku] [2]`: page 2 (counted from 1, stored from 0) of the chat's
    /// ended games, of one user and of one game if named.
    History {
        user: Option<String>,
        kind: Option<Family>,
        page: i64,
    },
    /// A game's rules: a summary, or the whole document (`full`).
    Rules {
        game: Option<Family>,
        full: bool,
    },
    Stats(Option<String>),
    Leaderboard(Option<Family>),
    Language(Option<Locale>),
    Cancel(Option<GameId>),
    /// `/settings` shows; `/settings gomoku timer 30` changes a chat default.
    Settings {
        kind: Option<Family>,
        change: Option<(String, String)>,
    },
    Help,
    /// `/cinco` opens a CINCO lobby in the chat.
    Cinco,
    /// `/hand [#12]` sends one's CINCO hand (or bid request) again, privately.
    Hand(Option<GameId>),
    /// `/web [#12]` sends one's signed link to the game's web board, privately.
    Web(Option<GameId>),
    Accept(Option<ChallengeId>),
    Decline(Option<ChallengeId>),
    Join(Option<ChallengeId>),
}

/// Who a challenge is for: in JSON, `{"user":"ana"}` or `{"cpu":"hard"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// A mention: `@name` (or the platform's id).
    User(String),
    Cpu(#[serde(with = "level_by_code")] Level),
}

/// The engine has no serde: a [`Level`] is written as its stored [`CpuLevel`] code.
///
/// [`CpuLevel`]: crate::identity::CpuLevel
mod level_by_code {
    use engine::cpu::Level;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::identity::CpuLevel;

    pub fn serialize<S: Serializer>(level: &Level, serializer: S) -> Result<S::Ok, S::Error> {
        CpuLevel::from(*level).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Level, D::Error> {
        CpuLevel::deserialize(deserializer).map(Level::from)
    }
}

/// A command that was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    Unknown(String),
    MissingMove,
    BadNumber(String),
    BadLevel(String),
    UnknownGame(String),
    BadLanguage(String),
    Option(OptionError),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(name) => write!(f, "unknown command /{name}"),
            CommandError::MissingMove => f.write_str("/move needs a move"),
            CommandError::BadNumber(word) => write!(f, "{word} is not a game or challenge number"),
            CommandError::BadLevel(word) => write!(f, "{word} is not a CPU level"),
            CommandError::UnknownGame(word) => write!(f, "{word} is not a game"),
            CommandError::BadLanguage(word) => write!(f, "{word} is not a language"),
            CommandError::Option(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for CommandError {}

impl CommandError {
    /// What the user is told.
    #[must_use]
    pub fn text(&self) -> Text {
        match self {
            CommandError::Unknown(name) => {
                Text::new("command-unknown").with("command", name.as_str())
            }
            CommandError::MissingMove => Text::new("command-missing-move"),
            CommandError::BadNumber(word) => {
                Text::new("command-bad-number").with("word", word.as_str())
            }
            CommandError::BadLevel(word) => {
                Text::new("command-bad-level").with("word", word.as_str())
            }
            CommandError::UnknownGame(word) => {
                Text::new("command-unknown-game").with("word", word.as_str())
            }
            CommandError::BadLanguage(word) => {
                Text::new("command-bad-language").with("word", word.as_str())
            }
            CommandError::Option(OptionError::Unknown(word)) => {
                Text::new("option-unknown").with("word", word.as_str())
            }
            CommandError::Option(OptionError::BadValue { option, value }) => {
                let code = crate::games::option_code(option).unwrap_or("other");
                Text::new("option-bad-value")
                    .with("option", option.as_str())
                    .with("value", value.as_str())
                    .with("allowed", Text::new("option-allowed").with("option", code))
            }
            CommandError::Option(OptionError::NotForGame { option, kind }) => {
                Text::new("option-not-for-game")
                    .with("option", Text::new("option-name").with("option", *option))
                    .with("game", super::table::game_in_sentence(*kind))
            }
            CommandError::Option(OptionError::BadSize { size, kind }) => {
                let sizes = crate::games::board_sizes(*kind)
                    .iter()
                    .map(|side| format!("{side}×{side}"))
                    .collect::<Vec<_>>()
                    .join(" / ");
                Text::new("option-bad-size")
                    .with("size", u32::from(*size))
                    .with("game", super::table::game_in_sentence(*kind))
                    .with("sizes", sizes)
            }
        }
    }
}

impl From<OptionError> for CommandError {
    fn from(error: OptionError) -> CommandError {
        CommandError::Option(error)
    }
}

/// A `#12` (or plain `12` where a number is expected) game or challenge number.
fn number(word: &str) -> Result<i64, CommandError> {
    word.trim_start_matches('#').parse().map_err(|_| CommandError::BadNumber(word.to_owned()))
}

/// `confirm` or `confirmar`: the player knows what the command does.
fn is_confirm(word: &str) -> bool {
    matches!(word.to_lowercase().as_str(), "confirm" | "confirmar")
}

fn game_id(words: &[&str]) -> Result<Option<GameId>, CommandError> {
    words.first().map(|word| number(word).map(GameId)).transpose()
}

fn challenge_id(words: &[&str]) -> Result<Option<ChallengeId>, CommandError> {
    words.first().map(|word| number(word).map(ChallengeId)).transpose()
}

/// The game the first of `words` names, read by `parse` (a board game, or any family).
fn game_named<T>(words: &[&str], parse: fn(&str) -> Option<T>) -> Result<Option<T>, CommandError> {
    words
        .first()
        .map(|word| parse(word).ok_or_else(|| CommandError::UnknownGame((*word).to_owned())))
        .transpose()
}

/// The command's name and the rest of the line, when `line` is a command for the bot called
/// `bot_name`: `/move@cincobot h8` and `/move h8` give `("move", "h8")`. `None` for plain
/// text, a bare `/`, and a command addressed to another bot (`/move@otherbot h8`), which
/// groups with several bots see.
#[must_use]
pub fn for_bot<'a>(line: &'a str, bot_name: &str) -> Option<(&'a str, &'a str)> {
    let command = line.trim().strip_prefix('/')?;
    let (head, rest) = command.split_once(char::is_whitespace).unwrap_or((command, ""));
    let name = match head.split_once('@') {
        Some((name, bot)) if bot.eq_ignore_ascii_case(bot_name) => name,
        Some(_) => return None,
        None => head,
    };
    (!name.is_empty()).then(|| (name, rest.trim()))
}

/// Reads a line. `Ok(None)`: not a command, or one addressed to another bot (`/move@other`).
///
/// # Errors
/// [`CommandError`] for a command of ours that is not understood.
pub fn parse(line: &str, bot_name: &str) -> Result<Option<Command>, CommandError> {
    if line.trim() == "/" {
        // A lone slash: someone looking for the commands.
        return Ok(Some(Command::Help));
    }
    let Some((name, rest)) = for_bot(line, bot_name) else {
        return Ok(None);
    };
    let args: Vec<&str> = rest.split_whitespace().collect();
    let Some(kind) = commands::named(name) else {
        return Err(CommandError::Unknown(name.to_lowercase()));
    };
    let command = match kind {
        CommandKind::Challenge(kind) => challenge(kind, &args)?,
        CommandKind::Move => {
            let confirm = args.iter().any(|w| is_confirm(w));
            let game = args
                .iter()
                .find(|w| w.starts_with('#'))
                .map(|w| number(w))
                .transpose()?
                .map(GameId);
            let text = args
                .iter()
                .filter(|w| !w.starts_with('#') && !is_confirm(w))
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            if text.is_empty() {
                return Err(CommandError::MissingMove);
            }
            Command::Move { text, game, confirm }
        }
        CommandKind::Resign => {
            let confirm = args.iter().any(|w| is_confirm(w));
            let rest: Vec<&str> = args.iter().copied().filter(|w| !is_confirm(w)).collect();
            Command::Resign { game: game_id(&rest)?, confirm }
        }
        CommandKind::Undo => {
            let answer = args.iter().find_map(|w| yes_or_no(w));
            let rest: Vec<&str> = args.iter().copied().filter(|w| yes_or_no(w).is_none()).collect();
            Command::Undo { game: game_id(&rest)?, answer }
        }
        CommandKind::Board => {
            let numbers =
                |w: &&str| ["numbers", "números", "numeros"].contains(&w.to_lowercase().as_str());
            let rest: Vec<&str> = args.iter().copied().filter(|w| !numbers(w)).collect();
            if rest.len() < args.len() {
                Command::NumberedBoard(game_id(&rest)?)
            } else {
                Command::Board(game_id(&args)?)
            }
        }
        CommandKind::Rematch => Command::Rematch(game_id(&args)?),
        CommandKind::Replay => Command::Replay(game_id(&args)?),
        CommandKind::Export => Command::Export(game_id(&args)?),
        CommandKind::History => {
            let user = args.iter().find_map(|w| w.strip_prefix('@')).map(str::to_owned);
            let kind = args.iter().find_map(|w| Family::parse(w));
            let page = args
                .iter()
                .find(|w| !w.starts_with('@') && Family::parse(w).is_none())
                .map(|w| number(w))
                .transpose()?;
            Command::History { user, kind, page: page.unwrap_or(1).saturating_sub(1) }
        }
        CommandKind::Rules => {
            let full = |word: &&str| matches!(word.to_lowercase().as_str(), "full" | "completo");
            let rest: Vec<&str> = args.iter().copied().filter(|w| !full(w)).collect();
            Command::Rules { game: game_named(&rest, Family::parse)?, full: args.iter().any(full) }
        }
        CommandKind::Stats => {
            Command::Stats(args.first().map(|w| w.trim_start_matches('@').to_owned()))
        }
        CommandKind::Leaderboard => Command::Leaderboard(game_named(&args, Family::parse)?),
        CommandKind::Language => Command::Language(
            args.first()
                .map(|w| {
                    Locale::from_tag(w).ok_or_else(|| CommandError::BadLanguage((*w).to_owned()))
                })
                .transpose()?,
        ),
        CommandKind::Cancel => Command::Cancel(game_id(&args)?),
        CommandKind::Settings => {
            let kind = game_named(&args, Family::parse)?;
            let change = match args.get(1..) {
                Some([option, value, ..]) => Some(((*option).to_owned(), (*value).to_owned())),
                Some([option]) => Some(((*option).to_owned(), String::new())),
                _ => None,
            };
            Command::Settings { kind, change }
        }
        CommandKind::Help => Command::Help,
        CommandKind::Cinco => Command::Cinco,
        CommandKind::Hand => Command::Hand(game_id(&args)?),
        CommandKind::Web => Command::Web(game_id(&args)?),
        CommandKind::Accept => Command::Accept(challenge_id(&args)?),
        CommandKind::Decline => Command::Decline(challenge_id(&args)?),
        CommandKind::Join => Command::Join(challenge_id(&args)?),
    };
    Ok(Some(command))
}

impl Command {
    /// Whether only a chat's admins may do this in a group: cancelling a game, changing the
    /// chat's settings or language (showing them is for everyone). An adapter asks the
    /// platform who administers the chat only for these.
    #[must_use]
    pub fn needs_admin(&self) -> bool {
        matches!(
            self,
            Command::Cancel(_)
                | Command::Settings { change: Some(_), .. }
                | Command::Language(Some(_))
        )
    }
}

/// `yes` or `no` in either language.
fn yes_or_no(word: &str) -> Option<bool> {
    match word.to_lowercase().as_str() {
        "yes" | "y" | "sí" | "si" | "s" | "accept" | "aceptar" => Some(true),
        "no" | "n" | "refuse" | "rechazar" => Some(false),
        _ => None,
    }
}

fn challenge(kind: GameKind, args: &[&str]) -> Result<Command, CommandError> {
    let mut opponent = None;
    let mut rest = args;
    if let Some((first, tail)) = args.split_first() {
        if let Some(mention) = first.strip_prefix('@') {
            opponent = Some(Opponent::User(mention.to_owned()));
            rest = tail;
        } else if first.eq_ignore_ascii_case("cpu") {
            let (level, tail) = match tail.split_first() {
                Some((word, tail)) if word.parse::<Level>().is_ok() => {
                    (word.parse().map_err(|_| CommandError::BadLevel((*word).to_owned()))?, tail)
                }
                // A word that is neither a level nor an option was meant as a level.
                Some((word, _))
                    if word.chars().all(char::is_alphabetic)
                        && matches!(GameOptions::parse(&[word]), Err(OptionError::Unknown(_))) =>
                {
                    return Err(CommandError::BadLevel((*word).to_owned()));
                }
                _ => (Level::Normal, tail),
            };
            opponent = Some(Opponent::Cpu(level));
            rest = tail;
        }
    }
    let options = GameOptions::parse(rest)?;
    Ok(Command::Challenge { kind, opponent, options })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TurnTimer;

    #[test]
    fn challenges_read_opponent_and_options() {
        let command = parse("/gomoku@cincobot @ana 19 timer 30", "cincobot");
        let expected = Command::Challenge {
            kind: GameKind::Gomoku,
            opponent: Some(Opponent::User("ana".into())),
            options: GameOptions {
                size: Some(19),
                timer: Some(TurnTimer::Seconds30),
                ..GameOptions::default()
            },
        };
        assert_eq!(command, Ok(Some(expected)));
        let cpu = parse("/conecta5 cpu difícil popout", "cincobot");
        assert!(matches!(
            cpu,
            Ok(Some(Command::Challenge {
                kind: GameKind::Connect5,
                opponent: Some(Opponent::Cpu(Level::Hard)),
                ..
            }))
        ));
    }

    #[test]
    fn moves_take_a_game_number_and_a_confirmation() {
        assert_eq!(
            parse("/mover H8 #12 confirmar", "x"),
            Ok(Some(Command::Move { text: "H8".into(), game: Some(GameId(12)), confirm: true }))
        );
        assert_eq!(parse("/move", "x"), Err(CommandError::MissingMove));
    }

    #[test]
    fn only_changes_to_the_chat_need_an_admin() {
        let needs = |line: &str| parse(line, "x").ok().flatten().is_some_and(|c| c.needs_admin());
        for line in ["/cancel", "/cancelar #2", "/settings gomoku timer 30", "/idioma es"] {
            assert!(needs(line), "{line}");
        }
        for line in ["/settings", "/settings gomoku", "/language", "/move h8", "/rules"] {
            assert!(!needs(line), "{line}");
        }
    }

    #[test]
    fn resigning_asks_unless_confirmed() {
        assert_eq!(parse("/resign", "x"), Ok(Some(Command::Resign { game: None, confirm: false })));
        assert_eq!(
            parse("/rendirse #3 confirmar", "x"),
            Ok(Some(Command::Resign { game: Some(GameId(3)), confirm: true }))
        );
        assert_eq!(
            parse("/resign confirm 4", "x"),
            Ok(Some(Command::Resign { game: Some(GameId(4)), confirm: true }))
        );
        assert_eq!(parse("/resign now", "x"), Err(CommandError::BadNumber("now".into())));
    }

    #[test]
    fn other_bots_and_plain_text_are_ignored() {
        assert_eq!(parse("/move@otherbot h8", "cincobot"), Ok(None));
        assert_eq!(parse("hello", "cincobot"), Ok(None));
        assert_eq!(parse("/", "cincobot"), Ok(Some(Command::Help)));
        assert_eq!(parse("/@cincobot", "cincobot"), Ok(None));
        assert_eq!(for_bot(" /Move@CincoBot  h8 #2 ", "cincobot"), Some(("Move", "h8 #2")));
        assert_eq!(for_bot("/rules", "cincobot"), Some(("rules", "")));
        assert_eq!(parse("/dance", "cincobot"), Err(CommandError::Unknown("dance".into())));
    }
}
