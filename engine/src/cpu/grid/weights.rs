//! The evaluation's weights for gomoku and renju, fitted to the results of games:
//! `pbrain/examples/tune_evaluation.rs` fits them, gomoku's to the self-play games in
//! `pbrain/examples/selfplay/`, renju's to those and to the games against Rapfi in
//! `pbrain/examples/rapfi/`, and prints them as below (`pbrain/README.md` says how;
//! `docs/PERFORMANCE.md` what they won). A point is worth what a stone there would make,
//! counted by its line patterns, by the threat the lines make together and by the pairs of
//! lines that grow together, with one weight set for the side to move and one for the side
//! that waits. Renju's black and white
//! get sets of their own: black's forbidden points and its lost double threes make the same
//! shapes worth different things to each.
//!
//! The capture games and renju's opening keep the hand-set values of
//! [`super::patterns::LinePattern::weight`] (`board::Valuation`): no games of theirs were
//! fitted.

use super::patterns::{LinePattern, Threat};

/// Line patterns with a fitted weight, in this order: single, two, closed three, open three,
/// closed four.
pub(crate) const LINE_FEATURES: usize = 5;
/// Threats with a fitted bonus, in this order: three, double three, four-three. A plain four
/// has none: its closed-four line says it all (in a quiet position every point with a closed
/// four line is a four or a four-three, so a bonus of its own would only split one weight in
/// two).
pub(crate) const THREAT_FEATURES: usize = 3;
/// Pairs of lines through one point with a fitted bonus, in this order: two and two, two and
/// closed three, two and open three, two and closed four, closed three and closed three,
/// closed three and open three, closed three and closed four. A point where two lines grow
/// at once is worth more than the lines apart: the next stone there makes two threats. The
/// pairs a threat already names (two open threes, a closed four and an open three) and the
/// ones that make a straight four are left out.
pub(crate) const PAIR_FEATURES: usize = 7;
/// Every fitted count of one side's points.
pub(crate) const FEATURES: usize = LINE_FEATURES + THREAT_FEATURES + PAIR_FEATURES;

/// Which weights a side's points are read with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Either side of gomoku without forbidden points.
    Free,
    /// Black bound by the forbidden points.
    RestrictedBlack,
    /// White against a restricted black.
    WhiteAgainstRestricted,
}

impl Profile {
    /// The profile of a side of gomoku or renju.
    pub(crate) const fn of(restricted: bool, opponent_restricted: bool) -> Profile {
        match (restricted, opponent_restricted) {
            (true, _) => Profile::RestrictedBlack,
            (false, true) => Profile::WhiteAgainstRestricted,
            (false, false) => Profile::Free,
        }
    }

    /// The weights in use, as the tuner fits them: the side to move's, the side waiting's and
    /// the tempo.
    #[must_use]
    pub const fn in_use(self) -> ([i16; FEATURES], [i16; FEATURES], i32) {
        let weights = self.weights();
        (weights.mover.features, weights.waiter.features, weights.tempo)
    }

    pub(crate) const fn weights(self) -> &'static ProfileWeights {
        match self {
            Profile::Free => &FREE,
            Profile::RestrictedBlack => &RESTRICTED_BLACK,
            Profile::WhiteAgainstRestricted => &WHITE_AGAINST_RESTRICTED,
        }
    }
}

/// One side's weights, as the side to move or as the side waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RoleWeights {
    pub(crate) features: [i16; FEATURES],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ProfileWeights {
    pub(crate) mover: RoleWeights,
    pub(crate) waiter: RoleWeights,
    /// What having the move is worth by itself.
    pub(crate) tempo: i32,
}

/// The feature a line pattern counts in, if it has a fitted weight.
pub(crate) const fn line_feature(line: LinePattern) -> Option<usize> {
    match line {
        LinePattern::Single => Some(0),
        LinePattern::Two => Some(1),
        LinePattern::ClosedThree => Some(2),
        LinePattern::OpenThree => Some(3),
        LinePattern::ClosedFour => Some(4),
        _ => None,
    }
}

/// The feature a threat counts in, if it has a fitted bonus.
pub(crate) const fn threat_feature(threat: Threat) -> Option<usize> {
    match threat {
        Threat::Three => Some(LINE_FEATURES),
        Threat::DoubleThree => Some(LINE_FEATURES + 1),
        Threat::FourThree => Some(LINE_FEATURES + 2),
        _ => None,
    }
}

/// The feature a pair of lines through one point counts in, if it has a fitted bonus.
pub(crate) const fn pair_feature(first: LinePattern, second: LinePattern) -> Option<usize> {
    use LinePattern::{ClosedFour, ClosedThree, OpenThree, Two};
    let pair = match (first, second) {
        (Two, Two) => 0,
        (Two, ClosedThree) | (ClosedThree, Two) => 1,
        (Two, OpenThree) | (OpenThree, Two) => 2,
        (Two, ClosedFour) | (ClosedFour, Two) => 3,
        (ClosedThree, ClosedThree) => 4,
        (ClosedThree, OpenThree) | (OpenThree, ClosedThree) => 5,
        (ClosedThree, ClosedFour) | (ClosedFour, ClosedThree) => 6,
        _ => return None,
    };
    Some(LINE_FEATURES + THREAT_FEATURES + pair)
}

/// Calls `count` with every feature a point of these lines and this threat counts in, once
/// per line, threat or pair of lines that names it.
pub(crate) fn each_feature(lines: [LinePattern; 4], threat: Threat, mut count: impl FnMut(usize)) {
    lines.iter().filter_map(|&line| line_feature(line)).for_each(&mut count);
    threat_feature(threat).into_iter().for_each(&mut count);
    for (index, &first) in lines.iter().enumerate() {
        for &second in &lines[index + 1..] {
            pair_feature(first, second).into_iter().for_each(&mut count);
        }
    }
}

/// Whether a point of this threat is one the weights were fitted on. A point that makes a five
/// or a straight four decides the game within two moves: the search settles such positions
/// itself, and they are read with their hand-set values.
pub(crate) const fn is_fitted(threat: Threat) -> bool {
    !matches!(threat, Threat::Five | Threat::OpenFour)
}

impl RoleWeights {
    /// The worth of a point whose lines are `lines` and whose threat is `threat`.
    pub(crate) fn worth(&self, lines: [LinePattern; 4], threat: Threat, hand_set: i32) -> i16 {
        if threat == Threat::Forbidden {
            return 0;
        }
        if !is_fitted(threat) {
            return i16::try_from(hand_set).unwrap_or(i16::MAX);
        }
        let mut sum = 0;
        each_feature(lines, threat, |feature| sum += i32::from(self.features[feature]));
        i16::try_from(sum).unwrap_or(i16::MAX)
    }
}

const FREE: ProfileWeights = ProfileWeights {
    mover: RoleWeights {
        features: [2, 4, 4, 178, 68, -134, 448, 757, 38, 48, 180, 112, 37, 137, 82],
    },
    waiter: RoleWeights { features: [2, 5, 6, 8, 53, 24, 122, 489, 17, 21, 62, 107, 42, 23, 144] },
    tempo: 7,
};
const RESTRICTED_BLACK: ProfileWeights = ProfileWeights {
    mover: RoleWeights { features: [3, 6, 12, 24, 107, 71, 12, 1477, 31, 47, 86, 91, 18, 124, -3] },
    waiter: RoleWeights { features: [2, -4, 4, -283, 65, 335, 438, 760, 10, 4, 8, 76, 10, 18, 78] },
    tempo: 227,
};
const WHITE_AGAINST_RESTRICTED: ProfileWeights = ProfileWeights {
    mover: RoleWeights { features: [2, 2, 17, -87, 106, 158, 13, 41, 11, 11, 24, 66, 9, 19, 1] },
    waiter: RoleWeights { features: [3, 6, 24, 14, 124, 58, 14, 450, 14, 7, -14, 78, 7, 21, 112] },
    tempo: -261,
};

#[cfg(test)]
mod tests {
    use super::*;
    use LinePattern::{ClosedFour, ClosedThree, Dead, OpenThree, Single, Two};

    fn features(lines: [LinePattern; 4], threat: Threat) -> Vec<usize> {
        let mut counted = Vec::new();
        each_feature(lines, threat, |feature| counted.push(feature));
        counted.sort_unstable();
        counted
    }

    #[test]
    fn a_point_counts_its_lines_its_threat_and_each_pair_of_growing_lines() {
        // Two twos and a closed three: three lines, the pair of twos once, and each two with
        // the closed three.
        let two_two_three = features([Two, Two, ClosedThree, Dead], Threat::None);
        assert_eq!(two_two_three, [1, 1, 2, 8, 9, 9]);
        // A four-three is named by its threat; its pair of lines adds nothing more.
        let four_three = features([ClosedFour, OpenThree, Single, Dead], Threat::FourThree);
        assert_eq!(four_three, [0, 3, 4, 7]);
        // Two open threes: the double three's bonus, no pair.
        let double_three = features([OpenThree, OpenThree, Dead, Dead], Threat::DoubleThree);
        assert_eq!(double_three, [3, 3, 6]);
    }

    #[test]
    fn the_pair_features_are_the_same_whichever_line_comes_first() {
        let patterns = [Dead, Single, Two, ClosedThree, OpenThree, ClosedFour];
        for first in patterns {
            for second in patterns {
                assert_eq!(pair_feature(first, second), pair_feature(second, first));
            }
        }
        let named = patterns.iter().flat_map(|&a| patterns.iter().map(move |&b| (a, b)));
        let mut pairs: Vec<usize> = named.filter_map(|(a, b)| pair_feature(a, b)).collect();
        pairs.sort_unstable();
        pairs.dedup();
        assert_eq!(pairs, (LINE_FEATURES + THREAT_FEATURES..FEATURES).collect::<Vec<_>>());
    }
}
