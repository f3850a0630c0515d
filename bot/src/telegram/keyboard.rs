//! The core's buttons as Telegram inline keyboards: rows folded to eight buttons (Telegram's
//! width), labels in the message's language, payloads as callback data (≤ 64 bytes, which the
//! core guarantees). And the deep link that opens a private chat with the bot.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use crate::core::Button;
use crate::i18n::{Locale, Texts};

/// The most buttons Telegram puts in one row.
pub const ROW: usize = 8;

/// The keyboard for `rows`, or `None` when there are no buttons.
#[must_use]
pub fn markup(texts: &Texts, locale: Locale, rows: &[Vec<Button>]) -> Option<InlineKeyboardMarkup> {
    let keyboard: Vec<Vec<InlineKeyboardButton>> = rows
        .iter()
        .flat_map(|row| fold(row.len()).into_iter().map(move |(start, end)| &row[start..end]))
        .map(|row| {
            row.iter()
                .map(|button| {
                    InlineKeyboardButton::callback(
                        texts.render(locale, &button.label),
                        button.payload.clone(),
                    )
                })
                .collect()
        })
        .filter(|row: &Vec<InlineKeyboardButton>| !row.is_empty())
        .collect();
    (!keyboard.is_empty()).then(|| InlineKeyboardMarkup::new(keyboard))
}

/// Splits a row of `count` buttons into rows of at most [`ROW`], as even as possible (15
/// columns become 8 + 7, 19 become 7 + 6 + 6).
fn fold(count: usize) -> Vec<(usize, usize)> {
    let rows = count.div_ceil(ROW).max(1);
    let (base, extra) = (count / rows, count % rows);
    let mut start = 0;
    (0..rows)
        .map(|row| {
            let end = start + base + usize::from(row < extra);
            let span = (start, end);
            start = end;
            span
        })
        .collect()
}

/// The start parameter of the deep link that links a user who never wrote to the bot.
pub const LINK_PAYLOAD: &str = "link";

/// `t.me/<bot>?start=<payload>`: opens a private chat with the bot, ready to start.
#[must_use]
pub fn deep_link(username: &str, payload: &str) -> Option<url::Url> {
    url::Url::parse(&format!("https://t.me/{username}?start={payload}")).ok()
}

/// One button with a link.
#[must_use]
pub fn link_button(label: String, url: url::Url) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(vec![vec![InlineKeyboardButton::url(label, url)]])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_fold_evenly_within_eight() {
        assert_eq!(fold(7), [(0, 7)]);
        assert_eq!(fold(15), [(0, 8), (8, 15)]);
        assert_eq!(fold(19), [(0, 7), (7, 13), (13, 19)]);
        assert_eq!(fold(0), [(0, 0)]);
    }

    #[test]
    fn a_deep_link_names_the_bot_and_the_payload() {
        let url = deep_link("cincobot", LINK_PAYLOAD).map(String::from);
        assert_eq!(url.as_deref(), Some("https://t.me/cincobot?start=link"));
    }
}
