//! Work only one process may do at a time: Telegram answers one `getUpdates` caller, so only
//! one process polls; Discord's shards are opened by one process too (each interaction then
//! goes to the process serving its channel, like any input). An adapter asks the desk for its turn at a role and does the work
//! while the turn is its; alone on SQLite a process always has every turn, and with several
//! processes on PostgreSQL a turn is a lease that the membership claims, renews and, when it
//! cannot, takes away ([`Membership`](super::membership::Membership)).

use std::collections::HashMap;
use std::sync::Mutex;

use tokio::sync::watch;

use cincobot_core::store::LeaseKind;

/// Something one process does for the whole bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Reading Telegram's updates by long polling.
    TelegramPoll,
    /// Connecting Discord's gateway shards.
    DiscordGateway,
}

impl Role {
    /// The lease that gives the turn.
    #[must_use]
    pub fn lease(self) -> (LeaseKind, i32) {
        match self {
            Role::TelegramPoll => (LeaseKind::TelegramPoll, 0),
            Role::DiscordGateway => (LeaseKind::Shard, 0),
        }
    }
}

/// Whether this process has a role's turn, as it comes and goes.
#[derive(Debug)]
pub struct Turn(watch::Receiver<bool>);

impl Turn {
    /// Waits until the turn is this process's; `false` when the desk is gone.
    pub async fn comes(&mut self) -> bool {
        self.0.wait_for(|ours| *ours).await.is_ok()
    }

    /// Waits until the turn is another process's (or the desk is gone).
    pub async fn goes(&mut self) {
        let _ = self.0.wait_for(|ours| !*ours).await;
    }
}

/// The roles adapters asked for, and whether this process has each one's turn.
#[derive(Debug)]
pub struct Roles {
    /// Whether turns come from leases: else every turn is this process's.
    leased: bool,
    turns: Mutex<HashMap<Role, watch::Sender<bool>>>,
}

impl Roles {
    /// `leased`: several processes may share the database.
    #[must_use]
    pub fn new(leased: bool) -> Roles {
        Roles { leased, turns: Mutex::new(HashMap::new()) }
    }

    /// Whether this process has `role`'s turn, now and from now on.
    pub fn turn(&self, role: Role) -> Turn {
        let mut turns = match self.turns.lock() {
            Ok(turns) => turns,
            Err(poisoned) => poisoned.into_inner(),
        };
        Turn(turns.entry(role).or_insert_with(|| watch::channel(!self.leased).0).subscribe())
    }

    /// The roles asked for, for the membership to lease.
    pub fn asked(&self) -> Vec<Role> {
        self.turns.lock().map(|turns| turns.keys().copied().collect()).unwrap_or_default()
    }

    /// Gives or takes `role`'s turn.
    pub fn set(&self, role: Role, ours: bool) {
        if let Ok(turns) = self.turns.lock()
            && let Some(turn) = turns.get(&role)
        {
            turn.send_if_modified(|now| std::mem::replace(now, ours) != ours);
        }
    }
}
