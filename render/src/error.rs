use std::fmt;

use engine::Point;

/// Why a request could not be drawn. Requests are checked before anything is drawn, so a
/// bad request never panics and never yields a half-drawn image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    /// A grid board side outside 5–19.
    BoardSize(u8),
    /// A 5 en raya frame outside 4–12 columns × 4–10 rows, or cells that do not fill it.
    FrameSize { width: u8, height: u8, cells: usize },
    /// A point (stone, mark, line end, last move) outside the board.
    OffBoard(Point),
    /// A column index outside the frame.
    NoSuchColumn(u8),
    /// More cards or players than an image has room for.
    TooMany { what: &'static str, count: usize, max: usize },
    /// A replay without frames, or whose frames change size.
    Replay(&'static str),
    /// The encoder refused the image (should not happen with our own buffers).
    Encoding(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::BoardSize(size) => {
                write!(f, "a grid board of side {size} cannot be drawn (5–19)")
            }
            RenderError::FrameSize { width, height, cells } => {
                write!(f, "a {width}×{height} frame with {cells} cells cannot be drawn")
            }
            RenderError::OffBoard(point) => {
                write!(f, "point ({}, {}) is outside the board", point.x, point.y)
            }
            RenderError::NoSuchColumn(column) => write!(f, "column {column} is outside the frame"),
            RenderError::TooMany { what, count, max } => {
                write!(f, "{count} {what} do not fit in one image (at most {max})")
            }
            RenderError::Replay(why) => write!(f, "replay cannot be drawn: {why}"),
            RenderError::Encoding(why) => write!(f, "image encoding failed: {why}"),
        }
    }
}

impl std::error::Error for RenderError {}
