//! Which of Discord's gateway shards this process opens. Alone, it opens all of them; with
//! several processes on PostgreSQL, the membership leases a fair share of them and changes
//! that share as processes come and go ([`Membership`](super::membership::Membership)). The
//! Discord adapter says how many shards there are ([`ShardTurns::want`]) and opens and
//! closes connections as its share changes.

use std::collections::BTreeSet;
use std::sync::Mutex;

use tokio::sync::watch;

/// The shards this process opens, out of how many.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShardShare {
    /// The total every process shards by (Discord routes a guild by it).
    pub total: u32,
    /// The indices this process opens, each below `total`.
    pub held: BTreeSet<u32>,
}

impl ShardShare {
    /// Every shard of `total`.
    #[must_use]
    pub fn all(total: u32) -> ShardShare {
        ShardShare { total, held: (0..total).collect() }
    }
}

/// The shard total the adapter asked for, and this process's share as it changes.
#[derive(Debug)]
pub struct ShardTurns {
    /// Whether the share comes from leases: else it is every shard.
    leased: bool,
    wanted: Mutex<Option<u32>>,
    share: watch::Sender<ShardShare>,
}

impl ShardTurns {
    /// `leased`: several processes may share the database.
    #[must_use]
    pub fn new(leased: bool) -> ShardTurns {
        ShardTurns {
            leased,
            wanted: Mutex::new(None),
            share: watch::channel(ShardShare::default()).0,
        }
    }

    /// The adapter's configuration asks for `total` shards: this process's share from now on.
    pub fn want(&self, total: u32) -> watch::Receiver<ShardShare> {
        let total = total.max(1);
        match self.wanted.lock() {
            Ok(mut wanted) => *wanted = Some(total),
            Err(poisoned) => *poisoned.into_inner() = Some(total),
        }
        if !self.leased {
            self.share.send_replace(ShardShare::all(total));
        }
        self.share.subscribe()
    }

    /// The total the adapter asked for; `None` when no adapter opens shards.
    pub fn wanted(&self) -> Option<u32> {
        match self.wanted.lock() {
            Ok(wanted) => *wanted,
            Err(poisoned) => *poisoned.into_inner(),
        }
    }

    /// This process's share now.
    pub fn share(&self) -> ShardShare {
        self.share.borrow().clone()
    }

    /// Sets this process's share.
    pub fn set(&self, share: ShardShare) {
        self.share.send_if_modified(|now| {
            let changed = *now != share;
            *now = share;
            changed
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{ShardShare, ShardTurns};

    #[test]
    fn alone_a_process_opens_every_shard_at_once() {
        let turns = ShardTurns::new(false);
        assert_eq!(turns.wanted(), None);
        let share = turns.want(3);
        assert_eq!(*share.borrow(), ShardShare { total: 3, held: [0, 1, 2].into() });
        assert_eq!(turns.wanted(), Some(3));
    }

    #[test]
    fn with_several_processes_a_process_opens_what_it_is_given() {
        let turns = ShardTurns::new(true);
        let mut share = turns.want(2);
        assert!(share.borrow_and_update().held.is_empty(), "nothing before a lease");
        turns.set(ShardShare { total: 2, held: [1].into() });
        assert!(share.has_changed().unwrap_or(false));
        assert_eq!(share.borrow_and_update().held, [1].into());
        turns.set(ShardShare { total: 2, held: [1].into() });
        assert!(!share.has_changed().unwrap_or(true), "the same share is no change");
    }

    #[test]
    fn zero_shards_means_one() {
        let share = ShardTurns::new(false).want(0);
        assert_eq!(share.borrow().total, 1);
    }
}
