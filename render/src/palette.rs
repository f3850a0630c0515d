//! The one palette of every image: named inks, the blends between inks that meet at an
//! anti-aliased edge, and a lookup cube that finds the nearest palette entry for any blend.
//!
//! Every image is palette-indexed (PNG colour type 3, GIF) so that encoding is fast and files
//! are small; a single shared palette also lets a GIF replay use one global colour table.

use std::sync::OnceLock;

/// The palette index no ink uses: a sprite pixel to skip, and a GIF frame's "unchanged" pixel.
pub(crate) const TRANSPARENT: u8 = 255;

/// A named colour of the theme. Its discriminant is its palette index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Ink {
    /// Light page behind the 5 en raya frame and under card indices.
    Paper,
    /// Dark text on light grounds.
    Text,
    /// The band of names above a board.
    HeaderBg,
    HeaderText,
    HeaderMuted,
    /// The header row of the player to move or the winner.
    HeaderRow,
    /// Whose turn it is, and who won.
    Amber,
    /// The flat warm board of the grid games.
    Wood,
    GridLine,
    StoneBlack,
    StoneWhite,
    WhiteRim,
    /// Last move markers, forbidden points and red cards' accents.
    Alert,
    /// The winning line on a grid board.
    WinLine,
    /// Pente's fours counted in the final score.
    ScoreLine,
    /// The 5 en raya frame; the side columns are darker and hatched.
    Frame,
    FrameSide,
    Hatch,
    DiscRed,
    DiscRedRim,
    DiscYellow,
    DiscYellowRim,
    White,
    CardRed,
    CardYellow,
    CardGreen,
    CardBlue,
    /// Cards without a colour (comodines).
    CardWild,
    CardEdge,
    CardBack,
    /// The CINCO table.
    Felt,
    FeltLight,
    FeltMuted,
}

impl Ink {
    const ALL: [Ink; 33] = [
        Ink::Paper,
        Ink::Text,
        Ink::HeaderBg,
        Ink::HeaderText,
        Ink::HeaderMuted,
        Ink::HeaderRow,
        Ink::Amber,
        Ink::Wood,
        Ink::GridLine,
        Ink::StoneBlack,
        Ink::StoneWhite,
        Ink::WhiteRim,
        Ink::Alert,
        Ink::WinLine,
        Ink::ScoreLine,
        Ink::Frame,
        Ink::FrameSide,
        Ink::Hatch,
        Ink::DiscRed,
        Ink::DiscRedRim,
        Ink::DiscYellow,
        Ink::DiscYellowRim,
        Ink::White,
        Ink::CardRed,
        Ink::CardYellow,
        Ink::CardGreen,
        Ink::CardBlue,
        Ink::CardWild,
        Ink::CardEdge,
        Ink::CardBack,
        Ink::Felt,
        Ink::FeltLight,
        Ink::FeltMuted,
    ];

    pub(crate) const fn index(self) -> u8 {
        self as u8
    }

    const fn rgb(self) -> [u8; 3] {
        match self {
            Ink::Paper => [0xF3, 0xEE, 0xE3],
            Ink::Text => [0x2B, 0x21, 0x18],
            Ink::HeaderBg => [0x33, 0x27, 0x1C],
            Ink::HeaderText => [0xF6, 0xEE, 0xDF],
            Ink::HeaderMuted => [0xBF, 0xAE, 0x98],
            Ink::HeaderRow => [0x4D, 0x3C, 0x2C],
            Ink::Amber => [0xF2, 0xB3, 0x3D],
            Ink::Wood => [0xDE, 0xB4, 0x6E],
            Ink::GridLine => [0x4A, 0x32, 0x19],
            Ink::StoneBlack => [0x1E, 0x1E, 0x1E],
            Ink::StoneWhite => [0xF8, 0xF6, 0xF1],
            Ink::WhiteRim => [0x6F, 0x66, 0x5A],
            Ink::Alert => [0xE0, 0x35, 0x2B],
            Ink::WinLine => [0x1F, 0x78, 0xE0],
            Ink::ScoreLine => [0x8E, 0x3C, 0xC8],
            Ink::Frame => [0x1F, 0x55, 0xC6],
            Ink::FrameSide => [0x12, 0x30, 0x78],
            Ink::Hatch => [0x2C, 0x4E, 0x9E],
            Ink::DiscRed => [0xD8, 0x23, 0x2F],
            Ink::DiscRedRim => [0x9A, 0x16, 0x20],
            Ink::DiscYellow => [0xF7, 0xC5, 0x2A],
            Ink::DiscYellowRim => [0xC0, 0x8E, 0x0C],
            Ink::White => [0xFF, 0xFF, 0xFF],
            Ink::CardRed => [0xD3, 0x31, 0x2E],
            Ink::CardYellow => [0xF2, 0xBE, 0x1A],
            Ink::CardGreen => [0x2F, 0x9D, 0x48],
            Ink::CardBlue => [0x1F, 0x66, 0xD1],
            Ink::CardWild => [0x23, 0x23, 0x23],
            Ink::CardEdge => [0xC9, 0xC4, 0xBA],
            Ink::CardBack => [0x3D, 0x24, 0x66],
            Ink::Felt => [0x1E, 0x5A, 0x3C],
            Ink::FeltLight => [0x2A, 0x73, 0x50],
            Ink::FeltMuted => [0xB9, 0xD3, 0xC3],
        }
    }
}

/// Pairs of inks that meet at anti-aliased edges (text on its ground, a stone on the wood…).
/// Each pair gets [`RAMP_STEPS`] in-between colours so that blended edge pixels find a close
/// palette entry; pairs not listed still blend, to the nearest entry the palette has.
const RAMPS: [(Ink, Ink); 52] = [
    (Ink::Wood, Ink::GridLine),
    (Ink::Wood, Ink::StoneBlack),
    (Ink::Wood, Ink::WhiteRim),
    (Ink::WhiteRim, Ink::StoneWhite),
    (Ink::Wood, Ink::WinLine),
    (Ink::Wood, Ink::Alert),
    (Ink::StoneBlack, Ink::Alert),
    (Ink::StoneWhite, Ink::Alert),
    (Ink::StoneBlack, Ink::StoneWhite),
    (Ink::WinLine, Ink::StoneWhite),
    (Ink::Wood, Ink::ScoreLine),
    (Ink::ScoreLine, Ink::StoneWhite),
    (Ink::ScoreLine, Ink::StoneBlack),
    (Ink::HeaderBg, Ink::HeaderText),
    (Ink::HeaderBg, Ink::HeaderMuted),
    (Ink::HeaderBg, Ink::Amber),
    (Ink::HeaderBg, Ink::StoneWhite),
    (Ink::HeaderBg, Ink::DiscRed),
    (Ink::HeaderBg, Ink::DiscYellow),
    (Ink::HeaderRow, Ink::HeaderText),
    (Ink::HeaderRow, Ink::Amber),
    (Ink::HeaderRow, Ink::StoneWhite),
    (Ink::HeaderRow, Ink::HeaderMuted),
    (Ink::WinLine, Ink::StoneBlack),
    (Ink::Amber, Ink::Text),
    (Ink::Paper, Ink::Text),
    (Ink::Frame, Ink::Paper),
    (Ink::FrameSide, Ink::Hatch),
    (Ink::Frame, Ink::DiscRedRim),
    (Ink::Frame, Ink::DiscYellowRim),
    (Ink::FrameSide, Ink::DiscRedRim),
    (Ink::FrameSide, Ink::DiscYellowRim),
    (Ink::DiscRedRim, Ink::DiscRed),
    (Ink::DiscYellowRim, Ink::DiscYellow),
    (Ink::DiscRed, Ink::White),
    (Ink::DiscYellow, Ink::White),
    (Ink::White, Ink::Text),
    (Ink::White, Ink::CardRed),
    (Ink::White, Ink::CardYellow),
    (Ink::White, Ink::CardGreen),
    (Ink::White, Ink::CardBlue),
    (Ink::White, Ink::CardWild),
    (Ink::White, Ink::CardEdge),
    (Ink::CardYellow, Ink::Text),
    (Ink::Felt, Ink::CardEdge),
    (Ink::Felt, Ink::White),
    (Ink::Felt, Ink::FeltMuted),
    (Ink::Felt, Ink::FeltLight),
    (Ink::FeltLight, Ink::White),
    (Ink::FeltLight, Ink::Amber),
    (Ink::CardBack, Ink::Amber),
    (Ink::CardBack, Ink::White),
];

const RAMP_STEPS: usize = 4;

/// Bits kept per channel when looking a blend up in the cube: 32 levels per channel is
/// finer than the gaps between palette entries, and the cube stays at 32 KiB.
const CUBE_BITS: u32 = 5;

/// The shared palette: colours in index order and the nearest-entry cube.
#[derive(Debug)]
pub(crate) struct Palette {
    colours: Vec<[u8; 3]>,
    cube: Vec<u8>,
}

/// The palette, built on first use.
pub(crate) fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(Palette::build)
}

impl Palette {
    fn build() -> Palette {
        let mut colours: Vec<[u8; 3]> = Ink::ALL.iter().map(|ink| ink.rgb()).collect();
        for (from, to) in RAMPS {
            for step in 1..=RAMP_STEPS {
                let weight = (step * 255 / (RAMP_STEPS + 1)) as u8;
                colours.push(lerp(from.rgb(), to.rgb(), weight));
            }
        }
        let levels = 1usize << CUBE_BITS;
        let mut cube = Vec::with_capacity(levels * levels * levels);
        let centre = |level: usize| ((level << (8 - CUBE_BITS)) + (1 << (7 - CUBE_BITS))) as i32;
        for r in 0..levels {
            for g in 0..levels {
                for b in 0..levels {
                    cube.push(nearest(&colours, [centre(r), centre(g), centre(b)]));
                }
            }
        }
        Palette { colours, cube }
    }

    /// `r, g, b` triples in index order, as PNG's PLTE chunk and GIF's colour table want them.
    pub(crate) fn rgb_bytes(&self) -> Vec<u8> {
        self.colours.iter().flatten().copied().collect()
    }

    /// The colour of palette entry `index` (black for an index the palette does not have).
    pub(crate) fn rgb(&self, index: u8) -> [u8; 3] {
        self.colours.get(usize::from(index)).copied().unwrap_or([0, 0, 0])
    }

    /// The palette entry closest to `ink` laid over `under` with `coverage` (0–255).
    pub(crate) fn blend(&self, under: u8, ink: u8, coverage: u8) -> u8 {
        match coverage {
            0 => under,
            255 => ink,
            _ => self.nearest(lerp(self.rgb(under), self.rgb(ink), coverage)),
        }
    }

    /// The palette entry closest to `rgb`, from the cube.
    pub(crate) fn nearest(&self, rgb: [u8; 3]) -> u8 {
        let shift = 8 - CUBE_BITS;
        let [r, g, b] = rgb.map(|c| usize::from(c >> shift));
        self.cube[(r << (2 * CUBE_BITS)) | (g << CUBE_BITS) | b]
    }
}

fn lerp(from: [u8; 3], to: [u8; 3], weight: u8) -> [u8; 3] {
    let w = u32::from(weight);
    let mix = |a: u8, b: u8| ((u32::from(a) * (255 - w) + u32::from(b) * w + 127) / 255) as u8;
    [mix(from[0], to[0]), mix(from[1], to[1]), mix(from[2], to[2])]
}

fn nearest(colours: &[[u8; 3]], target: [i32; 3]) -> u8 {
    let mut best = (i32::MAX, 0u8);
    for (index, colour) in colours.iter().enumerate() {
        // Weighted like the eye: green differences matter most, blue least.
        let [dr, dg, db] = [0, 1, 2].map(|c| i32::from(colour[c]) - target[c]);
        let distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
        if distance < best.0 {
            best = (distance, index as u8);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inks_sit_at_their_own_index_and_transparent_is_free() {
        for (position, ink) in Ink::ALL.iter().enumerate() {
            assert_eq!(usize::from(ink.index()), position);
        }
        assert!(palette().rgb_bytes().len() / 3 <= usize::from(TRANSPARENT));
    }

    #[test]
    fn an_ink_finds_itself_or_a_twin_in_the_cube() {
        let palette = palette();
        for ink in Ink::ALL {
            let found = palette.rgb(palette.nearest(ink.rgb()));
            let off = (0..3).map(|c| found[c].abs_diff(ink.rgb()[c])).max();
            assert!(off <= Some(12), "{ink:?} found as {found:?}");
        }
    }

    #[test]
    fn a_half_blend_lands_between_its_inks() {
        let palette = palette();
        let mid = palette.blend(Ink::Wood.index(), Ink::StoneBlack.index(), 128);
        let [r, _, _] = palette.rgb(mid);
        assert!(r > Ink::StoneBlack.rgb()[0] && r < Ink::Wood.rgb()[0]);
    }
}
