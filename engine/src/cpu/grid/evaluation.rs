//! The static value of a position for the side to move. The capture games add their terms
//! in `capture_evaluation`; the pattern part is shared.

use super::board::SearchBoard;

/// What the side to move's stones are worth against the opponent's: every empty point
/// counts what a stone of each side would make there.
///
/// Gomoku and renju weigh the points by weights fitted to self-play ([`super::weights`]);
/// the capture games and renju's opening by the hand-set values, the side to move's a
/// quarter more (`board::Valuation`).
pub(crate) fn evaluate(board: &SearchBoard) -> i32 {
    let me = board.to_move();
    if !board.is_fitted() {
        let mine = board.total(me);
        let theirs = board.total(me.opponent());
        return mine + mine / 4 - theirs;
    }
    board.worths(me).mover - board.worths(me.opponent()).waiter + board.tempo(me)
}
