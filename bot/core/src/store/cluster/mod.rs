//! Several bot processes on one PostgreSQL database: who is running, who serves which chats,
//! and how an input reaches the process that serves its chat. SQLite serves one process, and
//! every function here refuses it ([`StoreError::SeveralProcessesNeedPostgres`]).
//!
//! # The database's clock
//!
//! Every time these tables hold is written and compared by PostgreSQL's own clock (`now()`),
//! never a process's: two machines whose clocks disagree by a minute still agree on whether
//! a lease has run out, since only the database decides.
//!
//! # Leases (`leases.rs`)
//!
//! A process serves a slot of chats (or a shard, or the one Telegram poll) while it holds
//! that lease. [`Cluster::claim`] takes a lease that nobody holds, that has run out by the
//! database's clock, or that the process holds already, in one statement, so two processes
//! claiming at once cannot both win. The lease lasts its time to live unless renewed
//! ([`Cluster::renew`]); [`Cluster::release`] hands it over at once. Each time a lease is taken
//! anew its *epoch* grows (the row is only ever expired, never deleted, so it never goes
//! back): one epoch is one unbroken tenure of one process.
//!
//! **Local fencing.** A process cut off from the database cannot learn that its lease ran out,
//! yet must stop before anyone else can take it. So a [`Lease`] also says until when its holder
//! may act by the process's own monotonic clock: the instant taken *before* the statement
//! that claimed or renewed it was sent, plus the time to live, less a fifth of it. The
//! database started counting the lease's time when the statement reached it, later than that
//! instant, so the holder's deadline falls at least a fifth of the time to live before the
//! lease can run out for anyone else; that fifth covers clocks that run at slightly different
//! rates. Only the rates of the clocks matter, never their readings.
//!
//! **Write fencing.** A holder may still have a change in flight when it stops: one that began
//! before its deadline and commits after. [`Cluster::holds`] checks within that change that its
//! lease is still the same tenure and unexpired, and locks the lease's row until the change
//! ends, so that the lease cannot move before the commit: either the change commits while
//! the lease is held, or the check refuses it and the change writes nothing.
//!
//! # Discord's shards (`shards.rs`)
//!
//! Each process says how many shards its configuration asks for; the oldest live process's
//! number is the total all of them shard by ([`Cluster::shard_plan`]), and each shard is a
//! lease like a slot.
//!
//! # The inbox (`inbox.rs`)
//!
//! The process that receives a platform event may not be the one serving its chat: it posts
//! the input to the inbox under the chat's slot, and the serving process reads the slots it
//! holds. An event is posted once however often it is delivered (its platform id is a unique
//! key, kept until swept, after it is handled too); the serving process marks what it handled
//! only afterwards, so an input whose process dies halfway is handled again by the next one,
//! which the store's `events` table makes harmless. A chat's inputs are read in the order they
//! were posted. An answer the receiving process must give (an interaction's reply) comes back
//! through `inbox_answers`.
//!
//! Each post and answer is announced with PostgreSQL's `NOTIFY` in the statement that writes
//! it, so it is heard only once it is committed ([`Listener`], `listener.rs`). Notifications
//! are a hint, not the record: one sent while a listener was disconnected is lost, so a
//! listener reports each reconnection and its owner reads the inbox again.
//!
//! # News (`news.rs`)
//!
//! A process may tell all the others something at once ([`Cluster::tell`]): a `NOTIFY` on
//! [`NEWS_CHANNEL`], written nowhere, so news is only ever a hint (the web board's "this
//! game moved", which a page that missed it learns at its next read).
//!
//! # PostgreSQL's own statements
//!
//! Since only PostgreSQL runs them, these statements go to sqlx directly, with PostgreSQL's
//! types (arrays of keys, intervals, `timestamptz`), rather than through the statements both
//! backends read (`statement.rs`); and since their tables are never copied (`RUNTIME_TABLES`),
//! their columns need not be among the five types a copy knows.

mod inbox;
mod leases;
mod listener;
mod news;
mod shards;

use std::fmt;
use std::time::Duration;

use sqlx::{PgPool, Row as _, query};

use super::backend::Pool;
use super::{Store, StoreError};

pub use inbox::{ANSWER_CHANNEL, INBOX_CHANNEL, InboxItem};
pub use leases::{Holder, LEASES_CHANNEL, Lease, LeaseKind};
pub use listener::{Heard, LISTENER_NAME, Listener};
pub use news::{LONGEST_NEWS, NEWS_CHANNEL, Told};
pub use shards::ShardPlan;

/// One process of the bot, as the database knows it: an id never given twice, so it names
/// one run of one process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProcessId(pub i64);

impl fmt::Display for ProcessId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "process {}", self.0)
    }
}

/// This process's membership of the bot's processes on one database: its leases and the
/// inbox go through it.
#[derive(Clone, Debug)]
pub struct Cluster {
    pool: PgPool,
    process: ProcessId,
}

/// What [`Cluster::sweep`] removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Answers nobody took.
    pub answers: u64,
    /// Processes that stopped beating.
    pub processes: u64,
    /// Inputs handled long enough ago that their event will not be delivered again.
    pub handled: u64,
}

impl Store {
    /// Joins the bot's processes on this database as `name` (for people reading the table:
    /// a host name, say), and returns this process's handle.
    ///
    /// # Errors
    /// [`StoreError::SeveralProcessesNeedPostgres`] on SQLite; [`StoreError`] if the
    /// database fails.
    pub async fn cluster(&self, name: &str) -> Result<Cluster, StoreError> {
        let pool = self.postgres_pool()?.clone();
        let id: i64 = query(
            "INSERT INTO cluster_processes (name, started_at, heartbeat_at) \
             VALUES ($1, now(), now()) RETURNING id",
        )
        .bind(name)
        .fetch_one(&pool)
        .await?
        .try_get(0)?;
        Ok(Cluster { pool, process: ProcessId(id) })
    }

    /// The PostgreSQL pool, or the error that says several processes need one.
    fn postgres_pool(&self) -> Result<&PgPool, StoreError> {
        match &self.pool {
            Pool::Postgres(pool) => Ok(pool),
            Pool::Sqlite(_) => Err(StoreError::SeveralProcessesNeedPostgres),
        }
    }
}

impl Cluster {
    /// This process's id.
    #[must_use]
    pub fn process(&self) -> ProcessId {
        self.process
    }

    /// Says this process is alive. `false` when its row is gone: a sweep took it for dead,
    /// so its leases have run out too and it must join again ([`Store::cluster`]).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn heartbeat(&self) -> Result<bool, StoreError> {
        let done = query("UPDATE cluster_processes SET heartbeat_at = now() WHERE id = $1")
            .bind(self.process.0)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The processes whose last heartbeat is at most `within` old, by id, with their names.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn live_processes(
        &self,
        within: Duration,
    ) -> Result<Vec<(ProcessId, String)>, StoreError> {
        let rows = query(
            "SELECT id, name FROM cluster_processes WHERE heartbeat_at > now() - $1 ORDER BY id",
        )
        .bind(within)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| Ok((ProcessId(row.try_get("id")?), row.try_get("name")?))).collect()
    }

    /// Leaves: every lease of this process runs out now and its row goes, announced on
    /// [`LEASES_CHANNEL`] so that others take them without waiting. The leases' rows stay,
    /// keeping their epochs.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails; then nothing changed, and the leases run out
    /// by themselves.
    pub async fn leave(self) -> Result<(), StoreError> {
        let mut transaction = self.pool.begin().await?;
        query("UPDATE leases SET expires_at = now() WHERE owner = $1 AND expires_at > now()")
            .bind(self.process.0)
            .execute(&mut *transaction)
            .await?;
        query("DELETE FROM cluster_processes WHERE id = $1")
            .bind(self.process.0)
            .execute(&mut *transaction)
            .await?;
        // Heard when the transaction commits, once the process is no longer counted live.
        query("SELECT pg_notify($1, CAST($2 AS TEXT))")
            .bind(LEASES_CHANNEL)
            .bind(self.process.0)
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        Ok(())
    }

    /// Removes what is older than `older_than`: answers nobody took, the rows of processes
    /// that stopped beating (their leases run out by themselves), and handled inputs, whose
    /// events no platform delivers again after that long.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn sweep(&self, older_than: Duration) -> Result<Swept, StoreError> {
        let answers = query("DELETE FROM inbox_answers WHERE answered_at < now() - $1")
            .bind(older_than)
            .execute(&self.pool)
            .await?
            .rows_affected();
        let processes = query("DELETE FROM cluster_processes WHERE heartbeat_at < now() - $1")
            .bind(older_than)
            .execute(&self.pool)
            .await?
            .rows_affected();
        let handled = query("DELETE FROM inbox WHERE handled_at < now() - $1")
            .bind(older_than)
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok(Swept { answers, processes, handled })
    }
}
