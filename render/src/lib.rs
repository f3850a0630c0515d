//! The images of cincobot: grid boards (gomoku, renju, ninuki, pente), 5 en raya and Connect
//! Four frames, CINCO cards, hands and tables, and animated replays.
//!
//! Every image is a pure function of a presentation request — a plain struct the bot fills
//! from the engine's position plus the words to show in the reader's language. Pieces
//! (stones, discs, markers, glyphs, card art) are drawn once per size on first use; an image
//! is then copies of them into a palette-indexed buffer and a fast indexed PNG or GIF encode.
//! The same request always gives the same bytes.
//!
//! ```
//! use engine::{Notation, Point, Stone};
//! use render::{GridBoard, PlacedStone};
//!
//! let mut board = GridBoard::new(15, Notation::WithI);
//! board.black.name = "Ana".into();
//! board.white.name = "Bruno".into();
//! board.stones.push(PlacedStone { point: Point::new(7, 7), stone: Stone::Black, number: None });
//! board.last_move = Some(Point::new(7, 7));
//! board.to_move = Some(Stone::White);
//! board.status = "Turno de Bruno".into();
//! let png = board.to_png()?;
//! assert_eq!(&png[1..4], b"PNG");
//! # Ok::<(), render::RenderError>(())
//! ```
//!
//! Text is DejaVu Sans. A character it lacks comes from subsets of Noto fonts (Chinese,
//! Japanese kana and kanji, Korean Hangul, Thai, Devanagari; `assets/fonts/README.md` says
//! which characters and how to remake them); bold text draws their regular glyphs widened by
//! a pixel. A character no font has, such as most colour emoji, is drawn as its code point in
//! hex in a thin frame ("1F980" for 🦀), so that names differing only there stay apart.
//! Invisible characters (variation selectors, zero-width joiners) draw nothing. Text is laid
//! out left to right with no shaping: Arabic letters show their isolated forms and Hebrew and
//! Arabic runs are not reversed.
//!
//! Render holds no text of its own beyond the Spanish names printed on CINCO's special cards
//! (part of the card design) and "CINCO" on the card back.

mod canvas;
mod cards;
mod connect;
mod deflate_bands;
mod error;
mod grid;
mod header;
mod palette;
mod png_encoding;
#[cfg(test)]
mod readability;
mod replay;
mod shape;
mod sprites;
mod table;
mod text;

pub use cards::{CardColour, CardFace, CardKind, Follow, FollowMark, Hand, card_back_png};
pub use connect::{ConnectBoard, Disc, PopOut};
pub use error::RenderError;
pub use grid::{GridBoard, GridPlayer, PlacedStone};
pub use replay::{Replay, ReplayFrame};
pub use table::{Auction, Bid, PlayDirection, Table, TablePlayer};
