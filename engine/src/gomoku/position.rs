use std::fmt;

use super::{GomokuSettings, lines::winning_lines};
use crate::{
    Board, BoardGame, DrawReason, ForbiddenKind, Notation, Outcome, ParseMoveError, PlayError,
    Point, Seat, Stone, WinReason, forbidden_kind, forbidden_points,
};

/// A gomoku position: two players take turns placing a stone, black first, and the first to
/// line up five wins.
///
/// Black is [`Seat::First`]. A move is the [`Point`] where the next stone goes.
///
/// ```
/// use engine::{BoardGame, Gomoku, GomokuSettings, Outcome, Seat};
///
/// let mut game = Gomoku::start(GomokuSettings::default());
/// for text in ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"] {
///     let point = game.parse_move(text)?;
///     game = game.play(point)?;
/// }
/// assert_eq!(game.outcome().winner(), Some(Seat::First));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gomoku {
    settings: GomokuSettings,
    board: Board,
    history: Vec<Point>,
    outcome: Outcome,
}

/// Why gomoku refused a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GomokuError {
    /// The game has ended.
    GameOver,
    /// The point is not on this board.
    OffBoard,
    /// A stone already stands there.
    Occupied,
    /// Forbidden moves are on and black would make this shape there.
    Forbidden(ForbiddenKind),
}

impl fmt::Display for GomokuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GomokuError::GameOver => f.write_str("the game is already over"),
            GomokuError::OffBoard => f.write_str("that point is outside the board"),
            GomokuError::Occupied => f.write_str("a stone is already there"),
            GomokuError::Forbidden(kind) => write!(f, "black may not play a {kind} there"),
        }
    }
}

impl std::error::Error for GomokuError {}

impl Gomoku {
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stone at `point`, if any.
    #[must_use]
    pub fn stone_at(&self, point: Point) -> Option<Stone> {
        self.board.get(point)
    }

    /// Where the last stone went.
    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        self.history.last().copied()
    }

    /// The colour of the next stone (also after the end, for display).
    #[must_use]
    pub fn stone_to_move(&self) -> Stone {
        if self.history.len().is_multiple_of(2) { Stone::Black } else { Stone::White }
    }

    /// The seat that plays `stone`: black is always [`Seat::First`] in gomoku.
    #[must_use]
    pub fn seat_of(&self, stone: Stone) -> Seat {
        match stone {
            Stone::Black => Seat::First,
            Stone::White => Seat::Second,
        }
    }

    /// The points black may not play now, with the shape each would make, for the board to
    /// mark them. Empty when forbidden moves are off or the game is over.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<(Point, ForbiddenKind)> {
        if self.settings.forbidden_for_black && !self.outcome.is_over() {
            forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    /// Whether the side to move is black under the forbidden-move rule.
    fn black_is_restricted(&self) -> bool {
        self.settings.forbidden_for_black && self.stone_to_move() == Stone::Black
    }

    /// Places the next stone at `point`, or says why not without changing anything.
    fn place(&mut self, point: Point) -> Result<(), GomokuError> {
        if self.outcome.is_over() {
            return Err(GomokuError::GameOver);
        }
        if !self.board.contains(point) {
            return Err(GomokuError::OffBoard);
        }
        if self.board.get(point).is_some() {
            return Err(GomokuError::Occupied);
        }
        let stone = self.stone_to_move();
        let restricted = self.black_is_restricted();
        // A restricted black never wins with an overline: it may not even make one.
        let longer_wins = self.settings.overline_wins && !restricted;
        let win = winning_lines(&self.board, point, stone, longer_wins);
        // Exactly five has priority over every forbidden shape, so only a non-winning move
        // is examined.
        if win.is_none()
            && restricted
            && let Some(kind) = forbidden_kind(&self.board, point)
        {
            return Err(GomokuError::Forbidden(kind));
        }
        self.board.set(point, Some(stone));
        self.history.push(point);
        self.outcome = match win {
            Some(lines) => {
                Outcome::Win { winner: self.seat_of(stone), reason: WinReason::Lines(lines) }
            }
            None => self.draw_or_running(),
        };
        Ok(())
    }

    fn draw_or_running(&self) -> Outcome {
        let side = usize::from(self.board.size());
        if self.history.len() == side * side {
            Outcome::Draw(DrawReason::BoardFull)
        } else if self.black_is_restricted() && !black_has_legal_point(&self.board) {
            Outcome::Draw(DrawReason::NoLegalMove)
        } else {
            Outcome::Running
        }
    }
}

/// Whether some empty point is not forbidden for black. Stops at the first one, which is
/// almost always among the first points looked at.
pub(crate) fn black_has_legal_point(board: &Board) -> bool {
    board.empty_points().any(|point| forbidden_kind(board, point).is_none())
}

impl BoardGame for Gomoku {
    type Settings = GomokuSettings;
    type Move = Point;
    type Rejection = GomokuError;

    fn start(settings: GomokuSettings) -> Self {
        Gomoku {
            settings,
            board: Board::empty(settings.size.side()),
            history: Vec::new(),
            outcome: Outcome::Running,
        }
    }

    fn settings(&self) -> &GomokuSettings {
        &self.settings
    }

    fn history(&self) -> &[Point] {
        &self.history
    }

    fn seat_to_act(&self) -> Option<Seat> {
        (!self.outcome.is_over()).then(|| self.seat_of(self.stone_to_move()))
    }

    /// Every empty point, except black's forbidden ones when that rule is on.
    fn legal_moves(&self) -> Vec<Point> {
        if self.outcome.is_over() {
            return Vec::new();
        }
        let restricted = self.black_is_restricted();
        self.board
            .empty_points()
            .filter(|&point| {
                !restricted
                    || winning_lines(&self.board, point, Stone::Black, false).is_some()
                    || forbidden_kind(&self.board, point).is_none()
            })
            .collect()
    }

    /// # Errors
    /// [`GomokuError`]: the game is over, the point is off the board or taken, or (forbidden
    /// moves on) black would make a forbidden shape.
    fn play(mut self, point: Point) -> Result<Self, PlayError<Self>> {
        match self.place(point) {
            Ok(()) => Ok(self),
            Err(rejection) => Err(PlayError { position: self, rejection }),
        }
    }

    fn outcome(&self) -> Outcome {
        self.outcome.clone()
    }

    /// A point such as `h8` (any case).
    fn parse_move(&self, text: &str) -> Result<Point, ParseMoveError> {
        Ok(Notation::WithI.parse(text, self.board.size())?)
    }

    fn format_move(&self, point: Point) -> String {
        Notation::WithI.format(point)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{GomokuSize, Line};

    pub(crate) fn point(text: &str) -> Point {
        Notation::WithI.parse(text, 19).expect("test points are valid")
    }

    pub(crate) fn points(text: &str) -> Vec<Point> {
        text.split_whitespace().map(point).collect()
    }

    /// The position after black plays `black` and white `white`, alternately from black's
    /// first stone: a real game, so that the result can also be replayed.
    fn gomoku_with(settings: GomokuSettings, black: &str, white: &str) -> Gomoku {
        let (black, white) = (points(black), points(white));
        assert!(black.len() == white.len() || black.len() == white.len() + 1);
        let order = black
            .iter()
            .zip(white.iter().map(Some).chain([None]))
            .flat_map(|(b, w)| std::iter::once(*b).chain(w.copied()));
        order.fold(Gomoku::start(settings), |game, point| match game.play(point) {
            Ok(game) => game,
            Err(error) => panic!("setting up: {point}: {error}"),
        })
    }

    fn play(game: Gomoku, text: &str) -> Gomoku {
        game.play(point(text)).expect("the test move is legal")
    }

    fn refused(game: Gomoku, text: &str) -> GomokuError {
        let before = game.clone();
        let error = game.play(point(text)).expect_err("the test move is refused");
        assert_eq!(error.position, before, "a refused move changes nothing");
        error.rejection
    }

    fn win(winner: Seat, from: &str, to: &str) -> Outcome {
        let lines = vec![Line { from: point(from), to: point(to) }];
        Outcome::Win { winner, reason: WinReason::Lines(lines) }
    }

    const FORBIDDEN: GomokuSettings = GomokuSettings {
        size: GomokuSize::Fifteen,
        overline_wins: true,
        forbidden_for_black: true,
    };
    const EXACT_FIVE: GomokuSettings = GomokuSettings {
        size: GomokuSize::Fifteen,
        overline_wins: false,
        forbidden_for_black: false,
    };

    #[test]
    fn defaults_follow_the_rule_page() {
        let settings = GomokuSettings::default();
        assert_eq!(settings.size.side(), 15);
        assert!(settings.overline_wins);
        assert!(!settings.forbidden_for_black);
        let game = Gomoku::start(settings);
        assert_eq!(game.board().centre(), point("h8"));
        assert_eq!(game.seat_to_act(), Some(Seat::First));
        assert_eq!(game.stone_to_move(), Stone::Black);
        assert_eq!(game.legal_moves().len(), 225);
        assert_eq!(game.outcome(), Outcome::Running);
    }

    #[test]
    fn the_board_can_be_nineteen() {
        let settings = GomokuSettings { size: GomokuSize::Nineteen, ..GomokuSettings::default() };
        let game = Gomoku::start(settings);
        assert_eq!(game.board().size(), 19);
        assert_eq!(game.parse_move("s19"), Ok(Point::new(18, 18)));
        assert_eq!(game.board().centre(), point("j10"));
    }

    #[test]
    fn five_wins_in_every_direction_for_black() {
        let lines = [
            ("d8 e8 f8 g8", "h8", "d8", "h8"),
            ("h4 h5 h6 h7", "h8", "h4", "h8"),
            ("d4 e5 f6 g7", "h8", "d4", "h8"),
            ("d12 e11 f10 g9", "h8", "d12", "h8"),
        ];
        for (black, last, from, to) in lines {
            let game = gomoku_with(GomokuSettings::default(), black, "a1 a3 a5 a7");
            let game = play(game, last);
            assert_eq!(game.outcome(), win(Seat::First, from, to));
            assert_eq!(game.seat_to_act(), None);
            assert!(game.legal_moves().is_empty());
        }
    }

    #[test]
    fn five_wins_for_white_too_and_in_the_middle_of_a_line() {
        let game = gomoku_with(GomokuSettings::default(), "a1 a3 a5 a7 a9", "c3 c4 c6 c7");
        let game = play(game, "c5");
        assert_eq!(game.outcome(), win(Seat::Second, "c3", "c7"));
    }

    #[test]
    fn one_stone_can_complete_two_fives() {
        let game = gomoku_with(
            GomokuSettings::default(),
            "d8 e8 f8 g8 h4 h5 h6 h7",
            "a1 a3 a5 a7 a9 a11 a13 a15",
        );
        let game = play(game, "h8");
        let lines = vec![
            Line { from: point("d8"), to: point("h8") },
            Line { from: point("h4"), to: point("h8") },
        ];
        assert_eq!(
            game.outcome(),
            Outcome::Win { winner: Seat::First, reason: WinReason::Lines(lines) }
        );
    }

    #[test]
    fn four_or_a_broken_five_does_not_win() {
        let game = gomoku_with(GomokuSettings::default(), "d8 e8 f8 h8", "a1 a3 a5 d9");
        let game = play(game, "i8");
        assert_eq!(game.outcome(), Outcome::Running);
        assert_eq!(game.seat_to_act(), Some(Seat::Second));
    }

    #[test]
    fn overline_wins_by_default_for_both_colours() {
        let black = gomoku_with(GomokuSettings::default(), "c8 d8 e8 g8 h8", "a1 a3 a5 a7 a9");
        assert_eq!(play(black, "f8").outcome(), win(Seat::First, "c8", "h8"));
        let white = gomoku_with(GomokuSettings::default(), "a1 a3 a5 a7 a9 a11", "c8 d8 e8 g8 h8");
        assert_eq!(play(white, "f8").outcome(), win(Seat::Second, "c8", "h8"));
    }

    #[test]
    fn without_overline_only_exactly_five_wins_for_both_colours() {
        let black = play(gomoku_with(EXACT_FIVE, "c8 d8 e8 g8 h8", "a1 a3 a5 a7 a9"), "f8");
        assert_eq!(black.outcome(), Outcome::Running);
        assert_eq!(black.seat_to_act(), Some(Seat::Second));
        let white = gomoku_with(EXACT_FIVE, "a1 a3 a5 a7 a9 a11", "c8 d8 e8 g8 h8");
        let white = play(white, "f8");
        assert_eq!(white.outcome(), Outcome::Running);
        let white = gomoku_with(EXACT_FIVE, "a1 a3 a5 a7 a9", "c8 d8 e8 g8");
        assert_eq!(play(white, "f8").outcome(), win(Seat::Second, "c8", "g8"));
    }

    #[test]
    fn exactly_five_wins_even_beside_an_overline_elsewhere() {
        let black = "c8 d8 e8 g8 h8 f4 f5 f6 f7";
        let game = gomoku_with(EXACT_FIVE, black, "a1 a3 a5 a7 a9 a11 a13 a15 o1");
        let game = play(game, "f8");
        assert_eq!(game.outcome(), win(Seat::First, "f4", "f8"));
    }

    #[test]
    fn forbidden_moves_leave_white_free() {
        let white = gomoku_with(FORBIDDEN, "a1 a3 a5 a7 a9 a11", "c8 d8 e8 g8 h8");
        assert_eq!(play(white, "f8").outcome(), win(Seat::Second, "c8", "h8"));
    }

    #[test]
    fn exactly_five_has_priority_over_forbidden_shapes() {
        // f8 makes five in row 8 and open threes up column f and along a diagonal.
        let game =
            gomoku_with(FORBIDDEN, "c8 d8 e8 g8 f9 f10 g9 h10", "a1 a3 a5 a7 a9 a11 a13 a15");
        assert_eq!(play(game, "f8").outcome(), win(Seat::First, "c8", "g8"));
    }

    #[test]
    fn forbidden_shapes_are_refused_for_black() {
        let overline = gomoku_with(FORBIDDEN, "c8 d8 e8 g8 h8", "a1 a3 a5 a7 a9");
        assert_eq!(overline.forbidden_points(), vec![(point("f8"), ForbiddenKind::Overline)]);
        assert!(!overline.legal_moves().contains(&point("f8")));
        assert_eq!(refused(overline, "f8"), GomokuError::Forbidden(ForbiddenKind::Overline));
        let double_three = gomoku_with(FORBIDDEN, "h9 h10 i8 j8", "a1 a3 a5 a7");
        assert_eq!(refused(double_three, "h8"), GomokuError::Forbidden(ForbiddenKind::DoubleThree));
        let double_four = gomoku_with(FORBIDDEN, "h9 h10 h11 i8 j8 k8", "a1 a3 a5 a7 a9 a11");
        assert_eq!(refused(double_four, "h8"), GomokuError::Forbidden(ForbiddenKind::DoubleFour));
    }

    #[test]
    fn without_the_rule_black_may_make_any_shape() {
        let game = gomoku_with(GomokuSettings::default(), "h9 h10 i8 j8", "a1 a3 a5 a7");
        assert!(game.forbidden_points().is_empty());
        assert_eq!(play(game, "h8").outcome(), Outcome::Running);
    }

    #[test]
    fn bad_stones_are_refused_with_the_reason() {
        let game = gomoku_with(GomokuSettings::default(), "h8", "");
        assert_eq!(refused(game.clone(), "h8"), GomokuError::Occupied);
        assert_eq!(refused(game.clone(), "p1"), GomokuError::OffBoard);
        let won = play(gomoku_with(GomokuSettings::default(), "a1 a2 a3 a4", "b1 b2 b3 b4"), "a5");
        assert_eq!(refused(won, "c1"), GomokuError::GameOver);
        assert_eq!(
            game.parse_move("p1"),
            Err(ParseMoveError::Coordinate(crate::CoordinateError::OffBoard))
        );
    }

    /// The whole board in stripes of two that never line up three: 113 black, 112 white.
    pub(crate) fn striped(point: Point) -> Stone {
        if (point.x + 2 * point.y) % 4 < 2 { Stone::Black } else { Stone::White }
    }

    #[test]
    fn a_full_board_without_five_is_a_draw() {
        let board = Board::empty(15);
        let (black, white): (Vec<Point>, Vec<Point>) =
            board.points().partition(|&p| striped(p) == Stone::Black);
        let format = |points: &[Point]| {
            points.iter().map(|&p| Notation::WithI.format(p)).collect::<Vec<_>>().join(" ")
        };
        let game = gomoku_with(GomokuSettings::default(), &format(&black), &format(&white));
        assert_eq!(game.outcome(), Outcome::Draw(DrawReason::BoardFull));
        assert_eq!(game.seat_to_act(), None);
        assert_eq!(refused(game, "a1"), GomokuError::GameOver);
    }

    /// A board with two empty points, `a6` and `e3`, 112 black and 111 white stones: once
    /// white takes `a6`, black's only point `e3` would make an overline.
    pub(crate) const CORNERED: [&str; 15] = [
        "OXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "OXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "OXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXXO",
        ".OXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXXX.XXOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXXO",
    ];

    pub(crate) fn board_from(rows: &[&str]) -> Board {
        let mut board = Board::empty(15);
        for (row, text) in rows.iter().enumerate() {
            for (x, c) in text.chars().enumerate() {
                let stone = match c {
                    'X' => Some(Stone::Black),
                    'O' => Some(Stone::White),
                    _ => None,
                };
                let y = 14 - row;
                board.set(Point::new(x as u8, y as u8), stone);
            }
        }
        board
    }

    #[test]
    fn black_without_a_legal_point_draws() {
        let board = board_from(&CORNERED);
        // A position with these stones; the order of the history does not matter here.
        let game = Gomoku {
            settings: FORBIDDEN,
            history: board.points().filter(|&p| board.get(p).is_some()).collect(),
            board,
            outcome: Outcome::Running,
        };
        assert_eq!(game.stone_to_move(), Stone::White);
        let game = play(game, "a6");
        assert_eq!(game.outcome(), Outcome::Draw(DrawReason::NoLegalMove));
        assert!(game.legal_moves().is_empty());
    }

    #[test]
    fn the_cornered_board_is_what_it_claims() {
        let board = board_from(&CORNERED);
        assert_eq!(board.count(), (112, 111));
        assert_eq!(board.empty_points().collect::<Vec<_>>(), points("e3 a6"));
        let lines = crate::gomoku::lines::lines_through(&board, point("e3"), Stone::Black);
        assert!(lines.iter().any(|line| line.len() > 5));
        assert!(lines.iter().all(|line| line.len() != 5));
        assert!(winning_lines(&board, point("a6"), Stone::White, true).is_none());
    }

    #[test]
    fn queries_report_the_board() {
        let game = gomoku_with(GomokuSettings::default(), "h8 h9", "a1");
        assert_eq!(game.last_move(), Some(point("h9")));
        assert_eq!(game.stone_at(point("a1")), Some(Stone::White));
        assert_eq!(game.stone_at(point("b1")), None);
        assert_eq!(game.history(), points("h8 a1 h9"));
        assert_eq!(game.seat_to_act(), Some(Seat::Second));
        assert_eq!(game.legal_moves().len(), 222);
        assert_eq!(game.format_move(point("i15")), "i15");
        let replayed = Gomoku::replay(GomokuSettings::default(), game.history());
        assert_eq!(replayed.ok(), Some(game));
    }
}
