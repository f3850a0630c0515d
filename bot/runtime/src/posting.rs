//! Boards a partition sent to be posted as new messages, until their adapter reports the
//! message. A process that takes a chat over shows every board its store does not say was
//! shown; so a partition handing a slot over first waits, a little, for the reports of the
//! boards it posted in the slot's chats, which then reach the store with the hand-over.
//! Otherwise a game's first board, handed over in flight, would be posted twice.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use cincobot_core::core::{GameId, Output};
use cincobot_core::identity::slot_of;

/// How long a hand-over waits for a posted board's report: a report that has not come by
/// then (the post failed) will not come.
pub const REPORT_WAIT: Duration = Duration::from_secs(3);

/// The boards posted and not yet reported, by game: the slot of their chat, and when.
#[derive(Debug, Default)]
pub struct Posting {
    posted: HashMap<GameId, (u16, Instant)>,
}

impl Posting {
    /// Notes the boards among `outputs` that will be posted as new messages. Forgets those
    /// posted too long ago, whose report will not come (the post failed), so that only the
    /// last few seconds' posts are kept.
    pub fn note(&mut self, outputs: &[Output], now: Instant) {
        self.forget_old(now);
        for output in outputs {
            if let Output::Board { chat, game, edit, repost, .. } = output
                && (edit.is_none() || *repost)
            {
                self.posted.insert(*game, (slot_of(chat), now));
            }
        }
    }

    /// The adapter reported the message of `game`'s board.
    pub fn reported(&mut self, game: GameId) {
        self.posted.remove(&game);
    }

    /// Whether a board of `slot`'s chats was posted less than [`REPORT_WAIT`] before `now`
    /// and not yet reported. Forgets those older.
    pub fn holds_up(&mut self, slot: u16, now: Instant) -> bool {
        self.forget_old(now);
        self.posted.values().any(|(posted_in, _)| *posted_in == slot)
    }

    fn forget_old(&mut self, now: Instant) {
        self.posted.retain(|_, (_, at)| now.saturating_duration_since(*at) < REPORT_WAIT);
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{Posting, REPORT_WAIT};
    use cincobot_core::core::{Chat, ChatKind, GameId, Message, Output, Platform};
    use cincobot_core::i18n::Locale;
    use cincobot_core::identity::slot_of;

    fn board(chat: &Chat, game: i64, edit: Option<&str>, repost: bool) -> Output {
        Output::Board {
            chat: chat.clone(),
            game: GameId(game),
            ply: 0,
            edit: edit.map(str::to_owned),
            message: Message::text(Locale::En, Vec::new()),
            turn: None,
            repost,
            ended: false,
        }
    }

    #[test]
    fn a_posted_board_holds_its_slot_up_until_reported_or_too_old() {
        let chat = Chat { platform: Platform::Telegram, id: "-100".into(), kind: ChatKind::Group };
        let slot = slot_of(&chat);
        let start = Instant::now();
        let mut posting = Posting::default();
        posting.note(&[board(&chat, 1, None, false)], start);
        assert!(posting.holds_up(slot, start));
        assert!(!posting.holds_up(slot.wrapping_add(1) % 256, start), "only its own slot");
        posting.reported(GameId(1));
        assert!(!posting.holds_up(slot, start));
        posting.note(&[board(&chat, 2, Some("7"), true)], start);
        assert!(posting.holds_up(slot, start), "a repost is a new message too");
        let later = start + REPORT_WAIT + Duration::from_millis(1);
        assert!(!posting.holds_up(slot, later), "a report that never came holds nothing up");
    }

    #[test]
    fn an_edit_in_place_holds_nothing_up() {
        let chat = Chat { platform: Platform::Discord, id: "5".into(), kind: ChatKind::Group };
        let mut posting = Posting::default();
        let now = Instant::now();
        posting.note(&[board(&chat, 3, Some("9"), false)], now);
        assert!(!posting.holds_up(slot_of(&chat), now));
    }
}
