//! Which message shows what, for every adapter: a chat keeps one message per game's board (and
//! per CINCO hand), edited in place by each newer one and replaced — the old one deleted —
//! when posted anew; and one turn notice per game, which tells the person to act at one ply.
//! `M` is the platform's message id (with its chat where one key spans chats). What a lane
//! remembers retires with it; after a restart the core's record (the message an output says
//! it last showed) stands in.

use std::collections::HashMap;
use std::hash::Hash;

use cincobot_core::core::GameId;

/// The message showing each `K` (a game's board, a player's hand in a game).
#[derive(Debug)]
pub struct Shown<K, M> {
    messages: HashMap<K, M>,
}

impl<K, M> Default for Shown<K, M> {
    fn default() -> Shown<K, M> {
        Shown { messages: HashMap::new() }
    }
}

impl<K: Eq + Hash, M: Copy + PartialEq> Shown<K, M> {
    /// The message this delivery showed `key` in.
    #[must_use]
    pub fn get(&self, key: &K) -> Option<M> {
        self.messages.get(key).copied()
    }

    /// The message showing `key`: the one this delivery showed, else the one the core
    /// recorded (`recorded`), which is all a restart leaves.
    #[must_use]
    pub fn current(&self, key: &K, recorded: Option<M>) -> Option<M> {
        self.get(key).or(recorded)
    }

    /// Whether `message` shows anything here.
    #[must_use]
    pub fn shows(&self, message: M) -> bool {
        self.messages.values().any(|shown| *shown == message)
    }

    /// `message` now shows `key`, in place of `before` (what [`Shown::current`] said); the
    /// message it replaces, to delete: `before`, when it is another one.
    pub fn show(&mut self, key: K, message: M, before: Option<M>) -> Option<M> {
        self.messages.insert(key, message);
        before.filter(|old| *old != message)
    }
}

/// The turn notice of each game, and the ply it was for.
#[derive(Debug)]
pub struct Notices<M> {
    told: HashMap<GameId, (M, usize)>,
}

impl<M> Default for Notices<M> {
    fn default() -> Notices<M> {
        Notices { told: HashMap::new() }
    }
}

impl<M: Copy> Notices<M> {
    /// Whether `game`'s notice already tells the turn at `ply`.
    #[must_use]
    pub fn told(&self, game: GameId, ply: usize) -> bool {
        self.told.get(&game).is_some_and(|&(_, told)| told == ply)
    }

    /// `message` tells `game`'s turn at `ply`; the notice it replaces, to delete.
    pub fn tell(&mut self, game: GameId, message: M, ply: usize) -> Option<M> {
        self.told.insert(game, (message, ply)).map(|(old, _)| old)
    }

    /// No notice for `game` any more; the one there was, to delete.
    pub fn withdraw(&mut self, game: GameId) -> Option<M> {
        self.told.remove(&game).map(|(old, _)| old)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_shown_anew_replaces_the_one_before_and_an_edit_replaces_nothing() {
        let mut boards: Shown<GameId, u32> = Shown::default();
        let game = GameId(7);
        assert_eq!(boards.current(&game, Some(10)), Some(10), "after a restart: the record");
        assert_eq!(boards.show(game, 11, Some(10)), Some(10), "posted anew: 10 goes");
        assert_eq!(boards.current(&game, Some(10)), Some(11), "what it showed comes first");
        assert_eq!(boards.show(game, 11, Some(11)), None, "edited in place");
        assert!(boards.shows(11) && !boards.shows(10));
        assert_eq!(boards.get(&GameId(8)), None);
    }

    #[test]
    fn a_turn_is_told_once_a_ply_and_a_newer_notice_replaces_the_older() {
        let mut notices: Notices<u32> = Notices::default();
        let game = GameId(3);
        assert!(!notices.told(game, 1));
        assert_eq!(notices.tell(game, 20, 1), None);
        assert!(notices.told(game, 1) && !notices.told(game, 2));
        assert_eq!(notices.tell(game, 21, 2), Some(20));
        assert_eq!(notices.withdraw(game), Some(21));
        assert_eq!(notices.withdraw(game), None);
    }
}
