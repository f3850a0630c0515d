//! Anti-aliased shapes (discs, rings, polygons, thick segments, rounded rectangles) drawn
//! once into coverage masks, with the same scanline rasterizer that draws the font's glyphs.
//!
//! Outlines add up by winding: a clockwise outline covers, a counter-clockwise one inside it
//! cuts a hole, so a ring is an outer circle and a reversed inner one.

use ab_glyph_rasterizer::{Rasterizer, point};

use crate::canvas::Mask;

/// Cubic Bézier handle length that makes four arcs a near-perfect circle.
const KAPPA: f32 = 0.552_284_8;

/// A mask being drawn.
#[derive(Debug)]
pub(crate) struct Shape {
    width: usize,
    height: usize,
    raster: Rasterizer,
}

impl Shape {
    pub(crate) fn new(width: usize, height: usize) -> Shape {
        Shape { width, height, raster: Rasterizer::new(width, height) }
    }

    /// A filled circle (clockwise on screen).
    pub(crate) fn circle(mut self, cx: f32, cy: f32, r: f32) -> Shape {
        self.arc_loop(cx, cy, r, 1.0);
        self
    }

    /// A round hole cut out of what was drawn before.
    pub(crate) fn hole(mut self, cx: f32, cy: f32, r: f32) -> Shape {
        self.arc_loop(cx, cy, r, -1.0);
        self
    }

    /// A ring of width `thickness` whose outer edge has radius `r`.
    pub(crate) fn ring(self, cx: f32, cy: f32, r: f32, thickness: f32) -> Shape {
        self.circle(cx, cy, r).hole(cx, cy, (r - thickness).max(0.0))
    }

    fn arc_loop(&mut self, cx: f32, cy: f32, r: f32, turn: f32) {
        let k = r * KAPPA;
        // Four quarter arcs: right, bottom, left, top (reversed for a hole).
        let quarter = [
            (point(cx + r, cy), point(cx + r, cy + k * turn), point(cx + k, cy + r * turn)),
            (point(cx, cy + r * turn), point(cx - k, cy + r * turn), point(cx - r, cy + k * turn)),
            (point(cx - r, cy), point(cx - r, cy - k * turn), point(cx - k, cy - r * turn)),
            (point(cx, cy - r * turn), point(cx + k, cy - r * turn), point(cx + r, cy - k * turn)),
        ];
        for (i, &(start, c1, c2)) in quarter.iter().enumerate() {
            let end = quarter[(i + 1) % 4].0;
            self.raster.draw_cubic(start, c1, c2, end);
        }
    }

    /// A filled polygon through `corners` (closed automatically), clipped to the mask: the
    /// rasterizer must never be handed a point left of or above the mask.
    pub(crate) fn polygon(mut self, corners: &[(f32, f32)]) -> Shape {
        let (w, h) = (self.width as f32, self.height as f32);
        let mut points: Vec<(f32, f32)> = corners.to_vec();
        // Sutherland–Hodgman: how far inside the left, right, top and bottom edges a point is.
        let inside = |edge: usize, (x, y): (f32, f32)| match edge {
            0 => x,
            1 => w - x,
            2 => y,
            _ => h - y,
        };
        for edge in 0..4 {
            let mut kept = Vec::with_capacity(points.len() + 4);
            for (i, &a) in points.iter().enumerate() {
                let b = points[(i + 1) % points.len()];
                let (da, db) = (inside(edge, a), inside(edge, b));
                if da >= 0.0 {
                    kept.push(a);
                }
                if (da >= 0.0) != (db >= 0.0) {
                    let t = da / (da - db);
                    kept.push((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
                }
            }
            points = kept;
            if points.is_empty() {
                return self;
            }
        }
        // Coverage adds up by winding, so a polygon wound the other way would cancel what it
        // overlaps (a seam where a slash meets its ring): wind every polygon like a circle.
        let twice_area: f32 = (0..points.len())
            .map(|i| {
                let ((x0, y0), (x1, y1)) = (points[i], points[(i + 1) % points.len()]);
                x0 * y1 - x1 * y0
            })
            .sum();
        if twice_area < 0.0 {
            points.reverse();
        }
        for (i, &(x, y)) in points.iter().enumerate() {
            let (nx, ny) = points[(i + 1) % points.len()];
            self.raster.draw_line(point(x, y), point(nx, ny));
        }
        self
    }

    /// A straight stroke of width `thickness` from one point to another, with square ends.
    pub(crate) fn segment(self, from: (f32, f32), to: (f32, f32), thickness: f32) -> Shape {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
        let (nx, ny) = (-dy / length * thickness / 2.0, dx / length * thickness / 2.0);
        self.polygon(&[
            (from.0 + nx, from.1 + ny),
            (to.0 + nx, to.1 + ny),
            (to.0 - nx, to.1 - ny),
            (from.0 - nx, from.1 - ny),
        ])
    }

    /// A rectangle with rounded corners of radius `r`.
    pub(crate) fn rounded_rect(mut self, x: f32, y: f32, w: f32, h: f32, r: f32) -> Shape {
        let r = r.min(w / 2.0).min(h / 2.0);
        let k = r * (1.0 - KAPPA);
        let (x1, y1) = (x + w, y + h);
        let raster = &mut self.raster;
        raster.draw_line(point(x + r, y), point(x1 - r, y));
        raster.draw_cubic(point(x1 - r, y), point(x1 - k, y), point(x1, y + k), point(x1, y + r));
        raster.draw_line(point(x1, y + r), point(x1, y1 - r));
        raster.draw_cubic(
            point(x1, y1 - r),
            point(x1, y1 - k),
            point(x1 - k, y1),
            point(x1 - r, y1),
        );
        raster.draw_line(point(x1 - r, y1), point(x + r, y1));
        raster.draw_cubic(point(x + r, y1), point(x + k, y1), point(x, y1 - k), point(x, y1 - r));
        raster.draw_line(point(x, y1 - r), point(x, y + r));
        raster.draw_cubic(point(x, y + r), point(x, y + k), point(x + k, y), point(x + r, y));
        self
    }

    /// An arc of a ring from angle `start` to `end` (radians, clockwise on screen from the
    /// right), `thickness` wide inside radius `r`: the shafts of the turn arrows.
    pub(crate) fn arc(
        self,
        centre: (f32, f32),
        r: f32,
        thickness: f32,
        start: f32,
        end: f32,
    ) -> Shape {
        const STEPS: usize = 24;
        let inner = r - thickness;
        let angle = |i: usize| start + (end - start) * i as f32 / STEPS as f32;
        let outer_edge =
            (0..=STEPS).map(|i| (centre.0 + r * angle(i).cos(), centre.1 + r * angle(i).sin()));
        let inner_edge = (0..=STEPS)
            .rev()
            .map(|i| (centre.0 + inner * angle(i).cos(), centre.1 + inner * angle(i).sin()));
        let corners: Vec<(f32, f32)> = outer_edge.chain(inner_edge).collect();
        self.polygon(&corners)
    }

    pub(crate) fn into_mask(self) -> Mask {
        let mut coverage = vec![0u8; self.width * self.height];
        self.raster.for_each_pixel(|i, alpha| {
            coverage[i] = (alpha.min(1.0) * 255.0).round() as u8;
        });
        Mask::new(self.width, self.height, coverage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_circle_covers_its_centre_not_its_corners() {
        let mask = Shape::new(20, 20).circle(10.0, 10.0, 8.0).into_mask();
        assert_eq!(mask.coverage[10 * 20 + 10], 255);
        assert_eq!(mask.coverage[0], 0);
    }

    #[test]
    fn a_ring_is_hollow() {
        let mask = Shape::new(20, 20).ring(10.0, 10.0, 9.0, 2.0).into_mask();
        assert_eq!(mask.coverage[10 * 20 + 10], 0);
        assert_eq!(mask.coverage[10 * 20 + 2], 255);
    }
}

#[cfg(test)]
mod clipping_tests {
    use super::*;

    #[test]
    fn shapes_reaching_past_the_mask_are_clipped() {
        let mask = Shape::new(10, 10).segment((-20.0, -5.0), (30.0, 15.0), 4.0).into_mask();
        assert!(mask.coverage.contains(&255));
        let gone =
            Shape::new(10, 10).polygon(&[(-9.0, -9.0), (-1.0, -9.0), (-1.0, -1.0)]).into_mask();
        assert!(gone.coverage.iter().all(|&c| c == 0));
    }
}
