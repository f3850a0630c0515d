//! The core's components as Telegram inline keyboards: rows folded to eight buttons
//! (Telegram's width), labels in the message's language, payloads as callback data (≤ 64
//! bytes, which the core guarantees). Telegram has no select menus, button colours or
//! disabled buttons: a select menu becomes a row of buttons, one per option (the big board's
//! two-step keyboard); a disabled button keeps its place, marked, and sends the core's inert
//! payload, which it answers with a short notice. And the deep link that opens a private chat
//! with the bot.

use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo};

use cincobot_core::core::{Button, Opens, Payload, Row};
use cincobot_core::i18n::{Locale, Texts};

/// The most buttons Telegram puts in one row.
pub const ROW: usize = 8;

/// What tells a disabled button from the others.
const DISABLED_MARK: &str = "✖";

/// The keyboard for `rows`, or `None` when there are none.
#[must_use]
pub fn markup(texts: &Texts, locale: Locale, rows: &[Row]) -> Option<InlineKeyboardMarkup> {
    let keyboard: Vec<Vec<InlineKeyboardButton>> = rows
        .iter()
        .map(|row| buttons(texts, locale, row))
        .flat_map(|row| {
            fold(row.len()).into_iter().map(move |(start, end)| row[start..end].to_vec())
        })
        .filter(|row| !row.is_empty())
        .collect();
    (!keyboard.is_empty()).then(|| InlineKeyboardMarkup::new(keyboard))
}

/// One core row as Telegram buttons, before folding.
fn buttons(texts: &Texts, locale: Locale, row: &Row) -> Vec<InlineKeyboardButton> {
    match row {
        Row::Buttons(buttons) => buttons
            .iter()
            .map(|button| {
                let label = texts.render(locale, &button.label);
                if button.disabled {
                    InlineKeyboardButton::callback(
                        format!("{DISABLED_MARK} {label}"),
                        Payload::Inert.encode(),
                    )
                } else {
                    opening(label, button)
                }
            })
            .collect(),
        Row::Select(select) => select
            .options
            .iter()
            .map(|option| {
                InlineKeyboardButton::callback(
                    texts.render(locale, &option.label),
                    option.payload.clone(),
                )
            })
            .collect(),
    }
}

/// An enabled button: one that opens its page where it has one (the web board's), else one
/// that presses its payload back (also when the page's address is not one Telegram takes).
fn opening(label: String, button: &Button) -> InlineKeyboardButton {
    let page = |url: &str| url::Url::parse(url).ok();
    match &button.opens {
        Some(Opens::MiniApp(url)) => match page(url) {
            Some(url) => InlineKeyboardButton::web_app(label, WebAppInfo { url }),
            None => InlineKeyboardButton::callback(label, button.payload.clone()),
        },
        Some(Opens::Url(url)) => match page(url) {
            Some(url) => InlineKeyboardButton::url(label, url),
            None => InlineKeyboardButton::callback(label, button.payload.clone()),
        },
        None => InlineKeyboardButton::callback(label, button.payload.clone()),
    }
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
    use cincobot_core::core::{Button, GameId, Select, SelectOption};
    use cincobot_core::i18n::Text;
    use teloxide::types::InlineKeyboardButtonKind;

    fn callbacks(markup: &InlineKeyboardMarkup) -> Vec<Vec<(String, String)>> {
        markup
            .inline_keyboard
            .iter()
            .map(|row| {
                row.iter()
                    .map(|button| match &button.kind {
                        InlineKeyboardButtonKind::CallbackData(data) => {
                            (button.text.clone(), data.clone())
                        }
                        other => (button.text.clone(), format!("{other:?}")),
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_select_becomes_buttons_and_a_disabled_button_is_inert() {
        let texts = Texts::load().expect("the message files parse");
        let game = GameId(4);
        let pick = |column: &str| Payload::Pick { game, ply: 0, column: Some(column.into()) };
        let options: Vec<SelectOption> = ('a'..='o')
            .map(|c| {
                let column = c.to_string();
                SelectOption::new(
                    Text::new("button-point").with("point", column.as_str()),
                    &pick(&column),
                )
            })
            .collect();
        let full = Payload::Move { game, ply: 0, text: "4".into(), confirm: false };
        let rows = [
            Row::Select(Select { placeholder: Text::new("select-column"), options }),
            Row::Buttons(vec![
                Button::new(Text::new("button-column").with("column", 3_u32), &full).primary(),
                Button::new(Text::new("button-column").with("column", 4_u32), &full).disabled(),
            ]),
        ];
        let markup = markup(&texts, Locale::En, &rows).expect("a keyboard");
        let rows = callbacks(&markup);
        assert_eq!(rows.iter().map(Vec::len).collect::<Vec<_>>(), [8, 7, 2]);
        assert_eq!(rows[0][0], ("a".to_owned(), "k:4:0:a".to_owned()));
        assert_eq!(rows[1][6], ("o".to_owned(), "k:4:0:o".to_owned()));
        assert_eq!(rows[2][0], ("3".to_owned(), "m:4:0:4".to_owned()));
        assert_eq!(rows[2][1], ("✖ 4".to_owned(), "-".to_owned()));
    }

    #[test]
    fn a_button_that_opens_a_page_opens_it_and_an_unusable_address_is_pressed_instead() {
        let texts = Texts::load().expect("the message files parse");
        let open = Button::new(Text::new("button-web-board"), &Payload::WebBoard(GameId(4)));
        let rows = [Row::Buttons(vec![
            open.clone().opening(Opens::MiniApp("https://board.example/g/4".to_owned())),
            open.clone().opening(Opens::Url("https://t.me/bot/app?startapp=g4".to_owned())),
            open.opening(Opens::Url("not an address".to_owned())),
        ])];
        let markup = markup(&texts, Locale::En, &rows).expect("a keyboard");
        let opened: Vec<(&str, String)> = markup.inline_keyboard[0]
            .iter()
            .map(|button| match &button.kind {
                InlineKeyboardButtonKind::WebApp(app) => ("web_app", app.url.to_string()),
                InlineKeyboardButtonKind::Url(url) => ("url", url.to_string()),
                InlineKeyboardButtonKind::CallbackData(data) => ("callback", data.clone()),
                other => ("other", format!("{other:?}")),
            })
            .collect();
        assert_eq!(
            opened,
            [
                ("web_app", "https://board.example/g/4".to_owned()),
                ("url", "https://t.me/bot/app?startapp=g4".to_owned()),
                ("callback", "W:4".to_owned()),
            ]
        );
        assert_eq!(markup.inline_keyboard[0][0].text, "Open board");
    }

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
