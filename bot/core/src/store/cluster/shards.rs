//! How many Discord shards the processes open between them, and among how many processes.
//! Every process writes the total its configuration asks for; the total in force is the
//! oldest live process's, so that all agree on one (the shard a guild's events arrive on
//! depends on it) and a changed total takes over once the last process started with the
//! old one has gone. The shards themselves are leases ([`LeaseKind::Shard`], keyed by the
//! shard's index), taken and handed over like slots.
//!
//! [`LeaseKind::Shard`]: super::LeaseKind::Shard

use std::time::Duration;

use sqlx::{Row as _, query};

use super::super::StoreError;
use super::Cluster;

/// The shards the live processes share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardPlan {
    /// How many shards Discord is told there are.
    pub total: u32,
    /// How many live processes open shards (this one among them once it said so).
    pub processes: u32,
}

impl Cluster {
    /// Says how many shards this process's configuration asks for (`None`: it opens none).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn want_shards(&self, total: Option<u32>) -> Result<(), StoreError> {
        let total = total.map(|total| i32::try_from(total).unwrap_or(i32::MAX));
        query("UPDATE cluster_processes SET discord_shards = $2 WHERE id = $1")
            .bind(self.process.0)
            .bind(total)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The total in force among the processes that beat within `within` and open shards,
    /// and how many they are; `None` when none does.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn shard_plan(&self, within: Duration) -> Result<Option<ShardPlan>, StoreError> {
        let row = query(
            "SELECT (array_agg(discord_shards ORDER BY id))[1] AS total, count(*) AS processes \
             FROM cluster_processes \
             WHERE heartbeat_at > now() - $1 AND discord_shards IS NOT NULL",
        )
        .bind(within)
        .fetch_one(&self.pool)
        .await?;
        let total: Option<i32> = row.try_get("total")?;
        let processes: i64 = row.try_get("processes")?;
        Ok(total.map(|total| ShardPlan {
            total: u32::try_from(total.max(1)).unwrap_or(1),
            processes: u32::try_from(processes.max(1)).unwrap_or(u32::MAX),
        }))
    }
}
