//! A CINCO hand on Discord: the hand's picture with its buttons, as a DM edited in place (one
//! per player and game), and — to the player who just pressed something — as an ephemeral
//! view in the channel. The table's My hand button opens that view; a press on the view (or
//! on the DM) updates the pressed message itself, so the hand changes where it is looked at.
//! The DM follows every change too, unless it was the message pressed; it is edited even
//! for a hand asked for again ([`HandSlot::anew`]), since the ephemeral view is what the
//! player looks at then, and after a restart it is the DM the core recorded. A bid request
//! ([`HandSlot::notify`]) is a new DM, the old one deleted: an edit would notify nobody.

use serenity::all::{
    ChannelId, CreateAttachment, CreateInteractionResponse, CreateInteractionResponseFollowup,
    MessageId, UserId,
};

use super::delivery::{Body, ChannelState, Delivery, user_id};
use super::reply::{Origin, Reply, Stage};
use super::retry::{self, DMS_CLOSED, UNKNOWN_MESSAGE};
use cincobot_core::core::{GameId, HandSlot, Message, Platform, Prompt};

impl Delivery {
    /// `message` as a body, with its picture drawn off the task (as text alone if it has none
    /// or the drawing failed).
    pub(super) async fn drawn_body(&self, message: &Message) -> Body {
        let mut body = self.text_body(message);
        if let Some(drawn) = self.drawing.picture(message).await {
            body.image = Some(CreateAttachment::bytes(drawn.png, drawn.file_name));
        }
        body
    }

    /// Shows `message`, the hand of `slot`, to `user`: in the view they pressed or as an
    /// ephemeral answer when they are the one acting, and in their DM.
    pub(super) async fn show_hand(
        &self,
        state: &mut ChannelState,
        user: &str,
        (slot, prompt): (HandSlot, Option<Prompt>),
        message: &Message,
    ) {
        let Some(user_id) = user_id(user) else { return };
        let (user_name, user) = (user, user_id);
        let body = self.drawn_body(message).await;
        let dm = match self.dm_hand(user, slot.game) {
            Some(dm) => Some(dm),
            None => self.recorded_dm(user, prompt.as_ref()).await,
        };
        let actor = state.reply.clone().filter(|reply| reply.user == user);
        let mut answered = false;
        let mut dm_shown = false;
        if let Some(reply) = &actor {
            match reply.origin {
                Origin::Component { message: pressed }
                    if reply.pressed_ephemeral || dm.is_some_and(|(_, id)| id == pressed) =>
                {
                    answered = self.answer_component(state, pressed, &body).await;
                    dm_shown = answered && dm.is_some_and(|(_, id)| id == pressed);
                }
                _ => answered = self.answer_privately(reply, &body).await,
            }
        }
        let by_dm = dm_shown || self.hand_by_dm((user, slot), dm, &body).await;
        if !by_dm && !answered {
            // Their DMs are closed and nothing showed the hand: the interaction's answer
            // carries it in words, if they are the one acting.
            if actor.is_some() {
                state.extra.push(self.closed_dms(message));
            }
        }
        let Some(prompt) = prompt else { return };
        match self.dm_hand(user, slot.game) {
            Some((_, shown)) if by_dm => {
                self.desk.direct_sent(
                    Platform::Discord,
                    user_name.to_owned(),
                    prompt,
                    shown.get().to_string(),
                );
            }
            // Shown in the channel only: seen, but with no message of its own to follow.
            _ if answered => {}
            _ => self.desk.direct_failed(Platform::Discord, user_name.to_owned(), prompt),
        }
    }

    /// The DM showing `user`'s hand in `game`, if one was posted.
    fn dm_hand(&self, user: UserId, game: GameId) -> Option<(ChannelId, MessageId)> {
        self.hands.lock().ok().and_then(|hands| hands.get(&(user, game)))
    }

    /// After a restart only the core knows the DM of a hand: the message it recorded, in the
    /// user's DM channel (opening it again finds the same one).
    async fn recorded_dm(
        &self,
        user: UserId,
        prompt: Option<&Prompt>,
    ) -> Option<(ChannelId, MessageId)> {
        let Some(Prompt::Hand { edit: Some(id), .. }) = prompt else { return None };
        let id = id.parse::<u64>().ok().filter(|id| *id != 0).map(MessageId::new)?;
        match self.rest.open_dm(user).await {
            Ok(channel) => Some((channel, id)),
            Err(error) => {
                tracing::warn!(%error, "opening a DM failed");
                None
            }
        }
    }

    /// Edits the DM of the hand in place, or posts it (and remembers it) — anew when it must
    /// notify, the old one deleted; whether it arrived.
    async fn hand_by_dm(
        &self,
        (user, slot): (UserId, HandSlot),
        dm: Option<(ChannelId, MessageId)>,
        body: &Body,
    ) -> bool {
        let game = slot.game;
        if let Some((channel, id)) = dm.filter(|_| !slot.notify) {
            match self.rest.edit_message((channel, id), &body.edit(), body.files()).await {
                Ok(()) => {
                    if let Ok(mut hands) = self.hands.lock() {
                        hands.show((user, game), (channel, id), dm);
                    }
                    return true;
                }
                // Deleted by its reader: a new one takes its place.
                Err(error) if retry::code(&error) == Some(UNKNOWN_MESSAGE) => {}
                Err(error) => tracing::warn!(%error, "editing a hand's DM failed; posted anew"),
            }
        }
        let channel = match self.rest.open_dm(user).await {
            Ok(channel) => channel,
            Err(error) => {
                tracing::warn!(%error, "opening a DM failed");
                return false;
            }
        };
        match self.rest.create_message(channel, &body.message(), body.files()).await {
            Ok(posted) => {
                let replaced = match self.hands.lock() {
                    Ok(mut hands) => hands.show((user, game), (channel, posted), dm),
                    Err(_) => dm.filter(|&(_, old)| old != posted),
                };
                if let Some((old_channel, old)) = replaced {
                    self.delete(old_channel, old).await;
                }
                true
            }
            Err(error) if retry::code(&error) == Some(DMS_CLOSED) => false,
            Err(error) => {
                tracing::warn!(%error, "sending a hand's DM failed");
                false
            }
        }
    }

    /// Answers `reply` with `body` for its user alone: the ephemeral response, or an
    /// ephemeral follow-up once deferred; whether it did.
    async fn answer_privately(&self, reply: &Reply, body: &Body) -> bool {
        let mut stage = reply.stage().await;
        let token = reply.token.as_str();
        let result = match *stage {
            Stage::Open => {
                let response = CreateInteractionResponse::Message(body.response().ephemeral(true));
                self.rest.respond("respond", (reply.id, token), &response, body.files()).await
            }
            Stage::Deferred => {
                if reply.origin == Origin::Command {
                    // The public placeholder goes; the hand is for this user only.
                    let _ = self.rest.delete_original(token).await;
                }
                let followup = CreateInteractionResponseFollowup::new()
                    .content(body.content.clone())
                    .components(body.components.clone())
                    .ephemeral(true);
                self.rest.follow_up(token, &followup, body.files()).await
            }
            Stage::Answered => return false,
        };
        match result {
            Ok(()) => {
                *stage = Stage::Answered;
                true
            }
            Err(error) => {
                tracing::warn!(%error, "showing a hand privately failed");
                false
            }
        }
    }
}
