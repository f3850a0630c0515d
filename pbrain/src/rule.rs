use engine::{GomokuSettings, GomokuSize};

/// The game rule as `INFO rule` sends it: a sum of flags.
///
/// Only two flags change how we play. Renju (4) gives black the forbidden shapes; exactly
/// five (1) makes overlines worthless. Renju overrides exactly five, since renju has its own
/// overline rule (forbidden for black, a win for white). Continuous game (2) matters only
/// through the field-3 stones of `BOARD`, which are refused. Caro (8, a five blocked at both
/// ends does not win) has no engine counterpart: we play on as if it were off, which can
/// only make us value some fives too highly, never make an illegal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rule(pub u32);

impl Rule {
    const EXACTLY_FIVE: u32 = 1;
    const RENJU: u32 = 4;

    /// The engine settings for this rule on a board of `size`.
    #[must_use]
    pub fn settings(self, size: GomokuSize) -> GomokuSettings {
        if self.0 & Rule::RENJU != 0 {
            GomokuSettings { size, overline_wins: true, forbidden_for_black: true }
        } else {
            GomokuSettings {
                size,
                overline_wins: self.0 & Rule::EXACTLY_FIVE == 0,
                forbidden_for_black: false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(rule: u32) -> (bool, bool) {
        let settings = Rule(rule).settings(GomokuSize::Fifteen);
        (settings.overline_wins, settings.forbidden_for_black)
    }

    #[test]
    fn freestyle_standard_and_renju_map_to_the_engine() {
        assert_eq!(settings(0), (true, false));
        assert_eq!(settings(1), (false, false));
        assert_eq!(settings(4), (true, true));
        assert_eq!(Rule::default(), Rule(0));
    }

    #[test]
    fn other_flags_leave_the_rule_alone() {
        assert_eq!(settings(2), settings(0));
        assert_eq!(settings(8), settings(0));
        assert_eq!(settings(1 | 2), settings(1));
        assert_eq!(settings(1 | 8), settings(1));
        assert_eq!(settings(4 | 1), settings(4));
        assert_eq!(settings(4 | 2), settings(4));
    }

    #[test]
    fn the_size_is_kept() {
        assert_eq!(Rule(4).settings(GomokuSize::Nineteen).size, GomokuSize::Nineteen);
    }
}
