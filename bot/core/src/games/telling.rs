//! A move told in words: renju's decisions and PopOut's pops by what they do, a capture with
//! the stones it took and the count towards the win. Plain stones and drops are told by their
//! notation ("ana jugó h8"), which is what players type.

use engine::{BoardGame, ConnectMove, Notation, Point, RenjuMove, Seat};

use super::Position;
use crate::i18n::Text;

/// Captured stones that win ninuki and pente: five pairs (the rule pages of both games).
pub const CAPTURES_TO_WIN: u16 = 10;

impl Position {
    /// What the move `written` (in notation) did, played on `before` and leading to `self`;
    /// `None` for a plain stone or drop. The note still needs its `name`.
    #[must_use]
    pub fn told(&self, before: &Position, written: &str) -> Option<Text> {
        match before {
            Position::Renju(game) => match game.parse_move(written).ok()? {
                RenjuMove::Swap => Some(Text::new("told-swap")),
                RenjuMove::KeepColours => Some(Text::new("told-keep")),
                RenjuMove::OfferFifth(points) => {
                    let points: Vec<String> =
                        points.iter().map(|&point| Notation::WithI.format(point)).collect();
                    Some(Text::new("told-offer").with("points", points.join(" ")))
                }
                RenjuMove::ChooseFifth(point) => {
                    Some(Text::new("told-choose").with("point", Notation::WithI.format(point)))
                }
                RenjuMove::Place(_) => None,
            },
            Position::Connect(game) => match game.parse_move(written).ok()? {
                ConnectMove::Pop(column) => {
                    Some(Text::new("told-pop").with("column", u32::from(column.number())))
                }
                ConnectMove::Drop(_) => None,
            },
            Position::Ninuki(_) | Position::Pente(_) => {
                let seat = before.seat_to_act()?;
                self.told_capture(written, seat)
            }
            Position::Gomoku(_) => None,
        }
    }

    /// What the players are warned of after the move `written` when the game goes on: a line
    /// of six or more that does not win (overline off, gomoku and ninuki), or PopOut's
    /// position seen a second time (a third time draws).
    #[must_use]
    pub fn warnings(&self, written: &str, overline_wins: bool) -> Vec<Text> {
        if self.outcome().is_over() {
            return Vec::new();
        }
        let board = match self {
            Position::Gomoku(game) => game.board(),
            Position::Ninuki(game) => game.board(),
            Position::Connect(game) if game.repetitions() == 2 => {
                return vec![Text::new("warn-repetition")];
            }
            Position::Connect(_) | Position::Renju(_) | Position::Pente(_) => return Vec::new(),
        };
        if overline_wins {
            return Vec::new();
        }
        let Ok(point) = Notation::WithI.parse(written, board.size()) else { return Vec::new() };
        let longest = board.runs_through(point, 6, None).iter().map(engine::Line::len).max();
        longest
            .map(|stones| {
                Text::new("warn-overline")
                    .with("move", written)
                    .with("stones", u32::try_from(stones).unwrap_or(u32::MAX))
            })
            .into_iter()
            .collect()
    }

    fn told_capture(&self, written: &str, seat: Seat) -> Option<Text> {
        let notation = match self {
            Position::Pente(_) => Notation::SkipI,
            _ => Notation::WithI,
        };
        let taken: Vec<String> =
            self.last_captured().iter().map(|&point| notation.format(point)).collect();
        let stones = listed(&taken)?;
        let count = self.captures()?[seat.index()];
        Some(
            Text::new("told-capture")
                .with("move", written)
                .with("stones", stones)
                .with("count", u32::from(count))
                .with("goal", u32::from(CAPTURES_TO_WIN)),
        )
    }

    /// The points the last move emptied by capturing (ninuki, pente).
    #[must_use]
    pub fn last_captured(&self) -> Vec<Point> {
        let captures = match self {
            Position::Ninuki(game) => game.captures(),
            Position::Pente(game) => game.captures(),
            _ => return Vec::new(),
        };
        captures.last().map(|capture| capture.points().to_vec()).unwrap_or_default()
    }
}

/// "h8 y h7", "h8, h7, j9 y j10": the words of the list in the reader's language.
fn listed(items: &[String]) -> Option<Text> {
    match items {
        [] => None,
        [only] => Some(Text::new("list-one").with("item", only.as_str())),
        [first, last] => {
            Some(Text::new("list-two").with("first", first.as_str()).with("last", last.as_str()))
        }
        [first, rest @ ..] => {
            Some(Text::new("list-more").with("first", first.as_str()).with("rest", listed(rest)?))
        }
    }
}
