//! Threat-space search of the capture games: a win by moves the opponent must answer (the
//! VCF): fours, captures that leave a win in one, and, one or two pairs short of ten stones,
//! capture threats. Unlike gomoku, a four has more answers than its empty point: any capture
//! that takes a stone of the line, or that reaches ten stones first, answers it too, and the
//! search tries them all.
//!
//! There is no search by threes (VCT) here: a three is also answered by a stone that flanks
//! one of its pairs, ready to break the four by a capture, which leaves the attacker so many
//! answers to beat that the time is better spent in the main search (hard beat normal less
//! often with it).

use super::board::Kind;
use super::candidates::Moves;
use super::capture_search::CaptureSearcher;
use super::captures::STONES_TO_WIN;
use super::cells::{Cell, CellSet};
use super::pvs::Pvs;

const MEMO_BITS: u32 = 15;
/// Pairs a capture threat is looked for with: a point that would take two pairs at once
/// wins from six stones. Three at once is too rare to widen every threat search for.
const FLANKED_PAIRS_AT_ONCE: u16 = 2;

/// Positions already shown to hold no threat win, by key, with the depth tried.
#[derive(Debug)]
pub(crate) struct ThreatMemo {
    entries: Vec<(u64, u32)>,
}

impl ThreatMemo {
    pub(crate) fn new() -> ThreatMemo {
        ThreatMemo { entries: vec![(0, 0); 1 << MEMO_BITS] }
    }

    fn failed(&self, key: u64, depth: u32) -> bool {
        let (stored, tried) = self.entries[key as usize & ((1 << MEMO_BITS) - 1)];
        stored == key && tried >= depth
    }

    fn record(&mut self, key: u64, depth: u32) {
        self.entries[key as usize & ((1 << MEMO_BITS) - 1)] = (key, depth);
    }
}

impl CaptureSearcher<'_> {
    /// The first move, among the `root` points, of a threat win within `depth` threats.
    pub(crate) fn threat_root(&mut self, depth: u32, root: &CellSet) -> Option<Cell> {
        if self.board.wins_in_one(self.board.to_move().opponent()) {
            return None;
        }
        let mut moves = Moves::new();
        self.threats(&mut moves);
        for cell in moves.iter().filter(|&cell| root.contains(cell)) {
            self.board.play(cell);
            let wins = self.threat_defend(depth.saturating_sub(1));
            self.board.undo(cell);
            if self.stopped {
                return None;
            }
            if wins {
                return Some(cell);
            }
        }
        None
    }

    /// The attacker's candidate threats, best first: fours; captures, which can open a line
    /// into a four or bring the count within one capture of ten while another pair stands
    /// flanked; and, once the next capture or two would bring the tenth stone, the points that
    /// flank an opponent pair (a stone that flanks a second pair beside one already flanked
    /// makes a point that takes both). Each is a threat only if the attacker then wins in one,
    /// which [`CaptureSearcher::threat_defend`] checks first.
    fn threats(&self, moves: &mut Moves) {
        let me = self.board.to_move();
        let grid = &self.board.grid;
        let fours = grid.set(me, Kind::Four);
        let captures = self.board.capturing(me);
        for cell in fours.iter() {
            if grid.allowed(cell, me) {
                moves.push(cell, 3_000_000 + grid.reading(cell, me).value());
            }
        }
        for cell in captures.iter() {
            if !fours.contains(cell) && grid.allowed(cell, me) {
                moves.push(cell, 2_000_000 + grid.reading(cell, me).value());
            }
        }
        if self.board.captured(me) + 2 * FLANKED_PAIRS_AT_ONCE >= STONES_TO_WIN {
            for cell in grid.near().iter() {
                if self.board.take(cell, me).threats > 0
                    && !fours.contains(cell)
                    && !captures.contains(cell)
                    && grid.allowed(cell, me)
                {
                    moves.push(cell, 1_000_000 + grid.reading(cell, me).value());
                }
            }
        }
        moves.sort();
    }

    /// Whether the side to move wins by threats within `depth` of them.
    pub(crate) fn threat_win(&mut self, depth: u32) -> bool {
        if self.tick() {
            return false;
        }
        let me = self.board.to_move();
        if self.board.wins_in_one(me) {
            return true;
        }
        if self.board.wins_in_one(me.opponent()) {
            // The defender's counter-threat must be answered first; the attack goes on only
            // if an answer keeps a threat of ours standing.
            let mut answers = Moves::new();
            self.board.answers(&mut answers);
            for cell in answers.iter() {
                self.board.play(cell);
                let wins = self.threat_defend(depth);
                self.board.undo(cell);
                if wins {
                    return true;
                }
                if self.stopped {
                    return false;
                }
            }
            return false;
        }
        if depth == 0 || self.memo.failed(self.board.hash(), depth) {
            return false;
        }
        let mut moves = Moves::new();
        self.threats(&mut moves);
        for cell in moves.iter() {
            self.board.play(cell);
            let wins = self.threat_defend(depth - 1);
            self.board.undo(cell);
            if wins {
                return true;
            }
            if self.stopped {
                return false;
            }
        }
        self.memo.record(self.board.hash(), depth);
        false
    }

    /// The defender is to move after the attacker's threat: whether the attacker still wins,
    /// whatever answer (block or capture) the defender picks.
    fn threat_defend(&mut self, depth: u32) -> bool {
        if self.tick() {
            return false;
        }
        let defender = self.board.to_move();
        let attacker = defender.opponent();
        if self.board.wins_in_one(defender) {
            return false;
        }
        if !self.board.wins_in_one(attacker) {
            return false;
        }
        let mut replies = Moves::new();
        self.board.answers(&mut replies);
        for cell in replies.iter() {
            self.board.play(cell);
            let wins = self.threat_win(depth);
            self.board.undo(cell);
            if !wins || self.stopped {
                return false;
            }
        }
        true
    }
}
