//! This process's share of the chats when several processes serve the bot on one PostgreSQL.
//! The chats are grouped in slots (`identity::slot_of`); a process serves the slots it
//! leases (`store::Cluster`) and nothing else. Each round (every second) it says it is
//! alive, renews its leases, and moves toward its fair share — the slots divided by the live
//! processes: it claims slots nobody holds or whose holder stopped renewing, and hands back
//! the ones over its share when a process joins. A slot it takes is loaded by its partition
//! ([`Desk::adopt_slot`]); a slot it gives up is first let go by its partition
//! ([`Desk::hand_over_slot`], which writes what the partition remembers) and only then
//! released in the database, so its new owner starts from everything written. A process
//! that lets leases go announces it, and the others run a round at once: a stopping
//! process's chats are taken, and their waiting inputs read, without waiting for a round.
//!
//! Discord's gateway shards are shared out the same way: each process says how many shards
//! its configuration asks for, the oldest live process's number is the total all of them
//! shard by (`Cluster::shard_plan`), and each process leases its fair share of the shards,
//! claiming those a dead process left and handing back what is over its share when a process
//! joins. The Discord adapter opens exactly the shards of this process's share
//! ([`ShardTurns`](super::shards::ShardTurns)).
//!
//! A lease runs out by the database's clock unless renewed; this process stops serving a
//! slot a fifth of the lease before that, by its own clock ([`Lease::valid_until`]), whether
//! or not it can reach the database: a process cut off from PostgreSQL stops acting for its
//! chats before another may take them, so no chat ever has two owners.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::watch;

use super::Desk;
use super::forward::Forwarder;
use super::roles::Role;
use super::shards::ShardShare;
use cincobot_core::core::HeldSlots;
use cincobot_core::identity::SLOTS;
use cincobot_core::store::{Cluster, Lease, LeaseKind, Store, StoreError};

/// How long a lease lasts unless renewed: a process that dies is replaced about this long
/// after its last renewal.
pub const LEASE: Duration = Duration::from_secs(10);

/// How often a round runs.
pub const ROUND: Duration = Duration::from_secs(1);

/// Every this many rounds (an hour), a process sweeps what is older than [`KEPT`].
const SWEEP_EVERY: u32 = 3600;

/// How long handled inputs (and the rows of processes gone) are kept: longer than any
/// platform delivers an event again, so a repeated event still finds its first post.
const KEPT: Duration = Duration::from_secs(24 * 3600);

/// Whether a round took slots: their inputs waiting in the inbox are then read at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// No slot was claimed.
    Nothing,
    /// At least one slot was claimed and is served now.
    Slots,
}

/// This process among the bot's processes.
#[derive(Debug)]
pub struct Membership {
    store: Store,
    name: String,
    cluster: Cluster,
    held: Arc<HeldSlots>,
    leases: BTreeMap<u16, Lease>,
    /// The leases of the roles whose turn is this process's.
    turns: BTreeMap<Role, Lease>,
    /// The leases of the Discord shards this process opens, by index.
    shards: BTreeMap<u32, Lease>,
    /// The shard total those indices are of (0 before any).
    shard_total: u32,
    /// The shard total this process told the database its configuration asks for.
    shards_said: Option<u32>,
    desk: Desk,
    rounds: u32,
}

impl Membership {
    /// Joins the processes on `store` as `name`, serving through `desk` the slots it will
    /// hold in `held` (none yet).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or is not PostgreSQL.
    pub async fn join(
        store: Store,
        name: String,
        held: Arc<HeldSlots>,
        desk: Desk,
    ) -> Result<Membership, StoreError> {
        let cluster = store.cluster(&name).await?;
        held.leased_by(cluster.process().0);
        tracing::info!(process = cluster.process().0, %name, "joined the bot's processes");
        Ok(Membership {
            store,
            name,
            cluster,
            held,
            leases: BTreeMap::new(),
            turns: BTreeMap::new(),
            shards: BTreeMap::new(),
            shard_total: 0,
            shards_said: None,
            desk,
            rounds: 0,
        })
    }

    /// Runs rounds until `stop` says so, then hands every slot over. A round also runs as
    /// soon as `forwarder` hears a process let leases go: a stopping process's chats are
    /// taken without waiting up to a round, and read from the inbox at once.
    pub async fn run(mut self, mut stop: watch::Receiver<bool>, forwarder: Arc<Forwarder>) {
        let mut rounds = tokio::time::interval(ROUND);
        rounds.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = rounds.tick() => {}
                () = forwarder.leases_let_go() => {}
                _ = stop.changed() => break,
            }
            // A round stuck on an unreachable database is cut short when the first lease
            // runs out by this process's clock: it stops serving in time.
            let fence = tokio::time::Instant::from_std(self.first_to_run_out());
            match tokio::time::timeout_at(fence, self.round()).await {
                Ok(Taken::Slots) => forwarder.slots_taken(),
                Ok(Taken::Nothing) => {}
                Err(_) => self.drop_run_out(Instant::now()),
            }
        }
        self.leave().await;
    }

    /// When the first of this process's leases runs out unless renewed (a day away when it
    /// holds none).
    fn first_to_run_out(&self) -> Instant {
        let far = Instant::now() + Duration::from_secs(24 * 3600);
        self.leases
            .values()
            .chain(self.turns.values())
            .chain(self.shards.values())
            .map(|lease| lease.valid_until)
            .fold(far, Instant::min)
    }

    /// This process's handle on the database's coordination.
    #[must_use]
    pub fn cluster(&self) -> Cluster {
        self.cluster.clone()
    }

    /// The slots held now.
    #[must_use]
    pub fn held(&self) -> Vec<u16> {
        self.leases.keys().copied().collect()
    }

    /// One round: stop serving what ran out, say it is alive, renew, move toward the share.
    pub async fn round(&mut self) -> Taken {
        self.drop_run_out(Instant::now());
        match self.cluster.heartbeat().await {
            Ok(true) => {}
            Ok(false) => {
                // Taken for dead by a sweep: its leases have run out too.
                tracing::warn!(name = %self.name, "this process was taken for dead; joining again");
                self.lose(self.held());
                self.shards.clear();
                self.publish_shards();
                match self.store.cluster(&self.name).await {
                    Ok(cluster) => {
                        self.held.leased_by(cluster.process().0);
                        self.cluster = cluster;
                        self.shards_said = None;
                    }
                    Err(error) => {
                        tracing::warn!(%error, "joining again");
                        return Taken::Nothing;
                    }
                }
            }
            Err(error) => {
                tracing::warn!(%error, "the database cannot be reached; serving until the leases run out");
                return Taken::Nothing;
            }
        }
        if let Err(error) = self.renew().await {
            tracing::warn!(%error, "renewing the leases");
            return Taken::Nothing;
        }
        let taken = self.balance().await.unwrap_or_else(|error| {
            tracing::warn!(%error, "balancing the slots");
            Taken::Nothing
        });
        if let Err(error) = self.take_turns().await {
            tracing::warn!(%error, "taking the roles' turns");
        }
        if let Err(error) = self.share_shards().await {
            tracing::warn!(%error, "sharing Discord's shards");
        }
        self.rounds = self.rounds.wrapping_add(1);
        if self.rounds % SWEEP_EVERY == 1 {
            match self.cluster.sweep(KEPT).await {
                Ok(swept) => tracing::debug!(?swept, "old inputs, answers and processes swept"),
                Err(error) => tracing::warn!(%error, "sweeping the inbox"),
            }
        }
        taken
    }

    /// Claims (or, held, extends) the lease of every role an adapter asked for: a role
    /// nobody does is this process's at once, and one whose process died is after its lease.
    async fn take_turns(&mut self) -> Result<(), StoreError> {
        let roles = self.desk.roles();
        for role in roles.asked() {
            let (kind, key) = role.lease();
            match self.cluster.claim(kind, key, LEASE).await? {
                Some(lease) => {
                    if self.turns.insert(role, lease).is_none() {
                        tracing::info!(?role, "this process's turn");
                    }
                    roles.set(role, true);
                }
                None => {
                    self.turns.remove(&role);
                    roles.set(role, false);
                }
            }
        }
        Ok(())
    }

    /// Opens this process's share of Discord's shards: says how many its configuration asks
    /// for, follows the total in force, renews the shards it holds, and claims shards nobody
    /// holds (a dead process's) or hands back those over its share.
    async fn share_shards(&mut self) -> Result<(), StoreError> {
        let turns = self.desk.shards();
        let Some(wanted) = turns.wanted() else { return Ok(()) };
        if self.shards_said != Some(wanted) {
            self.cluster.want_shards(Some(wanted)).await?;
            self.shards_said = Some(wanted);
        }
        let Some(plan) = self.cluster.shard_plan(LEASE).await? else { return Ok(()) };
        if plan.total != wanted {
            tracing::warn!(
                wanted,
                total = plan.total,
                "an older process shards by another total: followed until that process stops"
            );
        }
        if plan.total != self.shard_total {
            // Every shard is opened anew under the new total: closed first, then released,
            // so that no two processes open one index at once.
            let held: Vec<i32> = self.shard_keys();
            self.shards.clear();
            self.shard_total = plan.total;
            self.publish_shards();
            self.cluster.release(LeaseKind::Shard, &held).await?;
        }
        if !self.shards.is_empty() {
            let renewed = self.cluster.renew(LeaseKind::Shard, &self.shard_keys(), LEASE).await?;
            let kept: BTreeMap<u32, Lease> = renewed
                .into_iter()
                .filter_map(|lease| Some((u32::try_from(lease.key).ok()?, lease)))
                .collect();
            if kept.len() < self.shards.len() {
                tracing::warn!("a shard's lease was taken by another process");
            }
            self.shards = kept;
        }
        let share = usize::try_from(plan.total.div_ceil(plan.processes)).unwrap_or(usize::MAX);
        if self.shards.len() > share {
            // Handed back from the highest down, so that processes agree on which.
            let over: Vec<u32> =
                self.shards.keys().rev().take(self.shards.len() - share).copied().collect();
            tracing::info!(shards = ?over, "handing shards over to another process");
            for index in &over {
                self.shards.remove(index);
            }
            self.publish_shards();
            let keys: Vec<i32> = over.into_iter().filter_map(|i| i32::try_from(i).ok()).collect();
            self.cluster.release(LeaseKind::Shard, &keys).await?;
        } else if self.shards.len() < share {
            let taken: Vec<i32> = self
                .cluster
                .holders(LeaseKind::Shard)
                .await?
                .into_iter()
                .filter(|holder| !holder.expired)
                .map(|holder| holder.key)
                .collect();
            for index in 0..plan.total {
                if self.shards.len() >= share {
                    break;
                }
                let Ok(key) = i32::try_from(index) else { break };
                if taken.contains(&key) || self.shards.contains_key(&index) {
                    continue;
                }
                if let Some(lease) = self.cluster.claim(LeaseKind::Shard, key, LEASE).await? {
                    tracing::info!(shard = index, total = plan.total, "this process opens a shard");
                    self.shards.insert(index, lease);
                }
            }
        }
        self.publish_shards();
        Ok(())
    }

    /// The indices of the shards held, as the leases' keys.
    fn shard_keys(&self) -> Vec<i32> {
        self.shards.keys().filter_map(|&index| i32::try_from(index).ok()).collect()
    }

    /// Tells the Discord adapter which shards to open.
    fn publish_shards(&self) {
        self.desk.shards().set(ShardShare {
            total: self.shard_total,
            held: self.shards.keys().copied().collect(),
        });
    }

    /// Stops serving the slots whose lease this process may no longer count on.
    fn drop_run_out(&mut self, now: Instant) {
        let run_out: Vec<u16> = self
            .leases
            .iter()
            .filter(|(_, lease)| !lease.is_valid(now))
            .map(|(&slot, _)| slot)
            .collect();
        if !run_out.is_empty() {
            tracing::warn!(slots = run_out.len(), "leases ran out before they could be renewed");
            self.lose(run_out);
        }
        let roles = self.desk.roles();
        self.turns.retain(|&role, lease| {
            let valid = lease.is_valid(now);
            if !valid {
                tracing::warn!(?role, "a role's lease ran out before it could be renewed");
                roles.set(role, false);
            }
            valid
        });
        let shards = self.shards.len();
        self.shards.retain(|_, lease| lease.is_valid(now));
        if self.shards.len() < shards {
            tracing::warn!("a shard's lease ran out before it could be renewed");
            self.publish_shards();
        }
    }

    /// Stops serving `slots` at once: no input goes to their partition any more, which then
    /// lets their chats go (a change it is making fails its fence in the database).
    fn lose(&mut self, slots: Vec<u16>) {
        for slot in slots {
            self.held.unlease(slot);
            self.leases.remove(&slot);
            self.desk.drop_slot(slot);
        }
    }

    async fn renew(&mut self) -> Result<(), StoreError> {
        if self.leases.is_empty() {
            return Ok(());
        }
        let keys: Vec<i32> = self.leases.keys().map(|&slot| i32::from(slot)).collect();
        let renewed = self.cluster.renew(LeaseKind::Slot, &keys, LEASE).await?;
        let mut kept = BTreeMap::new();
        for lease in renewed {
            if let Ok(slot) = u16::try_from(lease.key) {
                kept.insert(slot, lease);
            }
        }
        let lost: Vec<u16> =
            self.held().into_iter().filter(|slot| !kept.contains_key(slot)).collect();
        if !lost.is_empty() {
            tracing::warn!(slots = lost.len(), "leases taken by another process");
        }
        self.leases.extend(kept);
        self.lose(lost);
        Ok(())
    }

    /// Claims free slots up to the fair share, or hands back what is over it.
    async fn balance(&mut self) -> Result<Taken, StoreError> {
        let live = self.cluster.live_processes(LEASE).await?.len().max(1);
        let share = usize::from(SLOTS).div_ceil(live);
        let held = self.leases.len();
        if held > share {
            // Handed back from the highest slots down, so that processes agree on which.
            let over: Vec<u16> = self.held().into_iter().rev().take(held - share).collect();
            tracing::info!(slots = over.len(), live, "handing slots over to a newer process");
            return self.hand_over(over).await.map(|()| Taken::Nothing);
        }
        if held == share {
            return Ok(Taken::Nothing);
        }
        let holders = self.cluster.holders(LeaseKind::Slot).await?;
        let taken: Vec<u16> = holders
            .iter()
            .filter(|holder| !holder.expired)
            .filter_map(|holder| u16::try_from(holder.key).ok())
            .collect();
        // Each process starts looking at its own place, so that processes starting together
        // do not all ask for the same slots.
        let start = usize::try_from(self.cluster.process().0).unwrap_or(0) * usize::from(SLOTS) / 7;
        let free = (0..SLOTS)
            .map(|offset| {
                u16::try_from((start + usize::from(offset)) % usize::from(SLOTS)).unwrap_or(0)
            })
            .filter(|slot| !taken.contains(slot) && !self.leases.contains_key(slot))
            .collect::<Vec<u16>>();
        let mut wanted = share - held;
        let mut taken = Taken::Nothing;
        for slot in free {
            if wanted == 0 {
                break;
            }
            if let Some(lease) = self.cluster.claim(LeaseKind::Slot, i32::from(slot), LEASE).await?
            {
                self.leases.insert(slot, lease);
                // Loaded before it is marked held: an input for it, queued behind the load,
                // finds its games.
                self.desk.adopt_slot(slot);
                self.held.hold(slot);
                wanted -= 1;
                taken = Taken::Slots;
            }
        }
        Ok(taken)
    }

    /// Gives `slots` up gracefully: their partitions let their chats go first (after what
    /// they were given, writing what they remember), then the leases are released so that
    /// other processes take them at once.
    async fn hand_over(&mut self, slots: Vec<u16>) -> Result<(), StoreError> {
        for &slot in &slots {
            self.held.let_go(slot);
        }
        let released: Vec<_> = slots.iter().map(|&slot| self.desk.hand_over_slot(slot)).collect();
        for done in released {
            done.await;
        }
        for slot in &slots {
            self.leases.remove(slot);
        }
        let keys: Vec<i32> = slots.iter().copied().map(i32::from).collect();
        let released = self.cluster.release(LeaseKind::Slot, &keys).await;
        // Released or not (then it runs out by itself), the lease is no longer counted on.
        for &slot in &slots {
            self.held.unlease(slot);
        }
        released?;
        Ok(())
    }

    /// Hands everything over and leaves (a stop, SIGTERM). The adapters stopped first, so the
    /// roles' work and the shards have stopped: their leases are released first, so that
    /// another process polls and opens the shards while this one hands its chats over (their
    /// inputs wait in the inbox meanwhile).
    async fn leave(mut self) {
        let roles = self.desk.roles();
        let mut released: Vec<(LeaseKind, Vec<i32>)> = Vec::new();
        for role in std::mem::take(&mut self.turns).into_keys() {
            roles.set(role, false);
            let (kind, key) = role.lease();
            released.push((kind, vec![key]));
        }
        released.push((LeaseKind::Shard, self.shard_keys()));
        self.shards.clear();
        self.publish_shards();
        for (kind, keys) in released {
            if keys.is_empty() {
                continue;
            }
            if let Err(error) = self.cluster.release(kind, &keys).await {
                tracing::warn!(%error, ?kind, "releasing a lease; it runs out by itself");
            }
        }
        let held = self.held();
        tracing::info!(slots = held.len(), "handing every slot over before stopping");
        if let Err(error) = self.hand_over(held).await {
            tracing::warn!(%error, "releasing the slots; they run out by themselves");
        }
        if let Err(error) = self.cluster.leave().await {
            tracing::warn!(%error, "leaving the bot's processes");
        }
    }
}
