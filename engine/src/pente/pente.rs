//! Pente (seed 003): white opens on the centre, captures of two, five or more in a row or
//! ten captured stones win, and a score is counted at the end.

use super::captures::Capture;
use super::record::{Record, Vacancy};
use super::{PenteRejection, PenteSettings, Score};
use crate::{
    Board, BoardGame, DrawReason, Line, Notation, Outcome, ParseMoveError, PlayError, Point, Seat,
    Stone, WinReason,
};

/// The first player's second stone keeps at least this ring distance from the centre.
const TOURNAMENT_DISTANCE: u8 = 3;

/// A pente position. [`Seat::First`] plays white and moves first, as in the seed.
///
/// ```
/// use engine::{BoardGame, Outcome, Pente, PenteRejection, PenteSettings, Seat};
///
/// let mut position = Pente::start(PenteSettings::default());
/// for text in ["K10", "L10", "K13", "M10", "N10"] {
///     let point = position.parse_move(text)?;
///     position = position.play(point)?;
/// }
/// // White's N10 closed K10 … N10 around two black stones and took them.
/// assert_eq!(position.captured_by(Seat::First), 2);
/// assert_eq!(position.score(Seat::First).captures, 1);
/// assert_eq!(position.outcome(), Outcome::Running);
///
/// // A refused move hands the position back with the reason.
/// let point = position.parse_move("K10")?;
/// let refused = position.play(point).unwrap_err();
/// assert_eq!(refused.rejection, PenteRejection::Occupied);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

    /// The fours on the board that `seat`'s score counts, end to end.
    #[must_use]
    pub fn scoring_fours(&self, seat: Seat) -> Vec<Line> {
        super::score::four_lines(self.board(), Pente::stone_of(seat))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Line, PenteSize};

    fn point(text: &str) -> Point {
        Pente::NOTATION.parse(text, 19).expect("a valid coordinate")
    }

    /// The 19×19 position after `moves`, each of which must be legal.
    fn game(moves: &[&str]) -> Pente {
        moves.iter().fold(Pente::start(PenteSettings::default()), |position, text| {
            position.play(point(text)).expect("a legal move")
        })
    }

    fn refusal(position: &Pente, text: &str) -> PenteRejection {
        let error = position.clone().play(point(text)).expect_err("a refused move");
        assert_eq!(&error.position, position, "a refusal hands back the same position");
        error.rejection
    }

    /// White (first) captures a black pair on each of five rows, black feeding the pairs.
    fn ten_stones() -> Vec<String> {
        let mut moves = vec!["K10".to_owned()];
        for row in [1, 3, 5, 7, 9] {
            for column in ["B", "A", "C", "D"] {
                moves.push(format!("{column}{row}"));
            }
        }
        moves
    }

    #[test]
    fn white_moves_first_and_seats_alternate() {
        let position = Pente::start(PenteSettings::default());
        assert_eq!(position.seat_to_act(), Some(Seat::First));
        assert_eq!(Pente::stone_of(Seat::First), Stone::White);
        let position = game(&["K10"]);
        assert_eq!(position.board().get(point("K10")), Some(Stone::White));
        assert_eq!(position.seat_to_act(), Some(Seat::Second));
    }

    #[test]
    fn the_first_stone_goes_on_the_centre() {
        let start = Pente::start(PenteSettings::default());
        assert_eq!(refusal(&start, "A1"), PenteRejection::NotOnCentre);
        assert_eq!(refusal(&start, "J10"), PenteRejection::NotOnCentre);
        assert_eq!(start.legal_moves(), [point("K10")]);
    }

    #[test]
    fn the_centre_of_13_by_13_is_g7() {
        let start = Pente::start(PenteSettings { size: PenteSize::Thirteen });
        assert_eq!(start.parse_move("G7"), Ok(Point::new(6, 6)));
        assert_eq!(start.legal_moves(), [Point::new(6, 6)]);
        let refused = start.clone().play(Point::new(9, 9)).expect_err("K10 is off-centre here");
        assert_eq!(refused.rejection, PenteRejection::NotOnCentre);
        assert!(start.play(Point::new(6, 6)).is_ok());
    }

    #[test]
    fn whites_second_stone_keeps_three_points_from_the_centre() {
        let position = game(&["K10", "L11"]);
        assert_eq!(refusal(&position, "M12"), PenteRejection::TooCloseToCentre);
        assert_eq!(refusal(&position, "K12"), PenteRejection::TooCloseToCentre);
        assert_eq!(refusal(&position, "H8"), PenteRejection::TooCloseToCentre);
        assert!(position.clone().play(point("N10")).is_ok());
        assert!(position.clone().play(point("G7")).is_ok());
        assert!(position.clone().play(point("N13")).is_ok());
        // The 5×5 square around the centre is closed: 361 points, two taken, 23 more shut.
        assert_eq!(position.legal_moves().len(), 361 - 2 - 23);
    }

    #[test]
    fn black_and_later_white_stones_may_go_near_the_centre() {
        let position = game(&["K10", "K11", "N10", "L10", "L11"]);
        assert_eq!(position.board().count(), (2, 3));
    }

    #[test]
    fn bad_points_are_refused_with_their_reason() {
        let position = game(&["K10"]);
        assert_eq!(refusal(&position, "K10"), PenteRejection::Occupied);
        let error = position.play(Point::new(19, 3)).expect_err("off the board");
        assert_eq!(error.rejection, PenteRejection::OffBoard);
        assert_eq!(
            Pente::start(PenteSettings::default()).parse_move("I5"),
            Err(ParseMoveError::Coordinate(crate::CoordinateError::NoColumnI))
        );
    }

    #[test]
    fn a_flanked_pair_is_captured_and_recorded() {
        let position = game(&["K10", "L10", "K13", "M10", "N10"]);
        assert_eq!(position.board().get(point("L10")), None);
        assert_eq!(position.board().get(point("M10")), None);
        assert_eq!(position.captured_by(Seat::First), 2);
        assert_eq!(position.captured_by(Seat::Second), 0);
        assert_eq!(position.captures().len(), 5);
        assert_eq!(position.captures()[4].points(), [point("M10"), point("L10")]);
        assert!(position.captures()[..4].iter().all(Capture::is_empty));
        // The emptied points can be played again.
        assert!(position.play(point("L10")).is_ok());
    }

    #[test]
    fn moving_into_a_flank_is_safe() {
        let position = game(&["K10", "L10", "N10", "M10"]);
        assert_eq!(position.board().count(), (2, 2));
        assert_eq!(position.captured_by(Seat::First), 0);
        assert!(position.captures().iter().all(Capture::is_empty));
    }

    #[test]
    fn three_in_a_row_is_not_captured() {
        let position = game(&["K10", "L10", "K13", "M10", "A1", "N10", "O10"]);
        assert_eq!(position.captured_by(Seat::First), 0);
        assert_eq!(position.board().count(), (3, 4));
    }

    #[test]
    fn a_double_capture_takes_four_stones() {
        // White's N10 closes the row K10-N10 and the column N10-N13 at once.
        let position = game(&["K10", "L10", "N13", "M10", "A1", "N11", "A3", "N12", "N10"]);
        let mut taken = position.captures()[8].points().to_vec();
        taken.sort();
        let mut expected = [point("L10"), point("M10"), point("N11"), point("N12")];
        expected.sort();
        assert_eq!(taken, expected);
        assert_eq!(position.captured_by(Seat::First), 4);
        assert_eq!(position.board().count(), (0, 5));
        assert_eq!(position.score(Seat::First).captures, 2);
    }

    #[test]
    fn five_in_a_row_wins() {
        let position = game(&["K10", "A1", "K13", "A3", "K11", "A5", "K12", "A7", "K14"]);
        let line = Line { from: point("K10"), to: point("K14") };
        assert_eq!(
            position.outcome(),
            Outcome::Win { winner: Seat::First, reason: WinReason::Lines(vec![line]) }
        );
        assert_eq!(position.seat_to_act(), None);
        assert!(position.legal_moves().is_empty());
        assert_eq!(refusal(&position, "B2"), PenteRejection::GameOver);
    }

    #[test]
    fn an_overline_wins_too() {
        let position =
            game(&["K10", "A1", "K13", "A3", "K11", "A5", "K12", "A7", "K15", "A9", "K14"]);
        let line = Line { from: point("K10"), to: point("K15") };
        assert_eq!(
            position.outcome(),
            Outcome::Win { winner: Seat::First, reason: WinReason::Lines(vec![line]) }
        );
    }

    #[test]
    fn ten_captured_stones_win() {
        let moves = ten_stones();
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        let before = game(&texts[..texts.len() - 1]);
        assert_eq!(before.captured_by(Seat::First), 8);
        assert_eq!(before.outcome(), Outcome::Running);
        let position = game(&texts);
        assert_eq!(position.captured_by(Seat::First), 10);
        assert_eq!(
            position.outcome(),
            Outcome::Win { winner: Seat::First, reason: WinReason::Captures { lines: vec![] } }
        );
        assert_eq!(
            position.score(Seat::First),
            Score { five: 0, captures: 5, fours: 0 },
            "one point per captured pair, no five bonus for a capture win"
        );
    }

    #[test]
    fn the_score_counts_fours_and_the_five() {
        let position = game(&["K10", "A1", "K13", "A2", "K11", "A3", "K12"]);
        assert_eq!(position.score(Seat::First), Score { five: 0, captures: 0, fours: 1 });
        assert_eq!(position.score(Seat::Second).total(), 0);
        // The four counted, end to end, for the final board to mark.
        assert_eq!(
            position.scoring_fours(Seat::First),
            vec![Line { from: point("K10"), to: point("K13") }]
        );
        assert!(position.scoring_fours(Seat::Second).is_empty());
        let position = position.play(point("A4")).expect("legal");
        assert_eq!(position.score(Seat::Second), Score { five: 0, captures: 0, fours: 1 });
        let position = position.play(point("K14")).expect("legal");
        // White's four became the five: the bonus, and no four left for white.
        assert_eq!(position.score(Seat::First), Score { five: 5, captures: 0, fours: 0 });
        assert_eq!(position.score(Seat::First).total(), 5);
        assert_eq!(position.score(Seat::Second).total(), 1);
    }

    #[test]
    fn a_full_board_is_a_draw() {
        // No five and no capturable pair anywhere (white is X, black is O), 85 + 84 stones.
        const FULL: [&str; 13] = [
            "OOXOXXXOXOOOX",
            "OXOOOXOXXXOXO",
            "XXXOXOOOXOXXX",
            "OXOXXXOXOOOXO",
            "XOOOXOXXXOXOO",
            "XXOXOOOXOXXXO",
            "XOXXXOXOOOXOX",
            "OOOXOXXXOXOOO",
            "XOXOOOXOXXXOX",
            "OXXXOXOOOXOXX",
            "OOXOXXXOXOOOX",
            "OXOOOXOXXXOXO",
            "XXXOXOOOXOXXX",
        ];
        let points = |mark: char| -> Vec<Point> {
            let mut points: Vec<Point> = (0..13u8)
                .flat_map(|y| (0..13u8).map(move |x| Point::new(x, y)))
                .filter(|p| FULL[usize::from(12 - p.y)].as_bytes()[usize::from(p.x)] == mark as u8)
                .collect();
            // Centre first, then the farthest points, so white's opening rules hold.
            points.sort_by_key(|p| match p.ring_distance(Point::new(6, 6)) {
                0 => 0,
                distance => 10 - distance,
            });
            points
        };
        let (white, black) = (points('X'), points('O'));
        assert_eq!((white.len(), black.len()), (85, 84));
        let mut position = Pente::start(PenteSettings { size: PenteSize::Thirteen });
        for (ply, &point) in white.iter().zip(&black).flat_map(|(w, b)| [w, b]).enumerate() {
            position = position.play(point).expect("legal");
            assert_eq!(position.outcome(), Outcome::Running, "after ply {ply}");
        }
        position = position.play(white[84]).expect("legal");
        assert_eq!(position.outcome(), Outcome::Draw(DrawReason::BoardFull));
        assert_eq!(position.board().count(), (84, 85));
    }
}
