use engine::cpu::{Choice, ComputerPlayer, Deadline, Level, Think};
use engine::{
    BoardGame, Connect, ConnectMove, ConnectSettings, ForbiddenKind, Gomoku, GomokuSettings,
    GomokuSize, Ninuki, NinukiSettings, NinukiSize, Outcome, Pente, PenteSettings, PenteSize,
    Point, Renju, RenjuMove, RenjuPhase, RenjuSettings, Seat, Stone, WinReason,
};

use super::{GameKind, GameSettings, MoveError};

/// A position of any board game the bot offers.
#[derive(Clone, Debug, PartialEq)]
pub enum Position {
    Gomoku(Gomoku),
    Renju(Renju),
    Ninuki(Ninuki),
    Pente(Pente),
    Connect(Connect),
}

/// What a game waits for beyond an ordinary move: renju's opening decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// A stone, a column: the usual move.
    Move,
    /// Renju: swap colours or keep them.
    SwapOption,
    /// Renju: black's fifth stone, or ten offered points.
    FifthStone,
    /// Renju: white picks one of the offered points.
    FifthChoice,
}

/// Runs `$body` with `$game` bound to the engine position, whatever the game.
macro_rules! each {
    ($position:expr, $game:ident => $body:expr) => {
        match $position {
            Position::Gomoku($game) => $body,
            Position::Renju($game) => $body,
            Position::Ninuki($game) => $body,
            Position::Pente($game) => $body,
            Position::Connect($game) => $body,
        }
    };
}

/// Reads `text` and plays it on `game`, keeping `game` as it was when refused.
fn play_text<G: BoardGame>(
    game: &mut G,
    text: &str,
    refused: impl Fn(G::Rejection) -> MoveError,
    unreadable: impl Fn(engine::ParseMoveError) -> MoveError,
) -> Result<String, MoveError> {
    let mv = game.parse_move(text).map_err(unreadable)?;
    let written = game.format_move(mv);
    match game.clone().play(mv) {
        Ok(next) => {
            *game = next;
            Ok(written)
        }
        Err(error) => Err(refused(error.rejection)),
    }
}

impl Position {
    /// The starting position of a game with `settings`.
    #[must_use]
    pub fn start(settings: &GameSettings) -> Position {
        let big = settings.size == 19;
        match settings.kind {
            GameKind::Gomoku => Position::Gomoku(Gomoku::start(GomokuSettings {
                size: if big { GomokuSize::Nineteen } else { GomokuSize::Fifteen },
                overline_wins: settings.overline,
                forbidden_for_black: settings.forbidden,
            })),
            GameKind::Renju => Position::Renju(Renju::start(RenjuSettings)),
            GameKind::Ninuki => Position::Ninuki(Ninuki::start(NinukiSettings {
                size: if big { NinukiSize::Nineteen } else { NinukiSize::Fifteen },
                overline_wins: settings.overline,
                forbidden_moves: settings.forbidden,
            })),
            GameKind::Pente => Position::Pente(Pente::start(PenteSettings {
                size: if settings.size == 13 { PenteSize::Thirteen } else { PenteSize::Nineteen },
            })),
            GameKind::Connect5 => Position::Connect(Connect::start(
                ConnectSettings::five_in_row().with_pop_out(settings.pop_out),
            )),
            GameKind::Connect4 => Position::Connect(Connect::start(
                ConnectSettings::classic().with_pop_out(settings.pop_out),
            )),
        }
    }

    /// The position after the stored moves.
    ///
    /// # Errors
    /// The ply (0-based) of the first move that does not replay, and why.
    pub fn replay<'a>(
        settings: &GameSettings,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Position, (usize, MoveError)> {
        let mut position = Position::start(settings);
        for (ply, text) in moves.into_iter().enumerate() {
            position.play(text).map_err(|error| (ply, error))?;
        }
        Ok(position)
    }

    /// Whether the game reads `text` as a move in its notation (legal or not here).
    #[must_use]
    pub fn reads(&self, text: &str) -> bool {
        each!(self, game => game.parse_move(text).is_ok())
    }

    /// Plays `text` for the seat to act and returns the move as the log stores it.
    ///
    /// # Errors
    /// [`MoveError`] when the text is not a move or the game refuses it; the position is
    /// unchanged then.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let kind = self.kind();
        let unreadable = |error| MoveError::Unreadable { kind, error };
        match self {
            Position::Gomoku(game) => play_text(game, text, MoveError::Gomoku, unreadable),
            Position::Renju(game) => play_text(game, text, MoveError::Renju, unreadable),
            Position::Ninuki(game) => play_text(game, text, MoveError::Ninuki, unreadable),
            Position::Pente(game) => play_text(game, text, MoveError::Pente, unreadable),
            Position::Connect(game) => play_text(game, text, MoveError::Connect, unreadable),
        }
    }

    /// The game this position belongs to.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        match self {
            Position::Gomoku(_) => GameKind::Gomoku,
            Position::Renju(_) => GameKind::Renju,
            Position::Ninuki(_) => GameKind::Ninuki,
            Position::Pente(_) => GameKind::Pente,
            Position::Connect(game) if game.settings().has_side_columns() => GameKind::Connect5,
            Position::Connect(_) => GameKind::Connect4,
        }
    }

    /// How many moves (and renju decisions) have been played.
    #[must_use]
    pub fn ply(&self) -> usize {
        each!(self, game => game.history().len())
    }

    #[must_use]
    pub fn seat_to_act(&self) -> Option<Seat> {
        each!(self, game => game.seat_to_act())
    }

    #[must_use]
    pub fn outcome(&self) -> Outcome {
        each!(self, game => game.outcome())
    }

    /// Every move the seat to act may make, in the game's notation.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        each!(self, game => game.legal_moves().into_iter().map(|mv| game.format_move(mv)).collect())
    }

    /// The points the seat to act may place a stone on, as (column, row) in notation
    /// (`("h", "8")`): what a column-then-row picker offers. Empty for column games and for
    /// decisions that are not a point (renju's swap, its fifth-move choice).
    #[must_use]
    pub fn legal_points(&self) -> Vec<(String, String)> {
        if matches!(self, Position::Connect(_)) {
            return Vec::new();
        }
        self.legal_moves()
            .iter()
            .filter_map(|text| {
                split_point(text).map(|(column, row)| (column.to_owned(), row.to_owned()))
            })
            .collect()
    }

    /// The columns of [`Position::legal_points`], each once, in the order first met: the
    /// picker's first step, drawn under every board (so without the rows' strings).
    #[must_use]
    pub fn legal_columns(&self) -> Vec<String> {
        if matches!(self, Position::Connect(_)) {
            return Vec::new();
        }
        let mut columns: Vec<String> = Vec::new();
        for text in self.legal_moves() {
            if let Some((column, _)) = split_point(&text)
                && !columns.iter().any(|known| known == column)
            {
                columns.push(column.to_owned());
            }
        }
        columns
    }

    /// What the seat to act is asked for.
    #[must_use]
    pub fn resolution(&self) -> Resolution {
        match self {
            Position::Renju(game) => match game.phase() {
                RenjuPhase::SwapOption { .. } => Resolution::SwapOption,
                RenjuPhase::FifthStone => Resolution::FifthStone,
                RenjuPhase::FifthChoice => Resolution::FifthChoice,
                _ => Resolution::Move,
            },
            _ => Resolution::Move,
        }
    }

    /// Renju: the offered fifth moves while white chooses, in notation.
    #[must_use]
    pub fn offered_fifths(&self) -> Vec<String> {
        match self {
            Position::Renju(game) => game
                .offered_fifths()
                .map(|points| {
                    points.iter().map(|&p| game.format_move(RenjuMove::Place(p))).collect()
                })
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Renju, black to offer ten fifth moves: the points of `draft` (in order, as typed or
    /// pressed) as the notation writes them, if the engine lets them all stand in the offer.
    ///
    /// # Errors
    /// [`MoveError`] when a point is unreadable or the offer could not keep it (taken,
    /// repeated, the mirror of another), or the game does not wait for an offer.
    pub fn check_offer_draft(&self, draft: &[String]) -> Result<Vec<String>, MoveError> {
        let Position::Renju(game) = self else {
            return Err(MoveError::Renju(engine::RenjuError::WrongAction {
                awaited: RenjuPhase::FifthStone,
            }));
        };
        let kind = self.kind();
        let mut points = Vec::with_capacity(draft.len());
        for text in draft {
            match game.parse_move(text) {
                Ok(RenjuMove::Place(point)) => points.push(point),
                Ok(_) => {
                    return Err(MoveError::Renju(engine::RenjuError::WrongAction {
                        awaited: game.phase(),
                    }));
                }
                Err(error) => return Err(MoveError::Unreadable { kind, error }),
            }
        }
        game.check_partial_offer(&points).map_err(MoveError::Renju)?;
        Ok(points.into_iter().map(|point| game.format_move(RenjuMove::Place(point))).collect())
    }

    /// Renju, black to offer: the points that may join `draft` in the offer, as `(column,
    /// row)` for the point picker; empty when none may (ten chosen, or not renju's offer).
    #[must_use]
    pub fn offer_candidates(&self, draft: &[String]) -> Vec<(String, String)> {
        let Position::Renju(game) = self else { return Vec::new() };
        let Ok(chosen) = self.check_offer_draft(draft) else { return Vec::new() };
        let mut points: Vec<Point> = self.draft_points(&chosen);
        let mut candidates = Vec::new();
        for point in game.board().points() {
            points.push(point);
            if game.check_partial_offer(&points).is_ok() {
                let text = game.format_move(RenjuMove::Place(point));
                if let Some((column, row)) = split_point(&text) {
                    candidates.push((column.to_owned(), row.to_owned()));
                }
            }
            points.pop();
        }
        candidates
    }

    /// In renju a forbidden point *loses* for black: the shape `text` would make, and the
    /// point as the notation writes it, if it is such a move, so the bot can ask before
    /// playing it.
    #[must_use]
    pub fn losing_forbidden(&self, text: &str) -> Option<(ForbiddenKind, String)> {
        let Position::Renju(game) = self else { return None };
        let mv = game.parse_move(text).ok()?;
        match game.clone().play(mv).ok()?.outcome() {
            Outcome::Win { reason: WinReason::Forbidden { kind, .. }, .. } => {
                Some((kind, game.format_move(mv)))
            }
            _ => None,
        }
    }

    /// In renju, black to move after the opening: every point that loses at once (a
    /// forbidden point), with its shape, as the notation writes it. Empty otherwise.
    #[must_use]
    pub fn losing_forbidden_points(&self) -> Vec<(ForbiddenKind, String)> {
        let Position::Renju(game) = self else { return Vec::new() };
        if game.phase() != RenjuPhase::Play {
            return Vec::new();
        }
        self.forbidden_marks()
            .into_iter()
            .filter_map(|point| self.losing_forbidden(&game.format_move(RenjuMove::Place(point))))
            .collect()
    }

    /// The colour `seat` plays now (renju's swaps move colours between seats).
    #[must_use]
    pub fn colour_id(&self, seat: Seat) -> &'static str {
        match self {
            Position::Connect(_) => match seat {
                Seat::First => "colour-red",
                Seat::Second => "colour-yellow",
            },
            _ => match self.stone_of(seat) {
                Stone::Black => "colour-black",
                Stone::White => "colour-white",
            },
        }
    }

    /// The stone of `seat` in the grid games.
    pub(super) fn stone_of(&self, seat: Seat) -> Stone {
        match self {
            Position::Renju(game) if game.black_seat() == seat => Stone::Black,
            Position::Renju(_) => Stone::White,
            Position::Pente(_) => Pente::stone_of(seat),
            Position::Gomoku(_) | Position::Ninuki(_) | Position::Connect(_) => match seat {
                Seat::First => Stone::Black,
                Seat::Second => Stone::White,
            },
        }
    }

    /// Pente's final score of each seat (seed 003), once the game is over.
    #[must_use]
    pub fn final_score(&self) -> Option<[u32; 2]> {
        match self {
            Position::Pente(game) if game.outcome().is_over() => {
                Some([game.score(Seat::First).total(), game.score(Seat::Second).total()])
            }
            _ => None,
        }
    }

    /// Pente's final score of each seat item by item (the line, captures, fours), once the
    /// game is over.
    #[must_use]
    pub fn score_breakdown(&self) -> Option<[engine::Score; 2]> {
        match self {
            Position::Pente(game) if game.outcome().is_over() => {
                Some([game.score(Seat::First), game.score(Seat::Second)])
            }
            _ => None,
        }
    }

    /// Stones captured by each seat (ninuki, pente).
    #[must_use]
    pub fn captures(&self) -> Option<[u16; 2]> {
        match self {
            Position::Ninuki(game) => {
                Some([game.captured_by(Seat::First), game.captured_by(Seat::Second)])
            }
            Position::Pente(game) => {
                Some([game.captured_by(Seat::First), game.captured_by(Seat::Second)])
            }
            _ => None,
        }
    }

    /// The columns whose bottom disc the player to move may pop (5 en raya with PopOut), by
    /// number 1 to 7.
    #[must_use]
    pub fn poppable_columns(&self) -> Vec<u8> {
        match self {
            Position::Connect(game) => engine::Column::ALL
                .into_iter()
                .filter(|&column| game.check(ConnectMove::Pop(column)).is_ok())
                .map(engine::Column::number)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The columns a disc may be dropped into, by number.
    #[must_use]
    pub fn open_columns(&self) -> Vec<u8> {
        match self {
            Position::Connect(game) => engine::Column::ALL
                .into_iter()
                .filter(|&column| game.check(ConnectMove::Drop(column)).is_ok())
                .map(engine::Column::number)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The column (1 to 7) the last disc went into or came out of, on a column board.
    #[must_use]
    pub fn last_column(&self) -> Option<u8> {
        match self {
            Position::Connect(game) => game.last_move().map(|mv| mv.column().number()),
            _ => None,
        }
    }

    /// The computer's move for the seat to act, in notation, with its verdict when it has
    /// proved the game lost; `None` once the game is over. Every game has a computer player.
    #[must_use]
    pub fn computer_choice(
        &self,
        level: Level,
        seed: u64,
        deadline: &dyn Deadline,
    ) -> Option<Choice<String>> {
        let think = Think { level, seed, deadline };
        each!(self, game => game.computer_choice(think).map(|choice| Choice {
            mv: game.format_move(choice.mv),
            hopeless: choice.hopeless,
        }))
    }

    /// The point of the last stone placed on a grid board.
    pub(super) fn last_point(&self) -> Option<Point> {
        match self {
            Position::Gomoku(game) => game.last_move(),
            Position::Renju(game) => game.last_stone(),
            Position::Ninuki(game) => game.history().last().copied(),
            Position::Pente(game) => game.history().last().copied(),
            Position::Connect(_) => None,
        }
    }
}

/// A point in notation split into its column letters and row digits (`h8` → `h`, `8`);
/// `None` for moves that are not a point (`swap`, `pop 3`).
fn split_point(text: &str) -> Option<(&str, &str)> {
    let split = text.find(|c: char| c.is_ascii_digit())?;
    let (column, row) = text.split_at(split);
    let point = !column.is_empty()
        && column.chars().all(|c| c.is_ascii_alphabetic())
        && row.chars().all(|c| c.is_ascii_digit());
    point.then_some((column, row))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The columns of the legal points, each once, in the order first met.
    fn columns_of_points(position: &Position) -> Vec<String> {
        let mut columns: Vec<String> = Vec::new();
        for (column, _) in position.legal_points() {
            if !columns.contains(&column) {
                columns.push(column);
            }
        }
        columns
    }

    #[test]
    fn legal_columns_are_the_columns_of_the_legal_points() {
        // Column `a` filled up on a 15×15 board, column `h` all but one point: `a` is gone,
        // `h` stays. Then the start of the other games (renju's first stone has one point).
        let mut gomoku = Position::start(&GameSettings::default_for(GameKind::Gomoku));
        for row in 1..=15 {
            gomoku.play(&format!("a{row}")).expect("a free point");
        }
        for row in 1..=14 {
            gomoku.play(&format!("h{row}")).expect("a free point");
        }
        let columns = gomoku.legal_columns();
        assert!(!columns.iter().any(|column| column == "a"), "{columns:?}");
        assert!(columns.iter().any(|column| column == "h"), "{columns:?}");
        assert_eq!(columns, columns_of_points(&gomoku));
        for kind in [GameKind::Renju, GameKind::Pente, GameKind::Ninuki, GameKind::Connect5] {
            let position = Position::start(&GameSettings::default_for(kind));
            assert_eq!(position.legal_columns(), columns_of_points(&position), "{kind:?}");
        }
    }
}
