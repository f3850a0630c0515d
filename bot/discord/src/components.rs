//! The core's component rows as Discord's: at most 5 buttons in a row and 5 rows in a
//! message. A row of buttons longer than 5 is folded (5 en raya's seven columns
//! become 5 + 2); a select menu takes a row of its own. Rows past the fifth are dropped with a
//! warning, which no message of the core needs. A button's custom id, and a select option's
//! value, is the core's payload (≤ 64 bytes, under Discord's 100), so a press after a restart
//! still names its game, ply and action.

use serenity::all::{
    ButtonStyle as DiscordStyle, CreateActionRow, CreateButton, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption,
};

use cincobot_core::core::{Button, ButtonStyle, Opens, Row, Select};
use cincobot_core::i18n::{Locale, Text, Texts};

pub const BUTTONS_PER_ROW: usize = 5;
pub const ROWS: usize = 5;
/// Discord's longest button label, and select option label.
const LABEL_LIMIT: usize = 80;
/// Discord's longest select placeholder.
const PLACEHOLDER_LIMIT: usize = 150;

/// The action rows for `rows`, labels in `locale`.
#[must_use]
pub fn rows(texts: &Texts, locale: Locale, rows: &[Row]) -> Vec<CreateActionRow> {
    let label = |text: &Text| -> String { clip(texts, locale, text, LABEL_LIMIT) };
    let mut built = Vec::new();
    for row in rows {
        match row {
            Row::Buttons(buttons) => {
                for chunk in buttons.chunks(BUTTONS_PER_ROW) {
                    let buttons =
                        chunk.iter().map(|button| self::button(button, label(&button.label)));
                    built.push(CreateActionRow::Buttons(buttons.collect()));
                }
            }
            Row::Select(select) => built.push(menu(texts, locale, select)),
        }
    }
    if built.len() > ROWS {
        tracing::warn!(rows = built.len(), "more component rows than Discord shows; cut to 5");
        built.truncate(ROWS);
    }
    built
}

fn button(button: &Button, label: String) -> CreateButton {
    let style = match button.style {
        ButtonStyle::Primary => DiscordStyle::Primary,
        ButtonStyle::Secondary => DiscordStyle::Secondary,
        ButtonStyle::Success => DiscordStyle::Success,
        ButtonStyle::Danger => DiscordStyle::Danger,
    };
    match &button.opens {
        // A Mini App opens only inside Telegram: here the button is pressed back instead.
        Some(Opens::Url(url)) => CreateButton::new_link(url).label(label),
        Some(Opens::MiniApp(_)) | None => CreateButton::new(button.payload.clone())
            .label(label)
            .style(style)
            .disabled(button.disabled),
    }
}

/// A select menu; its custom id is its first option's payload, unique in the message like
/// every payload of the core.
fn menu(texts: &Texts, locale: Locale, select: &Select) -> CreateActionRow {
    let options = select
        .options
        .iter()
        .map(|option| {
            let label = clip(texts, locale, &option.label, LABEL_LIMIT);
            CreateSelectMenuOption::new(label, option.payload.clone())
        })
        .collect();
    let custom_id =
        select.options.first().map_or_else(String::new, |first| format!("s{}", first.payload));
    let placeholder = clip(texts, locale, &select.placeholder, PLACEHOLDER_LIMIT);
    CreateActionRow::SelectMenu(
        CreateSelectMenu::new(custom_id, CreateSelectMenuKind::String { options })
            .placeholder(placeholder),
    )
}

/// `text` in `locale`, at most `limit` characters.
fn clip(texts: &Texts, locale: Locale, text: &Text, limit: usize) -> String {
    texts.render(locale, text).chars().take(limit).collect()
}
