//! CINCO card faces, the back of a card, and a player's hand.
//!
//! A face is the card's colour inside a white border, its number or symbol, and for the
//! special cards of the game their Spanish name, which is part of the card's design (the
//! printed cards carry it). A coloured card also carries its colour's shape (red ▲,
//! yellow ●, green ■, blue ◆), so that players who cannot tell red from green still can.
//! The shapes of every size are drawn once.

use std::sync::OnceLock;

use crate::RenderError;
use crate::canvas::{Canvas, Mask};
use crate::palette::Ink;
use crate::png_encoding;
use crate::shape::Shape;
use crate::text::{self, Style};

/// The four colours of the deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardColour {
    Red,
    Yellow,
    Green,
    Blue,
}

/// What a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardKind {
    /// A numeric card (the 5s are auctioned).
    Number(u8),
    /// Comodín numérico: a number whose colour the player chooses.
    NumberWild(u8),
    /// Comodín número 5: an auction in which every bid counts double.
    FiveWild,
    /// Reversa: the direction of play turns round.
    Reverse,
    /// Saltar: the next player loses their turn.
    Skip,
    /// Puntaje: +2 to one's own bid or −1 to another's.
    Score,
    /// Embargo: take a 5 from another player.
    Embargo,
    /// Protección: one's 5s cannot be embargoed.
    Protection,
    /// Cambio: discard the hand and draw 7.
    Swap,
}

/// What the next card must match, shown on the discard pile when its top card does not say
/// it (a black card: a comodín numérico's chosen colour, the colour still in play under a
/// Cambio, or any colour at all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Follow {
    /// `None`: any colour follows.
    pub colour: Option<CardColour>,
    pub mark: FollowMark,
}

/// The number or symbol to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FollowMark {
    Number(u8),
    Reverse,
    Skip,
    /// Only the colour counts.
    Nothing,
}

/// A card as it is seen: its colour (`None` for the black comodines) and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardFace {
    pub colour: Option<CardColour>,
    pub kind: CardKind,
}

impl CardKind {
    /// The name printed on the card, in Spanish as on the game's cards.
    #[must_use]
    pub fn printed_name(self) -> Option<&'static str> {
        match self {
            CardKind::Number(_) => None,
            CardKind::NumberWild(_) => Some("COMODÍN"),
            CardKind::FiveWild => Some("COMODÍN 5"),
            CardKind::Reverse => Some("REVERSA"),
            CardKind::Skip => Some("SALTAR"),
            CardKind::Score => Some("PUNTAJE"),
            CardKind::Embargo => Some("EMBARGO"),
            CardKind::Protection => Some("PROTECCIÓN"),
            CardKind::Swap => Some("CAMBIO"),
        }
    }
}

impl CardFace {
    /// One card, full size, as an indexed PNG.
    ///
    /// # Errors
    /// Only if the encoder fails.
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        let size = CardSize::Large;
        let (w, h) = size.pixels();
        let mut canvas = Canvas::new(w + 16, h + 16, Ink::Felt);
        draw_face(&mut canvas, *self, (8, 8), size);
        png_encoding::encode(&canvas)
    }

    pub(crate) fn ink(self) -> Ink {
        colour_ink(self.colour)
    }
}

/// The back of a card, full size, as an indexed PNG.
///
/// # Errors
/// Only if the encoder fails.
pub fn card_back_png() -> Result<Vec<u8>, RenderError> {
    let size = CardSize::Large;
    let (w, h) = size.pixels();
    let mut canvas = Canvas::new(w + 16, h + 16, Ink::Felt);
    draw_back(&mut canvas, (8, 8), size);
    png_encoding::encode(&canvas)
}

pub(crate) fn colour_ink(colour: Option<CardColour>) -> Ink {
    match colour {
        Some(CardColour::Red) => Ink::CardRed,
        Some(CardColour::Yellow) => Ink::CardYellow,
        Some(CardColour::Green) => Ink::CardGreen,
        Some(CardColour::Blue) => Ink::CardBlue,
        None => Ink::CardWild,
    }
}

/// The ink of numbers and symbols on a card of `ground`: dark on yellow, white elsewhere.
fn fore(ground: Ink) -> Ink {
    if ground == Ink::CardYellow { Ink::Text } else { Ink::White }
}

/// A player's hand: the cards side by side, five to a row, each numbered from 1 below it so
/// the player can name it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    pub cards: Vec<CardFace>,
}

const HAND_ROW: usize = 5;
const HAND_MAX: usize = 40;
const GAP: usize = 16;
const INDEX: Style = Style::bold(26);

impl Hand {
    /// The hand as an indexed PNG.
    ///
    /// # Errors
    /// [`RenderError::TooMany`] beyond 40 cards.
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        png_encoding::encode(&self.draw()?)
    }

    pub(crate) fn draw(&self) -> Result<Canvas, RenderError> {
        let count = self.cards.len();
        if count > HAND_MAX {
            return Err(RenderError::TooMany { what: "cards", count, max: HAND_MAX });
        }
        let (w, h) = CardSize::Large.pixels();
        let columns = count.clamp(1, HAND_ROW);
        let rows = count.div_ceil(HAND_ROW).max(1);
        let row_height = h + 48;
        let mut canvas = Canvas::new(columns * (w + GAP) + GAP, rows * row_height + GAP, Ink::Felt);
        for (i, face) in self.cards.iter().enumerate() {
            let x = GAP + (i % HAND_ROW) * (w + GAP);
            let y = GAP + (i / HAND_ROW) * row_height;
            draw_face(&mut canvas, *face, (x, y), CardSize::Large);
            let centre = ((x + w / 2) as f32, (y + h + 24) as f32);
            text::draw_centred(&mut canvas, INDEX, &(i + 1).to_string(), centre, Ink::White);
        }
        Ok(canvas)
    }
}

/// The sizes cards are drawn at: in a hand, on the table, what to follow on the discard, as
/// a bid or a collected 5, as a hand's count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CardSize {
    Large,
    Medium,
    Follow,
    Small,
    Tiny,
}

impl CardSize {
    const ALL: [CardSize; 5] =
        [CardSize::Large, CardSize::Medium, CardSize::Follow, CardSize::Small, CardSize::Tiny];

    pub(crate) fn pixels(self) -> (usize, usize) {
        match self {
            CardSize::Large => (160, 240),
            CardSize::Medium => (120, 180),
            CardSize::Follow => (72, 108),
            CardSize::Small => (56, 84),
            CardSize::Tiny => (26, 39),
        }
    }

    /// The side of the colour's shape in a corner (none on tiny cards: a speck).
    fn shape_side(self) -> usize {
        match self {
            CardSize::Large => 24,
            CardSize::Medium => 20,
            CardSize::Follow | CardSize::Small => 16,
            CardSize::Tiny => 0,
        }
    }

    /// Small cards show only their colour and big mark: names and corners would be specks.
    fn detailed(self) -> bool {
        matches!(self, CardSize::Large | CardSize::Medium)
    }
}

/// A shape of a card symbol, painted in the card's foreground ink or in a fixed one.
#[derive(Debug)]
enum Layer {
    Fore(Mask),
    Ground(Mask),
    Fixed(Mask, Ink),
}

/// Where a layer sits: its mask is the card's full size, so it is painted at the card's
/// corner.
#[derive(Debug)]
struct CardArt {
    edge: Mask,
    body: Mask,
    field: Mask,
    reverse: Vec<Layer>,
    skip: Vec<Layer>,
    embargo: Vec<Layer>,
    protection: Vec<Layer>,
    swap: Vec<Layer>,
    wheel_small: Vec<Layer>,
    wheel_large: Vec<Layer>,
    back_ring: Mask,
    /// Each colour's shape, in the order of [`CardColour`]: corner-sized and big.
    shapes: [Mask; 4],
    big_shapes: [Mask; 4],
}

/// Red ▲, yellow ●, green ■, blue ◆, filling a `side`-pixel square.
fn colour_shape(colour: usize, side: usize) -> Mask {
    let d = side as f32;
    let shape = Shape::new(side, side);
    match colour {
        0 => shape.polygon(&[(d / 2.0, 0.5), (d - 0.5, d - 1.5), (0.5, d - 1.5)]),
        1 => shape.circle(d / 2.0, d / 2.0, d / 2.0 - 1.0),
        2 => shape.rounded_rect(1.5, 1.5, d - 3.0, d - 3.0, d / 10.0),
        _ => {
            shape.polygon(&[(d / 2.0, 0.5), (d - 0.5, d / 2.0), (d / 2.0, d - 0.5), (0.5, d / 2.0)])
        }
    }
    .into_mask()
}

fn colour_slot(colour: CardColour) -> usize {
    match colour {
        CardColour::Red => 0,
        CardColour::Yellow => 1,
        CardColour::Green => 2,
        CardColour::Blue => 3,
    }
}

fn art(size: CardSize) -> &'static CardArt {
    static CACHE: [OnceLock<CardArt>; 5] = [const { OnceLock::new() }; 5];
    let slot = CardSize::ALL.iter().position(|&s| s == size).unwrap_or(0);
    CACHE[slot].get_or_init(|| CardArt::draw(size))
}

impl CardArt {
    fn draw(size: CardSize) -> CardArt {
        let (w, h) = size.pixels();
        // Everything is designed on a 160×240 card and scaled.
        let s = w as f32 / 160.0;
        let new = || Shape::new(w, h);
        let (fw, fh) = (w as f32, h as f32);
        let border = if size.detailed() { 9.0 * s } else { 3.0 * s.max(0.5) };
        let c = (80.0 * s, 120.0 * s);
        let at = |x: f32, y: f32| (x * s, y * s);
        let arrow_head = |shape: Shape, tip: (f32, f32), back: (f32, f32), half: f32| {
            let (dx, dy) = (tip.0 - back.0, tip.1 - back.1);
            let len = (dx * dx + dy * dy).sqrt().max(f32::EPSILON);
            let (nx, ny) = (-dy / len * half, dx / len * half);
            shape.polygon(&[tip, (back.0 + nx, back.1 + ny), (back.0 - nx, back.1 - ny)])
        };
        let turning_arrow = |shape: Shape, from: f32, to: f32| {
            let r = 40.0 * s;
            let shape = shape.arc(c, r, 10.0 * s, from, to);
            let mid = r - 5.0 * s;
            let end = (c.0 + mid * to.cos(), c.1 + mid * to.sin());
            let (tx, ty) = (-to.sin(), to.cos());
            let tip = (end.0 + tx * 16.0 * s, end.1 + ty * 16.0 * s);
            arrow_head(shape, tip, end, 14.0 * s)
        };
        let degrees = |d: f32| d.to_radians();
        let reverse = turning_arrow(
            turning_arrow(new(), degrees(200.0), degrees(320.0)),
            degrees(20.0),
            degrees(140.0),
        );
        let skip = new().ring(c.0, c.1, 40.0 * s, 10.0 * s).segment(
            at(58.0, 142.0),
            at(102.0, 98.0),
            10.0 * s,
        );
        let mini_card = new().rounded_rect(40.0 * s, 84.0 * s, 54.0 * s, 76.0 * s, 8.0 * s);
        let mini_inside = new().rounded_rect(46.0 * s, 90.0 * s, 42.0 * s, 64.0 * s, 5.0 * s);
        let grab = arrow_head(
            new().segment(at(96.0, 122.0), at(116.0, 122.0), 9.0 * s),
            at(134.0, 122.0),
            at(114.0, 122.0),
            14.0 * s,
        );
        let shield = new().polygon(&[
            at(80.0, 74.0),
            at(120.0, 88.0),
            at(116.0, 136.0),
            at(80.0, 166.0),
            at(44.0, 136.0),
            at(40.0, 88.0),
        ]);
        let shield_inside = new().polygon(&[
            at(80.0, 84.0),
            at(111.0, 95.0),
            at(108.0, 132.0),
            at(80.0, 155.0),
            at(52.0, 132.0),
            at(49.0, 95.0),
        ]);
        let right = arrow_head(
            new().segment(at(42.0, 104.0), at(100.0, 104.0), 10.0 * s),
            at(122.0, 104.0),
            at(98.0, 104.0),
            15.0 * s,
        );
        let left = arrow_head(
            new().segment(at(118.0, 140.0), at(60.0, 140.0), 10.0 * s),
            at(38.0, 140.0),
            at(62.0, 140.0),
            15.0 * s,
        );
        let wheel = |centre: (f32, f32), r: f32| -> Vec<Layer> {
            let quadrant = |from: f32| {
                let mut corners = vec![centre];
                corners.extend((0..=12).map(|i| {
                    let a = degrees(from + 90.0 * i as f32 / 12.0);
                    (centre.0 + r * a.cos(), centre.1 + r * a.sin())
                }));
                new().polygon(&corners).into_mask()
            };
            vec![
                Layer::Fixed(new().circle(centre.0, centre.1, r + 3.0 * s).into_mask(), Ink::White),
                Layer::Fixed(quadrant(180.0), Ink::CardRed),
                Layer::Fixed(quadrant(270.0), Ink::CardYellow),
                Layer::Fixed(quadrant(0.0), Ink::CardGreen),
                Layer::Fixed(quadrant(90.0), Ink::CardBlue),
            ]
        };
        CardArt {
            edge: new().rounded_rect(0.0, 0.0, fw, fh, 14.0 * s.max(0.4)).into_mask(),
            body: new().rounded_rect(1.5, 1.5, fw - 3.0, fh - 3.0, 13.0 * s.max(0.4)).into_mask(),
            field: new()
                .rounded_rect(
                    border,
                    border,
                    fw - 2.0 * border,
                    fh - 2.0 * border,
                    10.0 * s.max(0.3),
                )
                .into_mask(),
            reverse: vec![Layer::Fore(reverse.into_mask())],
            skip: vec![Layer::Fore(skip.into_mask())],
            embargo: vec![
                Layer::Fore(mini_card.into_mask()),
                Layer::Ground(mini_inside.into_mask()),
                Layer::Fore(grab.into_mask()),
            ],
            protection: vec![
                Layer::Fore(shield.into_mask()),
                Layer::Ground(shield_inside.into_mask()),
            ],
            swap: vec![Layer::Fore(right.into_mask()), Layer::Fore(left.into_mask())],
            wheel_small: wheel(at(80.0, 172.0), 14.0 * s),
            wheel_large: wheel(c, 48.0 * s),
            back_ring: new().ring(c.0, c.1, 52.0 * s, 7.0 * s).into_mask(),
            shapes: std::array::from_fn(|i| colour_shape(i, size.shape_side().max(1))),
            big_shapes: std::array::from_fn(|i| colour_shape(i, (fw * 0.6) as usize)),
        }
    }
}

fn paint_layers(canvas: &mut Canvas, layers: &[Layer], (x, y): (i32, i32), ground: Ink) {
    for layer in layers {
        match layer {
            Layer::Fore(mask) => canvas.paint(mask, x, y, fore(ground)),
            Layer::Ground(mask) => canvas.paint(mask, x, y, ground),
            Layer::Fixed(mask, ink) => canvas.paint(mask, x, y, *ink),
        }
    }
}

/// Draws `face` with its top-left corner at `corner`.
pub(crate) fn draw_face(
    canvas: &mut Canvas,
    face: CardFace,
    corner: (usize, usize),
    size: CardSize,
) {
    let art = art(size);
    let (x, y) = (corner.0 as i32, corner.1 as i32);
    let (w, h) = size.pixels();
    let s = w as f32 / 160.0;
    let ground = face.ink();
    let ink = fore(ground);
    canvas.paint(&art.edge, x, y, Ink::CardEdge);
    canvas.paint(&art.body, x, y, Ink::White);
    canvas.paint(&art.field, x, y, ground);
    let centre = (corner.0 as f32 + w as f32 / 2.0, corner.1 as f32 + h as f32 / 2.0);
    let big = |px: f32| Style::bold((px * s).round().clamp(6.0, 120.0) as u8);
    let named = face.kind.printed_name().is_some();
    let number = |canvas: &mut Canvas, n: u8, px: f32, dy: f32| {
        text::draw_centred(canvas, big(px), &n.to_string(), (centre.0, centre.1 + dy * s), ink);
        if size.detailed() {
            let corner_style = big(26.0);
            let label = n.to_string();
            text::draw_centred(
                canvas,
                corner_style,
                &label,
                (centre.0 - 54.0 * s, centre.1 - 92.0 * s),
                ink,
            );
            // The bottom of a named card holds its name instead.
            if !named {
                let bottom = (centre.0 + 54.0 * s, centre.1 + 92.0 * s);
                text::draw_centred(canvas, corner_style, &label, bottom, ink);
            }
        }
    };
    match face.kind {
        CardKind::Number(n) => number(canvas, n, 96.0, 0.0),
        CardKind::NumberWild(n) => {
            number(canvas, n, 84.0, -10.0);
            if size.detailed() {
                paint_layers(canvas, &art.wheel_small, (x, y), ground);
            }
        }
        CardKind::FiveWild => {
            paint_layers(canvas, &art.wheel_large, (x, y), ground);
            text::draw_centred(canvas, big(72.0), "5", centre, Ink::CardWild);
            if size.detailed() {
                text::draw_centred(canvas, big(24.0), "×2", (centre.0, centre.1 - 80.0 * s), ink);
            }
        }
        CardKind::Reverse => paint_layers(canvas, &art.reverse, (x, y), ground),
        CardKind::Skip => paint_layers(canvas, &art.skip, (x, y), ground),
        CardKind::Score => {
            text::draw_centred(canvas, big(50.0), "+2", (centre.0, centre.1 - 26.0 * s), ink);
            text::draw_centred(canvas, big(50.0), "−1", (centre.0, centre.1 + 30.0 * s), ink);
        }
        CardKind::Embargo => {
            paint_layers(canvas, &art.embargo, (x, y), ground);
            text::draw_centred(
                canvas,
                big(40.0),
                "5",
                (centre.0 - 13.0 * s, centre.1 + 2.0 * s),
                ink,
            );
        }
        CardKind::Protection => {
            paint_layers(canvas, &art.protection, (x, y), ground);
            text::draw_centred(canvas, big(44.0), "5", (centre.0, centre.1), ink);
        }
        CardKind::Swap => paint_layers(canvas, &art.swap, (x, y), ground),
    }
    if let Some(colour) = face.colour {
        draw_shapes(canvas, art, colour, face.kind, corner, size, ink);
    }
    if let (Some(name), true) = (face.kind.printed_name(), size.detailed()) {
        let style = big(15.0);
        let baseline = corner.1 as f32 + 214.0 * s;
        text::draw(
            canvas,
            style,
            name,
            (centre.0, baseline),
            text::Align::Centre,
            w as f32 - 24.0 * s,
            ink,
        );
    }
}

/// The colour's shape in the corners: under the corner numbers of a detailed card (in the
/// corners themselves when the card has no number), in the top-left corner of a small one.
fn draw_shapes(
    canvas: &mut Canvas,
    art: &CardArt,
    colour: CardColour,
    kind: CardKind,
    corner: (usize, usize),
    size: CardSize,
    ink: Ink,
) {
    let mask = &art.shapes[colour_slot(colour)];
    if mask.width <= 1 {
        return;
    }
    let (w, _) = size.pixels();
    let s = w as f32 / 160.0;
    let half = (mask.width / 2) as f32;
    let centres: &[(f32, f32)] = if !size.detailed() {
        &[(4.0 + half, 4.0 + half)]
    } else if matches!(kind, CardKind::Number(_)) {
        &[(26.0 * s, 62.0 * s), (134.0 * s, 178.0 * s)]
    } else {
        &[(26.0 * s, 28.0 * s), (134.0 * s, 212.0 * s)]
    };
    for &(cx, cy) in centres {
        let (px, py) = (corner.0 as f32 + cx - half, corner.1 as f32 + cy - half);
        canvas.paint(mask, px.round() as i32, py.round() as i32, ink);
    }
}

/// What the next card must match, as a card-like chip with its top-left corner at `corner`:
/// the colour with its shape and the number or symbol, or the four colours for any.
pub(crate) fn draw_follow(canvas: &mut Canvas, follow: Follow, corner: (usize, usize)) {
    let size = CardSize::Follow;
    let kind = match follow.mark {
        FollowMark::Number(n) => Some(CardKind::Number(n)),
        FollowMark::Reverse => Some(CardKind::Reverse),
        FollowMark::Skip => Some(CardKind::Skip),
        FollowMark::Nothing => None,
    };
    match (follow.colour, kind) {
        (Some(colour), Some(kind)) => {
            draw_face(canvas, CardFace { colour: Some(colour), kind }, corner, size);
        }
        (colour, _) => {
            let art = art(size);
            let (x, y) = (corner.0 as i32, corner.1 as i32);
            let ground = colour_ink(colour);
            canvas.paint(&art.edge, x, y, Ink::CardEdge);
            canvas.paint(&art.body, x, y, Ink::White);
            canvas.paint(&art.field, x, y, ground);
            match colour {
                Some(colour) => {
                    let mask = &art.big_shapes[colour_slot(colour)];
                    let (w, h) = size.pixels();
                    let (mx, my) = ((w - mask.width) / 2, (h - mask.height) / 2);
                    canvas.paint(mask, x + mx as i32, y + my as i32, fore(ground));
                }
                None => paint_layers(canvas, &art.wheel_large, (x, y), ground),
            }
        }
    }
}

/// Draws the back of a card with its top-left corner at `corner`.
pub(crate) fn draw_back(canvas: &mut Canvas, corner: (usize, usize), size: CardSize) {
    let art = art(size);
    let (x, y) = (corner.0 as i32, corner.1 as i32);
    let (w, h) = size.pixels();
    let s = w as f32 / 160.0;
    canvas.paint(&art.edge, x, y, Ink::CardEdge);
    canvas.paint(&art.body, x, y, Ink::White);
    canvas.paint(&art.field, x, y, Ink::CardBack);
    canvas.paint(&art.back_ring, x, y, Ink::Amber);
    let centre = (corner.0 as f32 + w as f32 / 2.0, corner.1 as f32 + h as f32 / 2.0);
    let style = Style::bold((22.0 * s).round().clamp(6.0, 120.0) as u8);
    text::draw_centred(canvas, style, "CINCO", centre, Ink::Amber);
}
