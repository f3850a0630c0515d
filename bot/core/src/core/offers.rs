//! Renju's ten fifth moves chosen by buttons (issue 26, item 23): black begins an offer, picks
//! its points one by one with the usual point picker (each is checked as the engine checks
//! the whole offer), may take back the last, and offers the ten once chosen; or gives up and
//! places the fifth stone. The points chosen live in the game's row (`offer_draft`), so a
//! restart keeps them. Typing `offer …` with ten points still works, and any move played
//! drops what was chosen.

use engine::FIFTH_OFFERS;

use super::error::{CoreError, refused};
use super::payload::OfferStep;
use super::steps::Step;
use super::{Context, Core, GameId, Output};
use crate::games::Resolution;
use crate::store::GameStatus;

impl Core {
    /// A press on black's offer of game `id`, drawn at `ply` with `count` points chosen.
    pub(super) async fn offer_step(
        &mut self,
        context: &Context,
        id: GameId,
        ply: usize,
        count: usize,
        step: OfferStep,
    ) -> Result<Vec<Output>, CoreError> {
        let table = self.table(id)?;
        let seat = table.seat_of(&context.user.id).ok_or_else(|| refused("not-a-player"))?;
        let waiting = table.row.status == GameStatus::Active
            && table.position.resolution() == Resolution::FifthStone;
        if ply != table.position.ply() || !waiting {
            return Err(refused("outdated"));
        }
        if table.position.seat_to_act() != Some(seat) {
            return Err(refused("not-your-turn"));
        }
        // Begin is drawn with no offer under way; every other step with `count` points chosen.
        let stale = match (&step, &table.row.offer_draft) {
            (OfferStep::Begin, None) => count != 0,
            (OfferStep::Begin, Some(_)) | (_, None) => true,
            (_, Some(draft)) => draft.len() != count,
        };
        if stale {
            return Err(refused("outdated"));
        }
        let mut draft = table.row.offer_draft.clone().unwrap_or_default();
        let stopping = step == OfferStep::Stop;
        match step {
            OfferStep::Begin => {}
            OfferStep::Add(point) => {
                if draft.len() >= FIFTH_OFFERS {
                    return Err(refused("offer-complete"));
                }
                draft.push(point);
                draft = table
                    .position
                    .check_offer_draft(&draft)
                    .map_err(|error| CoreError::Refused(error.text()))?;
            }
            OfferStep::RemoveLast => {
                if draft.pop().is_none() {
                    return Err(refused("outdated"));
                }
            }
            OfferStep::Send => {
                if draft.len() != FIFTH_OFFERS {
                    return Err(refused("outdated"));
                }
                let text = format!("offer {}", draft.join(" "));
                return self.play_as(context, id, &text, false, Some(ply)).await;
            }
            OfferStep::Stop => {}
        }
        let mut row = table.row.clone();
        row.offer_draft = (!stopping).then_some(draft);
        row.updated_at = self.clock.now_ms();
        self.commit_step(Some(context), &mut row, Step::Row).await?;
        let chat = row.chat.clone();
        if let Some(table) = self.tables.get_mut(&id) {
            table.row = row;
        }
        let locale = self.chat_locale(&chat).await;
        Ok(self.shown_board(id, locale, Vec::new()))
    }
}
