//! The point picker of big boards: a select menu of columns, then one of the free
//! rows of the chosen column, whose options are ordinary moves, with a button back to the
//! columns. Discord shows the menus; Telegram shows each menu as buttons, its two-step
//! keyboard. Only the player to act may open it.

use super::error::{CoreError, refused};
use super::payload::OfferStep;
use super::table::column_picker;
use super::{Button, Context, Core, GameId, Output, Payload, Row, Select, SelectOption};
use crate::games::Resolution;
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
        // While black chooses ten fifth moves to offer, a point chosen joins the offer.
        let draft = table
            .row
            .offer_draft
            .as_ref()
            .filter(|_| table.position.resolution() == Resolution::FifthStone);
        let points = match draft {
            Some(draft) => table.position.offer_candidates(draft),
            None => table.position.legal_points(),
        };
        let components = match column {
            None if draft.is_some() && points.is_empty() => return Err(refused("outdated")),
            None => vec![column_picker(id, ply, &points)],
            Some(column) => {
                let options: Vec<SelectOption> = points
                    .iter()
                    .filter(|(c, _)| c.eq_ignore_ascii_case(column))
                    .map(|(c, row)| {
                        let point = format!("{c}{row}");
                        SelectOption::new(
                            Text::new("button-point").with("point", point.as_str()),
                            &match draft {
                                Some(draft) => Payload::Offer {
                                    game: id,
                                    ply,
                                    count: draft.len(),
                                    step: OfferStep::Add(point),
                                },
                                None => {
                                    Payload::Move { game: id, ply, text: point, confirm: false }
                                }
                            },
                        )
                    })
                    .collect();
                if options.is_empty() {
                    return Err(refused("outdated"));
                }
                let placeholder = Text::new("select-row").with("column", column.to_lowercase());
                let back = Button::new(
                    Text::new("button-columns"),
                    &Payload::Pick { game: id, ply, column: None },
                );
                vec![Row::Select(Select { placeholder, options }), Row::Buttons(vec![back])]
            }
        };
        Ok(vec![Output::Keyboard {
            chat: table.row.chat.clone(),
            game: id,
            locale: context.locale,
            components: components.into_iter().chain(self.board_link_row(table)).collect(),
        }])
    }
}
