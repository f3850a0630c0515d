//! Computer players: one per game family, three levels each, deterministic for a seed.
//!
//! The engine has no clock, so a search is told when to stop by a [`Deadline`]
//! that the caller owns: the bot and the tools wrap a real clock, tests count nodes.

mod cinco;
mod connect;
mod deadline;
mod grid;
mod hopeless;
mod level;
mod random;

pub use cinco::{
    CincoPlayer, decision_seed as cinco_decision_seed, planned_action as cinco_planned_action,
    play_out as cinco_play_out, random_action as cinco_random_action,
};
pub use connect::{ConnectAnalysis, ConnectForecast, ConnectOutcome, ConnectSolution};
pub use deadline::{Deadline, NodeBudget, Unlimited};
pub use grid::{
    EVALUATION_FEATURES, EVALUATION_LINE_FEATURES, EvaluationFeatures, EvaluationProfile,
    ForbiddenMoves, GridAnalysis, GridRules, capture_analysis, evaluation_features, find_vcf,
    grid_analysis, grid_move, warm_up,
};
pub use hopeless::Hopeless;
pub use level::{Level, UnknownLevel};
pub use random::SplitMix64;

/// How a computer player is asked for a move.
#[derive(Clone, Copy)]
pub struct Think<'a> {
    pub level: Level,
    /// Seeds every random choice, so the same position, level, seed and deadline answers give
    /// the same move.
    pub seed: u64,
    /// When to stop thinking; the search always has a move ready before it is asked.
    pub deadline: &'a dyn Deadline,
}

impl std::fmt::Debug for Think<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Think").field("level", &self.level).field("seed", &self.seed).finish()
    }
}

/// What the computer does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move it plays; still the least bad one in a lost position, for a caller that must
    /// play on (a Gomocup brain).
    pub mv: M,
    /// Set when the search proved that every move loses, and why: a caller may resign for
    /// the computer. Only the hard level looks far enough to say so, and never on a guess.
    pub hopeless: Option<Hopeless>,
}

/// A game the computer can play.
pub trait ComputerPlayer: crate::BoardGame {
    /// The move the computer chooses for the seat to act, or `None` once the game is over.
    /// It returns by the deadline (within a few milliseconds) with the best move found so far.
    fn computer_move(&self, think: Think<'_>) -> Option<Self::Move>;

    /// [`ComputerPlayer::computer_move`] with the search's verdict on a lost position. Games
    /// whose search gives no verdict (the capture games) never call a position hopeless.
    fn computer_choice(&self, think: Think<'_>) -> Option<Choice<Self::Move>> {
        self.computer_move(think).map(|mv| Choice { mv, hopeless: None })
    }
}
