//! What a pente position and a ninuki position have in common: the stones on the board, the
//! moves played with what each one captured, and the captured tally.

use super::captures::{Capture, STONES_TO_WIN};
use crate::{Board, Outcome, Point, Seat, Stone, WinReason};

/// Shortest line that wins.
const FIVE: usize = 5;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Record {
    board: Board,
    moves: Vec<Point>,
    /// What `moves[i]` captured, for every `i`.
    captures: Vec<Capture>,
    /// Stones taken by each seat, indexed by [`Seat::index`].
    captured: [u16; 2],
    /// The colour of [`Seat::First`]: white in pente, black in ninuki.
    first: Stone,
}

impl Record {
    pub(super) fn new(size: u8, first: Stone) -> Record {
        Record {
            board: Board::empty(size),
            moves: Vec::new(),
            captures: Vec::new(),
            captured: [0, 0],
            first,
        }
    }

    pub(super) fn board(&self) -> &Board {
        &self.board
    }

    pub(super) fn moves(&self) -> &[Point] {
        &self.moves
    }

    pub(super) fn captures(&self) -> &[Capture] {
        &self.captures
    }

    pub(super) fn captured_by(&self, seat: Seat) -> u16 {
        self.captured[seat.index()]
    }

    /// The seat whose turn it is, whether or not the game is over: seats simply alternate.
    pub(super) fn seat_to_move(&self) -> Seat {
        if self.moves.len().is_multiple_of(2) { Seat::First } else { Seat::Second }
    }

    pub(super) fn stone_of(&self, seat: Seat) -> Stone {
        match seat {
            Seat::First => self.first,
            Seat::Second => self.first.opponent(),
        }
    }

    /// Whether `point` is an empty point of the board, or why not.
    pub(super) fn vacancy(&self, point: Point) -> Result<(), Vacancy> {
        if !self.board.contains(point) {
            Err(Vacancy::OffBoard)
        } else if self.board.get(point).is_some() {
            Err(Vacancy::Occupied)
        } else {
            Ok(())
        }
    }

    /// Puts the mover's stone on the empty `point` and takes off the pairs it encloses.
    pub(super) fn place(&mut self, point: Point) {
        let seat = self.seat_to_move();
        let stone = self.stone_of(seat);
        let capture = Capture::find(&self.board, point, stone);
        self.board.set(point, Some(stone));
        capture.remove_from(&mut self.board);
        self.captured[seat.index()] += capture.stones();
        self.moves.push(point);
        self.captures.push(capture);
    }

    /// The win, if the last move made one: ten captured stones, or a line through the placed
    /// stone of five or more (at most `longest_winning` when given).
    ///
    /// Only lines through the placed stone are looked at: a capture only ever shortens lines,
    /// so no other line of five or more can appear. (When overlines do not win, a capture that
    /// trims the victim's six down to five does not hand the victim a win: a five counts when
    /// its owner's stone completes it.)
    pub(super) fn win_by_last_move(&self, longest_winning: Option<usize>) -> Option<Outcome> {
        let &point = self.moves.last()?;
        let winner = self.seat_to_move().opponent();
        let lines = self.board.runs_through(point, FIVE, longest_winning);
        if self.captured_by(winner) >= STONES_TO_WIN {
            Some(Outcome::Win { winner, reason: WinReason::Captures { lines } })
        } else if lines.is_empty() {
            None
        } else {
            Some(Outcome::Win { winner, reason: WinReason::Lines(lines) })
        }
    }

    /// Whether every point holds a stone, counted without scanning the board.
    pub(super) fn is_full(&self) -> bool {
        let taken = self.captured.iter().map(|&c| usize::from(c)).sum::<usize>();
        let side = usize::from(self.board.size());
        self.moves.len() - taken == side * side
    }
}

/// Why a point cannot take a stone, whatever the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Vacancy {
    OffBoard,
    Occupied,
}
