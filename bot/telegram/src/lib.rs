//! The Telegram adapter (teloxide, long polling): updates become core [`Input`]s, the core's
//! outputs become messages, photos, edits and callback answers within Telegram's limits.
//! No game rule lives here.
//!
//! - [`handler::handler_tree`]: the whole update tree, one function, so tests can run it;
//! - [`command`]: a message's text as the core reads it (`/cmd@bot`, mentions, `/start`);
//! - [`delivery`]: one queue per chat that paces, retries and reports shown boards;
//! - [`hand`]: a CINCO hand in its player's private chat, edited in place;
//! - [`queue`]: the order of a chat's waiting jobs (boards first, stale ones dropped);
//! - [`keyboard`], [`menu`], [`pace`], [`retry`]: buttons, `setMyCommands`, flood limits,
//!   the retry of a refused or failed call;
//! - [`summary`]: outputs as logs name them, without their bodies.
//!
//! [`Input`]: cincobot_core::core::Input

pub mod command;
pub mod delivery;
pub mod hand;
pub mod handler;
pub mod keyboard;
mod markdown;
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

use cincobot_core::core::Platform;
use cincobot_runtime::adapter::{Adapter, AdapterError, Connection, Serving, Step, Task, boxed};
use cincobot_runtime::config::Config;
use cincobot_runtime::{Desk, Outlet};

pub use pace::Pacing;

/// What the adapter needs from the configuration.
#[derive(Clone, Debug)]
pub struct TelegramSettings {
    pub token: cincobot_runtime::config::Secret,
    pub api_url: url::Url,
    pub pacing: Pacing,
    /// The long-polling wait of each `getUpdates`.
    pub poll_timeout: std::time::Duration,
    /// Stop on Ctrl-C (the binary turns it off: one handler stops every adapter; tests stop
    /// through [`cincobot_runtime::Served::stop`]).
    pub ctrlc: bool,
    /// How long a chat's queue waits for a message before it retires with its state.
    pub idle_chat: std::time::Duration,
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
            idle_chat: cincobot_runtime::lanes::IDLE,
        })
    }
}

impl Adapter for TelegramSettings {
    fn platform(&self) -> Platform {
        Platform::Telegram
    }

    /// Asks `getMe`, registers the commands and makes the chat queues.
    fn connect(
        self: Box<Self>,
        desk: Desk,
    ) -> Step<'static, Result<Box<dyn Connection>, AdapterError>> {
        boxed(connect(*self, desk))
    }
}

/// The Telegram adapter, connected to a desk, before it polls.
pub struct Connected {
    bot: Bot,
    delivery: Arc<delivery::Delivery>,
    app: Arc<handler::App>,
    settings: TelegramSettings,
}

impl fmt::Debug for Connected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Connected").field("delivery", &self.delivery).finish_non_exhaustive()
    }
}

/// Asks `getMe`, registers the commands, and makes the chat queues that deliver what `desk`
/// says for Telegram.
///
/// # Errors
/// [`TelegramError::Start`] when `getMe` fails.
pub async fn connect(settings: TelegramSettings, desk: Desk) -> Result<Connected, TelegramError> {
    let bot = Bot::new(settings.token.expose()).set_api_url(settings.api_url.clone());
    let me = bot
        .get_me()
        .await
        .map_err(|error| TelegramError::Start(retry::describe(&error, settings.token.expose())))?;
    let username = me.username.clone().unwrap_or_default();
    let texts = Arc::new(
        cincobot_core::i18n::Texts::load().map_err(|e| TelegramError::Start(e.to_string()))?,
    );
    menu::register(&bot, &texts, settings.token.expose()).await;
    let delivery = delivery::Delivery::new(
        bot.clone(),
        texts.clone(),
        (settings.pacing, settings.idle_chat),
        username.clone(),
        desk.clone(),
    );
    let app = Arc::new(handler::App {
        desk,
        delivery: delivery.clone(),
        texts,
        username,
        token: settings.token.clone(),
    });
    Ok(Connected { bot, delivery, app, settings })
}

impl Connected {
    /// Polls for updates until stopped.
    async fn poll(self) -> Listening {
        let Connected { bot, delivery, app, settings } = self;
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
        Listening { shutdown, dispatcher: Task::new(dispatcher), delivery }
    }
}

impl Connection for Connected {
    fn outlet(&self) -> Arc<dyn Outlet> {
        Arc::new(delivery::Outbox(self.delivery.clone()))
    }

    fn start(self: Box<Self>) -> Step<'static, Box<dyn Serving>> {
        Box::pin(async move {
            let listening: Box<dyn Serving> = Box::new(Connected::poll(*self).await);
            listening
        })
    }
}

/// The adapter taking updates.
pub struct Listening {
    shutdown: ShutdownToken,
    dispatcher: Task,
    delivery: Arc<delivery::Delivery>,
}

impl fmt::Debug for Listening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Listening").field("delivery", &self.delivery).finish_non_exhaustive()
    }
}

impl Listening {
    /// Stops taking updates. The dispatcher refuses to shut down before it has started
    /// polling: it is asked again for a while, then aborted.
    async fn shut_down(&mut self) {
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
        self.dispatcher.ended().await;
    }
}

impl Serving for Listening {
    /// The dispatcher ended (its own Ctrl-C handler, when on).
    fn ended(&mut self) -> Step<'_, ()> {
        Box::pin(self.dispatcher.ended())
    }

    fn stop(&mut self) -> Step<'_, ()> {
        Box::pin(self.shut_down())
    }

    /// Closes every chat queue and waits (at most a minute) for what they hold to go out.
    fn drain(&self) -> Step<'_, ()> {
        Box::pin(self.delivery.stop())
    }
}
