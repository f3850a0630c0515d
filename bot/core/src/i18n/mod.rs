//! Every word the bot says, in Spanish and English, from the Fluent files in `bot/core/locales/`.
//!
//! The core never builds a sentence: it says *which* message ([`Text`]: a Fluent id and its
//! arguments), and the text is made in the reader's language at the edge. Tests compare
//! `Text`s, so they do not break when a sentence is reworded.

mod known;
mod locale;
mod text;
mod texts;

pub use locale::Locale;
pub use text::{Arg, Text};
pub use texts::{Texts, TextsError};
