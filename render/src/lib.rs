//! Images of cincobot: grid boards, 5 en raya frames, CINCO cards and tables, and replays.

mod canvas;
mod cards;
mod connect;
mod error;
mod grid;
mod header;
mod palette;
mod png_encoding;
mod replay;
mod shape;
mod sprites;
mod table;
mod text;

pub use cards::{CardColour, CardFace, CardKind, Hand, card_back_png};
pub use connect::{ConnectBoard, Disc, PopOut};
pub use error::RenderError;
pub use grid::{GridBoard, GridPlayer, PlacedStone};
pub use replay::{Replay, ReplayFrame};
pub use table::{Auction, Bid, PlayDirection, Table, TablePlayer};
