//! The moves the search looks at: the forced ones when there is a threat to answer, the best
//! few near the stones otherwise.

use super::board::{Kind, SearchBoard};
use super::cells::{CELLS, Cell, cell_of};
use crate::Stone;

/// Moves with an ordering score, on the stack: no allocation per node.
#[derive(Clone, Debug)]
pub(crate) struct Moves {
    cells: [(Cell, i32); Moves::CAPACITY],
    len: usize,
}

impl Moves {
    /// Enough for every point of the largest board.
    const CAPACITY: usize = 361;

    pub(crate) fn new() -> Moves {
        Moves { cells: [(0, 0); Moves::CAPACITY], len: 0 }
    }

    pub(crate) fn push(&mut self, cell: Cell, score: i32) {
        if self.len < Moves::CAPACITY && !self.contains(cell) {
            self.cells[self.len] = (cell, score);
            self.len += 1;
        }
    }

    /// [`Moves::push`] for a cell known not to be in the list yet (the cells of a set, one
    /// by one): a node pushes every point near the stones, and checking each against all the
    /// others cost more than reading them.
    pub(crate) fn push_distinct(&mut self, cell: Cell, score: i32) {
        debug_assert!(!self.contains(cell), "{cell} pushed twice");
        if self.len < Moves::CAPACITY {
            self.cells[self.len] = (cell, score);
            self.len += 1;
        }
    }

    pub(crate) fn contains(&self, cell: Cell) -> bool {
        self.cells[..self.len].iter().any(|&(c, _)| c == cell)
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn get(&self, index: usize) -> Cell {
        self.cells[index].0
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells[..self.len].iter().map(|&(cell, _)| cell)
    }

    /// Best score first; equal scores keep their order, so the result is deterministic.
    pub(crate) fn sort(&mut self) {
        self.cells[..self.len].sort_by_key(|&(_, score)| std::cmp::Reverse(score));
    }

    /// The `count` best moves, best first: what [`Moves::sort`] and then
    /// [`Moves::truncate`] leave of moves pushed in ascending cell order (ties go to the
    /// lower cell), without sorting the moves that are dropped, most of them at a node.
    pub(crate) fn keep_best(&mut self, count: usize) {
        let list = &mut self.cells[..self.len];
        debug_assert!(list.windows(2).all(|pair| pair[0].0 < pair[1].0), "pushed in cell order");
        let rank = |&(cell, score): &(Cell, i32)| (std::cmp::Reverse(score), cell);
        if count == 0 {
            self.len = 0;
            return;
        }
        if count < list.len() {
            list.select_nth_unstable_by_key(count - 1, rank);
            self.len = count;
        }
        self.cells[..self.len].sort_unstable_by_key(rank);
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Moves `cell` to the front, if present.
    pub(crate) fn promote(&mut self, cell: Cell) {
        if let Some(index) = self.cells[..self.len].iter().position(|&(c, _)| c == cell) {
            self.cells[..=index].rotate_right(1);
        }
    }

    /// Adds `bonus` to every move's score and sorts them again.
    pub(crate) fn raise(&mut self, mut bonus: impl FnMut(Cell) -> i32) {
        for entry in &mut self.cells[..self.len] {
            entry.1 += bonus(entry.0);
        }
        self.sort();
    }

    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Cell) -> bool) {
        let mut kept = 0;
        for index in 0..self.len {
            if keep(self.cells[index].0) {
                self.cells[kept] = self.cells[index];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

/// What the side to move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Situation {
    /// Block the opponent's only five point.
    BlockFive,
    /// Stop the opponent's open three (or answer with a four).
    StopThree,
    Free,
}

/// A history that has learnt nothing: the root's moves are ranked by their worth alone,
/// since they are cut to the level's width after the search's threat checks, not here.
pub(crate) static UNLEARNT: [u32; CELLS] = [0; CELLS];

/// What a stone of the side to move on `cell` is worth: attack plus defence. The moves a
/// node looks at are chosen by this alone.
fn worth(board: &SearchBoard, cell: Cell) -> i32 {
    let me = board.to_move();
    board.reading(cell, me).value() + board.reading(cell, me.opponent()).value()
}

/// The ordering score of `cell`: its worth plus what the search learnt (`history`).
fn score(board: &SearchBoard, cell: Cell, history: &[u32; CELLS]) -> i32 {
    worth(board, cell) + learnt(history, cell)
}

/// The history's part of an ordering score. It only orders the moves already chosen: the
/// counts grow with the search, and after a few hundred milliseconds they outweigh every
/// pattern, so a width cut that read them kept the moves that had cut off elsewhere and
/// dropped the ones the position asks for (a longer search then played worse).
pub(crate) fn learnt(history: &[u32; CELLS], cell: Cell) -> i32 {
    i32::try_from(history[cell].min(1 << 20)).unwrap_or(0) / 8
}

/// The moves to look at for the side to move, best first, at most `width` outside forced
/// situations. The caller has already handled a five of its own and two opponent fives.
pub(crate) fn generate(
    board: &mut SearchBoard,
    width: usize,
    history: &[u32; CELLS],
    moves: &mut Moves,
) -> Situation {
    let me = board.to_move();
    let opponent = me.opponent();
    if let Some(block) = board.set(opponent, Kind::Five).first() {
        if board.allowed(block, me) {
            moves.push(block, 0);
        }
        return Situation::BlockFive;
    }
    if board.set(opponent, Kind::OpenFour).iter().any(|cell| board.allowed(cell, opponent)) {
        stop_three(board, history, moves);
        if !moves.is_empty() {
            return Situation::StopThree;
        }
        // Renju's black may have no allowed point that stops the three, nor a four: it is
        // lost, and the free moves let the search see the straight four that follows (no
        // move at all would read as the rules' draw).
    }
    for cell in board.near().iter() {
        if board.allowed(cell, me) {
            moves.push_distinct(cell, worth(board, cell));
        }
    }
    if moves.is_empty() && board.near().is_empty() {
        let centre = cell_of(board.board().centre());
        if board.is_empty(centre) {
            moves.push(centre, 0);
        }
    }
    moves.keep_best(width);
    moves.raise(|cell| learnt(history, cell));
    Situation::Free
}

/// The points where a stone may stop `attacker`'s open three, to be checked one by one: its
/// straight-four and four points, and for a restricted attacker the ends forbidden to it
/// ([`SearchBoard::forbidden_ends`]), which are none of its four points.
pub(crate) fn three_stop_tries(board: &SearchBoard, attacker: Stone, tries: &mut Moves) {
    for kind in [Kind::OpenFour, Kind::Four] {
        for cell in board.set(attacker, kind).iter() {
            tries.push(cell, 0);
        }
    }
    for cell in board.forbidden_ends(attacker).iter() {
        tries.push(cell, 0);
    }
}

/// Against an open three: the points after which the opponent has no straight four left to
/// make, and our own fours, which must be answered first.
fn stop_three(board: &mut SearchBoard, history: &[u32; CELLS], moves: &mut Moves) {
    let me = board.to_move();
    let opponent = me.opponent();
    let mut tries = Moves::new();
    three_stop_tries(board, opponent, &mut tries);
    for cell in board.set(me, Kind::Four).iter() {
        if board.allowed(cell, me) {
            moves.push(cell, 1_000_000 + score(board, cell, history));
        }
    }
    let fours = moves.len();
    for cell in tries.iter() {
        if board.allowed(cell, me) && board.stops_straight_fours(cell) {
            moves.push(cell, score(board, cell, history));
        }
    }
    if moves.len() == fours {
        // Two threes at once: nothing stops both; block one and hope.
        for cell in board.set(opponent, Kind::OpenFour).iter() {
            if board.allowed(cell, me) {
                moves.push(cell, score(board, cell, history));
            }
        }
    }
    moves.sort();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::grid::cells::point_of;
    use crate::cpu::grid::rules::GridRules;
    use crate::cpu::grid::tests::{point, stones};
    use crate::{GomokuSettings, Point, Stone};

    fn chosen(board: &mut SearchBoard, width: usize, history: &[u32; CELLS]) -> Vec<Cell> {
        let mut moves = Moves::new();
        assert_eq!(generate(board, width, history, &mut moves), Situation::Free);
        moves.iter().collect()
    }

    #[test]
    fn black_with_no_allowed_point_to_stop_a_three_still_has_moves() {
        // White's open three h8 i8 j8 is stopped only at g8 and k8, both double threes for
        // black: black may play elsewhere, and loses to the straight four.
        let board = stones("g6 g7 e6 f7 k6 k7 m6 l7", "h8 i8 j8 a1 a3 a5 o1 o3");
        let mut board = SearchBoard::new(&board, Stone::Black, GridRules::renju());
        for stop in ["g8", "k8"] {
            assert!(!board.allowed(cell_of(point(stop)), Stone::Black), "{stop} is forbidden");
        }
        let mut moves = Moves::new();
        generate(&mut board, 14, &UNLEARNT, &mut moves);
        assert_eq!(moves.len(), 14, "the free moves, none of them a stop");
        assert!(moves.iter().all(|cell| board.allowed(cell, Stone::Black)));
    }

    #[test]
    fn a_three_is_stopped_at_an_end_forbidden_to_black() {
        // Black's open three f5 g5 h5 makes its straight four at e5 only (j5 is white), so
        // e5, d5 and i5 stop it. A black stone on i5 would make two fours (f5 to i5, i4 to
        // i7), a double four: no four point of black's, yet white may play there.
        let board = stones("f5 g5 h5 i4 i6 i7", "j5 i8 a15 o1 o15");
        let mut board = SearchBoard::new(&board, Stone::White, GridRules::renju());
        assert!(!board.allowed(cell_of(point("i5")), Stone::Black), "i5 is a double four");
        let mut moves = Moves::new();
        assert_eq!(generate(&mut board, 14, &UNLEARNT, &mut moves), Situation::StopThree);
        let mut answers: Vec<Point> = moves.iter().map(point_of).collect();
        answers.sort_by_key(|p| (p.x, p.y));
        assert_eq!(answers, ["d5", "e5", "i5"].map(point));
    }

    #[test]
    fn history_orders_the_chosen_moves_but_does_not_choose_them() {
        let rules = GridRules::gomoku(GomokuSettings::default());
        let mut board = SearchBoard::new(&stones("h8 i9", "h9"), Stone::Black, rules);
        let by_worth = chosen(&mut board, 4, &UNLEARNT);
        assert_eq!(by_worth.len(), 4);
        let everything = chosen(&mut board, usize::MAX, &UNLEARNT);
        let Some(&weakest) = everything.last() else { panic!("moves near the stones") };
        assert!(!by_worth.contains(&weakest));
        let mut history = [0; CELLS];
        // Counts this high come from a few hundred milliseconds of search.
        history[weakest] = 1 << 20;
        history[by_worth[3]] = 1 << 20;
        let learnt = chosen(&mut board, 4, &history);
        assert_eq!(learnt[0], by_worth[3], "the fourth by worth, first by history");
        let mut sorted = learnt.clone();
        sorted.sort_unstable();
        let mut expected = by_worth.clone();
        expected.sort_unstable();
        assert_eq!(sorted, expected, "the same four moves, however much the weakest cut off");
    }
}
