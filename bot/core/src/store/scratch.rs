//! Fresh, empty databases for tests, on each backend that can be tested here: SQLite always,
//! PostgreSQL when a server is named. Each call creates a database of its own on the server,
//! so tests run in parallel; the server is meant to be a throwaway one (`.ci/run` starts one).

use std::io::Write;
use std::sync::Once;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::{Connection, Executor, PgConnection};

/// The URL of the PostgreSQL server the tests create their databases on, as a user allowed to
/// create databases: `postgres://cincobot@127.0.0.1:5432/postgres`.
pub const SERVER_VARIABLE: &str = "CINCOBOT_TEST_POSTGRES";

/// Set to `1` when the PostgreSQL tests must run: without a server they then fail instead of
/// being skipped. `.ci/run` sets it.
pub const REQUIRED_VARIABLE: &str = "CINCOBOT_TEST_POSTGRES_REQUIRED";

/// The URLs of an empty in-memory SQLite database and, when a server is named, of a new
/// PostgreSQL database.
///
/// # Panics
/// As [`postgres`].
pub async fn databases() -> Vec<String> {
    let mut urls = vec!["sqlite::memory:".to_owned()];
    urls.extend(postgres().await);
    urls
}

/// The URL of a new, empty database on the server [`SERVER_VARIABLE`] names; `None`, after
/// saying so on stderr (once), when it names none.
///
/// # Panics
/// When no server is named but [`REQUIRED_VARIABLE`] is set, or the server refuses to create
/// the database: a test cannot go on.
pub async fn postgres() -> Option<String> {
    let Some(server) = std::env::var(SERVER_VARIABLE).ok().filter(|url| !url.is_empty()) else {
        assert!(
            std::env::var(REQUIRED_VARIABLE).is_err(),
            "{REQUIRED_VARIABLE} is set but {SERVER_VARIABLE} names no PostgreSQL server"
        );
        say_skipped();
        return None;
    };
    let name = fresh_name();
    let mut connection = match PgConnection::connect(&server).await {
        Ok(connection) => connection,
        Err(error) => panic!("the test server {SERVER_VARIABLE} is unreachable: {error}"),
    };
    if let Err(error) = connection.execute(format!("CREATE DATABASE {name}").as_str()).await {
        panic!("the test server refuses to create database {name}: {error}");
    }
    // A failed close leaves the connection to the server, which drops it.
    let _ = connection.close().await;
    Some(with_database(&server, &name))
}

/// Says once a test binary that its PostgreSQL runs are skipped, and how to run them: straight
/// to stderr, which the test harness does not capture, so that `cargo test` shows it.
fn say_skipped() {
    static SAID: Once = Once::new();
    SAID.call_once(|| {
        // Nothing to do if stderr is closed: the tests go on without the note.
        let _ = writeln!(
            std::io::stderr(),
            "PostgreSQL tests skipped: set {SERVER_VARIABLE}=postgres://user@host:port/postgres \
             (a server where the user may create databases), or run .ci/run, which starts one"
        );
    });
}

/// A database name no other test of any run has taken.
fn fresh_name() -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_nanos());
    format!("cincobot_test_{}_{}_{nanos}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed))
}

/// `server` (a URL) naming database `name` instead of its own.
fn with_database(server: &str, name: &str) -> String {
    let (base, parameters) =
        server.split_once('?').map_or((server, None), |(base, rest)| (base, Some(rest)));
    let authority_start = base.find("://").map_or(0, |at| at + 3);
    let host_end = base[authority_start..].find('/').map_or(base.len(), |at| authority_start + at);
    let mut url = format!("{}/{name}", &base[..host_end]);
    if let Some(parameters) = parameters {
        url.push('?');
        url.push_str(parameters);
    }
    url
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn the_new_database_replaces_the_servers_own() {
        assert_eq!(
            with_database("postgres://ana@db:5432/postgres?sslmode=disable", "cincobot_test_1"),
            "postgres://ana@db:5432/cincobot_test_1?sslmode=disable"
        );
        assert_eq!(with_database("postgresql://ana@db", "t"), "postgresql://ana@db/t");
    }
}
