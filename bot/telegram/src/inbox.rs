//! Webhook mode's updates as the dispatcher reads them: the webhook server pushes each update
//! it accepted into a channel, and the dispatcher takes them from this listener in order,
//! exactly as it takes the updates long polling fetched.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use teloxide::stop::{StopFlag, StopToken, mk_stop_token};
use teloxide::types::{AllowedUpdate, Update};
use teloxide::update_listeners::{AsUpdateStream, UpdateListener};
use tokio::sync::{mpsc, oneshot};

/// How many accepted updates may wait for the dispatcher; beyond, the server's answer waits,
/// and Telegram sends more slowly.
const WAITING: usize = 256;

/// Where the webhook server puts the updates it accepted.
pub type Sender = mpsc::Sender<Update>;

/// The listener the dispatcher reads in webhook mode.
pub struct Inbox {
    updates: mpsc::Receiver<Update>,
    stop: StopToken,
    stopped: StopFlag,
    /// Where the update kinds the dispatcher's tree handles go, once: `setWebhook` asks for
    /// those, as long polling asks `getUpdates` for them.
    kinds: Option<oneshot::Sender<Vec<AllowedUpdate>>>,
}

impl std::fmt::Debug for Inbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inbox").field("waiting", &self.updates.len()).finish_non_exhaustive()
    }
}

/// An empty inbox, the sender that fills it, and where the update kinds the dispatcher
/// wants will be told.
#[must_use]
pub fn inbox() -> (Inbox, Sender, oneshot::Receiver<Vec<AllowedUpdate>>) {
    let (sender, updates) = mpsc::channel(WAITING);
    let (stop, stopped) = mk_stop_token();
    let (kinds, wanted) = oneshot::channel();
    (Inbox { updates, stop, stopped, kinds: Some(kinds) }, sender, wanted)
}

impl futures_core::Stream for Inbox {
    type Item = Result<Update, Infallible>;

    /// The next update; none once every sender is gone (the server stopped), or once stopped
    /// and the updates already accepted are yielded: Telegram was told they arrived.
    fn poll_next(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if Pin::new(&mut self.stopped).poll(context).is_ready() {
            self.updates.close();
        }
        self.updates.poll_recv(context).map(|update| update.map(Ok))
    }
}

impl<'a> AsUpdateStream<'a> for Inbox {
    type StreamErr = Infallible;
    type Stream = &'a mut Inbox;

    fn as_stream(&'a mut self) -> &'a mut Inbox {
        self
    }
}

impl UpdateListener for Inbox {
    type Err = Infallible;

    fn stop_token(&mut self) -> StopToken {
        self.stop.clone()
    }

    fn hint_allowed_updates(&mut self, hint: &mut dyn Iterator<Item = AllowedUpdate>) {
        if let Some(kinds) = self.kinds.take() {
            let _ = kinds.send(hint.collect());
        }
    }
}

#[cfg(test)]
mod tests {
    use std::pin::Pin;

    use futures_core::Stream;
    use teloxide::update_listeners::UpdateListener;

    use super::inbox;
    use crate::dispatch::tests::message;

    /// Telegram was answered 200 for what the inbox accepted: a stopped inbox still yields
    /// it, then ends, and accepts no more.
    #[tokio::test]
    async fn a_stopped_inbox_yields_what_it_accepted_then_ends() {
        let (mut listener, updates, _kinds) = inbox();
        for update_id in 1..=2 {
            updates.send(message(update_id, 7)).await.expect("the inbox is open");
        }
        listener.stop_token().stop();
        let mut yielded = Vec::new();
        while let Some(Ok(update)) =
            std::future::poll_fn(|context| Pin::new(&mut listener).poll_next(context)).await
        {
            yielded.push(update.id.0);
        }
        assert_eq!(yielded, [1, 2]);
        assert!(updates.try_send(message(3, 7)).is_err(), "a stopped inbox refuses updates");
    }
}
