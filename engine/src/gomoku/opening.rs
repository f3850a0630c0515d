//! Taraguchi-10, the renju opening: the first five stones go in growing squares around the
//! centre, either player may swap colours after each of them, and black may offer ten fifth
//! moves for white to choose from instead of placing the fifth stone.

use std::fmt;

use super::{RenjuError, symmetry::Symmetry};
use crate::{Board, Point};

/// How many fifth moves black offers in Taraguchi-10.
pub const FIFTH_OFFERS: usize = 10;

/// What a renju game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RenjuPhase {
    /// Opening stone `number` (1 to 4), inside [`crate::Renju::opening_area`].
    OpeningStone { number: u8 },
    /// After opening stone `after` (1 to 5), the holder of the colour that moves next may swap
    /// colours (and let the other player move) or keep them.
    SwapOption { after: u8 },
    /// Black's fifth move: a stone inside the central 9×9 square, or ten offered points.
    FifthStone,
    /// White picks one of black's ten offered points; it becomes black's fifth stone.
    FifthChoice,
    /// The opening is over: stones anywhere, in turn.
    Play,
    /// The game has ended.
    Over,
}

impl RenjuPhase {
    /// The phase that follows the swap decision after opening stone `after`.
    pub(crate) fn after_swap_option(after: u8) -> RenjuPhase {
        match after {
            1..=3 => RenjuPhase::OpeningStone { number: after + 1 },
            4 => RenjuPhase::FifthStone,
            _ => RenjuPhase::Play,
        }
    }

    /// How far from the centre the stone awaited now may go, during the opening.
    pub(crate) fn reach(self) -> Option<u8> {
        match self {
            RenjuPhase::OpeningStone { number } => Some(number - 1),
            RenjuPhase::FifthStone => Some(4),
            _ => None,
        }
    }
}

impl fmt::Display for RenjuPhase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenjuPhase::OpeningStone { number } => write!(f, "opening stone {number}"),
            RenjuPhase::SwapOption { .. } => f.write_str("swap or keep"),
            RenjuPhase::FifthStone => f.write_str("a fifth stone or ten offered points"),
            RenjuPhase::FifthChoice => f.write_str("the choice of an offered point"),
            RenjuPhase::Play => f.write_str("a stone"),
            RenjuPhase::Over => f.write_str("nothing, the game is over"),
        }
    }
}

/// The square around the centre where an opening stone may go: `reach` 0 is the centre alone,
/// 1 the central 3×3, 2 the 5×5, 3 the 7×7 and 4 the 9×9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpeningArea {
    pub centre: Point,
    pub reach: u8,
}

impl OpeningArea {
    /// The number of lines the square spans each way (1, 3, 5, 7 or 9).
    #[must_use]
    pub const fn side(self) -> u8 {
        2 * self.reach + 1
    }

    #[must_use]
    pub const fn contains(self, point: Point) -> bool {
        self.centre.ring_distance(point) <= self.reach
    }

    /// The points of the square, row by row from the bottom.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let (cx, cy, r) = (self.centre.x, self.centre.y, self.reach);
        (cy - r..=cy + r).flat_map(move |y| (cx - r..=cx + r).map(move |x| Point::new(x, y)))
    }
}

/// Checks black's offered fifth moves (the ten, or those chosen so far) on the four-stone
/// `board`: on the board, empty, all different, and no two of them the same move under a
/// turn or flip that leaves the position as it is.
pub(crate) fn check_offer(board: &Board, offers: &[Point]) -> Result<(), RenjuError> {
    for &point in offers {
        if !board.contains(point) {
            return Err(RenjuError::OffBoard);
        }
        if board.get(point).is_some() {
            return Err(RenjuError::OfferOccupied(point));
        }
    }
    let keeping = Symmetry::ALL.map(|symmetry| symmetry.preserves(board));
    for (i, &first) in offers.iter().enumerate() {
        for &second in &offers[i + 1..] {
            if first == second {
                return Err(RenjuError::RepeatedOffer(first));
            }
            // The symmetries that keep the position form a group, so looking one way suffices.
            let mirrored = Symmetry::ALL
                .iter()
                .zip(keeping)
                .any(|(symmetry, keeps)| keeps && symmetry.apply(first, board.size()) == second);
            if mirrored {
                return Err(RenjuError::SymmetricOffers(first, second));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas_grow_by_one_ring_per_stone() {
        let centre = Point::new(7, 7);
        for (number, side) in [(1, 1), (2, 3), (3, 5), (4, 7)] {
            let reach = RenjuPhase::OpeningStone { number }.reach().unwrap_or(99);
            let area = OpeningArea { centre, reach };
            assert_eq!(area.side(), side);
            assert_eq!(area.points().count(), usize::from(side) * usize::from(side));
            assert!(area.points().all(|p| area.contains(p)));
        }
        assert_eq!(RenjuPhase::FifthStone.reach(), Some(4));
        assert_eq!(RenjuPhase::Play.reach(), None);
    }

    #[test]
    fn swap_options_lead_through_the_opening() {
        assert_eq!(RenjuPhase::after_swap_option(1), RenjuPhase::OpeningStone { number: 2 });
        assert_eq!(RenjuPhase::after_swap_option(3), RenjuPhase::OpeningStone { number: 4 });
        assert_eq!(RenjuPhase::after_swap_option(4), RenjuPhase::FifthStone);
        assert_eq!(RenjuPhase::after_swap_option(5), RenjuPhase::Play);
    }
}
