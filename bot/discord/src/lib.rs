//! The Discord adapter (serenity, gateway + REST): interactions become core [`Input`]s, the
//! core's outputs become messages, updates, edits and ephemeral answers within Discord's
//! limits. No game rule lives here.
//!
//! - [`commands`]: the slash commands registered, with their Spanish names;
//! - [`typed`], [`interaction`]: an interaction as an input (a typed command, a payload);
//! - [`handler`]: the gateway's events;
//! - [`reply`]: the one response an interaction owes, deferred when late;
//! - [`delivery`]: one queue per channel that answers, posts and edits;
//! - [`hand`]: a CINCO hand as a DM edited in place and an ephemeral view;
//! - [`rest`], [`retry`]: the REST calls, and when a refused one is made again;
//! - [`components`]: buttons in rows of five.
//!
//! The gateway asks for no intent: interactions reach a bot whatever its intents, and the
//! bot reads no message, member or presence.
//!
//! [`Input`]: cincobot_core::core::Input

pub mod commands;
pub mod components;
pub mod delivery;
pub mod gateway;
pub mod hand;
pub mod handler;
pub mod interaction;
pub mod reply;
pub mod rest;
pub mod retry;
pub mod typed;

use std::fmt;
use std::sync::Arc;

use serenity::all::{GuildId, HttpBuilder};

use cincobot_core::core::Platform;
use cincobot_runtime::adapter::{Adapter, AdapterError, Connection, Serving, Step, boxed};
use cincobot_runtime::config::{Config, Secret, Shards};
use cincobot_runtime::{Desk, Outlet};

/// What the adapter needs from the configuration.
#[derive(Clone, Debug)]
pub struct DiscordSettings {
    pub token: Secret,
    /// A REST proxy in front of Discord (`http://host:port`), which then owns the rate
    /// limits; `None` talks to Discord with serenity's rate limiter.
    pub proxy: Option<String>,
    pub guild: Option<GuildId>,
    pub shards: Shards,
}

impl DiscordSettings {
    /// The Discord part of `config`.
    #[must_use]
    pub fn from_config(config: &Config) -> DiscordSettings {
        let discord = &config.discord;
        DiscordSettings {
            token: discord.token.clone(),
            proxy: (!discord.proxy.trim().is_empty()).then(|| discord.proxy.trim().to_owned()),
            guild: discord.guild_id.filter(|id| *id != 0).map(GuildId::new),
            shards: discord.shards,
        }
    }
}

impl Adapter for DiscordSettings {
    fn platform(&self) -> Option<Platform> {
        Some(Platform::Discord)
    }

    /// Makes the channel queues and the client whose shards will bring the interactions.
    fn connect(
        self: Box<Self>,
        desk: Desk,
    ) -> Step<'static, Result<Box<dyn Connection>, AdapterError>> {
        boxed(connect(*self, desk))
    }
}

/// The adapter cannot start or stopped on an error.
#[derive(Debug)]
pub struct DiscordError(String);

impl fmt::Display for DiscordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Discord: {}", self.0)
    }
}

impl std::error::Error for DiscordError {}

fn http(settings: &DiscordSettings, client: reqwest::Client) -> serenity::all::Http {
    let builder = HttpBuilder::new(settings.token.expose()).client(client);
    match &settings.proxy {
        // With the limiter on, serenity's requests would bypass the proxy.
        Some(proxy) => builder.proxy(proxy.clone()).ratelimiter_disabled(true).build(),
        None => builder.build(),
    }
}

/// The Discord adapter, connected to a desk, before its shards start.
pub struct Connected {
    settings: DiscordSettings,
    handler: Arc<handler::Handler>,
    delivery: Arc<delivery::Delivery>,
}

impl fmt::Debug for Connected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Connected").field("delivery", &self.delivery).finish_non_exhaustive()
    }
}

/// Makes the channel queues that deliver what `desk` says for Discord, and the handler of the
/// interactions the shards will bring.
///
/// # Errors
/// [`DiscordError`] when the texts fail.
pub async fn connect(settings: DiscordSettings, desk: Desk) -> Result<Connected, DiscordError> {
    let texts = Arc::new(
        cincobot_core::i18n::Texts::load().map_err(|error| DiscordError(error.to_string()))?,
    );
    let client = reqwest::Client::new();
    let rest = Arc::new(rest::Rest::new(Arc::new(http(&settings, client.clone())), client));
    let delivery = delivery::Delivery::new(rest.clone(), texts, desk.clone());
    let handler = Arc::new(handler::Handler {
        desk,
        delivery: delivery.clone(),
        rest,
        guild: settings.guild,
    });
    Ok(Connected { settings, handler, delivery })
}

impl Connection for Connected {
    fn outlet(&self) -> Option<Arc<dyn Outlet>> {
        Some(Arc::new(delivery::Outbox(self.delivery.clone())))
    }

    fn start(self: Box<Self>) -> Step<'static, Box<dyn Serving>> {
        let Connected { settings, handler, delivery } = *self;
        let shards = gateway::open(settings, handler);
        let gateway: Box<dyn Serving> = Box::new(Gateway { shards, delivery });
        Box::pin(std::future::ready(gateway))
    }
}

/// The adapter's shards, this process's share of them open.
pub struct Gateway {
    shards: gateway::OpenShards,
    delivery: Arc<delivery::Delivery>,
}

impl fmt::Debug for Gateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gateway").field("delivery", &self.delivery).finish_non_exhaustive()
    }
}

impl Serving for Gateway {
    /// A shard ended (a fatal gateway error).
    fn ended(&mut self) -> Step<'_, ()> {
        Box::pin(self.shards.ended())
    }

    /// Closes the shards.
    fn stop(&mut self) -> Step<'_, ()> {
        Box::pin(self.shards.stop())
    }

    /// Closes every channel queue and waits (at most a minute) for what they hold to go out.
    fn drain(&self) -> Step<'_, ()> {
        Box::pin(self.delivery.stop())
    }
}
