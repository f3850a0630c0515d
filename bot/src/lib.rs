//! cincobot: the five-in-a-row games in group chats.
//!
//! [`core`] is the bot itself, platform-neutral: inputs in, outputs out. [`store`] keeps the
//! move log in SQLite, [`games`] wraps the engine's games, [`i18n`] holds every word, and
//! [`console`] is the terminal adapter, [`telegram`] the Telegram one, [`discord`] the Discord one.

pub mod config;
pub mod console;
pub mod core;
pub mod discord;
pub mod games;
pub mod i18n;
pub mod identity;
pub mod runtime;
pub mod store;
pub mod telegram;
