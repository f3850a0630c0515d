//! Any set of adapters (Telegram, Discord, both) served over one core in one loop: each
//! connected, its outlet plugged into the desk, the desk started, each taking updates; and
//! stopped the same way for all — no more updates, the desk stopped, every delivery drained.

use std::task::Poll;

use tokio::task::JoinHandle;

use super::adapter::{Adapter, AdapterError, Serving};
use super::desk::{Outlets, run};
use super::{Desk, Running};

/// Adapters serving over one desk.
pub struct Served {
    adapters: Vec<Box<dyn Serving>>,
    desk: Desk,
    core: JoinHandle<()>,
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
    let (desk, inbox) = Desk::new();
    let mut outlets = Outlets::new();
    let mut connections = Vec::with_capacity(adapters.len());
    for adapter in adapters {
        let platform = adapter.platform();
        let connection = adapter.connect(desk.clone()).await?;
        outlets = outlets.with(platform, connection.outlet());
        connections.push(connection);
    }
    let core = tokio::spawn(run(running, inbox, outlets));
    let mut serving = Vec::with_capacity(connections.len());
    for connection in connections {
        serving.push(connection.start().await);
    }
    Ok(Served { adapters: serving, desk, core })
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

    /// Stops taking updates, lets the core finish, then lets every queued message go out.
    pub async fn stop(mut self) {
        for adapter in &mut self.adapters {
            adapter.stop().await;
        }
        self.desk.stop();
        let _ = self.core.await;
        for adapter in &self.adapters {
            adapter.drain().await;
        }
    }
}
