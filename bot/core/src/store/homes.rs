//! The chat that a game, challenge or CINCO lobby belongs to: a button pressed in a private
//! chat (a CINCO hand, a bid) names a game whose chat is elsewhere, and that chat's
//! partition is the one to handle the press.

use super::games::chat_kind;
use super::statement::query;
use super::{Store, StoreError};
use crate::identity::{ChallengeId, Chat, GameId, Platform};

/// Something a button names, that lives in one chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Named {
    Game(GameId),
    Challenge(ChallengeId),
    Lobby(u64),
}

impl Named {
    /// What a waiting private message is about (`Prompt::waiting_code`: `hand:GAME`,
    /// `seated:LOBBY`).
    #[must_use]
    pub fn of_waiting(about: &str) -> Option<Named> {
        if let Some(game) = about.strip_prefix("hand:") {
            return game.parse().ok().map(|id| Named::Game(GameId(id)));
        }
        about.strip_prefix("seated:").and_then(|lobby| lobby.parse().ok()).map(Named::Lobby)
    }
}

impl Store {
    /// The chat of `named`, if it exists.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or the row does not read back.
    pub async fn chat_of(&self, named: Named) -> Result<Option<Chat>, StoreError> {
        let (table, id) = match named {
            Named::Game(GameId(id)) => ("games", id),
            Named::Challenge(ChallengeId(id)) => ("challenges", id),
            Named::Lobby(id) => ("cinco_lobbies", i64::try_from(id).unwrap_or(i64::MAX)),
        };
        let sql = format!("SELECT platform, chat_id, chat_kind FROM {table} WHERE id = $1");
        let Some(row) = query(&sql).bind(id).fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let platform: String = row.try_get("platform")?;
        Ok(Some(Chat {
            platform: Platform::from_code(&platform)
                .ok_or_else(|| StoreError::Corrupt(format!("platform {platform}")))?,
            id: row.try_get("chat_id")?,
            kind: chat_kind(&row.try_get::<String>("chat_kind")?)?,
        }))
    }
}
