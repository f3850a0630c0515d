//! Threat-space search: a win by moves the opponent must answer. With fours only it is the
//! VCF (victory by continuous fours); with threes too it is the VCT. The defender's answers
//! to a three are every point that stops the straight four and every four of its own; a four
//! whose only answer is a point forbidden to black wins outright, which is how white uses
//! black's forbidden points.

use super::board::Kind;
use super::candidates::{Moves, three_stop_tries};
use super::cells::Cell;
use super::search::Searcher;

/// Which threats the attacker may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ThreatSpace {
    /// Fours only: VCF.
    Fours,
    /// Fours and open threes: VCT.
    FoursAndThrees,
}

/// Positions already shown to hold no threat win, by hash, with the depth and space tried.
#[derive(Debug)]
pub(crate) struct ThreatMemo {
    entries: Vec<(u64, u32)>,
}

const MEMO_BITS: u32 = 16;

impl ThreatMemo {
    pub(crate) fn new() -> ThreatMemo {
        ThreatMemo { entries: vec![(0, 0); 1 << MEMO_BITS] }
    }

    fn key(hash: u64, space: ThreatSpace) -> u64 {
        match space {
            ThreatSpace::Fours => hash,
            ThreatSpace::FoursAndThrees => !hash,
        }
    }

    fn failed(&self, hash: u64, space: ThreatSpace, depth: u32) -> bool {
        let key = ThreatMemo::key(hash, space);
        let (stored, tried) = self.entries[key as usize & ((1 << MEMO_BITS) - 1)];
        stored == key && tried >= depth
    }

    fn record(&mut self, hash: u64, space: ThreatSpace, depth: u32) {
        let key = ThreatMemo::key(hash, space);
        self.entries[key as usize & ((1 << MEMO_BITS) - 1)] = (key, depth);
    }
}

impl Searcher<'_> {
    /// The first move of a threat win for the side to move within `depth` threats, if any.
    pub(crate) fn threat_root(&mut self, space: ThreatSpace, depth: u32) -> Option<Cell> {
        let mut moves = Moves::new();
        if !self.threat_moves(space, &mut moves) {
            return None;
        }
        for cell in moves.iter() {
            self.board.play(cell);
            let wins = self.defend(space, depth.saturating_sub(1));
            self.board.undo(cell);
            if wins && !self.threat_given_up() {
                return Some(cell);
            }
            if self.threat_given_up() {
                return None;
            }
        }
        None
    }

    /// Whether the side to move wins by threats within `depth` of them.
    pub(crate) fn threat_win(&mut self, space: ThreatSpace, depth: u32) -> bool {
        if self.threat_tick() {
            return false;
        }
        let me = self.board.to_move();
        let opponent = me.opponent();
        if !self.board.set(me, Kind::Five).is_empty() {
            return true;
        }
        let fives = *self.board.set(opponent, Kind::Five);
        match fives.len() {
            0 => {}
            1 => {
                // The opponent's counter-four must be blocked first; the threats go on after.
                let Some(block) = fives.first().filter(|&b| self.board.allowed(b, me)) else {
                    return false;
                };
                self.board.play(block);
                let wins = self.defend(space, depth);
                self.board.undo(block);
                return wins;
            }
            _ => return false,
        }
        if self.board.set(me, Kind::OpenFour).iter().any(|c| self.board.allowed(c, me)) {
            return true;
        }
        if depth == 0 || self.memo.failed(self.board.hash(), space, depth) {
            return false;
        }
        let mut moves = Moves::new();
        self.threat_moves(space, &mut moves);
        for cell in moves.iter() {
            self.board.play(cell);
            let wins = self.defend(space, depth - 1);
            self.board.undo(cell);
            if wins {
                return true;
            }
            if self.threat_given_up() {
                return false;
            }
        }
        self.memo.record(self.board.hash(), space, depth);
        false
    }

    /// The attacker's threats, fours first, best first. False when the opponent has a five to
    /// make and no four of ours blocks it.
    fn threat_moves(&mut self, space: ThreatSpace, moves: &mut Moves) -> bool {
        let me = self.board.to_move();
        let opponent = me.opponent();
        let fives = *self.board.set(opponent, Kind::Five);
        if fives.len() >= 2 {
            return false;
        }
        if let Some(block) = fives.first() {
            let four = self.board.set(me, Kind::Four).contains(block);
            if four && self.board.allowed(block, me) {
                moves.push(block, 0);
            }
            return four;
        }
        let kinds: &[Kind] = match space {
            ThreatSpace::Fours => &[Kind::Four],
            ThreatSpace::FoursAndThrees => &[Kind::Four, Kind::Three],
        };
        for &kind in kinds {
            for cell in self.board.set(me, kind).iter() {
                if self.board.allowed(cell, me) {
                    let reading = self.board.reading(cell, me);
                    let bonus = if kind == Kind::Four { 1_000_000 } else { 0 };
                    moves.push(cell, bonus + reading.threat as i32 * 10_000 + reading.value());
                }
            }
        }
        moves.sort();
        true
    }

    /// The defender is to move after the attacker's threat: whether the attacker still wins.
    pub(crate) fn defend(&mut self, space: ThreatSpace, depth: u32) -> bool {
        if self.threat_tick() {
            return false;
        }
        let defender = self.board.to_move();
        let attacker = defender.opponent();
        if !self.board.set(defender, Kind::Five).is_empty() {
            return false;
        }
        let fives = *self.board.set(attacker, Kind::Five);
        match fives.len() {
            0 => {}
            1 => {
                let Some(block) = fives.first() else { return false };
                if !self.board.allowed(block, defender) {
                    // The only block is forbidden to black: the four wins.
                    return true;
                }
                self.board.play(block);
                let wins = self.threat_win(space, depth);
                self.board.undo(block);
                return wins;
            }
            _ => return true,
        }
        if space == ThreatSpace::Fours {
            return false;
        }
        let open_fours = *self.board.set(attacker, Kind::OpenFour);
        if !open_fours.iter().any(|c| self.board.allowed(c, attacker)) {
            return false;
        }
        let mut replies = Moves::new();
        three_stop_tries(&self.board, attacker, &mut replies);
        replies.retain(|cell| {
            self.board.allowed(cell, defender) && self.board.stops_straight_fours(cell)
        });
        for cell in self.board.set(defender, Kind::Four).iter() {
            if self.board.allowed(cell, defender) {
                replies.push(cell, 0);
            }
        }
        for cell in replies.iter() {
            self.board.play(cell);
            let wins = self.threat_win(space, depth);
            self.board.undo(cell);
            if !wins || self.threat_given_up() {
                return false;
            }
        }
        true
    }
}
