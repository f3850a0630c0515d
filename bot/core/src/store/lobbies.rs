//! CINCO lobbies in the store: a table waiting for its players survives a restart with its
//! seats, host and expiry. A lobby's row goes when it starts (in the same change as its
//! game), closes or expires.

use super::games::chat_kind;
use super::statement::{Row, query};
use super::{Change, Store, StoreError};
use crate::identity::{Chat, Platform, Player, User};

/// A table waiting for its players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyRow {
    pub id: u64,
    pub chat: Chat,
    pub host: User,
    pub seats: Vec<Player>,
    /// The people seated whom the bot could not write to privately (user ids).
    pub unreachable: Vec<String>,
    pub expires_at: i64,
}

fn read_lobby(row: &Row) -> Result<LobbyRow, StoreError> {
    let platform: String = row.try_get("platform")?;
    let id: i64 = row.try_get("id")?;
    Ok(LobbyRow {
        id: u64::try_from(id).map_err(|_| StoreError::Corrupt(format!("lobby {id}")))?,
        chat: Chat {
            platform: Platform::from_code(&platform)
                .ok_or_else(|| StoreError::Corrupt(format!("platform {platform}")))?,
            id: row.try_get("chat_id")?,
            kind: chat_kind(&row.try_get::<String>("chat_kind")?)?,
        },
        host: User::new(row.try_get::<String>("host_id")?, row.try_get::<String>("host_name")?),
        seats: serde_json::from_str(&row.try_get::<String>("seats")?)?,
        unreachable: serde_json::from_str(&row.try_get::<String>("unreachable")?)?,
        expires_at: row.try_get("expires_at")?,
    })
}

fn lobby_value(id: u64) -> i64 {
    i64::try_from(id).unwrap_or(i64::MAX)
}

impl Change {
    /// Opens a lobby in `chat` with its host seated; its number comes from the store.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn open_lobby(
        &mut self,
        chat: &Chat,
        host: &User,
        expires_at: i64,
    ) -> Result<LobbyRow, StoreError> {
        let seats = vec![Player::Human { id: host.id.clone(), name: host.name.clone() }];
        let id: i64 = query(
            "INSERT INTO cinco_lobbies (platform, chat_id, chat_kind, host_id, host_name, seats, \
             expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(chat.platform.code())
        .bind(&chat.id)
        .bind(chat.kind.code())
        .bind(&host.id)
        .bind(&host.name)
        .bind(serde_json::to_string(&seats)?)
        .bind(expires_at)
        .fetch_scalar(self.connection())
        .await?;
        Ok(LobbyRow {
            id: u64::try_from(id).map_err(|_| StoreError::Corrupt(format!("lobby {id}")))?,
            chat: chat.clone(),
            host: host.clone(),
            seats,
            unreachable: Vec::new(),
            expires_at,
        })
    }

    /// Saves a lobby's seats and the people it cannot reach.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn save_lobby(&mut self, lobby: &LobbyRow) -> Result<(), StoreError> {
        query("UPDATE cinco_lobbies SET seats = $1, unreachable = $2 WHERE id = $3")
            .bind(serde_json::to_string(&lobby.seats)?)
            .bind(serde_json::to_string(&lobby.unreachable)?)
            .bind(lobby_value(lobby.id))
            .execute(self.connection())
            .await?;
        Ok(())
    }

    /// Removes a lobby that started, closed or expired.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn close_lobby(&mut self, id: u64) -> Result<(), StoreError> {
        query("DELETE FROM cinco_lobbies WHERE id = $1")
            .bind(lobby_value(id))
            .execute(self.connection())
            .await?;
        Ok(())
    }
}

impl Store {
    /// Every open lobby, oldest first: what a start reloads.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn open_lobbies(&self) -> Result<Vec<LobbyRow>, StoreError> {
        let rows = query("SELECT * FROM cinco_lobbies ORDER BY id").fetch_all(&self.pool).await?;
        rows.iter().map(read_lobby).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::{ChatKind, CpuLevel};

    #[tokio::test]
    async fn a_lobby_reads_back_as_saved_and_its_number_is_never_given_again() {
        for url in crate::store::scratch::databases().await {
            let store = Store::open(&url).await.expect("a database");
            let chat = Chat { platform: Platform::Console, id: "g".into(), kind: ChatKind::Group };
            let ana = User::new("ana", "Ana");
            let mut change = store.change(None, 1).await.expect("a change");
            let mut lobby = change.open_lobby(&chat, &ana, 600).await.expect("opened");
            let second = change.open_lobby(&chat, &ana, 700).await.expect("opened");
            change.commit().await.expect("committed");
            assert_eq!((lobby.id, second.id), (1, 2));

            lobby.seats.push(Player::Human { id: "bruno".into(), name: "Bruno".into() });
            lobby.seats.push(Player::Cpu { level: CpuLevel::Hard });
            lobby.unreachable = vec!["bruno".into()];
            let mut change = store.change(None, 2).await.expect("a change");
            change.save_lobby(&lobby).await.expect("saved");
            change.close_lobby(second.id).await.expect("closed");
            change.commit().await.expect("committed");
            assert_eq!(store.open_lobbies().await.expect("readable"), [lobby.clone()]);

            let mut change = store.change(None, 3).await.expect("a change");
            change.close_lobby(lobby.id).await.expect("closed");
            let third = change.open_lobby(&chat, &ana, 800).await.expect("opened");
            change.commit().await.expect("committed");
            assert_eq!(third.id, 3, "numbers of closed lobbies are not reused");
        }
    }
}
