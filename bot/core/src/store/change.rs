use std::sync::{Arc, Mutex};

use super::backend::Open;
use super::statement::{On, query};
use super::{Store, StoreError};
use crate::identity::{EventId, Platform};

/// One atomic change of the bot's state: everything written through it commits together, or
/// nothing does. A change made for a platform event records the event too, so the same event
/// cannot change anything a second time.
///
/// SQLite has one connection: while a change is open, every read it needs goes through it.
#[derive(Debug)]
pub struct Change {
    transaction: Open,
    /// Set when the change writes a challenge: its commit forgets the known next expiry.
    pub(super) challenges_changed: bool,
    next_expiry: Arc<Mutex<Option<Option<i64>>>>,
}

impl Store {
    /// Opens a change for `event` (none: the bot's own doing, a CPU move or a timer).
    ///
    /// # Errors
    /// [`StoreError::Repeated`] when the event already changed something; [`StoreError`] if
    /// the database fails.
    pub async fn change(
        &self,
        event: Option<(Platform, &EventId)>,
        now: i64,
    ) -> Result<Change, StoreError> {
        let mut transaction = self.pool.begin().await?;
        if let Some((platform, event)) = event {
            query("INSERT INTO events (platform, event, at) VALUES ($1, $2, $3)")
                .bind(platform.code())
                .bind(&event.0)
                .bind(now)
                .execute(transaction.on())
                .await
                .map_err(|error| StoreError::unique_as(error, StoreError::Repeated))?;
        }
        Ok(Change {
            transaction,
            challenges_changed: false,
            next_expiry: Arc::clone(&self.next_expiry),
        })
    }

    /// Whether `event` already changed something.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn seen(&self, platform: Platform, event: &EventId) -> Result<bool, StoreError> {
        let found: Option<i64> = query("SELECT at FROM events WHERE platform = $1 AND event = $2")
            .bind(platform.code())
            .bind(&event.0)
            .fetch_optional_scalar(&self.pool)
            .await?;
        Ok(found.is_some())
    }

    /// Forgets events older than `before`: no platform delivers an event again after a day,
    /// and a platform that reuses old ids (Telegram after a week of silence) must not find them.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn forget_events(&self, before: i64) -> Result<u64, StoreError> {
        let done =
            query("DELETE FROM events WHERE at < $1").bind(before).execute(&self.pool).await?;
        Ok(done)
    }
}

impl Change {
    pub(super) fn connection(&mut self) -> On<'_> {
        self.transaction.on()
    }

    /// Checks, inside the change, that process `owner` still holds every lease of `slots`
    /// unexpired, and keeps the first of them to run out from being taken until the change
    /// ends: a process cut off from the database while a change was on its way writes
    /// nothing once another may serve its chats. The leases are renewed together, so the
    /// first to run out stands for all. [`StoreError::NoLongerServing`] when it does not.
    ///
    /// # Errors
    /// [`StoreError::NoLongerServing`], or [`StoreError`] if the database fails.
    pub async fn still_serving(&mut self, owner: i64, slots: &[u16]) -> Result<(), StoreError> {
        // SQLite has one process: nothing to fence.
        let On::Postgres(connection) = self.connection() else { return Ok(()) };
        let keys: Vec<i32> = slots.iter().map(|&slot| i32::from(slot)).collect();
        let serving: Option<bool> = sqlx::query_scalar(
            "SELECT expires_at > statement_timestamp() FROM leases \
             WHERE kind = 'slot' AND owner = $1 AND key = ANY($2) \
             ORDER BY expires_at LIMIT 1 FOR SHARE",
        )
        .bind(owner)
        .bind(keys)
        .fetch_optional(connection)
        .await?;
        if serving == Some(true) { Ok(()) } else { Err(StoreError::NoLongerServing) }
    }

    /// Holds `keys` until the change ends ([`Open::lock`]).
    pub(super) async fn lock(&mut self, keys: &[String]) -> Result<(), StoreError> {
        self.transaction.lock(keys).await?;
        Ok(())
    }

    /// Makes every write of the change durable at once.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses the commit: then nothing of it was written.
    pub async fn commit(self) -> Result<(), StoreError> {
        let committed = self.transaction.commit().await;
        // Forgotten whatever the outcome: a failed commit may still have written.
        if self.challenges_changed
            && let Ok(mut known) = self.next_expiry.lock()
        {
            *known = None;
        }
        committed?;
        Ok(())
    }
}
