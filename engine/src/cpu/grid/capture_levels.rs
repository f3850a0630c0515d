//! How each level plays the capture games. Kept apart from gomoku's levels so that tuning
//! one family leaves the other alone.

use super::pvs::Pruning;
use crate::cpu::Level;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CaptureParams {
    /// Deepest iteration of the main search, in plies.
    pub(crate) max_depth: i32,
    /// Moves looked at per node outside forced situations, best first (captures and capture
    /// defences come on top).
    pub(crate) width: usize,
    /// Fours (or capture threats) in a row the search for its own forced win may play.
    pub(crate) own_vcf: u32,
    /// Whether the opponent's continuous fours are looked for, to defend in time.
    pub(crate) opponent_vcf: bool,
    /// The root choice is random among the moves this close to the best (0: the best).
    pub(crate) noise: i32,
    /// The hard level's shortcuts past unpromising moves.
    pub(crate) pruning: Pruning,
    /// log2 of the transposition table's entries.
    pub(crate) table_bits: u32,
}

impl CaptureParams {
    pub(crate) const fn of(level: Level) -> CaptureParams {
        match level {
            Level::Easy => CaptureParams {
                max_depth: 1,
                width: 8,
                own_vcf: 0,
                opponent_vcf: false,
                noise: 200,
                pruning: Pruning::NONE,
                table_bits: 12,
            },
            Level::Normal => CaptureParams {
                max_depth: 2,
                width: 8,
                own_vcf: 6,
                opponent_vcf: false,
                noise: 0,
                pruning: Pruning::NONE,
                table_bits: 16,
            },
            Level::Hard => CaptureParams {
                max_depth: 16,
                width: 12,
                own_vcf: 14,
                opponent_vcf: true,
                noise: 0,
                pruning: Pruning::ALL,
                table_bits: 18,
            },
        }
    }
}
