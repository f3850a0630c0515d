//! Any set of adapters (Telegram, Discord, both) served over one core in one loop: each
//! connected, its outlet plugged into the desk, the desk started, each taking updates; and
//! stopped the same way for all — no more updates, the desk stopped, every delivery drained.

use std::task::Poll;

use tokio::task::JoinHandle;

use super::adapter::{Adapter, AdapterError, Serving};
use super::desk::{Outlets, run};
use super::several::Several;
use super::{Desk, Running};

/// Adapters serving over one desk.
pub struct Served {
    adapters: Vec<Box<dyn Serving>>,
    desk: Desk,
    core: JoinHandle<()>,
    /// With a database several processes may share: this process's part among them.
    several: Option<Several>,
}

impl std::fmt::Debug for Served {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Served").field("adapters", &self.adapters.len()).finish_non_exhaustive()
    }
}

/// Connects every adapter, runs the desk over `running` with their outlets, and starts them.
///
/// # Errors
/// The first adapter that cannot connect.
pub async fn serve(
    running: Running,
    adapters: Vec<Box<dyn Adapter>>,
) -> Result<Served, AdapterError> {
    let (desk, inboxes) = Desk::new(&running);
    let several = if running.store.may_be_shared() {
        let several = Several::start(&running.store, &running.held, &desk)
            .await
            .map_err(|error| -> AdapterError { Box::new(error) })?;
        Some(several)
    } else {
        None
    };
    let mut outlets = Outlets::new();
    let mut connections = Vec::with_capacity(adapters.len());
    for adapter in adapters {
        let platform = adapter.platform();
        let connection = adapter.connect(desk.clone()).await?;
        if let (Some(platform), Some(outlet)) = (platform, connection.outlet()) {
            outlets = outlets.with(platform, outlet);
        }
        if let Some(watch) = connection.watch() {
            outlets = outlets.watched_by(watch);
        }
        connections.push(connection);
    }
    let cores = desk.clone();
    let core = tokio::spawn(async move { run(running, &cores, inboxes, outlets).await });
    let mut serving = Vec::with_capacity(connections.len());
    for connection in connections {
        serving.push(connection.start().await);
    }
    Ok(Served { adapters: serving, desk, core, several })
}

impl Served {
    /// Waits until any adapter stops of its own accord.
    pub async fn ended(&mut self) {
        let mut endings: Vec<_> = self.adapters.iter_mut().map(|adapter| adapter.ended()).collect();
        std::future::poll_fn(|context| {
            if endings.iter_mut().any(|ending| ending.as_mut().poll(context).is_ready()) {
                Poll::Ready(())
            } else {
                Poll::Pending
            }
        })
        .await;
    }

    /// Stops taking updates, hands this process's chats over to the other processes (if
    /// any), lets the core finish, then lets every queued message go out.
    pub async fn stop(mut self) {
        for adapter in &mut self.adapters {
            adapter.stop().await;
        }
        if let Some(several) = self.several.take() {
            several.stop().await;
        }
        self.desk.stop();
        let _ = self.core.await;
        for adapter in &self.adapters {
            adapter.drain().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use tokio::sync::oneshot;

    use super::*;
    use crate::Outlet;
    use crate::adapter::{Connection, Step};
    use crate::config::Config;
    use cincobot_core::core::{Chat, Output, Platform};

    /// What the adapters were asked, in order.
    type Log = Arc<Mutex<Vec<String>>>;

    fn note(log: &Log, step: &str, platform: Platform) {
        log.lock().expect("the log").push(format!("{step} {}", platform.code()));
    }

    /// An outlet that drops everything.
    struct Nowhere;

    impl Outlet for Nowhere {
        fn deliver(&self, _outputs: Vec<Output>, _origin: Option<&Chat>) {}
    }

    /// An adapter that only notes what it is asked; it ends of its own accord when `end` fires.
    struct Noting {
        platform: Platform,
        log: Log,
        end: Option<oneshot::Receiver<()>>,
    }

    impl Adapter for Noting {
        fn platform(&self) -> Option<Platform> {
            Some(self.platform)
        }

        fn connect(
            self: Box<Self>,
            _desk: Desk,
        ) -> Step<'static, Result<Box<dyn Connection>, AdapterError>> {
            note(&self.log, "connect", self.platform);
            let connection: Box<dyn Connection> = self;
            Box::pin(std::future::ready(Ok(connection)))
        }
    }

    impl Connection for Noting {
        fn outlet(&self) -> Option<Arc<dyn Outlet>> {
            Some(Arc::new(Nowhere))
        }

        fn start(self: Box<Self>) -> Step<'static, Box<dyn Serving>> {
            note(&self.log, "start", self.platform);
            let serving: Box<dyn Serving> = self;
            Box::pin(std::future::ready(serving))
        }
    }

    impl Serving for Noting {
        fn ended(&mut self) -> Step<'_, ()> {
            Box::pin(async move {
                match &mut self.end {
                    Some(end) => {
                        let _ = end.await;
                    }
                    None => std::future::pending().await,
                }
            })
        }

        fn stop(&mut self) -> Step<'_, ()> {
            note(&self.log, "stop", self.platform);
            Box::pin(std::future::ready(()))
        }

        fn drain(&self) -> Step<'_, ()> {
            note(&self.log, "drain", self.platform);
            Box::pin(std::future::ready(()))
        }
    }

    #[tokio::test]
    async fn every_adapter_starts_and_stops_in_one_loop_when_any_one_ends() {
        let config = Config { database_url: "sqlite::memory:".to_owned(), ..Config::default() };
        let running = crate::start(&config).await.expect("the core starts");
        let log = Log::default();
        let (end_discord, discord_ends) = oneshot::channel();
        let adapters: Vec<Box<dyn Adapter>> = vec![
            Box::new(Noting { platform: Platform::Telegram, log: log.clone(), end: None }),
            Box::new(Noting {
                platform: Platform::Discord,
                log: log.clone(),
                end: Some(discord_ends),
            }),
        ];
        let mut served = serve(running, adapters).await.expect("the adapters start");
        let _ = end_discord.send(());
        tokio::time::timeout(Duration::from_secs(10), served.ended())
            .await
            .expect("one adapter's end is the set's");
        served.stop().await;
        let log = log.lock().expect("the log").clone();
        let (telegram, discord) = (Platform::Telegram.code(), Platform::Discord.code());
        let expected: Vec<String> = ["connect", "start", "stop", "drain"]
            .iter()
            .flat_map(|step| [format!("{step} {telegram}"), format!("{step} {discord}")])
            .collect();
        assert_eq!(log, expected, "all connected before any starts; all stopped before any drains");
    }
}
