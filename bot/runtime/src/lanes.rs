//! One queue of jobs per chat (or channel), each worked by its own task: what every adapter's
//! delivery needs, so that one chat's slow call never holds up another's. A lane idle for a
//! while retires, its task and its state gone, so a bot that has seen many chats keeps only
//! the busy ones; a stopping bot closes every lane and waits for their tasks to finish what
//! they were given.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::mpsc;
use tokio_util::task::TaskTracker;

/// How long a lane waits for a job before it retires.
pub const IDLE: Duration = Duration::from_secs(600);

/// How long a stop waits for the lanes to finish.
const STOP_WAIT: Duration = Duration::from_secs(60);

/// The lanes of key `K` carrying jobs `J`.
pub struct Lanes<K, J> {
    senders: Mutex<HashMap<K, mpsc::UnboundedSender<J>>>,
    tasks: TaskTracker,
    idle: Duration,
}

impl<K, J> std::fmt::Debug for Lanes<K, J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lanes").field("tasks", &self.tasks.len()).finish_non_exhaustive()
    }
}

impl<K: Eq + Hash + Clone, J> Default for Lanes<K, J> {
    fn default() -> Lanes<K, J> {
        Lanes::retiring_after(IDLE)
    }
}

impl<K: Eq + Hash + Clone, J> Lanes<K, J> {
    /// Lanes that retire after `idle` without a job.
    #[must_use]
    pub fn retiring_after(idle: Duration) -> Lanes<K, J> {
        Lanes { senders: Mutex::new(HashMap::new()), tasks: TaskTracker::new(), idle }
    }

    /// The map of lanes. A worker that panicked while holding it left it as it was (its
    /// own lane's entry, at worst, points at a closed channel): the lanes go on.
    fn senders(&self) -> MutexGuard<'_, HashMap<K, mpsc::UnboundedSender<J>>> {
        self.senders.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `job` in the lane of `key`. A lane with no task (new, or retired) gets one:
    /// `work` is handed the lane's receiving end and runs as that task.
    pub fn push<F>(&self, key: K, job: J, work: impl FnOnce(mpsc::UnboundedReceiver<J>) -> F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let mut senders = self.senders();
        let job = match senders.get(&key) {
            Some(sender) => match sender.send(job) {
                Ok(()) => return,
                // The lane's task is gone (it panicked): a new one takes the job.
                Err(mpsc::error::SendError(job)) => job,
            },
            None => job,
        };
        let (sender, jobs) = mpsc::unbounded_channel();
        // The receiver is alive: it is about to be handed to the new task.
        let _ = sender.send(job);
        senders.insert(key, sender);
        self.tasks.spawn(work(jobs));
    }

    /// Runs `task` among the lanes' tasks, so that a stop waits for it too.
    pub fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) {
        self.tasks.spawn(task);
    }

    /// The next job of `key`'s lane, as its task waits for it; `None` when the lane is closed
    /// (the bot stops) or has been idle long enough to retire, its entry gone: the task ends.
    pub async fn next(&self, key: &K, jobs: &mut mpsc::UnboundedReceiver<J>) -> Option<J> {
        if let Ok(job) = tokio::time::timeout(self.idle, jobs.recv()).await {
            return job;
        }
        // Pushes hold the map while they send: with it held, nothing can arrive between the
        // last look and the retirement.
        let mut senders = self.senders();
        match jobs.try_recv() {
            Ok(job) => Some(job),
            Err(mpsc::error::TryRecvError::Disconnected) => None,
            Err(mpsc::error::TryRecvError::Empty) => {
                senders.remove(key);
                None
            }
        }
    }

    /// How many lanes have a task.
    #[must_use]
    pub fn open(&self) -> usize {
        self.senders().len()
    }

    /// Closes every lane and waits (a minute at most) for their tasks to finish the jobs
    /// they were given.
    pub async fn stop(&self) {
        self.senders().clear();
        self.tasks.close();
        if tokio::time::timeout(STOP_WAIT, self.tasks.wait()).await.is_err() {
            tracing::warn!(left = self.tasks.len(), "some deliveries did not finish in time");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;

    /// A lane's task: hands every job to `done` until the lane closes or retires.
    fn worker(
        lanes: &Arc<Lanes<u32, u32>>,
        key: u32,
        done: &mpsc::UnboundedSender<(u32, u32)>,
    ) -> impl FnOnce(mpsc::UnboundedReceiver<u32>) -> std::pin::Pin<Box<dyn Future<Output = ()> + Send>>
    {
        let (lanes, done) = (Arc::clone(lanes), done.clone());
        move |mut jobs| {
            Box::pin(async move {
                while let Some(job) = lanes.next(&key, &mut jobs).await {
                    let _ = done.send((key, job));
                }
            })
        }
    }

    #[tokio::test]
    async fn each_key_gets_one_task_and_stop_waits_for_every_job() {
        let lanes: Arc<Lanes<u32, u32>> = Arc::default();
        let (done, mut seen) = mpsc::unbounded_channel();
        for (key, job) in [(1, 10), (2, 20), (1, 11)] {
            lanes.push(key, job, worker(&lanes, key, &done));
        }
        assert_eq!(lanes.open(), 2, "one task per key");
        lanes.stop().await;
        let mut got = Vec::new();
        while let Ok(job) = seen.try_recv() {
            got.push(job);
        }
        got.sort_unstable();
        assert_eq!(got, [(1, 10), (1, 11), (2, 20)]);
        assert_eq!(lanes.open(), 0);
    }

    /// 100,000 chats that each sent one thing leave no lane behind once idle: what a bot
    /// keeps does not grow with the chats it has seen.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn idle_lanes_retire_and_a_retired_lane_opens_again() {
        let lanes: Arc<Lanes<u32, u32>> =
            Arc::new(Lanes::retiring_after(Duration::from_millis(50)));
        let (done, mut seen) = mpsc::unbounded_channel();
        for key in 0..100_000 {
            lanes.push(key, key, worker(&lanes, key, &done));
        }
        for _ in 0..100_000 {
            assert!(seen.recv().await.is_some(), "every chat is served");
        }
        let until = std::time::Instant::now() + Duration::from_secs(60);
        while lanes.open() > 0 && std::time::Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(lanes.open(), 0, "every idle lane retired");
        assert_eq!(lanes.tasks.len(), 0, "and its task ended");
        lanes.push(7, 70, worker(&lanes, 7, &done));
        assert_eq!(seen.recv().await, Some((7, 70)), "a chat that speaks again is served");
        lanes.stop().await;
    }
}
