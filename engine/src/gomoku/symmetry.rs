use crate::{Board, Point};

/// One of the eight ways to turn or flip a square board onto itself. Taraguchi-10 needs them:
/// two offered fifth moves must not be the same move seen in a mirror. Tools use them to tell
/// positions apart that only look different.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    Identity,
    /// A quarter turn anticlockwise.
    QuarterTurn,
    HalfTurn,
    /// Three quarters anticlockwise: a quarter turn clockwise.
    ThreeQuarterTurn,
    /// Left and right swap.
    MirrorColumns,
    /// Top and bottom swap.
    MirrorRows,
    /// Across the diagonal from the bottom-left corner.
    MirrorDiagonal,
    /// Across the diagonal from the top-left corner.
    MirrorAntiDiagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::QuarterTurn,
        Symmetry::HalfTurn,
        Symmetry::ThreeQuarterTurn,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::MirrorDiagonal,
        Symmetry::MirrorAntiDiagonal,
    ];

    /// Where `point` lands on a board of side `size`.
    #[must_use]
    pub fn apply(self, point: Point, size: u8) -> Point {
        let last = size - 1;
        let Point { x, y } = point;
        let (x, y) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::QuarterTurn => (last - y, x),
            Symmetry::HalfTurn => (last - x, last - y),
            Symmetry::ThreeQuarterTurn => (y, last - x),
            Symmetry::MirrorColumns => (last - x, y),
            Symmetry::MirrorRows => (x, last - y),
            Symmetry::MirrorDiagonal => (y, x),
            Symmetry::MirrorAntiDiagonal => (last - y, last - x),
        };
        Point::new(x, y)
    }

    /// Whether every stone lands on a stone of its own colour, so the position looks the same.
    pub(crate) fn preserves(self, board: &Board) -> bool {
        let size = board.size();
        board.points().all(|point| board.get(point) == board.get(self.apply(point, size)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Stone;

    #[test]
    fn every_symmetry_keeps_the_centre_and_moves_a_corner_to_a_corner() {
        let board = Board::empty(15);
        let corners = [Point::new(0, 0), Point::new(14, 0), Point::new(0, 14), Point::new(14, 14)];
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.apply(board.centre(), 15), board.centre());
            assert!(corners.contains(&symmetry.apply(Point::new(0, 0), 15)));
            assert!(symmetry.preserves(&board));
        }
    }

    #[test]
    fn the_eight_images_of_a_point_off_every_axis_are_distinct() {
        let mut images: Vec<Point> =
            Symmetry::ALL.iter().map(|s| s.apply(Point::new(1, 3), 15)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn a_column_of_stones_is_kept_only_by_the_column_mirror() {
        let mut board = Board::empty(15);
        board.set(Point::new(7, 7), Some(Stone::Black));
        board.set(Point::new(7, 8), Some(Stone::White));
        let keeping: Vec<Symmetry> =
            Symmetry::ALL.into_iter().filter(|s| s.preserves(&board)).collect();
        assert_eq!(keeping, [Symmetry::Identity, Symmetry::MirrorColumns]);
    }
}
