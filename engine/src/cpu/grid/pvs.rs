//! The principal-variation search shared by the grid games: iterative deepening over the
//! root moves, alpha-beta with null-window probes, a transposition table, killer moves,
//! counter moves and a history table. What differs between gomoku/renju and the capture games
//! (the board, the decided positions and the horizon, the candidate moves) comes through
//! [`Pvs`].

use super::candidates::Moves;
use super::cells::{CELLS, Cell};
use super::table::{Bound, Entry, TranspositionTable};

/// A won position's score, less the plies needed to win.
pub(crate) const WIN: i32 = 1_000_000;
/// Scores past this are wins or losses found by the search.
pub(crate) const DECIDED: i32 = WIN - 1000;
pub(crate) const INFINITY: i32 = WIN + 1;
pub(crate) const MAX_PLY: usize = 64;

/// What the search learns about move order as it goes.
pub(crate) struct Memory {
    table: TranspositionTable,
    killers: [[Option<Cell>; 2]; MAX_PLY],
    /// Per side (black, white): how often a move has cut off, weighted by depth, less as much
    /// for each time it was searched in vain before the move that did.
    pub(crate) history: Box<[[u32; CELLS]; 2]>,
    /// Per side, for each move of the opponent: the answer that last cut off after it. A
    /// stone is mostly answered where it threatens, wherever in the tree it was played.
    counter_moves: Box<[[Option<Cell>; CELLS]; 2]>,
    /// The moves from the root to the node being searched, for the counter moves.
    line: [Cell; MAX_PLY],
    /// Move lists of finished nodes, for the next ones: a list is several kilobytes, and
    /// making one at every node (cleared, then copied into place) showed in the profile.
    spare_moves: Vec<Box<Moves>>,
}

impl Memory {
    pub(crate) fn new(table_bits: u32) -> Memory {
        Memory {
            table: TranspositionTable::new(table_bits),
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[0; CELLS]; 2]),
            counter_moves: Box::new([[None; CELLS]; 2]),
            line: [0; MAX_PLY],
            spare_moves: Vec::new(),
        }
    }

    /// An empty move list, one a finished node gave back if there is one.
    fn take_moves(&mut self) -> Box<Moves> {
        let mut moves = self.spare_moves.pop().unwrap_or_else(|| Box::new(Moves::new()));
        moves.clear();
        moves
    }

    /// Keeps a finished node's move list for [`Memory::take_moves`].
    fn give_back(&mut self, moves: Box<Moves>) {
        self.spare_moves.push(moves);
    }

    pub(crate) fn table_bits(&self) -> u32 {
        self.table.bits()
    }

    /// Readies a memory for the next search of the same game: its table stays (its positions
    /// are whole positions), the killers go (they belong to plies counted from the old root),
    /// the counter moves stay (they answer moves, wherever played) and the history counts
    /// half, so that the new position's cutoffs soon lead.
    pub(crate) fn carry_over(&mut self) {
        self.table.next_search();
        self.killers = [[None; 2]; MAX_PLY];
        self.history.iter_mut().flatten().for_each(|count| *count /= 2);
    }

    /// Puts the moves worth trying first at the front of `moves`, for `side` at `ply`: the
    /// table's best move, then the killers, then the answer that last refuted the move
    /// before.
    fn order(&self, side: usize, ply: usize, stored_best: Option<Cell>, moves: &mut Moves) {
        if let Some(previous) = ply.checked_sub(1).map(|before| self.line[before])
            && let Some(counter) = self.counter_moves[side][previous]
        {
            moves.promote(counter);
        }
        for killer in self.killers[ply].iter().rev().flatten() {
            moves.promote(*killer);
        }
        if let Some(best) = stored_best {
            moves.promote(best);
        }
    }

    /// What a cutoff by `cell` at `ply`, `depth` plies from the horizon, teaches: it is a
    /// killer there, the answer to the move before, and a move that cuts off; the moves
    /// `searched_before` it did not, and count for less.
    fn learn_cutoff(
        &mut self,
        side: usize,
        ply: usize,
        depth: i32,
        cell: Cell,
        searched_before: impl Iterator<Item = Cell>,
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(cell) {
            killers[1] = killers[0];
            killers[0] = Some(cell);
        }
        if let Some(previous) = ply.checked_sub(1).map(|before| self.line[before]) {
            self.counter_moves[side][previous] = Some(cell);
        }
        let bonus = u32::try_from(depth.max(1) * depth.max(1)).unwrap_or(1);
        let history = &mut self.history[side];
        history[cell] = history[cell].saturating_add(bonus);
        for other in searched_before {
            history[other] = history[other].saturating_sub(bonus);
        }
    }

    /// Whether the table holds the position of this key.
    #[cfg(test)]
    pub(crate) fn knows(&self, key: u64) -> bool {
        self.table.probe(key).is_some()
    }
}

/// A game searched by [`Pvs::deepen`]: the searcher of gomoku/renju or of the capture games.
pub(crate) trait Pvs {
    /// Counts a node; true once the deadline has passed (and from then on).
    fn tick(&mut self) -> bool;
    fn stopped(&self) -> bool;
    fn max_depth(&self) -> i32;
    fn memory(&mut self) -> &mut Memory;
    fn play(&mut self, cell: Cell);
    fn undo(&mut self, cell: Cell);
    fn key(&self) -> u64;
    /// The side to move as an index into the history: 0 black, 1 white.
    fn side(&self) -> usize;
    /// The score of a position the search need not expand: won or lost in a move or two,
    /// full, or quiet at the horizon (`depth` spent).
    fn settled(&mut self, depth: i32, ply: usize) -> Option<i32>;
    /// Fills `moves` with the candidates, best first by `side`'s history; `Ok(forced)` when
    /// they answer a threat (they then cost no depth), `Err(score)` when there are none.
    fn candidates(&mut self, side: usize, ply: usize, moves: &mut Moves) -> Result<bool, i32>;

    /// Whether the root move `cell` lets the opponent force a win further than the search
    /// sees; asked only of moves about to become the best, so that it costs little.
    fn refuted(&mut self, _cell: Cell) -> bool {
        false
    }

    /// How many plies less the `index`th candidate (from 0) of a node with `depth` left is
    /// first searched: late moves of a well-ordered list rarely matter, and one that turns
    /// out to is searched again at the full depth.
    fn late_reduction(&self, _depth: i32, _index: usize) -> i32 {
        0
    }

    /// How many of its candidates a null-window node with `depth` left searches at all, when
    /// it answers no threat: near the horizon the late ones rarely change its result.
    fn late_move_limit(&self, _depth: i32) -> usize {
        usize::MAX
    }

    /// A score that lets a null-window node with `depth` left stop at once, when its side to
    /// move stands so far above `beta` that a search would only confirm it (reverse futility
    /// pruning).
    fn futile(&mut self, _depth: i32, _beta: i32) -> Option<i32> {
        None
    }

    /// Whether a root move whose whole tree, in the iteration the deadline stopped, beat the
    /// last finished iteration's choice is played instead of that choice. Gomoku and renju
    /// scored better for it; ninuki scored worse (docs/PERFORMANCE.md).
    fn heeds_unfinished_iteration(&self) -> bool {
        false
    }

    /// Iterative deepening over the root moves: the best move of the last finished iteration
    /// (the first move, best by ordering, if none finished) and its score (`None` then), or a
    /// move the unfinished iteration saw beat it when [`Pvs::heeds_unfinished_iteration`]. A
    /// move [`Pvs::refuted`] is passed over while another is left.
    fn deepen(&mut self, moves: &mut Moves) -> (Cell, Option<i32>) {
        let mut best = moves.get(0);
        let mut best_score = None;
        let mut verified: Vec<Cell> = Vec::new();
        let mut refuted: Vec<Cell> = Vec::new();
        for depth in 1..=self.max_depth() {
            let mut alpha = -INFINITY;
            let mut iteration_best = best;
            for index in 0..moves.len() {
                let cell = moves.get(index);
                if refuted.contains(&cell) {
                    continue;
                }
                self.memory().line[0] = cell;
                self.play(cell);
                let score = if index == 0 {
                    -self.pvs(depth - 1, -INFINITY, -alpha, 1)
                } else {
                    let probe = -self.pvs(depth - 1, -alpha - 1, -alpha, 1);
                    if probe > alpha && !self.stopped() {
                        -self.pvs(depth - 1, -INFINITY, -alpha, 1)
                    } else {
                        probe
                    }
                };
                self.undo(cell);
                if self.stopped() {
                    break;
                }
                if score > alpha && !verified.contains(&cell) {
                    verified.push(cell);
                    if refuted.len() + 1 < moves.len() && self.refuted(cell) {
                        refuted.push(cell);
                    }
                    if self.stopped() {
                        break;
                    }
                }
                if score > alpha && !refuted.contains(&cell) {
                    alpha = score;
                    iteration_best = cell;
                }
            }
            if self.stopped() {
                // A move whose whole tree at this depth beat the last choice's is the better
                // one, though the other moves were not all searched: playing the last choice
                // would play a move this depth has already seen beaten.
                if iteration_best != best && self.heeds_unfinished_iteration() {
                    best = iteration_best;
                    best_score = Some(alpha);
                }
                break;
            }
            best = iteration_best;
            best_score = Some(alpha);
            moves.promote(best);
            if alpha.abs() >= DECIDED {
                break;
            }
        }
        (best, best_score)
    }

    /// The score of the position for the side to move, searched `depth` plies deep.
    fn pvs(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(score) = self.settled(depth, ply) {
            return score;
        }
        let key = self.key();
        let stored = self.memory().table.probe(key);
        if let Some(entry) = stored
            && entry.depth >= depth
        {
            let score = from_table(entry.score, ply);
            match entry.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        if beta - alpha == 1
            && let Some(score) = self.futile(depth, beta)
        {
            return score;
        }
        let side = self.side();
        let mut moves = self.memory().take_moves();
        let forced = match self.candidates(side, ply, &mut moves) {
            Ok(forced) => forced,
            Err(score) => {
                self.memory().give_back(moves);
                return score;
            }
        };
        self.memory().order(side, ply, stored.and_then(|entry| entry.best), &mut moves);
        // A forced answer costs no depth: the line it answers is still being played out.
        let next = if forced { depth } else { (depth - 1).max(0) };
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        // A principal-variation node, or one answering a threat, looks at every candidate.
        let limit =
            if forced || beta - alpha > 1 { usize::MAX } else { self.late_move_limit(depth) };
        for index in 0..moves.len().min(limit) {
            let cell = moves.get(index);
            let reduction = if forced || index == 0 { 0 } else { self.late_reduction(next, index) };
            self.memory().line[ply] = cell;
            self.play(cell);
            let score = if index == 0 {
                -self.pvs(next, -beta, -alpha, ply + 1)
            } else {
                let mut probe = -self.pvs(next - reduction, -alpha - 1, -alpha, ply + 1);
                if reduction > 0 && probe > alpha && !self.stopped() {
                    probe = -self.pvs(next, -alpha - 1, -alpha, ply + 1);
                }
                if probe > alpha && probe < beta && !self.stopped() {
                    -self.pvs(next, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            self.undo(cell);
            if self.stopped() {
                self.memory().give_back(moves);
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(cell);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                // The answers to a threat say nothing of which free moves are good.
                let searched_before = if forced { 0 } else { index };
                let before = moves.iter().take(searched_before);
                self.memory().learn_cutoff(side, ply, depth, cell, before);
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let score = to_table(best_score, ply);
        let memory = self.memory();
        memory.table.store(Entry { key, depth, score, bound, best: best_move });
        memory.give_back(moves);
        best_score
    }
}

/// The deepest a node may be from the horizon for reverse futility pruning, in plies.
const FUTILITY_DEPTH: i32 = 2;
/// How far above `beta` a node's static value must stand, per ply left, to be pruned. The
/// only margin measured (docs/PERFORMANCE.md); the values of the fitted evaluation are on the
/// scale of the hand-set ones, where an open three's line was worth 50.
pub(crate) const FUTILITY_MARGIN: i32 = 120;

/// Which of the hard levels' shortcuts past unpromising moves a level takes; gomoku's and
/// the capture games' searches share them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pruning {
    /// Late candidates are searched shallower first (late move reductions), and again in
    /// full only when they look better than the best so far.
    pub(crate) late_reductions: bool,
    /// Quiet null-window nodes one or two plies from the horizon search only their best few
    /// candidates (late move pruning).
    pub(crate) late_pruning: bool,
    /// Quiet nodes far above beta one or two plies from the horizon are cut at once (reverse
    /// futility pruning).
    pub(crate) futility: bool,
}

impl Pruning {
    pub(crate) const NONE: Pruning =
        Pruning { late_reductions: false, late_pruning: false, futility: false };
    pub(crate) const ALL: Pruning =
        Pruning { late_reductions: true, late_pruning: true, futility: true };

    /// Late move reductions: one ply from the fourth candidate on, two from the seventh when
    /// at least four plies are left. Moves that make a threat get no exception: the
    /// candidates come ordered by what they make, so threats are mostly among the first, and
    /// a version that never reduced them scored no better (docs/PERFORMANCE.md).
    pub(crate) fn reduction(self, depth: i32, index: usize) -> i32 {
        if !self.late_reductions || depth < 2 || index < 3 {
            0
        } else if depth >= 4 && index >= 6 {
            2
        } else {
            1
        }
    }

    /// Late move pruning: a quiet null-window node one ply from the horizon searches its best
    /// seven candidates, two plies from it its best ten.
    pub(crate) fn move_limit(self, depth: i32) -> usize {
        match (self.late_pruning, depth) {
            (true, 1) => 7,
            (true, 2) => 10,
            _ => usize::MAX,
        }
    }

    /// Reverse futility pruning: one or two plies from the horizon, unless `threatened` (the
    /// opponent's threats the pruning must never pass over), a position whose static `value`
    /// beats `beta` by [`FUTILITY_MARGIN`] a ply left is taken to fail high.
    pub(crate) fn futile(
        self,
        depth: i32,
        beta: i32,
        threatened: impl FnOnce() -> bool,
        value: impl FnOnce() -> i32,
    ) -> Option<i32> {
        if !self.futility
            || !(1..=FUTILITY_DEPTH).contains(&depth)
            || beta.abs() >= DECIDED
            || threatened()
        {
            return None;
        }
        let standing = value() - FUTILITY_MARGIN * depth;
        (standing >= beta).then_some(standing)
    }
}

/// A score as the table keeps it: a win or a loss counted in plies from the stored position
/// rather than from the root, so that it still reads right when the position comes back at
/// another ply (otherwise a win met again deeper looks shorter than it is).
fn to_table(score: i32, ply: usize) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score >= DECIDED {
        score + ply
    } else if score <= -DECIDED {
        score - ply
    } else {
        score
    }
}

/// The score at `ply` of what the table keeps, the inverse of [`to_table`].
fn from_table(score: i32, ply: usize) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score >= DECIDED {
        score - ply
    } else if score <= -DECIDED {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of one move: root move `cell` scores `scores[cell]` for the side that played
    /// it (`deeper[cell]` when searched more than one ply, the same unless a test sets it),
    /// and the moves in `refuted` are refuted. Searched from the root by `pvs`, its moves
    /// come in cell order, answer a threat when `forced`, and late move pruning keeps `limit`
    /// of them. The deadline passes at the play numbered `deadline`.
    struct OneMove {
        scores: Vec<i32>,
        deeper: Vec<i32>,
        refuted: Vec<Cell>,
        forced: bool,
        limit: usize,
        played: Vec<Cell>,
        plays: usize,
        deadline: usize,
        stopped: bool,
        heeds_unfinished: bool,
        memory: Memory,
    }

    impl OneMove {
        fn new(scores: &[i32], refuted: &[Cell]) -> OneMove {
            OneMove {
                scores: scores.to_vec(),
                deeper: scores.to_vec(),
                refuted: refuted.to_vec(),
                forced: false,
                limit: usize::MAX,
                played: vec![],
                plays: 0,
                deadline: usize::MAX,
                stopped: false,
                heeds_unfinished: true,
                memory: Memory::new(4),
            }
        }

        fn best(&mut self) -> Cell {
            let mut moves = Moves::new();
            (0..self.scores.len()).for_each(|cell| moves.push(cell, 0));
            self.deepen(&mut moves).0
        }
    }

    impl Pvs for OneMove {
        fn tick(&mut self) -> bool {
            self.stopped |= self.plays >= self.deadline;
            self.stopped
        }
        fn stopped(&self) -> bool {
            self.stopped
        }
        fn max_depth(&self) -> i32 {
            3
        }
        fn memory(&mut self) -> &mut Memory {
            &mut self.memory
        }
        fn play(&mut self, cell: Cell) {
            self.plays += 1;
            self.played.push(cell);
        }
        fn undo(&mut self, _cell: Cell) {
            self.played.pop();
        }
        fn key(&self) -> u64 {
            self.played.iter().fold(1, |key, &cell| key * 31 + cell as u64)
        }
        fn side(&self) -> usize {
            self.played.len() % 2
        }
        fn settled(&mut self, depth: i32, _ply: usize) -> Option<i32> {
            let scores = if depth > 0 { &self.deeper } else { &self.scores };
            // Scored for the side to move, the opponent of the root move's player.
            self.played.first().map(|&cell| -scores[cell])
        }
        fn candidates(
            &mut self,
            _side: usize,
            _ply: usize,
            moves: &mut Moves,
        ) -> Result<bool, i32> {
            (0..self.scores.len()).for_each(|cell| moves.push(cell, 0));
            Ok(self.forced)
        }
        fn late_move_limit(&self, _depth: i32) -> usize {
            self.limit
        }
        fn refuted(&mut self, cell: Cell) -> bool {
            self.refuted.contains(&cell)
        }
        fn heeds_unfinished_iteration(&self) -> bool {
            self.heeds_unfinished
        }
    }

    #[test]
    fn a_refuted_root_move_is_passed_over_for_the_best_of_the_others() {
        assert_eq!(OneMove::new(&[10, 50, 30, 40], &[]).best(), 1);
        assert_eq!(OneMove::new(&[10, 50, 30, 40], &[1]).best(), 3);
        assert_eq!(OneMove::new(&[10, 50, 30, 40], &[1, 3]).best(), 2);
    }

    #[test]
    fn when_every_move_is_refuted_the_last_one_left_is_played() {
        // Refutations are only believed while another move is left.
        let best = OneMove::new(&[10, 50, 30, 40], &[0, 1, 2, 3]).best();
        assert!([0, 1, 2, 3].contains(&best));
        assert_eq!(OneMove::new(&[10, 50], &[1]).best(), 0);
        assert_eq!(OneMove::new(&[50], &[0]).best(), 0);
    }

    #[test]
    fn a_move_the_unfinished_iteration_saw_beat_the_last_choice_is_played_if_heeded() {
        let stopped_at = |deadline, heeds_unfinished| {
            // Move 0 is best at one ply, move 2 at two; the first iteration plays four moves,
            // the second plays 0 (the last choice), 1, then 2, then 3.
            let scores = &[50, 10, 30, 20];
            let deeper = vec![10, 5, 40, 20];
            let mut tree =
                OneMove { deeper, deadline, heeds_unfinished, ..OneMove::new(scores, &[]) };
            tree.best()
        };
        assert_eq!(stopped_at(usize::MAX, true), 2, "the second iteration finished");
        assert_eq!(stopped_at(8, true), 2, "stopped in move 3, after move 2 beat move 0");
        assert_eq!(stopped_at(8, false), 0, "the same, for a search that does not heed it");
        assert_eq!(stopped_at(7, true), 0, "stopped in move 2, whose score is not known");
        assert_eq!(stopped_at(6, true), 0, "stopped before any move beat move 0");
    }

    #[test]
    fn only_a_quiet_null_window_node_drops_its_late_moves() {
        let searched = |limit, forced, alpha, beta| {
            // Fourteen moves that all fail low: the root searches every one it may.
            let mut tree = OneMove { limit, forced, ..OneMove::new(&[-100; 14], &[]) };
            assert_eq!(tree.pvs(1, alpha, beta, 1), -100);
            tree.plays
        };
        assert_eq!(searched(7, false, 0, 1), 7, "a null window searches up to the limit");
        assert_eq!(searched(usize::MAX, false, 0, 1), 14);
        assert_eq!(searched(7, false, 0, 50), 14, "an open window searches every move");
        assert_eq!(searched(7, true, 0, 1), 14, "so does a node that answers a threat");
    }

    fn ordered(memory: &Memory, side: usize, ply: usize, stored_best: Option<Cell>) -> Vec<Cell> {
        let mut moves = Moves::new();
        (10..20).for_each(|cell| moves.push(cell, 0));
        memory.order(side, ply, stored_best, &mut moves);
        moves.iter().collect()
    }

    #[test]
    fn a_cutoff_teaches_the_killer_the_answer_to_the_move_before_and_the_history() {
        let mut memory = Memory::new(4);
        memory.line[..3].copy_from_slice(&[40, 41, 42]);
        memory.history[0][12] = 20;
        memory.history[0][13] = 3;
        // At ply 3 black answered white's 42 with 15, after 12 and 13 failed to cut off.
        memory.learn_cutoff(0, 3, 4, 15, [12, 13].into_iter());
        assert_eq!(memory.history[0][15], 16, "depth 4 counts 16");
        assert_eq!(memory.history[0][12], 4, "tried first in vain, it loses as much");
        assert_eq!(memory.history[0][13], 0, "and never falls below nothing");
        assert_eq!(memory.killers[3], [Some(15), None]);
        // Elsewhere in the tree (ply 1), after the same 42: 15 comes first.
        memory.line[0] = 42;
        assert_eq!(ordered(&memory, 0, 1, None)[..2], [15, 10]);
        // White learnt nothing, and after another move there is no answer to promote.
        assert_eq!(ordered(&memory, 1, 1, None)[0], 10);
        memory.line[0] = 41;
        assert_eq!(ordered(&memory, 0, 1, None)[0], 10);
        // The next search of the game keeps the answers and forgets the killers.
        memory.carry_over();
        memory.line[0] = 42;
        assert_eq!(ordered(&memory, 0, 1, None)[..2], [15, 10]);
        assert_eq!(memory.killers[3], [None, None]);
        assert_eq!(memory.history[0][15], 8);
    }

    #[test]
    fn the_table_move_goes_first_then_the_killers_then_the_answer_to_the_move_before() {
        let mut memory = Memory::new(4);
        memory.line[0] = 40;
        memory.learn_cutoff(1, 1, 2, 11, std::iter::empty());
        memory.learn_cutoff(1, 1, 2, 12, std::iter::empty());
        memory.line[1] = 50;
        memory.learn_cutoff(1, 2, 2, 13, std::iter::empty());
        // At ply 1 after 40: the counter move is 12 (the last to cut off there), the killers
        // 12 and 11.
        assert_eq!(ordered(&memory, 1, 1, Some(17))[..4], [17, 12, 11, 10]);
        // At ply 2 after 50: 13 is both the killer and the answer to 50, and comes once.
        assert_eq!(ordered(&memory, 1, 2, None)[..2], [13, 10]);
        memory.line[1] = 40;
        assert_eq!(ordered(&memory, 1, 2, None)[..3], [13, 12, 10]);
    }

    #[test]
    fn a_stored_win_keeps_its_distance_from_the_stored_position() {
        // Found at ply 3, winning at ply 7: four plies from the position. Met again at
        // ply 5, it wins at ply 9.
        assert_eq!(from_table(to_table(WIN - 7, 3), 5), WIN - 9);
        assert_eq!(from_table(to_table(-(WIN - 8), 4), 2), -(WIN - 6));
        assert_eq!(from_table(to_table(350, 4), 9), 350);
    }
}
