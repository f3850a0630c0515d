//! The board as the search sees it: stones in a padded array, and for every empty point and
//! both sides the pattern key of each line, the threat a stone there makes, and sets of the
//! points by threat, all kept up to date stone by stone.

use super::cells::{CELLS, Cell, CellSet, STEPS, STRIDE, cell_of, offset, point_of};
use super::patterns::{LinePattern, POW3, REACH, Reading, Threat, line_table, slot};
use super::rules::GridRules;
use super::table::{SIDE_KEY, zobrist};
use crate::forbidden::FiveRule;
use crate::{Board, Stone, forbidden_kind};

const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// The sets of points kept for each side, by what a stone of that side makes there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A winning line.
    Five,
    /// Any four (closed, open, or with a three).
    Four,
    /// Two points to make five next.
    OpenFour,
    /// An open three (or several).
    Three,
    /// A restricted black's points that need the full forbidden-point check.
    Suspect,
}
const KINDS: usize = 5;

pub(crate) const fn side(stone: Stone) -> usize {
    match stone {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

const fn code(stone: Stone) -> u8 {
    match stone {
        Stone::Black => 1,
        Stone::White => 2,
    }
}

#[derive(Clone, Debug)]
pub(crate) struct SearchBoard {
    rules: GridRules,
    board: Board,
    cells: [u8; CELLS],
    /// Per cell, per side, per direction: the base-3 key of the ten cells around it.
    keys: [[[u16; 4]; 2]; CELLS],
    /// Per empty cell, per side, per direction: the line pattern its key reads as. A stone
    /// changes one line of each cell around it, and most often not its pattern: then the
    /// cell's reading stands and is not worked out again.
    lines: [[[LinePattern; 4]; 2]; CELLS],
    /// Per empty cell, per side: its four line patterns as one number ([`Reading::code`]),
    /// kept up to date with them. Put together again from the four bytes after one of them
    /// changed, it cost a stall of the processor (a narrow store read back wide) at every
    /// reading, the most frequent work of the search.
    codes: [[u16; 2]; CELLS],
    readings: [[Reading; 2]; CELLS],
    sets: [[CellSet; KINDS]; 2],
    /// Stones within two steps (king moves) of each cell.
    near: [u8; CELLS],
    /// Empty cells with a stone within two steps: where the search looks for moves.
    near_set: CellSet,
    /// The sum of the readings' values over the empty cells, per side.
    totals: [i32; 2],
    hash: u64,
    to_move: Stone,
    stones: usize,
    tables: [&'static [LinePattern]; 2],
}

impl SearchBoard {
    /// The search board for `board` with `to_move` to play, under `rules`.
    pub(crate) fn new(board: &Board, to_move: Stone, rules: GridRules) -> Box<SearchBoard> {
        let rule =
            |stone| if rules.overline_wins(stone) { FiveRule::AtLeast } else { FiveRule::Exact };
        let mut search = Box::new(SearchBoard {
            rules,
            board: Board::empty(board.size()),
            cells: [WALL; CELLS],
            keys: [[[0; 4]; 2]; CELLS],
            lines: [[[LinePattern::Dead; 4]; 2]; CELLS],
            codes: [[0; 2]; CELLS],
            readings: [[Reading::default(); 2]; CELLS],
            sets: [[CellSet::default(); KINDS]; 2],
            near: [0; CELLS],
            near_set: CellSet::default(),
            totals: [0; 2],
            hash: 0,
            to_move: Stone::Black,
            stones: 0,
            tables: [line_table(rule(Stone::Black)), line_table(rule(Stone::White))],
        });
        let points: Vec<Cell> = board.points().map(cell_of).collect();
        for &cell in &points {
            search.cells[cell] = EMPTY;
        }
        for &cell in &points {
            for (direction, &step) in STEPS.iter().enumerate() {
                let mut key = 0;
                for distance in 1..=REACH as isize {
                    for sign in [-1, 1] {
                        if search.cells[offset(cell, step, sign * distance)] == WALL {
                            key += 2 * POW3[slot(sign * distance)];
                        }
                    }
                }
                search.keys[cell][0][direction] = key;
                search.keys[cell][1][direction] = key;
            }
            search.read_lines(cell);
        }
        for point in board.points() {
            if let Some(stone) = board.get(point) {
                search.place(cell_of(point), stone);
            }
        }
        search.to_move = to_move;
        if to_move == Stone::White {
            search.hash ^= SIDE_KEY;
        }
        search
    }

    pub(crate) fn to_move(&self) -> Stone {
        self.to_move
    }

    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    pub(crate) fn is_full(&self) -> bool {
        self.stones == usize::from(self.board.size()).pow(2)
    }

    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    pub(crate) fn is_empty(&self, cell: Cell) -> bool {
        self.cells[cell] == EMPTY
    }

    pub(crate) fn set(&self, stone: Stone, kind: Kind) -> &CellSet {
        &self.sets[side(stone)][kind as usize]
    }

    pub(crate) fn reading(&self, cell: Cell, stone: Stone) -> Reading {
        self.readings[cell][side(stone)]
    }

    pub(crate) fn near(&self) -> &CellSet {
        &self.near_set
    }

    pub(crate) fn total(&self, stone: Stone) -> i32 {
        self.totals[side(stone)]
    }

    /// Whether `stone` may go on the empty `cell` (black's forbidden points are not moves for
    /// a restricted black, whether refused or losing).
    pub(crate) fn allowed(&self, cell: Cell, stone: Stone) -> bool {
        if !self.rules.is_restricted(stone) {
            return true;
        }
        let reading = self.readings[cell][side(stone)];
        match reading.threat {
            Threat::Forbidden => false,
            _ if reading.suspect => forbidden_kind(&self.board, point_of(cell)).is_none(),
            _ => true,
        }
    }

    /// Puts a stone of the side to move on the empty `cell`.
    pub(crate) fn play(&mut self, cell: Cell) {
        self.place(cell, self.to_move);
        self.to_move = self.to_move.opponent();
        self.hash ^= SIDE_KEY;
    }

    /// Hands the move to the other side without a stone: only to ask what the opponent
    /// could do if left alone. Passing again restores the position.
    pub(crate) fn pass(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= SIDE_KEY;
    }

    /// Takes back the stone on `cell`, the last one played.
    pub(crate) fn undo(&mut self, cell: Cell) {
        self.to_move = self.to_move.opponent();
        self.hash ^= SIDE_KEY;
        self.lift(cell);
    }

    /// The stone on `cell`, if any.
    pub(crate) fn stone(&self, cell: Cell) -> Option<Stone> {
        match self.cells[cell] {
            1 => Some(Stone::Black),
            2 => Some(Stone::White),
            _ => None,
        }
    }

    /// Takes the stone on `cell` off the board, as a capture does; the side to move stays.
    pub(crate) fn remove(&mut self, cell: Cell) {
        self.lift(cell);
    }

    /// Puts `stone` back on the empty `cell`, undoing a capture.
    pub(crate) fn restore(&mut self, cell: Cell, stone: Stone) {
        self.place(cell, stone);
    }

    fn place(&mut self, cell: Cell, stone: Stone) {
        let own = side(stone);
        self.cells[cell] = code(stone);
        self.board.set(point_of(cell), Some(stone));
        self.hash ^= zobrist(cell, own);
        self.stones += 1;
        for other in 0..2 {
            self.totals[other] -= self.readings[cell][other].value;
            self.readings[cell][other] = Reading::default();
            for set in &mut self.sets[other] {
                set.remove(cell);
            }
        }
        self.change_keys(cell, own, true);
        self.change_near(cell, 1);
        self.near_set.remove(cell);
    }

    fn lift(&mut self, cell: Cell) {
        let own = if self.cells[cell] == code(Stone::Black) { 0 } else { 1 };
        self.cells[cell] = EMPTY;
        self.board.set(point_of(cell), None);
        self.hash ^= zobrist(cell, own);
        self.stones -= 1;
        self.change_keys(cell, own, false);
        self.change_near(cell, -1);
        self.near_set.set(cell, self.near[cell] > 0);
        self.read_lines(cell);
    }

    /// Adds (`sign` 1) or removes (-1) side `own`'s stone on `cell` in the keys of the cells
    /// around it, and reads again the empty ones.
    fn change_keys(&mut self, cell: Cell, own: usize, adding: bool) {
        for (direction, &step) in STEPS.iter().enumerate() {
            for distance in 1..=REACH as isize {
                for way in [-1, 1] {
                    let around = offset(cell, step, way * distance);
                    if self.cells[around] == WALL {
                        continue;
                    }
                    let weight = POW3[slot(-way * distance)];
                    let keys = &mut self.keys[around];
                    // Empty is 0, own 1, blocked 2 in a key.
                    if adding {
                        keys[own][direction] += weight;
                        keys[1 - own][direction] += 2 * weight;
                    } else {
                        keys[own][direction] -= weight;
                        keys[1 - own][direction] -= 2 * weight;
                    }
                    if self.cells[around] == EMPTY {
                        for side in 0..2 {
                            let key = self.keys[around][side][direction];
                            let now = self.tables[side][usize::from(key)];
                            let before = self.lines[around][side][direction];
                            if now != before {
                                self.lines[around][side][direction] = now;
                                let code = &mut self.codes[around][side];
                                *code = Reading::recode(*code, direction, before, now);
                                self.read_side(around, side);
                            }
                        }
                    }
                }
            }
        }
    }

    fn change_near(&mut self, cell: Cell, sign: i8) {
        for dy in -2..=2 {
            for dx in -2..=2 {
                let around = offset(cell, 1, dy * STRIDE as isize + dx);
                if self.cells[around] == WALL {
                    continue;
                }
                self.near[around] = self.near[around].wrapping_add_signed(sign);
                if self.cells[around] == EMPTY {
                    self.near_set.set(around, self.near[around] > 0);
                }
            }
        }
    }

    /// Reads the empty `cell` for both sides from all its keys.
    fn read_lines(&mut self, cell: Cell) {
        for own in 0..2 {
            for direction in 0..4 {
                let key = self.keys[cell][own][direction];
                self.lines[cell][own][direction] = self.tables[own][usize::from(key)];
            }
        }
        self.read(cell);
    }

    /// Reads the empty `cell` for both sides from its line patterns.
    fn read(&mut self, cell: Cell) {
        for own in 0..2 {
            self.codes[cell][own] = Reading::code(self.lines[cell][own]);
            self.read_side(cell, own);
        }
    }

    /// Reads the empty `cell` for side `own` from its line patterns' code.
    fn read_side(&mut self, cell: Cell, own: usize) {
        let stone = if own == 0 { Stone::Black } else { Stone::White };
        let reading = Reading::of_code(self.codes[cell][own], self.rules.is_restricted(stone));
        let before = self.readings[cell][own];
        if reading == before {
            return;
        }
        self.totals[own] += reading.value - before.value;
        self.readings[cell][own] = reading;
        let threat = reading.threat;
        let sets = &mut self.sets[own];
        sets[Kind::Five as usize].set(cell, threat == Threat::Five);
        sets[Kind::Four as usize]
            .set(cell, matches!(threat, Threat::Four | Threat::FourThree | Threat::OpenFour));
        sets[Kind::OpenFour as usize].set(cell, threat == Threat::OpenFour);
        sets[Kind::Three as usize].set(cell, matches!(threat, Threat::Three | Threat::DoubleThree));
        sets[Kind::Suspect as usize].set(cell, reading.suspect);
    }
}
