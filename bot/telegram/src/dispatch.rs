//! The one way an update reaches the handlers, whichever way it came: teloxide's dispatcher
//! over [`handler::handler_tree`], with the same dependencies, reading any update listener —
//! long polling's or webhook mode's [`Inbox`](crate::inbox::Inbox). A chat's updates are
//! handled in their order, each chat's apart from the others'.
//!
//! It is stopped through its listener, never through teloxide's `ShutdownToken`: the
//! dispatcher hears of a shutdown only while it waits for the next update. Asked while it hands
//! an update to a chat's worker — a wait as long as that worker's queue is full — it misses
//! the request for good and reads on: a stopping process then kept long polling, and so the
//! poll's turn, forever. The listener's own stop token is a flag its stream checks each time
//! it is read; the stream then ends, and the dispatcher with it, once the updates it took are
//! handled.

use std::convert::Infallible;
use std::fmt::Debug;
use std::sync::Arc;

use teloxide::dispatching::{DefaultKey, Dispatcher};
use teloxide::error_handlers::ErrorHandler;
use teloxide::prelude::*;
use teloxide::stop::StopToken;
use teloxide::update_listeners::UpdateListener;

use super::handler;
use cincobot_runtime::adapter::Task;

/// How long a stopping dispatcher may take to finish the updates under way.
pub const SHUTDOWN_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The dispatcher at work.
pub struct Dispatching {
    stop: StopToken,
    task: Task,
}

/// How a dispatcher stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// It handled what it had taken and ended.
    Finished,
    /// It was still busy after [`SHUTDOWN_WAIT`], and was aborted.
    Aborted,
}

impl Debug for Dispatching {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dispatching").field("task", &self.task).finish_non_exhaustive()
    }
}

/// Dispatches what `listener` yields to the update tree until stopped; `errors` hears of the
/// listener's failures.
pub fn dispatch<L, E>(bot: Bot, app: Arc<handler::App>, listener: L, errors: Arc<E>) -> Dispatching
where
    L: UpdateListener + Send + 'static,
    L::Err: Debug + Send,
    E: ErrorHandler<L::Err> + Send + Sync + 'static,
{
    let dispatcher = Dispatcher::builder(bot, handler::handler_tree())
        .dependencies(dptree::deps![app])
        .default_handler(|_| async {})
        .build();
    run(dispatcher, listener, errors)
}

/// Runs `dispatcher` over `listener`, keeping the listener's stop token.
fn run<L, E>(
    mut dispatcher: Dispatcher<Bot, Infallible, DefaultKey>,
    mut listener: L,
    errors: Arc<E>,
) -> Dispatching
where
    L: UpdateListener + Send + 'static,
    L::Err: Debug + Send,
    E: ErrorHandler<L::Err> + Send + Sync + 'static,
{
    // The dispatcher asks for the token too: a listener hands out the same one until its
    // stream is made.
    let stop = listener.stop_token();
    let task = tokio::spawn(async move {
        if let Err(error) = dispatcher.try_dispatch_with_listener(listener, errors).await {
            tracing::warn!(%error, "the dispatcher could not start: getMe failed");
        }
    });
    Dispatching { stop, task: Task::new(task) }
}

impl Dispatching {
    /// Waits until the dispatcher has ended.
    pub async fn ended(&mut self) {
        self.task.ended().await;
    }

    /// Stops taking updates, once the updates under way are handled; a dispatcher still busy
    /// after [`SHUTDOWN_WAIT`] is aborted. Asked before the dispatcher listens, it ends as
    /// soon as it starts.
    pub async fn stop(&mut self) -> Stopped {
        self.stop.stop();
        if tokio::time::timeout(SHUTDOWN_WAIT, self.task.ended()).await.is_ok() {
            return Stopped::Finished;
        }
        tracing::warn!("the dispatcher did not stop in time; it is aborted");
        self.task.abort();
        self.task.ended().await;
        Stopped::Aborted
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::convert::Infallible;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use http_body_util::Full;
    use hyper::body::Bytes;
    use hyper_util::rt::TokioIo;
    use teloxide::dispatching::{Dispatcher, UpdateHandler};
    use teloxide::prelude::*;
    use teloxide::types::Update;
    use tokio::net::TcpListener;
    use tokio::sync::Semaphore;

    use super::{Stopped, run};
    use crate::inbox::inbox;

    /// Holds every update at its handler until let through; counts those handled.
    struct Gate {
        open: Semaphore,
        handled: AtomicUsize,
    }

    fn held() -> UpdateHandler<Infallible> {
        dptree::endpoint(|gate: Arc<Gate>| async move {
            if let Ok(permit) = gate.open.acquire().await {
                permit.forget();
            }
            gate.handled.fetch_add(1, Ordering::SeqCst);
            Ok(())
        })
    }

    /// A Bot API that answers any call with this bot's `getMe`: all a dispatcher asks.
    async fn bot_api() -> Bot {
        let socket = TcpListener::bind("127.0.0.1:0").await.expect("a local port");
        let address = socket.local_addr().expect("its address");
        tokio::spawn(async move {
            while let Ok((stream, _)) = socket.accept().await {
                let me = r#"{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"Cinco",
                    "username":"cinco_bot","can_join_groups":true,
                    "can_read_all_group_messages":false,"supports_inline_queries":false,"has_main_web_app":false}}"#;
                let service = hyper::service::service_fn(move |_| async move {
                    Ok::<_, Infallible>(hyper::Response::new(Full::new(Bytes::from(me))))
                });
                let connection = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service);
                tokio::spawn(connection);
            }
        });
        let url = format!("http://{address}").parse().expect("a URL");
        Bot::new("1:test").set_api_url(url)
    }

    /// A private message's update, as Telegram sends it.
    pub(crate) fn message(update_id: i32, chat: i64) -> Update {
        let update = serde_json::json!({"update_id": update_id, "message": {
            "message_id": update_id, "date": 1_700_000_000,
            "chat": {"id": chat, "type": "private", "first_name": "Ana"},
            "from": {"id": chat, "is_bot": false, "first_name": "Ana"}, "text": "/help"}});
        // Read from text, as teloxide reads Telegram's: its reader of an update's kind keeps
        // the raw text of what it cannot read.
        serde_json::from_str(&update.to_string()).expect("an update")
    }

    /// The dispatcher hands a chat's updates to that chat's worker through a queue of one
    /// here: with the first update held at its handler and the second queued, the dispatcher
    /// waits to hand over the third when it is asked to stop. It stops all the same, once the
    /// updates are let through, having handled all three.
    #[tokio::test]
    async fn a_dispatcher_asked_to_stop_while_it_waits_for_a_chats_worker_stops() {
        let gate = Arc::new(Gate { open: Semaphore::new(0), handled: AtomicUsize::new(0) });
        let dispatcher = Dispatcher::builder(bot_api().await, held())
            .dependencies(dptree::deps![Arc::clone(&gate)])
            .worker_queue_size(1)
            .build();
        let (listener, updates, _kinds) = inbox();
        let mut dispatching = run(dispatcher, listener, Arc::new(|_: Infallible| async {}));
        for update_id in 1..=3 {
            updates.send(message(update_id, 7)).await.expect("the inbox is open");
        }
        // The third update taken from the inbox: the dispatcher waits on the worker's queue.
        while updates.capacity() < updates.max_capacity() {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
        dispatching.stop.stop();
        gate.open.add_permits(3);
        assert_eq!(dispatching.stop().await, Stopped::Finished);
        assert_eq!(gate.handled.load(Ordering::SeqCst), 3);
    }
}
