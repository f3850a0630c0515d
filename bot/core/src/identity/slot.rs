//! Slots: chats are grouped into a fixed number of slots, and whoever serves a slot serves
//! every chat in it. A chat's slot is a hash of its platform and id that every build on every
//! machine computes alike, so that processes agree on who serves a chat without asking each
//! other, and a new release never moves a chat while an old one still runs.

use super::Chat;

/// How many slots the chats are spread over: many more than processes will ever be, so each
/// gets an even share, and few enough that each can be leased one by one.
pub const SLOTS: u16 = 256;

/// The slot of `chat`, below [`SLOTS`]: FNV-1a (64 bits) of the platform's stored code, a zero
/// byte (so that no platform's code and id run into another's) and the chat's id.
#[must_use]
pub fn slot_of(chat: &Chat) -> u16 {
    let bytes = chat.platform.code().bytes().chain([0]).chain(chat.id.bytes());
    let slot = fnv1a_64(bytes) % u64::from(SLOTS);
    // Below SLOTS, which is a u16, so the conversion cannot fail.
    u16::try_from(slot).unwrap_or(0)
}

/// FNV-1a with 64 bits, written here rather than taken from a library: a library's hasher
/// may change between versions, and the slots must not.
fn fnv1a_64(bytes: impl IntoIterator<Item = u8>) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.into_iter().fold(OFFSET_BASIS, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::{SLOTS, fnv1a_64, slot_of};
    use crate::identity::{Chat, ChatKind, Platform};

    fn group(platform: Platform, id: &str) -> Chat {
        Chat { platform, id: id.to_owned(), kind: ChatKind::Group }
    }

    #[test]
    fn the_hash_is_fnv1a_64() {
        // The published test vectors of FNV-1a 64.
        assert_eq!(fnv1a_64(*b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a_64(*b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a_64(*b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn a_chat_keeps_its_slot_in_every_build() {
        // Worked out apart from this code: a different value here moves chats between the
        // processes of a running bot.
        assert_eq!(slot_of(&group(Platform::Telegram, "-1001234567890")), 61);
        assert_eq!(slot_of(&group(Platform::Discord, "123456789012345678")), 228);
        assert_eq!(slot_of(&group(Platform::Console, "console")), 39);
        assert_eq!(slot_of(&group(Platform::Telegram, "42")), 112);
        assert_eq!(slot_of(&group(Platform::Discord, "42")), 219);
    }

    #[test]
    fn the_kind_of_chat_does_not_move_it() {
        let private =
            Chat { platform: Platform::Telegram, id: "42".to_owned(), kind: ChatKind::Private };
        assert_eq!(slot_of(&private), slot_of(&group(Platform::Telegram, "42")));
    }

    #[test]
    fn chats_spread_over_every_slot() {
        let mut counts = vec![0_u32; usize::from(SLOTS)];
        for n in 0..25_600 {
            counts[usize::from(slot_of(&group(Platform::Telegram, &format!("-100{n}"))))] += 1;
        }
        // 100 a slot on average; a fair hash stays well within half and twice that.
        let least = counts.iter().min().copied().unwrap_or_default();
        let most = counts.iter().max().copied().unwrap_or_default();
        assert!(least >= 50 && most <= 200, "from {least} to {most} chats a slot");
    }
}
