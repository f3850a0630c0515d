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
///
/// ```
/// use engine::{BoardGame, Ninuki, NinukiSettings, Seat};
///
/// let settings = NinukiSettings { overline_wins: false, ..NinukiSettings::default() };
/// let mut position = Ninuki::start(settings);
/// for text in ["h8", "i8", "a1", "j8", "k8"] {
///     let point = position.parse_move(text)?;
///     position = position.play(point)?;
/// }
/// // Black's k8 took the white pair i8, j8.
/// assert_eq!(position.captured_by(Seat::First), 2);
/// assert_eq!(position.captures()[4].points().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Line, NinukiSize, WinReason};

    const FORBIDDEN_ON: NinukiSettings =
        NinukiSettings { size: NinukiSize::Fifteen, overline_wins: true, forbidden_moves: true };

    const OVERLINE_OFF: NinukiSettings =
        NinukiSettings { size: NinukiSize::Fifteen, overline_wins: false, forbidden_moves: false };

    fn point(text: &str) -> Point {
        Ninuki::NOTATION.parse(text, 19).expect("a valid coordinate")
    }

    /// The position after `moves`, each of which must be legal.
    fn game(settings: NinukiSettings, moves: &[&str]) -> Ninuki {
        moves.iter().fold(Ninuki::start(settings), |position, text| {
            position.play(point(text)).expect("a legal move")
        })
    }

    fn refusal(position: &Ninuki, text: &str) -> NinukiRejection {
        let error = position.clone().play(point(text)).expect_err("a refused move");
        assert_eq!(&error.position, position, "a refusal hands back the same position");
        error.rejection
    }

    fn line(from: &str, to: &str) -> Line {
        Line { from: point(from), to: point(to) }
    }

    fn won_by_lines(winner: Seat, lines: Vec<Line>) -> Outcome {
        Outcome::Win { winner, reason: WinReason::Lines(lines) }
    }

    /// Black stones h8…h10 and h12, h13 around the empty h11; white far away.
    const GAPPED_SIX: [&str; 10] = ["h8", "a1", "h9", "a3", "h10", "a5", "h12", "a7", "h13", "a9"];

    /// Black stones h8, i8, j9, j10: j8 makes two open threes.
    const DOUBLE_THREE: [&str; 8] = ["h8", "a1", "i8", "a3", "j9", "a5", "j10", "a7"];

    /// Black (first) captures a white pair on each of five rows, white feeding the pairs.
    fn ten_stones(before_last_pair: &[&str]) -> Vec<String> {
        let mut moves = vec!["a1".to_owned()];
        for row in [1, 3, 5, 7, 9] {
            if row == 9 {
                moves.extend(before_last_pair.iter().map(|&m| m.to_owned()));
            }
            for column in ["b", "a", "c", "d"] {
                let row = if column == "a" { row + 2 } else { row };
                moves.push(format!("{column}{row}"));
            }
        }
        moves
    }

    fn texts(moves: &[String]) -> Vec<&str> {
        moves.iter().map(String::as_str).collect()
    }

    #[test]
    fn black_moves_first_anywhere() {
        let position = Ninuki::start(NinukiSettings::default());
        assert_eq!(position.board().size(), 15);
        assert_eq!(position.seat_to_act(), Some(Seat::First));
        assert_eq!(position.legal_moves().len(), 225);
        let position = game(NinukiSettings::default(), &["a1"]);
        assert_eq!(position.board().get(point("a1")), Some(Stone::Black));
        assert_eq!(position.seat_to_act(), Some(Seat::Second));
        let big = NinukiSettings { size: NinukiSize::Nineteen, ..NinukiSettings::default() };
        assert_eq!(Ninuki::start(big).parse_move("j10"), Ok(Point::new(9, 9)));
    }

    #[test]
    fn bad_points_are_refused_with_their_reason() {
        let position = game(NinukiSettings::default(), &["h8"]);
        assert_eq!(refusal(&position, "h8"), NinukiRejection::Occupied);
        let error = position.clone().play(Point::new(3, 15)).expect_err("off the board");
        assert_eq!(error.rejection, NinukiRejection::OffBoard);
        assert_eq!(position.parse_move("i9"), Ok(Point::new(8, 8)));
        assert!(position.parse_move("p1").is_err());
    }

    #[test]
    fn captures_work_as_in_pente() {
        let position = game(NinukiSettings::default(), &["h8", "i8", "a1", "j8", "k8"]);
        assert_eq!(position.captured_by(Seat::First), 2);
        assert_eq!(position.captures()[4].points(), [point("j8"), point("i8")]);
        assert_eq!(position.board().count(), (3, 0));
        let into_flank = game(NinukiSettings::default(), &["h8", "i8", "k8", "j8"]);
        assert_eq!(into_flank.board().count(), (2, 2));
    }

    #[test]
    fn five_in_a_row_wins() {
        let moves = ["h8", "a1", "h9", "a3", "h10", "a5", "h11", "a7", "h12"];
        let position = game(NinukiSettings::default(), &moves);
        assert_eq!(position.outcome(), won_by_lines(Seat::First, vec![line("h8", "h12")]));
        assert_eq!(refusal(&position, "b2"), NinukiRejection::GameOver);
        assert!(position.legal_moves().is_empty());
        // Exactly five wins whatever the settings.
        assert!(game(OVERLINE_OFF, &moves).outcome().is_over());
        assert!(game(FORBIDDEN_ON, &moves).outcome().is_over());
    }

    #[test]
    fn an_overline_wins_by_default() {
        let position = game(NinukiSettings::default(), &GAPPED_SIX).play(point("h11"));
        let position = position.expect("legal");
        assert_eq!(position.outcome(), won_by_lines(Seat::First, vec![line("h8", "h13")]));
    }

    #[test]
    fn without_overlines_six_plays_on_and_five_still_wins() {
        let position = game(OVERLINE_OFF, &GAPPED_SIX).play(point("h11")).expect("legal");
        assert_eq!(position.outcome(), Outcome::Running);
        assert_eq!(position.seat_to_act(), Some(Seat::Second));
        // White's exactly five wins.
        let position =
            game(OVERLINE_OFF, &["h8", "b1", "h9", "b2", "h10", "b3", "h11", "b4", "h13", "b5"]);
        assert_eq!(position.outcome(), won_by_lines(Seat::Second, vec![line("b1", "b5")]));
    }

    #[test]
    fn five_pairs_win() {
        let moves = ten_stones(&[]);
        let moves = texts(&moves);
        let before = game(NinukiSettings::default(), &moves[..moves.len() - 1]);
        assert_eq!(before.captured_by(Seat::First), 8);
        assert_eq!(before.outcome(), Outcome::Running);
        let position = game(NinukiSettings::default(), &moves);
        assert_eq!(position.captured_by(Seat::First), 10);
        assert_eq!(
            position.outcome(),
            Outcome::Win { winner: Seat::First, reason: WinReason::Captures { lines: vec![] } }
        );
    }

    #[test]
    fn without_forbidden_moves_black_plays_any_shape() {
        let position = game(NinukiSettings::default(), &DOUBLE_THREE);
        assert!(position.forbidden_points().is_empty());
        assert!(position.play(point("j8")).is_ok());
    }

    #[test]
    fn forbidden_overline_is_refused_not_lost() {
        let position = game(FORBIDDEN_ON, &GAPPED_SIX);
        assert_eq!(refusal(&position, "h11"), NinukiRejection::Forbidden(ForbiddenKind::Overline));
        assert!(position.forbidden_points().contains(&(point("h11"), ForbiddenKind::Overline)));
        assert!(!position.legal_moves().contains(&point("h11")));
        assert_eq!(position.seat_to_act(), Some(Seat::First));
        assert_eq!(position.outcome(), Outcome::Running);
    }

    #[test]
    fn forbidden_double_three_is_refused() {
        let position = game(FORBIDDEN_ON, &DOUBLE_THREE);
        assert_eq!(
            refusal(&position, "j8"),
            NinukiRejection::Forbidden(ForbiddenKind::DoubleThree)
        );
        // White is never restricted: after a black move elsewhere, white may take j8.
        let position = position.play(point("o15")).expect("legal");
        assert!(position.forbidden_points().is_empty());
        assert!(position.play(point("j8")).is_ok());
    }

    #[test]
    fn the_shape_is_judged_after_the_captures() {
        // j8 takes k8 and l8: only then is h8-i8-j8 an open three, beside j8-j9-j10.
        let moves = ["h8", "k8", "i8", "l8", "m8", "a1", "j9", "a3", "j10", "a5"];
        let position = game(FORBIDDEN_ON, &moves);
        assert_eq!(
            refusal(&position, "j8"),
            NinukiRejection::Forbidden(ForbiddenKind::DoubleThree)
        );
        assert_eq!(forbidden_kind(position.board(), point("j8")), None, "not before captures");
        let allowed = game(NinukiSettings::default(), &moves).play(point("j8"));
        assert_eq!(allowed.expect("legal").captured_by(Seat::First), 2);
    }

    #[test]
    fn a_capture_win_is_never_forbidden() {
        // Black's d9 takes the fifth pair and also lines up d9-e10-f11 and d9-e8-f7.
        let moves = ten_stones(&["o15", "e10", "o13", "f11", "o11", "e8", "o9", "f7"]);
        let moves = texts(&moves);
        let position = game(FORBIDDEN_ON, &moves);
        assert_eq!(position.captured_by(Seat::First), 10);
        assert!(matches!(position.outcome(), Outcome::Win { winner: Seat::First, .. }));
    }

    #[test]
    fn a_full_board_is_a_draw() {
        // No five and no capturable pair anywhere (black is X, white is O), 113 + 112 stones.
        const FULL: [&str; 15] = [
            "OXOXXXOXOOOXOXX",
            "XOOOXOXXXOXOOOX",
            "XXOXOOOXOXXXOXO",
            "XOXXXOXOOOXOXXX",
            "OOOXOXXXOXOOOXO",
            "XOXOOOXOXXXOXOO",
            "OXXXOXOOOXOXXXO",
            "OOXOXXXOXOOOXOX",
            "OXOOOXOXXXOXOOO",
            "XXXOXOOOXOXXXOX",
            "OXOXXXOXOOOXOXX",
            "XOOOXOXXXOXOOOX",
            "XXOXOOOXOXXXOXO",
            "XOXXXOXOOOXOXXX",
            "OOOXOXXXOXOOOXO",
        ];
        let points = |mark: u8| -> Vec<Point> {
            (0..15u8)
                .flat_map(|y| (0..15u8).map(move |x| Point::new(x, y)))
                .filter(|p| FULL[usize::from(14 - p.y)].as_bytes()[usize::from(p.x)] == mark)
                .collect()
        };
        let (black, white) = (points(b'X'), points(b'O'));
        assert_eq!((black.len(), white.len()), (113, 112));
        let mut position = Ninuki::start(NinukiSettings::default());
        for (ply, &point) in black.iter().zip(&white).flat_map(|(b, w)| [b, w]).enumerate() {
            position = position.play(point).expect("legal");
            assert_eq!(position.outcome(), Outcome::Running, "after ply {ply}");
        }
        position = position.play(black[112]).expect("legal");
        assert_eq!(position.outcome(), Outcome::Draw(DrawReason::BoardFull));
    }
}
