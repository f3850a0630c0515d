//! Private prompts in the store: each CINCO player's current hand message (for which action
//! count, as which platform message), and the private messages a platform could not deliver,
//! waiting for their user to reach the bot.

use super::games::ply_of;
use super::seats::{seat_code, seat_index};
use super::statement::query;
use super::{Change, Store, StoreError};
use crate::identity::{GameId, Platform, SeatIndex};

/// A player's hand message as delivered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromptRow {
    pub seat: SeatIndex,
    /// The number of actions the game had when it was drawn.
    pub seq: usize,
    /// The platform's id of the message; `None` until a platform reports it delivered.
    pub message_id: Option<String>,
}

impl Change {
    /// Records `seat`'s current hand message in game `game`.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn record_prompt(
        &mut self,
        game: GameId,
        prompt: &PromptRow,
    ) -> Result<(), StoreError> {
        query(
            "INSERT INTO cinco_prompts (game_id, seat, seq, message_id) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id, seat) DO UPDATE SET seq = excluded.seq, \
             message_id = excluded.message_id",
        )
        .bind(game.0)
        .bind(seat_code(prompt.seat))
        .bind(i64::try_from(prompt.seq).unwrap_or(i64::MAX))
        .bind(prompt.message_id.as_deref())
        .execute(self.connection())
        .await?;
        Ok(())
    }

    /// Keeps a private message about `about` for `user` until they reach the bot (once: the
    /// same message waiting already stays as it is).
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn keep_waiting(
        &mut self,
        platform: Platform,
        user: &str,
        about: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        query(
            "INSERT INTO waiting_directs (platform, user_id, about, at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (platform, user_id, about) DO NOTHING",
        )
        .bind(platform.code())
        .bind(user)
        .bind(about)
        .bind(at)
        .execute(self.connection())
        .await?;
        Ok(())
    }

    /// Takes the private messages waiting for `user` that are about what `serves` says
    /// (the games and lobbies of the caller's chats), oldest first: they go out now. The
    /// others stay for the partition that serves them.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn take_waiting(
        &mut self,
        platform: Platform,
        user: &str,
        serves: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, StoreError> {
        let waiting: Vec<String> = query(
            "SELECT about FROM waiting_directs WHERE platform = $1 AND user_id = $2 \
             ORDER BY at, about",
        )
        .bind(platform.code())
        .bind(user)
        .fetch_scalars(self.connection())
        .await?;
        let taken: Vec<String> = waiting.into_iter().filter(|about| serves(about)).collect();
        for about in &taken {
            query(
                "DELETE FROM waiting_directs WHERE platform = $1 AND user_id = $2 AND about = $3",
            )
            .bind(platform.code())
            .bind(user)
            .bind(about)
            .execute(self.connection())
            .await?;
        }
        Ok(taken)
    }
}

impl Store {
    /// The hand messages recorded for game `game`.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn prompts(&self, game: GameId) -> Result<Vec<PromptRow>, StoreError> {
        let rows = query(
            "SELECT seat, seq, message_id FROM cinco_prompts WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PromptRow {
                    seat: seat_index(row.try_get("seat")?)?,
                    seq: ply_of(row.try_get("seq")?),
                    message_id: row.try_get("message_id")?,
                })
            })
            .collect()
    }

    /// What the private messages waiting for `user` are about (`hand:7`, `seated:3`).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn waiting_for(
        &self,
        platform: Platform,
        user: &str,
    ) -> Result<Vec<String>, StoreError> {
        let about = query("SELECT about FROM waiting_directs WHERE platform = $1 AND user_id = $2")
            .bind(platform.code())
            .bind(user)
            .fetch_scalars(&self.pool)
            .await?;
        Ok(about)
    }

    /// Every private message waiting, as (platform, user, what it is about).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn waiting_directs(&self) -> Result<Vec<(Platform, String, String)>, StoreError> {
        let rows = query("SELECT platform, user_id, about FROM waiting_directs")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                let platform: String = row.try_get("platform")?;
                let platform = Platform::from_code(&platform)
                    .ok_or_else(|| StoreError::Corrupt(format!("platform {platform}")))?;
                Ok((platform, row.try_get("user_id")?, row.try_get("about")?))
            })
            .collect()
    }
}
