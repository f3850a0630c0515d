//! The outputs that answer an input on the spot, for the one who acted alone: what goes back
//! to the process that received the input when another process served its chat.

use serde::{Deserialize, Serialize};

use super::{Chat, GameId, Output, Row};
use crate::i18n::{Locale, Text};

/// An [`Output::Reply`] or [`Output::Keyboard`], the only outputs an input's caller gets
/// back (the runtime's `Desk::ask`); the others go to the platform's outlet where they were
/// made. Unlike `Output` it holds no pictures or files, so it can be written as JSON
/// ([`super::Wire`]): `{"reply":{"chat":…,"user":"7","locale":"es","lines":[…]}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrivateAnswer {
    /// See [`Output::Reply`].
    Reply { chat: Chat, user: String, locale: Locale, lines: Vec<Text> },
    /// See [`Output::Keyboard`].
    Keyboard { chat: Chat, game: GameId, locale: Locale, components: Vec<Row> },
}

impl TryFrom<Output> for PrivateAnswer {
    /// Any other output, given back whole.
    type Error = Output;

    fn try_from(output: Output) -> Result<PrivateAnswer, Output> {
        match output {
            Output::Reply { chat, user, locale, lines } => {
                Ok(PrivateAnswer::Reply { chat, user, locale, lines })
            }
            Output::Keyboard { chat, game, locale, components } => {
                Ok(PrivateAnswer::Keyboard { chat, game, locale, components })
            }
            other @ (Output::Send { .. }
            | Output::Board { .. }
            | Output::Direct { .. }
            | Output::File { .. }) => Err(other),
        }
    }
}

impl From<PrivateAnswer> for Output {
    fn from(answer: PrivateAnswer) -> Output {
        match answer {
            PrivateAnswer::Reply { chat, user, locale, lines } => {
                Output::Reply { chat, user, locale, lines }
            }
            PrivateAnswer::Keyboard { chat, game, locale, components } => {
                Output::Keyboard { chat, game, locale, components }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Button, ChatKind, Message, Payload, Platform};

    fn chat() -> Chat {
        Chat { platform: Platform::Discord, id: "55".into(), kind: ChatKind::Group }
    }

    #[test]
    fn replies_and_keyboards_convert_both_ways_unchanged() {
        let reply = Output::Reply {
            chat: chat(),
            user: "7".into(),
            locale: Locale::En,
            lines: vec![Text::new("not-your-turn")],
        };
        let keyboard = Output::Keyboard {
            chat: chat(),
            game: GameId(3),
            locale: Locale::Es,
            components: vec![Row::Buttons(vec![Button::new(
                Text::new("button-point").with("point", "h8"),
                &Payload::Rematch(GameId(3)),
            )])],
        };
        for output in [reply, keyboard] {
            let answer = PrivateAnswer::try_from(output.clone());
            assert_eq!(answer.map(Output::from), Ok(output));
        }
    }

    #[test]
    fn other_outputs_are_given_back() {
        let send = Output::Send {
            chat: chat(),
            message: Message::text(Locale::En, vec![Text::new("game-started").with("id", 1_i64)]),
        };
        assert_eq!(PrivateAnswer::try_from(send.clone()), Err(send));
    }
}
