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

impl fmt::Display for EventId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
