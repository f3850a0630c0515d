//! Time: turn timers, abandoned games, expired challenges, and the reload at start-up.
//!
//! Deadlines live in the store, so a restart finds them; the runtime asks
//! [`Core::next_deadline`] when to wake and calls [`Core::tick`] then. A duty whose work fails
//! waits a growing pause before it is due again ([`super::backoff`]).

use super::backoff::Duty;
use super::error::CoreError;
use super::steps::Step;
use super::table::{Table, name_of};
use super::turns::turn_deadline;
use super::{Chat, Core, GameId, Message, Output, Partition};
use crate::games::Position;
use crate::i18n::Text;
use crate::identity::slot_of;
use crate::store::{ChallengeStatus, GameStatus, StoreError};

/// How long before a turn timer runs out its player is warned.
const WARNING_SECONDS: u64 = 10;

/// How long a platform event is remembered: far longer than any platform redelivers one
/// (Telegram keeps an update a day), shorter than the week after which Telegram may reuse ids.
const EVENTS_KEPT_MS: i64 = 3 * 24 * 3600 * 1000;

/// Which chats' games a core loads from the store.
#[derive(Clone, Copy, Debug)]
pub(super) enum Chats<'a> {
    /// Every chat of its partition (at start).
    Served,
    /// One chat it takes over.
    Only(&'a Chat),
    /// The chats of a slot the process took over.
    Slot(u16),
}

impl Chats<'_> {
    /// Whether `chat` is one of these, for a core serving `partition`.
    pub(super) fn include(self, partition: &Partition, chat: &Chat) -> bool {
        match self {
            Chats::Served => partition.owns(chat),
            Chats::Only(only) => only.platform == chat.platform && only.id == chat.id,
            Chats::Slot(slot) => slot_of(chat) == slot,
        }
    }
}

impl Core {
    /// Rebuilds every active game of the partition's chats from its log, re-posts boards
    /// that are behind, asks the CPU for moves it still owes, and writes ratings an ending
    /// could not.
    pub(super) async fn reload(&mut self) -> Result<Vec<Output>, StoreError> {
        self.settle_due_ratings().await?;
        self.settle_due_cinco_ratings().await?;
        if self.partition.is_first() {
            let forgotten = self.store.forget_events(self.clock.now_ms() - EVENTS_KEPT_MS).await?;
            tracing::debug!(forgotten, "old platform events forgotten");
        }
        let outputs = self.load(Chats::Served).await?;
        tracing::info!(games = self.tables.len(), endings = self.endings.len(), "games reloaded");
        Ok(outputs)
    }

    /// Takes over `chat`, which this partition did not serve until now (a chat that moved to
    /// an id of its slot): its games as [`Core::reload`] finds them.
    ///
    /// # Errors
    /// [`StoreError`] if the games cannot be read.
    pub async fn adopt_chat(&mut self, chat: &Chat) -> Result<Vec<Output>, StoreError> {
        self.load(Chats::Only(chat)).await
    }

    /// Takes over the chats of `slot`, which the process now holds: their games as
    /// [`Core::reload`] finds them.
    ///
    /// # Errors
    /// [`StoreError`] if the games cannot be read.
    pub async fn adopt_slot(&mut self, slot: u16) -> Result<Vec<Output>, StoreError> {
        self.load(Chats::Slot(slot)).await
    }

    /// Lets the chats of `slot` go, after writing what it remembers of them (which boards
    /// were shown) when `flush`: another process takes them over from the store. A process
    /// that lost the slot writes nothing (another may be serving the chats already).
    ///
    /// # Errors
    /// [`StoreError`] if the boards shown since the last write cannot be written; the chats
    /// are let go all the same (their boards are then edited once more than needed).
    pub async fn release_slot(&mut self, slot: u16, flush: bool) -> Result<(), StoreError> {
        let saved = if flush { self.save_shown_boards().await } else { Ok(()) };
        self.release(Chats::Slot(slot));
        saved
    }

    /// Forgets the games of `which` chats, which another partition or process takes over
    /// from the store.
    pub(super) fn release(&mut self, which: Chats<'_>) {
        let partition = &self.partition;
        let released: Vec<GameId> = self
            .tables
            .values()
            .chain(self.endings.values())
            .filter(|table| which.include(partition, &table.row.chat))
            .map(|table| table.row.id)
            .collect();
        for id in &released {
            self.tables.remove(id);
            self.endings.remove(id);
            self.warned.remove(id);
            self.unsaved_boards.remove(id);
            self.backoff.cleared(Duty::Game(*id));
        }
        self.finished.forget(|table| which.include(partition, &table.row.chat));
        self.release_cinco(which);
    }

    /// Loads the games of `which` chats from the store, and says what they owe.
    async fn load(&mut self, which: Chats<'_>) -> Result<Vec<Output>, StoreError> {
        let mut outputs = Vec::new();
        let active = self.store.active_games().await?;
        for (row, log) in
            active.into_iter().filter(|(row, _)| which.include(&self.partition, &row.chat))
        {
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
            let behind = row.shown_ply < position.ply() || row.board_message.is_none();
            self.tables.insert(id, Table { row, position, log });
            if behind && let Some(table) = self.tables.get(&id) {
                let locale = self.chat_locale(&table.row.chat).await;
                outputs.extend(self.shown_board(id, locale, Vec::new()));
            }
            self.ask_cpu_if_due(id);
        }
        let unshown = self.store.unshown_endings().await?;
        for (row, log) in
            unshown.into_iter().filter(|(row, _)| which.include(&self.partition, &row.chat))
        {
            let id = row.id;
            match Position::replay(&row.settings, log.iter().map(|stored| stored.action.as_str())) {
                Ok(position) => {
                    let locale = self.chat_locale(&row.chat).await;
                    self.endings.insert(id, Table { row, position, log });
                    outputs.extend(self.ending_board(id, locale));
                }
                Err((ply, error)) => {
                    tracing::error!(game = id.0, ply, %error, "an ended game does not replay");
                }
            }
        }
        outputs.extend(self.reload_cinco(which).await?);
        Ok(outputs)
    }

    fn abandon_after_ms(&self) -> i64 {
        i64::try_from(self.settings.abandon_after.as_millis()).unwrap_or(i64::MAX)
    }

    /// When game `table` next has something due: the warning before its turn timer, the
    /// timer itself, or its abandonment.
    fn game_due(&self, table: &Table) -> i64 {
        let abandon = table.row.last_human_at.saturating_add(self.abandon_after_ms());
        let warning = self.warning_at(table).unwrap_or(i64::MAX);
        table.row.turn_deadline.map_or(abandon, |deadline| deadline.min(abandon)).min(warning)
    }

    /// When the player to act is warned that their time runs out, if they are still to be.
    fn warning_at(&self, table: &Table) -> Option<i64> {
        let deadline = table.row.turn_deadline?;
        let seconds = table.row.settings.timer.seconds()?;
        let warned = self.warned.get(&table.row.id) == Some(&table.position.ply());
        (u64::from(seconds) > 2 * WARNING_SECONDS && !warned)
            .then(|| deadline - i64::try_from(WARNING_SECONDS * 1000).unwrap_or(0))
    }

    /// Now, by the core's clock: what [`Core::next_deadline`] is measured against.
    #[must_use]
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// The earliest moment something is due: a turn timer, an abandonment, a challenge expiry
    /// (each later by its pause if its last attempt failed).
    ///
    /// # Errors
    /// [`StoreError`] if the challenges cannot be read.
    pub async fn next_deadline(&self) -> Result<Option<i64>, StoreError> {
        let games = self
            .tables
            .values()
            .map(|table| self.backoff.when(Duty::Game(table.row.id), self.game_due(table)))
            .min();
        let challenges = self
            .store
            .next_challenge_expiry(|chat| self.partition.owns(chat))
            .await?
            .map(|at| self.backoff.when(Duty::Challenges, at));
        Ok(games.into_iter().chain(challenges).chain(self.cinco_next_deadline()).min())
    }

    /// Does what is due at `now`: a player out of time hands their turn to the CPU, a
    /// game without human action for too long is abandoned, old challenges expire. What fails
    /// is logged and tried again after a pause.
    pub async fn tick(&mut self) -> Vec<Output> {
        let now = self.clock.now_ms();
        let mut outputs = Vec::new();
        let due: Vec<GameId> = self
            .tables
            .values()
            .filter(|table| {
                now >= self.game_due(table) && self.backoff.ready(Duty::Game(table.row.id), now)
            })
            .map(|table| table.row.id)
            .collect();
        for id in due {
            let Some(table) = self.tables.get(&id) else { continue };
            let abandoned = now >= table.row.last_human_at.saturating_add(self.abandon_after_ms());
            let timed_out = table.row.turn_deadline.is_some_and(|deadline| now >= deadline);
            let result = if abandoned {
                self.abandon(id, now).await
            } else if timed_out {
                self.time_out(id, now).await
            } else {
                Ok(self.warn(id).await)
            };
            match result {
                Ok(more) => {
                    self.backoff.cleared(Duty::Game(id));
                    outputs.extend(more);
                }
                Err(error) => {
                    let failures = self.backoff.failed(Duty::Game(id), now);
                    tracing::error!(game = id.0, %error, failures, "a timer failed; retried later");
                }
            }
        }
        outputs.extend(self.cinco_tick(now).await);
        if self.backoff.ready(Duty::Challenges, now) {
            match self.expire_challenges(now).await {
                Ok(more) => {
                    self.backoff.cleared(Duty::Challenges);
                    outputs.extend(more);
                }
                Err(error) => {
                    let failures = self.backoff.failed(Duty::Challenges, now);
                    tracing::error!(%error, failures, "expiring challenges failed; retried later");
                }
            }
        }
        outputs
    }

    /// Tells the player to act that their time is nearly up.
    async fn warn(&mut self, id: GameId) -> Vec<Output> {
        let Some(table) = self.tables.get(&id) else { return Vec::new() };
        let Some(seat) = table.position.seat_to_act() else { return Vec::new() };
        let note = Text::new("time-warning")
            .with("name", name_of(table.player(seat)))
            .with("seconds", i64::try_from(WARNING_SECONDS).unwrap_or(0))
            .with("id", id.0);
        let chat = table.row.chat.clone();
        self.warned.insert(id, table.position.ply());
        let locale = self.chat_locale(&chat).await;
        vec![Output::Send { chat, message: Message::text(locale, vec![note]) }]
    }

    /// The player to act ran out of time: the CPU plays for them from now on, until they act,
    /// while their opponent is a person at the table (the CPU never plays both sides).
    /// Otherwise nobody is playing: the game waits, and says so, until someone acts.
    async fn time_out(&mut self, id: GameId, now: i64) -> Result<Vec<Output>, CoreError> {
        let Some(table) = self.tables.get(&id) else { return Ok(Vec::new()) };
        let Some(seat) = table.position.seat_to_act() else { return Ok(Vec::new()) };
        let mut row = table.row.clone();
        row.away[seat.index()] = true;
        row.turn_deadline = turn_deadline(&row, &table.position, now);
        row.updated_at = now;
        self.commit_step(None, &mut row, Step::Row).await?;
        let opponent = seat.opponent();
        let stands_in = !row.players[opponent.index()].is_cpu() && !row.away[opponent.index()];
        let note = Text::new(if stands_in { "time-ran-out" } else { "game-paused" })
            .with("name", name_of(&row.players[seat.index()]))
            .with("id", id.0);
        let chat = row.chat.clone();
        if let Some(table) = self.tables.get_mut(&id) {
            table.row = row;
        }
        let locale = self.chat_locale(&chat).await;
        self.ask_cpu_if_due(id);
        Ok(vec![Output::Send { chat, message: Message::text(locale, vec![note]) }])
    }

    async fn abandon(&mut self, id: GameId, now: i64) -> Result<Vec<Output>, CoreError> {
        let Some(table) = self.tables.get(&id) else { return Ok(Vec::new()) };
        let mut row = table.row.clone();
        row.status = GameStatus::Abandoned;
        row.turn_deadline = None;
        row.updated_at = now;
        self.commit_step(None, &mut row, Step::Row).await?;
        self.tables.remove(&id);
        self.backoff.cleared(Duty::Game(id));
        let chat = row.chat.clone();
        let locale = self.chat_locale(&chat).await;
        let hours = i64::try_from(self.settings.abandon_after.as_secs() / 3600).unwrap_or(i64::MAX);
        let note = Text::new("game-abandoned").with("id", id.0).with("hours", hours);
        Ok(vec![Output::Send { chat, message: Message::text(locale, vec![note]) }])
    }

    async fn expire_challenges(&mut self, now: i64) -> Result<Vec<Output>, StoreError> {
        let mut outputs = Vec::new();
        let expired = self.store.expired_challenges(now).await?;
        for challenge in
            expired.into_iter().filter(|challenge| self.partition.owns(&challenge.chat))
        {
            let mut change = self.begin(None).await?;
            let closed = change.close_challenge(challenge.id, ChallengeStatus::Expired).await?;
            self.commit(None, change).await?;
            if closed {
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
