//! Pente (seed 003): white opens on the centre, captures of two, five or more in a row or
//! ten captured stones win, and a score is counted at the end.

use super::captures::Capture;
use super::record::{Record, Vacancy};
use super::{PenteRejection, PenteSettings, Score};
use crate::{
    Board, BoardGame, DrawReason, Notation, Outcome, ParseMoveError, PlayError, Point, Seat, Stone,
    WinReason,
};

/// The first player's second stone keeps at least this ring distance from the centre.
const TOURNAMENT_DISTANCE: u8 = 3;

/// A pente position. [`Seat::First`] plays white and moves first, as in the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pente {
    settings: PenteSettings,
    record: Record,
    outcome: Outcome,
}

impl Pente {
    /// Pente writes columns `A`…`T` without `I`, as in go.
    pub const NOTATION: Notation = Notation::SkipI;

    /// The colour of `seat`: the first seat is white.
    #[must_use]
    pub const fn stone_of(seat: Seat) -> Stone {
        match seat {
            Seat::First => Stone::White,
            Seat::Second => Stone::Black,
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

    /// `seat`'s points as they stand (the seed counts them when the game ends): the five
    /// bonus goes to a winner whose last move made five or more in a row.
    #[must_use]
    pub fn score(&self, seat: Seat) -> Score {
        let made_five = match &self.outcome {
            Outcome::Win { winner, reason: WinReason::Lines(_) } => *winner == seat,
            Outcome::Win { winner, reason: WinReason::Captures { lines } } => {
                *winner == seat && !lines.is_empty()
            }
            _ => false,
        };
        Score::new(made_five, self.captured_by(seat), self.board(), Pente::stone_of(seat))
    }

    /// Checks `point` for the seat to move without playing it.
    fn check(&self, point: Point) -> Result<(), PenteRejection> {
        if self.outcome.is_over() {
            return Err(PenteRejection::GameOver);
        }
        self.record.vacancy(point).map_err(|vacancy| match vacancy {
            Vacancy::OffBoard => PenteRejection::OffBoard,
            Vacancy::Occupied => PenteRejection::Occupied,
        })?;
        let centre = self.board().centre();
        match self.record.moves().len() {
            0 if point != centre => Err(PenteRejection::NotOnCentre),
            2 if point.ring_distance(centre) < TOURNAMENT_DISTANCE => {
                Err(PenteRejection::TooCloseToCentre)
            }
            _ => Ok(()),
        }
    }
}

impl BoardGame for Pente {
    type Settings = PenteSettings;
    type Move = Point;
    type Rejection = PenteRejection;

    fn start(settings: PenteSettings) -> Pente {
        Pente {
            settings,
            record: Record::new(settings.size.side(), Pente::stone_of(Seat::First)),
            outcome: Outcome::Running,
        }
    }

    fn settings(&self) -> &PenteSettings {
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

    fn play(mut self, point: Point) -> Result<Pente, PlayError<Pente>> {
        if let Err(rejection) = self.check(point) {
            return Err(PlayError { position: self, rejection });
        }
        self.record.place(point);
        self.outcome = self.record.win_by_last_move(None).unwrap_or(if self.record.is_full() {
            Outcome::Draw(DrawReason::BoardFull)
        } else {
            Outcome::Running
        });
        Ok(self)
    }

    fn outcome(&self) -> Outcome {
        self.outcome.clone()
    }

    fn parse_move(&self, text: &str) -> Result<Point, ParseMoveError> {
        Ok(Pente::NOTATION.parse(text, self.board().size())?)
    }

    fn format_move(&self, point: Point) -> String {
        Pente::NOTATION.format(point)
    }
}
