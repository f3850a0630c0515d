//! The computer player of the five-in-a-row grid games: gomoku and renju, and on the same
//! core the capture games, ninuki and pente.
//!
//! The board keeps, stone by stone, what a stone of either side would make on every empty point
//! (`patterns`, `board`). On it run a threat-space search for wins by continuous fours, or
//! fours and threes (`threats`), and a principal-variation alpha-beta search with iterative
//! deepening (`pvs`, run by `search`) over a narrow set of moves (`candidates`; the hard
//! level's root looks at more of them than its tree does), remembered in a transposition table
//! (`table`); the hard level searches late candidates shallower first. Leaves are judged by
//! what every empty point would make for each side, weighed by weights fitted to self-play
//! games (`weights`, from the counts of `features`). The levels (`levels`) differ in depth,
//! width, threat searches, those reductions and noise. Everything is shaped by a [`GridRules`]
//! value.
//!
//! The capture games wrap that board in one that takes pairs off and puts them back
//! (`captures`), and search it with their own evaluation, moves, threat search and levels
//! (`capture_*`): a four is no sure win there, since a capture can break it. The
//! principal-variation search is the same (`pvs`), and so are the hard level's reductions,
//! its pruning of late candidates and its reverse futility pruning.

mod board;
mod candidates;
mod capture_candidates;
mod capture_evaluation;
mod capture_levels;
mod capture_players;
mod capture_search;
mod capture_threats;
mod captures;
mod carried;
mod cells;
mod evaluation;
mod features;
mod levels;
mod opening;
mod patterns;
mod players;
mod pvs;
mod rules;
mod search;
mod table;
mod threats;
mod weights;

#[cfg(test)]
mod capture_tests;
#[cfg(test)]
mod tests;

pub use capture_search::capture_analysis;
pub use features::{
    EVALUATION_FEATURES, EVALUATION_LINE_FEATURES, EvaluationFeatures, evaluation_features,
};
pub use patterns::warm_up;
pub use rules::{ForbiddenMoves, GridRules};
pub use search::{GridAnalysis, find_vcf, grid_analysis, grid_move};
pub use weights::Profile as EvaluationProfile;
