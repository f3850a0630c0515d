//! Chats are served in slots: a chat's slot is a hash of its platform and id, the same in
//! every build and on every machine, so that every core partition and every process agrees
//! on who serves a chat without asking anyone. A process's partitions split its slots, and
//! several processes split the slots among themselves.

use super::Chat;

/// How many slots the chats are spread over: far more than partitions or processes will
/// ever be, so that each gets an even share, and few enough to claim them one by one.
pub const SLOTS: u16 = 256;

/// A chat's slot, below [`SLOTS`].
#[must_use]
pub fn slot_of(chat: &Chat) -> u16 {
    // FNV-1a (64 bits): written out here because the slot must never change with a
    // library's version, or a running bot would disagree with itself about who owns a chat.
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let bytes = chat.platform.code().bytes().chain([0]).chain(chat.id.bytes());
    let hash = bytes.fold(OFFSET, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME));
    u16::try_from(hash % u64::from(SLOTS)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::{ChatKind, Platform};

    fn chat(platform: Platform, id: &str) -> Chat {
        Chat { platform, id: id.to_owned(), kind: ChatKind::Group }
    }

    #[test]
    fn a_chat_keeps_its_slot_in_every_build() {
        // Fixed values: a change of the hash would move every chat to another owner.
        assert_eq!(slot_of(&chat(Platform::Telegram, "-1001234567890")), 0x3d);
        assert_eq!(slot_of(&chat(Platform::Discord, "123456789012345678")), 0xe4);
        assert_eq!(slot_of(&chat(Platform::Console, "console")), 0x27);
    }

    #[test]
    fn the_platform_is_part_of_the_slot() {
        let telegram = slot_of(&chat(Platform::Telegram, "42"));
        let discord = slot_of(&chat(Platform::Discord, "42"));
        assert_ne!(telegram, discord);
    }

    #[test]
    fn chats_spread_evenly_over_the_slots() {
        let mut counts = vec![0u32; usize::from(SLOTS)];
        for id in 0..25_600 {
            let slot = slot_of(&chat(Platform::Telegram, &format!("-100{id}")));
            counts[usize::from(slot)] += 1;
        }
        let (least, most) = (counts.iter().min(), counts.iter().max());
        assert!(least >= Some(&60) && most <= Some(&140), "{least:?}..{most:?}");
    }
}
