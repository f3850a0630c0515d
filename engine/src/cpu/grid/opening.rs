//! The computer's Taraguchi-10 decisions: opening stones near the centre where they make the
//! best shape, swaps when the colour just played is the better one, ten strong fifth moves
//! offered, and, as white, the weakest of the ten offered taken.

use super::board::SearchBoard;
use super::cells::cell_of;
use super::evaluation::evaluate;
use super::pvs::Pvs;
use super::rules::GridRules;
use super::search::Searcher;
use crate::cpu::{SplitMix64, Think};
use crate::gomoku::Symmetry;
use crate::{BoardGame, FIFTH_OFFERS, OpeningArea, Point, Renju, RenjuMove, Stone};

/// Plies searched to judge an opening position.
const JUDGING_DEPTH: i32 = 2;

/// The colour of the next stone on `game`'s board.
fn next_stone(game: &Renju) -> Stone {
    let (black, white) = game.board().count();
    if black == white { Stone::Black } else { Stone::White }
}

/// An opening stone inside `area`: the point where the stone does the most for its colour,
/// nearer the centre on a tie, with a seeded nudge so that games differ.
pub(crate) fn opening_stone(game: &Renju, area: OpeningArea, seed: u64) -> Option<Point> {
    let stone = next_stone(game);
    let mut board = SearchBoard::new(game.board(), stone, GridRules::renju());
    let mut random = SplitMix64::new(seed);
    let mut best: Option<(i64, Point)> = None;
    for point in area.points().filter(|&p| game.board().get(p).is_none()) {
        let cell = cell_of(point);
        board.play(cell);
        let value = -i64::from(evaluate(&board));
        board.undo(cell);
        let spread = i64::from(point.ring_distance(area.centre)) * 8;
        let nudge = i64::try_from(random.below(6)).unwrap_or(0);
        let score = value - spread + nudge;
        if best.is_none_or(|(top, _)| score > top) {
            best = Some((score, point));
        }
    }
    best.map(|(_, point)| point)
}

/// Whether the seat deciding should take the colour that just moved: when the side to move
/// next stands worse.
pub(crate) fn wants_swap(game: &Renju, think: Think<'_>) -> bool {
    let mut searcher = Searcher::new(game.board(), next_stone(game), GridRules::renju(), think);
    searcher.value(JUDGING_DEPTH) < 0
}

/// Ten fifth moves for black: the strongest points, skipping any that is a mirror image of
/// one already chosen. `None` if the board does not give ten (it always does on 15×15).
pub(crate) fn fifth_offers(game: &Renju) -> Option<[Point; FIFTH_OFFERS]> {
    let board = SearchBoard::new(game.board(), Stone::Black, GridRules::renju());
    let size = game.board().size();
    let keeping: Vec<Symmetry> =
        Symmetry::ALL.into_iter().filter(|symmetry| symmetry.preserves(game.board())).collect();
    let mut ranked: Vec<(i32, Point)> = game
        .board()
        .empty_points()
        .map(|point| {
            let cell = cell_of(point);
            let value =
                board.reading(cell, Stone::Black).value + board.reading(cell, Stone::White).value;
            (value - i32::from(point.ring_distance(game.board().centre())), point)
        })
        .collect();
    ranked.sort_by_key(|&(value, point)| (std::cmp::Reverse(value), point));
    let mut offers = Vec::with_capacity(FIFTH_OFFERS);
    for (_, point) in ranked {
        let twin = offers
            .iter()
            .any(|&chosen| keeping.iter().any(|symmetry| symmetry.apply(point, size) == chosen));
        if !twin {
            offers.push(point);
        }
        if offers.len() == FIFTH_OFFERS {
            break;
        }
    }
    offers.try_into().ok()
}

/// White's pick among the offered fifth moves: the one after which white stands best. One
/// search judges them all in turn, so that its tables are built once and the deadline is
/// heeded across the ten; offers left unjudged when it passes are not taken.
pub(crate) fn weakest_offer(
    game: &Renju,
    offers: &[Point; FIFTH_OFFERS],
    think: Think<'_>,
) -> Point {
    let mut searcher = Searcher::new(game.board(), Stone::Black, GridRules::renju(), think);
    let mut best = (i32::MIN, offers[0]);
    for &offer in offers {
        let cell = cell_of(offer);
        if !searcher.board.is_empty(cell) {
            continue;
        }
        searcher.board.play(cell);
        let value = searcher.value(JUDGING_DEPTH);
        searcher.board.undo(cell);
        if searcher.stopped() {
            break;
        }
        if value > best.0 {
            best = (value, offer);
        }
    }
    best.1
}

/// Whether `mv` is accepted by `game`: every decision is checked by the rules themselves
/// before it is handed out.
pub(crate) fn is_legal(game: &Renju, mv: RenjuMove) -> bool {
    game.clone().play(mv).is_ok()
}
