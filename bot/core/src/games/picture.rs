use std::sync::Arc;

use engine::{BoardGame, Disc, Outcome, Point, Seat, Stone, WinReason};
use render::{ConnectBoard, GridBoard, GridPlayer, PlacedStone, PopOut, RenderError};

use super::Position;

/// A board to draw. The core says what the picture shows (cheap, where the game is); the PNG
/// is drawn where it is sent (the costly part), so one game's pictures never hold up another
/// game's moves, and a picture that is replaced before it is sent is never drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    Grid(Arc<GridBoard>),
    Connect(Arc<ConnectBoard>),
    /// A CINCO table, as everybody sees it.
    CincoTable(Arc<render::Table>),
    /// One CINCO player's hand, for their eyes only.
    CincoHand(Arc<render::Hand>),
}

impl Picture {
    /// The picture as PNG bytes.
    ///
    /// # Errors
    /// [`RenderError`] if the request cannot be drawn (a bug: positions are always on the board).
    pub fn png(&self) -> Result<Vec<u8>, RenderError> {
        match self {
            Picture::Grid(board) => board.to_png(),
            Picture::Connect(board) => board.to_png(),
            Picture::CincoTable(table) => table.to_png(),
            Picture::CincoHand(hand) => hand.to_png(),
        }
    }
}

/// The words an image shows, already in the reader's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    /// The players' names, by seat.
    pub names: [String; 2],
    /// The line under the names: whose turn, or the result.
    pub status: String,
    pub captures: String,
    pub score: String,
    pub pop_out: String,
    /// The turn's time left ("45 s left"), when the chat has a turn timer: shown beside
    /// the player to move while the game is played.
    pub clock: Option<String>,
    /// A badge per seat for a player away, for whom the CPU plays.
    pub away: [Option<String>; 2],
}

/// How a game stands for its picture. A resignation, a timeout, a cancelled or abandoned game
/// ends it without the position knowing, so the caller says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Playing,
    /// Over: nobody is to move, the winner (if any) is starred, nothing is offered to play.
    Over {
        winner: Option<Seat>,
    },
}

fn winning_lines(outcome: &Outcome) -> Vec<engine::Line> {
    match outcome {
        Outcome::Win {
            reason: WinReason::Lines(lines) | WinReason::Captures { lines }, ..
        } => lines.clone(),
        _ => Vec::new(),
    }
}

/// Renju, black lost on a forbidden point: the lines that made it forbidden.
pub(super) fn forbidden_lines(outcome: &Outcome) -> Vec<engine::Line> {
    match outcome {
        Outcome::Win { reason: WinReason::Forbidden { lines, .. }, .. } => lines.clone(),
        _ => Vec::new(),
    }
}

impl Position {
    /// The board's picture, with `labels` for every word on it.
    #[must_use]
    pub fn picture(&self, labels: &Labels, standing: Standing) -> Picture {
        self.picture_drafting(labels, standing, &[])
    }

    /// The board's picture while renju's black chooses ten fifth moves to offer: the points
    /// of `draft` chosen so far (in notation) numbered as an offer is.
    #[must_use]
    pub fn picture_drafting(
        &self,
        labels: &Labels,
        standing: Standing,
        draft: &[String],
    ) -> Picture {
        let with_i = engine::Notation::WithI;
        let draft = self.draft_points(draft);
        let grid = |board, notation| {
            let mut picture = self.grid_picture(board, notation, labels, standing);
            if standing == Standing::Playing && picture.offers.is_empty() {
                picture.offers.clone_from(&draft);
            }
            Picture::Grid(Arc::new(picture))
        };
        match self {
            Position::Connect(game) => {
                Picture::Connect(Arc::new(connect_picture(game, labels, standing)))
            }
            Position::Gomoku(game) => grid(game.board(), with_i),
            Position::Renju(game) => grid(game.board(), with_i),
            Position::Ninuki(game) => grid(game.board(), with_i),
            Position::Pente(game) => grid(game.board(), engine::Notation::SkipI),
        }
    }

    fn grid_picture(
        &self,
        board: &engine::Board,
        notation: engine::Notation,
        labels: &Labels,
        standing: Standing,
    ) -> GridBoard {
        let mut picture = GridBoard::new(board.size(), notation);
        picture.stones = board
            .points()
            .filter_map(|point| {
                board.get(point).map(|stone| PlacedStone { point, stone, number: None })
            })
            .collect();
        picture.last_move = self.last_point();
        let outcome = self.outcome();
        picture.winning_lines = winning_lines(&outcome);
        picture.forbidden_lines = forbidden_lines(&outcome);
        let (to_move, winner) = match standing {
            Standing::Playing => (self.seat_to_act(), outcome.winner()),
            Standing::Over { winner } => (None, winner),
        };
        picture.to_move = to_move.map(|seat| self.stone_of(seat));
        picture.winner = winner.map(|seat| self.stone_of(seat));
        // Black's forbidden points are shown on white's turn too (muted): where black will
        // not be able to answer is what white plays for.
        if picture.to_move.is_some() {
            picture.forbidden = self.forbidden_marks();
            picture.forbidden_muted = picture.to_move == Some(Stone::White);
        }
        if standing == Standing::Playing {
            picture.offers = self.offered_points();
            picture.opening_area = self.opening_area();
        }
        picture.captured = self.last_captured();
        let captures = self.captures();
        picture.capture_goal = captures.map(|_| super::CAPTURES_TO_WIN);
        let score = self.final_score();
        for seat in [Seat::First, Seat::Second] {
            let player = GridPlayer {
                name: labels.names[seat.index()].clone(),
                captures: captures.map(|c| c[seat.index()]),
                score: score.map(|s| u16::try_from(s[seat.index()]).unwrap_or(u16::MAX)),
                away: labels.away[seat.index()].clone(),
            };
            match self.stone_of(seat) {
                Stone::Black => picture.black = player,
                Stone::White => picture.white = player,
            }
        }
        if standing == Standing::Playing {
            picture.clock.clone_from(&labels.clock);
        }
        // The header lists the players as the words do, the first seat on top.
        picture.top_row = self.stone_of(Seat::First);
        if let (Position::Pente(game), Some(_)) = (self, score) {
            picture.scoring_lines = [Seat::First, Seat::Second]
                .into_iter()
                .flat_map(|s| game.scoring_fours(s))
                .collect();
        }
        picture.captures_label.clone_from(&labels.captures);
        picture.score_label.clone_from(&labels.score);
        picture.status.clone_from(&labels.status);
        picture
    }

    /// The caption line that explains the forbidden marks, when the board shows some: red ×
    /// on black's turn, muted × while white moves.
    #[must_use]
    pub fn forbidden_legend(&self) -> Option<crate::i18n::Text> {
        let seat = self.seat_to_act()?;
        if self.forbidden_marks().is_empty() {
            return None;
        }
        Some(crate::i18n::Text::new(match self.stone_of(seat) {
            Stone::Black => "legend-forbidden",
            Stone::White => "legend-forbidden-muted",
        }))
    }

    /// The caption line that explains the red lines of a game black lost on a forbidden
    /// point (`#` in the text diagram).
    #[must_use]
    pub fn forbidden_lines_legend(&self) -> Option<crate::i18n::Text> {
        match self.outcome() {
            Outcome::Win { reason: WinReason::Forbidden { kind, .. }, .. } => Some(
                crate::i18n::Text::new("legend-forbidden-lines")
                    .with("shape", crate::i18n::Text::new(super::shape_id(kind))),
            ),
            _ => None,
        }
    }

    /// `picture` (this position's) with every stone numbered by the move that placed it (a
    /// point captured and played again carries its newer number): `/board numbers`.
    #[must_use]
    pub fn numbered(&self, picture: &Picture) -> Picture {
        let Picture::Grid(board) = picture else { return picture.clone() };
        let order = self.stone_order();
        let mut board = GridBoard::clone(board);
        for placed in &mut board.stones {
            placed.number = order
                .iter()
                .rposition(|&point| point == placed.point)
                .and_then(|index| u16::try_from(index + 1).ok());
        }
        Picture::Grid(Arc::new(board))
    }

    /// The points of the grid games' stones in the order they were placed.
    pub(super) fn stone_order(&self) -> Vec<Point> {
        match self {
            Position::Gomoku(game) => game.history().to_vec(),
            Position::Ninuki(game) => game.history().to_vec(),
            Position::Pente(game) => game.history().to_vec(),
            Position::Renju(game) => game
                .history()
                .iter()
                .filter_map(|mv| match mv {
                    engine::RenjuMove::Place(point) | engine::RenjuMove::ChooseFifth(point) => {
                        Some(*point)
                    }
                    _ => None,
                })
                .collect(),
            Position::Connect(_) => Vec::new(),
        }
    }

    /// Renju's opening: the square the awaited stone must go in.
    #[must_use]
    pub fn opening_area(&self) -> Option<engine::OpeningArea> {
        match self {
            Position::Renju(game) => game.opening_area(),
            _ => None,
        }
    }

    /// Renju: the points of an offer being chosen (in notation), those the game reads.
    pub(super) fn draft_points(&self, draft: &[String]) -> Vec<Point> {
        let Position::Renju(game) = self else { return Vec::new() };
        draft
            .iter()
            .filter_map(|text| match game.parse_move(text) {
                Ok(engine::RenjuMove::Place(point) | engine::RenjuMove::ChooseFifth(point)) => {
                    Some(point)
                }
                _ => None,
            })
            .collect()
    }

    /// Renju: the ten points offered for the fifth move, in the order offered.
    pub(super) fn offered_points(&self) -> Vec<Point> {
        match self {
            Position::Renju(game) => {
                game.offered_fifths().map(|points| points.to_vec()).unwrap_or_default()
            }
            _ => Vec::new(),
        }
    }

    pub(super) fn forbidden_marks(&self) -> Vec<Point> {
        let marks = match self {
            Position::Gomoku(game) => game.forbidden_points(),
            Position::Renju(game) if game.phase() == engine::RenjuPhase::Play => {
                game.forbidden_points()
            }
            Position::Ninuki(game) => game.forbidden_points(),
            _ => Vec::new(),
        };
        marks.into_iter().map(|(point, _)| point).collect()
    }
}

fn disc(disc: Disc) -> render::Disc {
    match disc {
        Disc::Red => render::Disc::Red,
        Disc::Yellow => render::Disc::Yellow,
    }
}

/// The cell of the frame the last move marks: the disc dropped, or the bottom of the column
/// popped (the column slid down into it).
pub(super) fn last_cell(game: &engine::Connect) -> Option<Point> {
    let settings = game.settings();
    match game.last_move()? {
        engine::ConnectMove::Drop(column) => {
            let height = game.height(column);
            height.checked_sub(1).map(|y| Point::new(settings.column_x(column), y))
        }
        engine::ConnectMove::Pop(column) => Some(Point::new(settings.column_x(column), 0)),
    }
}

fn connect_picture(game: &engine::Connect, labels: &Labels, standing: Standing) -> ConnectBoard {
    let settings = game.settings();
    let width = settings.width();
    let sides = if settings.has_side_columns() { vec![0, width - 1] } else { Vec::new() };
    let mut picture = ConnectBoard::new(width, engine::ConnectSettings::HEIGHT, sides);
    for x in 0..width {
        for y in 0..engine::ConnectSettings::HEIGHT {
            let cell = Point::new(x, y);
            picture.set(cell, game.disc_at(cell).map(disc));
        }
    }
    picture.last_move = last_cell(game);
    let outcome = game.outcome();
    picture.winning_lines = winning_lines(&outcome);
    if settings.pop_out && standing == Standing::Playing {
        let position = Position::Connect(game.clone());
        let columns = position
            .poppable_columns()
            .into_iter()
            .filter_map(engine::Column::new)
            .map(|column| settings.column_x(column))
            .collect();
        picture.pop_out = Some(PopOut { label: labels.pop_out.clone(), columns });
    }
    picture.red.clone_from(&labels.names[0]);
    picture.yellow.clone_from(&labels.names[1]);
    picture.away.clone_from(&labels.away);
    if standing == Standing::Playing {
        picture.clock.clone_from(&labels.clock);
    }
    let (to_move, winner) = match standing {
        Standing::Playing => (game.seat_to_act(), outcome.winner()),
        Standing::Over { winner } => (None, winner),
    };
    picture.to_move = to_move.map(|seat| disc(Disc::of(seat)));
    picture.winner = winner.map(|seat| disc(Disc::of(seat)));
    picture.status.clone_from(&labels.status);
    picture
}
