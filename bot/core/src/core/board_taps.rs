//! What a tap on a board means beyond playing a move, for a reader who acts outside a chat
//! (the web board): renju's forbidden points, which the chat asks about before playing, and
//! black's ten fifth moves being chosen point by point. A page shows the same question and
//! sends the same payloads as the chat's buttons; nothing here changes the game.

use super::table::Table;
use super::turns::forbidden_question;
use crate::games::Resolution;
use crate::i18n::Text;
use crate::store::GameStatus;

/// A move open to the reader that loses the game at once (black on a renju forbidden point).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LosingMove {
    /// The move as the notation writes it (`h8`).
    pub point: String,
    /// What the chat asks before playing it.
    pub question: Text,
}

/// Renju: the reader, black, choosing ten fifth moves to offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offering {
    /// The points chosen so far, in order: a press names their count, so a stale one is
    /// refused.
    pub chosen: Vec<String>,
    /// The points that may join them (empty once ten are chosen).
    pub candidates: Vec<String>,
}

/// The losing moves open to the reader of `table` when it is their turn (`acting`).
pub(super) fn losing_moves(table: &Table, acting: bool) -> Vec<LosingMove> {
    if !acting {
        return Vec::new();
    }
    table
        .position
        .losing_forbidden_points()
        .into_iter()
        .map(|(shape, point)| LosingMove { question: forbidden_question(shape, &point), point })
        .collect()
}

/// The offer the reader of `table` is choosing, when it is their turn (`acting`).
pub(super) fn offering(table: &Table, acting: bool) -> Option<Offering> {
    let draft = table.row.offer_draft.as_ref()?;
    let choosing = acting
        && table.row.status == GameStatus::Active
        && table.position.resolution() == Resolution::FifthStone;
    choosing.then(|| Offering {
        chosen: draft.clone(),
        candidates: table
            .position
            .offer_candidates(draft)
            .into_iter()
            .map(|(column, row)| format!("{column}{row}"))
            .collect(),
    })
}
