//! Games that ended, kept a while after their final board was shown so that a reader who
//! asks outside the chat (the web board's page that played the last move) still reads how
//! the game ended rather than "not found". Bounded in number and in age: the chat and the
//! store are the record; this only keeps the last look.

use std::collections::VecDeque;

use super::GameId;

/// The most ended games one core keeps, and for how long.
const MOST: usize = 64;
const KEPT_MS: i64 = 30 * 60 * 1000;

/// Ended games, the newest last.
#[derive(Debug)]
pub(super) struct Finished<T> {
    games: VecDeque<(GameId, i64, T)>,
}

impl<T> Default for Finished<T> {
    fn default() -> Finished<T> {
        Finished { games: VecDeque::new() }
    }
}

impl<T> Finished<T> {
    /// Keeps `game`, which ended and was shown at `now_ms`; the oldest goes beyond [`MOST`].
    pub(super) fn keep(&mut self, game: GameId, now_ms: i64, table: T) {
        self.games.retain(|(kept, _, _)| *kept != game);
        if self.games.len() >= MOST {
            self.games.pop_front();
        }
        self.games.push_back((game, now_ms, table));
    }

    /// Game `game`, unless it was never kept or ended too long before `now_ms`.
    pub(super) fn get(&self, game: GameId, now_ms: i64) -> Option<&T> {
        self.games
            .iter()
            .find(|(kept, _, _)| *kept == game)
            .filter(|(_, shown, _)| now_ms.saturating_sub(*shown) < KEPT_MS)
            .map(|(_, _, table)| table)
    }

    /// Forgets the games `leaving` picks (their chats are served elsewhere from now on).
    pub(super) fn forget(&mut self, leaving: impl Fn(&T) -> bool) {
        self.games.retain(|(_, _, table)| !leaving(table));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ended_game_is_kept_a_while_and_the_oldest_make_room() {
        let mut finished = Finished::default();
        finished.keep(GameId(1), 1_000, "one");
        assert_eq!(finished.get(GameId(1), 1_000 + KEPT_MS - 1), Some(&"one"));
        assert_eq!(finished.get(GameId(1), 1_000 + KEPT_MS), None, "too long ago");
        assert_eq!(finished.get(GameId(2), 1_000), None);
        for game in 2..=i64::try_from(MOST).unwrap_or(0) + 1 {
            finished.keep(GameId(game), 2_000, "later");
        }
        assert_eq!(finished.get(GameId(1), 2_000), None, "the oldest made room");
        assert_eq!(finished.get(GameId(2), 2_000), Some(&"later"));
        finished.keep(GameId(2), 3_000, "again");
        assert_eq!(finished.get(GameId(2), 3_000), Some(&"again"), "kept once, the newest");
        finished.forget(|table| *table == "again");
        assert_eq!(finished.get(GameId(2), 3_000), None);
    }
}
