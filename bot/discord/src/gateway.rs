//! The gateway's shards, opened while this process has the turn: of several processes on one
//! database, one connects the shards and hands every interaction to the process serving its
//! channel (the runtime leases the turn, [`Role::DiscordGateway`]); if it goes, another opens
//! them within the lease's time. Alone, a process always has it.

use std::sync::Arc;

use serenity::all::{ClientBuilder, GatewayIntents};
use tokio::sync::watch;

use super::{DiscordSettings, handler, http};
use cincobot_runtime::adapter::Task;
use cincobot_runtime::config::Shards;
use cincobot_runtime::roles::{Role, Turn};

/// The shards, opened and closed with the turn.
#[derive(Debug)]
pub struct GatewayTurns {
    stop: watch::Sender<bool>,
    task: Task,
}

/// Opens the shards for `handler` whenever its desk gives this process the turn, until
/// stopped; ends of its own accord if the gateway fails for good.
pub fn open(settings: DiscordSettings, handler: Arc<handler::Handler>) -> GatewayTurns {
    let (stop, stopped) = watch::channel(false);
    let turn = handler.desk.turn(Role::DiscordGateway);
    let task = tokio::spawn(take_turns(settings, handler, turn, stopped));
    GatewayTurns { stop, task: Task::new(task) }
}

/// Waits until the adapter is stopped (or its handle is gone).
async fn asked_to_stop(stopped: &mut watch::Receiver<bool>) {
    let _ = stopped.wait_for(|stop| *stop).await;
}

async fn take_turns(
    settings: DiscordSettings,
    handler: Arc<handler::Handler>,
    mut turn: Turn,
    mut stopped: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            ours = turn.comes() => if !ours { return },
            () = asked_to_stop(&mut stopped) => return,
        }
        let built = ClientBuilder::new_with_http(
            http(&settings, reqwest::Client::new()),
            GatewayIntents::empty(),
        )
        .event_handler_arc(Arc::clone(&handler))
        .await;
        let mut client = match built {
            Ok(client) => client,
            Err(error) => {
                tracing::error!(%error, "the Discord gateway cannot start");
                return;
            }
        };
        let manager = client.shard_manager.clone();
        let shards = settings.shards;
        let mut running = Task::new(tokio::spawn(async move {
            let started = match shards {
                Shards::Auto => client.start_autosharded().await,
                Shards::Count(count) => client.start_shards(count.max(1)).await,
            };
            if let Err(error) = started {
                tracing::error!(%error, "the Discord gateway stopped");
            }
        }));
        tracing::info!("Discord's shards open in this process");
        tokio::select! {
            () = running.ended() => return,
            () = turn.goes() => {
                tracing::info!("another process opens Discord's shards now");
                manager.shutdown_all().await;
                running.ended().await;
            }
            () = asked_to_stop(&mut stopped) => {
                manager.shutdown_all().await;
                running.ended().await;
                return;
            }
        }
    }
}

impl GatewayTurns {
    /// Until the gateway fails for good.
    pub async fn ended(&mut self) {
        self.task.ended().await;
    }

    /// Closes the shards.
    pub async fn stop(&mut self) {
        let _ = self.stop.send(true);
        self.task.ended().await;
    }
}
