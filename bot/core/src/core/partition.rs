//! A core serves one partition of the chats: with several cores in a process (one task each,
//! so that different chats run in parallel), each owns the chats whose slot falls to it and
//! that the process holds ([`HeldSlots`]), with their games, timers and CPU requests, and the
//! runtime hands every input to the core that owns its chat. What a chat does never depends on another partition's memory: what the
//! cores need to agree on across chats (who a user is) they share here or read from the store.

use std::sync::{Arc, Mutex};

use super::held::HeldSlots;
use super::recent::Recent;
use crate::i18n::Locale;
use crate::identity::{Chat, Platform, SLOTS, User, slot_of};

/// Users heard from lately, as saved (name, handle, language), shared by the partitions of
/// a process: whichever partition hears a user next skips the write only if nothing changed
/// since any of them saved it.
pub(super) type KnownUsers = Recent<(Platform, String), (User, Option<Locale>)>;

/// How many users the partitions keep at hand (the cache holds at most twice as many).
const KNOWN_USERS: usize = 10_000;

/// One of a process's partitions of the chats.
#[derive(Clone)]
pub struct Partition {
    index: u16,
    count: u16,
    held: Arc<HeldSlots>,
    known_users: Arc<Mutex<KnownUsers>>,
}

impl std::fmt::Debug for Partition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Partition({} of {})", self.index, self.count)
    }
}

impl Partition {
    /// The only partition: every chat.
    #[must_use]
    pub fn whole() -> Partition {
        Partition::split(1).remove(0)
    }

    /// `count` partitions that share every chat between them (at least one, at most one a
    /// slot): one process serving the whole bot.
    #[must_use]
    pub fn split(count: usize) -> Vec<Partition> {
        Partition::split_over(count, &Arc::new(HeldSlots::every()))
    }

    /// `count` partitions that share the chats of the slots in `held`, as the process holds
    /// them from time to time.
    #[must_use]
    pub fn split_over(count: usize, held: &Arc<HeldSlots>) -> Vec<Partition> {
        let count = u16::try_from(count).unwrap_or(SLOTS).clamp(1, SLOTS);
        let known_users = Arc::new(Mutex::new(Recent::new(KNOWN_USERS)));
        (0..count)
            .map(|index| Partition {
                index,
                count,
                held: Arc::clone(held),
                known_users: Arc::clone(&known_users),
            })
            .collect()
    }

    /// Which of `count` partitions owns `chat`, when its slot is held.
    #[must_use]
    pub fn index_of(chat: &Chat, count: usize) -> usize {
        Partition::index_of_slot(slot_of(chat), count)
    }

    /// Which of `count` partitions serves `slot`.
    #[must_use]
    pub fn index_of_slot(slot: u16, count: usize) -> usize {
        usize::from(slot) % count.max(1)
    }

    /// This partition's place among its process's.
    #[must_use]
    pub fn index(&self) -> usize {
        usize::from(self.index)
    }

    /// Whether this partition serves `chat`: its slot is this partition's and held.
    #[must_use]
    pub fn owns(&self, chat: &Chat) -> bool {
        self.serves_slot(slot_of(chat))
    }

    /// Whether this partition serves the chats of `slot`.
    #[must_use]
    pub fn serves_slot(&self, slot: u16) -> bool {
        Partition::index_of_slot(slot, usize::from(self.count)) == self.index()
            && self.held.holds(slot)
    }

    /// The first partition does the chores of the whole store (forgetting old events) once
    /// for all.
    #[must_use]
    pub fn is_first(&self) -> bool {
        self.index == 0
    }

    /// The slots of the process, for fencing its changes.
    pub(super) fn held(&self) -> &HeldSlots {
        &self.held
    }

    pub(super) fn known_users(&self) -> &Mutex<KnownUsers> {
        &self.known_users
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::ChatKind;

    #[test]
    fn every_chat_has_exactly_one_owner() {
        let partitions = Partition::split(3);
        for id in 0..300 {
            let chat =
                Chat { platform: Platform::Telegram, id: id.to_string(), kind: ChatKind::Group };
            let owners: Vec<usize> =
                partitions.iter().filter(|p| p.owns(&chat)).map(Partition::index).collect();
            assert_eq!(owners, vec![Partition::index_of(&chat, 3)], "chat {id}");
        }
    }

    #[test]
    fn the_whole_owns_every_chat() {
        let whole = Partition::whole();
        let chat =
            Chat { platform: Platform::Discord, id: "7".to_owned(), kind: ChatKind::Private };
        assert!(whole.owns(&chat) && whole.is_first());
    }
}
