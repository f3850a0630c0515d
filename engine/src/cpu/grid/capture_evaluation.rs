//! The static value of a capture-game position for the side to move: the line patterns of
//! gomoku, the stones taken so far, and the captures on offer to either side.

use super::captures::{CaptureBoard, STONES_TO_WIN};
use super::evaluation::evaluate as lines;

/// Worth of having taken 0, 2, 4, 6 and 8 stones: each pair brings the tenth stone nearer,
/// the last ones most of all.
const TALLY: [i32; 5] = [0, 120, 300, 650, 1400];
/// Worth of each opponent pair flanked on one side, the other side still open.
const THREAT: i32 = 25;

/// What `stones` taken stones are worth.
pub(crate) fn tally(stones: u16) -> i32 {
    TALLY[usize::from(stones.min(STONES_TO_WIN - 2) / 2)]
}

/// What taking `more` stones on top of `stones` would bring.
pub(crate) fn gain(stones: u16, more: u16) -> i32 {
    if more == 0 { 0 } else { tally(stones + more) - tally(stones) + 60 }
}

/// Line patterns, the tallies, the best capture the side to move can make now, the pairs it
/// would lose (it can save one: the second counts most), and the capture threats each side
/// can make.
pub(crate) fn evaluate(board: &CaptureBoard) -> i32 {
    let me = board.to_move();
    let opponent = me.opponent();
    let (mine, theirs) = (board.captured(me), board.captured(opponent));
    let mut score = lines(&board.grid) + tally(mine) - tally(theirs);
    let best_take =
        board.capturing(me).iter().map(|cell| gain(mine, board.take(cell, me).stones)).max();
    // The opponent's captures of our pairs: we can save one, the next one falls.
    let mut exposed = [0, 0];
    for cell in board.capturing(opponent).iter() {
        let value = gain(theirs, board.take(cell, opponent).stones);
        if value > exposed[0] {
            exposed = [value, exposed[0]];
        } else if value > exposed[1] {
            exposed[1] = value;
        }
    }
    score += best_take.unwrap_or(0) * 3 / 4 - exposed[0] / 4 - exposed[1] * 3 / 4;
    score + (board.threats(me) - board.threats(opponent)) * THREAT
}
