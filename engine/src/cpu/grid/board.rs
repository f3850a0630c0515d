//! The board as the search sees it: stones in a padded array, and for every empty point and
//! both sides the pattern key of each line, the threat a stone there makes, and sets of the
//! points by threat, all kept up to date stone by stone.

use super::cells::{CELLS, Cell, CellSet, STEPS, STRIDE, cell_of, offset, point_of};
use super::patterns::{
    LinePattern, POW3, REACH, Reading, ReadingKind, Threat, line_table, reading_table, slot,
};
use super::rules::GridRules;
use super::table::{SIDE_KEY, zobrist};
use super::weights::Profile;
use crate::forbidden::FiveRule;
use crate::{Board, Stone, forbidden_kind};

const EMPTY: u8 = 0;
/// Stones played ahead of the search's root that the board is ready to take back without
/// growing: deeper than any line the search plays.
const MAX_PLAYED: usize = 128;
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
    /// The sum of the readings' fitted worths over the empty cells, per side, as the side to
    /// move and as the side waiting.
    worths: [Worths; 2],
    /// Whether the evaluation weighs the points by the fitted weights (else by the hand-set
    /// values).
    fitted: bool,
    /// Per side, what having the move is worth by its fitted profile (0 by hand-set values):
    /// read once here rather than at every leaf the search evaluates.
    tempo: [i32; 2],
    hash: u64,
    to_move: Stone,
    stones: usize,
    tables: [&'static [LinePattern]; 2],
    /// What each stone still on the board from [`SearchBoard::play`] changed, newest last:
    /// taking it back puts the saved readings back instead of reading the points again, which
    /// cost about a fifth of a gomoku search's time.
    played: Vec<Played>,
    /// How many of `played` are the stones on the board; the rest are room kept for reuse.
    depth: usize,
    /// The points' line patterns and readings as they were before the plays in `played`
    /// changed them, oldest first.
    changes: Vec<Change>,
    /// [`reading_table`], kept at hand (the board reads so often that asking for the table
    /// each time shows), and where each side's part of it begins.
    reading_table: &'static [Reading],
    restricted: [usize; 2],
}

/// Which values the evaluation weighs the points by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Valuation {
    /// The weights fitted to self-play games (`weights`).
    Fitted,
    /// The hand-set values, the side to move's a quarter more: for the capture games, and
    /// for renju's opening, whose positions of one to five stones no fitted game held.
    HandSet,
}

/// The sums of [`Reading::mover`] and [`Reading::waiter`] over one side's points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Worths {
    pub(crate) mover: i32,
    pub(crate) waiter: i32,
}

impl Worths {
    fn add(&mut self, reading: Reading) {
        self.mover += i32::from(reading.mover);
        self.waiter += i32::from(reading.waiter);
    }

    fn subtract(&mut self, reading: Reading) {
        self.mover -= i32::from(reading.mover);
        self.waiter -= i32::from(reading.waiter);
    }
}

/// How a stone changes the keys of the points around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KeyChange {
    /// A stone put on; `saving` keeps what changes in [`SearchBoard::changes`].
    Add { saving: bool },
    /// A stone taken off, the points around read again.
    Remove,
    /// A stone taken off by an undo, which puts the saved readings back itself.
    RemoveKeysOnly,
}

/// What [`SearchBoard::play`] saves to be taken back.
#[derive(Clone, Debug, Default)]
struct Played {
    /// Where its changes begin in [`SearchBoard::changes`].
    changes_from: usize,
    sets: [[CellSet; KINDS]; 2],
    totals: [i32; 2],
    worths: [Worths; 2],
    /// The stone's point as it was while empty.
    lines: [[LinePattern; 4]; 2],
    codes: [u16; 2],
    readings: [Reading; 2],
}

/// One line pattern of an empty point for one side, and what the point read, before a stone
/// changed them.
#[derive(Clone, Copy, Debug)]
struct Change {
    cell: u16,
    side: u8,
    direction: u8,
    line: LinePattern,
    code: u16,
    reading: Reading,
}

/// The direction and the signed number of steps from `from` to `to` when `to` is in one of
/// `from`'s line keys (on a line through it, at most [`REACH`] steps away).
fn line_between(from: Cell, to: Cell) -> Option<(usize, isize)> {
    let column = |cell: Cell| (cell % STRIDE) as isize;
    let row = |cell: Cell| (cell / STRIDE) as isize;
    let (dx, dy) = (column(to) - column(from), row(to) - row(from));
    let steps = if dx == 0 { dy } else { dx };
    let direction = match (dx, dy) {
        (_, 0) => 0,
        (0, _) => 1,
        _ if dx == dy => 2,
        _ if dx == -dy => 3,
        _ => return None,
    };
    (steps != 0 && steps.unsigned_abs() <= REACH).then_some((direction, steps))
}

impl SearchBoard {
    /// The search board for `board` with `to_move` to play, under `rules`, evaluated by the
    /// fitted weights (the hand-set values in the capture games).
    pub(crate) fn new(board: &Board, to_move: Stone, rules: GridRules) -> Box<SearchBoard> {
        SearchBoard::valued(board, to_move, rules, Valuation::Fitted)
    }

    /// [`SearchBoard::new`] evaluated as `valuation` says.
    pub(crate) fn valued(
        board: &Board,
        to_move: Stone,
        rules: GridRules,
        valuation: Valuation,
    ) -> Box<SearchBoard> {
        let fitted = valuation == Valuation::Fitted && !rules.captures;
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
            worths: [Worths::default(); 2],
            fitted,
            tempo: [Stone::Black, Stone::White].map(|stone| {
                let profile =
                    Profile::of(rules.is_restricted(stone), rules.is_restricted(stone.opponent()));
                if fitted { profile.weights().tempo } else { 0 }
            }),
            hash: 0,
            to_move: Stone::Black,
            stones: 0,
            tables: [line_table(rule(Stone::Black)), line_table(rule(Stone::White))],
            played: Vec::with_capacity(MAX_PLAYED),
            depth: 0,
            changes: Vec::with_capacity(MAX_PLAYED * 32),
            reading_table: reading_table(),
            restricted: [Stone::Black, Stone::White].map(|stone| {
                let restricted = rules.is_restricted(stone);
                let opponent_restricted = rules.is_restricted(stone.opponent());
                ReadingKind::of(restricted, opponent_restricted, fitted).table_offset()
            }),
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
                search.place(cell_of(point), stone, false);
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

    /// The line patterns a stone of `stone` would make on the empty `cell`.
    pub(crate) fn lines(&self, cell: Cell, stone: Stone) -> [LinePattern; 4] {
        self.lines[cell][side(stone)]
    }

    pub(crate) fn near(&self) -> &CellSet {
        &self.near_set
    }

    pub(crate) fn total(&self, stone: Stone) -> i32 {
        self.totals[side(stone)]
    }

    /// The fitted worth of `stone`'s points, as the side to move and as the side waiting.
    pub(crate) fn worths(&self, stone: Stone) -> Worths {
        self.worths[side(stone)]
    }

    pub(crate) fn is_fitted(&self) -> bool {
        self.fitted
    }

    /// What having the move is worth to `stone` by its fitted profile.
    pub(crate) fn tempo(&self, stone: Stone) -> i32 {
        self.tempo[side(stone)]
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

    /// Whether a stone of the side to move on the empty `cell` would leave the opponent no
    /// point to make a straight four: the test of an answer to an open three. Answered from
    /// the readings where it can: playing each answer to see cost a third of a search's time.
    pub(crate) fn stops_straight_fours(&mut self, cell: Cell) -> bool {
        let opponent = self.to_move.opponent();
        let theirs = side(opponent);
        // The stone only blocks the opponent's lines through it, which for a free side can
        // only weaken its points. A restricted black's point can gain: a stone that breaks
        // one of its two fours lifts the ban on the straight four left, so every point on
        // the lines is read.
        let restricted = self.rules.is_restricted(opponent);
        let targets = self.sets[theirs][Kind::OpenFour as usize];
        for target in targets.iter().filter(|&target| target != cell) {
            let reading = match line_between(target, cell) {
                Some(_) if restricted => continue,
                Some((direction, steps)) => self.reading_blocked(target, theirs, direction, steps),
                None => self.readings[target][theirs],
            };
            if let Some(stops) = self.stops_given(reading, cell) {
                return stops;
            }
        }
        if restricted {
            for (direction, &step) in STEPS.iter().enumerate() {
                for distance in 1..=REACH as isize {
                    for steps in [-distance, distance] {
                        let target = offset(cell, step, steps);
                        if self.cells[target] != EMPTY {
                            continue;
                        }
                        let reading = self.reading_blocked(target, theirs, direction, -steps);
                        if let Some(stops) = self.stops_given(reading, cell) {
                            return stops;
                        }
                    }
                }
            }
        }
        true
    }

    /// The points forbidden to a restricted `attacker` on the lines through its straight-four
    /// points. A defender may stop a straight four on one of them (the end of a three where
    /// black's own stone would make a double four, say), yet they are not among the
    /// attacker's four points, where the answers to a three are otherwise looked for. Empty
    /// for a free attacker, whose ends of a three are all its four points.
    pub(crate) fn forbidden_ends(&self, attacker: Stone) -> CellSet {
        let mut ends = CellSet::default();
        if !self.rules.is_restricted(attacker) {
            return ends;
        }
        for target in self.sets[side(attacker)][Kind::OpenFour as usize].iter() {
            for &step in &STEPS {
                // A straight four made on `target` ends at most four steps from it.
                for distance in 1..REACH as isize {
                    for steps in [-distance, distance] {
                        let around = offset(target, step, steps);
                        if self.cells[around] == EMPTY && !self.allowed(around, attacker) {
                            ends.insert(around);
                        }
                    }
                }
            }
        }
        ends
    }

    /// The reading of the empty `target` for side `theirs` once the cell `steps` steps away
    /// along `direction` holds a stone of the other side.
    fn reading_blocked(
        &self,
        target: Cell,
        theirs: usize,
        direction: usize,
        steps: isize,
    ) -> Reading {
        let key = self.keys[target][theirs][direction] + 2 * POW3[slot(steps)];
        let line = self.tables[theirs][usize::from(key)];
        let before = self.lines[target][theirs][direction];
        let code = Reading::recode(self.codes[target][theirs], direction, before, line);
        self.reading_of(code, theirs)
    }

    /// What the line patterns of `code` make for side `own`.
    fn reading_of(&self, code: u16, own: usize) -> Reading {
        self.reading_table[usize::from(code) + self.restricted[own]]
    }

    /// What one of the opponent's points, read as `reading` after a stone on `cell`, says of
    /// whether that stone stops every straight four: `Some(false)` when the point still makes
    /// one, `None` when it does not, and the answer found by playing `cell` when whether the
    /// point is forbidden depends on the whole board.
    fn stops_given(&mut self, reading: Reading, cell: Cell) -> Option<bool> {
        match reading.threat {
            Threat::OpenFour if reading.suspect => Some(self.stops_by_playing(cell)),
            Threat::OpenFour => Some(false),
            _ => None,
        }
    }

    /// [`SearchBoard::stops_straight_fours`] by playing `cell` and reading what is left.
    pub(crate) fn stops_by_playing(&mut self, cell: Cell) -> bool {
        let opponent = self.to_move.opponent();
        self.play(cell);
        let stops = self.set(opponent, Kind::OpenFour).iter().all(|c| !self.allowed(c, opponent));
        self.undo(cell);
        stops
    }

    /// Puts a stone of the side to move on the empty `cell`.
    pub(crate) fn play(&mut self, cell: Cell) {
        // Saved into a slot kept from earlier plays, not pushed: the sets are a kilobyte,
        // and building the record apart and then moving it in copied them twice.
        if self.depth == self.played.len() {
            self.played.push(Played::default());
        }
        let played = &mut self.played[self.depth];
        played.changes_from = self.changes.len();
        played.sets = self.sets;
        played.totals = self.totals;
        played.worths = self.worths;
        played.lines = self.lines[cell];
        played.codes = self.codes[cell];
        played.readings = self.readings[cell];
        self.depth += 1;
        self.place(cell, self.to_move, true);
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
        let Some(last) = self.depth.checked_sub(1) else {
            debug_assert!(false, "undo of {cell} without its play");
            self.lift(cell);
            return;
        };
        self.depth = last;
        let own = if self.cells[cell] == code(Stone::Black) { 0 } else { 1 };
        self.take_off(cell, own, false);
        let played = &self.played[last];
        for change in self.changes.drain(played.changes_from..).rev() {
            let (around, side) = (usize::from(change.cell), usize::from(change.side));
            self.lines[around][side][usize::from(change.direction)] = change.line;
            self.codes[around][side] = change.code;
            self.readings[around][side] = change.reading;
        }
        self.sets = played.sets;
        self.totals = played.totals;
        self.worths = played.worths;
        self.lines[cell] = played.lines;
        self.codes[cell] = played.codes;
        self.readings[cell] = played.readings;
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
        self.place(cell, stone, false);
    }

    /// Puts `stone` on the empty `cell`; `saving` keeps what it changes in `changes`.
    fn place(&mut self, cell: Cell, stone: Stone, saving: bool) {
        let own = side(stone);
        self.cells[cell] = code(stone);
        self.board.set(point_of(cell), Some(stone));
        self.hash ^= zobrist(cell, own);
        self.stones += 1;
        for other in 0..2 {
            self.totals[other] -= self.readings[cell][other].value();
            self.worths[other].subtract(self.readings[cell][other]);
            self.readings[cell][other] = Reading::default();
            for set in &mut self.sets[other] {
                set.remove(cell);
            }
        }
        self.change_keys(cell, own, KeyChange::Add { saving });
        self.change_near(cell, 1);
        self.near_set.remove(cell);
    }

    /// Takes the stone on `cell` off and reads the points around it again.
    fn lift(&mut self, cell: Cell) {
        let own = if self.cells[cell] == code(Stone::Black) { 0 } else { 1 };
        self.take_off(cell, own, true);
        self.read_lines(cell);
    }

    /// Takes side `own`'s stone on `cell` off; `reading` reads the points around it again,
    /// else their keys alone change (an undo then puts their saved readings back).
    fn take_off(&mut self, cell: Cell, own: usize, reading: bool) {
        self.cells[cell] = EMPTY;
        self.board.set(point_of(cell), None);
        self.hash ^= zobrist(cell, own);
        self.stones -= 1;
        self.change_keys(
            cell,
            own,
            if reading { KeyChange::Remove } else { KeyChange::RemoveKeysOnly },
        );
        self.change_near(cell, -1);
        self.near_set.set(cell, self.near[cell] > 0);
    }

    /// Adds or removes side `own`'s stone on `cell` in the keys of the cells around it, and
    /// reads again the empty ones unless told not to.
    fn change_keys(&mut self, cell: Cell, own: usize, change: KeyChange) {
        let adding = matches!(change, KeyChange::Add { .. });
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
                    if self.cells[around] != EMPTY || change == KeyChange::RemoveKeysOnly {
                        continue;
                    }
                    for side in 0..2 {
                        let key = self.keys[around][side][direction];
                        let now = self.tables[side][usize::from(key)];
                        let before = self.lines[around][side][direction];
                        if now == before {
                            continue;
                        }
                        if change == (KeyChange::Add { saving: true }) {
                            self.changes.push(Change {
                                cell: around as u16,
                                side: side as u8,
                                direction: direction as u8,
                                line: before,
                                code: self.codes[around][side],
                                reading: self.readings[around][side],
                            });
                        }
                        self.lines[around][side][direction] = now;
                        let code = &mut self.codes[around][side];
                        *code = Reading::recode(*code, direction, before, now);
                        self.read_side(around, side);
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
        let reading = self.reading_of(self.codes[cell][own], own);
        let before = self.readings[cell][own];
        if reading == before {
            return;
        }
        self.totals[own] += reading.value() - before.value();
        self.worths[own].subtract(before);
        self.worths[own].add(reading);
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
