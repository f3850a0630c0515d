//! The SQLite store (sqlx): the move log of every game, CINCO's action sequence, challenges,
//! chat settings, ratings and users. Numbered migrations in the repository's `migrations/` run
//! at start-up.

mod challenges;
mod change;
mod chats;
mod cinco;
mod error;
mod games;
mod history;
mod lobbies;
mod prompts;
mod ratings;
mod seats;
mod users;

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

pub use challenges::{ChallengeRow, ChallengeStatus};
pub use change::Change;
pub use chats::{ChatPreferences, CincoTimers};
pub use cinco::{CincoRow, CincoRules, NewCinco, StoredAction};
pub use error::StoreError;
pub use games::{GameRow, GameStatus, NewGame, StoredMove};
pub use history::{Ended, EndedGame, EndedRow, Tally};
pub use lobbies::LobbyRow;
pub use prompts::PromptRow;
pub use ratings::RatingRow;

/// The database. Every write the core makes is committed before the core answers.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    /// The earliest expiry of an open challenge, once read: the desk asks after every
    /// input, and only a change that writes challenges moves it.
    next_expiry: std::sync::Arc<std::sync::Mutex<Option<Option<i64>>>>,
}

impl Store {
    /// Opens (creating if missing) the database at `url` (`sqlite://cincobot.db`,
    /// `sqlite::memory:`) in WAL mode and brings its schema up to date.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be opened or migrated.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
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
        Ok(Store { pool, next_expiry: std::sync::Arc::default() })
    }
}
