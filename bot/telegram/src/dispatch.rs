//! The one way an update reaches the handlers, whichever way it came: teloxide's dispatcher
//! over [`handler::handler_tree`], with the same dependencies, reading any update listener —
//! long polling's or webhook mode's [`Inbox`](crate::inbox::Inbox). A chat's updates are
//! handled in their order, each chat's apart from the others'.

use std::fmt::Debug;
use std::sync::Arc;

use teloxide::dispatching::{Dispatcher, ShutdownToken};
use teloxide::error_handlers::ErrorHandler;
use teloxide::prelude::*;
use teloxide::update_listeners::UpdateListener;

use super::handler;
use cincobot_runtime::adapter::Task;

/// How long a stopping dispatcher may take to finish the updates under way.
pub const SHUTDOWN_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The dispatcher at work.
pub struct Dispatching {
    shutdown: ShutdownToken,
    task: Task,
}

impl Debug for Dispatching {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dispatching").field("task", &self.task).finish_non_exhaustive()
    }
}

/// Dispatches what `listener` yields to the update tree until stopped (or, with `ctrlc`, until
/// Ctrl-C); `errors` hears of the listener's failures.
pub fn dispatch<L, E>(
    bot: Bot,
    app: Arc<handler::App>,
    ctrlc: bool,
    listener: L,
    errors: Arc<E>,
) -> Dispatching
where
    L: UpdateListener + Send + 'static,
    L::Err: Debug + Send,
    E: ErrorHandler<L::Err> + Send + Sync + 'static,
{
    let mut builder = Dispatcher::builder(bot, handler::handler_tree())
        .dependencies(dptree::deps![app])
        .default_handler(|_| async {});
    if ctrlc {
        builder = builder.enable_ctrlc_handler();
    }
    let mut dispatcher = builder.build();
    let shutdown = dispatcher.shutdown_token();
    let task = tokio::spawn(async move {
        let _ = dispatcher.try_dispatch_with_listener(listener, errors).await;
    });
    Dispatching { shutdown, task: Task::new(task) }
}

impl Dispatching {
    /// Waits until the dispatcher has ended.
    pub async fn ended(&mut self) {
        self.task.ended().await;
    }

    /// Stops taking updates, once the updates under way are handled. The dispatcher refuses
    /// to shut down before it has started listening: it is asked again for a while, then
    /// aborted. A shutdown that does not end within [`SHUTDOWN_WAIT`] is aborted too: it was
    /// seen to wait forever while its long poll went on, which left a stopping process
    /// holding the poll's turn, and no process reading Telegram.
    pub async fn stop(&mut self) {
        let mut attempts = 0;
        loop {
            if let Ok(stopped) = self.shutdown.shutdown() {
                if tokio::time::timeout(SHUTDOWN_WAIT, stopped).await.is_err() {
                    tracing::warn!("the dispatcher did not stop in time; it is aborted");
                    self.task.abort();
                }
                break;
            }
            attempts += 1;
            if attempts > 500 || self.task.is_finished() {
                self.task.abort();
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        self.task.ended().await;
    }
}
