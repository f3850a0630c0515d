use std::collections::BTreeMap;

use sqlx::Row;

use super::{Store, StoreError};
use crate::core::Chat;
use crate::games::{GameKind, GameOptions};
use crate::i18n::Locale;

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

    /// Saves the chat's choices.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn save_chat_preferences(
        &self,
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
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
