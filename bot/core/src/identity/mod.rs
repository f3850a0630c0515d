//! Who and where, below both the core and the store: the ids of games, challenges and
//! platform events, platforms, chats, users, seats and the players in them, and the slots
//! chats are served in.

mod ids;
mod platform;
mod player;
mod seat;
mod slot;

pub use ids::{ChallengeId, EventId, GameId};
pub use platform::{Chat, ChatKind, Platform, User};
pub use player::{CpuLevel, Player};
pub use seat::{AwaySeats, MAX_SEATS, SeatIndex};
pub use slot::{SLOTS, slot_of};
