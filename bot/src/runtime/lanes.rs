//! One queue of jobs per chat (or channel), each worked by its own task, and a count of the
//! jobs not done yet: what every adapter's delivery needs, so that one chat's slow call never
//! holds up another's and a stopping bot can wait for what it queued.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

/// The lanes of key `K` carrying jobs `J`.
pub struct Lanes<K, J> {
    senders: Mutex<HashMap<K, mpsc::UnboundedSender<J>>>,
    /// Jobs queued and not done yet.
    busy: AtomicUsize,
}

impl<K, J> std::fmt::Debug for Lanes<K, J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lanes").field("busy", &self.busy).finish_non_exhaustive()
    }
}

impl<K: Eq + Hash, J> Default for Lanes<K, J> {
    fn default() -> Lanes<K, J> {
        Lanes { senders: Mutex::new(HashMap::new()), busy: AtomicUsize::new(0) }
    }
}

impl<K: Eq + Hash, J> Lanes<K, J> {
    /// Queues `job` in the lane of `key`; the lane's first job calls `start` with the lane's
    /// receiving end, for it to spawn the lane's worker.
    pub fn push(&self, key: K, job: J, start: impl FnOnce(mpsc::UnboundedReceiver<J>)) {
        let Ok(mut senders) = self.senders.lock() else {
            tracing::error!("the delivery lanes are poisoned");
            return;
        };
        self.busy.fetch_add(1, Ordering::SeqCst);
        let sender = senders.entry(key).or_insert_with(|| {
            let (sender, jobs) = mpsc::unbounded_channel();
            start(jobs);
            sender
        });
        if sender.send(job).is_err() {
            self.busy.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// A worker made a job of its own (a follow-up), to be counted until done.
    pub fn added(&self) {
        self.busy.fetch_add(1, Ordering::SeqCst);
    }

    /// `count` jobs are done (or dropped as needless).
    pub fn finished(&self, count: usize) {
        self.busy.fetch_sub(count, Ordering::SeqCst);
    }

    /// Waits (at most a minute) until every job is done.
    pub async fn drain(&self) {
        let until = Instant::now() + Duration::from_secs(60);
        while self.busy.load(Ordering::SeqCst) > 0 && Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Lanes;

    #[tokio::test]
    async fn each_key_gets_one_worker_and_drain_waits_for_every_job() {
        let lanes: std::sync::Arc<Lanes<u8, u32>> = std::sync::Arc::default();
        let (done, mut seen) = tokio::sync::mpsc::unbounded_channel();
        let mut starts = 0;
        for (key, job) in [(1, 10), (2, 20), (1, 11)] {
            lanes.push(key, job, |mut jobs| {
                starts += 1;
                let lanes = lanes.clone();
                let done = done.clone();
                tokio::spawn(async move {
                    while let Some(job) = jobs.recv().await {
                        let _ = done.send((key, job));
                        lanes.finished(1);
                    }
                });
            });
        }
        lanes.drain().await;
        assert_eq!(starts, 2, "one worker per key");
        let mut got = Vec::new();
        while let Ok(job) = seen.try_recv() {
            got.push(job);
        }
        got.sort_unstable();
        assert_eq!(got, [(1, 10), (1, 11), (2, 20)]);
    }
}
