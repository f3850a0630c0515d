//! Hearing the inbox's announcements: PostgreSQL's `LISTEN` on a connection of its own, which
//! comes back by itself when lost and says so, since what was announced meanwhile is lost.

use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::{PgListener, PgPoolOptions};

use super::super::{Store, StoreError};

/// The application name of a listener's connection, as `pg_stat_activity` shows it: a
/// listener's connection sits idle for hours, and an operator should see whose it is.
pub const LISTENER_NAME: &str = "cincobot-listener";

/// What a [`Listener`] heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A `NOTIFY` on one of its channels.
    Notification { channel: String, payload: String },
    /// The connection was lost and is back, listening again: whatever was announced
    /// meanwhile was not heard, so read the inbox (or the answers) again.
    Reconnected,
}

/// A connection listening to some channels, apart from the store's pool so that it takes none
/// of the pool's connections.
///
/// A connection that breaks without the network saying so (a silent middlebox) is noticed
/// only when the operating system gives up on it, and announcements are lost meanwhile: an
/// owner reads the inbox on a timer too, and takes the notifications as a way to read sooner.
#[derive(Debug)]
pub struct Listener {
    /// One connection, which `PgListener` takes again after losing it.
    pool: PgPool,
    channels: Vec<String>,
    /// `None` after a failure, until listening again.
    listening: Option<PgListener>,
}

impl Store {
    /// A listener to `channels` (such as `INBOX_CHANNEL`), on a connection of its own.
    ///
    /// # Errors
    /// [`StoreError::SeveralProcessesNeedPostgres`] on SQLite; [`StoreError`] if the database
    /// cannot be reached.
    pub async fn listen(&self, channels: &[&str]) -> Result<Listener, StoreError> {
        let options = (*self.postgres_pool()?.connect_options()).clone();
        let pool = PgPoolOptions::new()
            .max_connections(1)
            // Idle for hours by design: never closed for being idle or old.
            .idle_timeout(None)
            .max_lifetime(None)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options.application_name(LISTENER_NAME))
            .await?;
        let channels: Vec<String> = channels.iter().map(|&channel| channel.to_owned()).collect();
        let listening = subscribe(&pool, &channels).await?;
        Ok(Listener { pool, channels, listening: Some(listening) })
    }
}

/// A `PgListener` on `pool`'s connection, listening to `channels`.
async fn subscribe(pool: &PgPool, channels: &[String]) -> Result<PgListener, sqlx::Error> {
    let mut listening = PgListener::connect_with(pool).await?;
    listening.listen_all(channels.iter().map(String::as_str)).await?;
    Ok(listening)
}

impl Listener {
    /// Waits for the next notification; when the connection is lost, connects again, listens
    /// again and returns [`Heard::Reconnected`]. May be raced against a timer: a wait cut
    /// short leaves the listener as it was, or to reconnect on the next call.
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached again; the next call tries again
    /// (and reports [`Heard::Reconnected`] once it succeeds).
    pub async fn next(&mut self) -> Result<Heard, StoreError> {
        if let Some(listening) = self.listening.as_mut() {
            match listening.try_recv().await {
                Ok(Some(notification)) => {
                    return Ok(Heard::Notification {
                        channel: notification.channel().to_owned(),
                        payload: notification.payload().to_owned(),
                    });
                }
                // The connection was lost, and sqlx took a new one and listens again.
                Ok(None) => return Ok(Heard::Reconnected),
                // A failure sqlx does not recover from by itself: start again on a fresh
                // connection (the pool drops the old one if it is broken).
                Err(error) => {
                    tracing::warn!("the inbox listener failed, connecting again: {error}");
                    self.listening = None;
                }
            }
        }
        self.listening = Some(subscribe(&self.pool, &self.channels).await?);
        Ok(Heard::Reconnected)
    }
}
