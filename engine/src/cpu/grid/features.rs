//! The counts the evaluation's fitted weights multiply, read from a position: what
//! `pbrain/examples/tune_evaluation.rs` fits the weights of [`super::weights`] on.

use super::board::{Kind, SearchBoard};
use super::cells::cell_of;
use super::evaluation::evaluate;
use super::patterns::Threat;
use super::rules::GridRules;
use super::weights::{FEATURES, LINE_FEATURES, Profile, each_feature, is_fitted};
use crate::{Board, Stone};

/// What the evaluation of one quiet position is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvaluationFeatures {
    pub to_move: Stone,
    /// The weights of the side to move and of the side waiting.
    pub mover_profile: Profile,
    pub waiter_profile: Profile,
    /// How many times each side's empty points count in each feature (line patterns first,
    /// then threats, then pairs of lines, in the order of the weights).
    pub mover: [u16; FEATURES],
    pub waiter: [u16; FEATURES],
    /// The evaluation of the position by today's weights.
    pub evaluation: i32,
}

/// How many fitted features a side's points have.
pub const EVALUATION_FEATURES: usize = FEATURES;
/// How many of them, first, are line patterns; threats and pairs of lines follow.
pub const EVALUATION_LINE_FEATURES: usize = LINE_FEATURES;

/// The features of `board` with `to_move` to play, or `None` when the position is not one
/// the weights are fitted on: a capture game's, or one where either side can make a five or
/// a straight four (the search plays those out instead of evaluating them).
#[must_use]
pub fn evaluation_features(
    board: &Board,
    to_move: Stone,
    rules: &GridRules,
) -> Option<EvaluationFeatures> {
    if rules.captures {
        return None;
    }
    let search = SearchBoard::new(board, to_move, *rules);
    let decided = [Stone::Black, Stone::White].iter().any(|&stone| {
        !search.set(stone, Kind::Five).is_empty() || !search.set(stone, Kind::OpenFour).is_empty()
    });
    if decided {
        return None;
    }
    let count = |stone: Stone| {
        let mut counts = [0u16; FEATURES];
        for cell in board.empty_points().map(cell_of) {
            let reading = search.reading(cell, stone);
            if reading.threat == Threat::Forbidden || !is_fitted(reading.threat) {
                continue;
            }
            each_feature(search.lines(cell, stone), reading.threat, |feature| {
                counts[feature] += 1;
            });
        }
        counts
    };
    let profile = |stone: Stone| {
        Profile::of(rules.is_restricted(stone), rules.is_restricted(stone.opponent()))
    };
    Some(EvaluationFeatures {
        to_move,
        mover_profile: profile(to_move),
        waiter_profile: profile(to_move.opponent()),
        mover: count(to_move),
        waiter: count(to_move.opponent()),
        evaluation: evaluate(&search),
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::cpu::grid::tests::stones;
    use crate::{GomokuSettings, Point};

    /// The evaluation by the weights times the counts, as the tuner computes it.
    fn weighed(features: &EvaluationFeatures) -> i32 {
        let mover = features.mover_profile.weights();
        let waiter = features.waiter_profile.weights();
        let sum = |counts: &[u16; FEATURES], weights: &[i16; FEATURES]| -> i32 {
            counts.iter().zip(weights).map(|(&n, &w)| i32::from(n) * i32::from(w)).sum()
        };
        sum(&features.mover, &mover.mover.features) - sum(&features.waiter, &waiter.waiter.features)
            + mover.tempo
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// The counts are what the board's evaluation is made of: the weights times them give
        /// the evaluation the search uses, kept stone by stone.
        #[test]
        fn the_counts_times_the_weights_are_the_evaluation(
            points in proptest::collection::vec((0u8..15, 0u8..15), 0..40),
            renju in any::<bool>(),
        ) {
            let rules = if renju {
                GridRules::renju()
            } else {
                GridRules::gomoku(GomokuSettings::default())
            };
            let mut board = Board::empty(15);
            let mut to_move = Stone::Black;
            for (x, y) in points {
                let point = Point::new(x, y);
                if board.get(point).is_none() {
                    board.set(point, Some(to_move));
                    to_move = to_move.opponent();
                }
            }
            if let Some(features) = evaluation_features(&board, to_move, &rules) {
                prop_assert_eq!(weighed(&features), features.evaluation);
                let restricted = if renju { Profile::RestrictedBlack } else { Profile::Free };
                let black = if to_move == Stone::Black { features.mover_profile } else { features.waiter_profile };
                prop_assert_eq!(black, restricted);
            }
        }
    }

    #[test]
    fn a_position_a_side_can_win_from_at_once_is_not_fitted() {
        let rules = GridRules::gomoku(GomokuSettings::default());
        let open_three = stones("g8 h8 i8", "a1 a3 a5");
        assert_eq!(evaluation_features(&open_three, Stone::White, &rules), None);
        let quiet = stones("g8 h8", "a1 a3");
        let features = evaluation_features(&quiet, Stone::White, &rules).expect("quiet");
        assert_eq!(features.waiter[3], 4, "e8, f8, i8 and j8 make black an open three");
        assert_eq!(features.waiter[5], 4, "and each is a point of one three");
        assert_eq!(features.mover[3], 0, "white's stones are apart");
        let pente = GridRules { captures: true, ..rules };
        assert_eq!(evaluation_features(&quiet, Stone::White, &pente), None);
    }
}
