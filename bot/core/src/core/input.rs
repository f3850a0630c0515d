use serde::{Deserialize, Serialize};

use super::{Chat, ChatKind, Command, EventId, Payload, User};
use crate::i18n::Locale;
use crate::store::Named;

/// What an adapter hands the core: who did what, where, as which platform event.
///
/// It crosses to the process that serves its chat as JSON ([`super::Wire`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Input {
    /// The platform's id of the event: the action it causes is stored with it, so the same
    /// event delivered again changes nothing.
    pub event: EventId,
    pub user: User,
    pub chat: Chat,
    /// Whether the platform says this user administers the chat (they may cancel games and
    /// change the chat's settings).
    pub is_chat_admin: bool,
    /// The user's client language, if the platform tells it.
    pub locale: Option<Locale>,
    /// The people the platform vouches for in this input (mentioned by id): the core learns
    /// their ids, so a mention of them resolves.
    pub introduced: Vec<User>,
    /// The author of the message this one replies to: a challenge with no opponent named is
    /// for them.
    pub replied_to: Option<User>,
    pub action: Action,
}

impl Input {
    /// An input with no one introduced and no reply.
    #[must_use]
    pub fn new(
        event: EventId,
        user: User,
        chat: Chat,
        locale: Option<Locale>,
        action: Action,
    ) -> Input {
        Input {
            event,
            user,
            chat,
            is_chat_admin: false,
            locale,
            introduced: Vec::new(),
            replied_to: None,
            action,
        }
    }
}

impl Input {
    /// What this input's button names that lives in a chat of its own (a game, a challenge,
    /// a CINCO lobby), when it was pressed in a private chat: a hand's or a bid's buttons
    /// act on a game in a group, whose partition handles them. `None`: the input's own chat
    /// is the one.
    #[must_use]
    pub fn names_elsewhere(&self) -> Option<Named> {
        if self.chat.kind != ChatKind::Private {
            return None;
        }
        let Action::Button(payload) = &self.action else { return None };
        match Payload::decode(payload)? {
            Payload::Move { game, .. }
            | Payload::Undo { game, .. }
            | Payload::Pick { game, .. }
            | Payload::Offer { game, .. }
            | Payload::Resign { game, .. }
            | Payload::Rematch(game)
            | Payload::Replay(game)
            | Payload::Hand(game)
            | Payload::WebBoard(game)
            | Payload::Cinco { game, .. } => Some(Named::Game(game)),
            Payload::Accept(id) | Payload::Join(id) | Payload::Decline(id) => {
                Some(Named::Challenge(id))
            }
            Payload::Lobby { lobby, .. } => Some(Named::Lobby(lobby)),
            Payload::History { .. } | Payload::Inert => None,
        }
    }

    /// Whether this input shows that its user can be written to privately now (see
    /// `cinco::reach`): then the private messages that waited for them go out, from every
    /// partition that keeps some.
    #[must_use]
    pub fn shows_user_reachable(&self) -> bool {
        super::cinco::reaches_privately(&self.chat)
    }
}

impl Action {
    /// Whether this is something only a chat's admins may do in a group
    /// ([`Command::needs_admin`]), for the bot called `bot_name`: the one question an adapter
    /// asks the platform about the user before handing the input over.
    #[must_use]
    pub fn needs_admin(&self, bot_name: &str) -> bool {
        match self {
            Action::Command(line) => super::parse_command(line, bot_name)
                .ok()
                .flatten()
                .is_some_and(|command| command.needs_admin()),
            Action::Typed(command) => command.needs_admin(),
            Action::Shortcut(_) | Action::Button(_) | Action::ChatMoved { .. } => false,
        }
    }
}

/// What the user did: in JSON, tagged by the variant's name in snake case,
/// `{"command":"/move h8"}`, `{"chat_moved":{"to":"-100"}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A line of text starting with `/`, for the core to read.
    Command(String),
    /// A command the platform already typed (a Discord slash command and its options).
    Typed(Command),
    /// Plain text that may be a bare move (`h8`, `pop 3`, see [`super::shortcut`]): played
    /// as `/move` if it is one, ignored otherwise, and unanswered when its author has no
    /// game to play it in. Adapters may check [`super::shortcut`] first to spare the core
    /// the chat's conversation.
    Shortcut(String),
    /// A button press, with the button's payload.
    Button(String),
    /// The platform moved the chat to a new id (a Telegram group that became a supergroup):
    /// its games, challenges and settings follow it.
    ChatMoved { to: String },
}
