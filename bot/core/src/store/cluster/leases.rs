//! Leases: who serves what, taken and kept by the database's clock, with an epoch that grows
//! with each new tenure (the module docs say why and how a holder stops in time).

use std::time::{Duration, Instant};

use sqlx::{Row as _, query};

use super::super::statement::On;
use super::super::{Change, StoreError};
use super::{Cluster, ProcessId};

/// The channel on which a process announces that it let leases go (released them, or left
/// the bot's processes), so that the others take them at once rather than at their next
/// round. The payload is the process's id.
pub const LEASES_CHANNEL: &str = "cincobot_leases";

/// What a lease is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeaseKind {
    /// A slot of chats (`identity::slot_of`): its holder serves them.
    Slot,
    /// A shard of a platform's connection (a Discord gateway shard).
    Shard,
    /// The one Telegram poll: Telegram answers one `getUpdates` caller at a time.
    TelegramPoll,
}

impl LeaseKind {
    /// The stored name.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            LeaseKind::Slot => "slot",
            LeaseKind::Shard => "shard",
            LeaseKind::TelegramPoll => "telegram_poll",
        }
    }
}

/// A lease this process holds, until [`Lease::valid_until`] by its own clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lease {
    pub kind: LeaseKind,
    pub key: i32,
    /// The tenure: grows each time the lease is taken anew, by anyone.
    pub epoch: i64,
    /// When the holder must stop acting for it unless renewed: well before the database lets
    /// anyone else take it.
    pub valid_until: Instant,
}

impl Lease {
    /// Whether the holder may still act for the lease at `now`.
    #[must_use]
    pub fn is_valid(&self, now: Instant) -> bool {
        now < self.valid_until
    }
}

/// Who holds a lease, as the database says: for balancing the leases and taking over those
/// that ran out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub key: i32,
    pub owner: ProcessId,
    pub epoch: i64,
    /// Run out (or released): anyone may take it.
    pub expired: bool,
}

/// Until when a holder may act on a lease claimed or renewed for `ttl` by a statement sent
/// after `sent`: a fifth of the time to live before the database's deadline, at the latest.
fn valid_until(sent: Instant, ttl: Duration) -> Instant {
    let margin = ttl / 5;
    // A time to live too long to add to an instant is valid for no time at all: refusing to
    // act is the safe side.
    sent.checked_add(ttl.saturating_sub(margin)).unwrap_or(sent)
}

impl Cluster {
    /// Takes the lease `(kind, key)` for `ttl` if nobody holds it, it has run out, or this
    /// process holds it (then it is extended, in the same tenure). `None` when another
    /// process holds it. One statement: of two processes claiming at once, one wins.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn claim(
        &self,
        kind: LeaseKind,
        key: i32,
        ttl: Duration,
    ) -> Result<Option<Lease>, StoreError> {
        let sent = Instant::now();
        // The epoch grows unless the lease is this process's and still running: a lapsed
        // tenure taken back by its own holder is a new tenure too.
        let epoch: Option<i64> = query(
            "INSERT INTO leases AS held (kind, key, owner, epoch, expires_at) \
             VALUES ($1, $2, $3, 1, now() + $4) \
             ON CONFLICT (kind, key) DO UPDATE SET \
                 owner = EXCLUDED.owner, \
                 epoch = CASE WHEN held.owner = EXCLUDED.owner AND held.expires_at > now() \
                     THEN held.epoch ELSE held.epoch + 1 END, \
                 expires_at = EXCLUDED.expires_at \
             WHERE held.owner = EXCLUDED.owner OR held.expires_at <= now() \
             RETURNING epoch",
        )
        .bind(kind.code())
        .bind(key)
        .bind(self.process.0)
        .bind(ttl)
        .fetch_optional(&self.pool)
        .await?
        .map(|row| row.try_get(0))
        .transpose()?;
        Ok(epoch.map(|epoch| Lease { kind, key, epoch, valid_until: valid_until(sent, ttl) }))
    }

    /// Extends for `ttl`, in one statement, those of this process's leases of `kind` and
    /// `keys` that have not run out, and returns them, each valid for longer. A key missing
    /// from the answer is lost: its holder must stop acting for it now.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails; the leases then stay as they were.
    pub async fn renew(
        &self,
        kind: LeaseKind,
        keys: &[i32],
        ttl: Duration,
    ) -> Result<Vec<Lease>, StoreError> {
        let sent = Instant::now();
        let rows = query(
            "UPDATE leases SET expires_at = now() + $4 \
             WHERE kind = $1 AND key = ANY($2) AND owner = $3 AND expires_at > now() \
             RETURNING key, epoch",
        )
        .bind(kind.code())
        .bind(keys)
        .bind(self.process.0)
        .bind(ttl)
        .fetch_all(&self.pool)
        .await?;
        let mut renewed = rows
            .iter()
            .map(|row| {
                Ok(Lease {
                    kind,
                    key: row.try_get("key")?,
                    epoch: row.try_get("epoch")?,
                    valid_until: valid_until(sent, ttl),
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        renewed.sort_by_key(|lease| lease.key);
        Ok(renewed)
    }

    /// Lets this process's leases of `kind` and `keys` run out now, and announces it on
    /// [`LEASES_CHANNEL`], so that another process takes them without waiting; how many it
    /// held.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails; the leases then run out by themselves.
    pub async fn release(&self, kind: LeaseKind, keys: &[i32]) -> Result<u64, StoreError> {
        let released: i64 = query(
            "WITH released AS ( \
                 UPDATE leases SET expires_at = now() \
                 WHERE kind = $1 AND key = ANY($2) AND owner = $3 AND expires_at > now() \
                 RETURNING key), \
             announced AS ( \
                 SELECT pg_notify($4, CAST($3 AS TEXT)) WHERE EXISTS (SELECT 1 FROM released)) \
             SELECT (SELECT count(*) FROM released) AS released, \
                 (SELECT count(*) FROM announced) AS announced",
        )
        .bind(kind.code())
        .bind(keys)
        .bind(self.process.0)
        .bind(LEASES_CHANNEL)
        .fetch_one(&self.pool)
        .await?
        .try_get("released")?;
        Ok(u64::try_from(released).unwrap_or(0))
    }

    /// Every lease of `kind` ever taken, by key, with its holder and whether it has run out.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn holders(&self, kind: LeaseKind) -> Result<Vec<Holder>, StoreError> {
        let rows = query(
            "SELECT key, owner, epoch, expires_at <= now() AS expired FROM leases \
             WHERE kind = $1 ORDER BY key",
        )
        .bind(kind.code())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(Holder {
                    key: row.try_get("key")?,
                    owner: ProcessId(row.try_get("owner")?),
                    epoch: row.try_get("epoch")?,
                    expired: row.try_get("expired")?,
                })
            })
            .collect()
    }

    /// Whether this process still holds `lease` in the same tenure and unexpired, checked
    /// inside `change`: when it does, the lease's row stays locked until the change ends, so
    /// no other process takes the lease before the change commits. When it does not, the
    /// caller drops the change, and nothing of it is written.
    ///
    /// # Errors
    /// [`StoreError::SeveralProcessesNeedPostgres`] for a change on SQLite; [`StoreError`] if
    /// the database fails.
    pub async fn holds(&self, change: &mut Change, lease: &Lease) -> Result<bool, StoreError> {
        let On::Postgres(connection) = change.connection() else {
            return Err(StoreError::SeveralProcessesNeedPostgres);
        };
        // statement_timestamp(), not now(): now() is when the change's transaction began,
        // which may be a while ago.
        let held = query(
            "SELECT 1 FROM leases WHERE kind = $1 AND key = $2 AND owner = $3 AND epoch = $4 \
             AND expires_at > statement_timestamp() FOR SHARE",
        )
        .bind(lease.kind.code())
        .bind(lease.key)
        .bind(self.process.0)
        .bind(lease.epoch)
        .fetch_optional(connection)
        .await?;
        Ok(held.is_some())
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{Lease, LeaseKind, valid_until};

    #[test]
    fn a_holder_stops_a_fifth_of_the_time_to_live_early() {
        let sent = Instant::now();
        let until = valid_until(sent, Duration::from_millis(500));
        assert_eq!(until, sent + Duration::from_millis(400));
        let lease = Lease { kind: LeaseKind::Slot, key: 3, epoch: 1, valid_until: until };
        assert!(lease.is_valid(sent + Duration::from_millis(399)));
        assert!(!lease.is_valid(sent + Duration::from_millis(400)));
    }

    #[test]
    fn the_stored_kinds_keep_their_names() {
        // Processes of two releases share the table while a bot is upgraded.
        let codes =
            [LeaseKind::Slot, LeaseKind::Shard, LeaseKind::TelegramPoll].map(LeaseKind::code);
        assert_eq!(codes, ["slot", "shard", "telegram_poll"]);
    }

    #[test]
    fn a_time_to_live_past_any_instant_is_valid_for_no_time() {
        let sent = Instant::now();
        assert_eq!(valid_until(sent, Duration::MAX), sent);
    }
}
