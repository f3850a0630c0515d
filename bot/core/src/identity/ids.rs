use std::fmt;

use serde::{Deserialize, Serialize};

/// A game's number, shown to players as `#12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A challenge's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ChallengeId(pub i64);

/// The platform's own name for the event behind an input, unique within that platform: a
/// Telegram message (`m:<chat>:<message>`) or callback query (`q:<id>`), a Discord
/// interaction, a line of a terminal session. A platform that delivers an event twice (a
/// redelivered update, a resumed gateway, a double click) hands the same id twice, and the
/// store refuses the second.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EventId(pub String);

impl EventId {
    /// A tap on the web board: `w:<user>:<nonce>`, the nonce drawn by the page for each tap.
    #[must_use]
    pub fn web(user: &str, nonce: &str) -> EventId {
        EventId(format!("w:{user}:{nonce}"))
    }

    /// Whether whoever sent this event waits for an answer each time they send it: a page
    /// that sends a tap again (it lost the first answer) must hear that it was done already,
    /// where a platform delivering an update again must change and say nothing.
    #[must_use]
    pub fn is_answered_each_time(&self) -> bool {
        self.0.starts_with("w:")
    }
}

impl fmt::Display for EventId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_web_board_s_taps_are_answered_each_time_they_are_sent() {
        let tap = EventId::web("11", "0f1e2d3c-4b5a");
        assert_eq!(tap.0, "w:11:0f1e2d3c-4b5a");
        assert!(tap.is_answered_each_time());
        for platform in ["m:-100:7", "q:4242", "i:99", "3f2a:12"] {
            assert!(!EventId(platform.to_owned()).is_answered_each_time(), "{platform}");
        }
    }
}
