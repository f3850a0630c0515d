//! The main search of gomoku and renju: the shared principal-variation search (`pvs`) on
//! their board, after the threat searches have had their say.

use super::board::{Kind, SearchBoard};
use super::candidates::{Moves, Situation, UNLEARNT, generate};
use super::carried;
use super::cells::{Cell, point_of};
use super::evaluation::evaluate;
use super::levels::Params;
use super::pvs::{DECIDED, INFINITY, MAX_PLY, Memory, Pvs, WIN};
use super::rules::GridRules;
use super::threats::{ThreatMemo, ThreatSpace};
use crate::cpu::{Deadline, Hopeless, SplitMix64, Think};
use crate::{Board, Point, Stone};

/// The deadline is asked once every this many nodes: a node with its move generation costs a
/// few microseconds, so the search notices a passed deadline within a fraction of a
/// millisecond, well inside a tenth of even a 10 ms budget.
const CHECK_EVERY: u64 = 32;
/// Beyond this ply, open threes at the horizon are left to the evaluation.
const QUIESCENCE_PLY: usize = 24;
/// How many of its best-looking moves the easy level picks from.
const NOISY_CHOICES: usize = 4;

/// The move the computer plays as `to_move` on `board` under `rules`, or `None` when no
/// point is left that it may play. Returns by `think.deadline` with the best move found.
///
/// This is the search behind gomoku's and renju's computer players, open to callers that
/// hold a bare board (a Gomocup brain, analysis tools).
#[must_use]
pub fn grid_move(
    board: &Board,
    to_move: Stone,
    rules: &GridRules,
    think: Think<'_>,
) -> Option<Point> {
    grid_analysis(board, to_move, rules, think).best
}

/// What a search found, and how much it looked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridAnalysis {
    /// The move to play; still the least bad one when the position is hopeless, so that a
    /// caller that must play on (a Gomocup brain) can.
    pub best: Option<Point>,
    /// Positions visited (main search and threat searches), for speed measurements.
    pub nodes: u64,
    /// Set when the search proved that the side to move loses whatever it plays, and why: the
    /// bot may resign. Only the hard level looks far enough to say so.
    pub hopeless: Option<Hopeless>,
}

/// [`grid_move`] with the count of positions visited. Under capture rules it is
/// [`crate::cpu::capture_analysis`] with no stone taken yet.
#[must_use]
pub fn grid_analysis(
    board: &Board,
    to_move: Stone,
    rules: &GridRules,
    think: Think<'_>,
) -> GridAnalysis {
    if rules.captures {
        return super::capture_search::capture_analysis(board, to_move, [0, 0], rules, think);
    }
    let memory = carried::take(board, *rules, [0, 0], Params::of(think.level).table_bits);
    let search_board = SearchBoard::new(board, to_move, *rules);
    let mut searcher = Searcher::with_memory(search_board, think, memory);
    let best = searcher.choose().map(point_of);
    let analysis = GridAnalysis { best, nodes: searcher.nodes(), hopeless: searcher.hopeless };
    carried::keep(board, *rules, [0, 0], searcher.memory);
    analysis
}

/// The first move of a win by continuous fours (VCF) for `to_move` within `max_fours` fours,
/// the opponent's answers included (a four whose answer is forbidden to black wins). The
/// search stops early when `deadline` passes, and then finds nothing.
#[must_use]
pub fn find_vcf(
    board: &Board,
    to_move: Stone,
    rules: &GridRules,
    max_fours: u32,
    deadline: &dyn Deadline,
) -> GridAnalysis {
    let think = Think { level: crate::cpu::Level::Hard, seed: 0, deadline };
    let mut searcher = Searcher::new(board, to_move, *rules, think);
    let best = searcher.threat_root(ThreatSpace::Fours, max_fours).map(point_of);
    GridAnalysis { best, nodes: searcher.nodes(), hopeless: None }
}

/// One search: the board, what it learnt, and when to stop.
pub(crate) struct Searcher<'a> {
    pub(crate) board: Box<SearchBoard>,
    pub(crate) params: Params,
    deadline: &'a dyn Deadline,
    random: SplitMix64,
    nodes: u64,
    stopped: bool,
    /// Threat searches give up once the node count reaches this, so that a wide VCT leaves
    /// the main search its share of the time.
    threat_limit: u64,
    memory: Memory,
    pub(crate) memo: ThreatMemo,
    /// What `choose` proved about a lost position.
    hopeless: Option<Hopeless>,
}

impl std::fmt::Debug for Searcher<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("params", &self.params)
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        board: &Board,
        to_move: Stone,
        rules: GridRules,
        think: Think<'a>,
    ) -> Searcher<'a> {
        Searcher::on(SearchBoard::new(board, to_move, rules), think)
    }

    /// A search of `board` as it was built, whichever values it evaluates by.
    pub(crate) fn on(board: Box<SearchBoard>, think: Think<'a>) -> Searcher<'a> {
        let memory = Memory::new(Params::of(think.level).table_bits);
        Searcher::with_memory(board, think, memory)
    }

    /// A search that starts from what `memory` has learnt.
    fn with_memory(board: Box<SearchBoard>, think: Think<'a>, memory: Memory) -> Searcher<'a> {
        let params = Params::of(think.level);
        Searcher {
            board,
            params,
            deadline: think.deadline,
            random: SplitMix64::new(think.seed),
            nodes: 0,
            stopped: false,
            threat_limit: u64::MAX,
            memory,
            memo: ThreatMemo::new(),
            hopeless: None,
        }
    }

    /// Counts a threat-search node; true once the deadline or the threat search's node limit
    /// has passed.
    pub(crate) fn threat_tick(&mut self) -> bool {
        self.tick() || self.nodes >= self.threat_limit
    }

    /// Whether the current threat search has given up (its answer is then "none found").
    pub(crate) fn threat_given_up(&self) -> bool {
        self.stopped || self.nodes >= self.threat_limit
    }

    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The move to play, by the rules of the level.
    pub(crate) fn choose(&mut self) -> Option<Cell> {
        let me = self.board.to_move();
        let opponent = me.opponent();
        if let Some(five) = self.board.set(me, Kind::Five).first() {
            return Some(five);
        }
        let blocks = *self.board.set(opponent, Kind::Five);
        if !blocks.is_empty() && self.params.opponent_vcf {
            let blockable = blocks.len() == 1 && blocks.iter().all(|b| self.board.allowed(b, me));
            if !blockable {
                self.hopeless = Some(Hopeless::OpponentFourUnblockable);
            }
        }
        if let Some(block) = blocks.iter().find(|&cell| self.board.allowed(cell, me)) {
            return Some(block);
        }
        if !blocks.is_empty() {
            // The only block is forbidden to black: lost, but a stone that looks like play
            // rather than a far corner.
            return self.least_absurd();
        }
        let open_four =
            self.board.set(me, Kind::OpenFour).iter().find(|&c| self.board.allowed(c, me));
        if open_four.is_some() {
            return open_four;
        }
        if self.params.own_vcf > 0
            && let Some(win) = self.shortest_threat_win(ThreatSpace::Fours, self.params.own_vcf)
        {
            return Some(win);
        }
        let mut moves = Moves::new();
        let width = if self.params.opponent_vcf { usize::MAX } else { self.params.width };
        generate(&mut self.board, width, &UNLEARNT, &mut moves);
        let threatened = self.params.opponent_vcf && self.defend_against_vcf(&mut moves);
        if !threatened && self.params.own_vct > 0 {
            self.threat_limit = self.nodes.saturating_add(self.params.vct_nodes);
            let win = self.deepening_threat_win(ThreatSpace::FoursAndThrees, self.params.own_vct);
            self.threat_limit = u64::MAX;
            if win.is_some() {
                return win;
            }
        }
        moves.truncate(self.params.root_width.max(if threatened { usize::MAX } else { 0 }));
        if moves.is_empty() {
            return self.any_allowed();
        }
        if self.params.noise > 0 {
            return Some(self.noisy_choice(&moves));
        }
        Some(self.deepen(&mut moves).0)
    }

    /// The first move of the shortest threat win within `most` threats, give or take one.
    /// The first win found is often a long detour; once one is known, shorter ones are looked
    /// for one threat at a time, so positions without a win pay for one search only. The
    /// first win's move is kept when it wins within one threat more than the shortest: its
    /// threats came first in the search's order, the strongest.
    fn shortest_threat_win(&mut self, space: ThreatSpace, most: u32) -> Option<Cell> {
        let found = self.threat_root(space, most)?;
        for depth in 1..most {
            if let Some(win) = self.threat_root(space, depth) {
                if win != found && self.wins_by(found, space, depth + 1) {
                    return Some(found);
                }
                return Some(win);
            }
            if self.threat_given_up() {
                break;
            }
        }
        Some(found)
    }

    /// The first move of the shortest threat win within `most` threats, looked for one threat
    /// more at a time until the node limit: searched to its full depth at once, a wide VCT
    /// spends its nodes on the first threats' long lines and gives up before the others.
    fn deepening_threat_win(&mut self, space: ThreatSpace, most: u32) -> Option<Cell> {
        for depth in 1..=most {
            if let Some(win) = self.threat_root(space, depth) {
                return Some(win);
            }
            if self.threat_given_up() {
                break;
            }
        }
        None
    }

    /// Whether the threat on `cell` wins within `depth` threats.
    fn wins_by(&mut self, cell: Cell, space: ThreatSpace, depth: u32) -> bool {
        self.board.play(cell);
        let wins = self.defend(space, depth - 1);
        self.board.undo(cell);
        wins && !self.threat_given_up()
    }

    /// The allowed point best for attack and defence together, for a lost position.
    fn least_absurd(&self) -> Option<Cell> {
        let me = self.board.to_move();
        let worth = |cell: Cell| {
            self.board.reading(cell, me).value() + self.board.reading(cell, me.opponent()).value()
        };
        let near = self.board.near().iter().filter(|&cell| self.board.allowed(cell, me));
        near.max_by_key(|&cell| (worth(cell), std::cmp::Reverse(cell)))
            .or_else(|| self.any_allowed())
    }

    /// The value of the position for the side to move by a search of at most `depth` plies
    /// (no threat search), for opening decisions.
    pub(crate) fn value(&mut self, depth: i32) -> i32 {
        let mut moves = Moves::new();
        generate(&mut self.board, self.params.width, &UNLEARNT, &mut moves);
        if moves.is_empty() {
            return evaluate(&self.board);
        }
        self.params.max_depth = depth;
        self.deepen(&mut moves).1.unwrap_or_else(|| evaluate(&self.board))
    }

    /// When the opponent, given a free move, would win by continuous fours, keeps only the
    /// moves after which it no longer can (all of them if none does). True if threatened.
    fn defend_against_vcf(&mut self, moves: &mut Moves) -> bool {
        self.board.pass();
        let threat = self.threat_win(ThreatSpace::Fours, self.params.own_vcf);
        self.board.pass();
        if !threat || self.stopped {
            return false;
        }
        let mut safe = Moves::new();
        for cell in moves.iter() {
            self.board.play(cell);
            let loses = self.threat_win(ThreatSpace::Fours, self.params.own_vcf);
            self.board.undo(cell);
            if self.stopped {
                return true;
            }
            if !loses {
                safe.push(cell, 0);
            }
        }
        if safe.is_empty() {
            self.hopeless = Some(Hopeless::ForcedLoss);
        } else {
            moves.retain(|cell| safe.contains(cell));
        }
        true
    }

    /// Any point the side to move may play, for the rare position where no candidate is left.
    fn any_allowed(&self) -> Option<Cell> {
        let me = self.board.to_move();
        let board = self.board.board();
        board.empty_points().map(super::cells::cell_of).find(|&cell| self.board.allowed(cell, me))
    }

    /// The easy level: a shallow look at each move, then a random pick among the best few
    /// within `noise` of the best (a beginner sees what a move does at once, not what it leads
    /// to), but never a move that loses by force when another does not.
    fn noisy_choice(&mut self, moves: &Moves) -> Cell {
        let depth = self.params.max_depth - 1;
        let mut scored = Vec::with_capacity(moves.len());
        for cell in moves.iter() {
            self.board.play(cell);
            let score = -self.pvs(depth, -INFINITY, INFINITY, 1);
            self.board.undo(cell);
            if self.stopped {
                break;
            }
            scored.push((cell, score));
        }
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        let Some(&(top, best)) = scored.first() else { return moves.get(0) };
        let close: Vec<Cell> = scored
            .iter()
            .take(NOISY_CHOICES)
            .filter(|&&(_, score)| {
                score >= best - self.params.noise && (score > -DECIDED || best <= -DECIDED)
            })
            .map(|&(cell, _)| cell)
            .collect();
        let pick = self.random.below(close.len() as u64) as usize;
        close.get(pick).copied().unwrap_or(top)
    }

    /// Whether the opponent has an open three: a point where it would make a straight four.
    fn open_three_against(&self) -> bool {
        let opponent = self.board.to_move().opponent();
        self.board.set(opponent, Kind::OpenFour).iter().any(|c| self.board.allowed(c, opponent))
    }
}

impl Pvs for Searcher<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && self.nodes.is_multiple_of(CHECK_EVERY) && self.deadline.is_past() {
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
        let ply_score = i32::try_from(ply).unwrap_or(0);
        if !self.board.set(me, Kind::Five).is_empty() {
            return Some(WIN - ply_score);
        }
        let fives = *self.board.set(opponent, Kind::Five);
        if fives.len() >= 2 {
            return Some(-(WIN - ply_score - 1));
        }
        if let Some(block) = fives.first() {
            if !self.board.allowed(block, me) {
                return Some(-(WIN - ply_score - 1));
            }
        } else if self.board.set(me, Kind::OpenFour).iter().any(|c| self.board.allowed(c, me)) {
            return Some(WIN - ply_score - 2);
        }
        if self.board.is_full() {
            return Some(0);
        }
        // At the horizon, a five to block or an open three to stop is still played out: a
        // quiet evaluation would not see that it loses.
        let forced = !fives.is_empty() || (ply < QUIESCENCE_PLY && self.open_three_against());
        if (depth <= 0 && !forced) || ply >= MAX_PLY - 1 {
            return Some(evaluate(&self.board));
        }
        None
    }

    /// The hard level's reverse futility pruning: one or two plies from the horizon, away
    /// from the opponent's threats, a position whose static value beats `beta` by a margin a
    /// ply left is taken to fail high. The opponent's last move or two could not bring it
    /// back, short of a five or an open three, which are never pruned this way.
    fn futile(&mut self, depth: i32, beta: i32) -> Option<i32> {
        let opponent = self.board.to_move().opponent();
        let threatened =
            || !self.board.set(opponent, Kind::Five).is_empty() || self.open_three_against();
        self.params.pruning.futile(depth, beta, threatened, || evaluate(&self.board))
    }

    fn late_reduction(&self, depth: i32, index: usize) -> i32 {
        self.params.pruning.reduction(depth, index)
    }

    fn late_move_limit(&self, depth: i32) -> usize {
        self.params.pruning.move_limit(depth)
    }

    /// The opponent's VCT after `cell`, within the level's threats and nodes: a win by
    /// threes and fours that the main search's horizon would only meet too late.
    fn refuted(&mut self, cell: Cell) -> bool {
        if self.params.opponent_vct_nodes == 0 {
            return false;
        }
        self.board.play(cell);
        self.threat_limit = self.nodes.saturating_add(self.params.opponent_vct_nodes);
        let loses = self.threat_win(ThreatSpace::FoursAndThrees, self.params.opponent_vct);
        self.threat_limit = u64::MAX;
        self.board.undo(cell);
        loses
    }

    fn heeds_unfinished_iteration(&self) -> bool {
        true
    }

    fn candidates(&mut self, side: usize, _ply: usize, moves: &mut Moves) -> Result<bool, i32> {
        let situation =
            generate(&mut self.board, self.params.width, &self.memory.history[side], moves);
        if moves.is_empty() {
            // No point may be played: the rules call it a draw.
            return Err(0);
        }
        Ok(situation == Situation::BlockFive)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell as Counter;

    use super::*;
    use crate::cpu::grid::cells::cell_of;
    use crate::cpu::grid::pvs::FUTILITY_MARGIN;
    use crate::cpu::grid::tests::{point, stones};
    use crate::cpu::{Level, NodeBudget};
    use crate::{GomokuSettings, Stone};

    /// A middle game from the normal level's self-play, black to move and nothing decided:
    /// every phase of the hard level runs on it to the full.
    fn busy_board() -> Board {
        stones("h8 h6 g9 h7 g6 e6", "g7 g8 i7 h9 h5 f6")
    }

    #[test]
    fn every_level_heeds_the_deadline_within_a_check_interval() {
        let rules = GridRules::gomoku(GomokuSettings::default());
        for level in Level::ALL {
            for checks in [1, 5, 40] {
                let budget = NodeBudget::new(checks);
                let think = Think { level, seed: 3, deadline: &budget };
                let analysis = grid_analysis(&busy_board(), Stone::Black, &rules, think);
                assert!(analysis.best.is_some());
                // The budget says "past" at its check number `checks + 1`; after that, at most
                // the node that asked is finished.
                assert!(
                    analysis.nodes <= (checks + 1) * CHECK_EVERY + 1,
                    "{level:?} with {checks} checks visited {} nodes",
                    analysis.nodes
                );
            }
        }
    }

    #[test]
    fn a_deadline_past_at_once_stops_every_level_within_a_few_dozen_nodes() {
        // Asking every 256 nodes let a 10 ms budget overrun by several milliseconds.
        let rules = GridRules::renju();
        for level in Level::ALL {
            let budget = NodeBudget::new(0);
            let think = Think { level, seed: 3, deadline: &budget };
            let analysis = grid_analysis(&busy_board(), Stone::Black, &rules, think);
            assert!(analysis.best.is_some());
            assert!(analysis.nodes <= 33, "{level:?}: {} nodes", analysis.nodes);
        }
    }

    #[test]
    fn a_vct_lets_white_stop_a_three_where_black_may_not_play() {
        // From a game against Rapfi, black to move. g5 makes the three f5 g5 h5, whose
        // straight four is e5. Taking white's answers from black's four points alone, the
        // VCT left out i5, a double four for black (f5 to i5, i4 to i7), and read g5 as a
        // win in two threats; white's i5 stops the three and makes a three of its own.
        let board = stones("i6 i7 j8 j7 h5 g4 i4 f5 k10 h4", "g8 i8 h6 h7 k8 f3 g6 j9 j5 j4");
        let think = Think { level: Level::Hard, seed: 3, deadline: &crate::cpu::Unlimited };
        let mut searcher = Searcher::new(&board, Stone::Black, GridRules::renju(), think);
        searcher.board.play(cell_of(point("g5")));
        assert!(!searcher.board.allowed(cell_of(point("i5")), Stone::Black));
        assert!(!searcher.defend(ThreatSpace::FoursAndThrees, 1), "i5 holds for one threat");
        searcher.board.undo(cell_of(point("g5")));
        assert_eq!(searcher.threat_root(ThreatSpace::FoursAndThrees, 2), None);
    }

    #[test]
    fn the_vct_deepens_one_threat_at_a_time_within_its_nodes() {
        // The same game a move earlier: h4 wins in five threats. Searched to nine at once,
        // the VCT spends its 50,000 nodes on the first threats' long lines and gives up.
        let board = stones("i6 i7 j8 j7 h5 g4 i4 f5 k10", "g8 i8 h6 h7 k8 f3 g6 j9 j5");
        let think = Think { level: Level::Hard, seed: 3, deadline: &crate::cpu::Unlimited };
        let limited = || {
            let mut searcher = Searcher::new(&board, Stone::Black, GridRules::renju(), think);
            searcher.threat_limit = 50_000;
            searcher
        };
        let mut at_once = limited();
        assert_eq!(at_once.threat_root(ThreatSpace::FoursAndThrees, 9), None);
        assert!(at_once.threat_given_up());
        let found = limited().deepening_threat_win(ThreatSpace::FoursAndThrees, 9);
        assert_eq!(found.map(point_of), Some(point("h4")));
    }

    #[test]
    fn a_limited_vct_leaves_the_main_search_its_nodes() {
        let rules = GridRules::gomoku(GomokuSettings::default());
        let think = Think { level: Level::Hard, seed: 3, deadline: &crate::cpu::Unlimited };
        let mut unlimited = Searcher::new(&busy_board(), Stone::Black, rules, think);
        assert_eq!(unlimited.threat_root(ThreatSpace::FoursAndThrees, 8), None);
        assert!(unlimited.nodes() > 200, "{} nodes", unlimited.nodes());
        let mut limited = Searcher::new(&busy_board(), Stone::Black, rules, think);
        limited.threat_limit = 50;
        assert_eq!(limited.threat_root(ThreatSpace::FoursAndThrees, 8), None);
        assert!(limited.nodes() <= 51, "{} nodes", limited.nodes());
        assert!(!limited.stopped(), "the deadline has not passed");
    }

    #[test]
    fn a_root_move_that_leaves_the_opponent_a_double_three_is_refuted() {
        // j8 makes two open threes for black (h8 i8 j8, j8 j9 j10): a win by threats.
        let board = stones("h8 i8 j9 j10", "a15 o15 o1");
        let rules = GridRules::gomoku(GomokuSettings::default());
        let think = Think { level: Level::Hard, seed: 3, deadline: &crate::cpu::Unlimited };
        let mut searcher = Searcher::new(&board, Stone::White, rules, think);
        let before = searcher.board.hash();
        assert!(searcher.refuted(cell_of(point("a1"))));
        assert_eq!(searcher.board.hash(), before, "the board is as it was");
        let quiet = stones("h8", "a15");
        let mut searcher = Searcher::new(&quiet, Stone::White, rules, think);
        assert!(!searcher.refuted(cell_of(point("a1"))), "one black stone threatens nothing");
        let normal = Think { level: Level::Normal, ..think };
        let mut blind = Searcher::new(&board, Stone::White, rules, normal);
        assert!(!blind.refuted(cell_of(point("a1"))), "only the hard level looks");
    }

    #[test]
    fn an_open_three_black_may_not_stop_is_lost_for_black_not_drawn() {
        // Renju: white's open three h8 i8 j8 is stopped only at g8 and k8, both double threes
        // for black (g6 g7 g8 with e6 f7 g8, k6 k7 k8 with m6 l7 k8).
        let board = stones("g6 g7 e6 f7 k6 k7 m6 l7", "h8 i8 j8 a1 a3 a5 o1 o3");
        let think = Think { level: Level::Hard, seed: 3, deadline: &crate::cpu::Unlimited };
        let mut searcher = Searcher::new(&board, Stone::Black, GridRules::renju(), think);
        let value = searcher.pvs(3, -INFINITY, INFINITY, 1);
        assert!(value <= -DECIDED, "white's straight four comes next: {value}");
    }

    /// A quiet renju middle game from a game against Rapfi (seed 80, game 38), white to move:
    /// the hard level's search plays l7, which the static order ranks past the tree's width.
    #[test]
    fn the_hard_levels_root_looks_past_the_width_of_its_tree() {
        let board = stones("i6 k7 f8 i8 j8 f9 g10 h11", "h7 i7 j7 k8 j9 j10 i12");
        let rules = GridRules::renju();
        let mut search_board = SearchBoard::new(&board, Stone::White, rules);
        let mut order = Moves::new();
        generate(&mut search_board, usize::MAX, &UNLEARNT, &mut order);
        let rank = order.iter().position(|cell| cell == cell_of(point("l7")));
        let hard = Params::of(Level::Hard);
        assert!(rank.is_some_and(|rank| rank >= hard.width && rank < hard.root_width));
        let budget = NodeBudget::new(1_500);
        let think = Think { level: Level::Hard, seed: 0, deadline: &budget };
        assert_eq!(grid_move(&board, Stone::White, &rules, think), Some(point("l7")));
    }

    #[test]
    fn only_the_late_moves_of_the_hard_levels_deeper_nodes_are_searched_shallower() {
        let board = busy_board();
        let rules = GridRules::gomoku(GomokuSettings::default());
        let think = Think { level: Level::Hard, seed: 3, deadline: &crate::cpu::Unlimited };
        let searcher = Searcher::new(&board, Stone::Black, rules, think);
        assert_eq!(searcher.late_reduction(6, 8), 2);
        assert_eq!(searcher.late_reduction(4, 6), 2, "from the seventh candidate, four plies left");
        assert_eq!(searcher.late_reduction(3, 8), 1, "with three plies left, one");
        assert_eq!(searcher.late_reduction(6, 5), 1, "before the seventh, one");
        assert_eq!(searcher.late_reduction(2, 3), 1, "from the fourth candidate, two plies left");
        assert_eq!(searcher.late_reduction(6, 2), 0, "the first moves are searched in full");
        assert_eq!(searcher.late_reduction(1, 8), 0, "so is the last ply");
        let normal = Think { level: Level::Normal, ..think };
        let searcher = Searcher::new(&board, Stone::Black, rules, normal);
        assert_eq!(searcher.late_reduction(6, 8), 0, "only the hard level reduces");
    }

    #[test]
    fn only_the_hard_levels_nodes_next_to_the_horizon_drop_their_late_moves() {
        let board = busy_board();
        let rules = GridRules::renju();
        let think = Think { level: Level::Hard, seed: 3, deadline: &crate::cpu::Unlimited };
        let searcher = Searcher::new(&board, Stone::Black, rules, think);
        assert_eq!(searcher.late_move_limit(1), 7);
        assert_eq!(searcher.late_move_limit(2), 10);
        assert_eq!(searcher.late_move_limit(3), usize::MAX, "three plies left: every move");
        let normal = Think { level: Level::Normal, ..think };
        let searcher = Searcher::new(&board, Stone::Black, rules, normal);
        assert_eq!(searcher.late_move_limit(1), usize::MAX, "only the hard level prunes");
    }

    #[test]
    fn only_a_quiet_position_far_above_beta_near_the_horizon_is_futile() {
        // Black's open three (h8 h9 h10) against white's scattered stones: black, to move,
        // stands well above a beta of 0.
        let board = stones("g8 h8 h9 h10", "a1 o1 a15");
        let rules = GridRules::gomoku(GomokuSettings::default());
        let think = Think { level: Level::Hard, seed: 3, deadline: &crate::cpu::Unlimited };
        let mut searcher = Searcher::new(&board, Stone::Black, rules, think);
        let standing = evaluate(&searcher.board);
        assert!(standing > 2 * FUTILITY_MARGIN, "black stands at {standing}");
        assert_eq!(searcher.futile(1, 0), Some(standing - FUTILITY_MARGIN));
        assert_eq!(searcher.futile(2, 0), Some(standing - 2 * FUTILITY_MARGIN));
        assert_eq!(searcher.futile(1, standing), None, "not by the margin");
        assert_eq!(searcher.futile(3, 0), None, "too far from the horizon");
        assert_eq!(searcher.futile(1, WIN - 10), None, "a win is never assumed");
        // White to move must stop the open three, however high a beta it is asked to beat.
        let mut threatened = Searcher::new(&board, Stone::White, rules, think);
        let low = evaluate(&threatened.board) - 2 * FUTILITY_MARGIN;
        assert_eq!(threatened.futile(1, low), None);
        let normal = Think { level: Level::Normal, ..think };
        let mut searcher = Searcher::new(&board, Stone::Black, rules, normal);
        assert_eq!(searcher.futile(1, 0), None, "only the hard level prunes");
    }

    #[test]
    fn after_the_deadline_the_search_asks_no_more() {
        let rules = GridRules::renju();
        let asked_after = Counter::new(0u32);
        let passed = Counter::new(false);
        let calls = Counter::new(0u32);
        let deadline = || {
            if passed.get() {
                asked_after.set(asked_after.get() + 1);
            }
            calls.set(calls.get() + 1);
            passed.set(calls.get() > 3);
            passed.get()
        };
        let think = Think { level: Level::Hard, seed: 3, deadline: &deadline };
        assert!(grid_move(&busy_board(), Stone::Black, &rules, think).is_some());
        assert!(passed.get());
        assert_eq!(asked_after.get(), 0);
    }
}
