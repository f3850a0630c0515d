//! What a thread's last grid search learnt, carried to its next search when that one continues
//! the same game: the transposition table then already holds the positions two plies on from
//! the last root, searched deep, so the new search starts deeper than it would from nothing.
//!
//! The table is keyed by whole positions (stones, side to move, taken stones), so an entry
//! read in another position of the same game is still right; only the rules must match, and
//! they are compared. A search that does not continue the last one (another game, the same
//! position again, stones taken off since) gets a fresh memory, so that repeated searches of
//! one position, as in the benchmarks, stay independent of each other.

use std::cell::RefCell;

use super::pvs::Memory;
use super::rules::GridRules;
use crate::Board;

/// The root a memory was learnt from.
struct Root {
    board: Board,
    rules: GridRules,
    captured: [u16; 2],
    table_bits: u32,
}

impl Root {
    /// Whether `later` can follow this root in one game: the same rules and table, every
    /// stone still in place, at least one stone more, and no fewer stones taken.
    fn continued_by(&self, later: &Root) -> bool {
        let board = &self.board;
        self.rules == later.rules
            && self.table_bits == later.table_bits
            && board.size() == later.board.size()
            && self.captured.iter().zip(later.captured).all(|(&before, after)| before <= after)
            && stone_count(&later.board) > stone_count(board)
            && board.points().all(|point| {
                board.get(point).is_none() || board.get(point) == later.board.get(point)
            })
    }
}

fn stone_count(board: &Board) -> usize {
    let (black, white) = board.count();
    black + white
}

thread_local! {
    static LAST: RefCell<Option<(Root, Memory)>> = const { RefCell::new(None) };
}

/// The memory for a search from `board`: this thread's last one when `board` continues its
/// game under the same rules, a fresh one of `2^table_bits` entries otherwise.
pub(crate) fn take(board: &Board, rules: GridRules, captured: [u16; 2], table_bits: u32) -> Memory {
    let root = Root { board: board.clone(), rules, captured, table_bits };
    let last = LAST.with(|last| last.borrow_mut().take());
    match last {
        Some((previous, mut memory)) if previous.continued_by(&root) => {
            memory.carry_over();
            memory
        }
        _ => Memory::new(table_bits),
    }
}

/// Keeps `memory`, learnt from `board`, for this thread's next search.
pub(crate) fn keep(board: &Board, rules: GridRules, captured: [u16; 2], memory: Memory) {
    let table_bits = memory.table_bits();
    let root = Root { board: board.clone(), rules, captured, table_bits };
    LAST.with(|last| *last.borrow_mut() = Some((root, memory)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cpu::grid::board::SearchBoard;
    use crate::cpu::grid::levels::Params;
    use crate::cpu::grid::search::grid_analysis;
    use crate::cpu::grid::tests::stones;
    use crate::cpu::{Level, NodeBudget, Think};
    use crate::{GomokuSettings, Stone};

    fn gomoku() -> GridRules {
        GridRules::gomoku(GomokuSettings::default())
    }

    fn root(board: Board, rules: GridRules) -> Root {
        Root { board, rules, captured: [0, 0], table_bits: 10 }
    }

    #[test]
    fn a_later_position_of_the_same_game_continues_the_root() {
        let before = root(stones("h8", "g7"), gomoku());
        assert!(before.continued_by(&root(stones("h8 j9", "g7 g8"), gomoku())));
    }

    #[test]
    fn the_same_position_another_game_or_other_rules_do_not() {
        let before = root(stones("h8", "g7"), gomoku());
        assert!(!before.continued_by(&root(stones("h8", "g7"), gomoku())), "same position");
        assert!(!before.continued_by(&root(stones("h8 j9", "g6 g8"), gomoku())), "g7 gone");
        assert!(!before.continued_by(&root(stones("h8 j9", "g7 g8"), GridRules::renju())));
        let fewer_taken = Root { captured: [2, 0], ..root(stones("h8", "g7"), gomoku()) };
        assert!(!fewer_taken.continued_by(&root(stones("h8 j9", "g7 g8"), gomoku())));
    }

    #[test]
    fn the_next_search_of_the_game_starts_from_the_last_ones_table() {
        let rules = gomoku();
        let black = "h8 h6 g9 h7 g6 e6";
        let white = "g7 g8 i7 h9 h5 f6";
        let budget = NodeBudget::new(300);
        let think = Think { level: Level::Hard, seed: 3, deadline: &budget };
        let first = grid_analysis(&stones(black, white), Stone::Black, &rules, think);
        let reply = first.best.expect("a move");
        // Any white answer the search looked at: the table knows the position after it.
        let mut later = stones(black, white);
        later.set(reply, Some(Stone::Black));
        let answer = later.empty_points().find(|&point| {
            let mut next = later.clone();
            next.set(point, Some(Stone::White));
            let key = SearchBoard::new(&next, Stone::Black, rules).hash();
            LAST.with(|last| last.borrow().as_ref().is_some_and(|(_, memory)| memory.knows(key)))
        });
        let answer = answer.expect("some position two plies on is in the table");
        later.set(answer, Some(Stone::White));
        let key = SearchBoard::new(&later, Stone::Black, rules).hash();
        let bits = Params::of(Level::Hard).table_bits;
        let carried = take(&later, rules, [0, 0], bits);
        assert!(carried.knows(key));
        keep(&later, rules, [0, 0], carried);
        let unrelated = stones("a1", "o15");
        let key = SearchBoard::new(&unrelated, Stone::Black, rules).hash();
        let fresh = take(&unrelated, rules, [0, 0], bits);
        assert!(!fresh.knows(key), "another game starts from nothing");
    }
}
