//! The board games as the bot sees them: one closed enum over the engine's positions, so that
//! sessions, storage and pictures are written once for every game.
//!
//! Moves cross this boundary as text in each game's own notation (`h8`, `K10`, `3`, `pop 3`,
//! `swap`): that is what players type, what the move log stores, and what a replay reads.

mod animation;
mod diagram;
mod family;
mod kind;
mod nearness;
mod options;
mod picture;
mod position;
mod record;
mod refusal;
mod telling;

pub use animation::{Animation, FrameStatus};
pub use family::Family;
pub use kind::GameKind;
pub use options::{
    GameOptions, GameSettings, OptionError, TurnTimer, board_sizes, has_shape_options, option_code,
    options_for,
};
pub use picture::{Labels, Picture, Standing};
pub use position::{Position, Resolution};
pub use record::{GameRecord, RecordHeader, record};
pub use refusal::{MoveError, shape_id};
pub use telling::CAPTURES_TO_WIN;
