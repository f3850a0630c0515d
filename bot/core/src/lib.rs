//! The platform-neutral bot: [`core`] takes inputs and gives outputs (challenges, turns,
//! timers, CINCO tables, ratings), [`games`] wraps the engine's games for it, [`identity`]
//! names users, chats and seats, [`i18n`] holds every word in Spanish and English, and
//! [`store`] keeps the move log in SQLite. Nothing here knows a chat platform, a thread or a
//! wall clock: the runtime and the adapters are crates above this one.

pub mod core;
pub mod games;
pub mod i18n;
pub mod identity;
pub mod store;
