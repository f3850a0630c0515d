//! The CINCO table everybody sees: the discard pile's top card, the draw pile, the direction
//! of play, what the next card must follow when the top card is black, each player's
//! collected 5s, protection and cards in hand, whose turn, and an auction in progress.
//! It is built from public facts only: no hand can be put in it.
//!
//! It is mostly seen on phones, about 400 px wide: every word and number is drawn at least
//! 24 px (11 px there).

use std::sync::OnceLock;

use crate::RenderError;
use crate::canvas::{Canvas, Mask};
use crate::cards::{self, CardFace, CardKind, CardSize, Follow};
use crate::palette::Ink;
use crate::png_encoding;
use crate::shape::Shape;
use crate::text::{self, Align, Style};

const WIDTH: usize = 860;
const MAX_PLAYERS: usize = 6;
/// The deck's 5s (eight coloured, two comodín 5): all of them fit in a row.
const MAX_FIVES: usize = 10;
const TOP: usize = 64;
const PILES_HEIGHT: usize = 230;
const ROW_HEIGHT: usize = 104;
const STATUS: Style = Style::bold(26);
const NAME: Style = Style::bold(28);
const FIGURE: Style = Style::bold(30);
const SMALL: Style = Style::bold(24);
/// Where a row's 5s begin, and the left edge of the bids.
const FIVES_LEFT: usize = 340;
const BID_LEFT: usize = 640;

/// Which way the turn goes round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayDirection {
    Clockwise,
    Counterclockwise,
}

/// A seat at the table as everybody sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TablePlayer {
    pub name: String,
    /// The 5s in front of them (coloured and comodín 5), in the order won: every one is
    /// drawn, and their count beside them.
    pub fives: Vec<CardFace>,
    /// A Protección card lies beside their 5s.
    pub protected: bool,
    /// How many cards they hold (shown as a number, never the cards).
    pub cards: u8,
}

/// A player's part in an auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bid {
    /// Has not chosen a card yet.
    Waiting,
    /// Holds no numeric card, so does not bid: a dash and [`Auction::no_bid_label`].
    NoBid,
    /// Has chosen; the card stays face down until all have.
    Hidden,
    /// The card shown, and what it is worth after doubling and Puntaje.
    Revealed { card: CardFace, value: u16 },
}

/// The 5 at stake and each player's bid, in the order of [`Table::players`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Auction {
    /// The caller's word for it ("Subasta").
    pub label: String,
    pub five: CardFace,
    pub bids: Vec<Bid>,
    /// The caller's words beside a player who cannot bid ("no puja").
    pub no_bid_label: String,
}

/// Everything the table image shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub discard: Option<CardFace>,
    /// What the next card must match, when the discard's top card does not show it (a black
    /// card): drawn over the pile's corner.
    pub follow: Option<Follow>,
    pub draw_pile: u16,
    /// The caller's word under the draw pile ("mazo").
    pub draw_pile_label: String,
    pub players: Vec<TablePlayer>,
    pub direction: PlayDirection,
    /// Index into `players` of the player to move.
    pub turn: Option<usize>,
    pub auction: Option<Auction>,
    pub status: String,
}

impl Table {
    /// The table as an indexed PNG.
    ///
    /// # Errors
    /// [`RenderError::TooMany`] beyond six players.
    pub fn to_png(&self) -> Result<Vec<u8>, RenderError> {
        png_encoding::encode(&self.draw()?)
    }

    pub(crate) fn draw(&self) -> Result<Canvas, RenderError> {
        let count = self.players.len();
        if count > MAX_PLAYERS {
            return Err(RenderError::TooMany { what: "players", count, max: MAX_PLAYERS });
        }
        let rows_top = TOP + PILES_HEIGHT + 16;
        let height = rows_top + count.max(1) * ROW_HEIGHT + 16;
        let mut canvas = Canvas::new(WIDTH, height, Ink::Felt);
        text::draw(
            &mut canvas,
            STATUS,
            &self.status,
            (WIDTH as f32 / 2.0, 42.0),
            Align::Centre,
            WIDTH as f32 - 40.0,
            Ink::White,
        );
        self.draw_piles(&mut canvas);
        for (i, player) in self.players.iter().enumerate() {
            let bid = self.auction.as_ref().and_then(|a| a.bids.get(i));
            self.draw_player(&mut canvas, i, player, bid, rows_top + i * ROW_HEIGHT);
        }
        Ok(canvas)
    }

    fn draw_piles(&self, canvas: &mut Canvas) {
        let (w, h) = CardSize::Medium.pixels();
        let top = TOP + 8;
        cards::draw_back(canvas, (40, top), CardSize::Medium);
        let under = (40 + w / 2) as f32;
        let baseline = (top + h + 30) as f32;
        let label = format!("{} {}", self.draw_pile, self.draw_pile_label);
        text::draw(
            canvas,
            SMALL,
            label.trim_end(),
            (under, baseline),
            Align::Centre,
            170.0,
            Ink::FeltMuted,
        );
        match self.discard {
            Some(face) => cards::draw_face(canvas, face, (190, top), CardSize::Medium),
            None => canvas.fill(190, top as i32, w as i32, h as i32, Ink::FeltLight),
        }
        // What to follow sits over the discard's lower right corner, like a marker on it.
        if let Some(follow) = self.follow {
            let (fw, fh) = CardSize::Follow.pixels();
            cards::draw_follow(canvas, follow, (190 + w - fw / 2, top + h + 24 - fh));
        }
        let arrows = direction_arrows();
        let arrow = match self.direction {
            PlayDirection::Clockwise => &arrows.0,
            PlayDirection::Counterclockwise => &arrows.1,
        };
        canvas.paint(arrow, 358, (top + h / 2) as i32 - (arrow.height / 2) as i32, Ink::FeltMuted);
        if let Some(auction) = &self.auction {
            let (left, width) = (470, WIDTH - 470 - 24);
            canvas.fill(left, top as i32 - 8, width as i32, (h + 16) as i32, Ink::FeltLight);
            text::draw(
                canvas,
                NAME,
                &auction.label,
                (left as f32 + 20.0, top as f32 + 34.0),
                Align::Left,
                200.0,
                Ink::Amber,
            );
            cards::draw_face(canvas, auction.five, (WIDTH - 24 - 20 - w, top), CardSize::Medium);
            if auction.five.kind == CardKind::FiveWild {
                text::draw(
                    canvas,
                    FIGURE,
                    "×2",
                    (left as f32 + 20.0, top as f32 + 80.0),
                    Align::Left,
                    200.0,
                    Ink::White,
                );
            }
        }
    }

    fn draw_player(
        &self,
        canvas: &mut Canvas,
        index: usize,
        player: &TablePlayer,
        bid: Option<&Bid>,
        top: usize,
    ) {
        let middle = (top + ROW_HEIGHT / 2) as f32;
        let to_move = self.turn == Some(index);
        if to_move {
            canvas.fill(
                16,
                top as i32 + 4,
                (WIDTH - 32) as i32,
                ROW_HEIGHT as i32 - 8,
                Ink::FeltLight,
            );
            let arrow = &signs().0;
            canvas.paint(arrow, 24, middle as i32 - (arrow.height / 2) as i32, Ink::Amber);
        }
        let name_ink = if to_move { Ink::Amber } else { Ink::White };
        let name_room = (FIVES_LEFT - 50 - 16) as f32;
        text::draw(
            canvas,
            NAME,
            &player.name,
            (50.0, middle - 8.0),
            Align::Left,
            name_room,
            name_ink,
        );
        // Cards in hand: a tiny card back and the count, never the cards.
        let (tw, th) = CardSize::Tiny.pixels();
        let back_top = middle as usize + 4;
        cards::draw_back(canvas, (50, back_top), CardSize::Tiny);
        let count_baseline = (back_top + th / 2) as f32 + text::cap_height(SMALL) / 2.0;
        text::draw(
            canvas,
            SMALL,
            &player.cards.to_string(),
            (50.0 + tw as f32 + 10.0, count_baseline),
            Align::Left,
            80.0,
            Ink::White,
        );
        // Collected 5s: the count, then a card per 5 (fanned when many), then the shield.
        let baseline = middle + text::cap_height(FIGURE) / 2.0;
        let mut x = FIVES_LEFT as f32;
        x += text::draw(
            canvas,
            FIGURE,
            &player.fives.len().to_string(),
            (x, baseline),
            Align::Left,
            60.0,
            Ink::White,
        ) + 12.0;
        let (fw, fh) = CardSize::Small.pixels();
        let shield = &signs().1;
        let right = if self.auction.is_some() { BID_LEFT - 16 } else { WIDTH - 24 };
        let fives = player.fives.len().min(MAX_FIVES);
        let room = right as f32 - x - fw as f32 - (shield.width + 10) as f32;
        let step = match fives {
            0 | 1 => 0.0,
            n => (room / (n - 1) as f32).min((fw + 6) as f32),
        };
        for &face in player.fives.iter().take(MAX_FIVES) {
            cards::draw_face(
                canvas,
                face,
                (x as usize, (middle as usize).saturating_sub(fh / 2)),
                CardSize::Small,
            );
            x += step;
        }
        if fives > 0 {
            x += fw as f32 - step;
        }
        if player.protected {
            canvas.paint(
                shield,
                x as i32 + 10,
                middle as i32 - (shield.height / 2) as i32,
                Ink::Amber,
            );
        }
        let (bw, bh) = CardSize::Small.pixels();
        let bid_x = BID_LEFT + 20;
        let bid_y = (middle as usize).saturating_sub(bh / 2);
        match bid {
            None => {}
            Some(Bid::Waiting) => {
                text::draw(
                    canvas,
                    FIGURE,
                    "…",
                    ((bid_x + bw / 2) as f32, baseline),
                    Align::Centre,
                    80.0,
                    Ink::FeltMuted,
                );
            }
            Some(Bid::NoBid) => {
                let no_bid = self.auction.as_ref().map_or("", |a| a.no_bid_label.as_str());
                let label = format!("— {no_bid}");
                text::draw(
                    canvas,
                    SMALL,
                    label.trim_end(),
                    (bid_x as f32, middle + text::cap_height(SMALL) / 2.0),
                    Align::Left,
                    (WIDTH - 24 - bid_x) as f32,
                    Ink::FeltMuted,
                );
            }
            Some(Bid::Hidden) => cards::draw_back(canvas, (bid_x, bid_y), CardSize::Small),
            Some(Bid::Revealed { card, value }) => {
                cards::draw_face(canvas, *card, (bid_x, bid_y), CardSize::Small);
                let value = format!("= {value}");
                text::draw(
                    canvas,
                    FIGURE,
                    &value,
                    ((bid_x + bw + 14) as f32, baseline),
                    Align::Left,
                    (WIDTH - 24 - bid_x - bw - 14) as f32,
                    Ink::Amber,
                );
            }
        }
    }
}

/// The turn arrow and the protection shield, drawn once.
fn signs() -> &'static (Mask, Mask) {
    static SIGNS: OnceLock<(Mask, Mask)> = OnceLock::new();
    SIGNS.get_or_init(|| {
        let shield = Shape::new(26, 30)
            .polygon(&[
                (13.0, 0.5),
                (25.5, 5.0),
                (24.0, 18.0),
                (13.0, 29.5),
                (2.0, 18.0),
                (0.5, 5.0),
            ])
            .into_mask();
        (crate::sprites::triangle(14, 20, false), shield)
    })
}

/// Round arrows for clockwise and counterclockwise play, drawn once.
fn direction_arrows() -> &'static (Mask, Mask) {
    static ARROWS: OnceLock<(Mask, Mask)> = OnceLock::new();
    ARROWS.get_or_init(|| {
        let arrow = |clockwise: bool| {
            let (c, r, t) = ((50.0, 50.0), 40.0, 9.0);
            let (from, to) = (-150f32.to_radians(), 150f32.to_radians());
            let shape = Shape::new(100, 100).arc(c, r, t, from, to);
            let end = if clockwise { to } else { from };
            let mid = r - t / 2.0;
            let at = (c.0 + mid * end.cos(), c.1 + mid * end.sin());
            let sign = if clockwise { 1.0 } else { -1.0 };
            let (tx, ty) = (-end.sin() * sign, end.cos() * sign);
            let (nx, ny) = (end.cos(), end.sin());
            let tip = (at.0 + tx * 16.0, at.1 + ty * 16.0);
            shape
                .polygon(&[
                    tip,
                    (at.0 + nx * 13.0, at.1 + ny * 13.0),
                    (at.0 - nx * 13.0, at.1 - ny * 13.0),
                ])
                .into_mask()
        };
        (arrow(true), arrow(false))
    })
}
