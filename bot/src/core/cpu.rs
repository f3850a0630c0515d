use engine::cpu::{Hopeless, Level};

use super::GameId;
use crate::games::Position;

/// A move the core wants from the computer.
#[derive(Clone, Debug)]
pub struct CpuRequest {
    pub game: GameId,
    /// The ply the move is for: an answer for another ply is stale and dropped.
    pub ply: usize,
    pub position: Position,
    pub level: Level,
    pub seed: u64,
}

/// The computer's answer, handed back to [`super::Core::cpu_moved`].
#[derive(Clone, Debug)]
pub struct CpuReply {
    pub game: GameId,
    pub ply: usize,
    /// The move in notation; `None` if the game was over.
    pub result: Option<String>,
    /// Set when the search proved that every move loses: the computer resigns its own game
    /// instead of playing `result` (it still plays it when standing in for a person).
    pub hopeless: Option<Hopeless>,
}

/// Thinks about moves away from the core, so that one game's search never holds up the
/// others: the bot runs searches on blocking threads with the level's time budget; tests
/// answer at once.
pub trait CpuPlayer: Send + Sync {
    /// Starts thinking; the answer comes back later as a [`CpuReply`].
    fn request(&self, request: CpuRequest);
}
