//! The computer's Taraguchi-10 decisions: opening stones near the centre where they make the
//! best shape, swaps when the colour just played is the better one, the ten fifth moves
//! found strongest offered, and, as white, the weakest of the ten offered taken.
//!
//! They judge by the hand-set values, not the fitted weights: the weights were fitted on
//! games from three stones on, and on boards of one to five stones their tempo terms decided
//! alone (every swap was taken, whoever had just played).

use super::board::{SearchBoard, Valuation};
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

/// A search of `game`'s board with `to_move` to play, by the hand-set values.
fn judge<'a>(game: &Renju, to_move: Stone, think: Think<'a>) -> Searcher<'a> {
    let board = SearchBoard::valued(game.board(), to_move, GridRules::renju(), Valuation::HandSet);
    Searcher::on(board, think)
}

/// The colour of the next stone on `game`'s board.
fn next_stone(game: &Renju) -> Stone {
    let (black, white) = game.board().count();
    if black == white { Stone::Black } else { Stone::White }
}

/// An opening stone inside `area`: the point where the stone does the most for its colour,
/// nearer the centre on a tie, with a seeded nudge so that games differ.
pub(crate) fn opening_stone(game: &Renju, area: OpeningArea, seed: u64) -> Option<Point> {
    let stone = next_stone(game);
    let mut board =
        SearchBoard::valued(game.board(), stone, GridRules::renju(), Valuation::HandSet);
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
    let mut searcher = judge(game, next_stone(game), think);
    searcher.value(JUDGING_DEPTH) < 0
}

/// Black's fifth-move candidates judged by search, the best statically first: enough that
/// the ten offered are the ten best found, few enough that each is searched a few plies deep.
const FIFTH_CANDIDATES: usize = 20;

/// Ten fifth moves for black: white takes the one it likes best, so black offers the ten
/// after which white stands worst, by searches as deep as the time allows among the
/// strongest points (no two the mirror image of each other). `None` if the board does not
/// give ten (it always does on 15×15).
pub(crate) fn fifth_offers(game: &Renju, think: Think<'_>) -> Option<[Point; FIFTH_OFFERS]> {
    let candidates = fifth_candidates(game);
    let mut searcher = judge(game, Stone::Black, think);
    let values = judge_fifths(&mut searcher, &candidates);
    // Unjudged candidates (the time ran out first) come after, in their static order.
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by_key(|&index| (values.get(index).copied().unwrap_or(i32::MAX), index));
    let offers: Vec<Point> =
        order.into_iter().take(FIFTH_OFFERS).map(|index| candidates[index]).collect();
    offers.try_into().ok()
}

/// The [`FIFTH_CANDIDATES`] strongest points for black's fifth stone by their patterns, best
/// first, skipping any that is a mirror image of one already taken.
fn fifth_candidates(game: &Renju) -> Vec<Point> {
    let board =
        SearchBoard::valued(game.board(), Stone::Black, GridRules::renju(), Valuation::HandSet);
    let size = game.board().size();
    let keeping: Vec<Symmetry> =
        Symmetry::ALL.into_iter().filter(|symmetry| symmetry.preserves(game.board())).collect();
    let mut ranked: Vec<(i32, Point)> = game
        .board()
        .empty_points()
        .map(|point| {
            let cell = cell_of(point);
            let value = board.reading(cell, Stone::Black).value()
                + board.reading(cell, Stone::White).value();
            (value - i32::from(point.ring_distance(game.board().centre())), point)
        })
        .collect();
    ranked.sort_by_key(|&(value, point)| (std::cmp::Reverse(value), point));
    let mut candidates: Vec<Point> = Vec::with_capacity(FIFTH_CANDIDATES);
    for (_, point) in ranked {
        let twin = candidates
            .iter()
            .any(|&chosen| keeping.iter().any(|symmetry| symmetry.apply(point, size) == chosen));
        if !twin {
            candidates.push(point);
        }
        if candidates.len() == FIFTH_CANDIDATES {
            break;
        }
    }
    candidates
}

/// White's value after each of black's fifth stones `points` (black to move on the
/// searcher's board), by passes one ply deeper each, from [`JUDGING_DEPTH`] to the level's
/// deepest, while the deadline allows: the values of the deepest pass completed, or of the
/// first stones the first pass judged if it did not complete.
fn judge_fifths(searcher: &mut Searcher<'_>, points: &[Point]) -> Vec<i32> {
    // `value` sets the depth it is given as the level's deepest: read it first.
    let deepest = searcher.params.max_depth.max(JUDGING_DEPTH);
    let mut judged = Vec::new();
    for depth in JUDGING_DEPTH..=deepest {
        let mut values = Vec::with_capacity(points.len());
        for &point in points {
            let cell = cell_of(point);
            searcher.board.play(cell);
            let value = searcher.value(depth);
            searcher.board.undo(cell);
            if searcher.stopped() {
                return if depth == JUDGING_DEPTH { values } else { judged };
            }
            values.push(value);
        }
        judged = values;
    }
    judged
}

/// White's pick among the offered fifth moves: the one after which white stands best. One
/// search judges them all, deeper and deeper, so that its tables are built once and the
/// deadline is heeded across the ten; offers left unjudged when it passes are not taken.
pub(crate) fn weakest_offer(
    game: &Renju,
    offers: &[Point; FIFTH_OFFERS],
    think: Think<'_>,
) -> Point {
    let mut searcher = judge(game, Stone::Black, think);
    let open: Vec<Point> =
        offers.iter().copied().filter(|&offer| searcher.board.is_empty(cell_of(offer))).collect();
    let values = judge_fifths(&mut searcher, &open);
    // The first of equal values, as the offers were listed.
    let best = values.iter().enumerate().rev().max_by_key(|&(_, &value)| value);
    best.map_or(offers[0], |(index, _)| open[index])
}

/// Whether `mv` is accepted by `game`: every decision is checked by the rules themselves
/// before it is handed out.
pub(crate) fn is_legal(game: &Renju, mv: RenjuMove) -> bool {
    game.clone().play(mv).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RenjuSettings;
    use crate::cpu::{Level, Unlimited};

    fn renju(moves: &str) -> Renju {
        moves.split_whitespace().fold(Renju::start(RenjuSettings), |game, text| {
            let mv = game.parse_move(text).expect("well written");
            game.play(mv).expect("legal")
        })
    }

    #[test]
    fn black_offers_the_ten_fifths_after_which_white_stands_worst() {
        let game = renju("h8 keep i9 keep j8 keep h10 keep");
        let think = Think { level: Level::Normal, seed: 1, deadline: &Unlimited };
        let offers = fifth_offers(&game, think).expect("ten offers");
        assert!(is_legal(&game, RenjuMove::OfferFifth(offers)));
        let candidates = fifth_candidates(&game);
        let mut searcher = judge(&game, Stone::Black, think);
        let values = judge_fifths(&mut searcher, &candidates);
        assert_eq!(values.len(), candidates.len(), "every candidate judged");
        let value_of = |point: Point| {
            values[candidates.iter().position(|&c| c == point).expect("a candidate")]
        };
        let worst_offered = offers.iter().map(|&offer| value_of(offer)).max();
        let best_left = candidates
            .iter()
            .filter(|point| !offers.contains(point))
            .map(|&point| value_of(point))
            .min();
        assert!(worst_offered <= best_left, "{worst_offered:?} offered, {best_left:?} left out");
        // The search, not the patterns alone, chose: the ten best by pattern are not all kept.
        assert_ne!(offers.to_vec(), candidates[..FIFTH_OFFERS].to_vec());
    }

    #[test]
    fn white_takes_the_offer_it_judges_best_for_white() {
        let game = renju("h8 keep i9 keep j8 keep h10 keep");
        let think = Think { level: Level::Normal, seed: 1, deadline: &Unlimited };
        let offers = fifth_candidates(&game)[..FIFTH_OFFERS].to_vec();
        let offered: [Point; FIFTH_OFFERS] = offers.clone().try_into().expect("ten");
        let game = game.play(RenjuMove::OfferFifth(offered)).expect("a legal offer");
        let choice = weakest_offer(&game, &offered, think);
        let mut searcher = judge(&game, Stone::Black, think);
        let values = judge_fifths(&mut searcher, &offers);
        let best = values.iter().max().expect("judged");
        let chosen = offers.iter().position(|&offer| offer == choice).expect("an offer");
        assert_eq!(values[chosen], *best, "{values:?}");
    }
}
