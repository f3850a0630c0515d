//! The core's buttons as Discord components: at most 5 buttons in a row and 5 rows in a
//! message (DESIGN §7). A row of the core that is longer is wrapped (5 en raya's seven
//! columns become 5 + 2); rows past the fifth are dropped with a warning, which a board of
//! the core never needs. A button's custom id is the core's payload (≤ 64 bytes, under
//! Discord's 100), so a press after a restart still names its game, ply and action.

use serenity::all::{ButtonStyle, CreateActionRow, CreateButton};

use crate::core::Button;
use crate::i18n::{Locale, Texts};

pub const BUTTONS_PER_ROW: usize = 5;
pub const ROWS: usize = 5;
/// Discord's longest button label.
const LABEL_LIMIT: usize = 80;

/// The action rows for `buttons`, labels in `locale`.
#[must_use]
pub fn rows(texts: &Texts, locale: Locale, buttons: &[Vec<Button>]) -> Vec<CreateActionRow> {
    let wrapped: Vec<&[Button]> =
        buttons.iter().flat_map(|row| row.chunks(BUTTONS_PER_ROW)).collect();
    if wrapped.len() > ROWS {
        tracing::warn!(rows = wrapped.len(), "more button rows than Discord shows; cut to 5");
    }
    wrapped
        .into_iter()
        .take(ROWS)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|button| {
                        let label: String =
                            texts.render(locale, &button.label).chars().take(LABEL_LIMIT).collect();
                        CreateButton::new(button.payload.clone())
                            .label(label)
                            .style(ButtonStyle::Secondary)
                    })
                    .collect(),
            )
        })
        .collect()
}
