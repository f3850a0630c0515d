//! One line of cells read on its own: what a stone played on it makes there. The forbidden-point
//! rule combines four of these; threat searches read them one by one.

use std::fmt;
use std::str::FromStr;

use super::shape::{FiveRule, Shape, Window, analyse, offsets};
use crate::Stone;

/// A straight line of cells taken alone, its two ends behaving like the edges of a board.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Strip {
    cells: [Option<Stone>; Strip::MAX_LEN],
    len: u8,
}

/// What a stone makes in one line of cells, keeping only the strongest shape: a five hides
/// everything else, an overline hides fours and threes, a four hides threes.
///
/// Black wins only with exactly five (six or more is an overline); white wins with five or
/// more, so for white `overline` is never set and a longer line is a `five`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StripShape {
    /// A winning line through the stone.
    pub five: bool,
    /// Black only: six or more in a row through the stone.
    pub overline: bool,
    /// Four in a row through the stone with a winning point at each end.
    pub straight_four: bool,
    /// Fours through the stone other than the straight four, counted by their winning points
    /// (two fours in one line, as in `X.XXX.X` filled in the middle, count 2).
    pub closed_fours: u8,
    /// Bit `i` set: a stone on cell `i` would then make a straight four holding both stones.
    /// Non-zero means a three in this line (the line alone cannot tell whether those cells
    /// are forbidden on a board; see [`crate::forbidden_kind`]).
    pub three_points: u32,
}

impl StripShape {
    /// How many fours the stone makes in the line; a straight four counts once.
    #[must_use]
    pub fn fours(&self) -> u8 {
        self.closed_fours + u8::from(self.straight_four)
    }

    #[must_use]
    pub fn is_three(&self) -> bool {
        self.three_points != 0
    }
}

/// Why a [`Strip`] could not be built or read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StripError {
    /// More cells than [`Strip::MAX_LEN`].
    TooLong { len: usize },
    /// A character other than `X` (black), `O` (white) or `.` (empty).
    UnknownCell { found: char },
    /// A cell index past the end of the strip.
    OutOfRange { index: usize },
    /// A stone asked to be placed on a cell that already holds one.
    Occupied { index: usize },
}

impl fmt::Display for StripError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StripError::TooLong { len } => {
                write!(f, "a line holds at most {} cells, not {len}", Strip::MAX_LEN)
            }
            StripError::UnknownCell { found } => {
                write!(f, "a cell is X, O or '.', not {found:?}")
            }
            StripError::OutOfRange { index } => {
                write!(f, "cell {index} is past the end of the line")
            }
            StripError::Occupied { index } => write!(f, "cell {index} already holds a stone"),
        }
    }
}

impl std::error::Error for StripError {}

impl Strip {
    /// The most cells a strip holds: more than the longest line of any board.
    pub const MAX_LEN: usize = 32;

    /// A strip of the given cells.
    ///
    /// # Errors
    /// [`StripError::TooLong`] past [`Strip::MAX_LEN`] cells.
    pub fn new(cells: &[Option<Stone>]) -> Result<Strip, StripError> {
        let len = u8::try_from(cells.len())
            .ok()
            .filter(|&len| usize::from(len) <= Strip::MAX_LEN)
            .ok_or(StripError::TooLong { len: cells.len() })?;
        let mut strip = Strip { cells: [None; Strip::MAX_LEN], len };
        strip.cells[..cells.len()].copy_from_slice(cells);
        Ok(strip)
    }

    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[must_use]
    pub fn cells(&self) -> &[Option<Stone>] {
        &self.cells[..self.len()]
    }

    /// The stone on cell `index`; `None` when empty or past the end.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<Stone> {
        self.cells().get(index).copied().flatten()
    }

    /// The strip with `stone` put on the empty cell `index`.
    ///
    /// # Errors
    /// [`StripError::OutOfRange`] or [`StripError::Occupied`].
    pub fn with(mut self, index: usize, stone: Stone) -> Result<Strip, StripError> {
        self.check_empty(index)?;
        self.cells[index] = Some(stone);
        Ok(self)
    }

    fn check_empty(&self, index: usize) -> Result<(), StripError> {
        match self.cells().get(index) {
            None => Err(StripError::OutOfRange { index }),
            Some(Some(_)) => Err(StripError::Occupied { index }),
            Some(None) => Ok(()),
        }
    }

    /// What a `stone` played on the empty cell `index` makes in this line.
    ///
    /// # Errors
    /// [`StripError::OutOfRange`] or [`StripError::Occupied`].
    pub fn shape(&self, index: usize, stone: Stone) -> Result<StripShape, StripError> {
        self.check_empty(index)?;
        let mut window = Window { own: 0, blocked: 0 };
        for (bit, offset) in offsets(u32::MAX).enumerate() {
            let cell = index.checked_add_signed(offset as isize).filter(|&i| i < self.len());
            match cell.map(|i| self.cells[i]) {
                Some(Some(s)) if s == stone => window.own |= 1 << bit,
                Some(None) => {}
                Some(Some(_)) | None => window.blocked |= 1 << bit,
            }
        }
        let rule = match stone {
            Stone::Black => FiveRule::Exact,
            Stone::White => FiveRule::AtLeast,
        };
        Ok(StripShape::from_window(analyse(window, rule), index))
    }
}

impl StripShape {
    fn from_window(shape: Shape, index: usize) -> StripShape {
        let three_points = offsets(shape.three_points)
            .filter_map(|offset| index.checked_add_signed(offset as isize))
            .fold(0, |points, cell| points | 1 << cell);
        StripShape {
            five: shape.five,
            overline: shape.overline,
            straight_four: shape.straight_four,
            closed_fours: u8::try_from(shape.closed_four_points.count_ones()).unwrap_or(u8::MAX),
            three_points,
        }
    }
}

impl FromStr for Strip {
    type Err = StripError;

    /// Reads cells written as `X` (black), `O` (white) and `.` (empty), e.g. `..XX.O`.
    fn from_str(text: &str) -> Result<Strip, StripError> {
        let mut cells = [None; Strip::MAX_LEN];
        let mut len = 0;
        for c in text.chars() {
            let cell = match c {
                'X' | 'x' => Some(Stone::Black),
                'O' | 'o' => Some(Stone::White),
                '.' => None,
                found => return Err(StripError::UnknownCell { found }),
            };
            *cells.get_mut(len).ok_or(StripError::TooLong { len: text.chars().count() })? = cell;
            len += 1;
        }
        Strip::new(&cells[..len])
    }
}

impl fmt::Display for Strip {
    /// The cells as `X`, `O` and `.`, the form [`Strip::from_str`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in self.cells() {
            f.write_str(match cell {
                Some(Stone::Black) => "X",
                Some(Stone::White) => "O",
                None => ".",
            })?;
        }
        Ok(())
    }
}

impl fmt::Debug for Strip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Strip({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_cells() {
        let strip: Strip = "..XX.O".parse().expect("a strip");
        assert_eq!(strip.len(), 6);
        assert_eq!(strip.get(2), Some(Stone::Black));
        assert_eq!(strip.get(5), Some(Stone::White));
        assert_eq!(strip.get(9), None);
        assert_eq!(strip.to_string(), "..XX.O");
    }

    #[test]
    fn bad_input_says_why() {
        assert_eq!("..Y".parse::<Strip>(), Err(StripError::UnknownCell { found: 'Y' }));
        let long = ".".repeat(40);
        assert_eq!(long.parse::<Strip>(), Err(StripError::TooLong { len: 40 }));
        assert_eq!(Strip::new(&[None; 33]), Err(StripError::TooLong { len: 33 }));
        let strip: Strip = "..X".parse().expect("a strip");
        assert_eq!(strip.shape(3, Stone::Black), Err(StripError::OutOfRange { index: 3 }));
        assert_eq!(strip.shape(2, Stone::Black), Err(StripError::Occupied { index: 2 }));
        assert_eq!(strip.with(2, Stone::White), Err(StripError::Occupied { index: 2 }));
    }

    #[test]
    fn three_points_are_strip_cells() {
        let strip: Strip = "...XX...".parse().expect("a strip");
        let shape = strip.shape(5, Stone::Black).expect("valid in this test");
        assert_eq!(shape.three_points, 1 << 2 | 1 << 6);
        let edge: Strip = ".X.X....".parse().expect("a strip");
        assert_eq!(
            edge.shape(2, Stone::Black).expect("valid in this test").three_points,
            1 << 4,
            "a wall at 0"
        );
    }

    #[test]
    fn white_lines_longer_than_five_are_fives() {
        let strip: Strip = "XXX.XX".parse().expect("a strip");
        assert!(strip.shape(3, Stone::Black).expect("valid in this test").overline);
        let strip: Strip = "OOO.OO".parse().expect("a strip");
        let shape = strip.shape(3, Stone::White).expect("valid in this test");
        assert!(shape.five && !shape.overline);
    }
}
