//! The bare move: `h8`, `K10`, `4`, `pop 3`, `p3`, `sacar 3` written alone in a chat is
//! `/move` with that text — where the platform lets the bot read plain messages.
//!
//! A text is a bare move exactly when one of the engine's games reads it as a move: the
//! engine's own parsers decide, on the largest board of each notation (gomoku's 19×19 with
//! `i`, pente's 19×19 without it, the 5 en raya columns with their pop forms), so the
//! shortcut can never drift from the notation `/move` takes. Renju's decision words (`swap`,
//! `keep`, …) are left out: alone, they are ordinary words of a conversation.

use std::sync::LazyLock;

use super::Command;
use crate::games::{GameKind, GameSettings, Position};

/// One position per notation, whose parser reads the bare moves.
static READERS: LazyLock<[Position; 3]> = LazyLock::new(|| {
    let gomoku = GameSettings { size: 19, ..GameSettings::default_for(GameKind::Gomoku) };
    let pente = GameSettings { size: 19, ..GameSettings::default_for(GameKind::Pente) };
    let connect = GameSettings::default_for(GameKind::Connect5);
    [gomoku, pente, connect].map(|settings| Position::start(&settings))
});

/// The `/move` that `text` is, if it is a bare move.
#[must_use]
pub fn shortcut(text: &str) -> Option<Command> {
    let text = text.trim();
    // Every short move has a digit; the words of renju's decisions have none.
    if !text.bytes().any(|byte| byte.is_ascii_digit()) {
        return None;
    }
    READERS.iter().any(|position| position.reads(text)).then(|| Command::Move {
        text: text.to_lowercase(),
        game: None,
        confirm: false,
    })
}

/// The refusals a bare move gets in silence: someone who has no game to play it in was
/// probably not making a move ("a1" is also a seat, a sheet cell, a grade).
pub(super) fn is_quiet_refusal(id: &str) -> bool {
    matches!(id, "no-game" | "which-game")
}
