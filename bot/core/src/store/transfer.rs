//! Moving a bot to another database (`cincobot migrate-store`): every row of every table is
//! copied, with its ids, from one store into an empty one, on either backend.
//!
//! The copy is generic: each table's columns and their types are read from the source's
//! catalog, so a new column needs nothing here. A new table does: it goes in
//! [`COPIED_TABLES`], and the copy refuses to start while either catalog holds a table that
//! list lacks (a test compares the list with both backends' migrations too). The tables in
//! which running processes coordinate ([`RUNTIME_TABLES`]) are left behind on purpose.

use std::fmt;

use super::backend::Open;
use super::statement::{Row, Value, query};
use super::{Store, StoreError};

/// Every table of the store, each after the tables its foreign keys name.
pub const COPIED_TABLES: &[&str] = &[
    "games",
    "game_seats",
    "moves",
    "cinco_actions",
    "cinco_prompts",
    "challenges",
    "cinco_lobbies",
    "waiting_directs",
    "chat_settings",
    "ratings",
    "users",
    "events",
];

/// The tables in which the processes of a running bot coordinate (PostgreSQL only: the
/// `cluster` module): who runs, who holds which lease, inputs in transit. A copy is made of a
/// stopped bot, for which none of that means anything, so it copies none of them.
pub const RUNTIME_TABLES: &[&str] = &["cluster_processes", "inbox", "inbox_answers", "leases"];

/// The tables whose `id` the database gives: after a copy, new rows must get ids above the
/// copied ones.
const TABLES_WITH_IDS: &[&str] = &["games", "challenges", "cinco_lobbies"];

/// A table copied, and how many rows it holds on both sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopiedTable {
    pub table: &'static str,
    pub rows: i64,
}

/// Why a copy did not happen or does not match.
#[derive(Debug)]
pub enum TransferError {
    /// The target holds rows already: nothing was written, since copying into it would mix
    /// two bots' games and ids.
    TargetNotEmpty {
        table: String,
        rows: i64,
    },
    /// A database's tables are not the ones this version copies (`side` is "source" or
    /// "target"): nothing was written.
    TablesDiffer {
        side: &'static str,
        tables: Vec<String>,
    },
    /// A column of a type the store never uses: nothing was written.
    UnknownColumnType {
        table: String,
        column: String,
        declared: String,
    },
    /// A table would hold another number of rows on the target than on the source (the
    /// bot was running?): the copy was rolled back.
    CountsDiffer {
        table: &'static str,
        source: i64,
        target: i64,
    },
    Store(StoreError),
}

impl fmt::Display for TransferError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransferError::TargetNotEmpty { table, rows } => write!(
                f,
                "the target database is not empty ({rows} rows in {table}): nothing was copied; \
                 migrate into a new, empty database"
            ),
            TransferError::TablesDiffer { side, tables } => write!(
                f,
                "the {side} database has the tables {tables:?}, this version copies \
                 {COPIED_TABLES:?}: nothing was copied"
            ),
            TransferError::UnknownColumnType { table, column, declared } => {
                write!(f, "column {table}.{column} has a type the store does not use: {declared}")
            }
            TransferError::CountsDiffer { table, source, target } => write!(
                f,
                "{table} has {source} rows on the source but {target} were copied: nothing was \
                 written; stop the bot and try again"
            ),
            TransferError::Store(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for TransferError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TransferError::Store(error) => Some(error),
            _ => None,
        }
    }
}

impl From<StoreError> for TransferError {
    fn from(error: StoreError) -> TransferError {
        TransferError::Store(error)
    }
}

impl From<sqlx::Error> for TransferError {
    fn from(error: sqlx::Error) -> TransferError {
        TransferError::Store(StoreError::Database(error))
    }
}

/// The five types the store's columns hold, as each catalog names them.
#[derive(Clone, Copy, Debug)]
enum ColumnType {
    BigInt,
    SmallInt,
    Double,
    Boolean,
    Text,
}

impl ColumnType {
    /// SQLite's declared types (`INTEGER`, `BIGINT`, `BOOLEAN`, …) and PostgreSQL's
    /// `information_schema` names (`bigint`, `double precision`, …).
    fn of(declared: &str) -> Option<ColumnType> {
        let declared = declared.to_ascii_uppercase();
        Some(if declared.contains("BOOL") {
            ColumnType::Boolean
        } else if declared == "SMALLINT" {
            ColumnType::SmallInt
        } else if declared.contains("INT") {
            ColumnType::BigInt
        } else if declared.contains("DOUBLE") || declared.contains("REAL") {
            ColumnType::Double
        } else if declared == "TEXT" {
            ColumnType::Text
        } else {
            return None;
        })
    }

    fn read(self, row: &Row, column: &str) -> Result<Value, sqlx::Error> {
        Ok(match self {
            ColumnType::BigInt => Value::BigInt(row.try_get(column)?),
            ColumnType::SmallInt => Value::SmallInt(row.try_get(column)?),
            ColumnType::Double => Value::Double(row.try_get(column)?),
            ColumnType::Boolean => Value::Boolean(row.try_get(column)?),
            ColumnType::Text => Value::Text(row.try_get(column)?),
        })
    }
}

impl Store {
    /// The tables the database holds (the migrations' own bookkeeping aside), by name.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn tables(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.pool.tables().await?)
    }

    /// How many rows `table` (one of [`COPIED_TABLES`]) holds.
    async fn count(&self, table: &str) -> Result<i64, StoreError> {
        Ok(query(format!("SELECT COUNT(*) FROM {table}")).fetch_scalar(&self.pool).await?)
    }

    /// Copies every row of this store into `target`, ids and all, in one transaction on the
    /// target, which commits only when every table holds as many rows on both. The bot must
    /// not be running on either database meanwhile.
    ///
    /// # Errors
    /// Any [`TransferError`]; whichever it is, nothing was written to the target.
    pub async fn copy_into(&self, target: &Store) -> Result<Vec<CopiedTable>, TransferError> {
        let mut known: Vec<&str> = COPIED_TABLES.to_vec();
        known.sort_unstable();
        for (side, store) in [("source", self), ("target", target)] {
            let mut tables = store.tables().await?;
            tables.retain(|table| !RUNTIME_TABLES.contains(&table.as_str()));
            if tables != known {
                return Err(TransferError::TablesDiffer { side, tables });
            }
        }
        for table in COPIED_TABLES {
            let rows = target.count(table).await?;
            if rows > 0 {
                return Err(TransferError::TargetNotEmpty { table: (*table).to_owned(), rows });
            }
        }
        let mut layouts = Vec::with_capacity(COPIED_TABLES.len());
        for table in COPIED_TABLES {
            layouts.push((*table, self.layout(table).await?));
        }
        // Read as of one moment, so that every game's moves, seats and ratings agree. (SQLite
        // has one connection: the catalog is read before, the ids after.)
        let mut snapshot = self.pool.begin_snapshot().await?;
        let mut transaction = target.pool.begin().await?;
        let mut copied = Vec::with_capacity(COPIED_TABLES.len());
        for (table, columns) in &layouts {
            let source = copy_table(table, columns, &mut snapshot, &mut transaction).await?;
            // Counted before the commit: a copy that does not add up is rolled back.
            let count = format!("SELECT COUNT(*) FROM {table}");
            let rows: i64 = query(count).fetch_scalar(transaction.on()).await?;
            if source != rows {
                return Err(TransferError::CountsDiffer { table, source, target: rows });
            }
            copied.push(CopiedTable { table, rows });
        }
        // Nothing was written through it: ending it one way or the other is the same.
        drop(snapshot);
        for table in TABLES_WITH_IDS {
            let highest = self.pool.highest_id(table).await?;
            transaction.continue_ids_after(table, highest).await?;
        }
        transaction.commit().await?;
        Ok(copied)
    }

    /// The columns of `table` on this store, each with its type.
    async fn layout(&self, table: &str) -> Result<Vec<(String, ColumnType)>, TransferError> {
        let mut columns = Vec::new();
        for (name, declared) in self.pool.columns(table).await? {
            let Some(kind) = ColumnType::of(&declared) else {
                return Err(TransferError::UnknownColumnType {
                    table: table.to_owned(),
                    column: name,
                    declared,
                });
            };
            columns.push((name, kind));
        }
        Ok(columns)
    }
}

/// Copies every row of `table` (its `columns`) from the source's `snapshot` into the target's
/// open `transaction`; how many rows the source holds. The rows are read at once: a bot's
/// tables are small enough.
async fn copy_table(
    table: &str,
    columns: &[(String, ColumnType)],
    snapshot: &mut Open,
    transaction: &mut Open,
) -> Result<i64, TransferError> {
    let names = columns.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>().join(", ");
    // By id, where there is one: a rematch names an earlier game.
    let order = if TABLES_WITH_IDS.contains(&table) { " ORDER BY id" } else { "" };
    let rows =
        query(format!("SELECT {names} FROM {table}{order}")).fetch_all(snapshot.on()).await?;
    let placeholders =
        (1..=columns.len()).map(|at| format!("${at}")).collect::<Vec<_>>().join(", ");
    let insert = format!("INSERT INTO {table} ({names}) VALUES ({placeholders})");
    for row in &rows {
        let mut statement = query(insert.as_str());
        for (name, kind) in columns {
            statement = statement.bind_value(kind.read(row, name)?);
        }
        statement.execute(transaction.on()).await?;
    }
    Ok(query(format!("SELECT COUNT(*) FROM {table}")).fetch_scalar(snapshot.on()).await?)
}

#[cfg(test)]
mod tests {
    use super::ColumnType;

    #[test]
    fn both_catalogs_name_the_five_types() {
        let read = |declared| format!("{:?}", ColumnType::of(declared));
        for (declared, kind) in [
            ("INTEGER", "BigInt"),
            ("BIGINT", "BigInt"),
            ("bigint", "BigInt"),
            ("SMALLINT", "SmallInt"),
            ("smallint", "SmallInt"),
            ("DOUBLE PRECISION", "Double"),
            ("double precision", "Double"),
            ("BOOLEAN", "Boolean"),
            ("boolean", "Boolean"),
            ("TEXT", "Text"),
            ("text", "Text"),
        ] {
            assert_eq!(read(declared), format!("Some({kind})"), "{declared}");
        }
        assert_eq!(read("BLOB"), "None");
    }
}
