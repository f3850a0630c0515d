//! The Telegram adapter (teloxide; long polling, or a webhook for several processes behind a
//! load balancer): updates become core [`Input`]s, the core's outputs become messages, photos,
//! edits and callback answers within Telegram's limits. No game rule lives here.
//!
//! - [`handler::handler_tree`]: the whole update tree, one function, so tests can run it;
//! - [`dispatch`]: the dispatcher that runs it over either way of taking updates;
//! - [`webhook`], [`inbox`]: webhook mode's HTTP server and the updates it hands the
//!   dispatcher;
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
pub mod dispatch;
pub mod hand;
pub mod handler;
pub mod inbox;
pub mod keyboard;
mod markdown;
pub mod menu;
pub mod pace;
pub mod polling;
pub mod queue;
pub mod retry;
pub mod summary;
pub mod webhook;

use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;

use teloxide::error_handlers::IgnoringErrorHandlerSafe;
use teloxide::prelude::*;
use tokio::net::TcpListener;

use cincobot_core::core::Platform;
use cincobot_runtime::adapter::{Adapter, AdapterError, Connection, Serving, Step, boxed};
use cincobot_runtime::config::webhook::{Webhook, WebhookError};
use cincobot_runtime::config::{Config, Secret};
use cincobot_runtime::desk::UpdateSink;
use cincobot_runtime::roles::TurnTaking;
use cincobot_runtime::{Desk, Outlet};
use dispatch::{Dispatching, dispatch};

pub use pace::Pacing;

/// What the adapter needs from the configuration.
#[derive(Clone, Debug)]
pub struct TelegramSettings {
    pub token: Secret,
    pub api_url: url::Url,
    pub pacing: Pacing,
    /// The long-polling wait of each `getUpdates`.
    pub poll_timeout: std::time::Duration,
    /// How long a chat's queue waits for a message before it retires with its state.
    pub idle_chat: std::time::Duration,
    /// Take updates from Telegram's posts instead of polling.
    pub webhook: Option<Webhook>,
}

/// The adapter cannot start.
#[derive(Debug)]
pub enum TelegramError {
    /// `TELEGRAM_API_URL` is not a URL.
    ApiUrl(String),
    /// `getMe` failed: a wrong token, or no way to the server.
    Start(String),
    /// The webhook's keys are incomplete or wrong.
    Webhook(WebhookError),
    /// The webhook's address cannot be listened on (taken, or not this machine's).
    Listen { address: SocketAddr, error: std::io::Error },
    /// No secret could be drawn for the webhook.
    Secret(getrandom::Error),
    /// `setWebhook` failed.
    SetWebhook(String),
}

impl fmt::Display for TelegramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TelegramError::ApiUrl(url) => write!(f, "TELEGRAM_API_URL={url} is not a URL"),
            TelegramError::Start(why) => write!(f, "Telegram did not answer getMe: {why}"),
            TelegramError::Webhook(error) => error.fmt(f),
            TelegramError::Listen { address, error } => {
                write!(f, "cannot listen on {address} for Telegram's webhook: {error}")
            }
            TelegramError::Secret(error) => {
                write!(f, "cannot draw a webhook secret ({error}): set TELEGRAM_WEBHOOK_SECRET")
            }
            TelegramError::SetWebhook(why) => write!(f, "Telegram refused setWebhook: {why}"),
        }
    }
}

impl std::error::Error for TelegramError {}

impl TelegramSettings {
    /// The Telegram part of `config`.
    ///
    /// # Errors
    /// [`TelegramError::ApiUrl`] when the API URL does not parse, [`TelegramError::Webhook`]
    /// when the webhook's keys are wrong.
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
            idle_chat: cincobot_runtime::lanes::IDLE,
            webhook: telegram.webhook().map_err(TelegramError::Webhook)?,
        })
    }
}

impl Adapter for TelegramSettings {
    fn platform(&self) -> Option<Platform> {
        Some(Platform::Telegram)
    }

    /// Asks `getMe`, registers the commands and makes the chat queues; in webhook mode also
    /// listens and sets the webhook.
    fn connect(
        self: Box<Self>,
        desk: Desk,
    ) -> Step<'static, Result<Box<dyn Connection>, AdapterError>> {
        boxed(connect(*self, desk))
    }
}

/// The Telegram adapter, connected to a desk, before it takes updates.
pub struct Connected {
    bot: Bot,
    delivery: Arc<delivery::Delivery>,
    app: Arc<handler::App>,
    settings: TelegramSettings,
    /// Webhook mode, ready to serve; `None` to poll.
    hooked: Option<Hooked>,
}

/// Webhook mode before it serves: the address bound (Telegram's posts wait there), the
/// webhook set, and the dispatcher reading an inbox nothing fills yet.
struct Hooked {
    socket: TcpListener,
    secret: Secret,
    updates: inbox::Sender,
    dispatching: Dispatching,
}

impl fmt::Debug for Connected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Connected").field("delivery", &self.delivery).finish_non_exhaustive()
    }
}

/// Asks `getMe`, registers the commands, and makes the chat queues that deliver what `desk`
/// says for Telegram; in webhook mode also listens and sets the webhook.
///
/// # Errors
/// [`TelegramError::Start`] when `getMe` fails; in webhook mode [`TelegramError::Listen`],
/// [`TelegramError::Secret`] or [`TelegramError::SetWebhook`].
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
    menu::register(&bot, &texts, settings.token.expose(), desk.hands_out_board_links()).await;
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
    let hooked = match &settings.webhook {
        Some(webhook) => Some(hook(&bot, &app, webhook).await?),
        None => None,
    };
    Ok(Connected { bot, delivery, app, settings, hooked })
}

/// Webhook mode's start: listens on the configured address, starts the dispatcher over an
/// inbox and sets the webhook, with the update kinds the dispatcher asks for (those polling
/// asks `getUpdates` for). Its posts wait at the address until [`Connection::start`].
async fn hook(
    bot: &Bot,
    app: &Arc<handler::App>,
    webhook: &Webhook,
) -> Result<Hooked, TelegramError> {
    let address = webhook.listen;
    let socket = TcpListener::bind(address)
        .await
        .map_err(|error| TelegramError::Listen { address, error })?;
    let secret = match &webhook.secret {
        Some(secret) => secret.clone(),
        None => {
            tracing::warn!(
                "the Telegram webhook runs with a secret drawn at start: when several processes \
                 serve this bot, give them all the same TELEGRAM_WEBHOOK_SECRET, or Telegram's \
                 posts carry the secret of the last to start and the others refuse them"
            );
            webhook::draw_secret().map_err(TelegramError::Secret)?
        }
    };
    let (inbox, updates, kinds) = inbox::inbox();
    let mut dispatching =
        dispatch(bot.clone(), app.clone(), inbox, IgnoringErrorHandlerSafe::new());
    let Ok(kinds) = kinds.await else {
        // The dispatcher ended before it listened: its own `getMe` failed.
        dispatching.ended().await;
        return Err(TelegramError::Start("the dispatcher did not start".to_owned()));
    };
    let set = retry::patiently("setWebhook", || {
        bot.set_webhook(webhook.url.clone())
            .secret_token(secret.expose())
            .allowed_updates(kinds.clone())
            .send()
    })
    .await;
    if let Err(error) = set {
        drop(updates);
        dispatching.stop().await;
        return Err(TelegramError::SetWebhook(retry::describe(&error, app.token.expose())));
    }
    // With several processes the updates come back from the inbox, in each chat's order.
    if app.desk.carries_updates() {
        let into_dispatcher = updates.clone();
        let sink: UpdateSink = Arc::new(move |raw: &str| match serde_json::from_str(raw) {
            Ok(update) => into_dispatcher.try_send(update).is_ok(),
            Err(error) => {
                // Posted by a process that read it: a newer build's, at worst. Dropped.
                tracing::warn!(%error, "an update from the inbox that is no update");
                true
            }
        });
        app.desk.take_updates(Platform::Telegram, sink);
    }
    // Some put the bot's token in the webhook's path: the log never shows it.
    let url = retry::redact(webhook.url.as_str(), app.token.expose());
    tracing::info!(%url, %address, "Telegram's webhook set");
    Ok(Hooked { socket, secret, updates, dispatching })
}

impl Connected {
    /// Takes updates until stopped: polls, or serves the webhook's posts.
    async fn listen(self) -> Listening {
        let Connected { bot, delivery, app, settings, hooked } = self;
        let reading = match hooked {
            Some(Hooked { socket, secret, updates, dispatching }) => {
                let carrier = app.desk.carries_updates().then(|| app.desk.clone());
                let server = webhook::Server::start(socket, secret, updates, carrier);
                Reading::Webhook { server, dispatching }
            }
            None => Reading::Polling(polling::poll(bot, app, settings)),
        };
        Listening { reading, delivery }
    }
}

impl Connection for Connected {
    fn outlet(&self) -> Option<Arc<dyn Outlet>> {
        Some(Arc::new(delivery::Outbox(self.delivery.clone())))
    }

    fn start(self: Box<Self>) -> Step<'static, Box<dyn Serving>> {
        Box::pin(async move {
            let listening: Box<dyn Serving> = Box::new(Connected::listen(*self).await);
            listening
        })
    }
}

/// The adapter taking updates.
pub struct Listening {
    reading: Reading,
    delivery: Arc<delivery::Delivery>,
}

/// How the updates come.
enum Reading {
    /// Telegram posts them to the webhook's server, which hands them to the dispatcher.
    Webhook { server: webhook::Server, dispatching: Dispatching },
    /// This process asks for them while it has the turn.
    Polling(TurnTaking),
}

impl fmt::Debug for Listening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Listening").field("delivery", &self.delivery).finish_non_exhaustive()
    }
}

impl Listening {
    /// Stops taking updates: the webhook's server first, so that no post is answered 200 and
    /// then dropped, then the dispatcher, once what it took is handled. The webhook stays
    /// set: other processes may be serving it.
    async fn shut_down(&mut self) {
        match &mut self.reading {
            Reading::Webhook { server, dispatching } => {
                server.stop().await;
                dispatching.stop().await;
            }
            Reading::Polling(polling) => polling.stop().await,
        }
    }

    /// Until the updates stop of their own accord: the dispatcher could not start.
    async fn reading_ended(&mut self) {
        match &mut self.reading {
            Reading::Webhook { dispatching, .. } => dispatching.ended().await,
            Reading::Polling(polling) => polling.ended().await,
        }
    }
}

impl Serving for Listening {
    /// The dispatcher ended of its own accord: it could not start.
    fn ended(&mut self) -> Step<'_, ()> {
        Box::pin(self.reading_ended())
    }

    fn stop(&mut self) -> Step<'_, ()> {
        Box::pin(self.shut_down())
    }

    /// Closes every chat queue and waits (at most a minute) for what they hold to go out.
    fn drain(&self) -> Step<'_, ()> {
        Box::pin(self.delivery.stop())
    }
}
