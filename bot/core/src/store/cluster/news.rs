//! News: a word one process tells all the others at once (the web board's "game 12 moved"),
//! carried by `NOTIFY` and kept nowhere. A process that is not listening when it is told
//! misses it, so news may only ever be a hint whose loss costs a delay, never a record.

use sqlx::query;

use super::super::StoreError;
use super::{Cluster, ProcessId};

/// The channel news goes out on. The payload is the teller's process id, the topic and the
/// news, between single spaces.
pub const NEWS_CHANNEL: &str = "cincobot_news";

/// PostgreSQL refuses a `NOTIFY` payload of 8000 bytes or more; the id and the topic take
/// their share of it.
pub const LONGEST_NEWS: usize = 7000;

/// News as heard: who told it, about what, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    pub teller: ProcessId,
    pub topic: String,
    pub news: String,
}

impl Told {
    /// What a [`NEWS_CHANNEL`] payload says; `None` for one this build does not read.
    #[must_use]
    pub fn read(payload: &str) -> Option<Told> {
        let (teller, rest) = payload.split_once(' ')?;
        let (topic, news) = rest.split_once(' ')?;
        Some(Told {
            teller: ProcessId(teller.parse().ok()?),
            topic: topic.to_owned(),
            news: news.to_owned(),
        })
    }
}

impl Cluster {
    /// Tells every listening process `news` about `topic` (one word). News longer than
    /// [`LONGEST_NEWS`] is not sent: `false`.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn tell(&self, topic: &str, news: &str) -> Result<bool, StoreError> {
        if news.len() > LONGEST_NEWS || topic.is_empty() || topic.contains(' ') {
            return Ok(false);
        }
        let payload = format!("{} {topic} {news}", self.process.0);
        query("SELECT pg_notify($1, $2)")
            .bind(NEWS_CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn news_is_read_back_as_told_and_nothing_else_is_news() {
        assert_eq!(
            Told::read("42 board 12 7 0"),
            Some(Told {
                teller: ProcessId(42),
                topic: "board".to_owned(),
                news: "12 7 0".to_owned()
            })
        );
        assert_eq!(
            Told::read("42 board "),
            Some(Told { teller: ProcessId(42), topic: "board".to_owned(), news: String::new() })
        );
        assert_eq!(Told::read("42 board"), None, "no news");
        assert_eq!(Told::read("someone board 1"), None, "not a process id");
        assert_eq!(Told::read(""), None);
    }
}
