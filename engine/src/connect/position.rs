use std::fmt;

use super::lines::{self, cell, column_mask, frame_mask};
use super::{Column, ConnectMove, ConnectRejection, ConnectSettings, Disc};
use crate::{BoardGame, DrawReason, Outcome, ParseMoveError, PlayError, Point, Seat, WinReason};

/// The side columns of 5 en raya, by colour: the left one holds red, yellow, red… from the
/// bottom and the right one yellow, red, yellow…, so every row has one disc of each colour at
/// its ends.
const SIDE_DISCS: [u64; 2] = [
    cell(0, 0) | cell(0, 2) | cell(0, 4) | cell(8, 1) | cell(8, 3) | cell(8, 5),
    cell(0, 1) | cell(0, 3) | cell(0, 5) | cell(8, 0) | cell(8, 2) | cell(8, 4),
];

/// The cells a game can fill: seven columns of six.
const FREE_CELLS: usize = Column::COUNT as usize * ConnectSettings::HEIGHT as usize;

/// A game of 5 en raya or Connect Four, with or without PopOut.
///
/// Cells are [`Point`]s in *frame* coordinates: `x` counts every column of the frame from the
/// left, side columns included, so in 5 en raya the left side column is `x = 0`, playable
/// column 1 is `x = 1` and the right side column is `x = 8`; in Connect Four column 1 is
/// `x = 0`. `y` is the row from the bottom, 0 to 5. Winning lines use the same coordinates.
///
/// ```
/// use engine::{BoardGame, Connect, ConnectSettings, Disc, Line, Outcome, Point, Seat, WinReason};
///
/// let mut game = Connect::start(ConnectSettings::five_in_row());
/// // Red builds the bottom row from its side disc; yellow stacks on top.
/// for text in ["1", "1", "2", "2", "3", "3", "4"] {
///     let mv = game.parse_move(text)?;
///     game = game.play(mv)?;
/// }
/// assert_eq!(game.disc_at(Point::new(0, 0)), Some(Disc::Red));
/// let five = Line { from: Point::new(0, 0), to: Point::new(4, 0) };
/// assert_eq!(
///     game.outcome(),
///     Outcome::Win { winner: Seat::First, reason: WinReason::Lines(vec![five]) }
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Connect {
    settings: ConnectSettings,
    /// The discs of each colour, side discs included, indexed by [`Seat::index`].
    discs: [u64; 2],
    history: Vec<ConnectMove>,
    /// PopOut only: the discs after each ply, the start included, to spot a third repetition.
    seen: Vec<[u64; 2]>,
    outcome: Outcome,
}

impl Connect {
    /// The colour whose turn it is (the game may be over).
    fn mover(&self) -> Seat {
        if self.history.len().is_multiple_of(2) { Seat::First } else { Seat::Second }
    }

    fn occupied(&self) -> u64 {
        self.discs[0] | self.discs[1]
    }

    fn cell_of(&self, column: Column) -> u8 {
        self.settings.column_x(column)
    }

    /// How many discs stand in `column` (0 to 6).
    #[must_use]
    pub fn height(&self, column: Column) -> u8 {
        // At most six bits are set, so the count fits.
        (self.occupied() & column_mask(self.cell_of(column))).count_ones() as u8
    }

    /// Whether `column` has no room for another disc.
    #[must_use]
    pub fn is_full(&self, column: Column) -> bool {
        self.height(column) == ConnectSettings::HEIGHT
    }

    /// The disc at `point` (frame coordinates), or `None` if the cell is empty or outside the
    /// frame.
    #[must_use]
    pub fn disc_at(&self, point: Point) -> Option<Disc> {
        if point.x >= self.settings.width() || point.y >= ConnectSettings::HEIGHT {
            return None;
        }
        let bit = cell(point.x, point.y);
        [Seat::First, Seat::Second]
            .into_iter()
            .find(|seat| self.discs[seat.index()] & bit != 0)
            .map(Disc::of)
    }

    /// Whether `point` is a cell of a 5 en raya side column: its disc was there from the start
    /// and never moves.
    #[must_use]
    pub fn is_side_disc(&self, point: Point) -> bool {
        self.settings.has_side_columns()
            && (point.x == 0 || point.x == self.settings.width() - 1)
            && point.y < ConnectSettings::HEIGHT
    }

    /// How many discs of `disc`'s colour are on the grid, side discs included.
    #[must_use]
    pub fn count(&self, disc: Disc) -> u32 {
        self.discs[disc.seat().index()].count_ones()
    }

    /// The move that led here, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<ConnectMove> {
        self.history.last().copied()
    }

    /// The discs of each colour as bitboards (layout in `lines`), indexed by [`Seat::index`]:
    /// what the computer player searches on.
    pub(crate) fn discs(&self) -> [u64; 2] {
        self.discs
    }

    /// PopOut only: the discs after each ply, the start included, so that a search can tell
    /// a repetition; empty without PopOut.
    pub(crate) fn seen(&self) -> &[[u64; 2]] {
        &self.seen
    }

    /// Whether the seat to act may play `mv` now.
    ///
    /// # Errors
    /// The [`ConnectRejection`] that [`BoardGame::play`] would give.
    pub fn check(&self, mv: ConnectMove) -> Result<(), ConnectRejection> {
        if self.outcome.is_over() {
            return Err(ConnectRejection::GameOver);
        }
        match mv {
            ConnectMove::Drop(column) if self.is_full(column) => Err(ConnectRejection::ColumnFull),
            ConnectMove::Drop(_) => Ok(()),
            ConnectMove::Pop(_) if !self.settings.pop_out => Err(ConnectRejection::PopOutOff),
            ConnectMove::Pop(column) => {
                let bottom = cell(self.cell_of(column), 0);
                if self.occupied() & bottom == 0 {
                    Err(ConnectRejection::NothingToPop)
                } else if self.discs[self.mover().index()] & bottom == 0 {
                    Err(ConnectRejection::NotYourDisc)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Plays `mv` without asking whether it is allowed: the fast path for searches that only
    /// play moves from [`BoardGame::legal_moves`]. An illegal move leaves a meaningless
    /// position, but never panics.
    pub fn play_unchecked(&mut self, mv: ConnectMove) {
        let mover = self.mover();
        match mv {
            ConnectMove::Drop(column) => {
                let x = self.cell_of(column);
                let height = self.height(column);
                self.discs[mover.index()] |= cell(x, height);
            }
            ConnectMove::Pop(column) => {
                let mask = column_mask(self.cell_of(column));
                for discs in &mut self.discs {
                    *discs = (*discs & !mask) | ((*discs & mask) >> 1 & mask);
                }
            }
        }
        self.history.push(mv);
        if self.settings.pop_out {
            self.seen.push(self.discs);
        }
        self.outcome = self.judge(mover, mv);
    }

    /// Where the game stands after `mover` played `mv`.
    fn judge(&self, mover: Seat, mv: ConnectMove) -> Outcome {
        let length = self.settings.win_length();
        let won = |seat: Seat| lines::has_line(self.discs[seat.index()], length);
        // A drop adds only the mover's disc; a pop moves both colours, and the popping player
        // wins when both get a line.
        let winner = if won(mover) {
            Some(mover)
        } else if matches!(mv, ConnectMove::Pop(_)) && won(mover.opponent()) {
            Some(mover.opponent())
        } else {
            None
        };
        if let Some(winner) = winner {
            let lines = lines::lines(self.discs[winner.index()], length);
            return Outcome::Win { winner, reason: WinReason::Lines(lines) };
        }
        if !self.settings.pop_out {
            let full = self.occupied() == frame_mask(self.settings.width());
            return if full { Outcome::Draw(DrawReason::BoardFull) } else { Outcome::Running };
        }
        // With PopOut a full grid plays on. The player to move is never stuck there: having
        // nothing to pop would mean the seven bottom cells are all the opponent's, a line that
        // already ended the game, so `DrawReason::NoLegalMove` cannot arise.
        if self.repetitions() >= 3 {
            Outcome::Draw(DrawReason::Repetition)
        } else {
            Outcome::Running
        }
    }

    /// How often the current position has occurred with the same player to move, this time
    /// included (PopOut only; 1 without it). Only positions an even number of plies back can
    /// have the same player to move; the third occurrence draws.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        if !self.settings.pop_out {
            return 1;
        }
        self.seen.iter().rev().step_by(2).filter(|&&discs| discs == self.discs).count()
    }
}

impl BoardGame for Connect {
    type Settings = ConnectSettings;
    type Move = ConnectMove;
    type Rejection = ConnectRejection;

    fn start(settings: ConnectSettings) -> Connect {
        let discs = if settings.has_side_columns() { SIDE_DISCS } else { [0, 0] };
        // Room for a whole game without PopOut, so that playing never reallocates.
        let history = Vec::with_capacity(FREE_CELLS);
        let seen = if settings.pop_out {
            let mut seen = Vec::with_capacity(FREE_CELLS + 1);
            seen.push(discs);
            seen
        } else {
            Vec::new()
        };
        Connect { settings, discs, history, seen, outcome: Outcome::Running }
    }

    fn settings(&self) -> &ConnectSettings {
        &self.settings
    }

    fn history(&self) -> &[ConnectMove] {
        &self.history
    }

    fn seat_to_act(&self) -> Option<Seat> {
        (!self.outcome.is_over()).then(|| self.mover())
    }

    fn legal_moves(&self) -> Vec<ConnectMove> {
        let drops = Column::ALL.into_iter().map(ConnectMove::Drop);
        let pops = Column::ALL.into_iter().map(ConnectMove::Pop);
        drops.chain(pops).filter(|&mv| self.check(mv).is_ok()).collect()
    }

    fn play(mut self, mv: ConnectMove) -> Result<Connect, PlayError<Connect>> {
        match self.check(mv) {
            Ok(()) => {
                self.play_unchecked(mv);
                Ok(self)
            }
            Err(rejection) => Err(PlayError { position: self, rejection }),
        }
    }

    fn outcome(&self) -> Outcome {
        self.outcome.clone()
    }

    fn parse_move(&self, text: &str) -> Result<ConnectMove, ParseMoveError> {
        ConnectMove::parse(text, &self.settings)
    }

    fn format_move(&self, mv: ConnectMove) -> String {
        mv.to_string()
    }
}

impl fmt::Debug for Connect {
    /// The grid as rows of `R` (red), `Y` (yellow) and `.`, top row first, then the moves.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Connect {:?}", self.settings)?;
        for y in (0..ConnectSettings::HEIGHT).rev() {
            for x in 0..self.settings.width() {
                let c = match self.disc_at(Point::new(x, y)) {
                    Some(Disc::Red) => 'R',
                    Some(Disc::Yellow) => 'Y',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        let moves: Vec<String> = self.history.iter().map(ToString::to_string).collect();
        writeln!(f, "moves: {}", moves.join(", "))?;
        write!(f, "outcome: {:?}", self.outcome)
    }
}
