//! The board of the grid games (gomoku, renju, ninuki, pente): wood, lines, star points and
//! coordinates drawn once per size and notation; stones, marks and the header per request.

use std::sync::OnceLock;

use engine::{Line, Notation, OpeningArea, Point, Stone};

use crate::RenderError;
use crate::canvas::{Canvas, Icon};
use crate::header::{self, Highlight, Row, Tally};
use crate::palette::Ink;
use crate::png_encoding;
use crate::sprites::{self, GridSprites, grid_sprites};
use crate::text::{self, Style};

const MIN_SIZE: u8 = 5;
const MAX_SIZE: u8 = engine::MAX_SIZE;
/// Width of the coordinate band on each side of the lines.
const LABEL_BAND: usize = 30;
pub(crate) const COORDINATE: Style = Style::bold(22);

/// A stone on the board, with the move number to print on it (for a final, numbered board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedStone {
    pub point: Point,
    pub stone: Stone,
    pub number: Option<u16>,
}

/// A player of a grid game as the header shows them. `captures` (ninuki, pente) and `score`
/// (pente's final score) are shown when present.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GridPlayer {
    pub name: String,
    pub captures: Option<u16>,
    pub score: Option<u16>,
    /// The caller's badge for a player away, for whom the CPU plays ("away — the CPU plays").
    pub away: Option<String>,
}

/// Everything a grid board image shows. The caller supplies every word (names, labels,
/// status line) in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridBoard {
    /// Side of the board: 13, 15 or 19 in the games, any of 5–19 is drawn.
    pub size: u8,
    pub notation: Notation,
    pub stones: Vec<PlacedStone>,
    pub last_move: Option<Point>,
    pub winning_lines: Vec<Line>,
    /// Pente's final board: the fours each player's score counts, drawn like a winning line
    /// in violet.
    pub scoring_lines: Vec<Line>,
    /// Renju, black lost on a forbidden point: the threes, fours or overline that made it
    /// forbidden, drawn like a winning line in red.
    pub forbidden_lines: Vec<Line>,
    /// Points where black may not play, marked with a small red ×.
    pub forbidden: Vec<Point>,
    /// The forbidden points are shown while white moves (where black will not be able to
    /// answer): the × is drawn in the grid's ink instead of red.
    pub forbidden_muted: bool,
    /// Renju's offered fifth moves, numbered 1, 2… in this order on their empty points.
    pub offers: Vec<Point>,
    /// The points the last move emptied by capturing, ringed in red so the stones that
    /// vanished are seen.
    pub captured: Vec<Point>,
    /// Renju's opening: the square the awaited stone must go in, framed in blue.
    pub opening_area: Option<OpeningArea>,
    /// The captured stones that win (10 in ninuki and pente): tallies read "2/10".
    pub capture_goal: Option<u16>,
    pub black: GridPlayer,
    pub white: GridPlayer,
    /// The word beside capture counts ("capturas") and scores ("puntos").
    pub captures_label: String,
    pub score_label: String,
    pub to_move: Option<Stone>,
    pub winner: Option<Stone>,
    /// The turn's time left, in the caller's words ("45 s left"), shown in the row of the
    /// player to move.
    pub clock: Option<String>,
    /// Whose row is the header's first: the player the game's words name first (white in
    /// pente, where white begins).
    pub top_row: Stone,
    /// The line under the names: whose turn, or the result.
    pub status: String,
}

impl GridBoard {
    /// An empty board with nobody named yet.
    #[must_use]
    pub fn new(size: u8, notation: Notation) -> GridBoard {
        GridBoard {
            size,
            notation,
            stones: Vec::new(),
            last_move: None,
            winning_lines: Vec::new(),
            scoring_lines: Vec::new(),
            forbidden_lines: Vec::new(),
            forbidden: Vec::new(),
            forbidden_muted: false,
            offers: Vec::new(),
            captured: Vec::new(),
            capture_goal: None,
            opening_area: None,
            black: GridPlayer::default(),
            white: GridPlayer::default(),
            captures_label: String::new(),
            score_label: String::new(),
            to_move: None,
            winner: None,
            top_row: Stone::Black,
            clock: None,
            status: String::new(),
        }
    }

    /// The board as an indexed PNG.
    ///
    /// # Errors
    /// [`RenderError`] when the size or a point is out of range.
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        png_encoding::encode(&self.draw()?)
    }

    /// The pixel at the centre of intersection `point` in the image, if it is on the board.
    #[must_use]
    pub fn pixel_of(&self, point: Point) -> Option<(u32, u32)> {
        let geometry = Geometry::new(self.size).ok()?;
        geometry.contains(point).then(|| {
            let (x, y) = geometry.centre(point);
            (x as u32, y as u32)
        })
    }

    pub(crate) fn draw(&self) -> Result<Canvas, RenderError> {
        let geometry = Geometry::new(self.size)?;
        self.check(&geometry)?;
        let background = background(self.size, self.notation);
        let mut canvas =
            Canvas::new(background.width, header::HEIGHT + background.height, Ink::Wood);
        canvas.copy_from(background, 0, header::HEIGHT);
        self.draw_header(&mut canvas);
        let sprites = grid_sprites(geometry.cell);
        self.draw_marks(&mut canvas, &geometry, sprites);
        Ok(canvas)
    }

    fn check(&self, geometry: &Geometry) -> Result<(), RenderError> {
        let points = self
            .stones
            .iter()
            .map(|s| s.point)
            .chain(self.last_move)
            .chain(self.forbidden.iter().copied())
            .chain(self.offers.iter().copied())
            .chain(self.captured.iter().copied())
            .chain(self.opening_area.map(|area| area.centre));
        let line_ends = self
            .winning_lines
            .iter()
            .chain(&self.scoring_lines)
            .chain(&self.forbidden_lines)
            .flat_map(|line| [line.from, line.to]);
        match points.chain(line_ends).find(|&p| !geometry.contains(p)) {
            Some(point) => Err(RenderError::OffBoard(point)),
            None => Ok(()),
        }
    }

    fn draw_header(&self, canvas: &mut Canvas) {
        let icons = header_icons();
        let row = |stone: Stone| {
            let player = match stone {
                Stone::Black => &self.black,
                Stone::White => &self.white,
            };
            let (piece, captured) = match stone {
                Stone::Black => (&icons.black, &icons.small_white),
                Stone::White => (&icons.white, &icons.small_black),
            };
            let highlight = if self.winner == Some(stone) {
                Highlight::Winner
            } else if self.winner.is_none() && self.to_move == Some(stone) {
                Highlight::ToMove
            } else {
                Highlight::None
            };
            let captures = player.captures.map(|value| Tally {
                label: &self.captures_label,
                icon: Some(captured),
                value,
                goal: self.capture_goal,
            });
            let score = player.score.map(|value| Tally {
                label: &self.score_label,
                icon: None,
                value,
                goal: None,
            });
            Row {
                piece,
                name: &player.name,
                highlight,
                tallies: captures.into_iter().chain(score).collect(),
                badge: player.away.as_deref(),
                clock: self.clock.as_deref().filter(|_| highlight == Highlight::ToMove),
            }
        };
        let rows = [row(self.top_row), row(self.top_row.opponent())];
        header::draw(canvas, rows, &self.status);
    }

    fn draw_marks(&self, canvas: &mut Canvas, geometry: &Geometry, sprites: &GridSprites) {
        let at = |point: Point, size: usize| {
            let (x, y) = geometry.centre(point);
            (x as i32 - (size / 2) as i32, y as i32 - (size / 2) as i32)
        };
        if let Some(area) = self.opening_area {
            draw_area(canvas, geometry, area);
        }
        let forbidden_ink = if self.forbidden_muted { Ink::GridLine } else { Ink::Alert };
        for &point in &self.forbidden {
            let (x, y) = at(point, sprites.forbidden.width);
            canvas.paint(&sprites.forbidden, x, y, forbidden_ink);
        }
        for &point in &self.captured {
            let (x, y) = at(point, sprites.win_ring.width);
            canvas.paint(&sprites.win_ring, x, y, Ink::Alert);
        }
        self.draw_offers(canvas, geometry);
        for placed in &self.stones {
            let sprite = match placed.stone {
                Stone::Black => &sprites.black,
                Stone::White => &sprites.white,
            };
            let (x, y) = at(placed.point, sprite.width);
            canvas.blit(sprite, x, y);
        }
        let lines = self.scoring_lines.iter().map(|line| (line, Ink::ScoreLine));
        let lines = lines.chain(self.winning_lines.iter().map(|line| (line, Ink::WinLine)));
        for (line, ink) in lines.chain(self.forbidden_lines.iter().map(|line| (line, Ink::Alert))) {
            draw_line(canvas, geometry, sprites, *line, ink);
        }
        let numbered = self.stones.iter().any(|s| s.number.is_some());
        // The last move of a numbered board is ringed in red: its number keeps the stone's
        // contrasting ink, red on a black stone being hard to read.
        if let (Some(point), true) = (self.last_move, numbered) {
            let (x, y) = at(point, sprites.win_ring.width);
            canvas.paint(&sprites.win_ring, x, y, Ink::Alert);
        }
        for placed in self.stones.iter().filter(|s| s.number.is_some()) {
            let ink = match placed.stone {
                Stone::Black => Ink::StoneWhite,
                Stone::White => Ink::StoneBlack,
            };
            let number = placed.number.unwrap_or_default().to_string();
            let px = if number.len() > 2 { 0.34 } else { 0.44 };
            let style = Style::bold((geometry.cell as f32 * px) as u8);
            text::draw_centred(canvas, style, &number, geometry.centre(placed.point), ink);
        }
        if let (Some(point), false) = (self.last_move, numbered) {
            let (x, y) = at(point, sprites.last_move.width);
            canvas.paint(&sprites.last_move, x, y, Ink::Alert);
        }
    }
}

impl GridBoard {
    /// Each offered point gets its number on a patch of wood, so the grid lines do not cross
    /// the digits.
    fn draw_offers(&self, canvas: &mut Canvas, geometry: &Geometry) {
        let style = Style::bold((geometry.cell as f32 * 0.5) as u8);
        let patch = (geometry.cell as f32 * 0.7) as i32;
        for (index, &point) in self.offers.iter().enumerate() {
            let (x, y) = geometry.centre(point);
            canvas.fill(x as i32 - patch / 2, y as i32 - patch / 2, patch, patch, Ink::Wood);
            let label = (index + 1).to_string();
            text::draw_centred(canvas, style, &label, (x, y), Ink::Alert);
        }
    }
}

/// A stroke through the centres of a line's intersections, each ringed, over the stones.
fn draw_line(
    canvas: &mut Canvas,
    geometry: &Geometry,
    sprites: &GridSprites,
    line: Line,
    ink: Ink,
) {
    let (from, to) = (geometry.centre(line.from), geometry.centre(line.to));
    let thickness = (geometry.cell as f32 * 0.14).max(4.0);
    let (left, top) = (from.0.min(to.0) - thickness, from.1.min(to.1) - thickness);
    let (w, h) = ((from.0 - to.0).abs() + 2.0 * thickness, (from.1 - to.1).abs() + 2.0 * thickness);
    let stroke = crate::shape::Shape::new(w.ceil() as usize, h.ceil() as usize)
        .segment((from.0 - left, from.1 - top), (to.0 - left, to.1 - top), thickness)
        .into_mask();
    canvas.paint(&stroke, left as i32, top as i32, ink);
    let half = (sprites.win_ring.width / 2) as f32;
    for point in points_of(line) {
        let (x, y) = geometry.centre(point);
        canvas.paint(&sprites.win_ring, (x - half) as i32, (y - half) as i32, ink);
    }
}

/// A frame half a cell outside the square's outer lines, clipped to the board.
fn draw_area(canvas: &mut Canvas, geometry: &Geometry, area: OpeningArea) {
    let (cx, cy) = geometry.centre(area.centre);
    let half = (f32::from(area.reach) + 0.5) * geometry.cell as f32;
    let thickness = (geometry.cell as i32 / 12).max(3);
    // The bars are centred on the square's edge, midway between two lines.
    let (left, top) = ((cx - half) as i32 - thickness / 2, (cy - half) as i32 - thickness / 2);
    let side = (2.0 * half) as i32 + thickness;
    canvas.fill(left, top, side, thickness, Ink::WinLine);
    canvas.fill(left, top + side - thickness, side, thickness, Ink::WinLine);
    canvas.fill(left, top, thickness, side, Ink::WinLine);
    canvas.fill(left + side - thickness, top, thickness, side, Ink::WinLine);
}

/// The intersections a line runs through, end to end (just its ends if it is not straight).
pub(crate) fn points_of(line: Line) -> Vec<Point> {
    let (dx, dy) = (
        i32::from(line.to.x) - i32::from(line.from.x),
        i32::from(line.to.y) - i32::from(line.from.y),
    );
    let steps = dx.abs().max(dy.abs());
    if steps == 0 || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return vec![line.from, line.to];
    }
    (0..=steps)
        .filter_map(|i| {
            let x = i32::from(line.from.x) + dx.signum() * i;
            let y = i32::from(line.from.y) + dy.signum() * i;
            Some(Point::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?))
        })
        .collect()
}

/// Where things go on a board of a given side.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    size: u8,
    /// Pixels between neighbouring lines.
    cell: usize,
    /// Distance from the board's edge to the outermost line.
    margin: usize,
}

impl Geometry {
    fn new(size: u8) -> Result<Geometry, RenderError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(RenderError::BoardSize(size));
        }
        // About 780 px wide whatever the size: a phone shows the whole board sharp.
        let cell = (740 / usize::from(size)).min(sprites::MAX_GRID_CELL);
        Ok(Geometry { size, cell, margin: LABEL_BAND + cell / 2 + 6 })
    }

    fn side(&self) -> usize {
        2 * self.margin + (usize::from(self.size) - 1) * self.cell
    }

    fn contains(&self, point: Point) -> bool {
        point.x < self.size && point.y < self.size
    }

    /// Centre of `point` in the board area (rows count from the bottom).
    fn board_centre(&self, point: Point) -> (f32, f32) {
        let x = self.margin + usize::from(point.x) * self.cell;
        let y = self.margin + usize::from(self.size - 1 - point.y.min(self.size - 1)) * self.cell;
        (x as f32, y as f32)
    }

    /// Centre of `point` in the whole image, below the header.
    fn centre(&self, point: Point) -> (f32, f32) {
        let (x, y) = self.board_centre(point);
        (x, y + header::HEIGHT as f32)
    }
}

/// The empty board of a size and notation, drawn once.
fn background(size: u8, notation: Notation) -> &'static Canvas {
    const SIZES: usize = MAX_SIZE as usize + 1;
    static CACHE: [[OnceLock<Canvas>; SIZES]; 2] =
        [[const { OnceLock::new() }; SIZES], [const { OnceLock::new() }; SIZES]];
    let column = match notation {
        Notation::WithI => 0,
        Notation::SkipI => 1,
    };
    CACHE[column][usize::from(size)].get_or_init(|| draw_background(size, notation))
}

fn draw_background(size: u8, notation: Notation) -> Canvas {
    let Ok(geometry) = Geometry::new(size) else { return Canvas::new(0, 0, Ink::Wood) };
    let side = geometry.side();
    let mut canvas = Canvas::new(side, side, Ink::Wood);
    let (first, last) = (
        geometry.margin as i32,
        (geometry.margin + (usize::from(size) - 1) * geometry.cell) as i32,
    );
    for i in 0..i32::from(size) {
        let at = first + i * geometry.cell as i32;
        // Lines are two pixels wide, centred on the pixel boundary the stones centre on; the
        // border is drawn a pixel wider, as on a real board.
        let width = if at == first || at == last { 3 } else { 2 };
        canvas.fill(at - 1, first - 1, width, last - first + 2, Ink::GridLine);
        canvas.fill(first - 1, at - 1, last - first + 2, width, Ink::GridLine);
    }
    let star = &grid_sprites(geometry.cell).star;
    for point in star_points(size) {
        let (x, y) = geometry.board_centre(point);
        canvas.paint(
            star,
            x as i32 - (star.width / 2) as i32,
            y as i32 - (star.height / 2) as i32,
            Ink::GridLine,
        );
    }
    let band = LABEL_BAND as f32 / 2.0 + 2.0;
    for i in 0..size {
        let letter = notation.column_letter(i).to_string();
        let (x, _) = geometry.board_centre(Point::new(i, 0));
        text::draw_centred(&mut canvas, COORDINATE, &letter, (x, band), Ink::GridLine);
        text::draw_centred(
            &mut canvas,
            COORDINATE,
            &letter,
            (x, side as f32 - band),
            Ink::GridLine,
        );
        let number = (u16::from(i) + 1).to_string();
        let (_, y) = geometry.board_centre(Point::new(0, i));
        text::draw_centred(&mut canvas, COORDINATE, &number, (band, y), Ink::GridLine);
        text::draw_centred(
            &mut canvas,
            COORDINATE,
            &number,
            (side as f32 - band, y),
            Ink::GridLine,
        );
    }
    canvas
}

/// The hoshi: the 4-4 points and the centre (and the sides' middles on 19×19).
fn star_points(size: u8) -> Vec<Point> {
    let centre = size / 2;
    if size < 13 {
        return if size % 2 == 1 { vec![Point::new(centre, centre)] } else { Vec::new() };
    }
    let (near, far) = (3, size - 4);
    let mut lines = vec![near, far];
    if size >= 19 {
        lines.push(centre);
    }
    let mut points: Vec<Point> =
        lines.iter().flat_map(|&x| lines.iter().map(move |&y| Point::new(x, y))).collect();
    if size < 19 && size % 2 == 1 {
        points.push(Point::new(centre, centre));
    }
    points
}

/// The header's stones, drawn once.
#[derive(Debug)]
struct HeaderIcons {
    black: Icon,
    white: Icon,
    small_black: Icon,
    small_white: Icon,
}

fn header_icons() -> &'static HeaderIcons {
    static ICONS: OnceLock<HeaderIcons> = OnceLock::new();
    ICONS.get_or_init(|| HeaderIcons {
        black: sprites::stone_icon(Stone::Black, 32, true),
        white: sprites::stone_icon(Stone::White, 32, true),
        small_black: sprites::stone_icon(Stone::Black, 20, true),
        small_white: sprites::stone_icon(Stone::White, 20, true),
    })
}
