//! The pieces of the boards, drawn once per size on first use: stones, discs, markers.
//! Every board image afterwards is copies of these.

use std::sync::OnceLock;

use engine::Stone;

use crate::canvas::{Icon, Mask, Sprite};
use crate::connect::Disc;
use crate::palette::Ink;
use crate::shape::Shape;

/// The largest grid cell (small boards) and 5 en raya cell, in pixels.
pub(crate) const MAX_GRID_CELL: usize = 64;
pub(crate) const MAX_CONNECT_CELL: usize = 100;

/// A stone `diameter` pixels wide; a black stone gets a faint rim when it sits on a dark
/// ground (the header), where black on brown would vanish.
pub(crate) fn stone_icon(stone: Stone, diameter: usize, dark_ground: bool) -> Icon {
    let d = diameter as f32;
    let (c, r) = (d / 2.0, d / 2.0 - 0.5);
    let body = Shape::new(diameter, diameter).circle(c, c, r).into_mask();
    let rim_width = (d * 0.05).max(1.2);
    let rim = Shape::new(diameter, diameter).ring(c, c, r, rim_width).into_mask();
    match stone {
        Stone::Black if dark_ground => Icon {
            layers: vec![(rim, Ink::HeaderMuted), (inset(&body, c, r - 1.5), Ink::StoneBlack)],
        },
        Stone::Black => Icon { layers: vec![(body, Ink::StoneBlack)] },
        Stone::White => Icon { layers: vec![(body, Ink::StoneWhite), (rim, Ink::WhiteRim)] },
    }
}

fn inset(like: &Mask, c: f32, r: f32) -> Mask {
    Shape::new(like.width, like.height).circle(c, c, r).into_mask()
}

/// A 5 en raya disc `diameter` pixels wide, with a darker rim.
pub(crate) fn disc_icon(disc: Disc, diameter: usize) -> Icon {
    let d = diameter as f32;
    let (c, r) = (d / 2.0, d / 2.0 - 0.5);
    let (fill, rim) = match disc {
        Disc::Red => (Ink::DiscRed, Ink::DiscRedRim),
        Disc::Yellow => (Ink::DiscYellow, Ink::DiscYellowRim),
    };
    let body = Shape::new(diameter, diameter).circle(c, c, r).into_mask();
    let edge = Shape::new(diameter, diameter).ring(c, c, r, (d * 0.07).max(1.5)).into_mask();
    Icon { layers: vec![(body, fill), (edge, rim)] }
}

/// A round dot `diameter` pixels wide.
pub(crate) fn dot(diameter: usize) -> Mask {
    let c = diameter as f32 / 2.0;
    Shape::new(diameter, diameter).circle(c, c, c - 0.5).into_mask()
}

/// A ring `diameter` pixels wide.
pub(crate) fn ring(diameter: usize, thickness: f32) -> Mask {
    let c = diameter as f32 / 2.0;
    Shape::new(diameter, diameter).ring(c, c, c - 0.5, thickness).into_mask()
}

/// An × of two strokes in a `size`-pixel square.
pub(crate) fn cross(size: usize, thickness: f32) -> Mask {
    let s = size as f32;
    let m = thickness / 2.0 + 0.5;
    Shape::new(size, size)
        .segment((m, m), (s - m, s - m), thickness)
        .segment((s - m, m), (m, s - m), thickness)
        .into_mask()
}

/// A triangle pointing up (`up`) or right, filling a `width`×`height` box.
pub(crate) fn triangle(width: usize, height: usize, up: bool) -> Mask {
    let (w, h) = (width as f32, height as f32);
    let corners = if up {
        [(w / 2.0, 0.5), (w - 0.5, h - 0.5), (0.5, h - 0.5)]
    } else {
        [(0.5, 0.5), (w - 0.5, h / 2.0), (0.5, h - 0.5)]
    };
    Shape::new(width, height).polygon(&corners).into_mask()
}

/// A five-pointed star in a `size`-pixel square.
pub(crate) fn star(size: usize) -> Mask {
    let c = size as f32 / 2.0;
    let corners: Vec<(f32, f32)> = (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { c - 0.5 } else { c * 0.42 };
            let angle = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
            (c + r * angle.cos(), c + 0.6 + r * angle.sin())
        })
        .collect();
    Shape::new(size, size).polygon(&corners).into_mask()
}

/// The pieces of a grid board whose intersections are `cell` pixels apart.
#[derive(Debug)]
pub(crate) struct GridSprites {
    pub(crate) black: Sprite,
    pub(crate) white: Sprite,
    pub(crate) star: Mask,
    pub(crate) last_move: Mask,
    pub(crate) win_ring: Mask,
    pub(crate) forbidden: Mask,
}

pub(crate) fn grid_sprites(cell: usize) -> &'static GridSprites {
    static CACHE: [OnceLock<GridSprites>; MAX_GRID_CELL + 1] =
        [const { OnceLock::new() }; MAX_GRID_CELL + 1];
    let cell = cell.min(MAX_GRID_CELL);
    CACHE[cell].get_or_init(|| {
        let half = cell / 2;
        let diameter = (cell as f32 * 0.94).round() as usize;
        // Centre the stone in an even-sided sprite so it sits on the intersection exactly.
        let pad = |icon: Icon| Icon {
            layers: icon
                .layers
                .into_iter()
                .map(|(mask, ink)| (centred(&mask, 2 * half), ink))
                .collect(),
        };
        GridSprites {
            black: pad(stone_icon(Stone::Black, diameter, false)).sprite(Ink::Wood),
            white: pad(stone_icon(Stone::White, diameter, false)).sprite(Ink::Wood),
            star: dot((cell as f32 * 0.26).round().max(7.0) as usize),
            last_move: dot((cell as f32 * 0.3).round() as usize),
            win_ring: ring(2 * half, (cell as f32 * 0.1).max(3.0)),
            forbidden: cross((cell as f32 * 0.56).round() as usize, (cell as f32 * 0.09).max(3.0)),
        }
    })
}

/// `mask` in the middle of a `side`-pixel square.
fn centred(mask: &Mask, side: usize) -> Mask {
    let mut coverage = vec![0u8; side * side];
    let ox = side.saturating_sub(mask.width) / 2;
    let oy = side.saturating_sub(mask.height) / 2;
    for y in 0..mask.height.min(side) {
        for x in 0..mask.width.min(side) {
            coverage[(y + oy) * side + x + ox] = mask.coverage[y * mask.width + x];
        }
    }
    Mask::new(side, side, coverage)
}

/// The pieces of a 5 en raya frame whose cells are `cell` pixels wide.
#[derive(Debug)]
pub(crate) struct ConnectSprites {
    /// A cell of the frame, in the playable area and in a side column, holding nothing,
    /// a red disc or a yellow disc.
    pub(crate) playable: [Sprite; 3],
    pub(crate) side: [Sprite; 3],
    pub(crate) last_move: Icon,
    pub(crate) win_ring: Mask,
    pub(crate) pop_marker: [Icon; 2],
}

pub(crate) fn connect_sprites(cell: usize) -> &'static ConnectSprites {
    static CACHE: [OnceLock<ConnectSprites>; MAX_CONNECT_CELL + 1] =
        [const { OnceLock::new() }; MAX_CONNECT_CELL + 1];
    let cell = cell.min(MAX_CONNECT_CELL);
    CACHE[cell].get_or_init(|| {
        let diameter = (cell as f32 * 0.8).round() as usize;
        let hole = centred(&dot(diameter + 2), cell);
        let in_cell = |disc: Disc| -> Icon {
            Icon {
                layers: disc_icon(disc, diameter)
                    .layers
                    .into_iter()
                    .map(|(mask, ink)| (centred(&mask, cell), ink))
                    .collect(),
            }
        };
        let hatch = hatch(cell);
        let cells = |ground: Ink| -> [Sprite; 3] {
            let mut empty = vec![(hole.clone(), Ink::Paper)];
            if ground == Ink::FrameSide {
                empty.insert(0, (hatch.clone(), Ink::Hatch));
            }
            let holding = |disc: Disc| {
                let mut layers = empty.clone();
                layers.extend(in_cell(disc).layers);
                Icon { layers }.sprite(ground)
            };
            [
                Icon { layers: empty.clone() }.sprite(ground),
                holding(Disc::Red),
                holding(Disc::Yellow),
            ]
        };
        let marker = (cell as f32 * 0.26).round() as usize;
        let marker_edge = ring(marker, 2.5);
        let pop = |disc: Disc| {
            let (fill, rim) = match disc {
                Disc::Red => (Ink::DiscRed, Ink::DiscRedRim),
                Disc::Yellow => (Ink::DiscYellow, Ink::DiscYellowRim),
            };
            let (w, h) = (cell * 2 / 5, cell / 4);
            let outline = triangle(w, h, true);
            let inner = Shape::new(w, h)
                .polygon(&[
                    (w as f32 / 2.0, 4.5),
                    (w as f32 - 4.5, h as f32 - 2.5),
                    (4.5, h as f32 - 2.5),
                ])
                .into_mask();
            Icon { layers: vec![(outline, rim), (inner, fill)] }
        };
        ConnectSprites {
            playable: cells(Ink::Frame),
            side: cells(Ink::FrameSide),
            last_move: Icon { layers: vec![(dot(marker), Ink::White), (marker_edge, Ink::Text)] },
            win_ring: ring(diameter + 4, (cell as f32 * 0.07).max(3.0)),
            pop_marker: [pop(Disc::Red), pop(Disc::Yellow)],
        }
    })
}

/// Diagonal hatching that tiles seamlessly over `cell`-pixel squares: the stripes' spacing
/// divides the cell, so side columns read as one hatched strip, not as playable cells.
fn hatch(cell: usize) -> Mask {
    let stripes = (cell / 12).max(1);
    let spacing = cell as f32 / stripes as f32;
    let c = cell as f32;
    let mut shape = Shape::new(cell, cell);
    for k in 0..=2 * stripes {
        let x = k as f32 * spacing;
        shape = shape.segment((x, -2.0), (x - c - 4.0, c + 2.0), 3.0);
    }
    shape.into_mask()
}
