//! What runs the core for real: the configuration ([`config`]), the start-up that opens the
//! store and reloads the games, the CPU on a bounded pool of threads ([`cpu`]), the one loop
//! that owns the core and serves every platform's adapter ([`desk`]), the adapters started and
//! stopped as one set ([`adapter`], [`serving`]), and what every adapter's delivery does the
//! same way: the lanes of chats ([`lanes`]) that outputs are routed to ([`route`]), texts cut
//! to a platform's limits ([`pieces`]), which message shows each board and turn notice
//! ([`shown`]), and pictures drawn in one pool ([`drawing`]) or, failing that, sent as text
//! ([`picture`]). The adapters are the crates above this one.

pub mod adapter;
pub mod config;
mod cpu;
pub mod desk;
mod drawing;
pub mod forward;
pub mod http_server;
pub mod lanes;
pub mod membership;
pub mod news;
pub mod picture;
pub mod pieces;
mod posting;
pub mod questions;
pub mod roles;
pub mod route;
pub mod serving;
pub mod several;
pub mod shards;
pub mod shown;

pub use cpu::{CpuPool, ThreadedCpu};
pub use desk::{Answer, Desk, MoveQuery, Outlet, Viewed, Watch};
pub use drawing::Drawing;
pub use lanes::Lanes;
pub use serving::{Served, serve};

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use crate::config::Config;
use cincobot_core::core::{
    BoardLinks, Core, CoreSettings, CpuReply, HeldSlots, Output, Partition, SystemClock,
};
use cincobot_core::games::TurnTimer;
use cincobot_core::i18n::Texts;
use cincobot_core::store::{Store, StoreError};

/// The started cores, one a partition of the chats.
#[derive(Debug)]
pub struct Running {
    pub partitions: Vec<RunningPartition>,
    /// Where the desk looks up the chat of a game or lobby that a private message names.
    pub store: Store,
    /// The texts every partition renders with.
    pub texts: Arc<Texts>,
    /// The slots this process serves: every one alone on SQLite; on PostgreSQL, those it
    /// leases among the bot's processes ([`membership`]), none until it has.
    pub held: Arc<HeldSlots>,
}

/// A started core with its CPU service.
#[derive(Debug)]
pub struct RunningPartition {
    pub core: Core,
    pub cpu: Arc<ThreadedCpu>,
    pub cpu_replies: mpsc::UnboundedReceiver<CpuReply>,
    /// Boards to show again after the restart.
    pub start_outputs: Vec<Output>,
}

/// The core's part of `config`.
#[must_use]
pub fn core_settings(config: &Config) -> CoreSettings {
    CoreSettings {
        bot_name: config.bot_name.clone(),
        default_locale: config.default_locale,
        challenge_expiry: Duration::from_secs(config.challenge_expiry_minutes.saturating_mul(60)),
        abandon_after: Duration::from_secs(config.abandon_after_hours.saturating_mul(3600)),
        default_timer: TurnTimer::try_from(config.default_timer).unwrap_or_default(),
    }
}

/// A start-up failure.
#[derive(Debug)]
pub enum StartError {
    Store(StoreError),
    Texts(cincobot_core::i18n::TextsError),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Store(error) => error.fmt(f),
            StartError::Texts(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartError::Store(error) => Some(error),
            StartError::Texts(error) => Some(error),
        }
    }
}

/// Opens the database, loads the texts and starts one core a partition
/// ([`Config::partitions`]) with the system clock. On a database several processes may share
/// (PostgreSQL) the cores start serving no chat: [`serve`] leases this process's share.
///
/// # Errors
/// [`StartError`] if the database or the message files fail.
pub async fn start(config: &Config) -> Result<Running, StartError> {
    start_serving(config, false, None).await
}

/// [`start`] with the web board on: every board carries its Open board button, the boards
/// shown again at start too, and `/web` answers with `links`.
///
/// # Errors
/// [`StartError`] if the database or the message files fail.
pub async fn start_handing_out(
    config: &Config,
    links: Arc<dyn BoardLinks>,
) -> Result<Running, StartError> {
    start_serving(config, false, Some(links)).await
}

/// [`start`] for a process that serves every chat whatever its database (the terminal),
/// handing the web board's `links` out when it is on.
///
/// # Errors
/// [`StartError`] if the database or the message files fail.
pub async fn start_alone(
    config: &Config,
    links: Option<Arc<dyn BoardLinks>>,
) -> Result<Running, StartError> {
    start_serving(config, true, links).await
}

async fn start_serving(
    config: &Config,
    alone: bool,
    links: Option<Arc<dyn BoardLinks>>,
) -> Result<Running, StartError> {
    let store = Store::connect(&config.database_url, config.database.max_connections)
        .await
        .map_err(StartError::Store)?;
    let texts = Arc::new(Texts::load().map_err(StartError::Texts)?);
    let pool = ThreadedCpu::pool(config.cpu.clone());
    let shared = store.may_be_shared() && !alone;
    let held = Arc::new(if shared { HeldSlots::none() } else { HeldSlots::every() });
    let mut partitions = Vec::new();
    for partition in Partition::split_over(config.partitions(store.may_be_shared()), &held) {
        let (cpu, cpu_replies) = pool.service();
        let (mut core, start_outputs) = Core::start_partition(
            partition,
            core_settings(config),
            store.clone(),
            Arc::clone(&texts),
            Arc::new(SystemClock),
            cpu.clone(),
            links.clone(),
        )
        .await
        .map_err(StartError::Store)?;
        // A piped terminal session that must play the same way every time deals CINCO from a
        // fixed seed; chats never do (the deck would be guessable).
        if let Some(seed) = config.script.cinco_seed {
            core.deal_cinco_from(seed);
        }
        // Likewise, a scripted run's challenger starts every first game instead of a drawn
        // player.
        if config.script.cinco_seed.is_some() || config.script.challenger_first {
            core.draw_first_player(false);
        }
        partitions.push(RunningPartition { core, cpu, cpu_replies, start_outputs });
    }
    Ok(Running { partitions, store, texts, held })
}
