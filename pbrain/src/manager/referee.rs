use std::fmt;

use engine::{
    BoardGame, DrawReason, ForbiddenKind, Gomoku, GomokuError, GomokuSize, Notation, Outcome,
    Point, Stone,
};

use super::Fault;
use crate::{Coords, Rule};

/// The match's referee: the game as both brains have played it, judged by the engine's own
/// rules, so a match between two brains ends exactly where a game on the bot would.
///
/// The rule is [`Rule`]'s reading of `INFO rule`: five or more wins in freestyle (0), only
/// exactly five in rule 1, and in renju (4) black may not make a double three, a double four
/// or an overline (exactly five still wins), white wins with five or more. Where the engine
/// refuses black's forbidden stone, the referee gives the game to white, as renju does. A
/// full board is a draw, and so is a renju position where black has no point left that is
/// not forbidden.
#[derive(Clone, Debug)]
pub struct Referee {
    game: Gomoku,
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub winner: Option<Stone>,
    pub reason: Reason,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The winner's move made a winning line.
    Five,
    /// Renju: black played a point where it would make this shape, and lost.
    Forbidden(ForbiddenKind),
    /// The loser answered a point that cannot be played: taken, or off the board.
    IllegalMove { coords: Coords, why: GomokuError },
    /// Every point is taken.
    BoardFull,
    /// Renju: every empty point is forbidden to black, who is to move.
    NoLegalMove,
    /// The loser's brain failed: see [`Fault`].
    Fault(Fault),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Five => f.write_str("five in a row"),
            Reason::Forbidden(kind) => write!(f, "black played a forbidden {kind}"),
            Reason::IllegalMove { coords, why } => write!(f, "illegal move {coords}: {why}"),
            Reason::BoardFull => f.write_str("the board is full"),
            Reason::NoLegalMove => f.write_str("black has only forbidden points left"),
            Reason::Fault(fault) => fault.fmt(f),
        }
    }
}

/// Why a list of stones cannot open a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError {
    /// The stone's place in the opening, from 0.
    pub index: usize,
    pub point: Point,
    pub why: OpeningFlaw,
}

/// What is wrong with an opening's stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningFlaw {
    /// The rule refuses the stone.
    Refused(GomokuError),
    /// The stone ends the game: an opening must leave something to play.
    EndsTheGame,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let point = Notation::WithI.format(self.point);
        match &self.why {
            OpeningFlaw::Refused(why) => write!(f, "stone {} ({point}): {why}", self.index + 1),
            OpeningFlaw::EndsTheGame => {
                write!(f, "stone {} ({point}) ends the game", self.index + 1)
            }
        }
    }
}

impl std::error::Error for OpeningError {}

impl Referee {
    /// A game of `rule` on an empty board of `size`.
    #[must_use]
    pub fn new(rule: Rule, size: GomokuSize) -> Referee {
        Referee { game: Gomoku::start(rule.settings(size)) }
    }

    /// A game of `rule` on a board of `size` that starts with `stones`, black first and
    /// alternating.
    ///
    /// # Errors
    /// [`OpeningError`] for the first stone the rule refuses, or that ends the game.
    pub fn with_opening(
        rule: Rule,
        size: GomokuSize,
        stones: &[Point],
    ) -> Result<Referee, OpeningError> {
        let mut game = Gomoku::start(rule.settings(size));
        for (index, &point) in stones.iter().enumerate() {
            game = game.play(point).map_err(|error| OpeningError {
                index,
                point,
                why: OpeningFlaw::Refused(error.rejection),
            })?;
            if game.outcome().is_over() {
                return Err(OpeningError { index, point, why: OpeningFlaw::EndsTheGame });
            }
        }
        Ok(Referee { game })
    }

    /// The colour of the next stone.
    #[must_use]
    pub fn stone_to_move(&self) -> Stone {
        self.game.stone_to_move()
    }

    /// Every stone so far, in the order played, black's first.
    #[must_use]
    pub fn stones(&self) -> &[Point] {
        self.game.history()
    }

    /// The side of the board.
    #[must_use]
    pub fn side(&self) -> u8 {
        self.game.board().size()
    }

    /// Plays the answer of the side to move; the game's end if this move ends it. A move
    /// after the end changes nothing and repeats nothing: the caller stops at the first end.
    pub fn play(&mut self, coords: Coords) -> Option<Ending> {
        let mover = self.stone_to_move();
        let lost = |reason| Some(Ending { winner: Some(mover.opponent()), reason });
        let point = match coords.to_point(self.side()) {
            Ok(point) => point,
            Err(_) => return lost(Reason::IllegalMove { coords, why: GomokuError::OffBoard }),
        };
        match self.game.clone().play(point) {
            Ok(next) => self.game = next,
            Err(error) => {
                return match error.rejection {
                    GomokuError::Forbidden(kind) => lost(Reason::Forbidden(kind)),
                    // Over: the caller stopped too late. Nothing new to say.
                    GomokuError::GameOver => None,
                    why => lost(Reason::IllegalMove { coords, why }),
                };
            }
        }
        match self.game.outcome() {
            Outcome::Running => None,
            Outcome::Win { .. } => Some(Ending { winner: Some(mover), reason: Reason::Five }),
            Outcome::Draw(DrawReason::BoardFull) => {
                Some(Ending { winner: None, reason: Reason::BoardFull })
            }
            Outcome::Draw(_) => Some(Ending { winner: None, reason: Reason::NoLegalMove }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FREESTYLE: Rule = Rule(0);
    const EXACTLY_FIVE: Rule = Rule(1);
    const RENJU: Rule = Rule(4);

    fn point(text: &str) -> Point {
        Notation::WithI.parse(text, 15).expect("test points are valid")
    }

    fn coords(text: &str) -> Coords {
        Coords::from_point(point(text), 15)
    }

    /// A game of `rule` after `moves` (black first), each of which must keep it going.
    fn after(rule: Rule, moves: &str) -> Referee {
        let stones: Vec<Point> = moves.split_whitespace().map(point).collect();
        Referee::with_opening(rule, GomokuSize::Fifteen, &stones).expect("a running game")
    }

    fn win(stone: Stone, reason: Reason) -> Option<Ending> {
        Some(Ending { winner: Some(stone), reason })
    }

    #[test]
    fn five_in_a_row_wins_for_either_colour() {
        // Black h8–l8 (k8 missing) against white's scattered stones.
        let mut game = after(FREESTYLE, "h8 a1 i8 a3 j8 a5 l8 a7");
        assert_eq!(game.play(coords("k8")), win(Stone::Black, Reason::Five));
        let mut game = after(RENJU, "a1 h8 a3 h9 a5 h10 a7 h11 a9");
        assert_eq!(game.play(coords("h12")), win(Stone::White, Reason::Five));
    }

    #[test]
    fn a_move_that_wins_nothing_lets_the_game_go_on() {
        let mut game = after(FREESTYLE, "h8 a1");
        assert_eq!(game.play(coords("h9")), None);
        assert_eq!(game.stone_to_move(), Stone::White);
        assert_eq!(game.stones(), &[point("h8"), point("a1"), point("h9")]);
    }

    #[test]
    fn a_black_overline_wins_in_freestyle_and_loses_in_renju() {
        // Black h8–j8 and l8–m8; k8 joins them into six.
        let moves = "h8 a1 i8 a3 j8 a5 l8 a7 m8 a9";
        assert_eq!(after(FREESTYLE, moves).play(coords("k8")), win(Stone::Black, Reason::Five));
        let overline = Reason::Forbidden(ForbiddenKind::Overline);
        assert_eq!(after(RENJU, moves).play(coords("k8")), win(Stone::White, overline));
        // With exactly five, six is only stones on the board.
        assert_eq!(after(EXACTLY_FIVE, moves).play(coords("k8")), None);
    }

    #[test]
    fn a_white_overline_wins_in_renju() {
        let moves = "a1 h8 a3 i8 a5 j8 a7 l8 a9 m8 a11";
        assert_eq!(after(RENJU, moves).play(coords("k8")), win(Stone::White, Reason::Five));
    }

    #[test]
    fn a_black_double_three_loses_in_renju_only() {
        // j8 would make h8–i8–j8 and j9–j10 with j8 two open threes.
        let moves = "h8 a1 i8 a3 j9 a5 j10 a7";
        let forbidden = Reason::Forbidden(ForbiddenKind::DoubleThree);
        assert_eq!(after(RENJU, moves).play(coords("j8")), win(Stone::White, forbidden));
        assert_eq!(after(FREESTYLE, moves).play(coords("j8")), None);
    }

    #[test]
    fn a_black_double_four_loses_in_renju() {
        // k8 would make h8–k8 and k9–k11 with k8: two fours.
        let moves = "h8 a1 i8 a3 j8 a5 k9 a7 k10 a9 k11 a11";
        let forbidden = Reason::Forbidden(ForbiddenKind::DoubleFour);
        assert_eq!(after(RENJU, moves).play(coords("k8")), win(Stone::White, forbidden));
    }

    #[test]
    fn exactly_five_wins_for_black_even_with_a_forbidden_shape() {
        // l8 completes h8–l8 and also makes two open threes, l8–l10 and l8–n10: five first.
        let threes = "l9 a1 l10 a3 m9 a5 n10 a7";
        let forbidden = Reason::Forbidden(ForbiddenKind::DoubleThree);
        let without_five = format!("{threes} h8 a9");
        assert_eq!(after(RENJU, &without_five).play(coords("l8")), win(Stone::White, forbidden));
        let with_five = format!("{threes} h8 a9 i8 a11 j8 a13 k8 a15");
        assert_eq!(after(RENJU, &with_five).play(coords("l8")), win(Stone::Black, Reason::Five));
    }

    #[test]
    fn an_occupied_or_off_board_point_loses() {
        let mut game = after(FREESTYLE, "h8");
        let taken = coords("h8");
        assert_eq!(
            game.play(taken),
            win(Stone::Black, Reason::IllegalMove { coords: taken, why: GomokuError::Occupied })
        );
        let off = Coords { x: 15, y: 3 };
        assert_eq!(
            after(FREESTYLE, "").play(off),
            win(Stone::White, Reason::IllegalMove { coords: off, why: GomokuError::OffBoard })
        );
    }

    #[test]
    fn a_full_board_without_a_five_is_a_draw() {
        // Colour by (x + 2y) mod 4 below 2: runs of two at most in every direction, 113
        // black points and 112 white ones, as a full 15×15 board has.
        let (black, white): (Vec<Point>, Vec<Point>) = (0..15u8)
            .flat_map(|y| (0..15u8).map(move |x| Point::new(x, y)))
            .partition(|p| (usize::from(p.x) + 2 * usize::from(p.y)) % 4 < 2);
        assert_eq!((black.len(), white.len()), (113, 112));
        let order: Vec<Point> =
            black.iter().zip(white.iter()).flat_map(|(b, w)| [*b, *w]).collect();
        let mut game =
            Referee::with_opening(FREESTYLE, GomokuSize::Fifteen, &order).expect("no five");
        let last = Coords::from_point(black[112], 15);
        assert_eq!(game.play(last), Some(Ending { winner: None, reason: Reason::BoardFull }));
    }

    #[test]
    fn openings_must_be_legal_and_leave_the_game_running() {
        let stones = [point("h8"), point("h8")];
        let error = Referee::with_opening(FREESTYLE, GomokuSize::Fifteen, &stones)
            .expect_err("a stone on a stone");
        assert_eq!(error.index, 1);
        assert_eq!(error.why, OpeningFlaw::Refused(GomokuError::Occupied));
        let five: Vec<Point> = "h8 a1 i8 a3 j8 a5 k8 a7 l8".split_whitespace().map(point).collect();
        let error = Referee::with_opening(FREESTYLE, GomokuSize::Fifteen, &five)
            .expect_err("a finished game");
        assert_eq!(error.why, OpeningFlaw::EndsTheGame);
        assert_eq!(error.to_string(), "stone 9 (l8) ends the game");
    }
}
