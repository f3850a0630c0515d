//! The computer player of the five-in-a-row grid games (gomoku and renju; the capture games
//! can add their terms to the evaluation and reuse the rest).
//!
//! The board keeps, stone by stone, what a stone of either side would make on every empty
//! point (`patterns`, `board`). On it run a threat-space search for wins by continuous
//! fours, or fours and threes (`threats`), and a principal-variation alpha-beta search with
//! iterative deepening (`search`) over a narrow set of moves (`candidates`), remembered in a
//! transposition table (`table`). The levels (`levels`) differ in depth, width, threat
//! searches and noise. Everything is shaped by a [`GridRules`] value.

mod board;
mod candidates;
mod capture_candidates;
mod capture_evaluation;
mod capture_levels;
mod capture_players;
mod capture_search;
mod capture_threats;
mod captures;
mod cells;
mod evaluation;
mod levels;
mod opening;
mod patterns;
mod players;
mod rules;
mod search;
mod table;
mod threats;

#[cfg(test)]
mod capture_tests;
#[cfg(test)]
mod tests;

pub use capture_search::capture_analysis;
pub use rules::{ForbiddenMoves, GridRules};
pub use search::{GridAnalysis, find_vcf, grid_analysis, grid_move};
