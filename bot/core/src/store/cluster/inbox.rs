//! The inbox: inputs handed from the process that received them to the one serving their
//! chat's slot, each platform event once, and the answers that go back (the module docs say
//! what each side promises).

use sqlx::postgres::PgRow;
use sqlx::{Row as _, query};

use super::super::StoreError;
use super::Cluster;

/// The channel a post is announced on; the payload is the slot.
pub const INBOX_CHANNEL: &str = "cincobot_inbox";

/// The channel an answer is announced on; the payload is the event it answers.
pub const ANSWER_CHANNEL: &str = "cincobot_answer";

/// An input waiting in the inbox for the process serving its slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboxItem {
    /// Its place in the inbox: later posts have higher ids.
    pub id: i64,
    pub slot: u16,
    pub event: String,
    pub body: String,
}

impl InboxItem {
    fn read(row: &PgRow) -> Result<InboxItem, StoreError> {
        let slot: i32 = row.try_get("slot")?;
        Ok(InboxItem {
            id: row.try_get("id")?,
            slot: u16::try_from(slot).map_err(|_| StoreError::Corrupt(format!("slot {slot}")))?,
            event: row.try_get("event")?,
            body: row.try_get("body")?,
        })
    }
}

impl Cluster {
    /// Posts the input `body` of platform event `event` (an id unique across platforms: the
    /// platform's code and its own id) for whoever serves `slot`, and announces it on
    /// [`INBOX_CHANNEL`] in the same statement. `false` when the event was posted before,
    /// handled or not: then nothing is written or announced.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails; then nothing was posted.
    pub async fn post(&self, slot: u16, event: &str, body: &str) -> Result<bool, StoreError> {
        let posted = query(
            "WITH posted AS (\
                 INSERT INTO inbox (slot, event, body, posted_at) VALUES ($1, $2, $3, now()) \
                 ON CONFLICT (event) DO NOTHING RETURNING slot) \
             SELECT pg_notify($4, CAST(slot AS TEXT)) FROM posted",
        )
        .bind(i32::from(slot))
        .bind(event)
        .bind(body)
        .bind(INBOX_CHANNEL)
        .fetch_optional(&self.pool)
        .await?;
        Ok(posted.is_some())
    }

    /// The inputs not yet handled of `slots` with ids above `after_id`, at most `limit`, by
    /// id: the order they were posted in, so a chat's inputs come in order.
    ///
    /// An id is given when a post starts and seen when it commits, so a lower id may appear
    /// after a higher one: `after_id` pages through one reading, and each new reading starts
    /// again from 0 (handled inputs are no longer there).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn pending(
        &self,
        slots: &[u16],
        after_id: i64,
        limit: u32,
    ) -> Result<Vec<InboxItem>, StoreError> {
        let slots: Vec<i32> = slots.iter().copied().map(i32::from).collect();
        let rows = query(
            "SELECT id, slot, event, body FROM inbox \
             WHERE handled_at IS NULL AND slot = ANY($1) AND id > $2 ORDER BY id LIMIT $3",
        )
        .bind(&slots)
        .bind(after_id)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(InboxItem::read).collect()
    }

    /// Marks the inputs `ids` handled: they are no longer pending, and their events stay
    /// known until swept, so a second delivery is not posted again. How many were pending.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails; the inputs then stay pending.
    pub async fn ack(&self, ids: &[i64]) -> Result<u64, StoreError> {
        let done =
            query("UPDATE inbox SET handled_at = now() WHERE id = ANY($1) AND handled_at IS NULL")
                .bind(ids)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected())
    }

    /// Leaves `body` as the answer to `event` for the process that received it, and
    /// announces it on [`ANSWER_CHANNEL`] (the payload is `event`) in the same statement.
    /// `false` when an answer to `event` waits already: the first one stands.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails; then nothing was written.
    pub async fn answer(&self, event: &str, body: &str) -> Result<bool, StoreError> {
        let answered = query(
            "WITH answered AS (\
                 INSERT INTO inbox_answers (event, body, answered_at) VALUES ($1, $2, now()) \
                 ON CONFLICT (event) DO NOTHING RETURNING event) \
             SELECT pg_notify($3, event) FROM answered",
        )
        .bind(event)
        .bind(body)
        .bind(ANSWER_CHANNEL)
        .fetch_optional(&self.pool)
        .await?;
        Ok(answered.is_some())
    }

    /// The answer to `event`, if one waits, removed as it is read: of two takers, one gets
    /// it.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn take_answer(&self, event: &str) -> Result<Option<String>, StoreError> {
        let row = query("DELETE FROM inbox_answers WHERE event = $1 RETURNING body")
            .bind(event)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.try_get(0)).transpose()?)
    }
}
