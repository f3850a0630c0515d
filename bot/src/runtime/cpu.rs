//! The CPU for real: searches on blocking threads with a wall-clock budget (or a fixed number
//! of deadline checks, `[cpu] checks`).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use engine::cpu::NodeBudget;
use tokio::sync::mpsc;

use crate::config::CpuBudgets;
use crate::core::{CincoCpuRequest, CpuPlayer, CpuReply, CpuRequest};

/// Searches on tokio's blocking threads, each stopped by its level's time budget (or, with
/// [`CpuBudgets::fixed_checks`], after that many deadline checks: the same moves every run), so one
/// game's thinking never holds up another's moves. Answers come back on a channel.
#[derive(Debug)]
pub struct ThreadedCpu {
    replies: mpsc::UnboundedSender<CpuReply>,
    budgets: CpuBudgets,
    thinking: Arc<AtomicUsize>,
}

impl ThreadedCpu {
    /// A CPU service and the receiver of its answers.
    #[must_use]
    pub fn new(budgets: CpuBudgets) -> (Arc<ThreadedCpu>, mpsc::UnboundedReceiver<CpuReply>) {
        let (replies, receiver) = mpsc::unbounded_channel();
        (
            Arc::new(ThreadedCpu { replies, budgets, thinking: Arc::new(AtomicUsize::new(0)) }),
            receiver,
        )
    }

    /// How many asked moves have not been handed to the core yet.
    #[must_use]
    pub fn pending(&self) -> usize {
        self.thinking.load(Ordering::SeqCst)
    }

    /// The caller handed one answer to the core.
    pub fn delivered(&self) {
        let _ =
            self.thinking.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
    }
}

impl CpuPlayer for ThreadedCpu {
    fn request(&self, request: CpuRequest) {
        self.thinking.fetch_add(1, Ordering::SeqCst);
        let budget = self.budgets.of(request.level);
        let checks = self.budgets.fixed_checks();
        let replies = self.replies.clone();
        tokio::task::spawn_blocking(move || {
            let choice = match checks {
                Some(checks) => {
                    let deadline = NodeBudget::new(checks);
                    request.position.computer_choice(request.level, request.seed, &deadline)
                }
                None => {
                    let started = Instant::now();
                    let deadline = move || started.elapsed() >= budget;
                    request.position.computer_choice(request.level, request.seed, &deadline)
                }
            };
            let hopeless = choice.as_ref().and_then(|choice| choice.hopeless);
            let result = choice.map(|choice| choice.mv);
            let reply = CpuReply { game: request.game, ply: request.ply, result, hopeless };
            // The receiver is gone only when the bot is shutting down.
            let _ = replies.send(reply);
        });
    }

    fn request_cinco(&self, request: CincoCpuRequest) {
        self.thinking.fetch_add(1, Ordering::SeqCst);
        let replies = self.replies.clone();
        tokio::task::spawn_blocking(move || {
            let _ = replies.send(request.reply());
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::GameId;
    use crate::games::{GameKind, GameSettings, Position};
    use engine::cpu::Level;

    /// The CPU plays both sides of a game through [`ThreadedCpu`]; the moves in order.
    async fn cpu_against_itself(kind: GameKind, checks: u64, plies: usize) -> Vec<String> {
        let budgets = CpuBudgets { checks, ..CpuBudgets::default() };
        let (cpu, mut replies) = ThreadedCpu::new(budgets);
        let mut position = Position::start(&GameSettings::default_for(kind));
        let mut moves = Vec::new();
        while !position.outcome().is_over() && moves.len() < plies {
            let ply = position.ply();
            let seed = 3_u64.wrapping_mul(1_000_003) ^ u64::try_from(ply).unwrap_or(0);
            cpu.request(CpuRequest {
                game: GameId(3),
                ply,
                position: position.clone(),
                level: Level::Easy,
                seed,
            });
            let reply = replies.recv().await.expect("an answer");
            cpu.delivered();
            assert_eq!((reply.game, reply.ply), (GameId(3), ply));
            let text = reply.result.expect("a move while the game is on");
            moves.push(position.play(&text).expect("a legal move"));
        }
        assert_eq!(cpu.pending(), 0);
        moves
    }

    #[tokio::test]
    async fn fixed_checks_give_the_same_cpu_moves_every_time() {
        for kind in [GameKind::Gomoku, GameKind::Connect4] {
            let first = cpu_against_itself(kind, 2_000, 16).await;
            let second = cpu_against_itself(kind, 2_000, 16).await;
            assert!(first.len() >= 7, "{kind:?}: {first:?}");
            assert_eq!(first, second, "{kind:?}");
        }
    }
}
