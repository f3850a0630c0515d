//! The evaluation's weights for gomoku and renju, fitted to the results of self-play games:
//! `pbrain/examples/tune_evaluation.rs` fits them to the games in `pbrain/examples/selfplay/`
//! and prints them as below (`pbrain/README.md` says how; `docs/PERFORMANCE.md` what they
//! won). A point is worth what a stone there would make, counted by its line patterns and by
//! the threat the lines make together, with one weight set for the side to move and one for
//! the side that waits. Renju's black and white get sets of their own: black's forbidden
//! points and its lost double threes make the same shapes worth different things to each.
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
/// Every fitted count of one side's points.
pub(crate) const FEATURES: usize = LINE_FEATURES + THREAT_FEATURES;

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
        let lines = lines.iter().filter_map(|&line| line_feature(line));
        let threat = threat_feature(threat);
        let sum: i32 = lines.chain(threat).map(|feature| i32::from(self.features[feature])).sum();
        i16::try_from(sum).unwrap_or(i16::MAX)
    }
}

const FREE: ProfileWeights = ProfileWeights {
    mover: RoleWeights { features: [1, 20, 18, 209, 79, -118, 494, 704] },
    waiter: RoleWeights { features: [1, 11, 20, -22, 82, 64, 115, 426] },
    tempo: -14,
};
const RESTRICTED_BLACK: ProfileWeights = ProfileWeights {
    mover: RoleWeights { features: [-1, 20, 19, 112, 78, -14, 22, 1141] },
    waiter: RoleWeights { features: [-1, 2, 15, -122, 71, 136, 151, 543] },
    tempo: 67,
};
const WHITE_AGAINST_RESTRICTED: ProfileWeights = ProfileWeights {
    mover: RoleWeights { features: [-1, 7, 24, -32, 87, 84, 56, 179] },
    waiter: RoleWeights { features: [0, 3, 32, -79, 108, 105, 74, 338] },
    tempo: -84,
};
