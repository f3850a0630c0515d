use super::{Direction, Line, Point, Stone};

/// The largest side of any grid game (19×19).
pub const MAX_SIZE: u8 = 19;
const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// A square board of stones, without any rule: the shared ground of gomoku, renju, ninuki and
/// pente. Small and `Copy`-cheap so that a position can be cloned freely by searches.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    cells: [Option<Stone>; CELLS],
}

impl Board {
    /// An empty board of side `size`.
    ///
    /// # Panics
    /// If `size` is 0 or larger than [`MAX_SIZE`]: settings types only offer valid sizes.
    #[must_use]
    pub fn empty(size: u8) -> Board {
        assert!((1..=MAX_SIZE).contains(&size), "board size {size} out of range");
        Board { size, cells: [None; CELLS] }
    }

    #[must_use]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// The middle intersection (`h8` on 15×15, `j10`/`K10` on 19×19, `G7` on 13×13).
    #[must_use]
    pub const fn centre(&self) -> Point {
        Point::new(self.size / 2, self.size / 2)
    }

    #[must_use]
    pub fn contains(&self, point: Point) -> bool {
        point.x < self.size && point.y < self.size
    }

    fn index(&self, point: Point) -> usize {
        usize::from(point.y) * usize::from(MAX_SIZE) + usize::from(point.x)
    }

    /// The stone at `point`; `None` when empty or off the board.
    #[must_use]
    pub fn get(&self, point: Point) -> Option<Stone> {
        if self.contains(point) { self.cells[self.index(point)] } else { None }
    }

    /// Puts `stone` (or nothing) at `point`, which must be on the board.
    pub fn set(&mut self, point: Point, stone: Option<Stone>) {
        debug_assert!(self.contains(point));
        let index = self.index(point);
        self.cells[index] = stone;
    }

    /// Every point of the board, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).map(move |x| Point::new(x, y)))
    }

    /// Every empty point, row by row from the bottom.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(|&p| self.get(p).is_none())
    }

    /// How many stones of each colour stand on the board: `(black, white)`.
    #[must_use]
    pub fn count(&self) -> (usize, usize) {
        self.points().fold((0, 0), |(b, w), p| match self.get(p) {
            Some(Stone::Black) => (b + 1, w),
            Some(Stone::White) => (b, w + 1),
            None => (b, w),
        })
    }

    #[must_use]
    pub fn is_full(&self) -> bool {
        self.empty_points().next().is_none()
    }

    /// The longest unbroken run of `point`'s colour through `point` along `direction`, or
    /// `None` if `point` is empty.
    #[must_use]
    pub fn run_through(&self, point: Point, direction: Direction) -> Option<Line> {
        Some(self.run_of(self.get(point)?, point, direction))
    }

    /// The unbroken run of `stone` through `point` along `direction`, counting `point` as one
    /// of them whatever stands there: a move can be judged before it is placed.
    #[must_use]
    pub fn run_of(&self, stone: Stone, point: Point, direction: Direction) -> Line {
        let reach = |sign: i32| {
            let mut end = point;
            while let Some(next) = end.step(direction, sign) {
                if self.get(next) != Some(stone) {
                    break;
                }
                end = next;
            }
            end
        };
        Line { from: reach(-1), to: reach(1) }
    }

    /// The runs through `point` (in any direction) of at least `min_len` stones — and, when
    /// `max_len` is given, at most that many. This is the win check of every grid game: only
    /// lines through the last stone can be new.
    #[must_use]
    pub fn runs_through(&self, point: Point, min_len: usize, max_len: Option<usize>) -> Vec<Line> {
        Direction::ALL
            .iter()
            .filter_map(|&direction| self.run_through(point, direction))
            .filter(|line| line.len() >= min_len && max_len.is_none_or(|max| line.len() <= max))
            .collect()
    }
}

impl std::fmt::Debug for Board {
    /// The board as rows of `X` (black), `O` (white) and `.`, top row first.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Board {}×{}", self.size, self.size)?;
        for y in (0..self.size).rev() {
            for x in 0..self.size {
                let c = match self.get(Point::new(x, y)) {
                    Some(Stone::Black) => 'X',
                    Some(Stone::White) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
