use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::statement::query;
use super::{Change, Store, StoreError};
use crate::games::{GameKind, GameOptions};
use crate::i18n::Locale;
use crate::identity::Chat;

/// A chat's choices: its language, each board game's default options, and CINCO's timers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChatPreferences {
    pub locale: Option<Locale>,
    pub games: BTreeMap<GameKind, GameOptions>,
    pub cinco: CincoTimers,
}

/// How long a chat's CINCO tables wait, in seconds; `None`: the bot's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CincoTimers {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bid_seconds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_seconds: Option<u32>,
}

impl Store {
    /// The chat's choices (none made: the defaults).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or the row does not read back.
    pub async fn chat_preferences(&self, chat: &Chat) -> Result<ChatPreferences, StoreError> {
        let Some(row) = query(
            "SELECT locale, games, cinco FROM chat_settings WHERE platform = $1 AND chat_id = $2",
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
        let cinco: String = row.try_get("cinco")?;
        Ok(ChatPreferences {
            locale: locale.as_deref().and_then(Locale::from_tag),
            games: serde_json::from_str(&games)?,
            cinco: serde_json::from_str(&cinco)?,
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
        query(
            "INSERT INTO chat_settings (platform, chat_id, locale, games, cinco) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (platform, chat_id) DO UPDATE SET \
             locale = excluded.locale, games = excluded.games, cinco = excluded.cinco",
        )
        .bind(chat.platform.code())
        .bind(&chat.id)
        .bind(preferences.locale.map(Locale::code))
        .bind(serde_json::to_string(&preferences.games)?)
        .bind(serde_json::to_string(&preferences.cinco)?)
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
        query(
            "UPDATE games SET chat_id = $1, chat_kind = $2, board_message = NULL \
             WHERE platform = $3 AND chat_id = $4",
        )
        .bind(&to.id)
        .bind(to.kind.code())
        .bind(platform)
        .bind(&from.id)
        .execute(self.connection())
        .await?;
        self.challenges_changed = true;
        query(
            "UPDATE challenges SET chat_id = $1, chat_kind = $2 \
             WHERE platform = $3 AND chat_id = $4",
        )
        .bind(&to.id)
        .bind(to.kind.code())
        .bind(platform)
        .bind(&from.id)
        .execute(self.connection())
        .await?;
        // The new chat's own settings, if it has any already, win; so do its own ratings.
        query(
            "UPDATE chat_settings SET chat_id = $1 WHERE platform = $2 AND chat_id = $3 \
             AND NOT EXISTS (SELECT 1 FROM chat_settings AS taken \
             WHERE taken.platform = $2 AND taken.chat_id = $1)",
        )
        .bind(&to.id)
        .bind(platform)
        .bind(&from.id)
        .execute(self.connection())
        .await?;
        query(
            "UPDATE ratings SET scope = $1 WHERE platform = $2 AND scope = $3 \
             AND NOT EXISTS (SELECT 1 FROM ratings AS taken WHERE taken.family = ratings.family \
             AND taken.scope = $1 AND taken.platform = $2 AND taken.user_id = ratings.user_id)",
        )
        .bind(to.rating_scope())
        .bind(platform)
        .bind(from.rating_scope())
        .execute(self.connection())
        .await?;
        Ok(())
    }
}
