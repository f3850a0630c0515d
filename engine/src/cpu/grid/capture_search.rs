//! The search of the capture games (ninuki, pente): the grid games' principal-variation
//! search (`pvs`) and gomoku's victory by continuous fours, on a board where stones come
//! off. A win in one is a five or the tenth taken stone; a four is no sure thing, since a
//! capture can break it, so every threat is answered by every move that removes it.

use super::board::Kind;
use super::candidates::Moves;
use super::capture_candidates::{Situation, generate};
use super::capture_evaluation::evaluate;
use super::capture_levels::CaptureParams;
use super::capture_threats::ThreatMemo;
use super::captures::CaptureBoard;
use super::cells::{Cell, CellSet, cell_of, point_of};
use super::pvs::{DECIDED, INFINITY, MAX_PLY, Memory, Pvs, WIN};
use super::rules::GridRules;
use super::search::GridAnalysis;
use crate::cpu::{SplitMix64, Think};
use crate::{Board, Point, Stone};

/// The deadline is asked once every this many nodes: a node here can cost tens of
/// microseconds (answers are tried on the board), and easy has only 50 ms.
const CHECK_EVERY: u64 = 32;
/// Beyond this ply, open threes at the horizon are left to the evaluation.
const QUIESCENCE_PLY: usize = 16;

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
    GridAnalysis { best, nodes: searcher.nodes, hopeless: None }
}

pub(crate) struct CaptureSearcher<'a> {
    pub(crate) board: CaptureBoard,
    pub(crate) params: CaptureParams,
    think: Think<'a>,
    random: SplitMix64,
    nodes: u64,
    pub(crate) stopped: bool,
    memory: Memory,
    pub(crate) memo: ThreatMemo,
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
            memory: Memory::new(params.table_bits),
            memo: ThreatMemo::new(),
        }
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
            && let Some(found) = self.threat_root(self.params.own_vcf, root)
        {
            // The first win found is often a long detour: look for shorter ones, one threat
            // at a time, only once a win is known.
            for depth in 1..self.params.own_vcf {
                if let Some(win) = self.threat_root(depth, root) {
                    return Some(win);
                }
                if self.stopped {
                    break;
                }
            }
            return Some(found);
        }
        let mut moves = Moves::new();
        let side = usize::from(me == Stone::White);
        let situation =
            generate(&mut self.board, self.params.width, &self.memory.history[side], &mut moves);
        moves.retain(|cell| root.contains(cell));
        if moves.is_empty() {
            // Lost anyway, or nothing near is legal (pente's second white stone): the legal
            // points in order of their worth.
            for cell in root.iter() {
                let reading = |stone| self.board.grid.reading(cell, stone).value();
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
        Some(self.deepen(&mut moves).0)
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

    /// Whether the opponent, the side that just played, has an open three to stop.
    fn open_three_against(&self) -> bool {
        let opponent = self.board.to_move().opponent();
        let grid = &self.board.grid;
        grid.set(opponent, Kind::OpenFour).iter().any(|c| grid.allowed(c, opponent))
    }
}

impl Pvs for CaptureSearcher<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && self.nodes.is_multiple_of(CHECK_EVERY) && self.think.deadline.is_past()
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn stopped(&self) -> bool {
        self.stopped
    }

    fn max_depth(&self) -> i32 {
        self.params.max_depth
    }

    fn memory(&mut self) -> &mut Memory {
        &mut self.memory
    }

    fn play(&mut self, cell: Cell) {
        self.board.play(cell);
    }

    fn undo(&mut self, cell: Cell) {
        self.board.undo(cell);
    }

    fn key(&self) -> u64 {
        self.board.hash()
    }

    fn side(&self) -> usize {
        usize::from(self.board.to_move() == Stone::White)
    }

    fn settled(&mut self, depth: i32, ply: usize) -> Option<i32> {
        let me = self.board.to_move();
        let opponent = me.opponent();
        if self.board.wins_in_one(me) {
            return Some(WIN - i32::try_from(ply).unwrap_or(0));
        }
        if self.board.grid.is_full() {
            return Some(0);
        }
        // At the horizon, a win in one to answer or an open three to stop is still played
        // out: a quiet evaluation would not see that it loses.
        let forced =
            self.board.wins_in_one(opponent) || (ply < QUIESCENCE_PLY && self.open_three_against());
        if (depth <= 0 && !forced) || ply >= MAX_PLY - 1 {
            return Some(evaluate(&self.board));
        }
        None
    }

    fn candidates(&mut self, side: usize, ply: usize, moves: &mut Moves) -> Result<bool, i32> {
        let situation =
            generate(&mut self.board, self.params.width, &self.memory.history[side], moves);
        let answer = situation == Situation::Answer;
        if moves.is_empty() {
            // A win in one that nothing answers is lost; otherwise no point may be played.
            return Err(if answer { -(WIN - i32::try_from(ply).unwrap_or(0) - 1) } else { 0 });
        }
        Ok(answer)
    }

    fn late_reduction(&self, depth: i32, index: usize) -> i32 {
        self.params.pruning.reduction(depth, index)
    }

    fn late_move_limit(&self, depth: i32) -> usize {
        self.params.pruning.move_limit(depth)
    }

    /// Reverse futility pruning as gomoku's hard level does it, never against a win in one
    /// or an open three of the opponent's; the evaluation counts the captures on offer.
    fn futile(&mut self, depth: i32, beta: i32) -> Option<i32> {
        let opponent = self.board.to_move().opponent();
        let threatened = || self.open_three_against() || self.board.wins_in_one(opponent);
        self.params.pruning.futile(depth, beta, threatened, || evaluate(&self.board))
    }
}
