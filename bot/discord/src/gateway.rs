//! The gateway's shards, opened while this process has the turn: of several processes on one
//! database, one connects the shards and hands every interaction to the process serving its
//! channel (the runtime leases the turn, [`Role::DiscordGateway`]); if it goes, another opens
//! them within the lease's time. Alone, a process always has it.

use std::sync::Arc;

use serenity::all::{ClientBuilder, GatewayIntents, ShardManager};

use super::{DiscordSettings, handler, http};
use cincobot_runtime::adapter::{Step, Task};
use cincobot_runtime::config::Shards;
use cincobot_runtime::roles::{Role, TurnTaking, TurnWork};

/// Opens the shards for `handler` whenever its desk gives this process the turn, until
/// stopped; ends of its own accord if the gateway fails for good.
pub fn open(settings: DiscordSettings, handler: Arc<handler::Handler>) -> TurnTaking {
    let turn = handler.desk.turn(Role::DiscordGateway);
    TurnTaking::spawn(Role::DiscordGateway, turn, move || {
        Box::pin(start(settings.clone(), Arc::clone(&handler)))
    })
}

/// The shards, open.
struct Open {
    manager: Arc<ShardManager>,
    running: Task,
}

/// A client over the shards the configuration asks for, started; `None` if it cannot be made.
async fn start(settings: DiscordSettings, handler: Arc<handler::Handler>) -> Option<Open> {
    let built = ClientBuilder::new_with_http(
        http(&settings, reqwest::Client::new()),
        GatewayIntents::empty(),
    )
    .event_handler_arc(handler)
    .await;
    let mut client = match built {
        Ok(client) => client,
        Err(error) => {
            tracing::error!(%error, "the Discord gateway cannot start");
            return None;
        }
    };
    let manager = client.shard_manager.clone();
    let shards = settings.shards;
    let running = Task::new(tokio::spawn(async move {
        let started = match shards {
            Shards::Auto => client.start_autosharded().await,
            Shards::Count(count) => client.start_shards(count.max(1)).await,
        };
        if let Err(error) = started {
            tracing::error!(%error, "the Discord gateway stopped");
        }
    }));
    Some(Open { manager, running })
}

impl TurnWork for Open {
    /// The gateway failed for good.
    fn ended(&mut self) -> Step<'_, ()> {
        Box::pin(self.running.ended())
    }

    fn stop(&mut self) -> Step<'_, ()> {
        Box::pin(async move {
            self.manager.shutdown_all().await;
            self.running.ended().await;
        })
    }
}
