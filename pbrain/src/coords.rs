use std::fmt;

use engine::Point;

use crate::BrainError;

/// A point as Gomocup writes it: `x,y`, both from 0, with the origin at the *top*-left
/// corner. The engine counts rows from the bottom, so every crossing of the protocol
/// boundary goes through [`Coords::to_point`] or [`Coords::from_point`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coords {
    pub x: u32,
    pub y: u32,
}

impl Coords {
    /// Reads `x,y` (spaces around the numbers are tolerated).
    ///
    /// # Errors
    /// [`BrainError::MalformedCoords`] when the text is not two non-negative numbers
    /// separated by a comma.
    pub fn parse(text: &str) -> Result<Coords, BrainError> {
        let malformed = || BrainError::MalformedCoords(text.trim().to_owned());
        let (x, y) = text.split_once(',').ok_or_else(malformed)?;
        let x = x.trim().parse().map_err(|_| malformed())?;
        let y = y.trim().parse().map_err(|_| malformed())?;
        Ok(Coords { x, y })
    }

    /// The engine's point for these coordinates on a board of side `side`.
    ///
    /// # Errors
    /// [`BrainError::OffBoard`] when the coordinates fall outside the board.
    pub fn to_point(self, side: u8) -> Result<Point, BrainError> {
        let side_wide = u32::from(side);
        if self.x >= side_wide || self.y >= side_wide {
            return Err(BrainError::OffBoard(self));
        }
        // Both are below `side`, a `u8`, so the conversions cannot fail.
        let x = u8::try_from(self.x).map_err(|_| BrainError::OffBoard(self))?;
        let y = u8::try_from(self.y).map_err(|_| BrainError::OffBoard(self))?;
        Ok(Point::new(x, side - 1 - y))
    }

    /// The Gomocup coordinates of `point` on a board of side `side` (`point` on the board).
    #[must_use]
    pub fn from_point(point: Point, side: u8) -> Coords {
        let row_from_top = side.saturating_sub(1).saturating_sub(point.y);
        Coords { x: u32::from(point.x), y: u32::from(row_from_top) }
    }
}

impl fmt::Display for Coords {
    /// `x,y`, the form every answer of the brain takes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{GomokuSize, Notation};
    use proptest::prelude::*;

    fn named(text: &str, side: u8) -> Point {
        Notation::WithI.parse(text, side).expect("test points are valid")
    }

    #[test]
    fn the_top_left_corner_is_the_origin() {
        assert_eq!(Coords { x: 0, y: 0 }.to_point(15), Ok(named("a15", 15)));
        assert_eq!(Coords { x: 0, y: 14 }.to_point(15), Ok(named("a1", 15)));
        assert_eq!(Coords { x: 14, y: 14 }.to_point(15), Ok(named("o1", 15)));
        assert_eq!(Coords { x: 7, y: 7 }.to_point(15), Ok(named("h8", 15)));
        assert_eq!(Coords { x: 9, y: 9 }.to_point(19), Ok(named("j10", 19)));
        assert_eq!(Coords { x: 1, y: 0 }.to_point(19), Ok(named("b19", 19)));
    }

    #[test]
    fn points_are_written_back_from_the_top() {
        assert_eq!(Coords::from_point(named("a1", 15), 15).to_string(), "0,14");
        assert_eq!(Coords::from_point(named("o15", 15), 15).to_string(), "14,0");
        assert_eq!(Coords::from_point(named("c17", 19), 19).to_string(), "2,2");
    }

    #[test]
    fn coordinates_are_read_leniently_but_never_wrongly() {
        assert_eq!(Coords::parse("10,11"), Ok(Coords { x: 10, y: 11 }));
        assert_eq!(Coords::parse(" 3 , 4 "), Ok(Coords { x: 3, y: 4 }));
        for bad in ["", "10", "10,", ",3", "a,b", "-1,2", "1,2,3", "1;2"] {
            assert!(
                matches!(Coords::parse(bad), Err(BrainError::MalformedCoords(_))),
                "{bad:?} should be refused"
            );
        }
    }

    #[test]
    fn coordinates_off_the_board_are_refused() {
        let off = Coords { x: 15, y: 0 };
        assert_eq!(off.to_point(15), Err(BrainError::OffBoard(off)));
        let off = Coords { x: 0, y: 19 };
        assert_eq!(off.to_point(19), Err(BrainError::OffBoard(off)));
        let huge = Coords { x: u32::MAX, y: 3 };
        assert_eq!(huge.to_point(19), Err(BrainError::OffBoard(huge)));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn conversion_goes_both_ways(x in 0u32..19, y in 0u32..19, big in any::<bool>()) {
            let side = if big { GomokuSize::Nineteen } else { GomokuSize::Fifteen }.side();
            let coords = Coords { x: x % u32::from(side), y: y % u32::from(side) };
            let point = coords.to_point(side).expect("on the board");
            prop_assert_eq!(Coords::from_point(point, side), coords);
            prop_assert_eq!(Coords::parse(&coords.to_string()), Ok(coords));
        }
    }
}
