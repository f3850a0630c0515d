//! The gateway's shards this process opens: alone, every one; with several processes on one
//! database, the share the membership leases it, opened and closed as that share changes (a
//! process that dies leaves its shards to the others). Each shard is its own client, so that
//! one can open or close without touching the rest. Whichever process receives an
//! interaction hands it to the process serving its channel, like any input.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ClientBuilder, GatewayIntents, ShardManager};
use tokio::sync::{mpsc, watch};

use super::{DiscordSettings, handler, http};
use cincobot_runtime::adapter::Task;
use cincobot_runtime::config::Shards;

/// The shards, opened and closed as this process's share changes, until stopped.
#[derive(Debug)]
pub struct OpenShards {
    stop: watch::Sender<bool>,
    task: Task,
}

impl OpenShards {
    /// Until a shard fails for good (a refused token, say), or the shard total cannot be read.
    pub async fn ended(&mut self) {
        self.task.ended().await;
    }

    /// Closes every shard and waits for them.
    pub async fn stop(&mut self) {
        let _ = self.stop.send(true);
        self.task.ended().await;
    }
}

/// Opens `handler`'s share of the shards the configuration asks for.
pub fn open(settings: DiscordSettings, handler: Arc<handler::Handler>) -> OpenShards {
    let (stop, stopped) = watch::channel(false);
    let task = Task::new(tokio::spawn(keep_open(settings, handler, stopped)));
    OpenShards { stop, task }
}

/// One shard's client, running.
struct Shard {
    /// The shard total it identified with.
    total: u32,
    /// Which opening of this index it is, to tell its end from an earlier one's.
    opening: u64,
    manager: Arc<ShardManager>,
    running: Task,
}

impl Shard {
    /// Closes the shard. One still connecting has no runner to shut down yet, so the
    /// shutdown is asked again until the client returns (given up after about five seconds).
    async fn close(mut self) {
        for _ in 0..50 {
            self.manager.shutdown_all().await;
            if tokio::time::timeout(Duration::from_millis(100), self.running.ended()).await.is_ok()
            {
                return;
            }
        }
        tracing::warn!("a Discord shard would not close; its client is dropped");
        self.running.abort();
    }
}

async fn keep_open(
    settings: DiscordSettings,
    handler: Arc<handler::Handler>,
    mut stopped: watch::Receiver<bool>,
) {
    let Some(total) = shard_total(&settings).await else { return };
    let mut share = handler.desk.shards().want(total);
    let (ends, mut ended) = mpsc::unbounded_channel::<(u32, u64)>();
    let mut open: BTreeMap<u32, Shard> = BTreeMap::new();
    let mut openings = 0_u64;
    'share: loop {
        let wanted = share.borrow_and_update().clone();
        let closing: Vec<u32> = open
            .iter()
            .filter(|(index, shard)| !wanted.held.contains(index) || shard.total != wanted.total)
            .map(|(&index, _)| index)
            .collect();
        for index in closing {
            if let Some(shard) = open.remove(&index) {
                tracing::info!(shard = index, "closing a shard another process opens now");
                shard.close().await;
            }
        }
        for &index in &wanted.held {
            if open.contains_key(&index) {
                continue;
            }
            openings += 1;
            let Some(shard) =
                start(&settings, &handler, index, wanted.total, openings, ends.clone()).await
            else {
                break 'share;
            };
            open.insert(index, shard);
        }
        tokio::select! {
            changed = share.changed() => if changed.is_err() { break },
            Some((index, opening)) = ended.recv() => {
                if open.get(&index).is_some_and(|shard| shard.opening == opening) {
                    tracing::error!(shard = index, "a Discord shard stopped for good");
                    break;
                }
            }
            _ = stopped.wait_for(|stop| *stop) => break,
        }
    }
    for (_, shard) in std::mem::take(&mut open) {
        shard.close().await;
    }
}

/// The total the configuration asks for: its count, or Discord's recommendation; `None` if
/// Discord cannot say (the adapter then stops, as for any fatal error).
async fn shard_total(settings: &DiscordSettings) -> Option<u32> {
    match settings.shards {
        Shards::Count(count) => Some(count.max(1)),
        Shards::Auto => match http(settings, reqwest::Client::new()).get_bot_gateway().await {
            Ok(gateway) => Some(gateway.shards.max(1)),
            Err(error) => {
                tracing::error!(%error, "Discord's recommended number of shards cannot be read");
                None
            }
        },
    }
}

/// A client that opens shard `index` of `total`, running; it says on `ends` when it stops.
/// `None` if it cannot be made.
async fn start(
    settings: &DiscordSettings,
    handler: &Arc<handler::Handler>,
    index: u32,
    total: u32,
    opening: u64,
    ends: mpsc::UnboundedSender<(u32, u64)>,
) -> Option<Shard> {
    let built = ClientBuilder::new_with_http(
        http(settings, reqwest::Client::new()),
        GatewayIntents::empty(),
    )
    .event_handler_arc(Arc::clone(handler))
    .await;
    let mut client = match built {
        Ok(client) => client,
        Err(error) => {
            tracing::error!(%error, "the Discord gateway cannot start");
            return None;
        }
    };
    tracing::info!(shard = index, total, "opening a Discord shard");
    let manager = client.shard_manager.clone();
    let running = Task::new(tokio::spawn(async move {
        if let Err(error) = client.start_shard(index, total).await {
            tracing::error!(%error, shard = index, "a Discord shard stopped");
        }
        let _ = ends.send((index, opening));
    }));
    Some(Shard { total, opening, manager, running })
}
