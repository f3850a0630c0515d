//! A message's text as the core reads it: `/move@thisbot h8` becomes `/move h8` (a command for
//! another bot is not ours: the core's [`for_bot`] rule), a mention of a user without a
//! username (`text_mention`) becomes `@<their id>`, `/start link` is the deep link that links
//! a user, and plain text that is a bare move (the core's [`shortcut`]: `h8`, `4`, `pop 3`)
//! goes to the core as one — read only when privacy mode lets the bot see plain messages.

use teloxide::types::{MessageEntity, MessageEntityKind, MessageEntityRef};

use super::keyboard::LINK_PAYLOAD;
use cincobot_core::core::{Action, for_bot, shortcut};

/// What a message asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Understood {
    /// Something for the core.
    Input(Action),
    /// `/start link`: the user opened the private chat from a deep link.
    Link,
    /// Not for this bot.
    Ignore,
}

/// A mention of a user by id, as the core reads it.
#[must_use]
pub fn mention_by_id(id: u64) -> String {
    format!("@{id}")
}

/// Reads `text`, with its `entities`, for the bot called `username`.
#[must_use]
pub fn understand(text: &str, entities: &[MessageEntityRef<'_>], username: &str) -> Understood {
    let text = with_mentions_by_id(text, entities);
    let text = text.trim();
    if !text.starts_with('/') {
        return match shortcut(text) {
            Some(_) => Understood::Input(Action::Shortcut(text.to_owned())),
            None => Understood::Ignore,
        };
    }
    let Some((name, rest)) = for_bot(text, username) else {
        return Understood::Ignore;
    };
    if name.eq_ignore_ascii_case("start") && rest == LINK_PAYLOAD {
        return Understood::Link;
    }
    // Without the bot's name: the core knows itself by its configured name.
    let line = if rest.is_empty() { format!("/{name}") } else { format!("/{name} {rest}") };
    Understood::Input(Action::Command(line))
}

/// The entities of a message whose UTF-16 offsets fall between two characters of `text`:
/// an entity past the text's end or inside a surrogate pair is dropped, since teloxide's
/// conversion to UTF-8 ([`MessageEntityRef::parse`]) panics on the one and leaves a wrong
/// range, which could turn the wrong words into a mention, on the other.
#[must_use]
pub fn sound_entities(text: &str, entities: &[MessageEntity]) -> Vec<MessageEntity> {
    let mut boundaries = vec![0];
    let mut units = 0;
    for c in text.chars() {
        units += c.len_utf16();
        boundaries.push(units);
    }
    let between_characters = |offset: usize| boundaries.binary_search(&offset).is_ok();
    entities
        .iter()
        .filter(|entity| {
            entity
                .offset
                .checked_add(entity.length)
                .is_some_and(|end| between_characters(entity.offset) && between_characters(end))
        })
        .cloned()
        .collect()
}

/// `text` with each `text_mention` (a user without a username) written `@<id>`.
fn with_mentions_by_id(text: &str, entities: &[MessageEntityRef<'_>]) -> String {
    let mut mentions: Vec<(std::ops::Range<usize>, u64)> = entities
        .iter()
        .filter_map(|entity| match entity.kind() {
            MessageEntityKind::TextMention { user } => Some((entity.range(), user.id.0)),
            _ => None,
        })
        .collect();
    mentions.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
    let mut text = text.to_owned();
    for (range, id) in mentions {
        if text.get(range.clone()).is_some() {
            text.replace_range(range, &mention_by_id(id));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Understood {
        understand(text, &[], "CincoBot")
    }

    fn line(text: &str) -> Understood {
        Understood::Input(Action::Command(text.to_owned()))
    }

    fn bare(text: &str) -> Understood {
        Understood::Input(Action::Shortcut(text.to_owned()))
    }

    #[test]
    fn commands_for_this_bot_lose_its_name() {
        assert_eq!(read("/move@cincobot h8"), line("/move h8"));
        assert_eq!(read("/gomoku @ana 19"), line("/gomoku @ana 19"));
        assert_eq!(read("/move@otherbot h8"), Understood::Ignore);
        assert_eq!(read("/start link"), Understood::Link);
        assert_eq!(read("/start"), line("/start"));
        assert_eq!(read("/"), Understood::Ignore);
    }

    /// Found by `tests/integration/parsers.rs`: an entity ending inside a surrogate pair made teloxide
    /// panic while reading the message.
    #[test]
    fn entities_inside_a_character_or_past_the_text_are_dropped() {
        let text = "move 𑴀";
        let inside = MessageEntity::bold(1, 5);
        let past = MessageEntity::italic(0, 8);
        let whole = MessageEntity::code(5, 2);
        let sound = sound_entities(text, &[inside, past, whole.clone()]);
        assert_eq!(sound, vec![whole]);
        let parsed = MessageEntityRef::parse(text, &sound);
        assert_eq!(parsed.iter().map(MessageEntityRef::text).collect::<Vec<_>>(), ["𑴀"]);
        assert_eq!(sound_entities(text, &[MessageEntity::bold(usize::MAX, 2)]), vec![]);
    }

    #[test]
    fn bare_moves_go_to_the_core_and_chat_does_not() {
        assert_eq!(read(" H8 "), bare("H8"));
        assert_eq!(read("4"), bare("4"));
        assert_eq!(read("pop 3"), bare("pop 3"));
        assert_eq!(read("p3"), bare("p3"));
        assert_eq!(read("hello there"), Understood::Ignore);
        assert_eq!(read("42"), Understood::Ignore);
        assert_eq!(read("swap"), Understood::Ignore);
    }
}
