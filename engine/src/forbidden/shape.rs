//! What one stone makes along one line, read from the eleven cells centred on it.
//!
//! Every shape that a move at a point can make in a line — five, overline, four, three —
//! lies within four cells of the point, and telling an exact five from an overline needs one
//! cell more: eleven cells decide everything. They are held as bit masks so that a check
//! costs a few shifts and no allocation.

/// Cells on each side of the point that can matter.
pub(crate) const REACH: u32 = 5;
/// The bit of the point itself.
pub(crate) const CENTRE: u32 = REACH;
const CELLS: u32 = 2 * REACH + 1;
/// Every cell of a window.
pub(crate) const WINDOW: u32 = (1 << CELLS) - 1;

/// The eleven cells of one line around an empty point: bit `i` is the cell `i - 5` steps away
/// along the line. `blocked` holds the opponent's stones and the cells past the board's edge,
/// both of which end a line alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub(crate) own: u32,
    pub(crate) blocked: u32,
}

/// Which lines win: black needs exactly five (six or more is an overline), white wins with
/// five or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FiveRule {
    Exact,
    AtLeast,
}

/// What a stone at the centre of a [`Window`] makes in that line, keeping only the strongest
/// shape: a five hides everything, an overline hides fours and threes, a four hides threes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) five: bool,
    pub(crate) overline: bool,
    /// A run of four with a winning point at each end: one four, however it is blocked later.
    pub(crate) straight_four: bool,
    /// Winning points of the fours through the centre other than the straight one.
    pub(crate) closed_four_points: u32,
    /// Where one more stone turns the line into a straight four holding the centre and that
    /// stone: a three, if one of these points is itself playable.
    pub(crate) three_points: u32,
}

impl Shape {
    /// How many fours the move makes in the line; a straight four is one.
    pub(crate) fn fours(&self) -> u32 {
        self.closed_four_points.count_ones() + u32::from(self.straight_four)
    }

    pub(crate) fn is_three(&self) -> bool {
        self.three_points != 0
    }
}

/// The cells of a window mask, as steps from its centre.
pub(crate) fn offsets(cells: u32) -> impl Iterator<Item = i32> {
    (0..CELLS).filter(move |bit| cells & (1 << bit) != 0).map(|bit| bit as i32 - CENTRE as i32)
}

/// The run of `own` stones through bit `at` (which must be set), as its lowest and highest bit.
pub(super) fn run(own: u32, at: u32) -> (u32, u32) {
    let up = (!(own >> at)).trailing_zeros();
    let down = (!(own << (31 - at))).leading_zeros();
    (at + 1 - down, at + up - 1)
}

impl FiveRule {
    fn wins(self, len: u32) -> bool {
        match self {
            FiveRule::Exact => len == 5,
            FiveRule::AtLeast => len >= 5,
        }
    }
}

/// Whether a stone on the empty bit `at` makes a winning line through the centre of `own`.
fn completes_five(own: u32, empty: u32, at: u32, rule: FiveRule) -> bool {
    if empty & (1 << at) == 0 {
        return false;
    }
    let (low, high) = run(own | 1 << at, CENTRE);
    (low..=high).contains(&at) && rule.wins(high - low + 1)
}

/// The bit where a straight four through the centre of `own` starts its left winning point,
/// if `own` holds one: four in a row with a winning point on each side.
fn straight_four(own: u32, empty: u32, rule: FiveRule) -> Option<u32> {
    let (low, high) = run(own, CENTRE);
    (high - low == 3
        && low >= 1
        && completes_five(own, empty, low - 1, rule)
        && completes_five(own, empty, high + 1, rule))
    .then(|| low - 1)
}

/// Analyses a stone of the colour of `window.own` put on the window's centre.
pub(crate) fn analyse(window: Window, rule: FiveRule) -> Shape {
    let own = (window.own | 1 << CENTRE) & WINDOW;
    let empty = !(own | window.blocked) & WINDOW;
    let mut shape = Shape::default();

    let (low, high) = run(own, CENTRE);
    let len = high - low + 1;
    if len >= 5 {
        shape.five = rule.wins(len);
        shape.overline = !shape.five;
        return shape;
    }

    let straight = straight_four(own, empty, rule);
    shape.straight_four = straight.is_some();
    // A four is four stones and a gap inside five cells holding the centre. The two
    // segments of a straight four are that four; any other segment is a four of its own,
    // counted once per winning point (two segments sharing the point make the same five).
    for start in CENTRE - 4..=CENTRE {
        let segment = 0b1_1111 << start;
        let gap = segment & !own;
        let is_straight = straight.is_some_and(|left| start == left || start == left + 1);
        if segment & window.blocked == 0
            && gap.count_ones() == 1
            && !is_straight
            && completes_five(own, empty, gap.trailing_zeros(), rule)
        {
            shape.closed_four_points |= gap;
        }
    }
    if shape.fours() > 0 {
        return shape;
    }

    for at in CENTRE - 3..=CENTRE + 3 {
        if empty & (1 << at) != 0 {
            let with = own | 1 << at;
            let (low, high) = run(with, CENTRE);
            if (low..=high).contains(&at) && straight_four(with, empty & !(1 << at), rule).is_some()
            {
                shape.three_points |= 1 << at;
            }
        }
    }
    shape
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window written as eleven cells, `X` own, `O` blocked, `.` empty, `*` the centre.
    fn window(cells: &str) -> Window {
        assert_eq!(cells.len(), CELLS as usize);
        let mut window = Window { own: 0, blocked: 0 };
        for (i, c) in cells.bytes().enumerate() {
            match c {
                b'X' => window.own |= 1 << i,
                b'O' => window.blocked |= 1 << i,
                b'.' | b'*' => {}
                _ => panic!("bad cell {c}"),
            }
        }
        window
    }

    #[test]
    fn runs_are_measured_both_ways() {
        assert_eq!(run(0b0111_1100, 5), (2, 6));
        assert_eq!(run(0b0010_0000, 5), (5, 5));
        assert_eq!(run(WINDOW, 5), (0, 10));
    }

    #[test]
    fn exact_five_and_overline() {
        let five = analyse(window("...XX*XX..."), FiveRule::Exact);
        assert!(five.five && !five.overline);
        let six = analyse(window("..XXX*XX..."), FiveRule::Exact);
        assert!(six.overline && !six.five);
        let white_six = analyse(window("..XXX*XX..."), FiveRule::AtLeast);
        assert!(white_six.five && !white_six.overline);
    }

    #[test]
    fn fours_by_winning_point() {
        let straight = analyse(window("...XX*X...."), FiveRule::Exact);
        assert!(straight.straight_four);
        assert_eq!(straight.fours(), 1);
        let blocked = analyse(window("..OXX*X...."), FiveRule::Exact);
        assert!(!blocked.straight_four);
        assert_eq!(blocked.fours(), 1);
        let in_line_double = analyse(window("..X.X*X.X.."), FiveRule::Exact);
        assert_eq!(in_line_double.fours(), 2);
        let overline_gap = analyse(window(".XX.X*X...."), FiveRule::Exact);
        assert_eq!(overline_gap.fours(), 0);
    }

    #[test]
    fn threes_list_their_four_points() {
        let open = analyse(window("....X*X...."), FiveRule::Exact);
        assert_eq!(open.three_points, 1 << 3 | 1 << 7);
        let split = analyse(window("....X*.X..."), FiveRule::Exact);
        assert_eq!(split.three_points, 1 << 6);
        let dead = analyse(window("...OX*X.O.."), FiveRule::Exact);
        assert_eq!(dead.three_points, 0);
    }
}
