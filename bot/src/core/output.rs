use std::sync::Arc;

use super::{Chat, GameId, Platform, User};
use crate::games::{Animation, Picture};
use crate::i18n::{Locale, Text};

/// What the core asks an adapter to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Post a new message in a chat.
    Send { chat: Chat, message: Message },
    /// Show game `game`'s board at `ply`: edit message `edit` when given (the adapter reported
    /// it earlier), else post it and report the new id with [`super::Core::board_shown`].
    /// `turn` is the person to act when their opponent is a person too: chat adapters tell
    /// them, since an edited message notifies nobody. `repost`: post it anew even where a
    /// message shows it (`/board`: it scrolled away); an adapter that knows a newer message
    /// than `edit` (a report still on its way) edits that one otherwise.
    Board {
        chat: Chat,
        game: GameId,
        ply: usize,
        edit: Option<String>,
        message: Message,
        turn: Option<User>,
        repost: bool,
    },
    /// Replace the buttons under game `game`'s board (a step of the point picker) without
    /// drawing it again.
    Keyboard { chat: Chat, game: GameId, locale: Locale, buttons: Vec<Vec<Button>> },
    /// Tell one user something only they see (Discord ephemeral, Telegram callback answer).
    Notice { chat: Chat, user: String, locale: Locale, text: Text },
    /// A private message to one user.
    Direct { platform: Platform, user: String, message: Message },
    /// Send a file in a chat under a caption: `/replay`'s animation, `/export`'s record.
    File { chat: Chat, locale: Locale, caption: Vec<Text>, file: Attachment },
}

/// A file to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attachment {
    /// A game watched again, drawn into a GIF by whoever sends it (it takes a while).
    Animation { animation: Arc<Animation>, file_name: String },
    /// A text file.
    Document { file_name: String, text: String },
}

impl Attachment {
    #[must_use]
    pub fn file_name(&self) -> &str {
        match self {
            Attachment::Animation { file_name, .. } | Attachment::Document { file_name, .. } => {
                file_name
            }
        }
    }
}

/// A message: lines of text, maybe a board, maybe buttons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub locale: Locale,
    pub lines: Vec<Text>,
    pub board: Option<BoardImage>,
    /// Rows of buttons.
    pub buttons: Vec<Vec<Button>>,
}

/// A board: the picture for chat platforms (drawn by whoever sends it), and the same
/// position in text for the terminal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardImage {
    pub picture: Picture,
    pub diagram: String,
    /// A file name that says which game and ply it shows (`game-12-ply-5.png`).
    pub file_name: String,
}

/// A button: its label and the payload pressed back to the core (≤ 64 bytes, Telegram's
/// callback limit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub label: Text,
    pub payload: String,
}

impl Message {
    #[must_use]
    pub fn text(locale: Locale, lines: Vec<Text>) -> Message {
        Message { locale, lines, board: None, buttons: Vec::new() }
    }
}

impl Output {
    /// The text ids of the output's lines (or notice), for tests and logs.
    #[must_use]
    pub fn text_ids(&self) -> Vec<&'static str> {
        match self {
            Output::Send { message, .. }
            | Output::Board { message, .. }
            | Output::Direct { message, .. } => message.lines.iter().map(|text| text.id).collect(),
            Output::Notice { text, .. } => vec![text.id],
            Output::File { caption, .. } => caption.iter().map(|text| text.id).collect(),
            Output::Keyboard { .. } => Vec::new(),
        }
    }
}
