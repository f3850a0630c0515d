//! A message's text as the core reads it: `/move@thisbot h8` becomes `/move h8` (a command for
//! another bot is not ours), a mention of a user without a username (`text_mention`) becomes
//! `@<their id>`, `/start link` is the deep link that links a user, and a bare move (`h8`,
//! `4`, `pop 3`) is the shortcut for `/move` — read only when privacy mode lets the bot see
//! plain messages.

use teloxide::types::{MessageEntityKind, MessageEntityRef};

use super::keyboard::LINK_PAYLOAD;

/// What a message asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Understood {
    /// A line for the core. `shortcut`: a bare move, whose refusal for want of a game is not
    /// worth a reply (people write "a1" for other reasons).
    Command { line: String, shortcut: bool },
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
    let Some(command) = text.strip_prefix('/') else {
        return shortcut(text);
    };
    let (head, rest) = command.split_once(char::is_whitespace).unwrap_or((command, ""));
    let name = match head.split_once('@') {
        Some((name, bot)) if bot.eq_ignore_ascii_case(username) => name,
        Some(_) => return Understood::Ignore,
        None => head,
    };
    if name.is_empty() {
        return Understood::Ignore;
    }
    let rest = rest.trim();
    if name.eq_ignore_ascii_case("start") && rest == LINK_PAYLOAD {
        return Understood::Link;
    }
    let line = if rest.is_empty() { format!("/{name}") } else { format!("/{name} {rest}") };
    Understood::Command { line, shortcut: false }
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

/// A bare move: a point (`h8`, `K10`), a column (`4`) or a pop (`pop 3`).
fn shortcut(text: &str) -> Understood {
    let lower = text.to_lowercase();
    let point = {
        let letters = lower.chars().take_while(char::is_ascii_alphabetic).count();
        let digits = &lower[letters..];
        letters == 1
            && (1..=2).contains(&digits.len())
            && digits.chars().all(|c| c.is_ascii_digit())
    };
    let column = lower.len() == 1 && lower.chars().all(|c| c.is_ascii_digit());
    let pop = lower
        .strip_prefix("pop ")
        .is_some_and(|n| n.len() == 1 && n.chars().all(|c| c.is_ascii_digit()));
    if point || column || pop {
        Understood::Command { line: format!("/move {lower}"), shortcut: true }
    } else {
        Understood::Ignore
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Understood {
        understand(text, &[], "CincoBot")
    }

    fn line(text: &str, shortcut: bool) -> Understood {
        Understood::Command { line: text.to_owned(), shortcut }
    }

    #[test]
    fn commands_for_this_bot_lose_its_name() {
        assert_eq!(read("/move@cincobot h8"), line("/move h8", false));
        assert_eq!(read("/gomoku @ana 19"), line("/gomoku @ana 19", false));
        assert_eq!(read("/move@otherbot h8"), Understood::Ignore);
        assert_eq!(read("/start link"), Understood::Link);
        assert_eq!(read("/start"), line("/start", false));
    }

    #[test]
    fn bare_moves_are_shortcuts_and_chat_is_not() {
        assert_eq!(read("H8"), line("/move h8", true));
        assert_eq!(read("4"), line("/move 4", true));
        assert_eq!(read("pop 3"), line("/move pop 3", true));
        assert_eq!(read("k10"), line("/move k10", true));
        assert_eq!(read("hello there"), Understood::Ignore);
        assert_eq!(read("42"), Understood::Ignore);
    }
}
