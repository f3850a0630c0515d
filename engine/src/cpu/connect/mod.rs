//! The computer player of 5 en raya and Connect Four, with or without PopOut.
//!
//! A bitboard negamax (see `search`) over the grid as the player to move sees it (`board`),
//! with a transposition table (`table`), threat-first move ordering (`ordering`) and a
//! threat-counting evaluation at the horizon (`evaluation`); `levels` says how far each
//! level looks and how the easy one errs. Near the end of the game the hard level first
//! solves the position exactly (`solver`, with its own table in `outcome_table`).

mod board;
mod evaluation;
mod levels;
mod ordering;
mod outcome_table;
mod search;
mod solver;
mod table;

use self::board::{Board, Geometry, Slot};
use self::levels::Style;
use self::search::{PROVEN, WIN};
use self::solver::Solver;
use super::{Choice, ComputerPlayer, Deadline, Hopeless, Level, Think};
use crate::{BoardGame, Connect, ConnectMove};

impl ComputerPlayer for Connect {
    fn computer_move(&self, think: Think<'_>) -> Option<ConnectMove> {
        self.analyse(think).map(|analysis| analysis.best)
    }

    /// At the hard level, hopeless when the solver proved the loss, or when the deepening
    /// proved every move losing (its proven scores are exact: it prunes no move that could
    /// save the game). Not with PopOut, where a repetition seen on one path may be scored on
    /// another. The easy and normal levels play their games out, as beginners do.
    fn computer_choice(&self, think: Think<'_>) -> Option<Choice<ConnectMove>> {
        let analysis = self.analyse(think)?;
        let solved_lost = analysis.outcome == Some(ConnectOutcome::Loss);
        let searched_lost =
            matches!(analysis.forecast, ConnectForecast::Loss { .. }) && !self.settings().pop_out;
        let proved = think.level == Level::Hard && (solved_lost || searched_lost);
        let hopeless = proved.then_some(Hopeless::ForcedLoss);
        Some(Choice { mv: analysis.best, hopeless })
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
            outcome: report.outcome.map(ConnectOutcome::of),
        })
    }

    /// The exact outcome of this position for the player to move and of each legal move,
    /// searched until done or until `deadline` (then `None`); also `None` with PopOut, whose
    /// games need not end, and once the game is over. An analysis tool: with many empty
    /// cells it can take hours.
    #[must_use]
    pub fn solve(&self, deadline: &dyn Deadline) -> Option<ConnectSolution> {
        if self.settings().pop_out || self.outcome().is_over() {
            return None;
        }
        let geometry = Geometry::of(self.settings());
        let board = Board::of(self);
        let mut solver = Solver::new(geometry, SOLVE_TABLE_BITS, deadline);
        let mut moves = Vec::new();
        for mv in self.legal_moves() {
            let value = solver.move_value(board, Slot::of(mv))?;
            moves.push((mv, ConnectOutcome::of(value)));
        }
        let outcome = moves.iter().map(|&(_, outcome)| outcome).max()?;
        Some(ConnectSolution { outcome, moves, nodes: solver.nodes })
    }
}

/// `Connect::solve` is for offline use: a table of 64 MiB.
const SOLVE_TABLE_BITS: u8 = 22;

/// The exact result of a game for one player, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ConnectOutcome {
    Loss,
    Draw,
    Win,
}

impl ConnectOutcome {
    fn of(value: solver::Value) -> ConnectOutcome {
        match value.signum() {
            1 => ConnectOutcome::Win,
            0 => ConnectOutcome::Draw,
            _ => ConnectOutcome::Loss,
        }
    }
}

/// A position solved to the end of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectSolution {
    /// For the player to move, with best play on both sides.
    pub outcome: ConnectOutcome,
    /// Every legal move, with the outcome it leads to for the player who plays it.
    pub moves: Vec<(ConnectMove, ConnectOutcome)>,
    /// Positions visited.
    pub nodes: u64,
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
    /// The exact outcome for the player to move, when the hard level solved the position
    /// (near the end of a game without PopOut). `Some(Loss)` means every move loses against
    /// best play: a caller may resign for the computer.
    pub outcome: Option<ConnectOutcome>,
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
