//! Text: the vendored DejaVu Sans fonts, loaded once, and glyph masks rasterised once per
//! font and pixel size, so that drawing a name is copying a few masks.
//!
//! A character DejaVu lacks is taken from the fallback fonts (Noto subsets: Chinese, Japanese,
//! Korean, Thai, Devanagari; see `assets/fonts/README.md`). One no font has (colour emoji,
//! rare scripts) is drawn as its code point in hex in a small frame, like "1F980" for 🦀, so
//! that two names that differ only there still look different. Characters that are invisible
//! by design (variation selectors, zero-width joiners) are not drawn.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Deref;
use std::sync::{Arc, OnceLock, PoisonError, RwLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use crate::canvas::{Canvas, Mask};
use crate::palette::Ink;

static REGULAR_TTF: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");

/// Fonts tried in turn for a character DejaVu lacks. They come in one weight: bold text
/// draws their regular glyphs widened by a pixel (see [`embolden`]).
static FALLBACK_TTFS: [&[u8]; 3] = [
    include_bytes!("../assets/fonts/NotoSansCJK-Subset.otf"),
    include_bytes!("../assets/fonts/NotoSansThai-Subset.ttf"),
    include_bytes!("../assets/fonts/NotoSansDevanagari-Subset.ttf"),
];

/// The largest text size any image uses (the big number of a card face).
const MAX_PX: usize = 128;

/// More characters than fit on the widest line of any image.
const MAX_LINE_CHARS: usize = 120;

/// Glyphs kept per font and size beyond the ones rasterised ahead of time: enough for every
/// name a busy server shows, while a flood of distinct characters cannot grow memory without
/// bound (past it, a glyph is rasterised each time it is drawn).
const MAX_CACHED_GLYPHS: usize = 4096;

/// Characters rasterised ahead of time: Latin-1 (Spanish and English names) and the few
/// signs the images use. Anything else is rasterised when first drawn, then kept.
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
    /// The glyph's id in the style's DejaVu face, for kerning; `None` for glyphs of other
    /// fonts and substitutes, as kerning pairs only exist within one font.
    kerning_id: Option<GlyphId>,
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
    /// Every other character's glyph, rasterised when first drawn.
    drawn: RwLock<HashMap<char, Arc<Glyph>>>,
    /// Height of a capital letter above the baseline, for centring text in a box.
    cap_height: f32,
}

/// A glyph of a [`GlyphSet`]: one rasterised ahead of time, or one rasterised when first drawn.
#[derive(Debug)]
enum GlyphRef<'a> {
    Ahead(&'a Glyph),
    Drawn(Arc<Glyph>),
}

impl Deref for GlyphRef<'_> {
    type Target = Glyph;

    fn deref(&self) -> &Glyph {
        match self {
            GlyphRef::Ahead(glyph) => glyph,
            GlyphRef::Drawn(glyph) => glyph,
        }
    }
}

/// Where a character's glyph comes from.
#[derive(Clone, Copy, Debug)]
enum Source {
    /// The style's DejaVu face.
    Face(GlyphId),
    /// One of the fallback fonts of [`FALLBACK_TTFS`].
    Fallback(&'static FontRef<'static>, GlyphId),
    /// No font has the character: it is drawn as its code point (see [`substitute`]).
    Substitute,
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

fn fallback_fonts() -> &'static [FontRef<'static>] {
    static FONTS: OnceLock<Vec<FontRef<'static>>> = OnceLock::new();
    FONTS.get_or_init(|| {
        // Embedded at compile time and known to parse (the tests draw from each).
        #[allow(clippy::expect_used)]
        FALLBACK_TTFS
            .iter()
            .map(|bytes| FontRef::try_from_slice(bytes).expect("embedded fallback font parses"))
            .collect()
    })
}

/// The first font that has a glyph for `c`: the style's face, then the fallbacks in turn.
fn source(face: Face, c: char) -> Source {
    let id = font(face).glyph_id(c);
    if id.0 != 0 {
        return Source::Face(id);
    }
    fallback_fonts()
        .iter()
        .find_map(|fallback| {
            let id = fallback.glyph_id(c);
            (id.0 != 0).then_some(Source::Fallback(fallback, id))
        })
        .unwrap_or(Source::Substitute)
}

/// Characters that are invisible by design: variation selectors (the emoji presentation
/// one follows many emoji), zero-width joiners and spaces, the byte order mark, tag
/// characters. Drawing them as substitutes would clutter names with noise.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{034F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2060}'..='\u{2064}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{E0000}'..='\u{E007F}'
            | '\u{E0100}'..='\u{E01EF}'
    )
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
        GlyphSet { latin, extra, drawn: RwLock::default(), cap_height }
    })
}

fn latin_chars() -> impl Iterator<Item = char> {
    (' '..='~').chain('\u{A0}'..='\u{FF}')
}

fn rasterise(style: Style, c: char) -> Glyph {
    let face = font(style.face);
    let scale = PxScale::from(f32::from(style.px));
    match source(style.face, c) {
        Source::Face(id) => Glyph { kerning_id: Some(id), ..outline(face, scale, id) },
        Source::Fallback(fallback, id) => {
            let glyph = outline(fallback, same_em(face, fallback, scale), id);
            match style.face {
                Face::Regular => glyph,
                Face::Bold => embolden(glyph),
            }
        }
        Source::Substitute => substitute(style, c),
    }
}

/// The scale that draws `other`'s em as large as `face`'s at `scale`: ab_glyph scales a
/// font by its ascent-to-descent height, which is a larger share of the em in Noto than in
/// DejaVu, so the same scale would draw the fallback glyphs too small.
fn same_em(face: &FontRef<'_>, other: &FontRef<'_>, scale: PxScale) -> PxScale {
    let em_share =
        |font: &FontRef<'_>| font.units_per_em().map_or(1.0, |em| em / font.height_unscaled());
    let factor = em_share(face) / em_share(other);
    PxScale { x: scale.x * factor, y: scale.y * factor }
}

/// A fallback glyph as bold text draws it: each row smeared a pixel to the right, which
/// thickens its vertical strokes the way DejaVu Bold's are.
fn embolden(glyph: Glyph) -> Glyph {
    let Some(mask) = &glyph.mask else { return glyph };
    let width = mask.width + 1;
    let mut coverage = vec![0u8; width * mask.height];
    for (y, row) in mask.coverage.chunks_exact(mask.width).enumerate() {
        for x in 0..width {
            let here = row.get(x).copied().unwrap_or(0);
            let left = x.checked_sub(1).and_then(|x| row.get(x)).copied().unwrap_or(0);
            coverage[y * width + x] = here.max(left);
        }
    }
    Glyph {
        advance: glyph.advance + 1.0,
        mask: Some(Mask::new(width, mask.height, coverage)),
        ..glyph
    }
}

/// The glyph `id` of `font` at `scale`, with no kerning id (the caller sets it).
fn outline(font: &FontRef<'_>, scale: PxScale, id: GlyphId) -> Glyph {
    let advance = font.as_scaled(scale).h_advance(id);
    let outlined = font.outline_glyph(id.with_scale_and_position(scale, point(0.0, 0.0)));
    let Some(outlined) = outlined else {
        return Glyph { kerning_id: None, advance, left: 0, top: 0, mask: None };
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
        kerning_id: None,
        advance,
        left: bounds.min.x as i32,
        top: bounds.min.y as i32,
        mask: Some(Mask::new(width, height, coverage)),
    }
}

/// What is drawn for a character no font has: its code point in hex (at least four digits),
/// in a small regular style inside a thin frame as tall as a capital letter and a little
/// more. A name with two different emoji shows two different codes, so players whose names
/// differ only there still tell apart, and a curious reader can look the code up.
fn substitute(style: Style, c: char) -> Glyph {
    let dejavu = font(Face::Regular);
    let px = f32::from(style.px);
    let digit_scale = PxScale::from((px * 0.55).round().max(6.0));
    let digits: Vec<Glyph> = format!("{:04X}", u32::from(c))
        .chars()
        .map(|digit| outline(dejavu, digit_scale, dejavu.glyph_id(digit)))
        .collect();
    let digits_width: f32 = digits.iter().map(|digit| digit.advance).sum();
    let digit_top = digits.iter().map(|digit| digit.top).min().unwrap_or(0);
    let cap = outline(font(style.face), PxScale::from(px), font(style.face).glyph_id('H')).top;
    let line = (px / 20.0).round().max(1.0) as usize;
    let padding = (px / 10.0).round().max(1.0) as usize;
    let width = digits_width.ceil() as usize + 2 * (padding + line);
    let height = cap.unsigned_abs() as usize + 2 * (padding + line);
    let mut coverage = vec![0u8; width * height];
    for y in 0..height {
        for x in 0..width {
            if x < line || y < line || x >= width - line || y >= height - line {
                coverage[y * width + x] = 255;
            }
        }
    }
    // Digits centred in the frame: their baseline sits as far below the centre as their
    // top is above it.
    let baseline = (height as i32 - digit_top) / 2;
    let mut pen = (padding + line) as f32;
    for digit in &digits {
        if let Some(mask) = &digit.mask {
            let left = pen.round() as i32 + digit.left;
            let top = baseline + digit.top;
            for (my, row) in mask.coverage.chunks_exact(mask.width).enumerate() {
                for (mx, &value) in row.iter().enumerate() {
                    let (x, y) = (left + mx as i32, top + my as i32);
                    if (0..width as i32).contains(&x) && (0..height as i32).contains(&y) {
                        let pixel = &mut coverage[y as usize * width + x as usize];
                        *pixel = (*pixel).max(value);
                    }
                }
            }
        }
        pen += digit.advance;
    }
    // The frame reaches as far above the capitals as below the baseline, with a gap as
    // wide as the padding on either side.
    Glyph {
        kerning_id: None,
        advance: (width + 2 * padding) as f32,
        left: padding as i32,
        top: cap - (padding + line) as i32,
        mask: Some(Mask::new(width, height, coverage)),
    }
}

impl GlyphSet {
    fn get(&self, style: Style, c: char) -> GlyphRef<'_> {
        let latin = match c {
            ' '..='~' => Some(c as usize - ' ' as usize),
            '\u{A0}'..='\u{FF}' => Some(c as usize - 0xA0 + 95),
            _ => None,
        };
        if let Some(glyph) = latin.and_then(|i| self.latin.get(i)) {
            return GlyphRef::Ahead(glyph);
        }
        if let Some((_, glyph)) = self.extra.iter().find(|(e, _)| *e == c) {
            return GlyphRef::Ahead(glyph);
        }
        // A panic while holding the lock cannot leave a half-inserted glyph: the map is
        // still good after a poisoning.
        let drawn = self.drawn.read().unwrap_or_else(PoisonError::into_inner).get(&c).cloned();
        if let Some(glyph) = drawn {
            return GlyphRef::Drawn(glyph);
        }
        let glyph = Arc::new(rasterise(style, c));
        let mut drawn = self.drawn.write().unwrap_or_else(PoisonError::into_inner);
        if drawn.len() < MAX_CACHED_GLYPHS {
            drawn.insert(c, Arc::clone(&glyph));
        }
        GlyphRef::Drawn(glyph)
    }
}

/// The pen position of each glyph of `text` and the total advance.
fn layout(style: Style, text: &str) -> (Vec<(GlyphRef<'static>, f32)>, f32) {
    let set = glyph_set(style);
    let scaled = font(style.face).as_scaled(PxScale::from(f32::from(style.px)));
    let mut pen = 0.0;
    let mut previous: Option<GlyphId> = None;
    let mut glyphs = Vec::with_capacity(text.len());
    for c in text.chars().filter(|&c| !c.is_control() && !is_invisible(c)) {
        let glyph = set.get(style, c);
        if let (Some(previous), Some(id)) = (previous, glyph.kerning_id) {
            pen += scaled.kern(previous, id);
        }
        previous = glyph.kerning_id;
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
    #[cfg(test)]
    drawn::record(style, &text);
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

/// What was written, for the tests that check every label is readable on a phone.
#[cfg(test)]
pub(crate) mod drawn {
    use std::cell::RefCell;

    use super::Style;

    thread_local! {
        static DRAWN: RefCell<Vec<(String, u8)>> = const { RefCell::new(Vec::new()) };
    }

    pub(super) fn record(style: Style, text: &str) {
        DRAWN.with(|drawn| drawn.borrow_mut().push((text.to_owned(), style.px)));
    }

    /// Every text drawn on this thread since the last call, with its pixel size.
    pub(crate) fn take() -> Vec<(String, u8)> {
        DRAWN.with(|drawn| std::mem::take(&mut *drawn.borrow_mut()))
    }
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

    /// The inked columns of `text` drawn left-aligned at x = 10 on a paper canvas.
    fn inked_columns(style: Style, text: &str) -> (Canvas, Option<(usize, usize)>) {
        let mut canvas = Canvas::new(600, 60, Ink::Paper);
        draw(&mut canvas, style, text, (10.0, 40.0), Align::Left, f32::INFINITY, Ink::Text);
        let paper = Ink::Paper.index();
        let inked = |x: usize| (0..canvas.height).any(|y| canvas.get(x, y) != paper);
        let first = (0..canvas.width).find(|&x| inked(x));
        let last = (0..canvas.width).rev().find(|&x| inked(x));
        let columns = first.zip(last);
        (canvas, columns)
    }

    #[test]
    fn chinese_japanese_korean_and_mixed_names_come_from_real_glyphs() {
        for face in [Face::Regular, Face::Bold] {
            for name in [
                "李小龙",
                "李小龍",
                "さくら",
                "サクラ",
                "김민준",
                "이똠",
                "Ana 李",
                "Ирина",
                "สมชาย",
                "अनु",
            ] {
                for c in name.chars().filter(|c| !c.is_whitespace()) {
                    let source = source(face, c);
                    assert!(!matches!(source, Source::Substitute), "{c:?} of {name:?}: no font");
                    let glyph = rasterise(Style { face, px: 24 }, c);
                    assert!(glyph.mask.is_some(), "{c:?} of {name:?} draws nothing");
                }
            }
        }
        assert!(matches!(source(Face::Regular, '李'), Source::Fallback(..)));
        assert!(matches!(source(Face::Regular, 'A'), Source::Face(_)));
    }

    #[test]
    fn fallback_glyphs_are_as_large_as_the_text_around_them() {
        let style = Style::regular(24);
        let ideograph = rasterise(style, '国');
        let height = ideograph.mask.map_or(0, |mask| mask.height) as f32;
        let cap = cap_height(style);
        assert!(height > cap && height < cap * 1.6, "国 is {height} px tall, H {cap} px");
    }

    #[test]
    fn characters_no_font_has_are_drawn_as_their_code_points() {
        let style = Style::bold(24);
        // DejaVu draws some emoji (😀) in black and white; these two it lacks.
        assert!(matches!(source(style.face, '🦀'), Source::Substitute));
        assert!(matches!(source(style.face, '🤖'), Source::Substitute));
        let crab = rasterise(style, '🦀');
        let robot = rasterise(style, '🤖');
        assert!(crab.mask.is_some());
        assert_ne!(crab.mask, robot.mask);
        // Wide enough for five digits, narrower than the spelled-out "U+1F980".
        assert!(crab.advance > width(style, "1F9") && crab.advance < width(style, "U+1F980"));
    }

    #[test]
    fn names_differing_only_in_characters_no_font_has_look_different() {
        let style = Style::bold(24);
        let (crab, _) = inked_columns(style, "Bot 🦀");
        let (robot, _) = inked_columns(style, "Bot 🤖");
        assert_ne!(crab.pixels, robot.pixels);
        // The emoji presentation selector is invisible: it changes nothing.
        let (selected, _) = inked_columns(style, "Bot 🦀\u{FE0F}");
        assert_eq!(crab.pixels, selected.pixels);
    }

    #[test]
    fn measured_width_is_the_drawn_width() {
        for style in [Style::regular(18), Style::bold(24)] {
            for name in ["Ana", "李小龙", "さくら", "김민준", "Ana 李", "Bot 🦀", "ok 🙂 李 😀"]
            {
                let (_, columns) = inked_columns(style, name);
                let (first, last) = columns.unwrap_or((0, 0));
                let measured = width(style, name);
                // The ink stays inside the measured box (a pixel of antialiasing aside) and
                // fills most of it: only the side bearings of the ends are blank.
                let (left, right) = (first as f32, last as f32 + 1.0);
                assert!(left >= 9.0, "{name:?} starts at {first}");
                assert!(right <= 10.0 + measured + 1.0, "{name:?} ends at {right}, {measured}");
                assert!(right - left >= measured * 0.8, "{name:?} inks {left}..{right}");
            }
        }
    }

    #[test]
    fn names_of_wide_characters_are_cut_to_fit() {
        let style = Style::bold(24);
        let cut = fit(style, "李小龙李小龙李小龙李小龙", 100.0);
        assert!(cut.ends_with('…'));
        assert!(width(style, &cut) <= 100.0);
        assert!(cut.starts_with("李小"));
    }

    #[test]
    fn text_marks_the_canvas_and_unknown_characters_do_not_panic() {
        let mut canvas = Canvas::new(200, 40, Ink::Paper);
        draw(&mut canvas, Style::bold(24), "Añá 漢 🙂", (5.0, 30.0), Align::Left, 190.0, Ink::Text);
        assert!(canvas.pixels.contains(&Ink::Text.index()));
    }
}
