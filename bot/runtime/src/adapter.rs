//! What the runtime asks of a platform's adapter, so that one loop ([`super::serving`]) starts
//! and stops any set of them over one desk. An adapter comes up in two steps: connected (its
//! token checked, its delivery made: the outlet the desk sends to) before the desk runs, so
//! the boards a restart owes are queued before any update is taken; then serving (taking the
//! platform's updates into the desk). It stops in two steps too: it takes no more updates,
//! and once the desk has stopped making outputs, its delivery lets what it holds go out.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use tokio::task::JoinHandle;

use super::{Desk, Outlet, Watch};
use cincobot_core::core::Platform;

/// Why an adapter could not come up (a wrong token, no way to the platform).
pub type AdapterError = Box<dyn std::error::Error + Send + Sync>;

/// A future an adapter returns, boxed so that a set of adapters can be served as one.
pub type Step<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A platform's adapter, configured; or a service that serves the games of the platforms'
/// chats another way (the web board), owning no platform's outputs.
pub trait Adapter: Send {
    /// The platform whose outputs its outlet takes; `None` for an adapter that owns no
    /// platform (the web board: its games belong to the chats of the others).
    fn platform(&self) -> Option<Platform>;

    /// Connects to the platform and makes the delivery of what `desk` says for it; takes no
    /// update yet.
    fn connect(
        self: Box<Self>,
        desk: Desk,
    ) -> Step<'static, Result<Box<dyn Connection>, AdapterError>>;
}

/// An adapter connected, not yet taking updates.
pub trait Connection: Send {
    /// Where the desk sends what is for this platform; `None` when the adapter owns no
    /// platform ([`Adapter::platform`]).
    fn outlet(&self) -> Option<Arc<dyn Outlet>>;

    /// What sees every output the desk makes, whatever its platform (the web board learns
    /// that a game changed); most adapters need none.
    fn watch(&self) -> Option<Arc<dyn Watch>> {
        None
    }

    /// Starts taking the platform's updates into the desk.
    fn start(self: Box<Self>) -> Step<'static, Box<dyn Serving>>;
}

/// An adapter taking updates.
pub trait Serving: Send {
    /// Resolves when the adapter stops of its own accord (a fatal gateway error, its own
    /// Ctrl-C handler).
    fn ended(&mut self) -> Step<'_, ()>;

    /// Stops taking updates.
    fn stop(&mut self) -> Step<'_, ()>;

    /// Closes every lane of its delivery and waits (a minute at most) for what they hold to
    /// go out.
    fn drain(&self) -> Step<'_, ()>;
}

/// `connecting` as [`Adapter::connect`] returns it.
pub fn boxed<C, E>(
    connecting: impl Future<Output = Result<C, E>> + Send + 'static,
) -> Step<'static, Result<Box<dyn Connection>, AdapterError>>
where
    C: Connection + 'static,
    E: Into<AdapterError>,
{
    Box::pin(async move {
        let connection: Box<dyn Connection> = Box::new(connecting.await.map_err(Into::into)?);
        Ok(connection)
    })
}

/// An adapter's own task (the dispatcher that polls, the shards): its end is awaited once,
/// however often it is asked for.
#[derive(Debug)]
pub struct Task(Option<JoinHandle<()>>);

impl Task {
    #[must_use]
    pub fn new(handle: JoinHandle<()>) -> Task {
        Task(Some(handle))
    }

    /// Waits until the task has ended.
    pub async fn ended(&mut self) {
        if let Some(handle) = &mut self.0 {
            let _ = handle.await;
            self.0 = None;
        }
    }

    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.0.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Ends the task at its next await.
    pub fn abort(&self) {
        if let Some(handle) = &self.0 {
            handle.abort();
        }
    }
}
