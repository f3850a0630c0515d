//! Legal moves in the order a player most likely wants them: the points nearest the last
//! stones first. What a move's autocomplete offers before much has been typed.

use engine::{BoardGame, Point, RenjuMove};

use super::Position;

/// How many of the last stones a point's nearness is measured from.
const RECENT_STONES: usize = 4;

/// A legal move in notation, and the point it puts a stone on (none for a column or a
/// decision).
type Placed = (String, Option<Point>);

impl Position {
    /// Every move the seat to act may make, in notation, nearest the last stones first: by
    /// ring distance to the nearest of the last four stones placed, a tie going to the more
    /// recent stone, then bottom row first and left to right. An empty board measures from
    /// its centre. Moves that are not a point (a column, renju's swap decision) keep the
    /// game's order. Renju's fifth-move choice offers the plain points (`h8`, which the game
    /// reads as the choice); black's offer of ten points is not listed (too many to list).
    #[must_use]
    pub fn moves_by_nearness(&self) -> Vec<String> {
        let (moves, recent, centre) = self.placed_moves();
        let anchors: Vec<Point> =
            if recent.is_empty() { centre.into_iter().collect() } else { recent };
        let mut ranked: Vec<((u8, usize, u8, u8), String)> = Vec::with_capacity(moves.len());
        let mut others = Vec::new();
        for (text, point) in moves {
            match point {
                Some(point) => ranked.push((nearness(point, &anchors), text)),
                None => others.push(text),
            }
        }
        ranked.sort_unstable_by_key(|(key, _)| *key);
        others.extend(ranked.into_iter().map(|(_, text)| text));
        others
    }

    /// The legal moves with their points, the last stones placed (latest first) and the
    /// board's centre.
    fn placed_moves(&self) -> (Vec<Placed>, Vec<Point>, Option<Point>) {
        fn points<G: BoardGame<Move = Point>>(game: &G) -> Vec<Placed> {
            game.legal_moves()
                .into_iter()
                .map(|point| (game.format_move(point), Some(point)))
                .collect()
        }
        fn last(history: &[Point]) -> Vec<Point> {
            history.iter().rev().take(RECENT_STONES).copied().collect()
        }
        match self {
            Position::Gomoku(game) => {
                (points(game), last(game.history()), Some(game.board().centre()))
            }
            Position::Ninuki(game) => {
                (points(game), last(game.history()), Some(game.board().centre()))
            }
            Position::Pente(game) => {
                (points(game), last(game.history()), Some(game.board().centre()))
            }
            Position::Renju(game) => {
                let moves = game
                    .legal_moves()
                    .into_iter()
                    .map(|mv| match mv {
                        RenjuMove::Place(point) | RenjuMove::ChooseFifth(point) => {
                            (game.format_move(RenjuMove::Place(point)), Some(point))
                        }
                        decision => (game.format_move(decision), None),
                    })
                    .collect();
                let stones = game
                    .history()
                    .iter()
                    .rev()
                    .filter_map(|mv| match mv {
                        RenjuMove::Place(point) | RenjuMove::ChooseFifth(point) => Some(*point),
                        _ => None,
                    })
                    .take(RECENT_STONES)
                    .collect();
                (moves, stones, Some(game.board().centre()))
            }
            Position::Connect(game) => {
                let moves = game.legal_moves().into_iter().map(|mv| (game.format_move(mv), None));
                (moves.collect(), Vec::new(), None)
            }
        }
    }
}

/// How near `point` is to `anchors` (latest first), as a sort key: the distance to the
/// nearest, which of them (the latest wins a tie), then the row and the column.
fn nearness(point: Point, anchors: &[Point]) -> (u8, usize, u8, u8) {
    let (distance, recency) = anchors
        .iter()
        .enumerate()
        .map(|(recency, anchor)| (point.ring_distance(*anchor), recency))
        .min()
        .unwrap_or((0, 0));
    (distance, recency, point.y, point.x)
}
