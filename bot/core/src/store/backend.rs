//! The two backends: which one a `DATABASE_URL` names, how each is connected to and migrated,
//! and their transactions.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, Postgres};
use sqlx::sqlite::{
    Sqlite, SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection, Transaction};

use super::StoreError;
use super::statement::{On, query};

/// The open database.
#[derive(Clone, Debug)]
pub(super) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A change's transaction, on its backend.
#[derive(Debug)]
pub(super) enum Open {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl Pool {
    /// Connects to `url`, by its scheme: `postgres:` and `postgresql:` are PostgreSQL, with
    /// at most `max_connections` connections; anything else is SQLite, whose file is created
    /// when missing if `create` says so.
    pub(super) async fn connect(
        url: &str,
        max_connections: u32,
        create: bool,
    ) -> Result<Pool, StoreError> {
        if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            postgres(url, max_connections).await.map(Pool::Postgres)
        } else {
            sqlite(url, create).await.map(Pool::Sqlite)
        }
    }

    pub(super) async fn begin(&self) -> Result<Open, sqlx::Error> {
        Ok(match self {
            Pool::Sqlite(pool) => Open::Sqlite(pool.begin().await?),
            Pool::Postgres(pool) => Open::Postgres(pool.begin().await?),
        })
    }

    /// A transaction whose reads all see the database as of one moment: a copy's tables then
    /// agree with each other. SQLite's transactions read one snapshot already (in WAL mode,
    /// from their first read on); PostgreSQL's do when asked for repeatable reads.
    pub(super) async fn begin_snapshot(&self) -> Result<Open, sqlx::Error> {
        let mut open = self.begin().await?;
        if let Open::Postgres(transaction) = &mut open {
            query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(On::Postgres(transaction))
                .await?;
        }
        Ok(open)
    }
}

/// What each backend's catalog says, for copying a whole store (`transfer.rs`): the only
/// statements that differ between the backends, since a catalog is not SQL.
impl Pool {
    /// The store's tables: every table the migrations made, without sqlx's own.
    pub(super) async fn tables(&self) -> Result<Vec<String>, sqlx::Error> {
        let sql = match self {
            Pool::Sqlite(_) => {
                "SELECT name FROM sqlite_master WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite_%' AND name <> '_sqlx_migrations' ORDER BY name"
            }
            Pool::Postgres(_) => {
                "SELECT CAST(table_name AS TEXT) FROM information_schema.tables \
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' \
                 AND table_name <> '_sqlx_migrations' ORDER BY table_name"
            }
        };
        query(sql).fetch_scalars(self).await
    }

    /// The columns of `table` in their order, each with its declared type.
    pub(super) async fn columns(&self, table: &str) -> Result<Vec<(String, String)>, sqlx::Error> {
        let sql = match self {
            Pool::Sqlite(_) => "SELECT name, type FROM pragma_table_info($1) ORDER BY cid",
            Pool::Postgres(_) => {
                "SELECT CAST(column_name AS TEXT) AS name, CAST(data_type AS TEXT) AS type \
                 FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 \
                 ORDER BY ordinal_position"
            }
        };
        let rows = query(sql).bind(table).fetch_all(self).await?;
        rows.iter().map(|row| Ok((row.try_get("name")?, row.try_get("type")?))).collect()
    }

    /// The highest id `table` has given: its highest row's, or higher when rows were
    /// deleted and the backend remembers (SQLite's AUTOINCREMENT, PostgreSQL's sequences), so
    /// that a copy never gives a deleted row's id again.
    pub(super) async fn highest_id(&self, table: &str) -> Result<i64, sqlx::Error> {
        let given = match self {
            Pool::Sqlite(_) => "SELECT COALESCE(MAX(seq), 0) FROM sqlite_sequence WHERE name = $1",
            Pool::Postgres(_) => {
                "SELECT COALESCE(pg_sequence_last_value(\
                 CAST(pg_get_serial_sequence($1, 'id') AS regclass)), 0)"
            }
        };
        let given: i64 = query(given).bind(table).fetch_scalar(self).await?;
        let highest: i64 =
            query(format!("SELECT COALESCE(MAX(id), 0) FROM {table}")).fetch_scalar(self).await?;
        Ok(given.max(highest))
    }
}

impl<'c> From<&'c Pool> for On<'c> {
    fn from(pool: &'c Pool) -> On<'c> {
        match pool {
            Pool::Sqlite(pool) => On::SqlitePool(pool),
            Pool::Postgres(pool) => On::PostgresPool(pool),
        }
    }
}

impl Open {
    pub(super) fn on(&mut self) -> On<'_> {
        match self {
            Open::Sqlite(transaction) => On::Sqlite(transaction),
            Open::Postgres(transaction) => On::Postgres(transaction),
        }
    }

    /// Makes `table`'s next new row take an id above `highest`, after rows were copied in
    /// with their ids: PostgreSQL's identity sequence does not see them, and SQLite's
    /// AUTOINCREMENT must remember ids deleted on the source.
    pub(super) async fn continue_ids_after(
        &mut self,
        table: &str,
        highest: i64,
    ) -> Result<(), sqlx::Error> {
        if highest < 1 {
            return Ok(());
        }
        match self {
            Open::Sqlite(transaction) => {
                // Only an AUTOINCREMENT table counts here (any other takes MAX(id) + 1), and
                // its row is missing when no row was copied in.
                query(
                    "INSERT INTO sqlite_sequence (name, seq) SELECT $1, 0 \
                     WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = $1) \
                     AND EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' \
                     AND name = $1 AND sql LIKE '%AUTOINCREMENT%')",
                )
                .bind(table)
                .execute(On::Sqlite(&mut *transaction))
                .await?;
                query("UPDATE sqlite_sequence SET seq = $2 WHERE name = $1 AND seq < $2")
                    .bind(table)
                    .bind(highest)
                    .execute(On::Sqlite(transaction))
                    .await?;
            }
            Open::Postgres(transaction) => {
                query("SELECT setval(CAST(pg_get_serial_sequence($1, 'id') AS regclass), $2)")
                    .bind(table)
                    .bind(highest)
                    .execute(On::Postgres(transaction))
                    .await?;
            }
        }
        Ok(())
    }

    /// Holds each of `keys` until the transaction ends, taken in one order so that two
    /// transactions never wait for each other. SQLite needs nothing: its one connection runs
    /// one transaction at a time; on PostgreSQL, transactions of several cores or processes
    /// run at once.
    pub(super) async fn lock(&mut self, keys: &[String]) -> Result<(), sqlx::Error> {
        let Open::Postgres(transaction) = self else { return Ok(()) };
        let mut keys: Vec<&String> = keys.iter().collect();
        keys.sort();
        keys.dedup();
        for key in keys {
            query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
                .bind(key)
                .execute(On::Postgres(&mut *transaction))
                .await?;
        }
        Ok(())
    }

    pub(super) async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            Open::Sqlite(transaction) => transaction.commit().await,
            Open::Postgres(transaction) => transaction.commit().await,
        }
    }
}

/// A SQLite file (created if missing, when `create` says so) or `sqlite::memory:`, in WAL
/// mode, migrated.
async fn sqlite(url: &str, create: bool) -> Result<SqlitePool, StoreError> {
    let options = SqliteConnectOptions::from_str(url)?
        .create_if_missing(create)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true);
    // One connection: the core writes in order, and an in-memory database lives in a
    // single connection. No ping before each use: a local file has no link to lose, and
    // the ping was one more trip to the connection's thread for every statement.
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .test_before_acquire(false)
        .idle_timeout(None)
        .max_lifetime(None)
        .connect_with(options)
        .await?;
    sqlx::migrate!("../../migrations").run(&pool).await?;
    Ok(pool)
}

/// A PostgreSQL database that exists already, migrated. One connection is tried first, so a
/// server that is down or refuses the credentials is reported at once and by its cause,
/// rather than after the pool's time-out.
async fn postgres(url: &str, max_connections: u32) -> Result<PgPool, StoreError> {
    let unreachable = |error| StoreError::Unreachable { url: without_password(url), error };
    let options = PgConnectOptions::from_str(url).map_err(unreachable)?;
    options.connect().await.map_err(unreachable)?.close().await.map_err(unreachable)?;
    // A statement that waits this long for a connection fails, and the core answers with an
    // error, rather than holding up the desk behind a server that stopped answering.
    let pool = PgPoolOptions::new()
        .max_connections(max_connections.max(1))
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await
        .map_err(unreachable)?;
    sqlx::migrate!("../../migrations/postgres").run(&pool).await?;
    Ok(pool)
}

/// `url` with its password, if any, replaced by `***`: fit for a log or an error message.
pub(super) fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let (authority_end, _) =
        rest.char_indices().find(|(_, c)| matches!(c, '/' | '?')).unwrap_or((rest.len(), '/'));
    let (authority, path) = rest.split_at(authority_end);
    let Some((credentials, host)) = authority.rsplit_once('@') else {
        return url.to_owned();
    };
    match credentials.split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:***@{host}{path}"),
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::without_password;

    #[test]
    fn a_password_never_shows() {
        assert_eq!(
            without_password("postgres://ana:s3cr@t@db.example:5432/bot?sslmode=require"),
            "postgres://ana:***@db.example:5432/bot?sslmode=require"
        );
        assert_eq!(without_password("postgres://ana@db/bot"), "postgres://ana@db/bot");
        assert_eq!(without_password("postgresql://db/bot"), "postgresql://db/bot");
        assert_eq!(without_password("sqlite://cincobot.db"), "sqlite://cincobot.db");
    }
}
