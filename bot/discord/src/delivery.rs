//! Getting the core's outputs to Discord: one queue (and task) per channel, so a channel's
//! messages keep their order and one channel's slow call holds up no other. Pictures are
//! drawn on blocking threads ([`Drawing`]), so the core's task never waits for one.
//!
//! An interaction in a channel is announced to its queue before the core sees it
//! ([`Job::Expect`]) and closed after ([`Job::Finish`]); in between, the first output that can
//! answer it does: a board for the pressed message becomes the update of that message (type
//! 7, the image always sent again: Discord clears the attachments otherwise), a command's
//! board or text its answer. Everything else goes out with the bot's token, which never
//! expires: boards are edited in place (a board whose message is gone is posted anew), and
//! since an edit notifies nobody the player to move gets a short mention (allowed mentions:
//! that user only), the game's previous one deleted. A message addressed to someone (a
//! challenge, a rematch) pings them the same way; an open challenge pings nobody. What is
//! private to the user who acted closes the interaction as an ephemeral message.
//!
//! What every adapter does alike is the runtime's: which channel an output goes to
//! ([`route`]), a long text in pieces ([`pieces`]), which message shows each board, hand and
//! turn mention ([`Shown`], [`Notices`]), a picture drawn or the message sent as text
//! ([`Drawing::picture`]). Here: Discord's calls, limits, interactions and errors.

use std::sync::{Arc, Mutex};

use serenity::all::{
    ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse, EditMessage, MessageId, UserId,
};
use tokio::sync::mpsc;

use super::components;
use super::reply::{Origin, Reply, Stage};
use super::rest::Rest;
use super::retry::{self, DMS_CLOSED, UNKNOWN_MESSAGE};
use cincobot_core::core::{Attachment, Chat, GameId, Message, Output, Platform, Prompt, User};
use cincobot_core::i18n::{Locale, Text, Texts};
use cincobot_runtime::pieces::{clip, pieces};
use cincobot_runtime::route::{Destination, route};
use cincobot_runtime::shown::{Notices, Shown};
use cincobot_runtime::{Desk, Drawing, Lanes, Outlet};

/// Discord's longest message content, in characters.
pub const CONTENT_LIMIT: usize = 2000;

/// One thing for a channel's queue to do.
enum Job {
    Output(Box<Output>),
    /// An interaction in this channel is being handled: the outputs that follow may answer it.
    Expect(Arc<Reply>),
    /// The core is done with the interaction: `private` answers it only for its user.
    Finish {
        reply: Arc<Reply>,
        private: Vec<Output>,
    },
}

/// What one channel's queue remembers.
pub(super) struct ChannelState {
    channel: ChannelId,
    /// The message showing each game's board.
    boards: Shown<GameId, MessageId>,
    /// The turn mention of each game.
    turns: Notices<MessageId>,
    /// The interaction being handled, if one is.
    pub(super) reply: Option<Arc<Reply>>,
    /// Texts for the interaction's user that its delivery found (their DMs were closed).
    pub(super) extra: Vec<String>,
}

/// The queues of every channel.
pub struct Delivery {
    pub(super) rest: Arc<Rest>,
    texts: Arc<Texts>,
    pub(super) desk: Desk,
    lanes: Lanes<ChannelId, Job>,
    /// The DM showing each player's hand in each CINCO game.
    pub(super) hands: Mutex<Shown<(UserId, GameId), (ChannelId, MessageId)>>,
    /// Boards are drawn here, a core's worth at a time.
    pub(super) drawing: Drawing,
}

impl std::fmt::Debug for Delivery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Delivery").field("lanes", &self.lanes).finish_non_exhaustive()
    }
}

/// The desk's way into the channel queues.
#[derive(Debug)]
pub struct Outbox(pub Arc<Delivery>);

impl Outlet for Outbox {
    fn deliver(&self, outputs: Vec<Output>, origin: Option<&Chat>) {
        self.0.queue(outputs, origin);
    }
}

/// A channel id of ours as Discord's.
fn channel_id(chat: &Chat) -> Option<ChannelId> {
    (chat.platform == Platform::Discord)
        .then(|| chat.id.parse::<u64>().ok().filter(|id| *id != 0).map(ChannelId::new))
        .flatten()
}

pub(super) fn user_id(id: &str) -> Option<UserId> {
    id.parse::<u64>().ok().filter(|id| *id != 0).map(UserId::new)
}

/// A message ready for any of Discord's ways to send it.
#[derive(Clone, Debug)]
pub struct Body {
    pub content: String,
    pub image: Option<CreateAttachment>,
    pub components: Vec<CreateActionRow>,
    /// Who may be notified by a mention in `content`: nobody, or this user.
    pub mention: Option<UserId>,
}

impl Body {
    /// The same message mentioning `user` first, who alone is notified.
    #[must_use]
    pub fn pinging(self, user: UserId) -> Body {
        Body {
            content: clip(&format!("<@{user}> {}", self.content), CONTENT_LIMIT),
            mention: Some(user),
            ..self
        }
    }

    /// The files that go beside the JSON: the image, if there is one.
    #[must_use]
    pub fn files(&self) -> Vec<CreateAttachment> {
        self.image.iter().cloned().collect()
    }

    fn allowed(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.mention)
    }

    /// As an interaction's response message.
    pub fn response(&self) -> CreateInteractionResponseMessage {
        let mut message = CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .allowed_mentions(self.allowed());
        if let Some(image) = &self.image {
            message = message.add_file(image.clone());
        }
        message
    }

    /// As an edit of an interaction's original response.
    pub fn response_edit(&self) -> EditInteractionResponse {
        let mut edit = EditInteractionResponse::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .allowed_mentions(self.allowed());
        if let Some(image) = &self.image {
            edit = edit.new_attachment(image.clone());
        }
        edit
    }

    /// As a new message with the bot's token.
    pub fn message(&self) -> CreateMessage {
        let mut message = CreateMessage::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .allowed_mentions(self.allowed());
        if let Some(image) = &self.image {
            message = message.add_file(image.clone());
        }
        message
    }

    /// As an edit with the bot's token: the new image replaces every old attachment.
    pub fn edit(&self) -> EditMessage {
        let mut edit = EditMessage::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .allowed_mentions(self.allowed());
        if let Some(image) = &self.image {
            edit = edit.new_attachment(image.clone());
        }
        edit
    }
}

/// A private answer as an ephemeral message.
pub fn ephemeral(content: &str) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(clip(content, CONTENT_LIMIT))
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new())
}

impl Delivery {
    #[must_use]
    pub fn new(rest: Arc<Rest>, texts: Arc<Texts>, desk: Desk) -> Arc<Delivery> {
        Arc::new(Delivery {
            rest,
            texts,
            desk,
            lanes: Lanes::default(),
            hands: Mutex::default(),
            drawing: Drawing::new(),
        })
    }

    #[must_use]
    pub fn rest(&self) -> Arc<Rest> {
        self.rest.clone()
    }

    #[must_use]
    pub fn texts(&self) -> &Texts {
        &self.texts
    }

    fn queue(self: &Arc<Self>, outputs: Vec<Output>, origin: Option<&Chat>) {
        let origin = origin.and_then(channel_id);
        let lane = |to: Destination<'_>| match to {
            Destination::Chat(chat) => channel_id(chat),
            // In the queue of the channel it came from, whose interaction it may answer.
            Destination::Private(_) if origin.is_some() => origin,
            // A DM for no one's interaction (a CPU's step, a timer, a note): in a lane of its
            // user's, so that each of their hands edits the DM the one before posted, and a
            // stop waits for it like for every other message.
            Destination::Private(user) => user_id(user).map(|user| ChannelId::new(user.get())),
        };
        let deliver = |channel, output| self.enqueue(channel, Job::Output(Box::new(output)));
        for lost in route(Platform::Discord, outputs, lane, deliver) {
            tracing::warn!(texts = ?lost.text_ids(), "an output for no Discord channel");
        }
    }

    /// An interaction in `channel` is about to reach the core.
    pub fn expect(self: &Arc<Self>, reply: Arc<Reply>) {
        self.enqueue(reply.channel, Job::Expect(reply));
    }

    /// The core answered the interaction; `private` is only for its user.
    pub fn finish(self: &Arc<Self>, reply: Arc<Reply>, private: Vec<Output>) {
        self.enqueue(reply.channel, Job::Finish { reply, private });
    }

    /// Closes every channel's queue and waits (at most a minute) for what they hold to go out.
    pub async fn stop(&self) {
        self.lanes.stop().await;
    }

    fn enqueue(self: &Arc<Self>, channel: ChannelId, job: Job) {
        self.lanes.push(channel, job, |jobs| self.clone().work(channel, jobs));
    }

    async fn work(self: Arc<Self>, channel: ChannelId, mut jobs: mpsc::UnboundedReceiver<Job>) {
        let mut state = ChannelState {
            channel,
            boards: Shown::default(),
            turns: Notices::default(),
            reply: None,
            extra: Vec::new(),
        };
        // An idle channel's queue retires, and its state with it (the boards' messages come
        // with every board from the core).
        while let Some(job) = self.lanes.next(&channel, &mut jobs).await {
            self.run(job, &mut state).await;
        }
    }

    async fn run(&self, job: Job, state: &mut ChannelState) {
        match job {
            Job::Expect(reply) => {
                state.reply = Some(reply);
                state.extra.clear();
            }
            Job::Finish { reply, private } => {
                let extra = std::mem::take(&mut state.extra);
                self.close(&reply, private, extra).await;
                if state.reply.as_ref().is_some_and(|current| Arc::ptr_eq(current, &reply)) {
                    state.reply = None;
                }
            }
            Job::Output(output) => match *output {
                Output::Board { game, ply, edit, message, turn, repost, ended, .. } => {
                    let edit = edit.and_then(|id| id.parse::<u64>().ok()).filter(|id| *id != 0);
                    let shown =
                        BoardShown { game, ply, edit: edit.map(MessageId::new), repost, ended };
                    self.show_board(state, shown, &message, turn.as_ref()).await;
                }
                Output::Send { message, .. } if message.board.is_none() => {
                    for body in self.text_bodies(&message) {
                        self.post(state, &body).await;
                    }
                }
                Output::Send { message, .. } => {
                    let mut body = self.drawn_body(&message).await;
                    if let Some(addressee) =
                        message.addressee.as_ref().and_then(|user| user_id(&user.id))
                    {
                        body = body.pinging(addressee);
                    }
                    self.post(state, &body).await;
                }
                Output::File { locale, caption, file, .. } => {
                    if let Some(body) = self.file_body(locale, &caption, file).await {
                        self.post(state, &body).await;
                    }
                }
                // The desk hands replies to the handler; one that still comes is said aloud.
                Output::Reply { locale, lines, .. } => {
                    let body = self.text_body(&Message::text(locale, lines));
                    self.post(state, &body).await;
                }
                Output::Keyboard { game, locale, components: buttons, .. } => {
                    if let Some(id) = state.boards.get(&game) {
                        let rows = components::rows(&self.texts, locale, &buttons);
                        self.edit_components(state.channel, id, rows).await;
                    }
                }
                Output::Direct { user, message, prompt, hand: Some(slot), .. } => {
                    self.show_hand(state, &user, (slot, prompt), &message).await;
                }
                Output::Direct { user, message, prompt, hand: None, .. } => {
                    if !self.send_direct(&user, &message, prompt).await {
                        let for_actor = state
                            .reply
                            .as_ref()
                            .is_some_and(|reply| Some(reply.user) == user_id(&user));
                        if for_actor {
                            state.extra.push(self.closed_dms(&message));
                        }
                    }
                }
            },
        }
    }

    /// A file under its caption: a replay drawn off the task, like boards, or a record.
    async fn file_body(&self, locale: Locale, caption: &[Text], file: Attachment) -> Option<Body> {
        let (bytes, file_name) = match file {
            Attachment::Animation { animation, file_name } => {
                (self.drawing.replay(animation).await?, file_name)
            }
            Attachment::Document { file_name, text } => (text.into_bytes(), file_name),
        };
        Some(Body {
            content: clip(&self.texts.render_lines(locale, caption), CONTENT_LIMIT),
            image: Some(CreateAttachment::bytes(bytes, file_name)),
            components: Vec::new(),
            mention: None,
        })
    }

    /// A text message as the messages that carry it whole: in pieces within Discord's limit,
    /// cut between paragraphs or lines, its buttons and mention with the last.
    pub(super) fn text_bodies(&self, message: &Message) -> Vec<Body> {
        let content = self.texts.render_lines(message.locale, &message.lines);
        let mut parts = pieces(&content, CONTENT_LIMIT);
        let last = parts.pop().unwrap_or_default();
        let plain =
            |content: String| Body { content, image: None, components: Vec::new(), mention: None };
        let mut bodies: Vec<Body> = parts.into_iter().map(plain).collect();
        let mut body = Body {
            content: last,
            image: None,
            components: components::rows(&self.texts, message.locale, &message.components),
            mention: None,
        };
        if let Some(addressee) = message.addressee.as_ref().and_then(|user| user_id(&user.id)) {
            body = body.pinging(addressee);
        }
        bodies.push(body);
        bodies
    }

    /// A message as text with its buttons.
    pub(super) fn text_body(&self, message: &Message) -> Body {
        let content = self.texts.render_lines(message.locale, &message.lines);
        Body {
            content: clip(&content, CONTENT_LIMIT),
            image: None,
            components: components::rows(&self.texts, message.locale, &message.components),
            mention: None,
        }
    }

    /// Says how to open DMs, and what the DM said, so nothing is lost.
    pub(super) fn closed_dms(&self, message: &Message) -> String {
        let how = self.texts.render(message.locale, &Text::new("dc-dms-closed"));
        let words = self.texts.render_lines(message.locale, &message.lines);
        format!("{how}\n\n{words}")
    }

    /// Posts `body` in the channel: as the waiting command's answer if there is one.
    async fn post(&self, state: &mut ChannelState, body: &Body) -> Option<MessageId> {
        if let Some(reply) = state.reply.clone()
            && reply.origin == Origin::Command
            && let Some(id) = self.answer_command(&reply, body).await
        {
            return Some(id);
        }
        let result = self.rest.create_message(state.channel, &body.message(), body.files()).await;
        match result {
            Ok(id) => Some(id),
            Err(error) => {
                tracing::warn!(%error, "posting a message failed");
                None
            }
        }
    }

    /// Answers an open (or deferred) command with `body`; the message id, or `None` when the
    /// command was answered already or the call failed.
    async fn answer_command(&self, reply: &Reply, body: &Body) -> Option<MessageId> {
        let mut stage = reply.stage().await;
        let token = reply.token.as_str();
        let message = match *stage {
            Stage::Open => {
                let response = CreateInteractionResponse::Message(body.response());
                let answered = self.rest.respond_made((reply.id, token), &response, body.files());
                match answered.await {
                    Err(error) => {
                        tracing::warn!(%error, "answering a command failed");
                        return None;
                    }
                    Ok(made) => {
                        *stage = Stage::Answered;
                        // Without the message in the callback's answer, it is asked for.
                        match made {
                            Some(id) => Ok(id),
                            None => self.rest.original(token).await,
                        }
                    }
                }
            }
            Stage::Deferred => {
                let edited =
                    self.rest.edit_original(token, &body.response_edit(), body.files()).await;
                if edited.is_ok() {
                    *stage = Stage::Answered;
                }
                edited
            }
            Stage::Answered => return None,
        };
        match message {
            Ok(id) => Some(id),
            Err(error) => {
                tracing::warn!(%error, "reading a command's answer failed");
                None
            }
        }
    }

    /// Updates the pressed message with `body` if the waiting interaction is a component of
    /// `message`; whether it did.
    pub(super) async fn answer_component(
        &self,
        state: &ChannelState,
        message: MessageId,
        body: &Body,
    ) -> bool {
        let Some(reply) = state.reply.clone() else { return false };
        if reply.origin != (Origin::Component { message }) {
            return false;
        }
        let mut stage = reply.stage().await;
        let token = reply.token.as_str();
        let result = match *stage {
            Stage::Open => {
                let response = CreateInteractionResponse::UpdateMessage(body.response());
                self.rest
                    .respond("update message", (reply.id, token), &response, body.files())
                    .await
            }
            Stage::Deferred => self
                .rest
                .edit_original(token, &body.response_edit(), body.files())
                .await
                .map(|_| ()),
            Stage::Answered => return false,
        };
        match result {
            Ok(()) => {
                *stage = Stage::Answered;
                true
            }
            Err(error) => {
                tracing::warn!(%error, "updating the pressed message failed");
                false
            }
        }
    }

    async fn edit_components(&self, channel: ChannelId, id: MessageId, rows: Vec<CreateActionRow>) {
        let edit = EditMessage::new().components(rows);
        let result = self.rest.edit_message((channel, id), &edit, Vec::new()).await;
        if let Err(error) = result {
            tracing::warn!(%error, "editing a board's buttons failed");
        }
    }

    pub(super) async fn delete(&self, channel: ChannelId, id: MessageId) {
        let result = self.rest.delete_message(channel, id).await;
        if let Err(error) = result
            && retry::code(&error) != Some(UNKNOWN_MESSAGE)
        {
            tracing::warn!(%error, "deleting a message failed");
        }
    }

    /// Draws the board and shows it: as the answer to the waiting interaction where it can,
    /// else by editing its message, else as a new message; reports it to the core and tells
    /// the person to act.
    async fn show_board(
        &self,
        state: &mut ChannelState,
        BoardShown { game, ply, edit, repost, ended }: BoardShown,
        message: &Message,
        turn: Option<&User>,
    ) {
        let Some(drawn) = self.drawing.picture(message).await else {
            let body = self.text_body(message);
            self.post(state, &body).await;
            return;
        };
        let mut body = self.text_body(message);
        body.image = Some(CreateAttachment::bytes(drawn.png, drawn.file_name));
        let current = state.boards.current(&game, edit);
        let mut shown = None;
        let mut posted = false;
        // A game's first board takes the place of the message pressed to start it (a
        // challenge's Accept, a Rematch), unless that message shows another game.
        let pressed = state.reply.as_ref().and_then(|reply| match reply.origin {
            Origin::Component { message } => Some(message),
            Origin::Command => None,
        });
        let replaced = pressed.filter(|message| !state.boards.shows(*message));
        if let (false, Some(id)) = (repost, current.or(replaced)) {
            if self.answer_component(state, id, &body).await {
                shown = Some(id);
            } else if current.is_some()
                && state.reply.as_ref().is_none_or(|reply| reply.origin != Origin::Command)
            {
                let result =
                    self.rest.edit_message((state.channel, id), &body.edit(), body.files()).await;
                match result {
                    Ok(()) => shown = Some(id),
                    // Deleted: a new message takes its place.
                    Err(error) if retry::code(&error) == Some(UNKNOWN_MESSAGE) => {}
                    Err(error) => tracing::warn!(%error, "editing a board failed; posted anew"),
                }
            }
        }
        if shown.is_none() {
            // A new message notifies: the mention goes in it.
            if let Some(id) = turn.and_then(|user| user_id(&user.id)) {
                body = body.pinging(id);
            }
            shown = self.post(state, &body).await;
            posted = true;
        }
        let Some(id) = shown else { return };
        if let Some(old) = state.boards.show(game, id, current) {
            self.delete(state.channel, old).await;
        }
        self.desk.shown(game, ply, ended, id.get().to_string());
        self.tell_turn(state, game, ply, message.locale, if posted { None } else { turn }).await;
    }

    /// After an edit, mentions the person to act (an edit notifies nobody); the game's
    /// previous mention goes.
    async fn tell_turn(
        &self,
        state: &mut ChannelState,
        game: GameId,
        ply: usize,
        locale: Locale,
        turn: Option<&User>,
    ) {
        if state.turns.told(game, ply) {
            return;
        }
        if let Some(old) = state.turns.withdraw(game) {
            self.delete(state.channel, old).await;
        }
        let Some(id) = turn.and_then(|user| user_id(&user.id)) else { return };
        let words = self.texts.render(
            locale,
            &Text::new("dc-your-turn").with("name", format!("<@{id}>")).with("id", game.0),
        );
        let message = CreateMessage::new()
            .content(clip(&words, CONTENT_LIMIT))
            .allowed_mentions(CreateAllowedMentions::new().users([id]));
        match self.rest.create_message(state.channel, &message, Vec::new()).await {
            Ok(sent) => {
                state.turns.tell(game, sent, ply);
            }
            Err(error) => tracing::warn!(%error, "mentioning the player to move failed"),
        }
    }

    /// A DM; whether it arrived (`false`: the user's DMs are closed, or the call failed).
    /// A followed one (`prompt`) is reported to the core either way.
    async fn send_direct(&self, user: &str, message: &Message, prompt: Option<Prompt>) -> bool {
        let sent = self.try_direct(user, message).await;
        if let Some(prompt) = prompt {
            match &sent {
                Some(id) => {
                    self.desk.direct_sent(Platform::Discord, user.to_owned(), prompt, id.clone())
                }
                None => self.desk.direct_failed(Platform::Discord, user.to_owned(), prompt),
            }
        }
        sent.is_some()
    }

    /// A DM; the id of the message that arrived.
    async fn try_direct(&self, user: &str, message: &Message) -> Option<String> {
        let user = user_id(user)?;
        let channel = match self.rest.open_dm(user).await {
            Ok(channel) => channel,
            Err(error) => {
                tracing::warn!(%error, "opening a DM failed");
                return None;
            }
        };
        let mut sent = None;
        for body in self.text_bodies(message) {
            let body = CreateMessage::new().content(body.content);
            match self.rest.create_message(channel, &body, Vec::new()).await {
                Ok(id) => sent = Some(id.get().to_string()),
                Err(error) if retry::code(&error) == Some(DMS_CLOSED) => return None,
                Err(error) => {
                    tracing::warn!(%error, "sending a DM failed");
                    return None;
                }
            }
        }
        sent
    }

    /// Closes an interaction: what is private to its user as an ephemeral message; the
    /// picker's next step on the pressed message; a silent acknowledgement otherwise.
    async fn close(&self, reply: &Reply, private: Vec<Output>, mut notes: Vec<String>) {
        for output in private {
            match output {
                Output::Reply { locale, lines, .. } => {
                    notes.push(self.texts.render_lines(locale, &lines));
                }
                Output::Keyboard { locale, components: buttons, .. } => {
                    if let Origin::Component { message } = reply.origin {
                        let rows = components::rows(&self.texts, locale, &buttons);
                        self.edit_components(reply.channel, message, rows).await;
                    }
                }
                Output::Send { message, .. } | Output::Board { message, .. } => {
                    notes.push(self.texts.render_lines(message.locale, &message.lines));
                }
                Output::Direct { .. } | Output::File { .. } => {}
            }
        }
        let rest = &self.rest;
        let to = (reply.id, reply.token.as_str());
        let token = reply.token.as_str();
        let mut stage = reply.stage().await;
        let text = notes.join("\n");
        let result = match (*stage, notes.is_empty(), reply.origin) {
            (Stage::Open, false, _) => {
                let response = CreateInteractionResponse::Message(ephemeral(&text));
                rest.respond("respond", to, &response, Vec::new()).await
            }
            (Stage::Open, true, Origin::Component { .. }) => {
                let response = CreateInteractionResponse::Acknowledge;
                rest.respond("acknowledge", to, &response, Vec::new()).await
            }
            (Stage::Open, true, Origin::Command) => {
                let done = self.texts.render(reply.locale, &Text::new("dc-done"));
                let response = CreateInteractionResponse::Message(ephemeral(&done));
                rest.respond("respond", to, &response, Vec::new()).await
            }
            (Stage::Deferred, true, Origin::Component { .. }) | (Stage::Answered, true, _) => {
                Ok(())
            }
            (Stage::Deferred, true, Origin::Command) => rest.delete_original(token).await,
            (Stage::Deferred, false, Origin::Command) if reply.private => {
                let edit = EditInteractionResponse::new()
                    .content(clip(&text, CONTENT_LIMIT))
                    .allowed_mentions(CreateAllowedMentions::new());
                rest.edit_original(token, &edit, Vec::new()).await.map(|_| ())
            }
            (Stage::Deferred | Stage::Answered, false, origin) => {
                if *stage == Stage::Deferred && origin == Origin::Command {
                    // The public placeholder goes; the answer is for this user only.
                    let _ = rest.delete_original(token).await;
                }
                let followup = CreateInteractionResponseFollowup::new()
                    .content(clip(&text, CONTENT_LIMIT))
                    .ephemeral(true)
                    .allowed_mentions(CreateAllowedMentions::new());
                rest.follow_up(token, &followup, Vec::new()).await
            }
        };
        *stage = Stage::Answered;
        if let Err(error) = result {
            tracing::warn!(%error, "answering an interaction failed");
        }
    }
}

/// Which board an output shows, and how.
#[derive(Clone, Copy, Debug)]
struct BoardShown {
    game: GameId,
    ply: usize,
    /// The message the core last heard of.
    edit: Option<MessageId>,
    /// Post it anew (and delete the old one).
    repost: bool,
    /// The game's final board.
    ended: bool,
}
