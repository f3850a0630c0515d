//! The desk's own thread. On a runtime worker, the desk waited behind every other ready task
//! (HTTP calls, deliveries) each time the store answered one of its statements, several times
//! a move; that wait, not its work, set the bot's most moves a second. A thread of its own
//! is woken by the store's answer directly. It stays in the runtime's context, so timers,
//! channels and the tasks it spawns are the runtime's as before.

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::thread::Thread;

/// Wakes the thread that waits for the future.
struct Unparker(Thread);

impl Wake for Unparker {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.unpark();
    }
}

/// Runs `future` to its end on the calling thread, sleeping while it waits.
pub(super) fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let waker = Waker::from(Arc::new(Unparker(std::thread::current())));
    let mut context = Context::from_waker(&waker);
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
        // A wake before the park makes the park return at once: nothing is missed.
        std::thread::park();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::block_on;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_future_on_its_own_thread_gets_the_runtime_timers_channels_and_tasks() {
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel();
        let done = tokio::task::spawn_blocking(move || {
            block_on(async move {
                tokio::time::sleep(Duration::from_millis(20)).await;
                let spawned = tokio::spawn(async { 6 * 7 });
                let answer = spawned.await.unwrap_or(0);
                let _ = sender.send(answer);
                answer
            })
        });
        assert_eq!(receiver.recv().await, Some(42));
        assert_eq!(done.await.ok(), Some(42));
    }
}
