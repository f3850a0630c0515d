//! Text: the vendored DejaVu Sans fonts, loaded once, and glyph masks rasterised once per
//! font and pixel size, so that drawing a name is copying a few masks.

use std::borrow::Cow;
use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use crate::canvas::{Canvas, Mask};
use crate::palette::Ink;

static REGULAR_TTF: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");

/// The largest text size any image uses (the big number of a card face).
const MAX_PX: usize = 128;

/// More characters than fit on the widest line of any image.
const MAX_LINE_CHARS: usize = 120;

/// Characters rasterised ahead of time: Latin-1 (Spanish and English names) and the few
/// signs the images use. Anything else is rasterised when drawn.
const EXTRA: &str = "–—‘’“”…•×−←→↑↓★";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Face {
    Regular,
    Bold,
}

/// A font face at a pixel size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    pub(crate) face: Face,
    pub(crate) px: u8,
}

impl Style {
    pub(crate) const fn regular(px: u8) -> Style {
        Style { face: Face::Regular, px }
    }

    pub(crate) const fn bold(px: u8) -> Style {
        Style { face: Face::Bold, px }
    }
}

/// Where `x` is on a line of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Centre,
    Right,
}

#[derive(Clone, Debug)]
struct Glyph {
    id: GlyphId,
    advance: f32,
    /// Offset of the mask's top-left corner from the pen on the baseline.
    left: i32,
    top: i32,
    mask: Option<Mask>,
}

#[derive(Debug)]
struct GlyphSet {
    latin: Vec<Glyph>,
    extra: Vec<(char, Glyph)>,
    /// Height of a capital letter above the baseline, for centring text in a box.
    cap_height: f32,
}

fn font(face: Face) -> &'static FontRef<'static> {
    static REGULAR: OnceLock<FontRef<'static>> = OnceLock::new();
    static BOLD: OnceLock<FontRef<'static>> = OnceLock::new();
    let (cell, bytes) = match face {
        Face::Regular => (&REGULAR, REGULAR_TTF),
        Face::Bold => (&BOLD, BOLD_TTF),
    };
    // The font files are embedded at compile time and known to parse: this cannot fail.
    #[allow(clippy::expect_used)]
    cell.get_or_init(|| FontRef::try_from_slice(bytes).expect("embedded DejaVu font parses"))
}

fn glyph_set(style: Style) -> &'static GlyphSet {
    static SETS: [[OnceLock<GlyphSet>; MAX_PX + 1]; 2] =
        [[const { OnceLock::new() }; MAX_PX + 1], [const { OnceLock::new() }; MAX_PX + 1]];
    let px = usize::from(style.px).min(MAX_PX);
    let face = match style.face {
        Face::Regular => 0,
        Face::Bold => 1,
    };
    SETS[face][px].get_or_init(|| {
        let style = Style { px: px as u8, ..style };
        let latin = latin_chars().map(|c| rasterise(style, c)).collect();
        let extra = EXTRA.chars().map(|c| (c, rasterise(style, c))).collect();
        let cap_height = rasterise(style, 'H').top.unsigned_abs() as f32;
        GlyphSet { latin, extra, cap_height }
    })
}

fn latin_chars() -> impl Iterator<Item = char> {
    (' '..='~').chain('\u{A0}'..='\u{FF}')
}

fn rasterise(style: Style, c: char) -> Glyph {
    let font = font(style.face);
    let scale = PxScale::from(f32::from(style.px));
    let scaled = font.as_scaled(scale);
    let id = font.glyph_id(c);
    let advance = scaled.h_advance(id);
    let outlined = font.outline_glyph(id.with_scale_and_position(scale, point(0.0, 0.0)));
    let Some(outlined) = outlined else {
        return Glyph { id, advance, left: 0, top: 0, mask: None };
    };
    let bounds = outlined.px_bounds();
    let (width, height) = (bounds.width() as usize, bounds.height() as usize);
    let mut coverage = vec![0u8; width * height];
    outlined.draw(|x, y, c| {
        if let Some(pixel) = coverage.get_mut(y as usize * width + x as usize) {
            *pixel = (c.min(1.0) * 255.0).round() as u8;
        }
    });
    Glyph {
        id,
        advance,
        left: bounds.min.x as i32,
        top: bounds.min.y as i32,
        mask: Some(Mask::new(width, height, coverage)),
    }
}

impl GlyphSet {
    fn get(&self, style: Style, c: char) -> Cow<'_, Glyph> {
        let latin = match c {
            ' '..='~' => Some(c as usize - ' ' as usize),
            '\u{A0}'..='\u{FF}' => Some(c as usize - 0xA0 + 95),
            _ => None,
        };
        if let Some(glyph) = latin.and_then(|i| self.latin.get(i)) {
            return Cow::Borrowed(glyph);
        }
        match self.extra.iter().find(|(e, _)| *e == c) {
            Some((_, glyph)) => Cow::Borrowed(glyph),
            None => Cow::Owned(rasterise(style, c)),
        }
    }
}

/// The pen position of each glyph of `text` and the total advance.
fn layout(style: Style, text: &str) -> (Vec<(Cow<'static, Glyph>, f32)>, f32) {
    let set = glyph_set(style);
    let scaled = font(style.face).as_scaled(PxScale::from(f32::from(style.px)));
    let mut pen = 0.0;
    let mut previous: Option<GlyphId> = None;
    let mut glyphs = Vec::with_capacity(text.len());
    for c in text.chars().filter(|c| !c.is_control()) {
        let glyph = set.get(style, c);
        if let Some(previous) = previous {
            pen += scaled.kern(previous, glyph.id);
        }
        previous = Some(glyph.id);
        let advance = glyph.advance;
        glyphs.push((glyph, pen));
        pen += advance;
    }
    (glyphs, pen)
}

/// How wide `text` is drawn in `style`, in pixels.
pub(crate) fn width(style: Style, text: &str) -> f32 {
    layout(style, text).1
}

/// The height of a capital letter: the baseline of text centred on `y` is `y + cap / 2`.
pub(crate) fn cap_height(style: Style) -> f32 {
    glyph_set(style).cap_height
}

/// `text` cut to fit `max_width`, ending with "…" when it was cut.
pub(crate) fn fit(style: Style, text: &str, max_width: f32) -> Cow<'_, str> {
    if text.chars().count() <= MAX_LINE_CHARS && width(style, text) <= max_width {
        return Cow::Borrowed(text);
    }
    // No line of any image holds more than a few dozen characters: measuring a cut-down
    // copy keeps an absurdly long name from costing time.
    let mut kept: String = text.chars().take(MAX_LINE_CHARS).collect();
    while !kept.is_empty() {
        kept.pop();
        let candidate = format!("{}…", kept.trim_end());
        if width(style, &candidate) <= max_width {
            return Cow::Owned(candidate);
        }
    }
    Cow::Borrowed("")
}

/// Draws `text` on the baseline `baseline`, anchored at `x` as `align` says, cut to
/// `max_width`; returns the drawn width.
pub(crate) fn draw(
    canvas: &mut Canvas,
    style: Style,
    text: &str,
    (x, baseline): (f32, f32),
    align: Align,
    max_width: f32,
    ink: Ink,
) -> f32 {
    let text = fit(style, text, max_width);
    let (glyphs, total) = layout(style, &text);
    let start = match align {
        Align::Left => x,
        Align::Centre => x - total / 2.0,
        Align::Right => x - total,
    };
    let baseline = baseline.round() as i32;
    for (glyph, pen) in glyphs {
        if let Some(mask) = &glyph.mask {
            let gx = (start + pen).round() as i32 + glyph.left;
            canvas.paint(mask, gx, baseline + glyph.top, ink);
        }
    }
    total
}

/// Draws `text` centred on the point `(x, y)` (capital letters and digits look centred).
pub(crate) fn draw_centred(
    canvas: &mut Canvas,
    style: Style,
    text: &str,
    (x, y): (f32, f32),
    ink: Ink,
) {
    let baseline = y + cap_height(style) / 2.0;
    draw(canvas, style, text, (x, baseline), Align::Centre, f32::INFINITY, ink);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        let style = Style::regular(20);
        let name = "Maximiliano de los Santos Fernández";
        let cut = fit(style, name, 120.0);
        assert!(cut.ends_with('…'));
        assert!(width(style, &cut) <= 120.0);
        assert_eq!(fit(style, "Ana", 120.0), "Ana");
    }

    #[test]
    fn text_marks_the_canvas_and_unknown_characters_do_not_panic() {
        let mut canvas = Canvas::new(200, 40, Ink::Paper);
        draw(&mut canvas, Style::bold(24), "Añá 漢 🙂", (5.0, 30.0), Align::Left, 190.0, Ink::Text);
        assert!(canvas.pixels.contains(&Ink::Text.index()));
    }
}
