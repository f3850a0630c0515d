//! The exact outcome of a position without PopOut: win, draw or loss for the player to move,
//! nothing about how far away it is. Three values make every window a null window or two,
//! so alpha-beta cuts far more than the distance-aware search of `search`, which is what
//! lets the hard level solve 5 en raya from 26 empty cells on within its second.
//!
//! Besides the usual transposition table (`outcome_table`) and threat-first order, two
//! facts of the game prune: a move right below an opponent's winning cell, or next to an
//! opponent's winning cell open to a drop, loses at once and is never tried; and a player
//! without a single window of `length` cells free of the opponent's discs can no longer win,
//! which bounds the outcome before any move is searched (most of the grid is dead in a
//! 5 en raya middle game).
//!
//! No mirror symmetry: in 5 en raya the mirror image swaps the colours of the side discs,
//! so the mirrored grid is one where the other colour is to move with the same number of
//! discs, a position no game reaches (`symmetry_never_repeats_a_five_in_row_position`).
//! Connect Four would gain from it; it is solved fast enough without.

use super::board::{Board, Geometry, Slot, winning_cells};
use super::evaluation::{LIMIT, evaluate};
use super::outcome_table::{OutcomeEntry, OutcomeTable};
use crate::connect::lines::{COLUMN_BITS, run_starts};
use crate::cpu::Deadline;

/// Nodes between two questions to the deadline.
const CHECK_EVERY: u64 = 256;
/// From this many empty cells on, where subtrees are large, a node pays for more: children
/// ordered by the full evaluation, and the table asked about every child first. Each halved
/// the nodes less than it cost below this (docs/PERFORMANCE.md).
const DEEP_FROM: u32 = 12;

/// The result of a game for the player to move, as a number so that negamax can negate it.
pub(super) type Value = i8;
pub(super) const LOSS: Value = -1;
pub(super) const DRAW: Value = 0;
pub(super) const WIN: Value = 1;

/// A search for exact outcomes; its table lives as long as it does, so the root moves
/// searched one after another share what they learn.
pub(super) struct Solver<'a> {
    geometry: Geometry,
    table: OutcomeTable,
    pub(super) nodes: u64,
    deadline: &'a dyn Deadline,
    stopped: bool,
}

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver").field("nodes", &self.nodes).finish_non_exhaustive()
    }
}

impl<'a> Solver<'a> {
    /// A solver with a table of `2^table_bits` buckets; `geometry` must be without PopOut.
    pub(super) fn new(geometry: Geometry, table_bits: u8, deadline: &'a dyn Deadline) -> Self {
        Solver {
            geometry,
            table: OutcomeTable::new(table_bits),
            nodes: 0,
            deadline,
            stopped: false,
        }
    }

    /// The value of playing `slot` (a legal drop) from `board`, for the player who plays
    /// it, or `None` when the deadline stopped the search.
    /// Two null windows (does it avoid the loss, does it win) cut more than one full one.
    pub(super) fn move_value(&mut self, board: Board, slot: Slot) -> Option<Value> {
        if !self.move_reaches(board, slot, DRAW)? {
            return Some(LOSS);
        }
        Some(if self.move_reaches(board, slot, WIN)? { WIN } else { DRAW })
    }

    /// Whether playing `slot` reaches at least `value`: a null window, cheaper than the
    /// exact value. `None` when stopped.
    pub(super) fn move_reaches(&mut self, board: Board, slot: Slot, value: Value) -> Option<bool> {
        if value <= LOSS {
            return Some(true);
        }
        self.move_value_within(board, slot, value - 1, value).map(|found| found >= value)
    }

    /// The best value of `board` among `moves` (its legal drops, best first) and one move
    /// that reaches it, or `None` when stopped. The first move gets an exact value; each
    /// other one a null window only: does it beat the best so far. A win ends the search.
    pub(super) fn best(&mut self, board: Board, moves: &[Slot]) -> Option<(Value, Slot)> {
        let (&first, others) = moves.split_first()?;
        let mut best = (self.move_value(board, first)?, first);
        for &slot in others {
            if best.0 == WIN {
                break;
            }
            if self.move_reaches(board, slot, best.0 + 1)? {
                best = (self.move_value(board, slot)?, slot);
            }
        }
        Some(best)
    }

    /// The moves among `moves` that reach `value` (the best, from [`Solver::best`]), in
    /// order, `keeper` included; when stopped, those found so far.
    pub(super) fn keepers(
        &mut self,
        board: Board,
        moves: &[Slot],
        (value, keeper): (Value, Slot),
    ) -> Vec<Slot> {
        let mut keepers = Vec::with_capacity(moves.len());
        for &slot in moves {
            let keeps = slot == keeper || self.move_reaches(board, slot, value) == Some(true);
            if self.stopped && slot != keeper {
                break;
            }
            if keeps {
                keepers.push(slot);
            }
        }
        if !keepers.contains(&keeper) {
            keepers.push(keeper);
        }
        keepers
    }

    fn move_value_within(
        &mut self,
        board: Board,
        slot: Slot,
        alpha: Value,
        beta: Value,
    ) -> Option<Value> {
        let cell = board.drop_cells(&self.geometry) & self.geometry.column_cells(slot.column());
        let mine = board.mine | cell;
        if crate::connect::lines::has_line(mine, self.geometry.length) {
            return Some(WIN);
        }
        let child = Board { mine: board.theirs, theirs: mine };
        let value = -self.solve(child, -beta, -alpha);
        (!self.stopped).then_some(value)
    }

    /// The outcome of `board` for the player to move, fail-soft within `(alpha, beta)`.
    fn solve(&mut self, board: Board, mut alpha: Value, mut beta: Value) -> Value {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.deadline.is_past() {
            self.stopped = true;
        }
        if self.stopped {
            return DRAW;
        }
        let geometry = self.geometry;
        let drops = board.drop_cells(&geometry);
        if drops == 0 {
            return DRAW;
        }
        if winning_cells(board.mine, geometry.length) & drops != 0 {
            return WIN;
        }
        let empty = geometry.frame & !board.occupied();
        let their_wins = winning_cells(board.theirs, geometry.length) & empty;
        let forced = their_wins & drops;
        let mut options = match forced.count_ones() {
            0 => drops,
            1 => forced,
            _ => return LOSS,
        };
        options &= !(their_wins >> 1);
        if options == 0 {
            return LOSS;
        }

        // Who can still make a line bounds the outcome before any search.
        let (floor, ceiling) = bounds(&board, &geometry);
        if floor >= beta || floor == ceiling {
            return floor;
        }
        if ceiling <= alpha {
            return ceiling;
        }
        alpha = alpha.max(floor);
        beta = beta.min(ceiling);

        let key = board.compact_key(&geometry);
        let mut table_move = None;
        if let Some(entry) = self.table.get(key) {
            table_move = entry.best;
            if entry.lower >= beta {
                return entry.lower;
            }
            if entry.upper <= alpha {
                return entry.upper;
            }
            alpha = alpha.max(entry.lower);
            beta = beta.min(entry.upper);
            if alpha >= beta {
                return alpha;
            }
        }

        let moves = order(options, &board, &geometry, table_move);
        if empty.count_ones() >= DEEP_FROM {
            // Enhanced transposition cutoff: a child the table already refutes for the
            // opponent ends the node before any subtree is searched.
            for &cell in &moves.cells[..moves.len] {
                let child = Board { mine: board.theirs, theirs: board.mine | cell };
                if let Some(entry) = self.table.get(child.compact_key(&geometry))
                    && -entry.upper >= beta
                {
                    return -entry.upper;
                }
            }
        }
        let nodes_before = self.nodes;
        let alpha_before = alpha;
        let mut best = LOSS;
        let mut best_move = None;
        for &cell in &moves.cells[..moves.len] {
            let slot = Slot::drop(geometry.column_of(cell));
            let child = Board { mine: board.theirs, theirs: board.mine | cell };
            let value = -self.solve(child, -beta, -alpha);
            if self.stopped {
                return DRAW;
            }
            if value > best {
                best = value;
                best_move = Some(slot);
            }
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
        let (lower, upper) = if best <= alpha_before {
            (floor, best)
        } else if best >= beta {
            (best, ceiling)
        } else {
            (best, best)
        };
        let work = self.nodes - nodes_before;
        self.table.put(key, OutcomeEntry { lower, upper, best: best_move }, work);
        best
    }
}

/// The drops of one node, best first.
struct Ordered {
    cells: [u64; 7],
    len: usize,
}

/// How much a column is worth by itself, to break ties: lines through the centre are the
/// most numerous.
const CENTRE: [u32; 7] = [0, 1, 2, 3, 2, 1, 0];

/// `options` (cells to drop in) sorted: the table's move, then, with many empty cells, by the
/// evaluation of the position after it; with fewer, by how many winning cells of
/// the mover's each one makes (more for those on rows that parity gives the mover), a drop
/// right below the mover's own winning cell later, the centre breaking ties. No killers and
/// no history: they are a guess from other positions, and here the threats count and the
/// table's moves cut more (with the search's killers and history, solving 26 empty cells
/// visited 7.7 times as many nodes; see docs/PERFORMANCE.md).
fn order(
    mut options: u64,
    board: &Board,
    geometry: &Geometry,
    table_move: Option<Slot>,
) -> Ordered {
    let empty = geometry.frame & !board.occupied();
    let own_wins = winning_cells(board.mine, geometry.length) & empty;
    // Odd/even theory: with an even number of empty cells the mover stands where the first
    // player of a game on an empty grid does, and the odd rows (y = 0, 2, 4) serve them.
    let good_rows =
        if empty.count_ones().is_multiple_of(2) { geometry.odd_rows } else { !geometry.odd_rows };
    let deep = empty.count_ones() >= DEEP_FROM;
    let mut ordered = Ordered { cells: [0; 7], len: 0 };
    let mut scores = [0u32; 7];
    while options != 0 {
        let cell = options & options.wrapping_neg();
        options ^= cell;
        let column = geometry.column_of(cell);
        let score = if table_move == Some(Slot::drop(column)) {
            u32::MAX
        } else if deep {
            // The evaluation's parity-aware threats, worst for the opponent first; it is
            // within LIMIT, so the sum stays positive.
            let child = Board { mine: board.theirs, theirs: board.mine | cell };
            (LIMIT - i32::from(evaluate(&child, geometry))).unsigned_abs()
        } else {
            let threats = winning_cells(board.mine | cell, geometry.length) & empty & !cell;
            let good_threats = threats & good_rows;
            let mut score = 8 * threats.count_ones()
                + 4 * good_threats.count_ones()
                + CENTRE[usize::from(column)];
            if own_wins & (cell << 1) != 0 {
                // Right below the mover's own winning cell: it lets the opponent block it.
                score = score.saturating_sub(6);
            }
            score
        };
        // Insertion, best first; earlier (lower) columns stay first among equals.
        let mut i = ordered.len;
        while i > 0 && scores[i - 1] < score {
            scores[i] = scores[i - 1];
            ordered.cells[i] = ordered.cells[i - 1];
            i -= 1;
        }
        scores[i] = score;
        ordered.cells[i] = cell;
        ordered.len += 1;
    }
    ordered
}

/// The outcome range the lines still open allow: a player with no window of `length` cells
/// free of the opponent's discs can no longer win.
fn bounds(board: &Board, geometry: &Geometry) -> (Value, Value) {
    let open = |own_free: u64| {
        [COLUMN_BITS, 1, COLUMN_BITS + 1, COLUMN_BITS - 1]
            .into_iter()
            .any(|step| run_starts(own_free, step, geometry.length) != 0)
    };
    let floor = if open(geometry.frame & !board.mine) { LOSS } else { DRAW };
    let ceiling = if open(geometry.frame & !board.theirs) { WIN } else { DRAW };
    (floor, ceiling)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect::lines::cell;
    use crate::{BoardGame, Connect, ConnectSettings};

    #[test]
    fn a_player_without_an_open_window_cannot_win() {
        let geometry = Geometry::of(&ConnectSettings::classic());
        // Every window of four crosses the middle column or row 2 (y = 2): filled with the
        // opponent's discs (not a reachable grid, but the bound does not care), they leave the
        // player to move no window.
        let theirs = (0..7).fold(geometry.column_cells(3), |bits, x| bits | cell(x, 2));
        let board = Board { mine: cell(0, 0), theirs };
        assert_eq!(bounds(&board, &geometry).1, DRAW);
        let start = Board::of(&Connect::start(ConnectSettings::classic()));
        assert_eq!(bounds(&start, &geometry), (LOSS, WIN));
    }

    #[test]
    fn symmetry_never_repeats_a_five_in_row_position() {
        // The side discs of the player to move are fixed by how many discs were dropped:
        // red's (left bottom) with an even count, yellow's with an odd one. The mirror
        // image gives the mover the other colour's side discs with the same count.
        let settings = ConnectSettings::five_in_row();
        let red = Board::of(&Connect::start(settings));
        let mirror =
            |bits: u64| (0..9).fold(0, |out, x| out | ((bits >> (7 * x)) & 0x3F) << (7 * (8 - x)));
        let yellow_side = red.theirs;
        assert_eq!(mirror(red.mine), yellow_side);
    }
}
