use engine::Seat;

use super::seats::{insert_seats, read_seats};
use super::statement::{Row, Statement, query};
use super::{Change, Store, StoreError};
use crate::games::GameSettings;
use crate::identity::{AwaySeats, Chat, ChatKind, EventId, GameId, Platform, Player};

/// Where a game stands in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Active,
    Finished,
    Abandoned,
    Cancelled,
}

impl GameStatus {
    pub(super) const fn code(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Abandoned => "abandoned",
            GameStatus::Cancelled => "cancelled",
        }
    }

    pub(super) fn from_code(code: &str) -> Result<GameStatus, StoreError> {
        [GameStatus::Active, GameStatus::Finished, GameStatus::Abandoned, GameStatus::Cancelled]
            .into_iter()
            .find(|status| status.code() == code)
            .ok_or_else(|| StoreError::Corrupt(format!("game status {code}")))
    }
}

/// A game as the store keeps it, apart from its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: GameId,
    pub settings: GameSettings,
    pub chat: Chat,
    pub players: [Player; 2],
    pub status: GameStatus,
    /// The winning seat once won.
    pub winner: Option<Seat>,
    pub turn_deadline: Option<i64>,
    pub last_human_at: i64,
    pub away: [bool; 2],
    pub undo_by: Option<Seat>,
    /// Renju: the fifth moves black has chosen so far to offer by buttons, in notation and
    /// in order (`Some` of none once black began); `None` when black is not choosing.
    pub offer_draft: Option<Vec<String>>,
    pub started_by: String,
    pub rematch_of: Option<GameId>,
    pub board_message: Option<String>,
    pub shown_ply: usize,
    /// Finished and ranked, but its ratings are still to be written.
    pub rating_due: bool,
    /// Ended, and its final board shown (or nothing to show).
    pub result_shown: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// What a new game is created with.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub settings: GameSettings,
    pub chat: Chat,
    pub players: [Player; 2],
    pub started_by: String,
    pub rematch_of: Option<GameId>,
    pub turn_deadline: Option<i64>,
    pub now: i64,
}

/// One row of the move log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    pub ply: usize,
    pub seat: Seat,
    pub action: String,
    pub by_cpu: bool,
    pub at: i64,
    /// The platform event of the person's input that made the move.
    pub event: Option<EventId>,
}

fn seat_code(seat: Seat) -> i16 {
    match seat {
        Seat::First => 0,
        Seat::Second => 1,
    }
}

fn seat_from(code: i16) -> Result<Seat, StoreError> {
    match code {
        0 => Ok(Seat::First),
        1 => Ok(Seat::Second),
        other => Err(StoreError::Corrupt(format!("seat {other}"))),
    }
}

fn result_code(game: &GameRow) -> Option<&'static str> {
    match (game.status, game.winner) {
        (_, Some(Seat::First)) => Some("first"),
        (_, Some(Seat::Second)) => Some("second"),
        (GameStatus::Finished, None) => Some("draw"),
        (GameStatus::Active | GameStatus::Abandoned | GameStatus::Cancelled, None) => None,
    }
}

pub(super) fn ply_of(value: i64) -> usize {
    usize::try_from(value).unwrap_or(0)
}

/// A stored chat kind.
pub(super) fn chat_kind(code: &str) -> Result<ChatKind, StoreError> {
    ChatKind::from_code(code).ok_or_else(|| StoreError::Corrupt(format!("chat kind {code}")))
}

pub(super) fn ply_value(ply: usize) -> i64 {
    i64::try_from(ply).unwrap_or(i64::MAX)
}

/// A board game's row, with its seats as read from `game_seats`.
pub(super) fn read_game(row: &Row, seats: Vec<Player>) -> Result<GameRow, StoreError> {
    let platform: String = row.try_get("platform")?;
    let chat = Chat {
        platform: Platform::from_code(&platform)
            .ok_or_else(|| StoreError::Corrupt(format!("platform {platform}")))?,
        id: row.try_get("chat_id")?,
        kind: chat_kind(&row.try_get::<String>("chat_kind")?)?,
    };
    let players: [Player; 2] = seats
        .try_into()
        .map_err(|seats: Vec<Player>| StoreError::Corrupt(format!("{} seats", seats.len())))?;
    let away = AwaySeats::from_bits(u8::try_from(row.try_get::<i16>("away_seats")?).unwrap_or(0));
    let settings: String = row.try_get("settings")?;
    let status: String = row.try_get("status")?;
    let result: Option<String> = row.try_get("result")?;
    Ok(GameRow {
        id: GameId(row.try_get("id")?),
        settings: serde_json::from_str(&settings)?,
        chat,
        players,
        status: GameStatus::from_code(&status)?,
        winner: match result.as_deref() {
            Some("first") => Some(Seat::First),
            Some("second") => Some(Seat::Second),
            None | Some("draw") => None,
            Some(other) => return Err(StoreError::Corrupt(format!("result {other}"))),
        },
        turn_deadline: row.try_get("turn_deadline")?,
        last_human_at: row.try_get("last_human_at")?,
        away: away.pair(),
        undo_by: row.try_get::<Option<i16>>("undo_by")?.map(seat_from).transpose()?,
        offer_draft: row
            .try_get::<Option<String>>("offer_draft")?
            .map(|draft| draft.split_whitespace().map(str::to_owned).collect()),
        started_by: row.try_get("started_by")?,
        rematch_of: row.try_get::<Option<i64>>("rematch_of")?.map(GameId),
        board_message: row.try_get("board_message")?,
        shown_ply: ply_of(row.try_get("shown_ply")?),
        rating_due: row.try_get("rating_due")?,
        result_shown: row.try_get("result_shown")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

const UPDATE_GAME: &str = "UPDATE games SET status = $1, result = $2, turn_deadline = $3, \
     last_human_at = $4, away_seats = $5, undo_by = $6, offer_draft = $7, board_message = $8, \
     shown_ply = $9, rating_due = $10, result_shown = $11, updated_at = $12 WHERE id = $13";

fn update_game(game: &GameRow) -> Statement<'static> {
    query(UPDATE_GAME)
        .bind(game.status.code())
        .bind(result_code(game))
        .bind(game.turn_deadline)
        .bind(game.last_human_at)
        .bind(i16::from(AwaySeats::from_pair(game.away).bits()))
        .bind(game.undo_by.map(seat_code))
        .bind(game.offer_draft.as_ref().map(|draft| draft.join(" ")))
        .bind(game.board_message.as_deref())
        .bind(ply_value(game.shown_ply))
        .bind(game.rating_due)
        .bind(game.result_shown)
        .bind(game.updated_at)
        .bind(game.id.0)
}

impl Change {
    /// Creates a game and returns its row.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn insert_game(&mut self, new: NewGame) -> Result<GameRow, StoreError> {
        let settings = serde_json::to_string(&new.settings)?;
        let id: i64 = query(
            "INSERT INTO games (kind, settings, platform, chat_id, chat_kind, status, \
             turn_deadline, last_human_at, started_by, rematch_of, ranked, created_at, \
             updated_at) \
             VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, $8, $9, $10, $11, $12) RETURNING id",
        )
        .bind(new.settings.kind.code())
        .bind(settings)
        .bind(new.chat.platform.code())
        .bind(&new.chat.id)
        .bind(new.chat.kind.code())
        .bind(new.turn_deadline)
        .bind(new.now)
        .bind(&new.started_by)
        .bind(new.rematch_of.map(|id| id.0))
        .bind(new.settings.ranked)
        .bind(new.now)
        .bind(new.now)
        .fetch_scalar(self.connection())
        .await?;
        insert_seats(self.connection(), GameId(id), &new.players).await?;
        Ok(GameRow {
            id: GameId(id),
            settings: new.settings,
            chat: new.chat,
            players: new.players,
            status: GameStatus::Active,
            winner: None,
            turn_deadline: new.turn_deadline,
            last_human_at: new.now,
            away: [false, false],
            undo_by: None,
            offer_draft: None,
            started_by: new.started_by,
            rematch_of: new.rematch_of,
            board_message: None,
            shown_ply: 0,
            rating_due: false,
            result_shown: true,
            created_at: new.now,
            updated_at: new.now,
        })
    }

    /// Appends a move to the log and saves the game row.
    ///
    /// # Errors
    /// [`StoreError::AlreadyPlayed`] when the ply is taken (a second submission).
    pub async fn record_move(
        &mut self,
        game: &GameRow,
        played: &StoredMove,
    ) -> Result<(), StoreError> {
        query(
            "INSERT INTO moves (game_id, ply, seat, action, by_cpu, at, event) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(game.id.0)
        .bind(ply_value(played.ply))
        .bind(seat_code(played.seat))
        .bind(&played.action)
        .bind(played.by_cpu)
        .bind(played.at)
        .bind(played.event.as_ref().map(|event| event.0.as_str()))
        .execute(self.connection())
        .await
        .map_err(|error| StoreError::unique_as(error, StoreError::AlreadyPlayed))?;
        self.save_game(game).await
    }

    /// Saves the changing columns of a game row.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn save_game(&mut self, game: &GameRow) -> Result<(), StoreError> {
        update_game(game).execute(self.connection()).await?;
        Ok(())
    }

    /// Removes the moves from `from_ply` on (an agreed undo) and saves the game row.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn take_back(&mut self, game: &GameRow, from_ply: usize) -> Result<(), StoreError> {
        query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(game.id.0)
            .bind(ply_value(from_ply))
            .execute(self.connection())
            .await?;
        self.save_game(game).await
    }
}

impl Store {
    /// Saves the changing columns of a game row on its own.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn save_game(&self, game: &GameRow) -> Result<(), StoreError> {
        update_game(game).execute(&self.pool).await?;
        Ok(())
    }

    /// A board game and its moves in order (a CINCO table is [`Store::cinco_game`]).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn game(&self, id: GameId) -> Result<Option<(GameRow, Vec<StoredMove>)>, StoreError> {
        let Some(row) = query("SELECT * FROM games WHERE id = $1 AND kind <> 'cinco'")
            .bind(id.0)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let seats = read_seats(&self.pool, id).await?;
        let game = read_game(&row, seats)?;
        let moves = self.moves(id).await?;
        Ok(Some((game, moves)))
    }

    async fn moves(&self, id: GameId) -> Result<Vec<StoredMove>, StoreError> {
        let rows = query(
            "SELECT ply, seat, action, by_cpu, at, event FROM moves \
             WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(StoredMove {
                    ply: ply_of(row.try_get("ply")?),
                    seat: seat_from(row.try_get("seat")?)?,
                    action: row.try_get("action")?,
                    by_cpu: row.try_get("by_cpu")?,
                    at: row.try_get("at")?,
                    event: row.try_get::<Option<String>>("event")?.map(EventId),
                })
            })
            .collect()
    }

    /// Every game still being played, with its moves: what the bot reloads at start-up.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn active_games(&self) -> Result<Vec<(GameRow, Vec<StoredMove>)>, StoreError> {
        self.games_with_moves(
            "SELECT * FROM games WHERE status = 'active' AND kind <> 'cinco' ORDER BY id",
        )
        .await
    }

    /// Every ended game whose final board was never shown, with its moves.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn unshown_endings(&self) -> Result<Vec<(GameRow, Vec<StoredMove>)>, StoreError> {
        self.games_with_moves(
            "SELECT * FROM games WHERE NOT result_shown AND kind <> 'cinco' ORDER BY id",
        )
        .await
    }

    /// The games `sql` selects, each with its moves.
    async fn games_with_moves(
        &self,
        sql: &'static str,
    ) -> Result<Vec<(GameRow, Vec<StoredMove>)>, StoreError> {
        let rows = query(sql).fetch_all(&self.pool).await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let seats = read_seats(&self.pool, GameId(row.try_get("id")?)).await?;
            let game = read_game(row, seats)?;
            let moves = self.moves(game.id).await?;
            games.push((game, moves));
        }
        Ok(games)
    }

    /// Every finished game whose ratings are still owed, oldest first.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn games_due_rating(&self) -> Result<Vec<GameRow>, StoreError> {
        let rows = query("SELECT * FROM games WHERE rating_due AND kind <> 'cinco' ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let seats = read_seats(&self.pool, GameId(row.try_get("id")?)).await?;
            games.push(read_game(row, seats)?);
        }
        Ok(games)
    }

    /// The last game that ended in `chat` with `user` seated, for `/rematch`.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn last_ended_game(
        &self,
        chat: &Chat,
        user: &str,
    ) -> Result<Option<GameId>, StoreError> {
        let id: Option<i64> = query(
            "SELECT games.id FROM games JOIN game_seats ON game_seats.game_id = games.id \
             WHERE platform = $1 AND chat_id = $2 AND status <> 'active' AND kind <> 'cinco' \
             AND user_id = $3 \
             ORDER BY games.id DESC LIMIT 1",
        )
        .bind(chat.platform.code())
        .bind(&chat.id)
        .bind(user)
        .fetch_optional_scalar(&self.pool)
        .await?;
        Ok(id.map(GameId))
    }
}
