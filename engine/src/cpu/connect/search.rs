//! Negamax with alpha-beta (principal variation search), a transposition table and
//! iterative deepening: each finished iteration leaves a move ready, and the deadline is
//! asked every few thousand nodes. Proven results carry their distance, so a quicker win
//! (and a slower loss) scores better; with few empty cells the deepening simply reaches
//! the end of the game and the result is exact.

use super::board::{Board, Geometry, Slot, Verdict, winning_cells};
use super::evaluation::{LIMIT, evaluate};
use super::levels::{Blunders, Style};
use super::ordering::{MAX_PLY, Memory, Moves};
use super::solver::{self, Solver, Value};
use super::table::{Bound, Entry, Table};
use crate::cpu::{Deadline, SplitMix64};
use crate::{BoardGame, Connect, Seat};

/// A win on the next move; a win `n` plies later scores `n - 1` less.
pub(super) const WIN: i16 = 10_000;
/// Scores beyond this, either way, are proven results rather than estimates.
pub(super) const PROVEN: i16 = WIN - MAX_PLY as i16 - 2;
const INFINITY: i16 = WIN + 1;
/// Nodes between two questions to the deadline: cheap, and frequent enough to stop within
/// a millisecond.
const CHECK_EVERY: u64 = 256;
/// How deep the hard level looks before it tries to solve: a move ready if the solver runs
/// out of time, and the order the solver tries the root moves in. Twelve plies cost 15 % of
/// the nodes of solving the 110 stored 26-cell positions, eight cost 2 % and order them as
/// well (docs/PERFORMANCE.md).
const FALLBACK_DEPTH: u8 = 8;

// Heuristic scores must never be mistaken for proven ones.
const _: () = assert!(LIMIT < PROVEN as i32);

/// What a search found.
#[derive(Clone, Copy, Debug)]
pub(super) struct Report {
    pub(super) best: Slot,
    /// For the player to move.
    pub(super) score: i16,
    /// The deepest iteration finished, in plies.
    pub(super) depth: u8,
    pub(super) nodes: u64,
    /// The exact outcome for the player to move, when the solver finished.
    pub(super) outcome: Option<Value>,
}

/// Searches `position` (which must still be running) in the given style.
pub(super) fn think(
    position: &Connect,
    style: Style,
    seed: u64,
    deadline: &dyn Deadline,
) -> Option<Report> {
    let mut root_moves: Vec<Slot> = position.legal_moves().into_iter().map(Slot::of).collect();
    if root_moves.is_empty() {
        return None;
    }
    let geometry = Geometry::of(position.settings());
    let board = Board::of(position);
    let mut search = Search::new(position, geometry, style, deadline);

    // A move that wins now is played at every level, without searching.
    if let Some(&win) =
        root_moves.iter().find(|&&slot| board.after(&geometry, slot).1 == Verdict::Won)
    {
        return Some(Report {
            best: win,
            score: WIN - 1,
            depth: 1,
            nodes: 1,
            outcome: Some(solver::WIN),
        });
    }

    // Shuffled once, so that the stable sorts below break ties by the seed.
    let mut rng = SplitMix64::new(seed);
    for i in (1..root_moves.len()).rev() {
        // `i` is below 14, so both conversions are exact.
        let j = rng.below(i as u64 + 1) as usize;
        root_moves.swap(i, j);
    }

    match style.blunders {
        Some(blunders) => Some(search.pick_casually(board, &root_moves, style, blunders, &mut rng)),
        None => Some(search.play_hard(board, root_moves, style)),
    }
}

struct Search<'a> {
    geometry: Geometry,
    table: Table,
    memory: Memory,
    /// PopOut: every position from the start of the game to the node being searched, each
    /// seen by its player to move, to score a repetition as a draw.
    path: Vec<Board>,
    /// How many positions of the path fall in each bucket: a count below two proves that a
    /// position is not on the path twice, without a scan.
    buckets: Vec<u16>,
    nodes: u64,
    deadline: &'a dyn Deadline,
    /// Off during the first iteration, so that a move is always ready.
    may_stop: bool,
    stopped: bool,
}

impl std::fmt::Debug for Search<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search").field("nodes", &self.nodes).finish_non_exhaustive()
    }
}

const BUCKETS: usize = 1 << 10;

fn bucket(board: &Board) -> usize {
    let mixed = board.mine.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ board.theirs.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    // The top ten bits index the buckets.
    (mixed >> 54) as usize
}

impl<'a> Search<'a> {
    fn new(
        position: &Connect,
        geometry: Geometry,
        style: Style,
        deadline: &'a dyn Deadline,
    ) -> Search<'a> {
        let mut search = Search {
            geometry,
            table: Table::new(style.table_bits),
            memory: Memory::new(),
            path: Vec::new(),
            buckets: Vec::new(),
            nodes: 0,
            deadline,
            may_stop: false,
            stopped: false,
        };
        if geometry.pop_out {
            search.path.reserve(position.seen().len() + MAX_PLY);
            search.buckets = vec![0; BUCKETS];
            for (ply, discs) in position.seen().iter().enumerate() {
                let mover = if ply.is_multiple_of(2) { Seat::First } else { Seat::Second };
                search.enter(Board {
                    mine: discs[mover.index()],
                    theirs: discs[mover.opponent().index()],
                });
            }
        }
        search
    }

    fn enter(&mut self, board: Board) {
        if self.geometry.pop_out {
            self.path.push(board);
            self.buckets[bucket(&board)] += 1;
        }
    }

    fn leave(&mut self) {
        if let Some(board) = self.path.pop() {
            self.buckets[bucket(&board)] -= 1;
        }
    }

    /// Whether the last position of the path occurred before with the same player to move
    /// (an even number of plies back). Once is enough to call it a draw: the player who
    /// could avoid it did not, and repeating again reaches the rule's third time.
    fn repeats(&self) -> bool {
        let Some(now) = self.path.last() else { return false };
        if self.buckets[bucket(now)] < 2 {
            return false;
        }
        self.path.iter().rev().skip(2).step_by(2).any(|board| board == now)
    }

    /// The score of a move's result for the player who made it, at `ply` (the root's
    /// moves are at ply 0), when the game ends there.
    fn ended(verdict: Verdict, ply: usize) -> Option<i16> {
        let distance = ply as i16 + 1;
        match verdict {
            Verdict::Continues => None,
            Verdict::Won => Some(WIN - distance),
            Verdict::Lost => Some(distance - WIN),
            Verdict::Drawn => Some(0),
        }
    }

    /// The score of playing `slot` from `board` at `ply`, for the player who plays it.
    fn try_move(
        &mut self,
        board: Board,
        slot: Slot,
        depth: i32,
        (alpha, beta): (i16, i16),
        ply: usize,
        null_window_first: bool,
    ) -> i16 {
        let (child, verdict) = board.after(&self.geometry, slot);
        if let Some(score) = Search::ended(verdict, ply) {
            return score;
        }
        self.enter(child);
        let score = if null_window_first {
            let score = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
            if score > alpha && score < beta && !self.stopped {
                -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                score
            }
        } else {
            -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
        };
        self.leave();
        score
    }

    fn negamax(&mut self, board: Board, depth: i32, mut alpha: i16, beta: i16, ply: usize) -> i16 {
        self.nodes += 1;
        if self.may_stop && self.nodes.is_multiple_of(CHECK_EVERY) && self.deadline.is_past() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let geometry = self.geometry;
        if geometry.pop_out && self.repeats() {
            return 0;
        }
        let distance = ply as i16;
        let empty = geometry.frame & !board.occupied();
        let drops = board.drop_cells(&geometry);
        if winning_cells(board.mine, geometry.length) & drops != 0 {
            return WIN - distance - 1;
        }
        let pops = (0..7).filter(|&column| board.can_pop(&geometry, column)).map(Slot::pop);
        let mut moves = Moves::new();
        for pop in pops {
            if board.after(&geometry, pop).1 == Verdict::Won {
                return WIN - distance - 1;
            }
            moves.push(pop);
        }
        if ply + 2 >= MAX_PLY {
            return evaluate(&board, &geometry);
        }

        // The opponent's winning cells: one open to a drop must be filled, two cannot both
        // be (a pop might still change the grid), and a drop right below one hands it over.
        let their_wins = winning_cells(board.theirs, geometry.length) & empty;
        let forced = their_wins & drops;
        let mut options = match forced.count_ones() {
            0 => drops,
            1 => forced,
            _ => 0,
        };
        options &= !(their_wins >> 1);
        while options != 0 {
            let cell = options & options.wrapping_neg();
            options ^= cell;
            moves.push(Slot::drop(geometry.column_of(cell)));
        }
        if moves.len() == 0 {
            // Every move was pruned above: the opponent wins with their next one.
            let any_move = drops != 0 || !geometry.pop_out;
            return if any_move { distance + 2 - WIN } else { 0 };
        }

        let key = board.key(&geometry);
        let mut table_move = None;
        if let Some(entry) = self.table.get(key) {
            table_move = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        if depth <= 0 {
            return evaluate(&board, &geometry);
        }

        self.memory.order(&mut moves, &board, &geometry, ply, table_move);
        let alpha_before = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, slot) in moves.iter().enumerate() {
            let score = self.try_move(board, slot, depth, (alpha, beta), ply, i > 0);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(slot);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.memory.remember(ply, slot, depth);
                break;
            }
        }
        let bound = if best <= alpha_before {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // `depth` is positive and below MAX_PLY here.
        let depth = depth as u8;
        self.table.put(key, Entry { score: to_table(best, ply), depth, bound, best: best_move });
        best
    }

    /// The hard level: within reach of the end of the game (and without PopOut, whose games
    /// need not end), the solver's exact outcome decides which moves may be played, and
    /// deepening picks among them, the quickest win or the slowest loss when it proves one.
    /// A short deepening first leaves a move ready in case the solver runs out of time. The
    /// solver finds the outcome and one move that keeps it before anything else (all the
    /// goal needs); the other keepers, for the deepening to choose among, only with time left.
    fn play_hard(&mut self, board: Board, mut root_moves: Vec<Slot>, style: Style) -> Report {
        let empty_cells = (self.geometry.frame & !board.occupied()).count_ones();
        if self.geometry.pop_out || empty_cells > u32::from(style.exact_from) {
            return self.deepen(board, &mut root_moves, style.max_depth);
        }
        let fallback = self.deepen(board, &mut root_moves, FALLBACK_DEPTH);
        let mut solver = Solver::new(self.geometry, style.solver_bits, self.deadline);
        let solved = solver.best(board, &root_moves);
        let Some((value, keeper)) = solved else {
            self.nodes += solver.nodes;
            return Report { nodes: self.nodes, ..fallback };
        };
        let mut keepers = solver.keepers(board, &root_moves, (value, keeper));
        self.nodes += solver.nodes;
        let mut report = if keepers.len() == 1 {
            Report { best: keepers[0], nodes: self.nodes, ..fallback }
        } else {
            self.deepen(board, &mut keepers, style.max_depth)
        };
        if !keepers.contains(&report.best) {
            // Deepening only chooses among the keepers; this guards the solver's word.
            report.best = keepers[0];
        }
        report.outcome = Some(value);
        report
    }

    /// Iterative deepening over the root moves up to `max_depth`, best first from the
    /// previous iteration (`root_moves` is left in that order). A move proved to lose is
    /// never chosen while another is not, even when the deadline stops an iteration before
    /// it has searched the others at the new depth.
    fn deepen(&mut self, board: Board, root_moves: &mut Vec<Slot>, max_depth: u8) -> Report {
        let mut scores = vec![0i16; root_moves.len()];
        let mut lost = vec![false; root_moves.len()];
        // The ordering's favourite until an iteration finishes.
        let mut ordered = Moves::new();
        root_moves.iter().for_each(|&slot| ordered.push(slot));
        self.memory.order(&mut ordered, &board, &self.geometry, 0, None);
        *root_moves = ordered.iter().collect();
        let mut report =
            Report { best: root_moves[0], score: 0, depth: 0, nodes: 0, outcome: None };

        let empty_cells = (self.geometry.frame & !board.occupied()).count_ones();
        for depth in 1..=max_depth {
            let mut alpha = -INFINITY;
            let mut iteration_best = None;
            for (i, &slot) in root_moves.iter().enumerate() {
                let score =
                    self.try_move(board, slot, i32::from(depth), (alpha, INFINITY), 0, i > 0);
                if self.stopped {
                    break;
                }
                scores[i] = score;
                // A score below -PROVEN is an upper bound at worst: the move loses.
                lost[i] |= score < -PROVEN;
                if score > alpha {
                    alpha = score;
                    iteration_best = Some((i, slot));
                }
            }
            // A stopped iteration still counts once its first move (the previous best) is
            // searched: anything it found better was searched in full. But if that first move
            // was just proved to lose, the next unrefuted one in the previous order is better
            // than a certain loss.
            if let Some((i, best)) = iteration_best {
                let unrefuted = lost[i].then(|| lost.iter().position(|&lost| !lost)).flatten();
                if let (true, Some(j)) = (self.stopped, unrefuted) {
                    report.best = root_moves[j];
                    report.score = scores[j];
                } else {
                    report.best = best;
                    report.score = alpha;
                }
                if !self.stopped {
                    report.depth = depth;
                }
            }
            if self.stopped {
                break;
            }
            self.may_stop = true;
            let solved = !self.geometry.pop_out && u32::from(depth) >= empty_cells;
            if alpha.abs() > PROVEN || solved {
                break;
            }
            // Best first for the next iteration; the sort is stable, keeping the seed's order
            // among equals.
            let mut triples: Vec<(Slot, i16, bool)> = root_moves
                .iter()
                .zip(scores.iter().zip(lost.iter()))
                .map(|(&slot, (&score, &lost))| (slot, score, lost))
                .collect();
            triples.sort_by_key(|&(slot, score, _)| (slot != report.best, -score));
            *root_moves = triples.iter().map(|&(slot, _, _)| slot).collect();
            scores = triples.iter().map(|&(_, score, _)| score).collect();
            lost = triples.iter().map(|&(_, _, lost)| lost).collect();
        }
        report.nodes = self.nodes;
        report
    }

    /// The easy and normal levels: every root move searched with a full window, deeper and
    /// deeper until the level's depth or the deadline, then a seeded pick among the moves
    /// that do not lose by force, sometimes a weak one.
    fn pick_casually(
        &mut self,
        board: Board,
        root_moves: &[Slot],
        style: Style,
        blunders: Blunders,
        rng: &mut SplitMix64,
    ) -> Report {
        let mut scored: Vec<(Slot, i16)> = Vec::new();
        let mut finished = 0;
        for depth in 1..=style.max_depth {
            let window = (-INFINITY, INFINITY);
            let iteration: Vec<(Slot, i16)> = root_moves
                .iter()
                .map(|&slot| (slot, self.try_move(board, slot, i32::from(depth), window, 0, false)))
                .collect();
            if self.stopped {
                break;
            }
            scored = iteration;
            finished = depth;
            self.may_stop = true;
        }
        let best = scored.iter().map(|&(_, score)| score).max().unwrap_or(0);
        let safe: Vec<(Slot, i16)> =
            scored.iter().copied().filter(|&(_, score)| score > -PROVEN).collect();
        let candidates: Vec<(Slot, i16)> = if safe.is_empty() || best > PROVEN {
            scored.iter().copied().filter(|&(_, score)| score == best).collect()
        } else if rng.below(100) < blunders.percent_any {
            safe
        } else {
            safe.into_iter().filter(|&(_, score)| score >= best - blunders.margin).collect()
        };
        // The first iteration always finishes, so `candidates` holds at least the best move.
        let (best_move, score) = candidates[rng.below(candidates.len() as u64) as usize];
        Report { best: best_move, score, depth: finished, nodes: self.nodes, outcome: None }
    }
}

/// Proven scores count plies from the root; the table stores them from the node, so that
/// another path to it reads them right.
fn to_table(score: i16, ply: usize) -> i16 {
    let ply = ply as i16;
    if score > PROVEN {
        score + ply
    } else if score < -PROVEN {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i16, ply: usize) -> i16 {
    let ply = ply as i16;
    if score > PROVEN {
        score - ply
    } else if score < -PROVEN {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ConnectSettings;
    use crate::cpu::{Level, Unlimited};

    fn search_of(position: &Connect) -> Search<'static> {
        let geometry = Geometry::of(position.settings());
        Search::new(position, geometry, Style::of(Level::Easy), &Unlimited)
    }

    #[test]
    fn a_position_seen_before_with_the_same_player_to_move_repeats() {
        let settings = ConnectSettings::classic().with_pop_out(true);
        let mut position = Connect::start(settings);
        for text in ["1", "2", "p1"] {
            let mv = position.parse_move(text).expect("a move");
            position = position.play(mv).expect("a legal move");
        }
        // Only yellow's disc in column 2, yellow to move: new.
        assert!(!search_of(&position).repeats());
        let pop = position.parse_move("p2").expect("a move");
        // The empty grid with red to move, as at the start.
        let position = position.play(pop).expect("a legal move");
        assert!(search_of(&position).repeats());
    }
}
