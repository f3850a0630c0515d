use super::pvs::Pruning;
use crate::cpu::Level;

/// How a level searches. The levels differ by much more than time, so that a stronger level
/// stays stronger when all of them get the same clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Params {
    /// Deepest iteration of the main search, in plies.
    pub(crate) max_depth: i32,
    /// Moves looked at per node outside forced situations, best first.
    pub(crate) width: usize,
    /// Moves looked at by the root outside forced situations, best first. The root can look
    /// wider than its tree: a root move more is one search among the tree's many nodes, and
    /// the root ranks its moves by the static order alone, no history yet, which put one
    /// of every nine moves Rapfi played past the 14th (docs/PERFORMANCE.md).
    pub(crate) root_width: usize,
    /// Fours in a row the search for its own victory by continuous fours may play (0: none).
    pub(crate) own_vcf: u32,
    /// Whether the opponent's continuous fours are looked for, to defend in time.
    pub(crate) opponent_vcf: bool,
    /// Threats (fours and threes) in a row the search for a forced win may play (0: none).
    pub(crate) own_vct: u32,
    /// Nodes the search for a forced win by threats may visit before it gives up.
    pub(crate) vct_nodes: u64,
    /// Threats the opponent's VCT after a root move about to become the best may play.
    pub(crate) opponent_vct: u32,
    /// Nodes for that VCT (0: not looked for).
    pub(crate) opponent_vct_nodes: u64,
    /// The root choice is random among the moves this close to the best (0: always the best).
    pub(crate) noise: i32,
    /// The hard level's shortcuts past unpromising moves.
    pub(crate) pruning: Pruning,
    /// log2 of the transposition table's entries.
    pub(crate) table_bits: u32,
}

impl Params {
    pub(crate) const fn of(level: Level) -> Params {
        match level {
            // A beginner: looks one move ahead, takes a win in one and blocks a five, answers
            // an open three, and otherwise picks at random among its four best-looking moves.
            Level::Easy => Params {
                max_depth: 1,
                width: 8,
                root_width: 8,
                own_vcf: 0,
                opponent_vcf: false,
                own_vct: 0,
                vct_nodes: 0,
                opponent_vct: 0,
                opponent_vct_nodes: 0,
                noise: 400,
                pruning: Pruning::NONE,
                table_bits: 10,
            },
            // A club player: a short search that sees its own continuous fours, blind to the
            // opponent's.
            Level::Normal => Params {
                max_depth: 3,
                width: 8,
                root_width: 8,
                own_vcf: 8,
                opponent_vcf: false,
                own_vct: 0,
                vct_nodes: 0,
                opponent_vct: 0,
                opponent_vct_nodes: 0,
                noise: 0,
                pruning: Pruning::NONE,
                table_bits: 16,
            },
            // Full strength: as deep as the clock allows, continuous fours both ways, threes
            // and fours for its own forced wins.
            Level::Hard => Params {
                max_depth: 20,
                width: 14,
                root_width: 40,
                own_vcf: 20,
                opponent_vcf: true,
                own_vct: 9,
                vct_nodes: 50_000,
                opponent_vct: 5,
                opponent_vct_nodes: 2_500,
                noise: 0,
                pruning: Pruning::ALL,
                table_bits: 18,
            },
        }
    }
}
