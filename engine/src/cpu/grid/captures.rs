//! The search board of the capture games (ninuki, pente): the pattern board of gomoku, plus
//! the pairs a stone takes off, the tally of taken stones, and wins in one move by either a
//! five or the tenth taken stone. Taking back a move puts its captured stones back.

use super::board::{Kind, SearchBoard, side};
use super::candidates::Moves;
use super::cells::{CELLS, Cell, CellSet, STEPS, cell_of, offset};
use super::rules::GridRules;
use super::table::zobrist;
use crate::{Board, Stone};

/// Taken stones that win: five pairs.
pub(crate) const STONES_TO_WIN: u16 = 10;

/// What a stone of one side would take on one empty point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Take {
    /// Opponent stones it encloses now (two per pair).
    pub(crate) stones: u16,
    /// Opponent pairs it would flank from one side, with the other side still empty: each is
    /// a capture threat the opponent must see to.
    pub(crate) threats: u16,
}

#[derive(Clone, Debug)]
pub(crate) struct CaptureBoard {
    pub(crate) grid: Box<SearchBoard>,
    /// Stones taken by black and by white.
    captured: [u16; 2],
    /// The cells emptied by the moves played, move after move.
    removed: Vec<Cell>,
    /// How many cells of `removed` each move played emptied.
    taken: Vec<u8>,
    /// Per empty cell and side, what a stone there takes and threatens, kept up to date
    /// around every stone that comes or goes: the search asks on every node.
    takes: Box<[[Take; 2]; CELLS]>,
    /// Per side, the empty cells where a stone takes a pair or more.
    capturing: [CellSet; 2],
    /// Per side, the capture threats over all empty cells.
    threats: [i32; 2],
}

impl CaptureBoard {
    /// The board with `to_move` to play, black having taken `captured[0]` stones and white
    /// `captured[1]`.
    pub(crate) fn new(
        board: &Board,
        to_move: Stone,
        captured: [u16; 2],
        rules: GridRules,
    ) -> CaptureBoard {
        let mut search = CaptureBoard {
            grid: SearchBoard::new(board, to_move, rules),
            captured,
            removed: Vec::with_capacity(256),
            taken: Vec::with_capacity(128),
            takes: Box::new([[Take::default(); 2]; CELLS]),
            capturing: [CellSet::default(); 2],
            threats: [0; 2],
        };
        for point in board.points() {
            search.read(cell_of(point));
        }
        search
    }

    pub(crate) fn to_move(&self) -> Stone {
        self.grid.to_move()
    }

    /// The position's key: the stones, the side to move and both tallies.
    pub(crate) fn hash(&self) -> u64 {
        let tally =
            |stone: Stone| zobrist(CELLS + usize::from(self.captured[side(stone)]), side(stone));
        self.grid.hash() ^ tally(Stone::Black) ^ tally(Stone::White)
    }

    /// Stones `stone` has taken.
    pub(crate) fn captured(&self, stone: Stone) -> u16 {
        self.captured[side(stone)]
    }

    /// What `stone` placed on the empty `cell` would take and threaten.
    pub(crate) fn take(&self, cell: Cell, stone: Stone) -> Take {
        self.takes[cell][side(stone)]
    }

    /// The empty cells where `stone` would take a pair or more.
    pub(crate) fn capturing(&self, stone: Stone) -> &CellSet {
        &self.capturing[side(stone)]
    }

    /// The capture threats `stone` could make, over all empty cells.
    pub(crate) fn threats(&self, stone: Stone) -> i32 {
        self.threats[side(stone)]
    }

    /// Reads again what either side would take on `cell` (nothing if it holds a stone).
    fn read(&mut self, cell: Cell) {
        for stone in [Stone::Black, Stone::White] {
            let own = side(stone);
            let take =
                if self.grid.is_empty(cell) { self.scan(cell, stone) } else { Take::default() };
            self.threats[own] += i32::from(take.threats) - i32::from(self.takes[cell][own].threats);
            self.takes[cell][own] = take;
            self.capturing[own].set(cell, take.stones > 0);
        }
    }

    /// Reads again the cells whose captures a change on `cell` can alter: those up to three
    /// steps away in a line, and `cell` itself.
    fn read_around(&mut self, cell: Cell) {
        self.read(cell);
        for &step in &STEPS {
            for steps in [-3, -2, -1, 1, 2, 3] {
                let around = offset(cell, step, steps);
                if self.grid.stone(around).is_some() || self.grid.is_empty(around) {
                    self.read(around);
                }
            }
        }
    }

    /// What `stone` placed on the empty `cell` would take and threaten, from the stones.
    fn scan(&self, cell: Cell, stone: Stone) -> Take {
        let opponent = Some(stone.opponent());
        let mut take = Take::default();
        for &step in &STEPS {
            for sign in [-1, 1] {
                let at = |steps: isize| self.grid.stone(offset(cell, step, sign * steps));
                if at(1) != opponent || at(2) != opponent {
                    continue;
                }
                let beyond = offset(cell, step, sign * 3);
                match self.grid.stone(beyond) {
                    Some(own) if own == stone => take.stones += 2,
                    None if self.grid.is_empty(beyond) => take.threats += 1,
                    _ => {}
                }
            }
        }
        take
    }

    /// A point where `stone` wins at once by capture (its tenth stone), if any.
    pub(crate) fn capture_win(&self, stone: Stone) -> Option<Cell> {
        let needed = STONES_TO_WIN.saturating_sub(self.captured(stone));
        self.capturing(stone).iter().find(|&cell| self.take(cell, stone).stones >= needed)
    }

    /// Whether `stone`, if it were to move now, would win with one stone.
    pub(crate) fn wins_in_one(&self, stone: Stone) -> bool {
        !self.grid.set(stone, Kind::Five).is_empty() || self.capture_win(stone).is_some()
    }

    /// Puts a stone of the side to move on the empty `cell` and takes the pairs it encloses.
    pub(crate) fn play(&mut self, cell: Cell) {
        let stone = self.grid.to_move();
        let opponent = Some(stone.opponent());
        let before = self.removed.len();
        for &step in &STEPS {
            for sign in [-1, 1] {
                let near = offset(cell, step, sign);
                let far = offset(cell, step, 2 * sign);
                if self.grid.stone(near) == opponent
                    && self.grid.stone(far) == opponent
                    && self.grid.stone(offset(cell, step, 3 * sign)) == Some(stone)
                {
                    self.removed.push(near);
                    self.removed.push(far);
                }
            }
        }
        for &taken in &self.removed[before..] {
            self.grid.remove(taken);
        }
        let count = self.removed.len() - before;
        // At most a pair in each of the eight directions.
        self.taken.push(u8::try_from(count).unwrap_or(u8::MAX));
        self.captured[side(stone)] += u16::try_from(count).unwrap_or(0);
        self.grid.play(cell);
        self.read_around(cell);
        for index in before..self.removed.len() {
            self.read_around(self.removed[index]);
        }
    }

    /// Takes back the stone on `cell`, the last one played, and puts back what it took.
    pub(crate) fn undo(&mut self, cell: Cell) {
        self.grid.undo(cell);
        let stone = self.grid.to_move();
        let count = usize::from(self.taken.pop().unwrap_or(0));
        let from = self.removed.len() - count;
        for index in from..self.removed.len() {
            self.grid.restore(self.removed[index], stone.opponent());
        }
        self.read_around(cell);
        for index in from..self.removed.len() {
            self.read_around(self.removed[index]);
        }
        self.removed.truncate(from);
        self.captured[side(stone)] -= u16::try_from(count).unwrap_or(0);
    }

    /// Whether a stone of the side to move on the empty `cell` would leave the opponent no
    /// point to make a straight four. A stone that takes nothing changes the lines as on a
    /// board without captures, so the grid reads it; one that takes is played out.
    pub(crate) fn stops_straight_fours(&mut self, cell: Cell) -> bool {
        let me = self.to_move();
        if !self.capturing(me).contains(cell) {
            return self.grid.stops_straight_fours(cell);
        }
        let opponent = me.opponent();
        self.play(cell);
        let stops =
            self.grid.set(opponent, Kind::OpenFour).iter().all(|c| !self.grid.allowed(c, opponent));
        self.undo(cell);
        stops
    }

    /// Hands the move to the other side without a stone (see [`SearchBoard::pass`]).
    pub(crate) fn pass(&mut self) {
        self.grid.pass();
    }

    /// The side to move's answers to the opponent's wins in one: every move after which the
    /// opponent has none left (a block, a capture that breaks the line or the pair, a stone
    /// that closes the capture point). Empty when nothing saves the game.
    pub(crate) fn answers(&mut self, moves: &mut Moves) {
        let me = self.to_move();
        let opponent = me.opponent();
        let mut tries = Moves::new();
        for cell in self.grid.set(opponent, Kind::Five).iter() {
            tries.push(cell, 0);
        }
        for stone in [me, opponent] {
            for cell in self.capturing(stone).iter() {
                tries.push(cell, 0);
            }
        }
        for cell in tries.iter() {
            if !self.grid.allowed(cell, me) {
                continue;
            }
            self.play(cell);
            let saved = !self.wins_in_one(opponent);
            self.undo(cell);
            if saved {
                moves.push(cell, self.grid.reading(cell, me).value());
            }
        }
        moves.sort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Notation;
    use crate::cpu::grid::rules::ForbiddenMoves;

    fn rules() -> GridRules {
        GridRules {
            size: 15,
            black_overline_wins: true,
            white_overline_wins: true,
            forbidden: ForbiddenMoves::Off,
            captures: true,
        }
    }

    fn cell(text: &str) -> Cell {
        cell_of(Notation::WithI.parse(text, 15).expect("a valid point"))
    }

    fn board(black: &str, white: &str) -> Board {
        let mut board = Board::empty(15);
        for (list, stone) in [(black, Stone::Black), (white, Stone::White)] {
            for text in list.split_whitespace() {
                board.set(Notation::WithI.parse(text, 15).expect("valid"), Some(stone));
            }
        }
        board
    }

    #[test]
    fn a_capture_is_made_and_taken_back() {
        let start = board("h8", "i8 j8");
        let mut search = CaptureBoard::new(&start, Stone::Black, [2, 0], rules());
        let hash = search.hash();
        assert_eq!(search.take(cell("k8"), Stone::Black), Take { stones: 2, threats: 0 });
        search.play(cell("k8"));
        assert_eq!(search.captured(Stone::Black), 4);
        assert_eq!(search.grid.stone(cell("i8")), None);
        assert_eq!(search.grid.board().count(), (2, 0));
        assert_ne!(search.hash(), hash);
        search.undo(cell("k8"));
        assert_eq!(search.captured(Stone::Black), 2);
        assert_eq!(search.grid.board(), &start);
        assert_eq!(search.hash(), hash);
    }

    #[test]
    fn a_flanked_pair_is_a_threat_and_eight_stones_make_it_a_win() {
        let start = board("h8", "i8 j8");
        let search = CaptureBoard::new(&start, Stone::White, [8, 0], rules());
        assert_eq!(search.take(cell("k8"), Stone::Black).stones, 2);
        assert!(search.wins_in_one(Stone::Black));
        assert!(!search.wins_in_one(Stone::White));
        let free = board("a1", "i8 j8");
        let search = CaptureBoard::new(&free, Stone::Black, [8, 0], rules());
        assert_eq!(search.take(cell("h8"), Stone::Black), Take { stones: 0, threats: 1 });
        assert_eq!(search.capture_win(Stone::Black), None);
    }

    #[test]
    fn a_four_is_answered_by_a_block_or_a_capture() {
        // White's four e5–h5 needs d5; black's h4 takes the pair h5 h6 under black's h7.
        let start = board("i5 h7 c3", "e5 f5 g5 h5 h6");
        let mut search = CaptureBoard::new(&start, Stone::Black, [0, 0], rules());
        assert!(search.wins_in_one(Stone::White));
        let mut moves = Moves::new();
        search.answers(&mut moves);
        let mut answers: Vec<Cell> = moves.iter().collect();
        answers.sort_unstable();
        let mut expected = vec![cell("d5"), cell("h4")];
        expected.sort_unstable();
        assert_eq!(answers, expected);
    }
}
