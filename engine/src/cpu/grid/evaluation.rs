//! The static value of a position for the side to move. The capture games add their terms
//! in `capture_evaluation`; the pattern part is shared.

use super::board::SearchBoard;

/// What the side to move's stones are worth against the opponent's: every empty point
/// counts what a stone of each side would make there, and having the move makes one's own
/// threats worth more.
pub(crate) fn evaluate(board: &SearchBoard) -> i32 {
    let me = board.to_move();
    let mine = board.total(me);
    let theirs = board.total(me.opponent());
    mine + mine / 4 - theirs
}
