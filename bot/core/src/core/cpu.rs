use engine::cpu::{CincoPlayer, Hopeless, Level, cinco_planned_action, cinco_random_action};
use engine::{PrivateView, PublicView};

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

    /// Starts a CINCO decision; the answer comes back as a [`CpuReply`] for `request.seq`.
    fn request_cinco(&self, request: CincoCpuRequest);
}

/// A CINCO decision the core wants from the computer: for one seat, seeing only what that
/// seat sees.
#[derive(Clone, Debug)]
pub struct CincoCpuRequest {
    pub game: GameId,
    /// The place in the action sequence the decision is for: an answer for another is stale.
    pub seq: usize,
    pub player: CincoPlayer,
    pub public: PublicView,
    pub private: PrivateView,
    pub seed: u64,
}

impl CincoCpuRequest {
    /// The decision, as the reply carries it (the action in the bot's notation).
    #[must_use]
    pub fn reply(&self) -> CpuReply {
        let action = match self.player {
            CincoPlayer::Planner => cinco_planned_action(&self.public, &self.private, self.seed),
            CincoPlayer::Random => cinco_random_action(&self.private, self.seed),
        };
        let result = action.map(super::action_code);
        CpuReply { game: self.game, ply: self.seq, result, hopeless: None }
    }
}
