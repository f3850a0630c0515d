//! How the core changes its state: one store change per step, committed before memory
//! changes and before anything is shown. The first change an
//! input commits records the input's platform event, so the event cannot change anything
//! twice; an ending commits the last step and the ratings together.

use std::sync::atomic::Ordering;

use super::error::CoreError;
use super::{Context, Core};
use crate::i18n::Text;
use crate::store::{Change, CincoRow, GameRow, GameStatus, StoreError, StoredAction, StoredMove};
use engine::PublicView;

/// What a step writes of a game besides its row.
#[derive(Clone, Copy, Debug)]
pub(super) enum Step<'a> {
    /// The row alone (a resignation, a timeout, a cancellation…).
    Row,
    /// A move appended to the log.
    Move(&'a StoredMove),
    /// The log cut back to this ply (an agreed undo).
    TakeBack(usize),
}

impl Step<'_> {
    async fn write(self, change: &mut Change, row: &GameRow) -> Result<(), StoreError> {
        match self {
            Step::Row => change.save_game(row).await,
            Step::Move(played) => change.record_move(row, played).await,
            Step::TakeBack(from) => change.take_back(row, from).await,
        }
    }
}

/// One step of a game of either family, as it commits: its row and what else it writes.
enum Stepped<'a> {
    Board {
        row: &'a mut GameRow,
        step: Step<'a>,
    },
    /// A CINCO action, and the table after it (an ending's ratings come from its standings).
    Cinco {
        row: &'a mut CincoRow,
        action: &'a StoredAction,
        after: &'a PublicView,
    },
}

impl Stepped<'_> {
    async fn write(&self, change: &mut Change) -> Result<(), StoreError> {
        match self {
            Stepped::Board { row, step } => step.write(change, row).await,
            Stepped::Cinco { row, action, .. } => change.record_cinco_action(row, action).await,
        }
    }

    fn game(&self) -> i64 {
        match self {
            Stepped::Board { row, .. } => row.id.0,
            Stepped::Cinco { row, .. } => row.id.0,
        }
    }

    /// The ending's ratings are left for a start to write.
    fn rating_left_due(&mut self) {
        match self {
            Stepped::Board { row, .. } => row.rating_due = true,
            Stepped::Cinco { row, .. } => row.rating_due = true,
        }
    }
}

impl Core {
    /// Opens a change for `context`'s input (its event, until a change of this input
    /// committed it), or for the bot's own doing.
    pub(super) async fn begin(&self, context: Option<&Context>) -> Result<Change, StoreError> {
        let event = context
            .filter(|context| !context.event_committed.load(Ordering::SeqCst))
            .map(|context| (context.chat.platform, &context.event));
        self.store.change(event, self.clock.now_ms()).await
    }

    /// Commits `change`, if the process still serves its chats (several processes: its
    /// leases still run); from then on the input's event is spent.
    pub(super) async fn commit(
        &self,
        context: Option<&Context>,
        mut change: Change,
    ) -> Result<(), StoreError> {
        let held = self.partition.held();
        if let Some(process) = held.leaser() {
            change.still_serving(process, &held.leased()).await?;
        }
        change.commit().await?;
        if let Some(context) = context {
            context.event_committed.store(true, Ordering::SeqCst);
        }
        Ok(())
    }

    /// Writes one step of game `row` in one change. When the step ends a ranked game, the
    /// ratings are part of the same change; if they cannot be written the ending commits
    /// alone with its ratings marked due, so it is never lost, and a start writes them.
    /// Returns the lines that tell how the ratings moved (none unless a ranked game ended).
    pub(super) async fn commit_step(
        &self,
        context: Option<&Context>,
        row: &mut GameRow,
        step: Step<'_>,
    ) -> Result<Vec<Text>, CoreError> {
        if matches!(row.status, GameStatus::Finished | GameStatus::Cancelled) {
            // Its final board is still to be shown: a restart before then shows it.
            row.result_shown = false;
        }
        self.commit_stepped(context, Stepped::Board { row, step }).await
    }

    /// Writes one CINCO action of game `row` (the table `after` it) in one change, as
    /// [`Core::commit_step`] writes a board game's step.
    pub(super) async fn commit_cinco_step(
        &self,
        context: Option<&Context>,
        row: &mut CincoRow,
        action: &StoredAction,
        after: &PublicView,
    ) -> Result<Vec<Text>, CoreError> {
        self.commit_stepped(context, Stepped::Cinco { row, action, after }).await
    }

    /// The ratings of the ending `stepped` makes within `change`, and the lines that tell
    /// how they moved; `None` when it ends no rated game.
    async fn rate_ending(
        &self,
        change: &mut Change,
        stepped: &Stepped<'_>,
    ) -> Option<Result<Vec<Text>, StoreError>> {
        match stepped {
            Stepped::Board { row, step } => {
                if row.status != GameStatus::Finished || !self.is_rated(row) {
                    return None;
                }
                if !self.both_moved(row.id, *step) {
                    // A game given up (or lost) before both players moved measures nobody.
                    return Some(Ok(vec![Text::new("rating-none-early")]));
                }
                let moved = self.rate(change, row).await;
                Some(moved.map(|moved| moved.iter().map(|rating| rating.note(row)).collect()))
            }
            Stepped::Cinco { row, after, .. } => {
                if row.status != GameStatus::Finished {
                    return None;
                }
                Some(self.rate_cinco(change, row, after).await)
            }
        }
    }

    /// Whether both seats of game `id` have made a move, counting the move `step` adds.
    fn both_moved(&self, id: crate::identity::GameId, step: Step<'_>) -> bool {
        let Some(table) = self.tables.get(&id) else { return true };
        let added = match step {
            Step::Move(played) => Some(played.seat),
            Step::Row | Step::TakeBack(_) => None,
        };
        let mut seats = table.log.iter().map(|stored| stored.seat).chain(added);
        let first = seats.clone().any(|seat| seat == engine::Seat::First);
        first && seats.any(|seat| seat == engine::Seat::Second)
    }

    /// Writes `stepped` in one change with the ratings of the ending it makes; if they cannot
    /// be written the ending commits alone with its ratings marked due, so it is never lost
    /// nor refused for them, and a start writes them.
    async fn commit_stepped(
        &self,
        context: Option<&Context>,
        mut stepped: Stepped<'_>,
    ) -> Result<Vec<Text>, CoreError> {
        let mut change = self.begin(context).await?;
        stepped.write(&mut change).await?;
        let moved = match self.rate_ending(&mut change, &stepped).await {
            None => Vec::new(),
            Some(Ok(moved)) => moved,
            Some(Err(error)) => {
                tracing::error!(game = stepped.game(), %error, "rating an ending; left due");
                drop(change);
                stepped.rating_left_due();
                let mut change = self.begin(context).await?;
                stepped.write(&mut change).await?;
                self.commit(context, change).await?;
                return Ok(Vec::new());
            }
        };
        self.commit(context, change).await?;
        Ok(moved)
    }

    /// Writes the ratings a finished game still owes (its ending committed without them).
    pub(super) async fn settle_due_ratings(&self) -> Result<(), StoreError> {
        let due = self.store.games_due_rating().await?;
        for mut row in due.into_iter().filter(|row| self.partition.owns(&row.chat)) {
            let mut change = self.begin(None).await?;
            row.rating_due = false;
            match self.rate(&mut change, &row).await {
                Ok(_) => {
                    change.save_game(&row).await?;
                    self.commit(None, change).await?;
                    tracing::info!(game = row.id.0, "ratings written after all");
                }
                Err(error) => tracing::error!(game = row.id.0, %error, "ratings still due"),
            }
        }
        Ok(())
    }
}
