//! Work only one process may do at a time: Telegram answers one `getUpdates` caller, so only
//! one process polls, and hands each update to the process serving its chat like any input.
//! (Discord's shards, which are many, are shared out instead: [`shards`](super::shards).) An
//! adapter asks the desk for its turn at a role and does the work while the turn is its;
//! alone on SQLite a process always has every turn, and with several processes on PostgreSQL
//! a turn is a lease that the membership claims, renews and, when it cannot, takes away
//! ([`Membership`](super::membership::Membership)).

use std::collections::HashMap;
use std::sync::Mutex;

use tokio::sync::watch;

use super::adapter::{Step, Task};
use cincobot_core::store::LeaseKind;

/// Something one process does for the whole bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Reading Telegram's updates by long polling.
    TelegramPoll,
}

impl Role {
    /// The lease that gives the turn.
    #[must_use]
    pub fn lease(self) -> (LeaseKind, i32) {
        match self {
            Role::TelegramPoll => (LeaseKind::TelegramPoll, 0),
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

/// What an adapter does while it has a role's turn: started when the turn comes, stopped when
/// it goes.
pub trait TurnWork: Send {
    /// Until the work ends of its own accord (a fatal error, its own Ctrl-C handler).
    fn ended(&mut self) -> Step<'_, ()>;
    /// Stops it, once it has handled what it took.
    fn stop(&mut self) -> Step<'_, ()>;
}

/// A role's work, started each time the turn comes and stopped each time it goes, until the
/// adapter stops or the work ends of its own accord.
#[derive(Debug)]
pub struct TurnTaking {
    stop: watch::Sender<bool>,
    task: Task,
}

impl TurnTaking {
    /// Runs what `start` starts whenever `turn` is this process's; `start` gives nothing when
    /// the work cannot start (then the adapter ends, as with any fatal error).
    pub fn spawn<W, S>(role: Role, mut turn: Turn, mut start: S) -> TurnTaking
    where
        W: TurnWork + 'static,
        S: FnMut() -> Step<'static, Option<W>> + Send + 'static,
    {
        let (stop, mut stopped) = watch::channel(false);
        let task = tokio::spawn(async move {
            loop {
                tokio::select! {
                    ours = turn.comes() => if !ours { return },
                    () = asked_to_stop(&mut stopped) => return,
                }
                let Some(mut work) = start().await else { return };
                tracing::info!(?role, "this process's turn: working");
                tokio::select! {
                    () = work.ended() => return,
                    () = turn.goes() => {
                        tracing::info!(?role, "another process's turn now");
                        work.stop().await;
                    }
                    () = asked_to_stop(&mut stopped) => {
                        work.stop().await;
                        return;
                    }
                }
            }
        });
        TurnTaking { stop, task: Task::new(task) }
    }

    /// Until the work ends of its own accord.
    pub async fn ended(&mut self) {
        self.task.ended().await;
    }

    /// Stops the work (once it has handled what it took) and waits for it.
    pub async fn stop(&mut self) {
        let _ = self.stop.send(true);
        self.task.ended().await;
    }
}

/// Waits until the adapter is stopped (or its handle is gone).
async fn asked_to_stop(stopped: &mut watch::Receiver<bool>) {
    let _ = stopped.wait_for(|stop| *stop).await;
}
