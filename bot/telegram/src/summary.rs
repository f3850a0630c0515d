//! Outputs as the log names them: by kind, chat and game, never by what they say. A body can
//! be a secret (a hand of cards), a caption tells the position, a board is kilobytes of PNG.

use std::fmt;

use cincobot_core::core::{Chat, Output};

/// `output` for a log line: `%Summary(&output)`.
#[derive(Clone, Copy, Debug)]
pub struct Summary<'a>(pub &'a Output);

/// A chat as `platform:id`.
struct Place<'a>(&'a Chat);

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.0.platform.code(), self.0.id)
    }
}

impl fmt::Display for Summary<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Output::Send { chat, .. } => write!(f, "text in {}", Place(chat)),
            Output::Board { chat, game, .. } => {
                write!(f, "board of game {} in {}", game.0, Place(chat))
            }
            Output::Keyboard { chat, game, .. } => {
                write!(f, "keyboard of game {} in {}", game.0, Place(chat))
            }
            Output::Reply { chat, .. } => write!(f, "reply in {}", Place(chat)),
            Output::Direct { platform, .. } => {
                write!(f, "private message on {}", platform.code())
            }
            Output::File { chat, file, .. } => {
                write!(f, "file {} in {}", file.file_name(), Place(chat))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cincobot_core::core::{BoardImage, ChatKind, GameId, Message, Platform, User};
    use cincobot_core::games::{GameKind, GameSettings, Labels, Position, Standing};
    use cincobot_core::i18n::{Locale, Text};

    const SECRET: &str = "hand: 7 of cups, king of swords";

    fn group() -> Chat {
        Chat { platform: Platform::Telegram, id: "-100200".into(), kind: ChatKind::Group }
    }

    fn secret_message() -> Message {
        Message::text(Locale::En, vec![Text::new("cinco-hand").with("cards", SECRET)])
    }

    #[test]
    fn a_text_is_logged_without_its_body() {
        let send = Output::Send { chat: group(), message: secret_message() };
        let direct = Output::Direct {
            platform: Platform::Telegram,
            user: "11".into(),
            message: secret_message(),
            prompt: None,
            hand: None,
        };
        let reply = Output::Reply {
            chat: group(),
            user: "11".into(),
            locale: Locale::En,
            lines: vec![Text::new("cinco-hand").with("cards", SECRET)],
        };
        for output in [&send, &direct, &reply] {
            let line = Summary(output).to_string();
            assert!(!line.contains("cups") && !line.contains("cinco-hand"), "{line}");
        }
        assert_eq!(Summary(&send).to_string(), "text in telegram:-100200");
    }

    #[test]
    fn a_photo_is_logged_without_its_caption_or_bytes() {
        let mut message = secret_message();
        let position = Position::start(&GameSettings::default_for(GameKind::Gomoku));
        let labels = Labels { names: ["ana".into(), "bruno".into()], ..Labels::default() };
        let picture = position.picture(&labels, Standing::Playing);
        let png = picture.png().expect("a picture");
        message.board = Some(BoardImage {
            picture,
            diagram: "x . o".into(),
            file_name: "game-7-ply-3.png".into(),
        });
        let board = Output::Board {
            chat: group(),
            game: GameId(7),
            ply: 3,
            edit: Some("1002".into()),
            message,
            turn: Some(User::new("11", "ana")),
            repost: false,
            ended: false,
        };
        let line = Summary(&board).to_string();
        assert_eq!(line, "board of game 7 in telegram:-100200");
        let bytes = format!("{png:?}");
        assert!(!line.contains("cups") && !line.contains("PNG") && !line.contains(&bytes[..6]));
        assert!(!line.contains("ana") && !line.contains("x . o"));
    }
}
