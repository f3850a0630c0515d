//! Long polling while this process has the turn: Telegram answers one `getUpdates` caller
//! at a time, so of several processes one polls (the runtime leases the turn,
//! [`Role::TelegramPoll`]); a process that loses the turn stops its dispatcher, which
//! finishes what it took, and polls again when the turn comes back. Alone, a process always
//! has it.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::update_listeners::Polling;
use tokio::sync::watch;

use super::dispatch::{Dispatching, dispatch};
use super::{TelegramSettings, handler, retry};
use cincobot_runtime::adapter::Task;
use cincobot_runtime::roles::{Role, Turn};

/// The polling, taken up and put down with the turn.
#[derive(Debug)]
pub struct PollingTurns {
    stop: watch::Sender<bool>,
    task: Task,
}

/// Polls for `app` whenever its desk gives this process the turn, until stopped.
pub fn poll(bot: Bot, app: Arc<handler::App>, settings: TelegramSettings) -> PollingTurns {
    let (stop, stopped) = watch::channel(false);
    let turn = app.desk.turn(Role::TelegramPoll);
    let task = tokio::spawn(take_turns(bot, app, settings, turn, stopped));
    PollingTurns { stop, task: Task::new(task) }
}

/// Waits until the adapter is stopped (or its handle is gone).
async fn asked_to_stop(stopped: &mut watch::Receiver<bool>) {
    let _ = stopped.wait_for(|stop| *stop).await;
}

async fn take_turns(
    bot: Bot,
    app: Arc<handler::App>,
    settings: TelegramSettings,
    mut turn: Turn,
    mut stopped: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            ours = turn.comes() => if !ours { return },
            () = asked_to_stop(&mut stopped) => return,
        }
        tracing::info!("polling Telegram");
        let mut dispatching = start(&bot, &app, &settings).await;
        tokio::select! {
            // Its own Ctrl-C handler stopped it: so does the adapter.
            () = dispatching.ended() => return,
            () = turn.goes() => {
                tracing::info!("another process polls Telegram now");
                dispatching.stop().await;
            }
            () = asked_to_stop(&mut stopped) => {
                dispatching.stop().await;
                return;
            }
        }
    }
}

/// A dispatcher over a new long poll.
async fn start(bot: &Bot, app: &Arc<handler::App>, settings: &TelegramSettings) -> Dispatching {
    // Telegram refuses `getUpdates` while a webhook is set: it is deleted first, if set.
    let listener =
        Polling::builder(bot.clone()).timeout(settings.poll_timeout).delete_webhook().await.build();
    let token = settings.token.clone();
    let errors = Arc::new(move |error: teloxide::RequestError| {
        let token = token.clone();
        async move {
            tracing::warn!(error = %retry::describe(&error, token.expose()), "getUpdates failed");
        }
    });
    dispatch(bot.clone(), Arc::clone(app), settings.ctrlc, listener, errors)
}

impl PollingTurns {
    /// Until the polling stops of its own accord (its Ctrl-C handler).
    pub async fn ended(&mut self) {
        self.task.ended().await;
    }

    /// Stops polling once the dispatcher has handled what it took.
    pub async fn stop(&mut self) {
        let _ = self.stop.send(true);
        self.task.ended().await;
    }
}
