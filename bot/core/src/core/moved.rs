//! After a store was copied to another database (`cincobot migrate-store`): every game the
//! bot would take up at start reads back from the copy as from the original, and replays
//! there the way a restart replays it (`timers.rs`, `cinco/flow.rs`).

use std::fmt;

use super::cinco;
use crate::games::Position;
use crate::identity::GameId;
use crate::store::{Store, StoreError, StoredMove};

/// How many games being played replayed on the copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed {
    pub board_games: usize,
    pub cinco_games: usize,
}

/// Why the copy would not go on as the original.
#[derive(Debug)]
pub enum NotTheSame {
    /// The games being played, their rows or their logs, differ; the first that does.
    Differs(Option<GameId>),
    /// A game replays on the original but not on the copy.
    DoesNotReplay {
        game: GameId,
        why: String,
    },
    Store(StoreError),
}

impl fmt::Display for NotTheSame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotTheSame::Differs(Some(game)) => {
                write!(f, "game {} reads back differently from the copy", game.0)
            }
            NotTheSame::Differs(None) => {
                f.write_str("the copy has other games being played than the original")
            }
            NotTheSame::DoesNotReplay { game, why } => {
                write!(f, "game {} does not replay on the copy: {why}", game.0)
            }
            NotTheSame::Store(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for NotTheSame {}

impl From<StoreError> for NotTheSame {
    fn from(error: StoreError) -> NotTheSame {
        NotTheSame::Store(error)
    }
}

/// Checks that `copy` holds the same games being played as `original`, each with the same
/// row and log, and that each replays on `copy` as a restart would replay it (a game that
/// does not replay on the original either is left aside by a restart of both alike).
///
/// # Errors
/// [`NotTheSame`] naming the first game that differs or does not replay.
pub async fn check_replays(original: &Store, copy: &Store) -> Result<Replayed, NotTheSame> {
    let games = copy.active_games().await?;
    let before = original.active_games().await?;
    if games.len() != before.len() {
        return Err(NotTheSame::Differs(None));
    }
    for ((row, log), (was, was_log)) in games.iter().zip(&before) {
        if (row, log) != (was, was_log) {
            return Err(NotTheSame::Differs(Some(row.id)));
        }
        if let Err((ply, error)) = Position::replay(&row.settings, actions(log))
            && Position::replay(&was.settings, actions(was_log)).is_ok()
        {
            return Err(NotTheSame::DoesNotReplay {
                game: row.id,
                why: format!("ply {ply}: {error}"),
            });
        }
    }

    let tables = copy.active_cinco_games().await?;
    let before = original.active_cinco_games().await?;
    if tables.len() != before.len() {
        return Err(NotTheSame::Differs(None));
    }
    for ((row, log), (was, was_log)) in tables.iter().zip(&before) {
        if (row, log) != (was, was_log) {
            return Err(NotTheSame::Differs(Some(row.id)));
        }
        if let Err(why) = cinco::replay(row, log)
            && cinco::replay(was, was_log).is_ok()
        {
            return Err(NotTheSame::DoesNotReplay { game: row.id, why });
        }
    }
    Ok(Replayed { board_games: games.len(), cinco_games: tables.len() })
}

fn actions(log: &[StoredMove]) -> impl Iterator<Item = &str> {
    log.iter().map(|stored| stored.action.as_str())
}
