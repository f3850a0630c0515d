//! The search of the capture games (ninuki, pente): gomoku's principal-variation search with
//! iterative deepening and its victory by continuous fours, on a board where stones come
//! off. A win in one is a five or the tenth taken stone; a four is no sure thing, since a
//! capture can break it, so every threat is answered by every move that removes it.

use super::board::Kind;
use super::candidates::Moves;
use super::capture_candidates::{Situation, generate};
use super::capture_evaluation::evaluate;
use super::capture_levels::CaptureParams;
use super::capture_threats::ThreatMemo;
use super::captures::CaptureBoard;
use super::cells::{CELLS, Cell, CellSet, cell_of, point_of};
use super::rules::GridRules;
use super::search::GridAnalysis;
use super::table::{Bound, Entry, TranspositionTable};
use crate::cpu::{SplitMix64, Think};
use crate::{Board, Point, Stone};

/// A won position's score, less the plies needed to win.
const WIN: i32 = 1_000_000;
/// Scores past this are wins or losses found by the search.
const DECIDED: i32 = WIN - 1000;
const INFINITY: i32 = WIN + 1;
/// The deadline is asked once every this many nodes: a node here can cost tens of
/// microseconds (answers are tried on the board), and easy has only 50 ms.
const CHECK_EVERY: u64 = 32;
/// Beyond this ply, open threes at the horizon are left to the evaluation.
const QUIESCENCE_PLY: usize = 16;
const MAX_PLY: usize = 64;

/// The move the computer plays as `to_move` in a capture game (`rules.captures`), black
/// having taken `captured[0]` stones and white `captured[1]`, with the count of positions
/// visited. `best` is `None` only when no point is left.
///
/// The pente opening rules are not known to a bare board: the pente player asks the
/// position for its legal points and passes them on.
#[must_use]
pub fn capture_analysis(
    board: &Board,
    to_move: Stone,
    captured: [u16; 2],
    rules: &GridRules,
    think: Think<'_>,
) -> GridAnalysis {
    capture_choice(board, to_move, captured, rules, None, think)
}

/// [`capture_analysis`] with the root moves limited to `legal` when given.
pub(crate) fn capture_choice(
    board: &Board,
    to_move: Stone,
    captured: [u16; 2],
    rules: &GridRules,
    legal: Option<&[Point]>,
    think: Think<'_>,
) -> GridAnalysis {
    let mut root = CellSet::default();
    match legal {
        Some(points) => points.iter().for_each(|&point| root.insert(cell_of(point))),
        None => board.empty_points().for_each(|point| root.insert(cell_of(point))),
    }
    let mut searcher = CaptureSearcher::new(board, to_move, captured, *rules, think);
    let best = searcher.choose(&root).map(point_of);
    GridAnalysis { best, nodes: searcher.nodes }
}

pub(crate) struct CaptureSearcher<'a> {
    pub(crate) board: CaptureBoard,
    pub(crate) params: CaptureParams,
    think: Think<'a>,
    random: SplitMix64,
    nodes: u64,
    pub(crate) stopped: bool,
    table: TranspositionTable,
    pub(crate) memo: ThreatMemo,
    killers: [[Option<Cell>; 2]; MAX_PLY],
    history: Box<[[u32; CELLS]; 2]>,
}

impl<'a> CaptureSearcher<'a> {
    pub(crate) fn new(
        board: &Board,
        to_move: Stone,
        captured: [u16; 2],
        rules: GridRules,
        think: Think<'a>,
    ) -> CaptureSearcher<'a> {
        let params = CaptureParams::of(think.level);
        CaptureSearcher {
            board: CaptureBoard::new(board, to_move, captured, rules),
            params,
            think,
            random: SplitMix64::new(think.seed),
            nodes: 0,
            stopped: false,
            table: TranspositionTable::new(params.table_bits),
            memo: ThreatMemo::new(),
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[0; CELLS]; 2]),
        }
    }

    /// Counts a node; true once the deadline has passed (and from then on).
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && self.nodes.is_multiple_of(CHECK_EVERY) && self.think.deadline.is_past()
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The move to play among the `root` points, by the rules of the level.
    fn choose(&mut self, root: &CellSet) -> Option<Cell> {
        if root.len() <= 1 {
            return root.first();
        }
        let me = self.board.to_move();
        if let Some(five) = self.board.grid.set(me, Kind::Five).iter().find(|&c| root.contains(c)) {
            return Some(five);
        }
        if let Some(take) = self.board.capture_win(me).filter(|&cell| root.contains(cell)) {
            return Some(take);
        }
        if self.params.own_vcf > 0
            && let Some(win) = self.threat_root(self.params.own_vcf, root)
        {
            return Some(win);
        }
        let mut moves = Moves::new();
        let side = usize::from(me == Stone::White);
        let situation =
            generate(&mut self.board, self.params.width, &self.history[side], &mut moves);
        moves.retain(|cell| root.contains(cell));
        if moves.is_empty() {
            // Lost anyway, or nothing near is legal (pente's second white stone): the legal
            // points in order of their worth.
            for cell in root.iter() {
                let reading = |stone| self.board.grid.reading(cell, stone).value;
                moves.push(cell, reading(me) + reading(me.opponent()));
            }
            moves.sort();
            moves.truncate(self.params.width);
        }
        if situation == Situation::Free && self.params.opponent_vcf {
            self.defend_against_vcf(&mut moves);
        }
        if moves.len() == 1 {
            return Some(moves.get(0));
        }
        if self.params.noise > 0 {
            return Some(self.noisy_choice(&moves));
        }
        Some(self.deepen(&mut moves))
    }

    /// When the opponent, given a free move, would win by continuous fours, keeps only the
    /// moves after which it no longer can (all of them if none does).
    fn defend_against_vcf(&mut self, moves: &mut Moves) {
        self.board.pass();
        let threat = self.threat_win(self.params.own_vcf);
        self.board.pass();
        if !threat || self.stopped {
            return;
        }
        let mut safe = Moves::new();
        for cell in moves.iter() {
            self.board.play(cell);
            let loses = self.threat_win(self.params.own_vcf);
            self.board.undo(cell);
            if self.stopped {
                return;
            }
            if !loses {
                safe.push(cell, 0);
            }
        }
        if !safe.is_empty() {
            moves.retain(|cell| safe.contains(cell));
        }
    }

    /// The easy level: a shallow look at each move, then a random pick among the best few.
    fn noisy_choice(&mut self, moves: &Moves) -> Cell {
        let depth = self.params.max_depth - 1;
        let mut scored: Vec<(Cell, i32)> = Vec::with_capacity(moves.len());
        for cell in moves.iter() {
            self.board.play(cell);
            let score = -self.pvs(depth, -INFINITY, INFINITY, 1);
            self.board.undo(cell);
            if self.stopped && !scored.is_empty() {
                break;
            }
            scored.push((cell, score));
        }
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        let best = scored[0].1;
        let close: Vec<Cell> = scored
            .iter()
            .take(3)
            .filter(|&&(_, score)| {
                score >= best - self.params.noise && (score > -DECIDED || best <= -DECIDED)
            })
            .map(|&(cell, _)| cell)
            .collect();
        close[self.random.below(close.len() as u64) as usize]
    }

    /// Iterative deepening over the root moves; the best move of the last finished iteration
    /// (the first move, best by ordering, if none finished).
    fn deepen(&mut self, moves: &mut Moves) -> Cell {
        let mut best = moves.get(0);
        for depth in 1..=self.params.max_depth {
            let mut alpha = -INFINITY;
            let mut iteration_best = best;
            for index in 0..moves.len() {
                let cell = moves.get(index);
                self.board.play(cell);
                let score = if index == 0 {
                    -self.pvs(depth - 1, -INFINITY, -alpha, 1)
                } else {
                    let probe = -self.pvs(depth - 1, -alpha - 1, -alpha, 1);
                    if probe > alpha && !self.stopped {
                        -self.pvs(depth - 1, -INFINITY, -alpha, 1)
                    } else {
                        probe
                    }
                };
                self.board.undo(cell);
                if self.stopped {
                    break;
                }
                if score > alpha {
                    alpha = score;
                    iteration_best = cell;
                }
            }
            if self.stopped {
                break;
            }
            best = iteration_best;
            moves.promote(best);
            if alpha.abs() >= DECIDED {
                break;
            }
        }
        best
    }

    /// The score of the position for the side to move, searched `depth` plies deep.
    fn pvs(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        let me = self.board.to_move();
        let opponent = me.opponent();
        let ply_score = i32::try_from(ply).unwrap_or(0);
        if self.board.wins_in_one(me) {
            return WIN - ply_score;
        }
        if self.board.grid.is_full() {
            return 0;
        }
        // At the horizon, a win in one to answer or an open three to stop is still played
        // out: a quiet evaluation would not see that it loses.
        let forced = self.board.wins_in_one(opponent)
            || (ply < QUIESCENCE_PLY
                && self
                    .board
                    .grid
                    .set(opponent, Kind::OpenFour)
                    .iter()
                    .any(|c| self.board.grid.allowed(c, opponent)));
        if (depth <= 0 && !forced) || ply >= MAX_PLY - 1 {
            return evaluate(&self.board);
        }
        let key = self.board.hash();
        let stored = self.table.probe(key);
        if let Some(entry) = stored
            && entry.depth >= depth
        {
            match entry.bound {
                Bound::Exact => return entry.score,
                Bound::Lower if entry.score >= beta => return entry.score,
                Bound::Upper if entry.score <= alpha => return entry.score,
                _ => {}
            }
        }
        let side = usize::from(me == Stone::White);
        let mut moves = Moves::new();
        let situation =
            generate(&mut self.board, self.params.width, &self.history[side], &mut moves);
        if moves.is_empty() {
            return if situation == Situation::Answer { -(WIN - ply_score - 1) } else { 0 };
        }
        for killer in self.killers[ply].iter().rev().flatten() {
            moves.promote(*killer);
        }
        if let Some(best) = stored.and_then(|entry| entry.best) {
            moves.promote(best);
        }
        // A forced answer costs no depth: the line it answers is still being played out.
        let next = if situation == Situation::Answer { depth } else { (depth - 1).max(0) };
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for index in 0..moves.len() {
            let cell = moves.get(index);
            self.board.play(cell);
            let score = if index == 0 {
                -self.pvs(next, -beta, -alpha, ply + 1)
            } else {
                let probe = -self.pvs(next, -alpha - 1, -alpha, ply + 1);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.pvs(next, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            self.board.undo(cell);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(cell);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                let killers = &mut self.killers[ply];
                if killers[0] != Some(cell) {
                    killers[1] = killers[0];
                    killers[0] = Some(cell);
                }
                let bonus = u32::try_from(depth.max(1) * depth.max(1)).unwrap_or(1);
                self.history[side][cell] = self.history[side][cell].saturating_add(bonus);
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
        self.table.store(Entry { key, depth, score: best_score, bound, best: best_move });
        best_score
    }
}
