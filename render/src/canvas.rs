//! The palette-indexed pixel buffer every image is composed in, and the two kinds of
//! pre-drawn pieces copied into it: coverage masks (painted in any ink) and sprites
//! (pre-blended pixels, copied as they are).

use crate::palette::{Ink, TRANSPARENT, palette};

/// One byte per pixel, each a palette index; rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) pixels: Vec<u8>,
}

/// How much of each pixel a shape covers (0–255), with the rows' covered spans kept so that
/// painting skips the empty corners of round shapes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mask {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) coverage: Vec<u8>,
    spans: Vec<(usize, usize)>,
}

/// Pixels already blended over a known ground, with [`TRANSPARENT`] where the ground shows:
/// a stone on the wood, a disc in its cell. Copying one is a byte copy per pixel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sprite {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pixels: Vec<u8>,
    spans: Vec<(usize, usize)>,
}

/// A piece painted as masks in inks, bottom layer first, so that it blends with whatever
/// ground it lands on (header icons, which sit on rows of changing colour).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Icon {
    pub(crate) layers: Vec<(Mask, Ink)>,
}

impl Icon {
    pub(crate) fn width(&self) -> usize {
        self.layers.iter().map(|(mask, _)| mask.width).max().unwrap_or(0)
    }

    /// A pre-blended sprite of this icon over `ground`.
    pub(crate) fn sprite(&self, ground: Ink) -> Sprite {
        let layers: Vec<(&Mask, Ink)> =
            self.layers.iter().map(|(mask, ink)| (mask, *ink)).collect();
        Sprite::compose(ground, &layers)
    }
}

impl Mask {
    pub(crate) fn new(width: usize, height: usize, coverage: Vec<u8>) -> Mask {
        let spans = spans_of(width, height, |i| coverage[i] != 0);
        Mask { width, height, coverage, spans }
    }
}

/// For each row, the first and one-past-last column where `kept` holds (an empty span when
/// it never does).
fn spans_of(width: usize, height: usize, kept: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    (0..height)
        .map(|y| {
            let row = y * width;
            let first = (0..width).find(|&x| kept(row + x));
            match first {
                Some(first) => {
                    let last = (first..width).rev().find(|&x| kept(row + x)).unwrap_or(first);
                    (first, last + 1)
                }
                None => (0, 0),
            }
        })
        .collect()
}

impl Sprite {
    /// Paints `layers` (mask and ink, bottom first) over `ground` and keeps the covered pixels.
    pub(crate) fn compose(ground: Ink, layers: &[(&Mask, Ink)]) -> Sprite {
        let width = layers.iter().map(|(mask, _)| mask.width).max().unwrap_or(0);
        let height = layers.iter().map(|(mask, _)| mask.height).max().unwrap_or(0);
        let mut scratch = Canvas::new(width, height, ground);
        let mut covered = vec![false; width * height];
        for (mask, ink) in layers {
            scratch.paint(mask, 0, 0, *ink);
            for y in 0..mask.height {
                for x in 0..mask.width {
                    if mask.coverage[y * mask.width + x] != 0 {
                        covered[y * width + x] = true;
                    }
                }
            }
        }
        let pixels: Vec<u8> = scratch
            .pixels
            .iter()
            .zip(&covered)
            .map(|(&pixel, &covered)| if covered { pixel } else { TRANSPARENT })
            .collect();
        let spans = spans_of(width, height, |i| pixels[i] != TRANSPARENT);
        Sprite { width, height, pixels, spans }
    }
}

impl Canvas {
    pub(crate) fn new(width: usize, height: usize, ground: Ink) -> Canvas {
        Canvas { width, height, pixels: vec![ground.index(); width * height] }
    }

    #[cfg(test)]
    pub(crate) fn get(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }

    /// Fills the part of the rectangle that lies on the canvas.
    pub(crate) fn fill(&mut self, x: i32, y: i32, width: i32, height: i32, ink: Ink) {
        let (x0, x1) = clip(x, width, self.width);
        let (y0, y1) = clip(y, height, self.height);
        for row in y0..y1 {
            self.pixels[row * self.width + x0..row * self.width + x1].fill(ink.index());
        }
    }

    /// Paints `ink` through `mask` with its top-left corner at `(x, y)`, blending partly
    /// covered pixels; what falls off the canvas is clipped.
    pub(crate) fn paint(&mut self, mask: &Mask, x: i32, y: i32, ink: Ink) {
        let palette = palette();
        let ink = ink.index();
        for (my, &(from, to)) in mask.spans.iter().enumerate() {
            let Some(cy) = offset(y, my, self.height) else { continue };
            for mx in from..to {
                let Some(cx) = offset(x, mx, self.width) else { continue };
                let coverage = mask.coverage[my * mask.width + mx];
                let pixel = &mut self.pixels[cy * self.width + cx];
                *pixel = palette.blend(*pixel, ink, coverage);
            }
        }
    }

    /// Paints every layer of `icon` with its top-left corner at `(x, y)`.
    pub(crate) fn draw_icon(&mut self, icon: &Icon, x: i32, y: i32) {
        for (mask, ink) in &icon.layers {
            self.paint(mask, x, y, *ink);
        }
    }

    /// Copies the sprite's covered pixels with its top-left corner at `(x, y)`, clipped.
    pub(crate) fn blit(&mut self, sprite: &Sprite, x: i32, y: i32) {
        for (sy, &(from, to)) in sprite.spans.iter().enumerate() {
            let Some(cy) = offset(y, sy, self.height) else { continue };
            for sx in from..to {
                let Some(cx) = offset(x, sx, self.width) else { continue };
                let pixel = sprite.pixels[sy * sprite.width + sx];
                if pixel != TRANSPARENT {
                    self.pixels[cy * self.width + cx] = pixel;
                }
            }
        }
    }

    /// Copies all of `other` with its top-left corner at `(x, y)`, clipped.
    pub(crate) fn copy_from(&mut self, other: &Canvas, x: usize, y: usize) {
        let width = other.width.min(self.width.saturating_sub(x));
        for row in 0..other.height.min(self.height.saturating_sub(y)) {
            let to = (y + row) * self.width + x;
            let from = row * other.width;
            self.pixels[to..to + width].copy_from_slice(&other.pixels[from..from + width]);
        }
    }
}

/// The canvas coordinate of piece pixel `i` placed at `origin`, if it lands on the canvas.
fn offset(origin: i32, i: usize, limit: usize) -> Option<usize> {
    let at = i64::from(origin) + i64::try_from(i).ok()?;
    usize::try_from(at).ok().filter(|&at| at < limit)
}

/// The part of `[start, start + len)` inside `[0, limit)`.
fn clip(start: i32, len: i32, limit: usize) -> (usize, usize) {
    let clamp = |v: i64| usize::try_from(v.clamp(0, limit as i64)).unwrap_or(0);
    let start = i64::from(start);
    (clamp(start), clamp(start + i64::from(len.max(0))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn painting_off_the_canvas_is_clipped_not_a_panic() {
        let mut canvas = Canvas::new(4, 4, Ink::Wood);
        let mask = Mask::new(3, 3, vec![255; 9]);
        canvas.paint(&mask, -1, 3, Ink::StoneBlack);
        canvas.paint(&mask, 100, -100, Ink::StoneBlack);
        canvas.fill(-5, -5, 6, 100, Ink::Alert);
        assert_eq!(canvas.get(0, 3), Ink::Alert.index());
        assert_eq!(canvas.get(1, 3), Ink::StoneBlack.index());
        assert_eq!(canvas.get(2, 2), Ink::Wood.index());
    }

    #[test]
    fn a_sprite_keeps_the_ground_out() {
        let mask = Mask::new(2, 1, vec![255, 0]);
        let sprite = Sprite::compose(Ink::Wood, &[(&mask, Ink::StoneWhite)]);
        let mut canvas = Canvas::new(2, 1, Ink::Frame);
        canvas.blit(&sprite, 0, 0);
        assert_eq!(canvas.pixels, vec![Ink::StoneWhite.index(), Ink::Frame.index()]);
    }
}
