//! How each level plays the capture games. Kept apart from gomoku's levels so that tuning
//! one family leaves the other alone.

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
    /// Whether late candidates are searched shallower first (late move reductions), and
    /// again in full only when they look better than the best so far.
    pub(crate) late_reductions: bool,
    /// Whether quiet null-window nodes one or two plies from the horizon search only their
    /// best few candidates (late move pruning).
    pub(crate) late_pruning: bool,
    /// Whether quiet nodes far above beta one or two plies from the horizon are cut at once
    /// (reverse futility pruning).
    pub(crate) futility: bool,
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
                late_reductions: false,
                late_pruning: false,
                futility: false,
                table_bits: 12,
            },
            Level::Normal => CaptureParams {
                max_depth: 2,
                width: 8,
                own_vcf: 6,
                opponent_vcf: false,
                noise: 0,
                late_reductions: false,
                late_pruning: false,
                futility: false,
                table_bits: 16,
            },
            Level::Hard => CaptureParams {
                max_depth: 16,
                width: 12,
                own_vcf: 14,
                opponent_vcf: true,
                noise: 0,
                late_reductions: true,
                late_pruning: true,
                futility: true,
                table_bits: 18,
            },
        }
    }
}
