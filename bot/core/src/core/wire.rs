//! What crosses between the processes of one bot (issue 29) through the database: an
//! [`Input`] for the process that serves its chat, and the [`PrivateAnswer`]s it gets back.
//!
//! Both are JSON in an envelope that names the format's version:
//! `{"version":1,"input":{…}}` and `{"version":1,"answers":[…]}`. Enums are tagged by
//! their variants' names (never by position), so reordering variants changes nothing.
//!
//! # Two builds at once
//!
//! A rolling restart runs an older and a newer build side by side, each reading what the
//! other writes. So:
//!
//! - A field added later must be optional to the reader: `#[serde(default)]` (an `Option`
//!   is `None` when missing anyway). An older build ignores fields it does not know.
//! - A variant or a message id added later is *not* known to an older build: reading it
//!   fails ([`WireError::Unreadable`]). A message id must exist in this build's Fluent
//!   files, since a [`Text`](crate::i18n::Text) holds it as a `&'static str`. For answers,
//!   whoever waits for them then falls back to a generic "try again" reply of its own: the
//!   input was handled, only its private answer is lost. An input that does not read is
//!   not handled by this build at all. (An argument name this build's files do not use is
//!   kept, up to a cap: see `i18n::known`.)
//! - [`WIRE_VERSION`] goes up only when a change cannot be read as above (a field that
//!   changes meaning or type). A build refuses a version newer than its own
//!   ([`WireError::Newer`]) and reads every older one, which it may tell apart by the
//!   version.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Input, PrivateAnswer};

/// The version of the format this build writes, and the newest it reads.
pub const WIRE_VERSION: u32 = 1;

/// A value that crosses between processes as text.
pub trait Wire: Sized {
    /// The JSON of `self` in its envelope.
    ///
    /// # Errors
    /// [`WireError::Unwritable`] if the JSON writer refuses a value, which these types never
    /// give it (every map key is a string, no number is a float).
    fn to_wire(&self) -> Result<String, WireError>;

    /// Reads what [`Wire::to_wire`] wrote, in this build or another.
    ///
    /// # Errors
    /// [`WireError::Newer`] for a format newer than this build's; [`WireError::Unreadable`]
    /// for anything else that does not read as `Self`: not this format, or a variant or a
    /// message id this build does not know.
    fn from_wire(text: &str) -> Result<Self, WireError>;
}

/// Why a value could not cross.
#[derive(Debug)]
pub enum WireError {
    /// Written by a build whose format is newer than this one's.
    Newer { version: u32 },
    /// Not JSON of this format, or something in it unknown to this build (see the module).
    Unreadable(serde_json::Error),
    /// The JSON writer refused a value.
    Unwritable(serde_json::Error),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Newer { version } => {
                write!(
                    f,
                    "written in wire format {version}, newer than this build's {WIRE_VERSION}"
                )
            }
            WireError::Unreadable(error) => write!(f, "unreadable: {error}"),
            WireError::Unwritable(error) => write!(f, "unwritable: {error}"),
        }
    }
}

impl std::error::Error for WireError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WireError::Newer { .. } => None,
            WireError::Unreadable(error) | WireError::Unwritable(error) => Some(error),
        }
    }
}

/// An input in its envelope: `I` is `&Input` when written, `Input` when read.
#[derive(Serialize, Deserialize)]
struct InputEnvelope<I> {
    version: u32,
    input: I,
}

/// Answers in their envelope, likewise.
#[derive(Serialize, Deserialize)]
struct AnswersEnvelope<A> {
    version: u32,
    answers: A,
}

/// The envelope's version alone, read before the rest, whose meaning depends on it.
#[derive(Deserialize)]
struct Version {
    version: u32,
}

/// Refuses what a newer format wrote, before reading it as this build's.
fn check_version(text: &str) -> Result<(), WireError> {
    let Version { version } = serde_json::from_str(text).map_err(WireError::Unreadable)?;
    if version > WIRE_VERSION {
        return Err(WireError::Newer { version });
    }
    Ok(())
}

impl Wire for Input {
    fn to_wire(&self) -> Result<String, WireError> {
        serde_json::to_string(&InputEnvelope { version: WIRE_VERSION, input: self })
            .map_err(WireError::Unwritable)
    }

    fn from_wire(text: &str) -> Result<Input, WireError> {
        check_version(text)?;
        let envelope: InputEnvelope<Input> =
            serde_json::from_str(text).map_err(WireError::Unreadable)?;
        Ok(envelope.input)
    }
}

impl Wire for Vec<PrivateAnswer> {
    fn to_wire(&self) -> Result<String, WireError> {
        serde_json::to_string(&AnswersEnvelope { version: WIRE_VERSION, answers: self })
            .map_err(WireError::Unwritable)
    }

    fn from_wire(text: &str) -> Result<Vec<PrivateAnswer>, WireError> {
        check_version(text)?;
        let envelope: AnswersEnvelope<Vec<PrivateAnswer>> =
            serde_json::from_str(text).map_err(WireError::Unreadable)?;
        Ok(envelope.answers)
    }
}

#[cfg(test)]
mod tests {
    use serde::de::{self, Deserializer, Visitor};
    use serde_json::Value;

    use super::*;
    use crate::core::commands::{COMMANDS, CommandKind, kind_of};
    use crate::core::{
        Action, Button, ButtonStyle, Chat, ChatKind, Command, EventId, GameId, Opponent, Output,
        Platform, Row, Select, SelectOption, User, parse_command,
    };
    use crate::games::{Family, GameKind, GameOptions, TurnTimer};
    use crate::i18n::{Arg, Locale, Text};

    fn group() -> Chat {
        Chat { platform: Platform::Telegram, id: "-1001".into(), kind: ChatKind::Group }
    }

    fn ana() -> User {
        User { id: "7".into(), name: "Ana \"la\" María ✓".into(), handle: Some("ana".into()) }
    }

    fn bruno() -> User {
        User::new("8", "Bruno")
    }

    /// An input with every field filled in.
    fn input(action: Action) -> Input {
        Input {
            event: EventId("q:99".into()),
            user: ana(),
            chat: group(),
            is_chat_admin: true,
            locale: Some(Locale::En),
            introduced: vec![bruno(), ana()],
            replied_to: Some(bruno()),
            action,
        }
    }

    fn round_trip<T: Wire>(value: &T) -> Result<T, WireError> {
        T::from_wire(&value.to_wire()?)
    }

    /// Asks a type's derived `Deserialize` for the names of its variants (serde hands them to
    /// `deserialize_enum`), and refuses everything.
    struct VariantNames<'a>(&'a mut &'static [&'static str]);

    impl<'de> Deserializer<'de> for VariantNames<'_> {
        type Error = de::value::Error;

        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not an enum"))
        }

        fn deserialize_enum<V: Visitor<'de>>(
            self,
            _: &'static str,
            variants: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = variants;
            Err(de::Error::custom("only the names were wanted"))
        }

        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier
            ignored_any
        }
    }

    /// Every variant name of enum `T` as written in JSON, sorted: a variant added later has
    /// one, so the tests below fail until they cover it.
    fn variant_names<T: for<'de> Deserialize<'de>>() -> Vec<&'static str> {
        let mut names: &'static [&'static str] = &[];
        let read = T::deserialize(VariantNames(&mut names));
        assert!(read.is_err(), "nothing is read");
        let mut names = names.to_vec();
        names.sort_unstable();
        names
    }

    /// The variant name an enum value is written under.
    fn tag(value: &Value) -> Option<&str> {
        match value {
            Value::String(name) => Some(name),
            Value::Object(fields) if fields.len() == 1 => fields.keys().next().map(String::as_str),
            _ => None,
        }
    }

    fn tags<T: Serialize>(values: &[T]) -> Result<Vec<String>, serde_json::Error> {
        let mut tags = Vec::new();
        for value in values {
            let value = serde_json::to_value(value)?;
            tags.extend(tag(&value).map(str::to_owned));
        }
        tags.sort_unstable();
        tags.dedup();
        Ok(tags)
    }

    #[test]
    fn every_action_round_trips() -> Result<(), Box<dyn std::error::Error>> {
        let actions = [
            Action::Command("/gomoku@cincobot @bruno 19 timer 30".into()),
            Action::Typed(Command::Move {
                text: "pop 4".into(),
                game: Some(GameId(3)),
                confirm: true,
            }),
            Action::Shortcut("h8".into()),
            Action::Button("m:1:0:h8".into()),
            Action::ChatMoved { to: "-100123".into() },
        ];
        assert_eq!(tags(&actions)?, variant_names::<Action>());
        for action in actions {
            let full = input(action.clone());
            assert_eq!(round_trip(&full)?, full);
            let bare = Input::new(EventId(String::new()), bruno(), group(), None, action);
            assert_eq!(round_trip(&bare)?, bare);
        }
        Ok(())
    }

    /// Argument lines that, after each command's names, give every command and every kind of
    /// value its variants hold.
    fn argument_lines() -> Vec<String> {
        let mut lines: Vec<String> = [
            "",
            "2",
            "#2",
            "confirm",
            "#3 confirm",
            "yes #4",
            "no",
            "numbers",
            "numbers #5",
            "full",
            "@ana",
            "@ana gomoku 2",
            "es",
            "en",
            "gomoku timer 30",
            "gomoku ranked",
            "@ana 19 timer 60 ranked off overline on forbidden off alternate off",
            "cpu",
            "cpu easy popout",
            "cpu normal",
            "cpu hard 13 timer 0",
        ]
        .map(str::to_owned)
        .to_vec();
        lines.extend(Family::all().map(|family| format!("{} full", family.code())));
        lines
    }

    /// Every command the table's names and [`argument_lines`] read as: the commands as the
    /// bot understands them, each once.
    fn parsed_commands() -> Vec<Command> {
        let mut commands: Vec<Command> = Vec::new();
        for spec in &COMMANDS {
            let point = if spec.kind == CommandKind::Move { " h8" } else { "" };
            for name in spec.names() {
                for arguments in argument_lines() {
                    let line = format!("/{name}{point} {arguments}");
                    if let Ok(Some(command)) = parse_command(&line, "cincobot")
                        && !commands.contains(&command)
                    {
                        commands.push(command);
                    }
                }
            }
        }
        commands
    }

    #[test]
    fn every_command_round_trips_typed() -> Result<(), Box<dyn std::error::Error>> {
        let commands = parsed_commands();
        assert_eq!(tags(&commands)?, variant_names::<Command>());
        let kinds: Vec<CommandKind> = commands.iter().map(kind_of).collect();
        for spec in &COMMANDS {
            assert!(kinds.contains(&spec.kind), "{:?} has a case", spec.kind);
        }
        let opponents: Vec<Opponent> = commands
            .iter()
            .filter_map(|command| match command {
                Command::Challenge { opponent, .. } => opponent.clone(),
                _ => None,
            })
            .collect();
        assert_eq!(tags(&opponents)?, variant_names::<Opponent>());
        let written = opponents.iter().map(serde_json::to_value).collect::<Result<Vec<_>, _>>()?;
        for level in ["easy", "normal", "hard"] {
            assert!(written.contains(&serde_json::json!({ "cpu": level })), "{level}");
        }
        for command in commands {
            let typed = input(Action::Typed(command));
            assert_eq!(round_trip(&typed)?, typed);
        }
        Ok(())
    }

    /// Every option set at once, which no line above gives (one game has not all of them).
    #[test]
    fn every_game_option_round_trips() -> Result<(), WireError> {
        let options = GameOptions {
            size: Some(19),
            overline: Some(false),
            forbidden: Some(true),
            pop_out: Some(true),
            timer: Some(TurnTimer::Seconds60),
            ranked: Some(false),
            alternate: Some(true),
        };
        for kind in GameKind::ALL {
            let challenge = Command::Challenge {
                kind,
                opponent: Some(Opponent::User("bruno".into())),
                options: options.clone(),
            };
            let typed = input(Action::Typed(challenge));
            assert_eq!(round_trip(&typed)?, typed);
        }
        Ok(())
    }

    /// The JSON of one input, held as it is: a change of the format shows here in review.
    #[test]
    fn an_input_is_written_as_pinned() -> Result<(), WireError> {
        let challenge = Command::Challenge {
            kind: GameKind::Connect5,
            opponent: Some(Opponent::Cpu(engine::cpu::Level::Hard)),
            options: GameOptions { timer: Some(TurnTimer::Seconds30), ..GameOptions::default() },
        };
        let pinned = Input {
            event: EventId("q:42".into()),
            user: User { id: "7".into(), name: "Ana".into(), handle: Some("ana".into()) },
            chat: group(),
            is_chat_admin: false,
            locale: Some(Locale::Es),
            introduced: vec![bruno()],
            replied_to: None,
            action: Action::Typed(challenge),
        };
        let written = concat!(
            r#"{"version":1,"input":{"event":"q:42","#,
            r#""user":{"id":"7","name":"Ana","handle":"ana"},"#,
            r#""chat":{"platform":"telegram","id":"-1001","kind":"group"},"#,
            r#""is_chat_admin":false,"locale":"es","#,
            r#""introduced":[{"id":"8","name":"Bruno","handle":null}],"replied_to":null,"#,
            r#""action":{"typed":{"challenge":{"kind":"connect5","opponent":{"cpu":"hard"},"#,
            r#""options":{"timer":30}}}}}}"#,
        );
        assert_eq!(pinned.to_wire()?, written);
        assert_eq!(Input::from_wire(written)?, pinned);
        Ok(())
    }

    fn answers() -> Vec<PrivateAnswer> {
        let nested = Text::new("option-bad-size")
            .with("size", 17_u32)
            .with("game", Text::new("game-gomoku"))
            .with("sizes", "15×15 / 19×19");
        let buttons = Row::Buttons(
            [
                ButtonStyle::Primary,
                ButtonStyle::Secondary,
                ButtonStyle::Success,
                ButtonStyle::Danger,
            ]
            .into_iter()
            .enumerate()
            .map(|(column, style)| Button {
                label: Text::new("button-point").with("point", column),
                payload: format!("m:1:0:{column}"),
                style,
                disabled: column == 2,
                opens: None,
            })
            .collect(),
        );
        let select = Row::Select(Select {
            placeholder: Text::new("select-row").with("column", "h"),
            options: vec![SelectOption {
                label: Text::new("button-point").with("point", "h10"),
                payload: "m:1:0:h10".into(),
            }],
        });
        vec![
            PrivateAnswer::Reply {
                chat: group(),
                user: "7".into(),
                locale: Locale::Es,
                // An argument no message reads still crosses (`internal-error` gets a `why`).
                lines: vec![nested, Text::new("internal-error").with("ply", 3_i64).with("why", "")],
            },
            PrivateAnswer::Keyboard {
                chat: group(),
                game: GameId(1),
                locale: Locale::En,
                components: vec![select, buttons],
            },
        ]
    }

    #[test]
    fn answers_round_trip() -> Result<(), WireError> {
        let answers = answers();
        assert_eq!(round_trip(&answers)?, answers);
        assert_eq!(round_trip(&Vec::<PrivateAnswer>::new())?, []);
        let outputs: Vec<Output> = answers.iter().cloned().map(Output::from).collect();
        let back: Result<Vec<PrivateAnswer>, Output> =
            outputs.into_iter().map(PrivateAnswer::try_from).collect();
        assert_eq!(back, Ok(answers));
        Ok(())
    }

    #[test]
    fn an_answer_is_written_as_pinned() -> Result<(), WireError> {
        let reply = vec![PrivateAnswer::Reply {
            chat: Chat { platform: Platform::Discord, id: "55".into(), kind: ChatKind::Private },
            user: "7".into(),
            locale: Locale::En,
            lines: vec![
                Text::new("not-your-turn"),
                Text::new("status-turn")
                    .with("name", "Ana")
                    .with("colour", Text::new("colour-black")),
                Text::new("game-started").with("id", 12_i64),
            ],
        }];
        let written = concat!(
            r#"{"version":1,"answers":[{"reply":{"#,
            r#""chat":{"platform":"discord","id":"55","kind":"private"},"user":"7","locale":"en","#,
            r#""lines":[{"id":"not-your-turn"},"#,
            r#"{"id":"status-turn","args":{"name":{"plain":"Ana"},"#,
            r#""colour":{"text":{"id":"colour-black"}}}},"#,
            r#"{"id":"game-started","args":{"id":{"number":12}}}]}}]}"#,
        );
        assert_eq!(reply.to_wire()?, written);
        assert_eq!(Vec::<PrivateAnswer>::from_wire(written)?, reply);
        Ok(())
    }

    /// A message a newer build added is not this build's to say: the answer is refused
    /// whole, and its reader says something generic instead.
    #[test]
    fn an_unknown_message_id_is_refused() -> Result<(), WireError> {
        let written = answers().to_wire()?;
        // Put together, since the texts test takes such a literal for a message the code says.
        let from_a_newer_build = ["game", "tetris"].join("-");
        for (known, unknown) in [("game-gomoku", from_a_newer_build.as_str()), ("select-row", "")] {
            let quoted = |id: &str| format!("\"{id}\"");
            assert!(written.contains(&quoted(known)));
            let refused = Vec::<PrivateAnswer>::from_wire(&written.replacen(
                &quoted(known),
                &quoted(unknown),
                1,
            ));
            let Err(WireError::Unreadable(error)) = refused else {
                panic!("{unknown} read: {refused:?}");
            };
            let said = error.to_string();
            assert!(said.contains(&format!("unknown message id `{unknown}`")), "{said}");
        }
        Ok(())
    }

    #[test]
    fn what_this_build_does_not_know_is_refused() -> Result<(), WireError> {
        let written = input(Action::Typed(Command::Cinco)).to_wire()?;
        let unreadable = [
            written.replace("\"cinco\"", "\"poker\""),
            written.replace("\"telegram\"", "\"matrix\""),
            written.replace("\"version\":1", "\"version\":\"1\""),
            written.replace("\"version\":1,", ""),
            "{}".to_owned(),
            "[]".to_owned(),
            String::new(),
            written[..written.len() - 1].to_owned(),
        ];
        for text in unreadable {
            assert!(matches!(Input::from_wire(&text), Err(WireError::Unreadable(_))), "{text}");
        }
        let newer = written.replace("\"version\":1", &format!("\"version\":{}", WIRE_VERSION + 1));
        let refused = Input::from_wire(&newer);
        assert!(
            matches!(refused, Err(WireError::Newer { version }) if version == WIRE_VERSION + 1)
        );
        // The answers' envelope is not an input's, and the other way round.
        assert!(Vec::<PrivateAnswer>::from_wire(&written).is_err());
        assert!(Input::from_wire(&answers().to_wire()?).is_err());
        Ok(())
    }

    /// What a build with more fields writes, and what an older build left out, still reads.
    #[test]
    fn fields_added_or_optional_are_read_leniently() -> Result<(), WireError> {
        let full = input(Action::Shortcut("h8".into()));
        let written = full.to_wire()?;
        let newer = written
            .replacen("{\"version\":1,", "{\"version\":1,\"sent_at\":5,", 1)
            .replacen("\"is_chat_admin\"", "\"priority\":{\"high\":true},\"is_chat_admin\"", 1);
        assert_eq!(Input::from_wire(&newer)?, full);
        let older = written.replacen(
            ",\"replied_to\":{\"id\":\"8\",\"name\":\"Bruno\",\"handle\":null}",
            "",
            1,
        );
        assert_ne!(older, written);
        assert_eq!(Input::from_wire(&older)?, Input { replied_to: None, ..full });
        Ok(())
    }

    /// The errors say which side failed, for the logs of whoever falls back.
    #[test]
    fn errors_say_what_happened() {
        let newer = WireError::Newer { version: 9 };
        assert_eq!(
            newer.to_string(),
            format!("written in wire format 9, newer than this build's {WIRE_VERSION}")
        );
        let unreadable = Input::from_wire("nonsense");
        assert!(unreadable.is_err_and(|error| error.to_string().starts_with("unreadable: ")));
    }

    #[test]
    fn arguments_keep_their_order_and_kinds() -> Result<(), WireError> {
        let text = Text::new("option-bad-size")
            .with("sizes", "15×15")
            .with("size", -3_i64)
            .with("game", Text::new("game-pente").with("size", ""));
        let answer = vec![PrivateAnswer::Reply {
            chat: group(),
            user: "7".into(),
            locale: Locale::Es,
            lines: vec![text],
        }];
        let read = round_trip(&answer)?;
        assert_eq!(read, answer);
        let [PrivateAnswer::Reply { lines, .. }] = read.as_slice() else { panic!("{read:?}") };
        let names: Vec<&str> = lines[0].args.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, ["sizes", "size", "game"]);
        assert_eq!(lines[0].arg("size"), Some(&Arg::Number(-3)));
        Ok(())
    }
}
