//! The moves the capture search looks at: the answers when the opponent wins in one (blocks
//! and captures that break the line or the pair), what stops an open three, and otherwise
//! the best few near the stones with every capture and capture defence on top.

use super::board::Kind;
use super::candidates::{Moves, learnt};
use super::capture_evaluation::gain;
use super::captures::CaptureBoard;
use super::cells::{CELLS, Cell, cell_of};

/// What the side to move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Situation {
    /// The opponent wins in one: only the answers (possibly none).
    Answer,
    /// Stop the opponent's open three (or answer with a four or a capture).
    StopThree,
    Free,
}

/// Bonus that puts a capture threat of ours among the ordered moves.
const THREAT_BONUS: i32 = 40;

/// What a stone of the side to move on `cell` is worth, captures included, and whether it
/// takes or saves stones. The moves a node looks at are chosen by this alone.
fn worth(board: &CaptureBoard, cell: Cell) -> (i32, bool) {
    let me = board.to_move();
    let opponent = me.opponent();
    let attack = board.grid.reading(cell, me).value();
    let defence = board.grid.reading(cell, opponent).value();
    let take = board.take(cell, me);
    let save = board.take(cell, opponent).stones;
    let captures = gain(board.captured(me), take.stones)
        + gain(board.captured(opponent), save) * 3 / 4
        + i32::from(take.threats) * THREAT_BONUS;
    (attack + defence + captures, take.stones > 0 || save > 0)
}

/// The ordering score of `cell`: its worth plus what the search learnt (`history`).
fn score(board: &CaptureBoard, cell: Cell, history: &[u32; CELLS]) -> i32 {
    worth(board, cell).0 + learnt(history, cell)
}

/// The moves to look at for the side to move, best first, at most `width` plus the captures
/// outside forced situations. The caller has already handled a win in one of its own.
pub(crate) fn generate(
    board: &mut CaptureBoard,
    width: usize,
    history: &[u32; CELLS],
    moves: &mut Moves,
) -> Situation {
    let me = board.to_move();
    let opponent = me.opponent();
    if board.wins_in_one(opponent) {
        board.answers(moves);
        return Situation::Answer;
    }
    let three = board.grid.set(opponent, Kind::OpenFour);
    if three.iter().any(|cell| board.grid.allowed(cell, opponent)) {
        stop_three(board, history, moves);
        if !moves.is_empty() {
            return Situation::StopThree;
        }
    }
    let mut captures = Moves::new();
    for cell in board.grid.near().iter() {
        if board.grid.allowed(cell, me) {
            let (value, capture) = worth(board, cell);
            moves.push_distinct(cell, value);
            if capture {
                captures.push_distinct(cell, value);
            }
        }
    }
    if moves.is_empty() && board.grid.near().is_empty() {
        let centre = cell_of(board.grid.board().centre());
        if board.grid.is_empty(centre) {
            moves.push(centre, 0);
        }
    }
    moves.keep_best(width);
    moves.raise(|cell| learnt(history, cell));
    captures.sort();
    for cell in captures.iter() {
        moves.push(cell, 0);
    }
    Situation::Free
}

/// Against an open three: our fours first, then the points after which the opponent has no
/// straight four left to make, captures included. Empty when nothing stops it.
fn stop_three(board: &mut CaptureBoard, history: &[u32; CELLS], moves: &mut Moves) {
    let me = board.to_move();
    let opponent = me.opponent();
    let mut tries = Moves::new();
    for kind in [Kind::OpenFour, Kind::Four] {
        for cell in board.grid.set(opponent, kind).iter() {
            tries.push(cell, 0);
        }
    }
    for cell in board.capturing(me).iter() {
        tries.push(cell, 0);
    }
    for cell in board.grid.set(me, Kind::Four).iter() {
        if board.grid.allowed(cell, me) {
            moves.push(cell, 1_000_000 + score(board, cell, history));
        }
    }
    let fours = moves.len();
    for cell in tries.iter() {
        if !board.grid.allowed(cell, me) || moves.contains(cell) {
            continue;
        }
        if board.stops_straight_fours(cell) {
            moves.push(cell, score(board, cell, history));
        }
    }
    if moves.len() == fours {
        // Nothing stops it (two threes at once): the caller looks at the usual moves.
        moves.truncate(0);
    }
    moves.sort();
}
