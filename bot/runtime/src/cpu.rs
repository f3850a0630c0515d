//! The CPU for real: searches on a bounded pool of blocking threads with a wall-clock budget
//! (or a fixed number of deadline checks, `[cpu] checks`). A search that panics does not stall
//! its game: the game gets a legal move all the same, and the failure is logged.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use engine::cpu::{Choice, Deadline, NodeBudget};
use tokio::sync::{Semaphore, mpsc};

use crate::config::CpuBudgets;
use cincobot_core::core::{CincoCpuRequest, CpuPlayer, CpuReply, CpuRequest};

/// How a board game's move is searched: the engine's computer player, or a stand-in a test
/// injects.
pub type Search = dyn Fn(&CpuRequest, &dyn Deadline) -> Option<Choice<String>> + Send + Sync;

/// The engine's computer player for `request`.
fn engine_search(request: &CpuRequest, deadline: &dyn Deadline) -> Option<Choice<String>> {
    request.position.computer_choice(request.level, request.seed, deadline)
}

/// The threads the searches of every core partition share: at most
/// [`CpuBudgets::threads`] at once in the whole process.
pub struct CpuPool {
    budgets: CpuBudgets,
    slots: Arc<Semaphore>,
    search: Arc<Search>,
}

impl std::fmt::Debug for CpuPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CpuPool")
            .field("budgets", &self.budgets)
            .field("free_slots", &self.slots.available_permits())
            .finish_non_exhaustive()
    }
}

impl CpuPool {
    /// A service for one core partition: its own answers, the pool's threads.
    #[must_use]
    pub fn service(self: &Arc<CpuPool>) -> (Arc<ThreadedCpu>, mpsc::UnboundedReceiver<CpuReply>) {
        let (replies, receiver) = mpsc::unbounded_channel();
        let thinking = Arc::new(AtomicUsize::new(0));
        (Arc::new(ThreadedCpu { replies, thinking, pool: Arc::clone(self) }), receiver)
    }
}

/// Searches on tokio's blocking threads, at most [`CpuBudgets::threads`] at once (more wait
/// their turn, so a burst of games cannot start a thread each), each stopped by its level's
/// time budget (or, with [`CpuBudgets::fixed_checks`], after that many deadline checks: the
/// same moves every run), so one game's thinking never holds up another's moves. Answers come
/// back on a channel, one for every request, a failed search's included.
pub struct ThreadedCpu {
    replies: mpsc::UnboundedSender<CpuReply>,
    thinking: Arc<AtomicUsize>,
    pool: Arc<CpuPool>,
}

impl std::fmt::Debug for ThreadedCpu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreadedCpu")
            .field("thinking", &self.thinking)
            .field("pool", &self.pool)
            .finish_non_exhaustive()
    }
}

impl ThreadedCpu {
    /// A CPU service and the receiver of its answers.
    #[must_use]
    pub fn new(budgets: CpuBudgets) -> (Arc<ThreadedCpu>, mpsc::UnboundedReceiver<CpuReply>) {
        ThreadedCpu::pool(budgets).service()
    }

    /// The threads for the services of several core partitions.
    #[must_use]
    pub fn pool(budgets: CpuBudgets) -> Arc<CpuPool> {
        ThreadedCpu::pool_with_search(budgets, Arc::new(engine_search))
    }

    /// [`ThreadedCpu::pool`] searching board games' moves with `search`.
    #[must_use]
    pub fn pool_with_search(budgets: CpuBudgets, search: Arc<Search>) -> Arc<CpuPool> {
        let slots = Arc::new(Semaphore::new(budgets.threads()));
        Arc::new(CpuPool { budgets, slots, search })
    }

    /// [`ThreadedCpu::new`] searching board games' moves with `search`.
    #[must_use]
    pub fn with_search(
        budgets: CpuBudgets,
        search: Arc<Search>,
    ) -> (Arc<ThreadedCpu>, mpsc::UnboundedReceiver<CpuReply>) {
        ThreadedCpu::pool_with_search(budgets, search).service()
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

    /// Runs `work` on a blocking thread once a slot of the pool is free, and sends its reply;
    /// if `work` panics, `fallback`'s instead.
    fn think(
        &self,
        work: impl FnOnce() -> CpuReply + Send + 'static,
        fallback: impl FnOnce() -> CpuReply + Send + 'static,
    ) {
        self.thinking.fetch_add(1, Ordering::SeqCst);
        let replies = self.replies.clone();
        let slots = Arc::clone(&self.pool.slots);
        tokio::spawn(async move {
            // The pool is never closed: a permit always comes.
            let permit = slots.acquire_owned().await;
            let reply = match tokio::task::spawn_blocking(work).await {
                Ok(reply) => reply,
                Err(error) => {
                    let reply = fallback();
                    tracing::error!(
                        game = reply.game.0,
                        ply = reply.ply,
                        %error,
                        "a CPU search failed; the game gets a legal move instead"
                    );
                    reply
                }
            };
            drop(permit);
            // The receiver is gone only when the bot is shutting down.
            let _ = replies.send(reply);
        });
    }
}

impl CpuPlayer for ThreadedCpu {
    fn request(&self, request: CpuRequest) {
        let budget = self.pool.budgets.of(request.level);
        let checks = self.pool.budgets.fixed_checks();
        let search = Arc::clone(&self.pool.search);
        let (game, ply) = (request.game, request.ply);
        let first_legal = request.position.legal_moves().into_iter().next();
        let work = move || {
            let choice = match checks {
                Some(checks) => search(&request, &NodeBudget::new(checks)),
                None => {
                    let started = Instant::now();
                    let deadline = move || started.elapsed() >= budget;
                    search(&request, &deadline)
                }
            };
            let hopeless = choice.as_ref().and_then(|choice| choice.hopeless);
            let result = choice.map(|choice| choice.mv);
            CpuReply { game, ply, result, hopeless }
        };
        let fallback = move || CpuReply { game, ply, result: first_legal, hopeless: None };
        self.think(work, fallback);
    }

    fn request_cinco(&self, request: CincoCpuRequest) {
        let (game, ply) = (request.game, request.seq);
        let first_legal =
            request.private.actions.first().copied().map(cincobot_core::core::action_code);
        let fallback = move || CpuReply { game, ply, result: first_legal, hopeless: None };
        self.think(move || request.reply(), fallback);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cincobot_core::core::GameId;
    use cincobot_core::games::{GameKind, GameSettings, Position};
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

    fn gomoku_request(game: i64) -> CpuRequest {
        let position = Position::start(&GameSettings::default_for(GameKind::Gomoku));
        CpuRequest { game: GameId(game), ply: 0, position, level: Level::Easy, seed: 1 }
    }

    /// A search that panics gives its game a legal move all the same (the first), and the
    /// pool carries on.
    #[tokio::test]
    async fn a_search_that_panics_still_answers_with_a_legal_move() {
        let panicking: Arc<Search> = Arc::new(|request: &CpuRequest, _: &dyn Deadline| {
            assert!(request.game != GameId(7), "a search bug in game 7");
            Some(Choice { mv: "h8".to_owned(), hopeless: None })
        });
        let budgets = CpuBudgets { threads: 1, ..CpuBudgets::default() };
        let (cpu, mut replies) = ThreadedCpu::with_search(budgets, panicking);
        cpu.request(gomoku_request(7));
        cpu.request(gomoku_request(8));
        let mut answered = Vec::new();
        for _ in 0..2 {
            let reply = replies.recv().await.expect("an answer for every request");
            cpu.delivered();
            answered.push((reply.game, reply.result));
        }
        answered.sort_by_key(|(game, _)| game.0);
        let first_legal = gomoku_request(7).position.legal_moves().into_iter().next();
        assert!(first_legal.is_some());
        assert_eq!(answered, [(GameId(7), first_legal), (GameId(8), Some("h8".to_owned()))]);
        assert_eq!(cpu.pending(), 0, "the thinking count drops for the failed search too");
    }

    /// However many games ask at once, no more searches run together than the pool allows.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_searches_run_at_once_than_the_pool_allows() {
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let (now, peak) = (Arc::clone(&running), Arc::clone(&most));
        let counting: Arc<Search> = Arc::new(move |_: &CpuRequest, _: &dyn Deadline| {
            let together = now.fetch_add(1, Ordering::SeqCst) + 1;
            peak.fetch_max(together, Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(20));
            now.fetch_sub(1, Ordering::SeqCst);
            Some(Choice { mv: "h8".to_owned(), hopeless: None })
        });
        let budgets = CpuBudgets { threads: 2, ..CpuBudgets::default() };
        let (cpu, mut replies) = ThreadedCpu::with_search(budgets, counting);
        for game in 0..12 {
            cpu.request(gomoku_request(game));
        }
        for _ in 0..12 {
            replies.recv().await.expect("an answer");
            cpu.delivered();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2, "two at once, never more");
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
