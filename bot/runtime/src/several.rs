//! What runs beside the desk when the bot's database is PostgreSQL, which several processes
//! may share: this process's membership (the slots it serves, [`Membership`]), the listener
//! to the database's announcements, the reading of the inbox ([`forward`](super::forward)) and
//! the news told to the others ([`news`](super::news)).
//! One process on PostgreSQL runs them too, and serves every slot.

use std::sync::Arc;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::Desk;
use super::forward::{self, Forwarder};
use super::membership::Membership;
use cincobot_core::core::HeldSlots;
use cincobot_core::store::{Store, StoreError};

/// The environment variable that names a process in the logs and the processes' table
/// (one configuration file serves every process, so the name is not in it).
pub const PROCESS_NAME: &str = "CINCOBOT_PROCESS_NAME";

/// The tasks of one process among several.
#[derive(Debug)]
pub struct Several {
    membership: (watch::Sender<bool>, JoinHandle<()>),
    others: (watch::Sender<bool>, Vec<JoinHandle<()>>),
}

impl Several {
    /// Joins the bot's processes on `store` and starts serving the slots this process will
    /// hold in `held` through `desk`, and handing `desk` the inputs of the others.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn start(
        store: &Store,
        held: &Arc<HeldSlots>,
        desk: &Desk,
    ) -> Result<Several, StoreError> {
        let name = std::env::var(PROCESS_NAME)
            .unwrap_or_else(|_| format!("process {}", std::process::id()));
        let membership =
            Membership::join(store.clone(), name, Arc::clone(held), desk.clone()).await?;
        let forwarder = Forwarder::new(membership.cluster(), desk.news());
        let (stop_others, others) = watch::channel(false);
        let listening = forward::listen(store, Arc::clone(&forwarder), others.clone()).await?;
        let telling = desk.news().go_out_through(membership.cluster(), others.clone());
        desk.forward_through(Arc::clone(&forwarder));
        let inbox = tokio::spawn(forward::serve_inbox(
            Arc::clone(&forwarder),
            Arc::clone(held),
            desk.clone(),
            others,
        ));
        let (stop_membership, stopping) = watch::channel(false);
        let membership = tokio::spawn(membership.run(stopping, Arc::clone(&forwarder)));
        Ok(Several {
            membership: (stop_membership, membership),
            others: (stop_others, vec![listening, inbox, telling]),
        })
    }

    /// Hands every slot over (each after its partition has handled what it was given and
    /// written what it remembers), leaves, and stops reading the inbox.
    pub async fn stop(self) {
        let (stop, membership) = self.membership;
        let _ = stop.send(true);
        let _ = membership.await;
        let (stop, others) = self.others;
        let _ = stop.send(true);
        for task in others {
            let _ = task.await;
        }
    }
}
