//! The point picker of big boards (DESIGN §8): a keyboard of columns, then the free rows of
//! the chosen column, whose buttons are ordinary moves. Only the player to act may open it.

use super::error::{CoreError, refused};
use super::table::column_buttons;
use super::{Button, Context, Core, GameId, Output, Payload};
use crate::i18n::Text;

impl Core {
    /// A press on the picker of game `id` drawn at `ply`: the rows of `column`, or the columns
    /// again.
    pub(super) fn pick(
        &self,
        context: &Context,
        id: GameId,
        ply: usize,
        column: Option<&str>,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.table(id)?;
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        if ply != table.position.ply() {
            return Err(refused("outdated"));
        }
        if table.position.seat_to_act() != Some(seat) {
            return Err(refused("not-your-turn"));
        }
        let buttons = match column {
            None => vec![column_buttons(id, ply, &table.position.legal_columns())],
            Some(column) => {
                let rows: Vec<Button> = table
                    .position
                    .legal_points()
                    .iter()
                    .filter(|(c, _)| c.eq_ignore_ascii_case(column))
                    .map(|(c, row)| {
                        let point = format!("{c}{row}");
                        Button {
                            label: Text::new("button-point").with("point", point.as_str()),
                            payload: Payload::Move { game: id, ply, text: point, confirm: false }
                                .encode(),
                        }
                    })
                    .collect();
                if rows.is_empty() {
                    return Err(refused("outdated"));
                }
                let back = Button {
                    label: Text::new("button-columns"),
                    payload: Payload::Pick { game: id, ply, column: None }.encode(),
                };
                vec![rows, vec![back]]
            }
        };
        Ok(vec![Output::Keyboard {
            chat: table.row.chat.clone(),
            game: id,
            locale: context.locale,
            buttons,
        }])
    }
}
