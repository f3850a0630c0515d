use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Chat, GameId, Payload, Platform, User};
use crate::games::{Animation, Picture};
use crate::i18n::{Locale, Text};

/// What the core asks an adapter to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Post a new message in a chat.
    Send { chat: Chat, message: Message },
    /// Show game `game`'s board at `ply` (a CINCO table after `ply` actions): edit message
    /// `edit` when given (the adapter reported it earlier), else post it and report the new id
    /// with [`super::Core::board_shown`]. `turn` is the person to tell it is their turn (in a
    /// board game, the person to act when their opponent is a person too): chat adapters
    /// tell them, since an edited message notifies nobody. `repost`: post it anew even where a
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
        /// The game's final board: the adapter says so when it reports it shown, so that a
        /// late report of the board before (a resignation keeps the ply) does not count.
        ended: bool,
    },
    /// Replace the components under game `game`'s board (a step of the point picker) without
    /// drawing it again.
    Keyboard { chat: Chat, game: GameId, locale: Locale, components: Vec<Row> },
    /// The answer to the input that caused it, for the one who acted alone (Discord: an
    /// ephemeral reply; Telegram: the callback answer of a press, a reply to a typed command).
    /// Only an input's outputs hold one, addressed to its `user` in its `chat`; every other
    /// output goes to a chat or to one user's private chat. A refusal is always a reply;
    /// [`Input::reply_is_private`](super::Input::reply_is_private) says beforehand when a
    /// successful answer is one too.
    Reply { chat: Chat, user: String, locale: Locale, lines: Vec<Text> },
    /// A private message to one user. `prompt`: what it is about when the core follows it;
    /// the adapter then reports it delivered or undeliverable
    /// (the runtime's `Desk::direct_sent` and `Desk::direct_failed`). `hand`: the CINCO hand
    /// it shows, which replaces the previous message of that hand.
    Direct {
        platform: Platform,
        user: String,
        message: Message,
        prompt: Option<Prompt>,
        hand: Option<HandSlot>,
    },
    /// Send a file in a chat under a caption: `/replay`'s animation, `/export`'s record.
    File { chat: Chat, locale: Locale, caption: Vec<Text>, file: Attachment },
}

/// A private message the core follows: it records where it was delivered, keeps it in the
/// store when it could not be, and sends it again when its user next reaches the bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// A CINCO player's hand and what the game waits for from them (their turn's choices or
    /// a bid request), drawn after `seq` actions. `edit`: the message that showed their
    /// previous one, if a platform reported it (an adapter may edit it in place).
    Hand { game: GameId, seq: usize, edit: Option<String> },
    /// The note that seats its user at CINCO lobby `lobby`: whether it arrives says whether
    /// the bot can reach them privately.
    Seated { lobby: u64 },
}

impl Prompt {
    /// What the store keeps of it while it waits for its user: the message is drawn again
    /// when it goes out, as the game is then.
    #[must_use]
    pub fn waiting_code(&self) -> String {
        match self {
            Prompt::Hand { game, .. } => format!("hand:{}", game.0),
            Prompt::Seated { lobby } => format!("seated:{lobby}"),
        }
    }
}

/// A player's hand in one CINCO game, which is one private message per player and game: each
/// newer hand (a turn, a bid request) edits it in place where the platform can, so a private
/// chat does not fill with old hands. An edit notifies nobody: on a turn the group's table
/// mentions the player to act; a bid request, which no mention announces, is `notify`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandSlot {
    pub game: GameId,
    /// Asked for again (`/hand`, the My hand button): shown where the player will see it now
    /// — posted anew in the private chat, taking the old one's place (Telegram), or as an
    /// ephemeral view in the channel (Discord) — since the one shown may have scrolled away.
    pub anew: bool,
    /// The game now waits for this player and nothing in the chat tells them (an auction's
    /// bid request): the private message is posted anew, taking the old one's place, since a
    /// new message notifies and an edit does not.
    pub notify: bool,
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

/// A message: lines of text, maybe a board, maybe components to press.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub locale: Locale,
    pub lines: Vec<Text>,
    pub board: Option<BoardImage>,
    pub components: Vec<Row>,
    /// The one person the message asks something of (a challenge's opponent): chat
    /// adapters notify them, and nobody else, by a mention.
    pub addressee: Option<User>,
    /// The lines are a document in Markdown (headings, **bold**, `code`, lists, links): a
    /// chat adapter shows it formatted its platform's way; the terminal prints it as it is.
    pub markdown: bool,
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

/// One row of a message's components: buttons, or one select menu.
///
/// A row of buttons is one group for the reader (a board's columns, a yes and a no); it may
/// hold more buttons than a platform puts side by side, and each adapter folds it to its
/// width (5 on Discord, 8 on Telegram).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Row {
    Buttons(Vec<Button>),
    Select(Select),
}

/// A button: its label, the payload pressed back to the core (≤ 64 bytes, Telegram's
/// callback limit), how it looks and whether it can be pressed.
///
/// A disabled button says "this exists, not now" (a full column) where a missing one would
/// shift its neighbours. Platforms without disabled buttons (Telegram) show it marked, with
/// [`Payload::Inert`](super::Payload::Inert) instead of its payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub label: Text,
    pub payload: String,
    pub style: ButtonStyle,
    pub disabled: bool,
    /// A page the button opens instead of pressing `payload` back, where the platform can
    /// (Telegram); elsewhere it is pressed as any button.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens: Option<Opens>,
}

/// A page a button opens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opens {
    /// A Telegram Mini App opened in place (a `web_app` button: private chats only), signed
    /// in by Telegram.
    MiniApp(String),
    /// An address opened as a link.
    Url(String),
}

/// How a button looks, where the platform can show it (Discord's styles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ButtonStyle {
    /// What the player most likely wants now, or where the game just happened.
    Primary,
    /// One choice among equals.
    #[default]
    Secondary,
    /// Saying yes to a game or a request.
    Success,
    /// Giving something up or saying no.
    Danger,
}

/// A select menu: one option is chosen, and its payload comes back to the core exactly like a
/// button's (an [`Action::Button`](super::Action::Button)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Select {
    /// What the closed menu shows.
    pub placeholder: Text,
    /// At most [`MAX_SELECT_OPTIONS`].
    pub options: Vec<SelectOption>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectOption {
    pub label: Text,
    pub payload: String,
}

/// The most options a select menu holds (Discord's limit).
pub const MAX_SELECT_OPTIONS: usize = 25;

impl Button {
    /// A secondary button that plays `payload`.
    #[must_use]
    pub fn new(label: Text, payload: &Payload) -> Button {
        Button {
            label,
            payload: payload.encode(),
            style: ButtonStyle::Secondary,
            disabled: false,
            opens: None,
        }
    }

    #[must_use]
    pub fn primary(self) -> Button {
        Button { style: ButtonStyle::Primary, ..self }
    }

    #[must_use]
    pub fn success(self) -> Button {
        Button { style: ButtonStyle::Success, ..self }
    }

    #[must_use]
    pub fn danger(self) -> Button {
        Button { style: ButtonStyle::Danger, ..self }
    }

    /// The same button, opening `page` where the platform can.
    #[must_use]
    pub fn opening(self, page: Opens) -> Button {
        Button { opens: Some(page), ..self }
    }

    /// The same button, shown but not pressable.
    #[must_use]
    pub fn disabled(self) -> Button {
        Button { disabled: true, ..self }
    }
}

impl SelectOption {
    #[must_use]
    pub fn new(label: Text, payload: &Payload) -> SelectOption {
        SelectOption { label, payload: payload.encode() }
    }
}

impl Row {
    /// The payloads this row can send: its enabled buttons', or its options'.
    pub fn payloads(&self) -> Vec<&str> {
        match self {
            Row::Buttons(buttons) => buttons
                .iter()
                .filter(|button| !button.disabled)
                .map(|button| button.payload.as_str())
                .collect(),
            Row::Select(select) => {
                select.options.iter().map(|option| option.payload.as_str()).collect()
            }
        }
    }
}

impl Message {
    #[must_use]
    pub fn text(locale: Locale, lines: Vec<Text>) -> Message {
        Message {
            locale,
            lines,
            board: None,
            components: Vec::new(),
            addressee: None,
            markdown: false,
        }
    }

    /// A Markdown document (see [`Message::markdown`]).
    #[must_use]
    pub fn document(locale: Locale, lines: Vec<Text>) -> Message {
        Message { markdown: true, ..Message::text(locale, lines) }
    }

    /// A message with one row of buttons.
    #[must_use]
    pub fn with_buttons(locale: Locale, lines: Vec<Text>, buttons: Vec<Button>) -> Message {
        Message {
            locale,
            lines,
            board: None,
            components: vec![Row::Buttons(buttons)],
            addressee: None,
            markdown: false,
        }
    }

    /// The same message, notifying `user` (and only them) where it is posted.
    #[must_use]
    pub fn addressed_to(self, user: User) -> Message {
        Message { addressee: Some(user), ..self }
    }
}

impl Output {
    /// The text ids of the output's lines, for tests and logs.
    #[must_use]
    pub fn text_ids(&self) -> Vec<&'static str> {
        match self {
            Output::Send { message, .. }
            | Output::Board { message, .. }
            | Output::Direct { message, .. } => message.lines.iter().map(|text| text.id).collect(),
            Output::Reply { lines, .. } => lines.iter().map(|text| text.id).collect(),
            Output::File { caption, .. } => caption.iter().map(|text| text.id).collect(),
            Output::Keyboard { .. } => Vec::new(),
        }
    }
}
