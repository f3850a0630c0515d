//! One statement for both backends: its SQL, written once with `$1`-style placeholders (which
//! SQLite reads as well as PostgreSQL), and its values, run on whichever backend the store
//! opened. The store's columns hold five types, the same on both backends, so a value knows
//! its type even when it is NULL: PostgreSQL wants a typed NULL.

use std::borrow::Cow;

use sqlx::postgres::{PgArguments, PgConnection, PgPool, PgRow, Postgres};
use sqlx::query::Query;
use sqlx::sqlite::{Sqlite, SqliteArguments, SqliteConnection, SqlitePool, SqliteRow};
use sqlx::{Decode, Row as _, Type};

/// A value for a placeholder.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value {
    BigInt(Option<i64>),
    SmallInt(Option<i16>),
    Double(Option<f64>),
    Boolean(Option<bool>),
    Text(Option<String>),
}

/// What a statement can take for a placeholder.
pub(super) trait Bind {
    fn value(self) -> Value;
    /// The NULL of the same type, for `None`.
    fn null() -> Value;
}

/// `Bind` for a type whose values go into `variant` as they are (`into` the variant's own
/// type): the NULL of that variant for `None`.
macro_rules! bind_as {
    ($($rust:ty => $variant:ident),* $(,)?) => {$(
        impl Bind for $rust {
            fn value(self) -> Value {
                Value::$variant(Some(self.into()))
            }
            fn null() -> Value {
                Value::$variant(None)
            }
        }
    )*};
}

bind_as!(i64 => BigInt, i16 => SmallInt, f64 => Double, bool => Boolean, String => Text);
bind_as!(&str => Text, &String => Text);

impl<T: Bind> Bind for Option<T> {
    fn value(self) -> Value {
        self.map_or_else(T::null, T::value)
    }
    fn null() -> Value {
        T::null()
    }
}

/// A type a column reads back as, on either backend.
pub(super) trait Column:
    for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

impl<T> Column for T where
    T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

/// A row read from either backend.
pub(super) enum Row {
    Sqlite(SqliteRow),
    Postgres(PgRow),
}

impl Row {
    pub(super) fn try_get<T: Column>(&self, column: &str) -> Result<T, sqlx::Error> {
        match self {
            Row::Sqlite(row) => row.try_get(column),
            Row::Postgres(row) => row.try_get(column),
        }
    }

    fn first<T: Column>(&self) -> Result<T, sqlx::Error> {
        match self {
            Row::Sqlite(row) => row.try_get(0),
            Row::Postgres(row) => row.try_get(0),
        }
    }
}

/// Where a statement runs: on the pool (a statement of its own) or in a change's
/// transaction.
#[derive(Debug)]
pub(super) enum On<'c> {
    SqlitePool(&'c SqlitePool),
    PostgresPool(&'c PgPool),
    Sqlite(&'c mut SqliteConnection),
    Postgres(&'c mut PgConnection),
}

impl On<'_> {
    /// The same place, for one more statement.
    pub(super) fn reborrow(&mut self) -> On<'_> {
        match self {
            On::SqlitePool(pool) => On::SqlitePool(pool),
            On::PostgresPool(pool) => On::PostgresPool(pool),
            On::Sqlite(connection) => On::Sqlite(connection),
            On::Postgres(connection) => On::Postgres(connection),
        }
    }
}

/// A statement and its values so far.
#[derive(Debug)]
pub(super) struct Statement<'q> {
    sql: Cow<'q, str>,
    values: Vec<Value>,
}

/// A statement of `sql`, whose placeholders are `$1`, `$2`, … in the order of the binds.
pub(super) fn query<'q>(sql: impl Into<Cow<'q, str>>) -> Statement<'q> {
    Statement { sql: sql.into(), values: Vec::new() }
}

impl Statement<'_> {
    /// The statement with `value` for its next placeholder.
    pub(super) fn bind(mut self, value: impl Bind) -> Self {
        self.values.push(value.value());
        self
    }

    /// The statement with `value`, of whatever type, for its next placeholder: a copied row's
    /// values, whose types come from the catalog (`transfer.rs`).
    pub(super) fn bind_value(mut self, value: Value) -> Self {
        self.values.push(value);
        self
    }

    fn sqlite(&self) -> Query<'_, Sqlite, SqliteArguments<'_>> {
        self.values.iter().fold(sqlx::query(&self.sql), |query, value| match value {
            Value::BigInt(value) => query.bind(*value),
            Value::SmallInt(value) => query.bind(*value),
            Value::Double(value) => query.bind(*value),
            Value::Boolean(value) => query.bind(*value),
            Value::Text(value) => query.bind(value.as_deref()),
        })
    }

    fn postgres(&self) -> Query<'_, Postgres, PgArguments> {
        self.values.iter().fold(sqlx::query(&self.sql), |query, value| match value {
            Value::BigInt(value) => query.bind(*value),
            Value::SmallInt(value) => query.bind(*value),
            Value::Double(value) => query.bind(*value),
            Value::Boolean(value) => query.bind(*value),
            Value::Text(value) => query.bind(value.as_deref()),
        })
    }

    /// Runs the statement and returns how many rows it changed.
    pub(super) async fn execute<'c>(self, on: impl Into<On<'c>>) -> Result<u64, sqlx::Error> {
        Ok(match on.into() {
            On::SqlitePool(pool) => self.sqlite().execute(pool).await?.rows_affected(),
            On::PostgresPool(pool) => self.postgres().execute(pool).await?.rows_affected(),
            On::Sqlite(connection) => self.sqlite().execute(connection).await?.rows_affected(),
            On::Postgres(connection) => self.postgres().execute(connection).await?.rows_affected(),
        })
    }

    pub(super) async fn fetch_all<'c>(
        self,
        on: impl Into<On<'c>>,
    ) -> Result<Vec<Row>, sqlx::Error> {
        Ok(match on.into() {
            On::SqlitePool(pool) => {
                self.sqlite().fetch_all(pool).await?.into_iter().map(Row::Sqlite).collect()
            }
            On::PostgresPool(pool) => {
                self.postgres().fetch_all(pool).await?.into_iter().map(Row::Postgres).collect()
            }
            On::Sqlite(connection) => {
                self.sqlite().fetch_all(connection).await?.into_iter().map(Row::Sqlite).collect()
            }
            On::Postgres(connection) => self
                .postgres()
                .fetch_all(connection)
                .await?
                .into_iter()
                .map(Row::Postgres)
                .collect(),
        })
    }

    pub(super) async fn fetch_optional<'c>(
        self,
        on: impl Into<On<'c>>,
    ) -> Result<Option<Row>, sqlx::Error> {
        Ok(match on.into() {
            On::SqlitePool(pool) => self.sqlite().fetch_optional(pool).await?.map(Row::Sqlite),
            On::PostgresPool(pool) => {
                self.postgres().fetch_optional(pool).await?.map(Row::Postgres)
            }
            On::Sqlite(connection) => {
                self.sqlite().fetch_optional(connection).await?.map(Row::Sqlite)
            }
            On::Postgres(connection) => {
                self.postgres().fetch_optional(connection).await?.map(Row::Postgres)
            }
        })
    }

    pub(super) async fn fetch_one<'c>(self, on: impl Into<On<'c>>) -> Result<Row, sqlx::Error> {
        self.fetch_optional(on).await?.ok_or(sqlx::Error::RowNotFound)
    }

    /// The first column of the one row the statement returns.
    pub(super) async fn fetch_scalar<'c, T: Column>(
        self,
        on: impl Into<On<'c>>,
    ) -> Result<T, sqlx::Error> {
        self.fetch_one(on).await?.first()
    }

    /// The first column of the row the statement returns, if it returns one.
    pub(super) async fn fetch_optional_scalar<'c, T: Column>(
        self,
        on: impl Into<On<'c>>,
    ) -> Result<Option<T>, sqlx::Error> {
        self.fetch_optional(on).await?.as_ref().map(Row::first).transpose()
    }

    /// The first column of every row the statement returns.
    pub(super) async fn fetch_scalars<'c, T: Column>(
        self,
        on: impl Into<On<'c>>,
    ) -> Result<Vec<T>, sqlx::Error> {
        self.fetch_all(on).await?.iter().map(Row::first).collect()
    }
}
