use std::fmt;

use crate::i18n::Locale;

/// Where an input came from; a chat or user id is only unique within its platform.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Platform {
    Console,
    Discord,
    Telegram,
}

impl Platform {
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Platform::Console => "console",
            Platform::Discord => "discord",
            Platform::Telegram => "telegram",
        }
    }

    #[must_use]
    pub fn from_code(code: &str) -> Option<Platform> {
        [Platform::Console, Platform::Discord, Platform::Telegram]
            .into_iter()
            .find(|platform| platform.code() == code)
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A person on a platform.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct User {
    pub id: String,
    pub name: String,
}

/// A group or a private conversation with the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChatKind {
    Group,
    Private,
}

impl ChatKind {
    /// The stored name.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ChatKind::Group => "group",
            ChatKind::Private => "private",
        }
    }

    /// Reads a stored name; anything else is a group, the safer guess.
    #[must_use]
    pub fn from_code(code: &str) -> ChatKind {
        if code == "private" { ChatKind::Private } else { ChatKind::Group }
    }
}

/// A conversation: where games are played and boards are shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chat {
    pub platform: Platform,
    pub id: String,
    pub kind: ChatKind,
}

/// What an adapter hands the core: who did what, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub user: User,
    pub chat: Chat,
    /// Whether the platform says this user administers the chat (they may cancel games and
    /// change the chat's settings).
    pub is_chat_admin: bool,
    /// The user's client language, if the platform tells it.
    pub locale: Option<Locale>,
    pub action: Action,
}

/// What the user did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A line of text starting with `/`.
    Command(String),
    /// A button press, with the button's payload.
    Button(String),
}
