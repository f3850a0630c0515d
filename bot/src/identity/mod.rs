//! Who and where, below both the core and the store: the ids of games, challenges and
//! platform events, platforms, chats, users and the players in a game's seats.

mod ids;
mod platform;
mod player;

pub use ids::{ChallengeId, EventId, GameId};
pub use platform::{Chat, ChatKind, Platform, User};
pub use player::{CpuLevel, Player};
