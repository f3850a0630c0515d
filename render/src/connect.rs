//! The frame of 5 en raya (9×6, two pre-filled side columns) and of classic Connect Four
//! (7×6): discs, numbered playable columns, the last disc, the winning line and PopOut.

use std::sync::OnceLock;

use engine::{Line, Point};

use crate::RenderError;
use crate::canvas::{Canvas, Icon};
use crate::header::{self, Highlight, Row};
use crate::palette::Ink;
use crate::png_encoding;
use crate::shape::Shape;
use crate::sprites::{self, ConnectSprites, connect_sprites};
use crate::text::{self, Style};

const WIDTHS: std::ops::RangeInclusive<u8> = 4..=12;
const HEIGHTS: std::ops::RangeInclusive<u8> = 4..=10;
const PAD: usize = 24;
const BORDER: usize = 14;
const NUMBER_BAND: usize = 46;
const POP_BAND: usize = 40;
const TAG_BAND: usize = 54;
const NUMBER: Style = Style::bold(26);
const TAG: Style = Style::bold(24);

/// The two disc colours of 5 en raya.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Disc {
    Red,
    Yellow,
}

/// PopOut is on: its tag (the caller's word) and the columns whose bottom disc the player to
/// move may pop, marked under the frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PopOut {
    pub label: String,
    pub columns: Vec<u8>,
}

/// Everything a 5 en raya (or Connect Four) image shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectBoard {
    pub width: u8,
    pub height: u8,
    /// Pre-filled columns, drawn darker and hatched, not numbered (`[0, 8]` in 5 en raya).
    pub side_columns: Vec<u8>,
    /// `width × height` cells, row by row from the bottom, each row left to right.
    pub cells: Vec<Option<Disc>>,
    pub last_move: Option<Point>,
    pub winning_lines: Vec<Line>,
    pub pop_out: Option<PopOut>,
    pub red: String,
    pub yellow: String,
    pub to_move: Option<Disc>,
    pub winner: Option<Disc>,
    /// The caller's badges for players away, for whom the CPU plays: red's, then yellow's.
    pub away: [Option<String>; 2],
    /// The turn's time left, in the caller's words, shown in the row of the player to move.
    pub clock: Option<String>,
    pub status: String,
}

impl ConnectBoard {
    /// An empty frame with nobody named yet.
    #[must_use]
    pub fn new(width: u8, height: u8, side_columns: Vec<u8>) -> ConnectBoard {
        ConnectBoard {
            width,
            height,
            side_columns,
            cells: vec![None; usize::from(width) * usize::from(height)],
            last_move: None,
            winning_lines: Vec::new(),
            pop_out: None,
            red: String::new(),
            yellow: String::new(),
            to_move: None,
            winner: None,
            away: [None, None],
            clock: None,
            status: String::new(),
        }
    }

    /// The disc in `cell`, if the cell is inside the frame.
    #[must_use]
    pub fn get(&self, cell: Point) -> Option<Disc> {
        self.index(cell).and_then(|i| self.cells.get(i).copied().flatten())
    }

    /// Puts `disc` (or nothing) in `cell`; a cell outside the frame is ignored.
    pub fn set(&mut self, cell: Point, disc: Option<Disc>) {
        if let Some(slot) = self.index(cell).and_then(|i| self.cells.get_mut(i)) {
            *slot = disc;
        }
    }

    fn index(&self, cell: Point) -> Option<usize> {
        (cell.x < self.width && cell.y < self.height)
            .then(|| usize::from(cell.y) * usize::from(self.width) + usize::from(cell.x))
    }

    /// The frame as an indexed PNG.
    ///
    /// # Errors
    /// [`RenderError`] when the size, a cell or a column is out of range.
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        png_encoding::encode(&self.draw()?)
    }

    /// The pixel at the centre of `cell` in the image, if the cell is in the frame.
    #[must_use]
    pub fn pixel_of(&self, cell: Point) -> Option<(u32, u32)> {
        let geometry = Geometry::new(self).ok()?;
        self.index(cell).map(|_| {
            let (x, y) = geometry.centre(cell);
            (x as u32, y as u32)
        })
    }

    pub(crate) fn draw(&self) -> Result<Canvas, RenderError> {
        let geometry = Geometry::new(self)?;
        self.check()?;
        let sprites = connect_sprites(geometry.cell);
        let mut canvas = Canvas::new(geometry.image_width, geometry.image_height, Ink::Paper);
        self.draw_header(&mut canvas);
        self.draw_frame(&mut canvas, &geometry, sprites);
        self.draw_marks(&mut canvas, &geometry, sprites);
        Ok(canvas)
    }

    fn check(&self) -> Result<(), RenderError> {
        let columns = self.side_columns.iter().chain(self.pop_out.iter().flat_map(|p| &p.columns));
        if let Some(&column) = columns.into_iter().find(|&&c| c >= self.width) {
            return Err(RenderError::NoSuchColumn(column));
        }
        let ends = self.winning_lines.iter().flat_map(|line| [line.from, line.to]);
        match self.last_move.into_iter().chain(ends).find(|&p| self.index(p).is_none()) {
            Some(point) => Err(RenderError::OffBoard(point)),
            None => Ok(()),
        }
    }

    fn is_side(&self, column: u8) -> bool {
        self.side_columns.contains(&column)
    }

    fn draw_header(&self, canvas: &mut Canvas) {
        let icons = header_icons();
        let highlight = |disc: Disc| {
            if self.winner == Some(disc) {
                Highlight::Winner
            } else if self.winner.is_none() && self.to_move == Some(disc) {
                Highlight::ToMove
            } else {
                Highlight::None
            }
        };
        let rows = [
            Row {
                piece: &icons[0],
                name: &self.red,
                highlight: highlight(Disc::Red),
                tallies: Vec::new(),
                badge: self.away[0].as_deref(),
                clock: self.clock.as_deref().filter(|_| highlight(Disc::Red) == Highlight::ToMove),
            },
            Row {
                piece: &icons[1],
                name: &self.yellow,
                highlight: highlight(Disc::Yellow),
                tallies: Vec::new(),
                badge: self.away[1].as_deref(),
                clock: self
                    .clock
                    .as_deref()
                    .filter(|_| highlight(Disc::Yellow) == Highlight::ToMove),
            },
        ];
        header::draw(canvas, rows, &self.status);
    }

    fn draw_frame(&self, canvas: &mut Canvas, geometry: &Geometry, sprites: &ConnectSprites) {
        let (left, top) = (geometry.frame_left as i32, geometry.frame_top as i32);
        let cell = geometry.cell as i32;
        canvas.fill(
            left,
            top,
            geometry.frame_width as i32,
            geometry.frame_height as i32,
            Ink::Frame,
        );
        let mut number = 0;
        for column in 0..self.width {
            let x = left + BORDER as i32 + i32::from(column) * cell;
            let side = self.is_side(column);
            if side {
                canvas.fill(x, top, cell, geometry.frame_height as i32, Ink::FrameSide);
            } else {
                number += 1;
                let centre =
                    (x as f32 + cell as f32 / 2.0, (header::HEIGHT + NUMBER_BAND / 2 + 4) as f32);
                text::draw_centred(canvas, NUMBER, &number.to_string(), centre, Ink::Text);
            }
            for row in 0..self.height {
                let disc = self.get(Point::new(column, row));
                let set = if side { &sprites.side } else { &sprites.playable };
                let sprite = &set[match disc {
                    None => 0,
                    Some(Disc::Red) => 1,
                    Some(Disc::Yellow) => 2,
                }];
                let (cx, cy) = geometry.centre(Point::new(column, row));
                canvas.blit(sprite, cx as i32 - cell / 2, cy as i32 - cell / 2);
            }
        }
    }

    fn draw_marks(&self, canvas: &mut Canvas, geometry: &Geometry, sprites: &ConnectSprites) {
        let at = |cell: Point, size: usize| {
            let (x, y) = geometry.centre(cell);
            (x as i32 - (size / 2) as i32, y as i32 - (size / 2) as i32)
        };
        for line in &self.winning_lines {
            let (from, to) = (geometry.centre(line.from), geometry.centre(line.to));
            let thickness = geometry.cell as f32 * 0.1;
            for (width, ink) in [(thickness + 5.0, Ink::Text), (thickness, Ink::White)] {
                let (ox, oy) = (from.0.min(to.0) - width, from.1.min(to.1) - width);
                let (w, h) =
                    ((from.0 - to.0).abs() + 2.0 * width, (from.1 - to.1).abs() + 2.0 * width);
                let stroke = Shape::new(w.ceil() as usize, h.ceil() as usize)
                    .segment((from.0 - ox, from.1 - oy), (to.0 - ox, to.1 - oy), width)
                    .into_mask();
                canvas.paint(&stroke, ox as i32, oy as i32, ink);
            }
            for cell in crate::grid::points_of(*line) {
                let (x, y) = at(cell, sprites.win_ring.width);
                canvas.paint(&sprites.win_ring, x, y, Ink::White);
            }
        }
        if let Some(cell) = self.last_move {
            let (x, y) = at(cell, sprites.last_move.width());
            canvas.draw_icon(&sprites.last_move, x, y);
        }
        if let Some(pop_out) = &self.pop_out {
            let marker = &sprites.pop_marker[usize::from(self.to_move == Some(Disc::Yellow))];
            let y = geometry.frame_top + geometry.frame_height + 10;
            for &column in &pop_out.columns {
                let (cx, _) = geometry.centre(Point::new(column, 0));
                canvas.draw_icon(marker, cx as i32 - (marker.width() / 2) as i32, y as i32);
            }
            let tag_middle =
                (geometry.frame_top + geometry.frame_height + POP_BAND + TAG_BAND / 2) as f32;
            let tag_width =
                text::width(TAG, &pop_out.label).min(geometry.image_width as f32 - 60.0) + 32.0;
            let tag_left = geometry.image_width as f32 / 2.0 - tag_width / 2.0;
            let pill = Shape::new(tag_width.ceil() as usize, 40)
                .rounded_rect(0.0, 0.0, tag_width, 40.0, 20.0)
                .into_mask();
            canvas.paint(&pill, tag_left as i32, tag_middle as i32 - 20, Ink::Amber);
            let label = text::fit(TAG, &pop_out.label, tag_width - 32.0);
            text::draw_centred(
                canvas,
                TAG,
                &label,
                (geometry.image_width as f32 / 2.0, tag_middle),
                Ink::Text,
            );
        }
    }
}

/// Where things go in a frame of a given size.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    height: u8,
    cell: usize,
    frame_left: usize,
    frame_top: usize,
    frame_width: usize,
    frame_height: usize,
    image_width: usize,
    image_height: usize,
}

impl Geometry {
    fn new(board: &ConnectBoard) -> Result<Geometry, RenderError> {
        let (width, height) = (board.width, board.height);
        let cells = board.cells.len();
        if !WIDTHS.contains(&width)
            || !HEIGHTS.contains(&height)
            || cells != usize::from(width) * usize::from(height)
        {
            return Err(RenderError::FrameSize { width, height, cells });
        }
        let cell = (800 / usize::from(width)).min(sprites::MAX_CONNECT_CELL);
        let frame_width = usize::from(width) * cell + 2 * BORDER;
        let frame_height = usize::from(height) * cell + 2 * BORDER;
        let frame_top = header::HEIGHT + NUMBER_BAND;
        let bottom = if board.pop_out.is_some() { POP_BAND + TAG_BAND } else { PAD };
        Ok(Geometry {
            height,
            cell,
            frame_left: PAD,
            frame_top,
            frame_width,
            frame_height,
            image_width: frame_width + 2 * PAD,
            image_height: frame_top + frame_height + bottom,
        })
    }

    /// Centre of `cell` in the image (rows count from the bottom).
    fn centre(&self, cell: Point) -> (f32, f32) {
        let x = self.frame_left + BORDER + usize::from(cell.x) * self.cell + self.cell / 2;
        let row_from_top = usize::from(self.height - 1 - cell.y.min(self.height - 1));
        let y = self.frame_top + BORDER + row_from_top * self.cell + self.cell / 2;
        (x as f32, y as f32)
    }
}

/// The header's discs, drawn once.
fn header_icons() -> &'static [Icon; 2] {
    static ICONS: OnceLock<[Icon; 2]> = OnceLock::new();
    ICONS.get_or_init(|| [sprites::disc_icon(Disc::Red, 32), sprites::disc_icon(Disc::Yellow, 32)])
}
