//! Time: turn timers, abandoned games, expired challenges, and the reload at start-up.
//!
//! Deadlines live in the store, so a restart finds them; the runtime asks
//! [`Core::next_deadline`] when to wake and calls [`Core::tick`] then.

use super::table::{Table, name_of};
use super::turns::turn_deadline;
use super::{Core, GameId, Message, Output};
use crate::games::Position;
use crate::i18n::Text;
use crate::store::{ChallengeStatus, GameStatus, StoreError};

impl Core {
    /// Rebuilds every active game from its log, re-posts boards that are behind, and asks
    /// the CPU for moves it still owes.
    pub(super) async fn reload(&mut self) -> Result<Vec<Output>, StoreError> {
        let mut outputs = Vec::new();
        for (row, log) in self.store.active_games().await? {
            let replayed =
                Position::replay(&row.settings, log.iter().map(|stored| stored.action.as_str()));
            let position = match replayed {
                Ok(position) => position,
                Err((ply, error)) => {
                    tracing::error!(game = row.id.0, ply, %error, "a stored game does not replay; left aside");
                    continue;
                }
            };
            let id = row.id;
            let behind = row.shown_ply < position.ply();
            self.tables.insert(id, Table { row, position, log });
            if behind && let Some(table) = self.tables.get(&id) {
                let locale = self.chat_locale(&table.row.chat).await;
                match self.board_output(id, locale, Vec::new()) {
                    Ok(boards) => outputs.extend(boards),
                    Err(error) => tracing::error!(game = id.0, %error, "re-posting a board"),
                }
            }
            self.ask_cpu_if_due(id);
        }
        tracing::info!(games = self.tables.len(), "games reloaded");
        Ok(outputs)
    }

    /// The earliest moment something is due: a turn timer, an abandonment, a challenge expiry.
    ///
    /// # Errors
    /// [`StoreError`] if the challenges cannot be read.
    pub async fn next_deadline(&self) -> Result<Option<i64>, StoreError> {
        let abandon = i64::try_from(self.settings.abandon_after.as_millis()).unwrap_or(i64::MAX);
        let games = self
            .tables
            .values()
            .flat_map(|table| {
                [table.row.turn_deadline, Some(table.row.last_human_at.saturating_add(abandon))]
            })
            .flatten()
            .min();
        let challenges = self.store.next_challenge_expiry().await?;
        Ok(games.into_iter().chain(challenges).min())
    }

    /// Does what is due at `now`: a player out of time hands their turn to the CPU, a
    /// game without human action for too long is abandoned, old challenges expire.
    pub async fn tick(&mut self) -> Vec<Output> {
        let now = self.clock.now_ms();
        let mut outputs = Vec::new();
        let abandon = i64::try_from(self.settings.abandon_after.as_millis()).unwrap_or(i64::MAX);
        let ids: Vec<GameId> = self.tables.keys().copied().collect();
        for id in ids {
            let result = if self
                .tables
                .get(&id)
                .is_some_and(|t| now >= t.row.last_human_at.saturating_add(abandon))
            {
                self.abandon(id, now).await
            } else if self
                .tables
                .get(&id)
                .is_some_and(|t| t.row.turn_deadline.is_some_and(|d| now >= d))
            {
                self.time_out(id, now).await
            } else {
                Ok(Vec::new())
            };
            match result {
                Ok(more) => outputs.extend(more),
                Err(error) => tracing::error!(game = id.0, %error, "a timer failed"),
            }
        }
        match self.expire_challenges(now).await {
            Ok(more) => outputs.extend(more),
            Err(error) => tracing::error!(%error, "expiring challenges"),
        }
        outputs
    }

    /// The player to act ran out of time: the CPU plays for them from now on, until they act.
    async fn time_out(&mut self, id: GameId, now: i64) -> Result<Vec<Output>, StoreError> {
        let Some(table) = self.tables.get_mut(&id) else { return Ok(Vec::new()) };
        let Some(seat) = table.position.seat_to_act() else { return Ok(Vec::new()) };
        table.row.away[seat.index()] = true;
        table.row.turn_deadline = turn_deadline(&table.row, &table.position, now);
        table.row.updated_at = now;
        self.store.save_game(&table.row).await?;
        let note =
            Text::new("time-ran-out").with("name", name_of(&table.row.players[seat.index()]));
        let chat = table.row.chat.clone();
        let locale = self.chat_locale(&chat).await;
        self.ask_cpu_if_due(id);
        Ok(vec![Output::Send { chat, message: Message::text(locale, vec![note]) }])
    }

    async fn abandon(&mut self, id: GameId, now: i64) -> Result<Vec<Output>, StoreError> {
        let Some(mut table) = self.tables.remove(&id) else { return Ok(Vec::new()) };
        table.row.status = GameStatus::Abandoned;
        table.row.turn_deadline = None;
        table.row.updated_at = now;
        self.store.save_game(&table.row).await?;
        let chat = table.row.chat.clone();
        let locale = self.chat_locale(&chat).await;
        let hours = i64::try_from(self.settings.abandon_after.as_secs() / 3600).unwrap_or(i64::MAX);
        let note = Text::new("game-abandoned").with("id", id.0).with("hours", hours);
        Ok(vec![Output::Send { chat, message: Message::text(locale, vec![note]) }])
    }

    async fn expire_challenges(&mut self, now: i64) -> Result<Vec<Output>, StoreError> {
        let mut outputs = Vec::new();
        for challenge in self.store.expired_challenges(now).await? {
            if self.store.close_challenge(challenge.id, ChallengeStatus::Expired).await? {
                let locale = self.chat_locale(&challenge.chat).await;
                let note = Text::new("challenge-timed-out")
                    .with("id", challenge.id.0)
                    .with("challenger", challenge.challenger.name.as_str());
                outputs.push(Output::Send {
                    chat: challenge.chat,
                    message: Message::text(locale, vec![note]),
                });
            }
        }
        Ok(outputs)
    }
}
