use std::fmt;

use serde::{Deserialize, Serialize};

/// Where an input came from; a chat or user id is only unique within its platform.
///
/// In JSON, its [`code`](Platform::code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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

/// A person on a platform: known by `id`, never by name (two people may share a name).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct User {
    pub id: String,
    /// What the bot calls them.
    pub name: String,
    /// The unique name the platform lets others mention them by (a Telegram username, a
    /// terminal name), if they have one: what `@name` resolves through.
    pub handle: Option<String>,
}

impl User {
    /// A person with no mentionable name.
    #[must_use]
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> User {
        User { id: id.into(), name: name.into(), handle: None }
    }
}

/// A group or a private conversation with the bot.
///
/// In JSON, its [`code`](ChatKind::code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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

    /// Reads a stored name.
    #[must_use]
    pub fn from_code(code: &str) -> Option<ChatKind> {
        [ChatKind::Group, ChatKind::Private].into_iter().find(|kind| kind.code() == code)
    }
}

/// A conversation: where games are played and boards are shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Chat {
    pub platform: Platform,
    pub id: String,
    pub kind: ChatKind,
}

impl Chat {
    /// The name of the chat's own ratings table (beside the global one).
    #[must_use]
    pub fn rating_scope(&self) -> String {
        format!("{}:{}", self.platform.code(), self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON of a platform or chat kind is its stored code, so the two never drift apart.
    #[test]
    fn json_names_are_the_stored_codes() -> Result<(), serde_json::Error> {
        for platform in [Platform::Console, Platform::Discord, Platform::Telegram] {
            assert_eq!(serde_json::to_value(platform)?, platform.code());
            let read: Platform = serde_json::from_value(platform.code().into())?;
            assert_eq!(read, platform);
        }
        for kind in [ChatKind::Group, ChatKind::Private] {
            assert_eq!(serde_json::to_value(kind)?, kind.code());
            let read: ChatKind = serde_json::from_value(kind.code().into())?;
            assert_eq!(read, kind);
        }
        Ok(())
    }
}
