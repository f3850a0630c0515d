//! What each level may do: how deep it looks, how much it remembers, how often it errs.

use crate::cpu::Level;

/// The search settings of one level.
#[derive(Clone, Copy, Debug)]
pub(super) struct Style {
    /// The deepest iteration, in plies.
    pub(super) max_depth: u8,
    /// The transposition table has `2^table_bits` slots of 16 bytes.
    pub(super) table_bits: u8,
    /// Without PopOut, from this many empty cells on the hard level solves the position
    /// exactly before it picks a move (see `solver`); zero for the levels that do not.
    pub(super) exact_from: u8,
    /// The solver's table has `2^solver_bits` buckets of 16 bytes.
    pub(super) solver_bits: u8,
    /// Easy and normal: every move searched in full, then a seeded pick among those that do
    /// not lose (see [`Blunders`]); hard plays the best move it finds.
    pub(super) blunders: Option<Blunders>,
}

/// How the easy and normal levels choose among the moves that do not lose by force.
#[derive(Clone, Copy, Debug)]
pub(super) struct Blunders {
    /// Out of 100: how often any non-losing move is picked, however weak.
    pub(super) percent_any: u64,
    /// Otherwise, moves within this margin of the best one are equally likely.
    pub(super) margin: i16,
}

impl Style {
    pub(super) const fn of(level: Level) -> Style {
        match level {
            // Two plies: sees its own immediate win and the opponent's, nothing more, and half
            // of the time plays any move that does not lose at once.
            Level::Easy => Style {
                max_depth: 2,
                table_bits: 10,
                exact_from: 0,
                solver_bits: 0,
                blunders: Some(Blunders { percent_any: 50, margin: 80 }),
            },
            // Eight plies, and a choice among the moves that look nearly as good as the best
            // (within a fraction of one threat): it misses deep traps and parity plans, which is
            // what the hard level wins by. The margins were tuned by `examples/match.rs`.
            Level::Normal => Style {
                max_depth: 8,
                table_bits: 16,
                exact_from: 0,
                solver_bits: 0,
                blunders: Some(Blunders { percent_any: 0, margin: 10 }),
            },
            // 2^20 slots are 16 MiB, and as much for the solver; the depth is bounded by the
            // game, not the level. The solver's reach was measured by `examples/connect_exact`.
            Level::Hard => Style {
                max_depth: 60,
                table_bits: 20,
                exact_from: 26,
                solver_bits: 20,
                blunders: None,
            },
        }
    }
}
