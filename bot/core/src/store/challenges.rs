use super::games::chat_kind;
use super::statement::{Row, query};
use super::{Change, Store, StoreError};
use crate::games::{GameKind, GameOptions};
use crate::identity::{ChallengeId, Chat, GameId, Platform, User};

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Expired,
}

impl ChallengeStatus {
    const fn code(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Expired => "expired",
        }
    }
}

/// A challenge waiting for an answer.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub chat: Chat,
    pub kind: GameKind,
    pub options: GameOptions,
    pub challenger: User,
    /// `None`: anyone may accept.
    pub opponent: Option<User>,
    pub rematch_of: Option<GameId>,
    pub challenger_first: bool,
    pub created_at: i64,
    pub expires_at: i64,
}

fn read_challenge(row: &Row) -> Result<ChallengeRow, StoreError> {
    let platform: String = row.try_get("platform")?;
    let kind: String = row.try_get("kind")?;
    let options: String = row.try_get("options")?;
    let opponent_id: Option<String> = row.try_get("opponent_id")?;
    let opponent_name: Option<String> = row.try_get("opponent_name")?;
    Ok(ChallengeRow {
        id: ChallengeId(row.try_get("id")?),
        chat: Chat {
            platform: Platform::from_code(&platform)
                .ok_or_else(|| StoreError::Corrupt(format!("platform {platform}")))?,
            id: row.try_get("chat_id")?,
            kind: chat_kind(&row.try_get::<String>("chat_kind")?)?,
        },
        kind: GameKind::parse(&kind).ok_or_else(|| StoreError::Corrupt(format!("game {kind}")))?,
        options: serde_json::from_str(&options)?,
        challenger: User::new(
            row.try_get::<String>("challenger_id")?,
            row.try_get::<String>("challenger_name")?,
        ),
        opponent: opponent_id.map(|id| User::new(id.clone(), opponent_name.unwrap_or(id))),
        rematch_of: row.try_get::<Option<i64>>("rematch_of")?.map(GameId),
        challenger_first: row.try_get("challenger_first")?,
        created_at: row.try_get("created_at")?,
        expires_at: row.try_get("expires_at")?,
    })
}

impl Change {
    /// Stores a new open challenge; its id is filled in.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn insert_challenge(
        &mut self,
        challenge: &mut ChallengeRow,
    ) -> Result<(), StoreError> {
        self.challenges_changed = true;
        let id: i64 = query(
            "INSERT INTO challenges (platform, chat_id, chat_kind, kind, options, challenger_id, \
             challenger_name, opponent_id, opponent_name, rematch_of, challenger_first, status, \
             created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12, $13) \
             RETURNING id",
        )
        .bind(challenge.chat.platform.code())
        .bind(&challenge.chat.id)
        .bind(challenge.chat.kind.code())
        .bind(challenge.kind.code())
        .bind(serde_json::to_string(&challenge.options)?)
        .bind(&challenge.challenger.id)
        .bind(&challenge.challenger.name)
        .bind(challenge.opponent.as_ref().map(|user| user.id.as_str()))
        .bind(challenge.opponent.as_ref().map(|user| user.name.as_str()))
        .bind(challenge.rematch_of.map(|id| id.0))
        .bind(challenge.challenger_first)
        .bind(challenge.created_at)
        .bind(challenge.expires_at)
        .fetch_scalar(self.connection())
        .await?;
        challenge.id = ChallengeId(id);
        Ok(())
    }

    /// Closes a challenge; `false` if it was no longer open (answered twice).
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn close_challenge(
        &mut self,
        id: ChallengeId,
        status: ChallengeStatus,
    ) -> Result<bool, StoreError> {
        self.challenges_changed = true;
        let done = query("UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'open'")
            .bind(status.code())
            .bind(id.0)
            .execute(self.connection())
            .await?;
        Ok(done == 1)
    }
}

impl Store {
    /// The challenges of `chat` still open (expired ones included until they are closed).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn open_challenges(&self, chat: &Chat) -> Result<Vec<ChallengeRow>, StoreError> {
        let rows = query(
            "SELECT * FROM challenges WHERE platform = $1 AND chat_id = $2 AND status = 'open' \
             ORDER BY id DESC",
        )
        .bind(chat.platform.code())
        .bind(&chat.id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(read_challenge).collect()
    }

    /// Every open challenge past `now`, in every chat.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn expired_challenges(&self, now: i64) -> Result<Vec<ChallengeRow>, StoreError> {
        let rows = query("SELECT * FROM challenges WHERE status = 'open' AND expires_at <= $1")
            .bind(now)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(read_challenge).collect()
    }

    /// The earliest expiry of an open challenge in a chat that `serves`: a core asks for its
    /// own chats, so it never wakes for a challenge another partition expires.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn next_challenge_expiry(
        &self,
        serves: impl Fn(&Chat) -> bool,
    ) -> Result<Option<i64>, StoreError> {
        if let Some(known) = self.next_expiry.lock().ok().and_then(|known| *known) {
            return Ok(known);
        }
        let rows =
            query("SELECT * FROM challenges WHERE status = 'open'").fetch_all(&self.pool).await?;
        let mut read: Option<i64> = None;
        for row in &rows {
            let challenge = read_challenge(row)?;
            if serves(&challenge.chat) {
                read = Some(read.map_or(challenge.expires_at, |at| at.min(challenge.expires_at)));
            }
        }
        if let Ok(mut known) = self.next_expiry.lock() {
            *known = Some(read);
        }
        Ok(read)
    }
}
