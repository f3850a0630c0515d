//! Ninuki, "cinco con capturas": gomoku with pente's captures. Five in a row or five captured
//! pairs win; gomoku's overline and forbidden-move settings apply.

use super::captures::{Capture, STONES_TO_WIN};
use super::record::{Record, Vacancy};
use super::{NinukiRejection, NinukiSettings};
use crate::{
    Board, BoardGame, DrawReason, ForbiddenKind, Notation, Outcome, ParseMoveError, PlayError,
    Point, Seat, Stone, forbidden_kind,
};

/// Exactly five, when overlines do not win.
const FIVE: usize = 5;

/// A ninuki position. [`Seat::First`] plays black and moves first, as in gomoku.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ninuki {
    settings: NinukiSettings,
    record: Record,
    outcome: Outcome,
}

impl Ninuki {
    /// Ninuki writes gomoku's columns `a`, `b`, … including `i`.
    pub const NOTATION: Notation = Notation::WithI;

    /// The colour of `seat`: the first seat is black.
    #[must_use]
    pub const fn stone_of(seat: Seat) -> Stone {
        match seat {
            Seat::First => Stone::Black,
            Seat::Second => Stone::White,
        }
    }

    #[must_use]
    pub fn board(&self) -> &Board {
        self.record.board()
    }

    /// How many stones `seat` has captured so far.
    #[must_use]
    pub fn captured_by(&self, seat: Seat) -> u16 {
        self.record.captured_by(seat)
    }

    /// What each move of [`BoardGame::history`] captured, in the same order.
    #[must_use]
    pub fn captures(&self) -> &[Capture] {
        self.record.captures()
    }

    /// The empty points black may not play now, with the shape each would make, for the
    /// board to mark them. Empty unless forbidden moves are on, black is to move and the game
    /// goes on.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<(Point, ForbiddenKind)> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        self.board()
            .empty_points()
            .filter_map(|point| self.forbidden(point).map(|kind| (point, kind)))
            .collect()
    }

    /// The forbidden shape the mover would make on the empty `point`.
    ///
    /// The shape is judged on the board as it would be after the move's captures, since
    /// those stones are gone when the move stands. A move that brings black to ten captured
    /// stones wins at once and is never forbidden, just as exactly five is not.
    fn forbidden(&self, point: Point) -> Option<ForbiddenKind> {
        let seat = self.record.seat_to_move();
        if !self.settings.forbidden_moves || Ninuki::stone_of(seat) != Stone::Black {
            return None;
        }
        let capture = Capture::find(self.board(), point, Stone::Black);
        if capture.is_empty() {
            return forbidden_kind(self.board(), point);
        }
        if self.captured_by(seat) + capture.stones() >= STONES_TO_WIN {
            return None;
        }
        let mut after = self.board().clone();
        capture.remove_from(&mut after);
        forbidden_kind(&after, point)
    }

    /// Checks `point` for the seat to move without playing it.
    fn check(&self, point: Point) -> Result<(), NinukiRejection> {
        if self.outcome.is_over() {
            return Err(NinukiRejection::GameOver);
        }
        self.record.vacancy(point).map_err(|vacancy| match vacancy {
            Vacancy::OffBoard => NinukiRejection::OffBoard,
            Vacancy::Occupied => NinukiRejection::Occupied,
        })?;
        match self.forbidden(point) {
            Some(kind) => Err(NinukiRejection::Forbidden(kind)),
            None => Ok(()),
        }
    }

    /// Where the game stands after the move just placed.
    fn judge(&self) -> Outcome {
        let longest_winning = if self.settings.overline_wins { None } else { Some(FIVE) };
        if let Some(win) = self.record.win_by_last_move(longest_winning) {
            win
        } else if self.record.is_full() {
            Outcome::Draw(DrawReason::BoardFull)
        } else if self.board().empty_points().all(|point| self.forbidden(point).is_some()) {
            Outcome::Draw(DrawReason::NoLegalMove)
        } else {
            Outcome::Running
        }
    }
}

impl BoardGame for Ninuki {
    type Settings = NinukiSettings;
    type Move = Point;
    type Rejection = NinukiRejection;

    fn start(settings: NinukiSettings) -> Ninuki {
        Ninuki {
            settings,
            record: Record::new(settings.size.side(), Ninuki::stone_of(Seat::First)),
            outcome: Outcome::Running,
        }
    }

    fn settings(&self) -> &NinukiSettings {
        &self.settings
    }

    fn history(&self) -> &[Point] {
        self.record.moves()
    }

    fn seat_to_act(&self) -> Option<Seat> {
        (!self.outcome.is_over()).then(|| self.record.seat_to_move())
    }

    fn legal_moves(&self) -> Vec<Point> {
        self.board().empty_points().filter(|&point| self.check(point).is_ok()).collect()
    }

    fn play(mut self, point: Point) -> Result<Ninuki, PlayError<Ninuki>> {
        if let Err(rejection) = self.check(point) {
            return Err(PlayError { position: self, rejection });
        }
        self.record.place(point);
        self.outcome = self.judge();
        Ok(self)
    }

    fn outcome(&self) -> Outcome {
        self.outcome.clone()
    }

    fn parse_move(&self, text: &str) -> Result<Point, ParseMoveError> {
        Ok(Ninuki::NOTATION.parse(text, self.board().size())?)
    }

    fn format_move(&self, point: Point) -> String {
        Ninuki::NOTATION.format(point)
    }
}
