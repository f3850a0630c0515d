use std::fmt;

/// A failure of the database.
#[derive(Debug)]
pub enum StoreError {
    /// The `(game, ply)` of a move is taken: the move was already played.
    AlreadyPlayed,
    /// The platform event already changed something: it was delivered twice.
    Repeated,
    /// A stored value does not read back (a JSON column, a game kind, a seat): the row is
    /// corrupt.
    Corrupt(String),
    /// A PostgreSQL server could not be reached or refused the credentials; `url` is the
    /// database's URL without its password.
    Unreachable {
        url: String,
        error: sqlx::Error,
    },
    /// Several bot processes on one database were asked of a SQLite store: they need
    /// PostgreSQL, since SQLite serves one process.
    SeveralProcessesNeedPostgres,
    /// The process's leases ran out before the change committed (it was cut off from the
    /// database): another process may serve its chats now, so the change wrote nothing.
    NoLongerServing,
    Database(sqlx::Error),
    Migration(sqlx::migrate::MigrateError),
}

impl StoreError {
    /// `error`, or `meaning` when it is the unique-key violation the caller expects.
    pub(super) fn unique_as(error: sqlx::Error, meaning: StoreError) -> StoreError {
        match &error {
            sqlx::Error::Database(db) if db.is_unique_violation() => meaning,
            _ => StoreError::Database(error),
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::AlreadyPlayed => f.write_str("that move was already played"),
            StoreError::Repeated => f.write_str("that event was already handled"),
            StoreError::Corrupt(what) => write!(f, "a stored row does not read back: {what}"),
            StoreError::Unreachable { url, error } => {
                write!(f, "cannot connect to the database at {url}: {error}")
            }
            StoreError::NoLongerServing => {
                f.write_str("this process's leases ran out: another may serve its chats now")
            }
            StoreError::SeveralProcessesNeedPostgres => f.write_str(
                "several bot processes on one database need PostgreSQL: this database is SQLite, \
                 which serves one process",
            ),
            StoreError::Database(error) => write!(f, "database: {error}"),
            StoreError::Migration(error) => write!(f, "database migration: {error}"),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Database(error) | StoreError::Unreachable { error, .. } => Some(error),
            StoreError::Migration(error) => Some(error),
            StoreError::AlreadyPlayed
            | StoreError::Repeated
            | StoreError::Corrupt(_)
            | StoreError::SeveralProcessesNeedPostgres
            | StoreError::NoLongerServing => None,
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> StoreError {
        StoreError::Database(error)
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(error: sqlx::migrate::MigrateError) -> StoreError {
        StoreError::Migration(error)
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(error: serde_json::Error) -> StoreError {
        StoreError::Corrupt(error.to_string())
    }
}
