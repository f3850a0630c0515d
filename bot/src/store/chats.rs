use std::collections::BTreeMap;

use sqlx::Row;

use super::{Change, Store, StoreError};
use crate::games::{GameKind, GameOptions};
use crate::i18n::Locale;
use crate::identity::Chat;

/// A chat's choices: its language and each game's default options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChatPreferences {
    pub locale: Option<Locale>,
    pub games: BTreeMap<GameKind, GameOptions>,
}

impl Store {
    /// The chat's choices (none made: the defaults).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or the row does not read back.
    pub async fn chat_preferences(&self, chat: &Chat) -> Result<ChatPreferences, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT locale, games FROM chat_settings WHERE platform = ? AND chat_id = ?",
        )
        .bind(chat.platform.code())
        .bind(&chat.id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(ChatPreferences::default());
        };
        let locale: Option<String> = row.try_get("locale")?;
        let games: String = row.try_get("games")?;
        Ok(ChatPreferences {
            locale: locale.as_deref().and_then(Locale::from_tag),
            games: serde_json::from_str(&games)?,
        })
    }
}

impl Change {
    /// Saves the chat's choices.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn save_chat_preferences(
        &mut self,
        chat: &Chat,
        preferences: &ChatPreferences,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO chat_settings (platform, chat_id, locale, games) VALUES (?, ?, ?, ?) \
             ON CONFLICT (platform, chat_id) DO UPDATE SET locale = excluded.locale, games = excluded.games",
        )
        .bind(chat.platform.code())
        .bind(&chat.id)
        .bind(preferences.locale.map(Locale::code))
        .bind(serde_json::to_string(&preferences.games)?)
        .execute(self.connection())
        .await?;
        Ok(())
    }
}

impl Change {
    /// Moves everything of `from` to the chat's new id `to` (a Telegram group that became a
    /// supergroup): its games, challenges, settings and the ratings kept for it. Boards shown
    /// in the old chat are gone with it, so the games show theirs anew.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn move_chat(&mut self, from: &Chat, to: &Chat) -> Result<(), StoreError> {
        let platform = from.platform.code();
        sqlx::query(
            "UPDATE games SET chat_id = ?, chat_kind = ?, board_message = NULL \
             WHERE platform = ? AND chat_id = ?",
        )
        .bind(&to.id)
        .bind(to.kind.code())
        .bind(platform)
        .bind(&from.id)
        .execute(self.connection())
        .await?;
        self.challenges_changed = true;
        sqlx::query(
            "UPDATE challenges SET chat_id = ?, chat_kind = ? WHERE platform = ? AND chat_id = ?",
        )
        .bind(&to.id)
        .bind(to.kind.code())
        .bind(platform)
        .bind(&from.id)
        .execute(self.connection())
        .await?;
        // The new chat's own settings, if it has any already, win.
        sqlx::query(
            "UPDATE OR IGNORE chat_settings SET chat_id = ? WHERE platform = ? AND chat_id = ?",
        )
        .bind(&to.id)
        .bind(platform)
        .bind(&from.id)
        .execute(self.connection())
        .await?;
        sqlx::query("UPDATE OR IGNORE ratings SET scope = ? WHERE platform = ? AND scope = ?")
            .bind(to.rating_scope())
            .bind(platform)
            .bind(from.rating_scope())
            .execute(self.connection())
            .await?;
        Ok(())
    }
}
