//! What a stone on an empty point makes: per line, looked up in a table built once from the
//! rules' own line analysis (`forbidden::analyse`), then combined over the four lines into the
//! threat the move is.

use std::sync::OnceLock;

use super::weights::Profile;
use crate::forbidden::{CENTRE, FiveRule, WINDOW, Window, analyse};

/// Cells read on each side of a point: five, so that an exact five is told from an overline.
pub(crate) const REACH: usize = 5;
/// Base-3 keys of the ten cells around a point: 0 empty, 1 own stone, 2 opponent or edge.
pub(crate) const KEYS: usize = 59_049;
/// `3^slot` for each of the ten cells; slots 0–4 are the cells before the point (farthest
/// first), 5–9 those after it.
pub(crate) const POW3: [u16; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19_683];

/// The slot in a point's key of the cell `offset` steps away (`offset` in ±1..=±5).
pub(crate) const fn slot(offset: isize) -> usize {
    if offset < 0 {
        (offset + REACH as isize) as usize
    } else {
        (offset + REACH as isize - 1) as usize
    }
}

/// What an own stone on a point makes along one line, strongest shape only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum LinePattern {
    /// No five can ever pass through the point in this line.
    #[default]
    Dead,
    /// Room for a five, nothing more.
    Single,
    /// One more stone makes an open three.
    Two,
    /// One more stone makes a four, but never a straight one.
    ClosedThree,
    /// One more stone makes a straight four.
    OpenThree,
    /// One point left to make five.
    ClosedFour,
    /// Two points make five: a straight four.
    OpenFour,
    /// Two fours in the one line (`X.X*X.X`): two points make five, yet it is a double four.
    DoubleFour,
    Five,
    /// Six or more where only exactly five wins.
    Overline,
}

impl LinePattern {
    /// Worth of the pattern for evaluation and move ordering.
    pub(crate) const fn weight(self) -> i32 {
        match self {
            LinePattern::Dead | LinePattern::Overline => 0,
            LinePattern::Single => 1,
            LinePattern::Two => 10,
            LinePattern::ClosedThree => 12,
            LinePattern::OpenThree => 50,
            LinePattern::ClosedFour => 60,
            LinePattern::OpenFour | LinePattern::DoubleFour => 300,
            LinePattern::Five => 1000,
        }
    }
}

/// Builds the line tables of both five rules now rather than on the first search that needs
/// them: building takes tens of milliseconds, more than the easy level's whole budget, so the
/// bot calls this once at start and no timed move pays for it.
pub fn warm_up() {
    line_table(FiveRule::Exact);
    line_table(FiveRule::AtLeast);
    reading_table();
}

/// The line table for `rule`, indexed by a point's key.
pub(crate) fn line_table(rule: FiveRule) -> &'static [LinePattern] {
    static EXACT: OnceLock<Box<[LinePattern]>> = OnceLock::new();
    static AT_LEAST: OnceLock<Box<[LinePattern]>> = OnceLock::new();
    let cell = match rule {
        FiveRule::Exact => &EXACT,
        FiveRule::AtLeast => &AT_LEAST,
    };
    cell.get_or_init(|| (0..KEYS).map(|key| classify(window_of(key), rule)).collect())
}

/// The window of the rules' line analysis that a key describes.
fn window_of(key: usize) -> Window {
    let mut window = Window { own: 0, blocked: 0 };
    let mut rest = key;
    for slot in 0..2 * REACH {
        let bit = if slot < REACH { slot } else { slot + 1 };
        match rest % 3 {
            1 => window.own |= 1 << bit,
            2 => window.blocked |= 1 << bit,
            _ => {}
        }
        rest /= 3;
    }
    window
}

fn classify(window: Window, rule: FiveRule) -> LinePattern {
    let shape = analyse(window, rule);
    if shape.five {
        return LinePattern::Five;
    }
    if shape.overline {
        return LinePattern::Overline;
    }
    match (shape.fours(), shape.straight_four) {
        (2.., _) => return LinePattern::DoubleFour,
        (_, true) => return LinePattern::OpenFour,
        (1, false) => return LinePattern::ClosedFour,
        _ => {}
    }
    if shape.is_three() {
        return LinePattern::OpenThree;
    }
    let near = 0b1_1111_1111 << (CENTRE - 4);
    let own_near = (window.own & near).count_ones();
    let empty = !(window.own | window.blocked | 1 << CENTRE) & WINDOW & near;
    // A second stone is asked for: a four needs two own stones already, a three one.
    let mut best = LinePattern::Dead;
    if own_near >= 1 {
        for bit in (0..32).filter(|bit| empty & (1 << bit) != 0) {
            let with = analyse(Window { own: window.own | 1 << bit, ..window }, rule);
            if with.fours() > 0 && !with.straight_four {
                best = best.max(LinePattern::ClosedThree);
            } else if with.is_three() {
                best = best.max(LinePattern::Two);
            }
        }
    }
    if best != LinePattern::Dead {
        return best;
    }
    let free = (CENTRE - 4..=CENTRE).any(|start| (0b1_1111 << start) & window.blocked == 0);
    if free { LinePattern::Single } else { LinePattern::Dead }
}

/// What a move is, over its four lines, for the side that would play it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Threat {
    #[default]
    None,
    /// One open three.
    Three,
    /// Two or more open threes (for a restricted black, still to be checked; see `suspect`).
    DoubleThree,
    /// One four.
    Four,
    /// A four and an open three.
    FourThree,
    /// Two points to make five: a straight four or two fours. Wins unless answered by a five.
    OpenFour,
    Five,
    /// Forbidden for black for certain: an overline or two fours without a five.
    Forbidden,
}

/// A point's reading for one side: the threat, whether a restricted black must check it with
/// the full forbidden-point rule first, and its worth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Reading {
    pub(crate) threat: Threat,
    /// Two or more threes for a restricted black: forbidden unless the strict rule says that
    /// fewer than two of them are real threes.
    pub(crate) suspect: bool,
    /// The worth by the hand-set values ([`Reading::value`]); two bytes, so that a reading
    /// takes eight and the table of them stays in the cache.
    hand_set: i16,
    /// The point's worth to the evaluation by the fitted weights ([`super::weights`]) while
    /// its side has the move, and while the other side has it; 0 where none are fitted.
    pub(crate) mover: i16,
    pub(crate) waiter: i16,
}

// The board looks a reading up for some eighty points per stone: a table of eight-byte
// readings is two thirds of one of twelve, and more of it stays in the cache.
const _: () = assert!(size_of::<Reading>() == 8);

/// The line patterns there are (`LinePattern` as a number is below this).
const PATTERNS: usize = LinePattern::Overline as usize + 1;
/// [`PATTERNS`], as a digit of [`Reading::code`].
const P: u16 = PATTERNS as u16;

/// How a side's points are read: whether black's forbidden shapes bind it, and with which
/// evaluation weights, if any (the capture games evaluate with the hand-set values alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ReadingKind {
    pub(crate) restricted: bool,
    pub(crate) profile: Option<Profile>,
}

impl ReadingKind {
    /// Every kind, in the order of their parts of [`reading_table`].
    const ALL: [ReadingKind; 5] = [
        ReadingKind { restricted: false, profile: None },
        ReadingKind { restricted: true, profile: None },
        ReadingKind { restricted: false, profile: Some(Profile::Free) },
        ReadingKind { restricted: true, profile: Some(Profile::RestrictedBlack) },
        ReadingKind { restricted: false, profile: Some(Profile::WhiteAgainstRestricted) },
    ];

    /// The kind a side of a game reads with: its profile's weights when `fitted`.
    pub(crate) fn of(restricted: bool, opponent_restricted: bool, fitted: bool) -> ReadingKind {
        let profile = fitted.then(|| Profile::of(restricted, opponent_restricted));
        ReadingKind { restricted, profile }
    }

    /// Where this kind's readings begin in [`reading_table`].
    pub(crate) fn table_offset(self) -> usize {
        let part = ReadingKind::ALL.iter().position(|&kind| kind == self).unwrap_or(0);
        part * PATTERNS.pow(4)
    }
}

/// Every combination of four lines, for each [`ReadingKind`], read once: the board reads some
/// eighty points per stone placed or lifted, and a lookup is much cheaper than combining the
/// lines each time.
pub(crate) fn reading_table() -> &'static [Reading] {
    static TABLE: OnceLock<Box<[Reading]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        const ALL: [LinePattern; PATTERNS] = [
            LinePattern::Dead,
            LinePattern::Single,
            LinePattern::Two,
            LinePattern::ClosedThree,
            LinePattern::OpenThree,
            LinePattern::ClosedFour,
            LinePattern::OpenFour,
            LinePattern::DoubleFour,
            LinePattern::Five,
            LinePattern::Overline,
        ];
        let codes = PATTERNS.pow(4);
        (0..ReadingKind::ALL.len() * codes)
            .map(|index| {
                let code = index % codes;
                let lines = [3, 2, 1, 0].map(|place| ALL[code / PATTERNS.pow(place) % PATTERNS]);
                Reading::combine(lines, ReadingKind::ALL[index / codes])
            })
            .collect()
    })
}

impl Reading {
    /// Combines the four lines through a point; `restricted` is a black bound by the
    /// forbidden shapes.
    #[cfg(test)]
    pub(crate) fn of(lines: [LinePattern; 4], restricted: bool) -> Reading {
        Reading::of_code(Reading::code(lines), ReadingKind { restricted, profile: None })
    }

    /// The four lines through a point as one number, the first line the highest digit.
    pub(crate) fn code(lines: [LinePattern; 4]) -> u16 {
        lines.iter().fold(0, |code, &line| code * P + line as u16)
    }

    /// `code` after the line in `direction` changed from `before` to `now`.
    pub(crate) fn recode(
        code: u16,
        direction: usize,
        before: LinePattern,
        now: LinePattern,
    ) -> u16 {
        const PLACES: [u16; 4] = [P * P * P, P * P, P, 1];
        let place = PLACES[direction];
        code + now as u16 * place - before as u16 * place
    }

    /// The reading of the four lines whose code is `code`.
    #[cfg(test)]
    pub(crate) fn of_code(code: u16, kind: ReadingKind) -> Reading {
        reading_table()[usize::from(code) + kind.table_offset()]
    }

    fn combine(lines: [LinePattern; 4], kind: ReadingKind) -> Reading {
        let reading = Reading::hand_set(lines, kind.restricted);
        let Some(profile) = kind.profile else { return reading };
        let weights = profile.weights();
        Reading {
            mover: weights.mover.worth(lines, reading.threat, reading.value()),
            waiter: weights.waiter.worth(lines, reading.threat, reading.value()),
            ..reading
        }
    }

    /// The threat the lines make, and their worth by the hand-set values.
    fn hand_set(lines: [LinePattern; 4], restricted: bool) -> Reading {
        let mut fours = 0;
        let mut threes = 0;
        let mut straight = false;
        let mut value = 0;
        // Five comes first: it wins even beside a forbidden shape.
        if lines.contains(&LinePattern::Five) {
            let value = lines.iter().map(|line| line.weight()).sum::<i32>() + 2000;
            return Reading { threat: Threat::Five, ..Reading::default() }.with_value(value);
        }
        for line in lines {
            value += line.weight();
            match line {
                LinePattern::Overline if restricted => {
                    return Reading { threat: Threat::Forbidden, ..Reading::default() };
                }
                LinePattern::DoubleFour => fours += 2,
                LinePattern::OpenFour => {
                    fours += 1;
                    straight = true;
                }
                LinePattern::ClosedFour => fours += 1,
                LinePattern::OpenThree => threes += 1,
                _ => {}
            }
        }
        if restricted && fours >= 2 {
            return Reading { threat: Threat::Forbidden, ..Reading::default() };
        }
        let threat = match (fours, threes) {
            (2.., _) => Threat::OpenFour,
            (1, _) if straight => Threat::OpenFour,
            (1, 1..) => Threat::FourThree,
            (1, _) => Threat::Four,
            (_, 2..) => Threat::DoubleThree,
            (_, 1) => Threat::Three,
            _ => Threat::None,
        };
        let bonus = match threat {
            Threat::OpenFour => 600,
            Threat::FourThree => 400,
            Threat::DoubleThree => 200,
            _ => 0,
        };
        let suspect = restricted && threes >= 2;
        Reading { threat, suspect, ..Reading::default() }.with_value(value + bonus)
    }

    /// The point's worth by the hand-set values, for move ordering and the capture games.
    pub(crate) fn value(&self) -> i32 {
        i32::from(self.hand_set)
    }

    fn with_value(self, value: i32) -> Reading {
        Reading { hand_set: i16::try_from(value).unwrap_or(i16::MAX), ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a line written as ten cells around the point, `X` own, `O` blocked.
    fn key(cells: &str) -> usize {
        assert_eq!(cells.len(), 10);
        cells.bytes().enumerate().fold(0, |key, (slot, c)| {
            let value = match c {
                b'X' => 1,
                b'O' => 2,
                _ => 0,
            };
            key + value * usize::from(POW3[slot])
        })
    }

    fn pattern(rule: FiveRule, before: &str, after: &str) -> LinePattern {
        line_table(rule)[key(&format!("{before}{after}"))]
    }

    #[test]
    fn slots_count_away_from_the_point() {
        assert_eq!(slot(-5), 0);
        assert_eq!(slot(-1), 4);
        assert_eq!(slot(1), 5);
        assert_eq!(slot(5), 9);
    }

    #[test]
    fn lines_are_read_as_the_rules_read_them() {
        use FiveRule::{AtLeast, Exact};
        assert_eq!(pattern(Exact, "..XXX", "X...."), LinePattern::Five);
        assert_eq!(pattern(Exact, ".XXXX", "X...."), LinePattern::Overline);
        assert_eq!(pattern(AtLeast, ".XXXX", "X...."), LinePattern::Five);
        assert_eq!(pattern(Exact, "...XX", "X...."), LinePattern::OpenFour);
        assert_eq!(pattern(Exact, "..OXX", "X...."), LinePattern::ClosedFour);
        assert_eq!(pattern(Exact, "..X.X", "X.X.."), LinePattern::DoubleFour);
        assert_eq!(pattern(Exact, "....X", "X...."), LinePattern::OpenThree);
        assert_eq!(pattern(Exact, "...OX", "X...."), LinePattern::ClosedThree);
        assert_eq!(pattern(Exact, ".....", "X...."), LinePattern::Two);
        assert_eq!(pattern(Exact, ".....", "....."), LinePattern::Single);
        assert_eq!(pattern(Exact, "....O", "...O."), LinePattern::Dead);
        // XX.XX* makes five only by making six: a four only where six wins.
        assert_ne!(pattern(Exact, "XX.XX", "....."), LinePattern::ClosedFour);
        assert_eq!(pattern(AtLeast, "XX.XX", "....."), LinePattern::ClosedFour);
    }

    #[test]
    fn readings_combine_the_lines() {
        use LinePattern::*;
        let free = Reading::of([ClosedFour, OpenThree, Single, Dead], false);
        assert_eq!(free.threat, Threat::FourThree);
        assert_eq!(
            Reading::of([ClosedFour, ClosedFour, Dead, Dead], false).threat,
            Threat::OpenFour
        );
        assert_eq!(
            Reading::of([ClosedFour, ClosedFour, Dead, Dead], true).threat,
            Threat::Forbidden
        );
        assert_eq!(Reading::of([DoubleFour, Dead, Dead, Dead], true).threat, Threat::Forbidden);
        assert_eq!(Reading::of([Five, Overline, Dead, Dead], true).threat, Threat::Five);
        assert_eq!(Reading::of([Overline, Dead, Dead, Dead], true).threat, Threat::Forbidden);
        let double_three = Reading::of([OpenThree, OpenThree, Dead, Dead], true);
        assert_eq!(double_three.threat, Threat::DoubleThree);
        assert!(double_three.suspect);
        assert!(!Reading::of([OpenThree, OpenThree, Dead, Dead], false).suspect);
    }

    #[test]
    fn a_code_changed_one_line_at_a_time_is_the_code_of_the_new_lines() {
        use LinePattern::*;
        let mut lines = [Two, ClosedFour, Overline, Dead];
        let mut code = Reading::code(lines);
        for (direction, now) in [(0, Five), (3, OpenThree), (2, Dead), (0, Single)] {
            code = Reading::recode(code, direction, lines[direction], now);
            lines[direction] = now;
            assert_eq!(code, Reading::code(lines), "{lines:?}");
        }
        let kind = ReadingKind { restricted: true, profile: None };
        assert_eq!(Reading::of_code(code, kind), Reading::combine(lines, kind));
    }

    #[test]
    fn the_reading_table_combines_as_the_lines_do() {
        use LinePattern::*;
        let lines = [Two, ClosedFour, Overline, OpenThree];
        for restricted in [false, true] {
            let kind = ReadingKind { restricted, profile: None };
            assert_eq!(Reading::of(lines, restricted), Reading::combine(lines, kind));
        }
    }
}
