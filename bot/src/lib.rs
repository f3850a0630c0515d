//! cincobot: the five-in-a-row games and CINCO in group chats.
//!
//! The bot is built from crates under `bot/`, each a layer that can only use the layers
//! below it: `cincobot-core` ([`core`], [`games`], [`identity`], [`i18n`], [`store`]) knows
//! no platform and no thread; `cincobot-runtime` ([`runtime`], [`config`]) runs it for real;
//! `cincobot-telegram` ([`telegram`]) and `cincobot-discord` ([`discord`]) are the adapters.
//! This crate is the top: the binary, the terminal mode ([`console`]), moving a bot to another
//! database ([`migrate`]), and these names for
//! the layers, so that tests, examples and benches see the bot as one.

pub mod console;
pub mod migrate;

pub use cincobot_core::{core, games, i18n, identity, store};
pub use cincobot_discord as discord;
pub use cincobot_runtime::{self as runtime, config};
pub use cincobot_telegram as telegram;
pub use cincobot_web as web;
