//! The Telegram adapter (teloxide, long polling): updates become core [`Input`]s, the core's
//! outputs become messages, photos, edits and callback answers within Telegram's limits
//! (DESIGN §7). No game rule lives here.
//!
//! - [`handler::handler_tree`]: the whole update tree, one function, so tests can run it;
//! - [`command`]: a message's text as the core reads it (`/cmd@bot`, mentions, `/start`);
//! - [`desk`]: the task that owns the core, so inputs, CPU answers and timers take turns;
//! - [`delivery`]: one queue per chat that paces, retries and reports shown boards;
//! - [`queue`]: the order of a chat's waiting jobs (boards first, stale ones dropped);
//! - [`keyboard`], [`menu`], [`pace`], [`retry`]: buttons, `setMyCommands`, flood limits,
//!   the retry of a refused or failed call;
//! - [`summary`]: outputs as logs name them, without their bodies.
//!
//! [`Input`]: crate::core::Input

pub mod command;
pub mod delivery;
pub mod desk;
pub mod handler;
pub mod keyboard;
pub mod menu;
pub mod pace;
pub mod queue;
pub mod retry;
pub mod summary;

use std::fmt;
use std::sync::Arc;

use teloxide::dispatching::{Dispatcher, ShutdownToken};
use teloxide::prelude::*;
use teloxide::update_listeners::Polling;

use crate::config::Config;
use crate::runtime::Running;

pub use pace::Pacing;

/// What the adapter needs from the configuration.
#[derive(Clone, Debug)]
pub struct TelegramSettings {
    pub token: crate::config::Secret,
    pub api_url: url::Url,
    pub pacing: Pacing,
    /// The long-polling wait of each `getUpdates`.
    pub poll_timeout: std::time::Duration,
    /// Stop on Ctrl-C (the binary does; tests stop through [`Served::stop`]).
    pub ctrlc: bool,
}

/// The adapter cannot start.
#[derive(Debug)]
pub enum TelegramError {
    /// `TELEGRAM_API_URL` is not a URL.
    ApiUrl(String),
    /// `getMe` failed: a wrong token, or no way to the server.
    Start(String),
}

impl fmt::Display for TelegramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TelegramError::ApiUrl(url) => write!(f, "TELEGRAM_API_URL={url} is not a URL"),
            TelegramError::Start(why) => write!(f, "Telegram did not answer getMe: {why}"),
        }
    }
}

impl std::error::Error for TelegramError {}

impl TelegramSettings {
    /// The Telegram part of `config`.
    ///
    /// # Errors
    /// [`TelegramError::ApiUrl`] when the API URL does not parse.
    pub fn from_config(config: &Config) -> Result<TelegramSettings, TelegramError> {
        let telegram = &config.telegram;
        // A base URL with a path must not end with a slash: teloxide appends `/bot<token>`.
        let api_url = url::Url::parse(telegram.api_url.trim_end_matches('/'))
            .map_err(|_| TelegramError::ApiUrl(telegram.api_url.clone()))?;
        Ok(TelegramSettings {
            token: telegram.token.clone(),
            api_url,
            pacing: Pacing {
                chat_interval: std::time::Duration::from_millis(telegram.chat_interval_ms),
                group_per_minute: telegram.group_messages_per_minute,
            },
            poll_timeout: std::time::Duration::from_secs(10),
            ctrlc: true,
        })
    }
}

/// A running Telegram bot.
pub struct Served {
    shutdown: ShutdownToken,
    dispatcher: tokio::task::JoinHandle<()>,
    desk: tokio::task::JoinHandle<()>,
    delivery: Arc<delivery::Delivery>,
}

impl fmt::Debug for Served {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Served").field("delivery", &self.delivery).finish_non_exhaustive()
    }
}

impl Served {
    /// Stops taking updates, lets the queued messages go out, and ends.
    pub async fn stop(self) {
        // The dispatcher refuses to shut down before it has started polling.
        let mut attempts = 0;
        loop {
            if let Ok(stopped) = self.shutdown.shutdown() {
                stopped.await;
                break;
            }
            attempts += 1;
            if attempts > 500 || self.dispatcher.is_finished() {
                self.dispatcher.abort();
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let _ = self.dispatcher.await;
        self.delivery.stop_desk();
        let _ = self.desk.await;
        self.delivery.drain().await;
    }

    /// Runs until the dispatcher ends (Ctrl-C), then stops.
    pub async fn wait(mut self) {
        let _ = (&mut self.dispatcher).await;
        self.delivery.stop_desk();
        let _ = self.desk.await;
        self.delivery.drain().await;
    }
}

/// Starts the bot: asks `getMe`, registers the commands, shows again the boards the core
/// says are behind, and polls for updates.
///
/// # Errors
/// [`TelegramError::Start`] when `getMe` fails.
pub async fn serve(settings: TelegramSettings, running: Running) -> Result<Served, TelegramError> {
    let bot = Bot::new(settings.token.expose()).set_api_url(settings.api_url.clone());
    let me = bot
        .get_me()
        .await
        .map_err(|error| TelegramError::Start(retry::describe(&error, settings.token.expose())))?;
    let username = me.username.clone().unwrap_or_default();
    let texts =
        Arc::new(crate::i18n::Texts::load().map_err(|e| TelegramError::Start(e.to_string()))?);
    menu::register(&bot, &texts, settings.token.expose()).await;

    let Running { core, cpu, cpu_replies, start_outputs } = running;
    let (requests, inbox) = tokio::sync::mpsc::unbounded_channel();
    let delivery = delivery::Delivery::new(
        bot.clone(),
        texts.clone(),
        settings.pacing,
        username.clone(),
        requests.clone(),
    );
    delivery.deliver(start_outputs, None);
    let desk = tokio::spawn(desk::run(core, cpu, cpu_replies, inbox, delivery.clone()));

    let app = Arc::new(handler::App {
        desk: requests,
        delivery: delivery.clone(),
        texts,
        username,
        token: settings.token.clone(),
    });
    let mut builder = Dispatcher::builder(bot.clone(), handler::handler_tree())
        .dependencies(dptree::deps![app])
        .default_handler(|_| async {});
    if settings.ctrlc {
        builder = builder.enable_ctrlc_handler();
    }
    let mut dispatcher = builder.build();
    let shutdown = dispatcher.shutdown_token();
    let listener =
        Polling::builder(bot).timeout(settings.poll_timeout).delete_webhook().await.build();
    let token = settings.token.clone();
    let errors = Arc::new(move |error: teloxide::RequestError| {
        let token = token.clone();
        async move {
            tracing::warn!(error = %retry::describe(&error, token.expose()), "getUpdates failed");
        }
    });
    let dispatcher = tokio::spawn(async move {
        let _ = dispatcher.try_dispatch_with_listener(listener, errors).await;
    });
    Ok(Served { shutdown, dispatcher, desk, delivery })
}
