//! CINCO computer players. They see what their seat sees — the public view and their own
//! private view — never the whole game, so they cannot cheat.

mod bidding;
mod planner;
mod player;
mod random;

pub use planner::planned_action;
pub use player::{CincoPlayer, decision_seed, play_out};
pub use random::random_action;
