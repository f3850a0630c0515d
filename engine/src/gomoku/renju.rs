use std::fmt;

use super::{
    FIFTH_OFFERS, OpeningArea, RenjuPhase, RenjuSettings, lines::winning_lines,
    opening::check_offer, position::black_has_legal_point,
};
use crate::{
    Board, BoardGame, DrawReason, ForbiddenKind, Notation, Outcome, ParseMoveError, PlayError,
    Point, Seat, Stone, WinReason, forbidden_kind, forbidden_points,
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
            (None, Stone::Black) => forbidden_kind(&self.board, point),
            _ => None,
        };
        self.put(point, stone);
        self.outcome = if let Some(lines) = win {
            Outcome::Win { winner: self.seat_of(stone), reason: WinReason::Lines(lines) }
        } else if let Some(kind) = forbidden {
            Outcome::Win {
                winner: self.seat_of(Stone::White),
                reason: WinReason::Forbidden { point, kind },
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
