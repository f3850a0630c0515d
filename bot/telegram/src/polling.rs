//! Long polling while this process has the turn: Telegram answers one `getUpdates` caller
//! at a time, so of several processes one polls (the runtime leases the turn,
//! [`Role::TelegramPoll`]); a process that loses the turn stops its dispatcher, which
//! finishes what it took, and polls again when the turn comes back. Alone, a process always
//! has it.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::update_listeners::Polling;

use super::dispatch::{Dispatching, dispatch};
use super::{TelegramSettings, handler, retry};
use cincobot_runtime::adapter::Step;
use cincobot_runtime::roles::{Role, TurnTaking, TurnWork};

/// Polls for `app` whenever its desk gives this process the turn, until stopped.
pub fn poll(bot: Bot, app: Arc<handler::App>, settings: TelegramSettings) -> TurnTaking {
    let turn = app.desk.turn(Role::TelegramPoll);
    TurnTaking::spawn(Role::TelegramPoll, turn, move || {
        let (bot, app, settings) = (bot.clone(), Arc::clone(&app), settings.clone());
        Box::pin(async move { Some(start(&bot, &app, &settings).await) })
    })
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
    dispatch(bot.clone(), Arc::clone(app), listener, errors)
}

impl TurnWork for Dispatching {
    /// It could not start.
    fn ended(&mut self) -> Step<'_, ()> {
        Box::pin(Dispatching::ended(self))
    }

    fn stop(&mut self) -> Step<'_, ()> {
        Box::pin(async {
            Dispatching::stop(self).await;
        })
    }
}
