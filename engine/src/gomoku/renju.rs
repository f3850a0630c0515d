use std::fmt;

use super::{
    FIFTH_OFFERS, OpeningArea, RenjuPhase, RenjuSettings, lines::winning_lines,
    opening::check_offer, position::black_has_legal_point,
};
use crate::{
    Board, BoardGame, DrawReason, ForbiddenKind, ForbiddenShape, Notation, Outcome, ParseMoveError,
    PlayError, Point, Seat, Stone, WinReason, forbidden_points, forbidden_shape,
};

/// One action in renju: a stone, or one of the Taraguchi-10 opening decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RenjuMove {
    /// A stone of the colour to move (`h8`).
    Place(Point),
    /// Take the other colour: the colours change seats (`swap`, `cambiar`).
    Swap,
    /// Keep the colours as they are (`keep`, `seguir`).
    KeepColours,
    /// Black's ten fifth moves for white to choose from (`offer a1 b2 …`).
    OfferFifth([Point; FIFTH_OFFERS]),
    /// White's pick among the offered points, which becomes black's fifth stone (`choose h8`).
    ChooseFifth(Point),
}

/// Why renju refused an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RenjuError {
    /// The game has ended.
    GameOver,
    /// The action does not fit what the game waits for (a swap when a stone is due, …).
    WrongAction { awaited: RenjuPhase },
    /// A point is not on the board.
    OffBoard,
    /// A stone already stands there.
    Occupied,
    /// The first stone goes on the centre.
    NotCentre,
    /// An opening stone outside its square.
    OutsideArea(OpeningArea),
    /// An offered point is already taken.
    OfferOccupied(Point),
    /// The same point offered twice.
    RepeatedOffer(Point),
    /// Two offered points are the same move seen in a mirror or a turn of the board.
    SymmetricOffers(Point, Point),
    /// The chosen point is not one of the offered ones.
    NotOffered(Point),
}

impl fmt::Display for RenjuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |point: &Point| Notation::WithI.format(*point);
        match self {
            RenjuError::GameOver => f.write_str("the game is already over"),
            RenjuError::WrongAction { awaited } => {
                write!(f, "that action does not fit now: the game waits for {awaited}")
            }
            RenjuError::OffBoard => f.write_str("that point is outside the board"),
            RenjuError::Occupied => f.write_str("a stone is already there"),
            RenjuError::NotCentre => f.write_str("the first stone goes on the centre"),
            RenjuError::OutsideArea(area) => {
                let side = area.side();
                write!(f, "this stone must go inside the central {side}×{side} square")
            }
            RenjuError::OfferOccupied(point) => write!(f, "offered point {} is taken", at(point)),
            RenjuError::RepeatedOffer(point) => {
                write!(f, "point {} is offered twice", at(point))
            }
            RenjuError::SymmetricOffers(first, second) => write!(
                f,
                "offered points {} and {} are the same move by symmetry",
                at(first),
                at(second)
            ),
            RenjuError::NotOffered(point) => write!(f, "point {} was not offered", at(point)),
        }
    }
}

impl std::error::Error for RenjuError {}

/// A renju position: gomoku for competition, on 15×15, opened with Taraguchi-10.
///
/// Black's double three, double four and overline are forbidden and *lose* when played (the
/// bot asks for confirmation, see [`Renju::forbidden_points`]); black wins only with exactly
/// five, which beats any forbidden shape; white wins with five or more. [`Seat::First`] starts
/// as black, but every swap of the opening moves black to the other seat: ask
/// [`Renju::black_seat`].
///
/// ```
/// use engine::{BoardGame, Renju, RenjuPhase, RenjuSettings, Seat};
///
/// let mut game = Renju::start(RenjuSettings);
/// for text in ["h8", "swap", "h9"] {
///     let mv = game.parse_move(text)?;
///     game = game.play(mv)?;
/// }
/// // The second seat swapped and took black, so the first seat played the white h9.
/// assert_eq!(game.black_seat(), Seat::Second);
/// assert_eq!(game.phase(), RenjuPhase::SwapOption { after: 2 });
/// assert_eq!(game.seat_to_act(), Some(Seat::Second));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renju {
    board: Board,
    history: Vec<RenjuMove>,
    phase: RenjuPhase,
    black: Seat,
    offers: Option<[Point; FIFTH_OFFERS]>,
    stones: u16,
    last_stone: Option<Point>,
    outcome: Outcome,
}

impl Renju {
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stone at `point`, if any.
    #[must_use]
    pub fn stone_at(&self, point: Point) -> Option<Stone> {
        self.board.get(point)
    }

    /// The last action, stone or decision.
    #[must_use]
    pub fn last_move(&self) -> Option<RenjuMove> {
        self.history.last().copied()
    }

    /// Where the last stone went (swap decisions and offers place none).
    #[must_use]
    pub fn last_stone(&self) -> Option<Point> {
        self.last_stone
    }

    /// What the game waits for.
    #[must_use]
    pub fn phase(&self) -> RenjuPhase {
        self.phase
    }

    /// The seat that holds black now.
    #[must_use]
    pub fn black_seat(&self) -> Seat {
        self.black
    }

    /// The seat that holds `stone` now.
    #[must_use]
    pub fn seat_of(&self, stone: Stone) -> Seat {
        match stone {
            Stone::Black => self.black,
            Stone::White => self.black.opponent(),
        }
    }

    /// The square the awaited opening stone must go in, during the opening.
    #[must_use]
    pub fn opening_area(&self) -> Option<OpeningArea> {
        self.phase.reach().map(|reach| OpeningArea { centre: self.board.centre(), reach })
    }

    /// The ten points black offered, while white is choosing one.
    #[must_use]
    pub fn offered_fifths(&self) -> Option<&[Point; FIFTH_OFFERS]> {
        self.offers.as_ref()
    }

    /// Checks black's offer as far as it is chosen (at most ten points, in order) by the rules
    /// the whole offer is checked by, so a player choosing them one by one hears at once of a
    /// point the offer could not keep. More than ten points are refused as the wrong action:
    /// after ten, the choice is white's.
    ///
    /// # Errors
    /// Why the points cannot all stand in black's offer now.
    pub fn check_partial_offer(&self, points: &[Point]) -> Result<(), RenjuError> {
        if self.outcome.is_over() {
            return Err(RenjuError::GameOver);
        }
        if self.phase != RenjuPhase::FifthStone {
            return Err(RenjuError::WrongAction { awaited: self.phase });
        }
        if points.len() > FIFTH_OFFERS {
            return Err(RenjuError::WrongAction { awaited: RenjuPhase::FifthChoice });
        }
        check_offer(&self.board, points)
    }

    /// The points where a black stone would lose now, with the shape it would make, for the
    /// board to mark them and the bot to ask for confirmation. Empty once the game is over.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<(Point, ForbiddenKind)> {
        if self.outcome.is_over() { Vec::new() } else { forbidden_points(&self.board) }
    }

    /// The colour of the next stone on the board (black when the stone count is even).
    fn next_stone(&self) -> Stone {
        if self.stones.is_multiple_of(2) { Stone::Black } else { Stone::White }
    }

    fn check_empty(&self, point: Point) -> Result<(), RenjuError> {
        if !self.board.contains(point) {
            Err(RenjuError::OffBoard)
        } else if self.board.get(point).is_some() {
            Err(RenjuError::Occupied)
        } else {
            Ok(())
        }
    }

    fn check_opening_stone(&self, point: Point) -> Result<(), RenjuError> {
        self.check_empty(point)?;
        match self.opening_area() {
            Some(area) if !area.contains(point) && area.reach == 0 => Err(RenjuError::NotCentre),
            Some(area) if !area.contains(point) => Err(RenjuError::OutsideArea(area)),
            _ => Ok(()),
        }
    }

    fn put(&mut self, point: Point, stone: Stone) {
        self.board.set(point, Some(stone));
        self.stones += 1;
        self.last_stone = Some(point);
    }

    /// Applies `mv`, or says why not without changing anything.
    fn act(&mut self, mv: RenjuMove) -> Result<(), RenjuError> {
        match (self.phase, mv) {
            (RenjuPhase::Over, _) => return Err(RenjuError::GameOver),
            (RenjuPhase::OpeningStone { number }, RenjuMove::Place(point)) => {
                self.check_opening_stone(point)?;
                self.put(point, self.next_stone());
                self.phase = RenjuPhase::SwapOption { after: number };
            }
            (RenjuPhase::SwapOption { after }, RenjuMove::Swap | RenjuMove::KeepColours) => {
                if mv == RenjuMove::Swap {
                    self.black = self.black.opponent();
                }
                self.phase = RenjuPhase::after_swap_option(after);
            }
            (RenjuPhase::FifthStone, RenjuMove::Place(point)) => {
                self.check_opening_stone(point)?;
                self.put(point, Stone::Black);
                self.phase = RenjuPhase::SwapOption { after: 5 };
            }
            (RenjuPhase::FifthStone, RenjuMove::OfferFifth(offers)) => {
                check_offer(&self.board, &offers)?;
                self.offers = Some(offers);
                self.phase = RenjuPhase::FifthChoice;
            }
            (RenjuPhase::FifthChoice, RenjuMove::ChooseFifth(point)) => {
                if !self.offers.is_some_and(|offers| offers.contains(&point)) {
                    return Err(RenjuError::NotOffered(point));
                }
                self.put(point, Stone::Black);
                self.offers = None;
                self.phase = RenjuPhase::Play;
            }
            (RenjuPhase::Play, RenjuMove::Place(point)) => self.place(point)?,
            (awaited, _) => return Err(RenjuError::WrongAction { awaited }),
        }
        self.history.push(mv);
        Ok(())
    }

    /// A stone after the opening, with everything that can end the game.
    fn place(&mut self, point: Point) -> Result<(), RenjuError> {
        self.check_empty(point)?;
        let stone = self.next_stone();
        let win = winning_lines(&self.board, point, stone, stone == Stone::White);
        // Exactly five wins even when it also makes a forbidden shape.
        let forbidden = match (&win, stone) {
            (None, Stone::Black) => forbidden_shape(&self.board, point),
            _ => None,
        };
        self.put(point, stone);
        self.outcome = if let Some(lines) = win {
            Outcome::Win { winner: self.seat_of(stone), reason: WinReason::Lines(lines) }
        } else if let Some(ForbiddenShape { kind, lines }) = forbidden {
            Outcome::Win {
                winner: self.seat_of(Stone::White),
                reason: WinReason::Forbidden { point, kind, lines },
            }
        } else if usize::from(self.stones) == usize::from(RenjuSettings::SIDE).pow(2) {
            Outcome::Draw(DrawReason::BoardFull)
        } else if stone == Stone::White && !black_has_legal_point(&self.board) {
            // Black could only lose on purpose: we end the game as drawn, as the RIF rules do
            // when both players pass.
            Outcome::Draw(DrawReason::NoLegalMove)
        } else {
            Outcome::Running
        };
        if self.outcome.is_over() {
            self.phase = RenjuPhase::Over;
        }
        Ok(())
    }

    fn parse_point(&self, text: &str) -> Result<Point, ParseMoveError> {
        Ok(Notation::WithI.parse(text, self.board.size())?)
    }
}

/// What [`Renju::parse_move`] understands, for its error message.
const EXPECTED: &str = "a point like h8, swap, keep, offer and ten points, or choose and a point";

impl BoardGame for Renju {
    type Settings = RenjuSettings;
    type Move = RenjuMove;
    type Rejection = RenjuError;

    fn start(_: RenjuSettings) -> Self {
        Renju {
            board: Board::empty(RenjuSettings::SIDE),
            history: Vec::new(),
            phase: RenjuPhase::OpeningStone { number: 1 },
            black: Seat::First,
            offers: None,
            stones: 0,
            last_stone: None,
            outcome: Outcome::Running,
        }
    }

    fn settings(&self) -> &RenjuSettings {
        &RenjuSettings
    }

    fn history(&self) -> &[RenjuMove] {
        &self.history
    }

    /// The holder of the colour to move; while the fifth move is being chosen, white's holder.
    fn seat_to_act(&self) -> Option<Seat> {
        match self.phase {
            RenjuPhase::Over => None,
            RenjuPhase::FifthChoice => Some(self.seat_of(Stone::White)),
            _ => Some(self.seat_of(self.next_stone())),
        }
    }

    /// Every move `play` accepts now, except black's offers of ten fifth moves, which are
    /// far too many to list. After the opening black's forbidden points are included: black
    /// may play them, and loses.
    fn legal_moves(&self) -> Vec<RenjuMove> {
        match self.phase {
            RenjuPhase::Over => Vec::new(),
            RenjuPhase::SwapOption { .. } => vec![RenjuMove::Swap, RenjuMove::KeepColours],
            RenjuPhase::FifthChoice => {
                self.offers.iter().flatten().map(|&point| RenjuMove::ChooseFifth(point)).collect()
            }
            RenjuPhase::OpeningStone { .. } | RenjuPhase::FifthStone | RenjuPhase::Play => self
                .board
                .empty_points()
                .filter(|&point| self.opening_area().is_none_or(|area| area.contains(point)))
                .map(RenjuMove::Place)
                .collect(),
        }
    }

    /// # Errors
    /// [`RenjuError`]: the game is over, the action does not fit the phase, or the point(s)
    /// break a rule of the opening or of the board.
    fn play(mut self, mv: RenjuMove) -> Result<Self, PlayError<Self>> {
        match self.act(mv) {
            Ok(()) => Ok(self),
            Err(rejection) => Err(PlayError { position: self, rejection }),
        }
    }

    fn outcome(&self) -> Outcome {
        self.outcome.clone()
    }

    /// `h8`, `swap`/`cambiar`, `keep`/`seguir`, `offer` (or `ofrecer`) and ten points,
    /// `choose` (or `elegir`) and a point; a plain point while white chooses the fifth move
    /// is a choice. Any case.
    fn parse_move(&self, text: &str) -> Result<RenjuMove, ParseMoveError> {
        let lower = text.to_lowercase();
        let mut words = lower.split_whitespace();
        let first = words.next().ok_or(ParseMoveError::Unrecognised { expected: EXPECTED })?;
        let rest: Vec<&str> = words.collect();
        let points = |expected: usize| {
            if rest.len() != expected {
                return Err(ParseMoveError::PointCount { expected, found: rest.len() });
            }
            rest.iter().map(|word| self.parse_point(word)).collect::<Result<Vec<_>, _>>()
        };
        match first {
            "swap" | "cambiar" if rest.is_empty() => Ok(RenjuMove::Swap),
            "keep" | "seguir" if rest.is_empty() => Ok(RenjuMove::KeepColours),
            "offer" | "ofrecer" => {
                let offers = points(FIFTH_OFFERS)?;
                let mut array = [Point::new(0, 0); FIFTH_OFFERS];
                array.copy_from_slice(&offers);
                Ok(RenjuMove::OfferFifth(array))
            }
            "choose" | "elegir" => Ok(RenjuMove::ChooseFifth(points(1)?[0])),
            word if rest.is_empty() && word.bytes().any(|b| b.is_ascii_digit()) => {
                let point = self.parse_point(word)?;
                Ok(if self.phase == RenjuPhase::FifthChoice {
                    RenjuMove::ChooseFifth(point)
                } else {
                    RenjuMove::Place(point)
                })
            }
            _ => Err(ParseMoveError::Unrecognised { expected: EXPECTED }),
        }
    }

    fn format_move(&self, mv: RenjuMove) -> String {
        let at = |point| Notation::WithI.format(point);
        match mv {
            RenjuMove::Place(point) => at(point),
            RenjuMove::Swap => "swap".to_owned(),
            RenjuMove::KeepColours => "keep".to_owned(),
            RenjuMove::OfferFifth(offers) => {
                offers.iter().fold("offer".to_owned(), |text, &point| text + " " + &at(point))
            }
            RenjuMove::ChooseFifth(point) => format!("choose {}", at(point)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Line;
    use crate::gomoku::position::tests::{CORNERED, board_from, point, points, striped};

    /// The position after the `;`-separated actions, written as players write them.
    fn renju(actions: &str) -> Renju {
        actions.split(';').filter(|text| !text.trim().is_empty()).fold(
            Renju::start(RenjuSettings),
            |game, text| {
                let mv = game.parse_move(text).expect("test actions are well written");
                match game.play(mv) {
                    Ok(game) => game,
                    Err(error) => panic!("setting up: {text}: {error}"),
                }
            },
        )
    }

    fn act(game: Renju, text: &str) -> Renju {
        let mv = game.parse_move(text).expect("the test action is well written");
        game.play(mv).expect("the test action is legal")
    }

    fn refused(game: Renju, mv: RenjuMove) -> RenjuError {
        let before = game.clone();
        let error = game.play(mv).expect_err("the test action is refused");
        assert_eq!(error.position, before, "a refused action changes nothing");
        error.rejection
    }

    /// The whole Taraguchi-10 opening without swaps: black h8 i8 j8, white h9 h5.
    const OPENING: &str = "h8; keep; h9; keep; i8; keep; h5; keep; j8; keep";

    /// A position after the opening with black's `black` and white's `white` stones (no
    /// history: for rules that only look at the board). Black moves when the counts match.
    fn renju_with(black: &str, white: &str) -> Renju {
        let mut game = Renju::start(RenjuSettings);
        for (stones, stone) in [(black, Stone::Black), (white, Stone::White)] {
            for point in points(stones) {
                game.put(point, stone);
            }
        }
        game.phase = RenjuPhase::Play;
        game
    }

    fn wins_with_line(winner: Seat, from: &str, to: &str) -> Outcome {
        let lines = vec![Line { from: point(from), to: point(to) }];
        Outcome::Win { winner, reason: WinReason::Lines(lines) }
    }

    #[test]
    fn the_first_stone_is_black_on_the_centre() {
        let game = Renju::start(RenjuSettings);
        assert_eq!(game.phase(), RenjuPhase::OpeningStone { number: 1 });
        assert_eq!(game.seat_to_act(), Some(Seat::First));
        assert_eq!(game.black_seat(), Seat::First);
        assert_eq!(game.legal_moves(), vec![RenjuMove::Place(point("h8"))]);
        assert_eq!(refused(game.clone(), RenjuMove::Place(point("a1"))), RenjuError::NotCentre);
        let game = act(game, "h8");
        assert_eq!(game.stone_at(point("h8")), Some(Stone::Black));
        assert_eq!(game.last_stone(), Some(point("h8")));
    }

    #[test]
    fn the_opening_runs_its_steps_in_growing_squares() {
        let mut game = Renju::start(RenjuSettings);
        let steps = [
            ("h8", 0, Seat::First, Stone::Black),
            ("i9", 1, Seat::Second, Stone::White),
            ("g10", 2, Seat::First, Stone::Black),
            ("k11", 3, Seat::Second, Stone::White),
            ("l4", 4, Seat::First, Stone::Black),
        ];
        for (number, (stone_point, reach, seat, stone)) in (1u8..).zip(steps) {
            let area = game.opening_area().expect("an opening stone is awaited");
            assert_eq!(area, OpeningArea { centre: point("h8"), reach });
            assert_eq!(game.seat_to_act(), Some(seat));
            if number < 5 {
                assert_eq!(game.phase(), RenjuPhase::OpeningStone { number });
                let expected = usize::from(area.side()).pow(2) - usize::from(number - 1);
                assert_eq!(game.legal_moves().len(), expected);
            } else {
                assert_eq!(game.phase(), RenjuPhase::FifthStone);
            }
            game = act(game, stone_point);
            assert_eq!(game.stone_at(point(stone_point)), Some(stone));
            assert_eq!(game.phase(), RenjuPhase::SwapOption { after: number });
            assert_eq!(game.opening_area(), None);
            // The holder of the other colour decides.
            assert_eq!(game.seat_to_act(), Some(seat.opponent()));
            assert_eq!(game.legal_moves(), vec![RenjuMove::Swap, RenjuMove::KeepColours]);
            game = act(game, "keep");
        }
        assert_eq!(game.phase(), RenjuPhase::Play);
        assert_eq!(game.seat_to_act(), Some(Seat::Second));
        assert_eq!(game.legal_moves().len(), 225 - 5);
        let game = act(game, "a1");
        assert_eq!(game.stone_at(point("a1")), Some(Stone::White));
        assert_eq!(game.seat_to_act(), Some(Seat::First));
    }

    #[test]
    fn opening_stones_outside_their_square_are_refused() {
        let area = |reach| RenjuError::OutsideArea(OpeningArea { centre: point("h8"), reach });
        let second = renju("h8; keep");
        assert_eq!(refused(second.clone(), RenjuMove::Place(point("h10"))), area(1));
        assert_eq!(refused(second, RenjuMove::Place(point("h8"))), RenjuError::Occupied);
        let third = renju("h8; keep; h9; keep");
        assert_eq!(refused(third, RenjuMove::Place(point("k8"))), area(2));
        let fourth = renju("h8; keep; h9; keep; h10; keep");
        assert_eq!(refused(fourth, RenjuMove::Place(point("l8"))), area(3));
        let fifth = renju("h8; keep; h9; keep; h10; keep; h11; keep");
        assert_eq!(refused(fifth.clone(), RenjuMove::Place(point("m8"))), area(4));
        assert_eq!(act(fifth, "l8").stone_at(point("l8")), Some(Stone::Black));
    }

    #[test]
    fn every_swap_moves_black_to_the_other_seat() {
        for swap_after in 1..=5u8 {
            let mut actions = Vec::new();
            for (number, stone) in (1..=5u8).zip(["h8", "h9", "h10", "h11", "h12"]) {
                actions.push(stone);
                actions.push(if number == swap_after { "swap" } else { "keep" });
            }
            let game = renju(&actions.join(";"));
            assert_eq!(game.black_seat(), Seat::Second, "swap after {swap_after}");
            assert_eq!(game.seat_of(Stone::White), Seat::First);
            // White plays the sixth stone: the first seat now.
            assert_eq!(game.seat_to_act(), Some(Seat::First));
        }
    }

    #[test]
    fn seat_to_act_follows_the_swaps() {
        let game = renju("h8; swap");
        // The second seat took black: the first seat now holds white and plays stone 2.
        assert_eq!(game.black_seat(), Seat::Second);
        assert_eq!(game.seat_to_act(), Some(Seat::First));
        let game = act(game, "h9");
        // Black (second seat) may swap back.
        assert_eq!(game.seat_to_act(), Some(Seat::Second));
        let game = act(game, "swap");
        assert_eq!(game.black_seat(), Seat::First);
        assert_eq!(game.seat_to_act(), Some(Seat::First));
        let game = act(act(game, "h10"), "keep");
        assert_eq!(game.seat_to_act(), Some(Seat::Second));
        let game = act(act(game, "h11"), "cambiar");
        assert_eq!(game.black_seat(), Seat::Second);
        assert_eq!(game.seat_to_act(), Some(Seat::Second));
        assert_eq!(game.phase(), RenjuPhase::FifthStone);
    }

    /// Four stones down the h column: the position is its own mirror image left to right.
    const MIRRORED: &str = "h8; keep; h9; keep; h10; keep; h11; keep";

    fn offer(text: &str) -> RenjuMove {
        let offers: [Point; FIFTH_OFFERS] =
            points(text).try_into().expect("the test offers ten points");
        RenjuMove::OfferFifth(offers)
    }

    #[test]
    fn an_offer_in_the_making_is_checked_as_the_whole_offer_is() {
        let game = renju(MIRRORED);
        assert_eq!(game.check_partial_offer(&[]), Ok(()));
        assert_eq!(game.check_partial_offer(&points("g5 a1")), Ok(()));
        assert_eq!(
            game.check_partial_offer(&points("g5 i5")),
            Err(RenjuError::SymmetricOffers(point("g5"), point("i5")))
        );
        assert_eq!(
            game.check_partial_offer(&points("a1 a1")),
            Err(RenjuError::RepeatedOffer(point("a1")))
        );
        assert_eq!(
            game.check_partial_offer(&points("h8")),
            Err(RenjuError::OfferOccupied(point("h8")))
        );
        let eleven = points("a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11");
        assert!(game.check_partial_offer(&eleven).is_err());
        assert_eq!(
            renju("h8").check_partial_offer(&[]),
            Err(RenjuError::WrongAction { awaited: RenjuPhase::SwapOption { after: 1 } })
        );
    }

    #[test]
    fn offers_mirrored_by_a_symmetry_of_the_position_are_refused() {
        let game = renju(MIRRORED);
        let mirrored = offer("g5 i5 a1 a2 a3 a4 a5 a6 a7 a8");
        assert_eq!(
            refused(game.clone(), mirrored),
            RenjuError::SymmetricOffers(point("g5"), point("i5"))
        );
        // Without the mirror the same points are different moves.
        let lopsided = renju("h8; keep; i9; keep; h10; keep; h11; keep");
        assert_eq!(
            act(lopsided, "offer g5 i5 a1 a2 a3 a4 a5 a6 a7 a8").phase(),
            RenjuPhase::FifthChoice
        );
        let game = act(game, "offer g5 h5 a1 a2 a3 a4 a5 a6 a7 a8");
        assert_eq!(game.phase(), RenjuPhase::FifthChoice);
        assert_eq!(game.offered_fifths(), Some(&offer_points("g5 h5 a1 a2 a3 a4 a5 a6 a7 a8")));
        // White, still the second seat, chooses.
        assert_eq!(game.seat_to_act(), Some(Seat::Second));
        assert_eq!(game.legal_moves().len(), 10);
    }

    fn offer_points(text: &str) -> [Point; FIFTH_OFFERS] {
        points(text).try_into().expect("ten points")
    }

    #[test]
    fn bad_offers_say_what_is_wrong() {
        let game = renju(MIRRORED);
        assert_eq!(
            refused(game.clone(), offer("h8 a2 a3 a4 a5 a6 a7 a8 a9 a10")),
            RenjuError::OfferOccupied(point("h8"))
        );
        assert_eq!(
            refused(game.clone(), offer("a2 a3 a4 a5 a6 a7 a8 a9 a10 a2")),
            RenjuError::RepeatedOffer(point("a2"))
        );
        let mut off_board = offer_points("a2 a3 a4 a5 a6 a7 a8 a9 a10 a11");
        off_board[3] = Point::new(15, 3);
        assert_eq!(refused(game.clone(), RenjuMove::OfferFifth(off_board)), RenjuError::OffBoard);
        assert_eq!(
            game.parse_move("offer a1 a2 a3"),
            Err(ParseMoveError::PointCount { expected: 10, found: 3 })
        );
    }

    #[test]
    fn white_chooses_one_offered_point_as_black_fifth_stone() {
        let game = renju(&format!("{MIRRORED}; offer g5 h5 a1 a2 a3 a4 a5 a6 a7 a8"));
        assert_eq!(
            refused(game.clone(), RenjuMove::ChooseFifth(point("b1"))),
            RenjuError::NotOffered(point("b1"))
        );
        assert_eq!(game.parse_move("a3"), Ok(RenjuMove::ChooseFifth(point("a3"))));
        let game = act(game, "elegir a3");
        assert_eq!(game.stone_at(point("a3")), Some(Stone::Black));
        assert_eq!(game.offered_fifths(), None);
        assert_eq!(game.phase(), RenjuPhase::Play);
        // White goes on with the sixth stone, without a swap option.
        assert_eq!(game.seat_to_act(), Some(Seat::Second));
        let game = act(game, "o15");
        assert_eq!(game.stone_at(point("o15")), Some(Stone::White));
        assert_eq!(game.seat_to_act(), Some(Seat::First));
    }

    #[test]
    fn actions_that_do_not_fit_the_phase_are_refused() {
        let wrong = |game: &Renju, mv| {
            assert_eq!(
                refused(game.clone(), mv),
                RenjuError::WrongAction { awaited: game.phase() }
            );
        };
        let start = Renju::start(RenjuSettings);
        wrong(&start, RenjuMove::Swap);
        wrong(&start, RenjuMove::ChooseFifth(point("h8")));
        wrong(&start, offer("a1 a2 a3 a4 a5 a6 a7 a8 a9 a10"));
        let deciding = renju("h8");
        wrong(&deciding, RenjuMove::Place(point("h9")));
        let fifth = renju(MIRRORED);
        wrong(&fifth, RenjuMove::KeepColours);
        wrong(&fifth, RenjuMove::ChooseFifth(point("a1")));
        let choosing = renju(&format!("{MIRRORED}; offer g5 h5 a1 a2 a3 a4 a5 a6 a7 a8"));
        wrong(&choosing, RenjuMove::Place(point("a1")));
        wrong(&choosing, RenjuMove::Swap);
        let playing = renju(OPENING);
        wrong(&playing, RenjuMove::Swap);
        wrong(&playing, offer("a1 a2 a3 a4 a5 a6 a7 a8 a9 a10"));
        assert_eq!(refused(playing.clone(), RenjuMove::Place(point("h8"))), RenjuError::Occupied);
        assert_eq!(refused(playing, RenjuMove::Place(Point::new(3, 15))), RenjuError::OffBoard);
    }

    #[test]
    fn black_wins_with_exactly_five() {
        // Black h8 i8 j8 from the opening, then k8 and g8.
        let game = renju(&format!("{OPENING}; a15; k8; a13; g8"));
        assert_eq!(game.outcome(), wins_with_line(Seat::First, "g8", "k8"));
        assert_eq!(game.phase(), RenjuPhase::Over);
        assert_eq!(game.seat_to_act(), None);
        assert!(game.legal_moves().is_empty());
        assert!(game.forbidden_points().is_empty());
        assert_eq!(refused(game, RenjuMove::Place(point("a1"))), RenjuError::GameOver);
    }

    #[test]
    fn the_seat_holding_black_is_the_winner() {
        let game = renju("h8; swap; h9; keep; i8; keep; h5; keep; j8; keep; a15; k8; a13; g8");
        assert_eq!(game.outcome(), wins_with_line(Seat::Second, "g8", "k8"));
    }

    #[test]
    fn white_wins_with_five_or_an_overline() {
        let five = renju_with("a1 a3 a5 a7 a9", "c8 d8 e8 f8");
        assert_eq!(act(five, "g8").outcome(), wins_with_line(Seat::Second, "c8", "g8"));
        let six = renju_with("a1 a3 a5 a7 a9 a11", "c8 d8 e8 g8 h8");
        assert_eq!(act(six, "f8").outcome(), wins_with_line(Seat::Second, "c8", "h8"));
    }

    #[test]
    fn black_overline_never_wins() {
        let game = renju_with("c8 d8 e8 g8 h8", "a1 a3 a5 a7 a9");
        // Without forbidden detection the game goes on; with it, white wins.
        assert_ne!(act(game, "f8").outcome().winner(), Some(Seat::First));
    }

    #[test]
    fn black_loses_by_playing_a_forbidden_point() {
        let cases = [
            ("c8 d8 e8 g8 h8", "a1 a3 a5 a7 a9", "f8", ForbiddenKind::Overline, &["c8 h8"][..]),
            ("h9 h10 i8 j8", "a1 a3 a5 a7", "h8", ForbiddenKind::DoubleThree, &["h8 j8", "h8 h10"]),
            (
                "h9 h10 h11 i8 j8 k8",
                "a1 a3 a5 a7 a9 a11",
                "h8",
                ForbiddenKind::DoubleFour,
                &["h8 k8", "h8 h11"],
            ),
        ];
        for (black, white, at, kind, ends) in cases {
            let game = renju_with(black, white);
            assert_eq!(game.forbidden_points(), vec![(point(at), kind)]);
            let game = act(game, at);
            assert_eq!(game.stone_at(point(at)), Some(Stone::Black), "the stone is placed");
            let lines = ends
                .iter()
                .filter_map(|ends| ends.split_once(' '))
                .map(|(from, to)| Line { from: point(from), to: point(to) })
                .collect();
            let reason = WinReason::Forbidden { point: point(at), kind, lines };
            assert_eq!(game.outcome(), Outcome::Win { winner: Seat::Second, reason });
        }
    }

    #[test]
    fn exactly_five_beats_a_forbidden_shape() {
        // f8 makes five in row 8 and open threes up column f and along a diagonal.
        let game = renju_with("c8 d8 e8 g8 f9 f10 g9 h10", "a1 a3 a5 a7 a9 a11 a13 a15");
        assert_eq!(act(game, "f8").outcome(), wins_with_line(Seat::First, "c8", "g8"));
    }

    #[test]
    fn a_full_board_is_a_draw() {
        let mut game = renju_with("", "");
        for point in game.board.points().filter(|&p| p != point("h8")).collect::<Vec<_>>() {
            game.put(point, striped(point));
        }
        assert_eq!(game.seat_to_act(), Some(Seat::First));
        let game = act(game, "h8");
        assert_eq!(game.outcome(), Outcome::Draw(DrawReason::BoardFull));
        assert_eq!(game.phase(), RenjuPhase::Over);
    }

    #[test]
    fn black_with_only_forbidden_points_draws() {
        let mut game = renju_with("", "");
        game.board = board_from(&CORNERED);
        game.stones = 223;
        let game = act(game, "a6");
        assert_eq!(game.outcome(), Outcome::Draw(DrawReason::NoLegalMove));
    }

    #[test]
    fn moves_are_written_and_read_back() {
        let game = renju(MIRRORED);
        let moves = [
            (RenjuMove::Place(point("h8")), "h8"),
            (RenjuMove::Swap, "swap"),
            (RenjuMove::KeepColours, "keep"),
            (offer("a1 b2 c3 d4 e5 f6 g7 i9 j10 k11"), "offer a1 b2 c3 d4 e5 f6 g7 i9 j10 k11"),
            (RenjuMove::ChooseFifth(point("o15")), "choose o15"),
        ];
        for (mv, text) in moves {
            assert_eq!(game.format_move(mv), text);
            assert_eq!(game.parse_move(text), Ok(mv));
        }
        assert_eq!(game.parse_move(" SWAP "), Ok(RenjuMove::Swap));
        assert_eq!(game.parse_move("Seguir"), Ok(RenjuMove::KeepColours));
        assert_eq!(game.parse_move("cambiar"), Ok(RenjuMove::Swap));
        assert_eq!(game.parse_move("H8"), Ok(RenjuMove::Place(point("h8"))));
        let unrecognised = Err(ParseMoveError::Unrecognised { expected: EXPECTED });
        assert_eq!(game.parse_move("resign"), unrecognised);
        assert_eq!(game.parse_move(""), unrecognised);
        assert_eq!(game.parse_move("swap now"), unrecognised);
        assert_eq!(
            game.parse_move("choose"),
            Err(ParseMoveError::PointCount { expected: 1, found: 0 })
        );
        assert_eq!(
            game.parse_move("p1"),
            Err(ParseMoveError::Coordinate(crate::CoordinateError::OffBoard))
        );
    }

    #[test]
    fn history_replays_to_the_same_position() {
        let game = renju(
            "h8; swap; h9; keep; h10; cambiar; h11; keep; offer g5 h5 a1 a2 a3 a4 a5 a6 a7 a8; a3; o15",
        );
        assert_eq!(game.last_move(), Some(RenjuMove::Place(point("o15"))));
        assert_eq!(game.history().len(), 11);
        let replayed = Renju::replay(RenjuSettings, game.history());
        assert_eq!(replayed.ok(), Some(game));
    }
}
