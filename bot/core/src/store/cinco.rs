//! CINCO games in the store: a row of `games` (kind `cinco`) with its 2–6 seats in
//! `game_seats`, and its action sequence in `cinco_actions`, each action unique by
//! `(game, seq)` and each sealed bid by `(game, auction, seat)`.

use serde::{Deserialize, Serialize};

use super::games::{chat_kind, ply_of, ply_value};
use super::seats::{insert_seats, read_seats, seat_code, seat_index};
use super::statement::{Row, query};
use super::{Change, GameStatus, Store, StoreError};
use crate::identity::{AwaySeats, Chat, EventId, GameId, Platform, Player, SeatIndex};

/// The kind column of a CINCO game.
const KIND: &str = "cinco";

/// How a CINCO table plays, fixed when it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CincoRules {
    /// Every shuffle of the game comes from it.
    pub seed: u64,
    /// How long an auction waits for the bids.
    pub bid_seconds: u32,
    /// How long a turn waits for its player.
    pub turn_seconds: u32,
}

/// A CINCO game as the store keeps it, apart from its actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CincoRow {
    pub id: GameId,
    pub chat: Chat,
    pub rules: CincoRules,
    pub players: Vec<Player>,
    pub status: GameStatus,
    /// Who won (several share a win when every 5 is out); empty while it is played.
    pub winners: Vec<SeatIndex>,
    /// When the seats the game waits for run out of time.
    pub deadline: Option<i64>,
    pub away: AwaySeats,
    pub last_human_at: i64,
    pub started_by: String,
    /// The message showing the table in its chat, as the platform reported it, and the
    /// action count it showed: a restart edits that message when it is behind.
    pub board_message: Option<String>,
    pub shown_ply: usize,
    /// Finished between people, but its ratings are still to be written (the ending
    /// committed without them).
    pub rating_due: bool,
    /// Ended, and its final table shown (or still being played).
    pub result_shown: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

/// What a new CINCO game is created with.
#[derive(Clone, Debug)]
pub struct NewCinco {
    pub chat: Chat,
    pub rules: CincoRules,
    pub players: Vec<Player>,
    pub started_by: String,
    pub deadline: Option<i64>,
    pub now: i64,
}

/// One action of the sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAction {
    pub seq: usize,
    pub seat: SeatIndex,
    /// The auction a bid is sealed in; `None` for every other action.
    pub auction: Option<u32>,
    /// The action in the bot's CINCO notation.
    pub action: String,
    pub by_cpu: bool,
    pub at: i64,
    pub event: Option<EventId>,
}

fn winners_code(winners: &[SeatIndex]) -> Option<String> {
    (!winners.is_empty()).then(|| {
        winners.iter().map(|seat| seat_code(*seat).to_string()).collect::<Vec<_>>().join(",")
    })
}

fn read_winners(code: Option<&str>) -> Result<Vec<SeatIndex>, StoreError> {
    code.filter(|code| !code.is_empty())
        .map(|code| {
            code.split(',')
                .map(|seat| {
                    seat.parse::<i16>()
                        .map_err(|_| StoreError::Corrupt(format!("winners {code}")))
                        .and_then(seat_index)
                })
                .collect()
        })
        .unwrap_or(Ok(Vec::new()))
}

pub(super) fn read_row(row: &Row, players: Vec<Player>) -> Result<CincoRow, StoreError> {
    let platform: String = row.try_get("platform")?;
    let chat = Chat {
        platform: Platform::from_code(&platform)
            .ok_or_else(|| StoreError::Corrupt(format!("platform {platform}")))?,
        id: row.try_get("chat_id")?,
        kind: chat_kind(&row.try_get::<String>("chat_kind")?)?,
    };
    let away = u8::try_from(row.try_get::<i16>("away_seats")?)
        .map_err(|_| StoreError::Corrupt("away seats".to_owned()))?;
    Ok(CincoRow {
        id: GameId(row.try_get("id")?),
        chat,
        rules: serde_json::from_str(&row.try_get::<String>("settings")?)?,
        players,
        status: GameStatus::from_code(&row.try_get::<String>("status")?)?,
        winners: read_winners(row.try_get::<Option<String>>("result")?.as_deref())?,
        deadline: row.try_get("turn_deadline")?,
        away: AwaySeats::from_bits(away),
        last_human_at: row.try_get("last_human_at")?,
        started_by: row.try_get("started_by")?,
        board_message: row.try_get("board_message")?,
        shown_ply: ply_of(row.try_get("shown_ply")?),
        rating_due: row.try_get("rating_due")?,
        result_shown: row.try_get("result_shown")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

impl Change {
    /// Creates a CINCO game and returns its row.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it, or there are more than six seats.
    pub async fn insert_cinco(&mut self, new: NewCinco) -> Result<CincoRow, StoreError> {
        let id: i64 = query(
            "INSERT INTO games (kind, settings, platform, chat_id, chat_kind, status, \
             turn_deadline, last_human_at, started_by, ranked, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, $8, FALSE, $9, $10) RETURNING id",
        )
        .bind(KIND)
        .bind(serde_json::to_string(&new.rules)?)
        .bind(new.chat.platform.code())
        .bind(&new.chat.id)
        .bind(new.chat.kind.code())
        .bind(new.deadline)
        .bind(new.now)
        .bind(&new.started_by)
        .bind(new.now)
        .bind(new.now)
        .fetch_scalar(self.connection())
        .await?;
        insert_seats(self.connection(), GameId(id), &new.players).await?;
        Ok(CincoRow {
            id: GameId(id),
            chat: new.chat,
            rules: new.rules,
            players: new.players,
            status: GameStatus::Active,
            winners: Vec::new(),
            deadline: new.deadline,
            away: AwaySeats::default(),
            last_human_at: new.now,
            started_by: new.started_by,
            board_message: None,
            shown_ply: 0,
            rating_due: false,
            result_shown: true,
            created_at: new.now,
            updated_at: new.now,
        })
    }

    /// Appends an action to game `game`'s sequence and saves its row.
    ///
    /// # Errors
    /// [`StoreError::AlreadyPlayed`] when the sequence number is taken (a second press of a
    /// turn's button) or the seat already sealed a bid in this auction.
    pub async fn record_cinco_action(
        &mut self,
        game: &CincoRow,
        action: &StoredAction,
    ) -> Result<(), StoreError> {
        query(
            "INSERT INTO cinco_actions (game_id, seq, seat, auction, action, by_cpu, at, event) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(game.id.0)
        .bind(ply_value(action.seq))
        .bind(seat_code(action.seat))
        .bind(action.auction.map(i64::from))
        .bind(&action.action)
        .bind(action.by_cpu)
        .bind(action.at)
        .bind(action.event.as_ref().map(|event| event.0.as_str()))
        .execute(self.connection())
        .await
        .map_err(|error| StoreError::unique_as(error, StoreError::AlreadyPlayed))?;
        self.save_cinco(game).await
    }

    /// Saves the changing columns of a CINCO game's row.
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn save_cinco(&mut self, game: &CincoRow) -> Result<(), StoreError> {
        query(
            "UPDATE games SET status = $1, result = $2, turn_deadline = $3, away_seats = $4, \
             last_human_at = $5, board_message = $6, shown_ply = $7, rating_due = $8, \
             result_shown = $9, updated_at = $10 WHERE id = $11 AND kind = $12",
        )
        .bind(game.status.code())
        .bind(winners_code(&game.winners))
        .bind(game.deadline)
        .bind(i16::from(game.away.bits()))
        .bind(game.last_human_at)
        .bind(game.board_message.as_deref())
        .bind(ply_value(game.shown_ply))
        .bind(game.rating_due)
        .bind(game.result_shown)
        .bind(game.updated_at)
        .bind(game.id.0)
        .bind(KIND)
        .execute(self.connection())
        .await?;
        Ok(())
    }
}

impl Store {
    /// Every CINCO game still being played, with its actions in order: what the bot reloads
    /// at start-up.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn active_cinco_games(
        &self,
    ) -> Result<Vec<(CincoRow, Vec<StoredAction>)>, StoreError> {
        self.cinco_games_where("status = 'active'").await
    }

    /// Every finished CINCO game whose ratings are still owed, with its actions (its final
    /// table is replayed from them), oldest first.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn cinco_games_due_rating(
        &self,
    ) -> Result<Vec<(CincoRow, Vec<StoredAction>)>, StoreError> {
        self.cinco_games_where("rating_due").await
    }

    /// Every ended CINCO game whose final table was never shown, with its actions.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn unshown_cinco_endings(
        &self,
    ) -> Result<Vec<(CincoRow, Vec<StoredAction>)>, StoreError> {
        self.cinco_games_where("NOT result_shown").await
    }

    /// The CINCO games `condition` selects, each with its actions.
    async fn cinco_games_where(
        &self,
        condition: &'static str,
    ) -> Result<Vec<(CincoRow, Vec<StoredAction>)>, StoreError> {
        let sql = format!("SELECT * FROM games WHERE {condition} AND kind = $1 ORDER BY id");
        let rows = query(sql).bind(KIND).fetch_all(&self.pool).await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let id = GameId(row.try_get("id")?);
            let players = read_seats(&self.pool, id).await?;
            games.push((read_row(row, players)?, self.cinco_actions(id).await?));
        }
        Ok(games)
    }

    /// A CINCO game and its actions.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails or a row does not read back.
    pub async fn cinco_game(
        &self,
        id: GameId,
    ) -> Result<Option<(CincoRow, Vec<StoredAction>)>, StoreError> {
        let Some(row) = query("SELECT * FROM games WHERE id = $1 AND kind = $2")
            .bind(id.0)
            .bind(KIND)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let players = read_seats(&self.pool, id).await?;
        Ok(Some((read_row(&row, players)?, self.cinco_actions(id).await?)))
    }

    async fn cinco_actions(&self, id: GameId) -> Result<Vec<StoredAction>, StoreError> {
        let rows = query(
            "SELECT seq, seat, auction, action, by_cpu, at, event FROM cinco_actions \
             WHERE game_id = $1 ORDER BY seq",
        )
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(StoredAction {
                    seq: ply_of(row.try_get("seq")?),
                    seat: seat_index(row.try_get("seat")?)?,
                    auction: row
                        .try_get::<Option<i64>>("auction")?
                        .map(|n| {
                            u32::try_from(n)
                                .map_err(|_| StoreError::Corrupt(format!("auction {n}")))
                        })
                        .transpose()?,
                    action: row.try_get("action")?,
                    by_cpu: row.try_get("by_cpu")?,
                    at: row.try_get("at")?,
                    event: row.try_get::<Option<String>>("event")?.map(EventId),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::{ChatKind, CpuLevel};

    fn seat(index: usize) -> SeatIndex {
        SeatIndex::new(index).expect("a seat")
    }

    fn action(seq: usize, seat_index: usize, auction: Option<u32>, text: &str) -> StoredAction {
        StoredAction {
            seq,
            seat: seat(seat_index),
            auction,
            action: text.to_owned(),
            by_cpu: false,
            at: 1,
            event: None,
        }
    }

    async fn table_of_three(store: &Store) -> CincoRow {
        let players = vec![
            Player::Human { id: "ana".into(), name: "Ana".into() },
            Player::Human { id: "bruno".into(), name: "Bruno".into() },
            Player::Cpu { level: CpuLevel::Normal },
        ];
        let mut change = store.change(None, 1).await.expect("a change");
        let row = change
            .insert_cinco(NewCinco {
                chat: Chat { platform: Platform::Console, id: "g".into(), kind: ChatKind::Group },
                rules: CincoRules { seed: 7, bid_seconds: 60, turn_seconds: 120 },
                players,
                started_by: "ana".into(),
                deadline: None,
                now: 1,
            })
            .await
            .expect("a game");
        change.commit().await.expect("committed");
        row
    }

    async fn record(
        store: &Store,
        row: &CincoRow,
        stored: &StoredAction,
    ) -> Result<(), StoreError> {
        let mut change = store.change(None, 1).await?;
        change.record_cinco_action(row, stored).await?;
        change.commit().await
    }

    #[tokio::test]
    async fn each_action_is_unique_by_sequence_and_each_bid_by_auction_and_seat() {
        for url in crate::store::scratch::databases().await {
            let store = Store::open(&url).await.expect("a database");
            let mut row = table_of_three(&store).await;
            record(&store, &row, &action(0, 0, None, "d")).await.expect("the first action");
            let second_at_zero = record(&store, &row, &action(0, 1, None, "d")).await;
            assert!(matches!(second_at_zero, Err(StoreError::AlreadyPlayed)), "{second_at_zero:?}");
            record(&store, &row, &action(1, 1, Some(1), "b r7")).await.expect("Bruno's bid");
            record(&store, &row, &action(2, 0, Some(1), "b g3")).await.expect("Ana's bid");
            // Bruno bids again in the same auction under a fresh sequence number: refused.
            let changed_bid = record(&store, &row, &action(3, 1, Some(1), "b y9")).await;
            assert!(matches!(changed_bid, Err(StoreError::AlreadyPlayed)), "{changed_bid:?}");
            record(&store, &row, &action(3, 1, Some(2), "b y9")).await.expect("the next auction");

            row.away = AwaySeats::default().with(seat(2), true);
            row.winners = vec![seat(0), seat(2)];
            row.status = GameStatus::Finished;
            let mut change = store.change(None, 2).await.expect("a change");
            change.save_cinco(&row).await.expect("saved");
            change.commit().await.expect("committed");
            let (read, actions) =
                store.cinco_game(row.id).await.expect("readable").expect("the game");
            assert_eq!(read, row);
            let sequence: Vec<(usize, &str)> =
                actions.iter().map(|stored| (stored.seq, stored.action.as_str())).collect();
            assert_eq!(sequence, [(0, "d"), (1, "b r7"), (2, "b g3"), (3, "b y9")]);
            assert_eq!(actions[1].auction, Some(1));
            assert!(store.active_cinco_games().await.expect("readable").is_empty());
            assert!(store.active_games().await.expect("readable").is_empty(), "no board game");
        }
    }
}
