use std::fmt;

/// An intersection (grid games) or a cell (5 en raya), counted from the bottom-left
/// corner: `x` is the column from the left, `y` the row from the bottom, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The point `steps` steps away in `direction`, if the coordinates stay non-negative.
    #[must_use]
    pub fn step(self, direction: Direction, steps: i32) -> Option<Point> {
        let (dx, dy) = direction.delta();
        let x = i32::from(self.x) + dx * steps;
        let y = i32::from(self.y) + dy * steps;
        Some(Point::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?))
    }

    /// Chebyshev (king-move) distance: the size of the smallest square ring around `self`
    /// that holds `other`. The opening rules of renju and pente are stated with it.
    #[must_use]
    pub const fn ring_distance(self, other: Point) -> u8 {
        let dx = self.x.abs_diff(other.x);
        let dy = self.y.abs_diff(other.y);
        if dx > dy { dx } else { dy }
    }
}

/// The four directions a line can run in; each also covers its opposite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Left to right.
    Horizontal,
    /// Bottom to top.
    Vertical,
    /// Bottom-left to top-right.
    Diagonal,
    /// Top-left to bottom-right.
    AntiDiagonal,
}

impl Direction {
    pub const ALL: [Direction; 4] =
        [Direction::Horizontal, Direction::Vertical, Direction::Diagonal, Direction::AntiDiagonal];

    /// The step `(dx, dy)` that walks along the line.
    #[must_use]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}

/// A straight run of cells from `from` to `to`, both included, as shown when a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    pub from: Point,
    pub to: Point,
}

impl Line {
    /// How many cells the line covers.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.from.ring_distance(self.to)) + 1
    }

    /// Never true: a line holds at least one cell. Present for the `len` convention.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The cells of the line, from `from` to `to`.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let dx = i32::from(self.to.x) - i32::from(self.from.x);
        let dy = i32::from(self.to.y) - i32::from(self.from.y);
        let (sx, sy) = (dx.signum(), dy.signum());
        let from = self.from;
        let steps = dx.abs().max(dy.abs());
        (0..=steps).filter_map(move |i| {
            let x = u8::try_from(i32::from(from.x) + sx * i).ok()?;
            let y = u8::try_from(i32::from(from.y) + sy * i).ok()?;
            Some(Point::new(x, y))
        })
    }
}

impl fmt::Display for Point {
    /// A neutral `(x,y)` form for logs and debugging; players see each game's notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}
