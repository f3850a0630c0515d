//! The computer player of 5 en raya and Connect Four, with or without PopOut.
//!
//! A bitboard negamax (see `search`) over the grid as the player to move sees it (`board`),
//! with a transposition table (`table`), threat-first move ordering (`ordering`) and a
//! threat-counting evaluation at the horizon (`evaluation`); `levels` says how far each
//! level looks and how the easy one errs.

mod board;
mod evaluation;
mod levels;
mod ordering;
mod search;
mod table;

use self::board::Slot;
use self::levels::Style;
use self::search::{PROVEN, WIN};
use super::{ComputerPlayer, Think};
use crate::{BoardGame, Connect, ConnectMove};

impl ComputerPlayer for Connect {
    fn computer_move(&self, think: Think<'_>) -> Option<ConnectMove> {
        self.analyse(think).map(|analysis| analysis.best)
    }
}

impl Connect {
    /// What the computer player thinks of this position: its move, how far it looked and
    /// what it expects. `None` once the game is over.
    #[must_use]
    pub fn analyse(&self, think: Think<'_>) -> Option<ConnectAnalysis> {
        if self.outcome().is_over() {
            return None;
        }
        let report = search::think(self, Style::of(think.level), think.seed, think.deadline)?;
        let forecast = if report.score > PROVEN {
            ConnectForecast::Win { plies: plies_to_end(report.score) }
        } else if report.score < -PROVEN {
            ConnectForecast::Loss { plies: plies_to_end(-report.score) }
        } else {
            ConnectForecast::Estimate(i32::from(report.score))
        };
        Some(ConnectAnalysis {
            best: Slot::to_move(report.best),
            depth: u32::from(report.depth),
            nodes: report.nodes,
            forecast,
        })
    }
}

fn plies_to_end(score: i16) -> u32 {
    // A proven score lies between PROVEN and WIN, so the difference is small and positive.
    u32::try_from(WIN - score).unwrap_or(0)
}

/// The computer player's view of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectAnalysis {
    /// The move it plays.
    pub best: ConnectMove,
    /// The deepest search it finished, in plies.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    pub forecast: ConnectForecast,
}

/// What the player to move can expect, as far as the search saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectForecast {
    /// A forced win: the game ends after `plies` more moves of both players, this one
    /// included, against any defence.
    Win { plies: u32 },
    /// A forced loss in `plies` moves of both players, against the best defence found.
    Loss { plies: u32 },
    /// No forced result within reach: positive favours the player to move (a threat is
    /// worth a few dozen points).
    Estimate(i32),
}

#[cfg(test)]
mod tests;
