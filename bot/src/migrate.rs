//! `cincobot migrate-store --from URL --to URL`: moves a bot's whole store to another
//! database (SQLite or PostgreSQL, either way), then checks the copy: the same number of rows
//! in every table, and every game being played reads back and replays on it.

use std::fmt;
use std::io::Write;

use cincobot_core::core::{NotTheSame, check_replays};
use cincobot_core::store::{Store, StoreError, TransferError};

/// Why a migration failed.
#[derive(Debug)]
pub enum MigrateError {
    /// The target already holds rows: nothing was written. The binary exits with 2, as for
    /// a wrong command line.
    TargetNotEmpty(TransferError),
    Open {
        which: &'static str,
        error: StoreError,
    },
    Copy(TransferError),
    Check(NotTheSame),
    Output(std::io::Error),
}

impl fmt::Display for MigrateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MigrateError::TargetNotEmpty(error) | MigrateError::Copy(error) => error.fmt(f),
            MigrateError::Open { which, error } => write!(f, "the {which} database: {error}"),
            MigrateError::Check(error) => write!(
                f,
                "the copy does not check out: {error} (the target holds the copy: drop it before \
                 trying again)"
            ),
            MigrateError::Output(error) => write!(f, "cannot write the summary: {error}"),
        }
    }
}

impl std::error::Error for MigrateError {}

/// Opens both stores (each migrated to the current schema), copies `from` into `to`, which
/// must be empty, checks the copy, and writes a line a table to `out`.
///
/// # Errors
/// [`MigrateError::TargetNotEmpty`] before anything is written; otherwise why it failed.
pub async fn migrate_store(from: &str, to: &str, out: &mut impl Write) -> Result<(), MigrateError> {
    let source = Store::open_existing(from)
        .await
        .map_err(|error| MigrateError::Open { which: "source", error })?;
    let target =
        Store::open(to).await.map_err(|error| MigrateError::Open { which: "target", error })?;
    let copied = source.copy_into(&target).await.map_err(|error| match error {
        TransferError::TargetNotEmpty { .. } => MigrateError::TargetNotEmpty(error),
        other => MigrateError::Copy(other),
    })?;
    let replayed = check_replays(&source, &target).await.map_err(MigrateError::Check)?;
    for table in &copied {
        writeln!(out, "{:<16} {:>8} rows", table.table, table.rows)
            .map_err(MigrateError::Output)?;
    }
    writeln!(
        out,
        "copied and checked: {} board games and {} CINCO games being played replay on the target",
        replayed.board_games, replayed.cinco_games
    )
    .map_err(MigrateError::Output)?;
    Ok(())
}
