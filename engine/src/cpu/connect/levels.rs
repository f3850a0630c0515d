//! What each level may do: how deep it looks, how much it remembers, how often it errs.

use crate::cpu::Level;

/// The search settings of one level.
#[derive(Clone, Copy, Debug)]
pub(super) struct Style {
    /// The deepest iteration, in plies.
    pub(super) max_depth: u8,
    /// The transposition table has `2^table_bits` slots of 16 bytes.
    pub(super) table_bits: u8,
    /// Easy only: a shallow look at every move, then a seeded pick among those that do not
    /// lose (see [`Blunders`]).
    pub(super) blunders: Option<Blunders>,
}

/// How the easy level chooses among the moves that do not lose at once.
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
            // Two plies: sees its own immediate win and the opponent's, nothing more.
            Level::Easy => Style {
                max_depth: 2,
                table_bits: 10,
                blunders: Some(Blunders { percent_any: 30, margin: 40 }),
            },
            Level::Normal => Style { max_depth: 6, table_bits: 16, blunders: None },
            // 2^20 slots are 16 MiB; the depth is bounded by the game, not the level.
            Level::Hard => Style { max_depth: 60, table_bits: 20, blunders: None },
        }
    }
}
