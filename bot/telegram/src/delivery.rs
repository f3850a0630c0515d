//! Getting the core's outputs to Telegram: one queue (and task) per chat, so a chat's
//! messages keep their order and its flood limits ([`super::pace`]) hold up only that chat.
//!
//! A board is a photo with the game's lines as its caption and the game's buttons under it.
//! A later position edits that photo in place (`editMessageMedia`); a board posted again
//! (`/board`) replaces it — the new photo goes out and the old one is deleted — so a chat
//! shows one board per game. Since an edit notifies nobody, the person to act in a group game
//! gets a short message that mentions them, as a reply to the board; the previous one of
//! that game is deleted. Which waiting job goes next is [`ChatQueue`]'s rule: boards and new
//! messages in the order they came (a result is never overtaken by a later board), mentions
//! after them, deletions in quiet moments, and a board or mention that a newer one of its game
//! replaces is dropped.
//!
//! What every adapter does alike is the runtime's: which chat an output goes to
//! ([`route`]), a long text in pieces ([`pieces`]), which message shows each board, hand and
//! turn notice ([`Shown`], [`Notices`]), a picture drawn or the message sent as text
//! ([`Drawing::picture`]). Here: Telegram's calls, limits, pace, errors and retries.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use teloxide::prelude::*;
use teloxide::types::{
    InputFile, InputMedia, InputMediaPhoto, MessageId, ParseMode, ReplyParameters,
};
use teloxide::{RequestError, utils::html};
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::keyboard;
use super::pace::{Pace, Pacing};
use super::queue::{ChatQueue, Kind};
use super::retry::{self, cannot_write_to_user, not_modified};
use super::summary::Summary;
use cincobot_core::core::{Attachment, Chat, GameId, Message, Output, Platform, Prompt, User};
use cincobot_core::i18n::{Locale, Text, Texts};
use cincobot_runtime::pieces::{clip, pieces};
use cincobot_runtime::route::{Destination, route};
use cincobot_runtime::shown::{Notices, Shown};
use cincobot_runtime::{Desk, Drawing, Lanes, Outlet};

/// Telegram's longest message, in characters.
const MESSAGE_LIMIT: usize = 4096;
/// Telegram's longest photo caption, in characters.
pub(super) const CAPTION_LIMIT: usize = 1024;
/// Private messages kept per user until they open the chat with the bot.
const WAITING_PER_USER: usize = 5;

/// One thing for a chat's queue to do. No `Debug`: a job holds bodies and images, which no
/// log may show ([`Summary`] names an output).
pub(super) enum Job {
    /// A core output. `origin`: the chat of the input that caused it (where a private
    /// message that cannot be delivered is announced).
    Output { output: Box<Output>, origin: Option<ChatId> },
    /// The answer to a typed command.
    Reply { to: MessageId, locale: Locale, lines: Vec<Text> },
    /// The bot cannot write to `user` privately: offer the deep link in this chat.
    Invite { user: UserId, locale: Locale },
    /// Tell `user` that it is their turn in `game`, whose board at `ply` was shown.
    Mention { game: GameId, ply: usize, user: User, locale: Locale },
    /// Delete a message no longer needed.
    Delete(MessageId),
}

/// Where `job` goes in the queue of the chat `state` describes.
fn kind_of(job: &Job, state: &ChatState) -> Kind {
    match job {
        Job::Output { output, .. } => match output.as_ref() {
            Output::Board { game, edit, repost, message, .. } if message.board.is_some() => {
                let on_screen = edit.is_some() || state.boards.get(game).is_some();
                Kind::Board { game: *game, on_screen, repost: *repost }
            }
            Output::Keyboard { game, .. } => Kind::Keyboard { game: *game },
            Output::Board { .. }
            | Output::Send { .. }
            | Output::Reply { .. }
            | Output::Direct { .. }
            | Output::File { .. } => Kind::Text,
        },
        Job::Reply { .. } | Job::Invite { .. } => Kind::Text,
        Job::Mention { game, .. } => Kind::Mention { game: *game },
        Job::Delete(_) => Kind::Cleanup,
    }
}

/// Which board an output shows, and how.
#[derive(Clone, Copy, Debug)]
struct BoardShown<'a> {
    game: GameId,
    ply: usize,
    /// The message the core last heard of.
    edit: Option<&'a str>,
    /// Post it anew (and delete the old one).
    repost: bool,
    /// The game's final board.
    ended: bool,
}

/// What one chat's queue remembers.
#[derive(Debug)]
pub(super) struct ChatState {
    pub(super) chat: ChatId,
    pace: Pace,
    /// The message showing each game's board.
    boards: Shown<GameId, MessageId>,
    /// The turn message of each game.
    turns: Notices<MessageId>,
    /// In a private chat: the message showing the user's hand in each CINCO game.
    pub(super) hands: Shown<GameId, MessageId>,
}

/// The queues of every chat.
pub struct Delivery {
    pub(super) bot: Bot,
    pub(super) texts: Arc<Texts>,
    pacing: Pacing,
    username: String,
    pub(super) desk: Desk,
    pub(super) drawing: Drawing,
    lanes: Lanes<ChatId, Job>,
    /// Private messages for users who never opened the chat with the bot, by user.
    waiting: Mutex<HashMap<UserId, Vec<Message>>>,
}

impl std::fmt::Debug for Delivery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Delivery").field("lanes", &self.lanes).finish_non_exhaustive()
    }
}

/// A chat id of ours as Telegram's.
fn chat_id(chat: &Chat) -> Option<ChatId> {
    (chat.platform == Platform::Telegram).then(|| chat.id.parse().ok().map(ChatId)).flatten()
}

/// Groups and channels have negative ids; a private chat's id is its user's.
fn is_group(chat: ChatId) -> bool {
    chat.0 < 0
}

/// A Markdown document in pieces of Telegram's HTML, each within a message's limit: cut as
/// plain text first (escaping makes it longer, so a piece that grew past the limit is cut
/// again smaller), then each piece made HTML on its own (no mark spans two lines).
fn html_pieces(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut waiting: Vec<(String, usize)> = pieces(markdown, MESSAGE_LIMIT)
        .into_iter()
        .map(|piece| (piece, MESSAGE_LIMIT))
        .rev()
        .collect();
    while let Some((piece, limit)) = waiting.pop() {
        let html = super::markdown::to_html(&piece);
        if html.chars().count() <= MESSAGE_LIMIT || limit < 64 {
            out.push(html);
        } else {
            let smaller = pieces(&piece, limit / 2);
            waiting.extend(smaller.into_iter().map(|piece| (piece, limit / 2)).rev());
        }
    }
    out
}

/// The desk's way into the chat queues.
#[derive(Debug)]
pub struct Outbox(pub Arc<Delivery>);

impl Outlet for Outbox {
    fn deliver(&self, outputs: Vec<Output>, origin: Option<&Chat>) {
        self.0.queue(outputs, origin);
    }
}

impl Delivery {
    #[must_use]
    pub fn new(
        bot: Bot,
        texts: Arc<Texts>,
        (pacing, idle_chat): (Pacing, std::time::Duration),
        username: String,
        desk: Desk,
    ) -> Arc<Delivery> {
        Arc::new(Delivery {
            bot,
            texts,
            pacing,
            username,
            desk,
            drawing: Drawing::new(),
            lanes: Lanes::retiring_after(idle_chat),
            waiting: Mutex::new(HashMap::new()),
        })
    }

    /// Queues the core's outputs, each in the chat it is for; a private message in its
    /// user's chat. `origin`: the chat of the input they answer.
    fn queue(self: &Arc<Self>, outputs: Vec<Output>, origin: Option<&Chat>) {
        let origin = origin.and_then(chat_id);
        let lane = |to: Destination<'_>| match to {
            Destination::Chat(chat) => chat_id(chat),
            Destination::Private(user) => user.parse().ok().map(ChatId),
        };
        let deliver =
            |chat, output| self.enqueue(chat, Job::Output { output: Box::new(output), origin });
        for output in route(Platform::Telegram, outputs, lane, deliver) {
            tracing::warn!(output = %Summary(&output), "an output for no Telegram chat");
        }
    }

    /// Queues the answer to the typed command `to` in `chat`.
    pub fn reply(self: &Arc<Self>, chat: ChatId, to: MessageId, locale: Locale, lines: Vec<Text>) {
        self.enqueue(chat, Job::Reply { to, locale, lines });
    }

    /// `user` opened the private chat from the deep link: what waited for them goes out.
    pub fn linked(self: &Arc<Self>, user: UserId, locale: Locale) {
        let waiting = self
            .waiting
            .lock()
            .map(|mut waiting| waiting.remove(&user).unwrap_or_default())
            .unwrap_or_default();
        let chat = ChatId::from(user);
        let hello = Message::text(locale, vec![Text::new("tg-linked")]);
        let private = Chat {
            platform: Platform::Telegram,
            id: chat.0.to_string(),
            kind: cincobot_core::core::ChatKind::Private,
        };
        for message in std::iter::once(hello).chain(waiting) {
            self.enqueue(
                chat,
                Job::Output {
                    output: Box::new(Output::Send { chat: private.clone(), message }),
                    origin: None,
                },
            );
        }
    }

    /// Closes every chat's queue and waits (at most a minute) for what they hold to go out.
    pub async fn stop(&self) {
        self.lanes.stop().await;
    }

    fn enqueue(self: &Arc<Self>, chat: ChatId, job: Job) {
        self.lanes.push(chat, job, |jobs| self.clone().work(chat, jobs));
    }

    /// One chat's queue. What goes next is chosen when the chat's pace lets a call go, not
    /// before: a board that comes while a mention waits for its second goes first.
    async fn work(self: Arc<Self>, chat: ChatId, mut jobs: mpsc::UnboundedReceiver<Job>) {
        let mut state = ChatState {
            chat,
            pace: Pace::new(self.pacing, is_group(chat)),
            boards: Shown::default(),
            turns: Notices::default(),
            hands: Shown::default(),
        };
        let mut queue = ChatQueue::default();
        let mut open = true;
        loop {
            while let Ok(job) = jobs.try_recv() {
                self.queue_job(&mut queue, &state, job);
            }
            if queue.is_empty() {
                // An idle chat's queue retires, and its state with it (the boards' messages
                // come with every board from the core; an old turn mention is left standing).
                match self.lanes.next(&chat, &mut jobs).await {
                    Some(job) => self.queue_job(&mut queue, &state, job),
                    None => break,
                }
                continue;
            }
            let now = Instant::now();
            let interval = state.pace.wait(now, false);
            let capped = state.pace.wait(now, true);
            // While the group's minute cap holds new messages back, edits and deletions go on.
            let posts_allowed = capped <= interval;
            let wait = match queue.next_posts(posts_allowed) {
                Some(false) => interval,
                Some(true) | None => capped,
            };
            if !wait.is_zero() {
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    job = jobs.recv(), if open => match job {
                        Some(job) => self.queue_job(&mut queue, &state, job),
                        None => open = false,
                    },
                }
                continue;
            }
            let Some((kind, job)) = queue.pop(posts_allowed) else { continue };
            self.run(kind, job, &mut state, &mut queue).await;
        }
    }

    /// Puts a job taken from the channel in its place; the jobs it makes needless are dropped.
    fn queue_job(&self, queue: &mut ChatQueue<Job>, state: &ChatState, job: Job) {
        drop(queue.push(kind_of(&job, state), job));
    }

    /// Queues a job that a job done makes necessary (a mention, a deletion).
    pub(super) fn follow_up(&self, queue: &mut ChatQueue<Job>, state: &ChatState, job: Job) {
        self.queue_job(queue, state, job);
    }

    async fn run(
        self: &Arc<Self>,
        kind: Kind,
        job: Job,
        state: &mut ChatState,
        queue: &mut ChatQueue<Job>,
    ) {
        match job {
            Job::Output { output, origin } => match *output {
                Output::Send { message, .. } => {
                    self.send_text(state, &message, None).await;
                }
                Output::Board { game, ply, edit, message, turn, ended, .. } => {
                    // A board that replaced a waiting repost is posted anew as well.
                    let repost = matches!(kind, Kind::Board { repost: true, .. });
                    let shown = BoardShown { game, ply, edit: edit.as_deref(), repost, ended };
                    self.show_board(state, queue, shown, &message, turn.as_ref()).await;
                }
                // A reply that lost its input (none should): said in the chat.
                Output::Reply { locale, lines, .. } => {
                    self.send_text(state, &Message::text(locale, lines), None).await;
                }
                Output::Keyboard { game, locale, components, .. } => {
                    if let Some(id) = state.boards.get(&game) {
                        let markup = keyboard::markup(&self.texts, locale, &components);
                        let chat = state.chat;
                        let result = self
                            .paced(state, false, "editMessageReplyMarkup", || {
                                let mut request = self.bot.edit_message_reply_markup(chat, id);
                                request.reply_markup = markup.clone();
                                request.send()
                            })
                            .await;
                        self.log_failure("editMessageReplyMarkup", result.map(|_| ()));
                    }
                }
                Output::Direct { user, message, prompt, hand: Some(slot), .. } => {
                    self.show_hand(state, queue, (&user, slot, prompt), message, origin).await;
                }
                Output::Direct { user, message, prompt, hand: None, .. } => {
                    self.send_direct(state, &user, message, prompt, origin).await;
                }
                Output::File { locale, caption, file, .. } => {
                    self.send_file(state, locale, &caption, file).await;
                }
            },
            Job::Reply { to, locale, lines } => {
                self.send_text(state, &Message::text(locale, lines), Some(to)).await;
            }
            Job::Invite { user, locale } => {
                let invite = Text::new("tg-private-closed");
                let words = self.texts.render(locale, &invite);
                let label = self.texts.render(locale, &Text::new("tg-button-open-chat"));
                let Some(url) = keyboard::deep_link(&self.username, keyboard::LINK_PAYLOAD) else {
                    return;
                };
                let markup = keyboard::link_button(label, url);
                let chat = state.chat;
                let mention = html::user_mention(user, "👤");
                let text = format!("{mention} {}", html::escape(&words));
                let result = self
                    .paced(state, true, "sendMessage", || {
                        self.bot
                            .send_message(chat, text.clone())
                            .parse_mode(ParseMode::Html)
                            .reply_markup(markup.clone())
                            .send()
                    })
                    .await;
                self.log_failure("sendMessage", result.map(|_| ()));
            }
            Job::Mention { game, ply, user, locale } => {
                self.mention(state, queue, game, ply, &user, locale).await;
            }
            Job::Delete(message) => self.delete(state, message).await,
        }
    }

    /// A replay as an animation (drawn off the task, like boards) or a record as a document.
    async fn send_file(
        &self,
        state: &mut ChatState,
        locale: Locale,
        caption: &[Text],
        file: Attachment,
    ) {
        let chat = state.chat;
        let caption = clip(&self.texts.render_lines(locale, caption), CAPTION_LIMIT);
        match file {
            Attachment::Animation { animation, file_name } => {
                let Some(gif) = self.drawing.replay(animation).await else { return };
                let gif = InputFile::memory(gif).file_name(file_name);
                let result = self
                    .paced(state, true, "sendAnimation", || {
                        self.bot.send_animation(chat, gif.clone()).caption(caption.clone()).send()
                    })
                    .await;
                self.log_failure("sendAnimation", result.map(|_| ()));
            }
            Attachment::Document { file_name, text } => {
                let document = InputFile::memory(text.into_bytes()).file_name(file_name);
                let result = self
                    .paced(state, true, "sendDocument", || {
                        self.bot
                            .send_document(chat, document.clone())
                            .caption(caption.clone())
                            .send()
                    })
                    .await;
                self.log_failure("sendDocument", result.map(|_| ()));
            }
        }
    }

    /// Waits for the chat's pace, then makes the call (retrying 429s and network failures).
    pub(super) async fn paced<T, F, Fut>(
        &self,
        state: &mut ChatState,
        posting: bool,
        what: &'static str,
        call: F,
    ) -> Result<T, RequestError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, RequestError>>,
    {
        let wait = state.pace.wait(Instant::now(), posting);
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        let result = retry::patiently(what, call).await;
        state.pace.record(Instant::now(), posting);
        result
    }

    pub(super) fn log_failure(&self, what: &'static str, result: Result<(), RequestError>) {
        if let Err(error) = result {
            let error = retry::describe(&error, self.bot.token());
            tracing::warn!(call = what, %error, "a Telegram call failed");
        }
    }

    /// A text message (in pieces if long), buttons under the last piece.
    pub(super) async fn send_text(
        &self,
        state: &mut ChatState,
        message: &Message,
        reply_to: Option<MessageId>,
    ) -> Option<MessageId> {
        let words = self.texts.render_lines(message.locale, &message.lines);
        let markup = keyboard::markup(&self.texts, message.locale, &message.components);
        let parts =
            if message.markdown { html_pieces(&words) } else { pieces(&words, MESSAGE_LIMIT) };
        let last = parts.len().saturating_sub(1);
        let chat = state.chat;
        let mention = message.addressee.as_ref().filter(|_| is_group(chat) && last == 0);
        let mention = mention.and_then(|user| Some((UserId(user.id.parse().ok()?), &user.name)));
        let mut sent = None;
        for (index, part) in parts.into_iter().enumerate() {
            let buttons = if index == last { markup.clone() } else { None };
            // The one it asks something of is mentioned first: a mention notifies them.
            let (part, mode) = match mention {
                Some((id, name)) if message.markdown => {
                    (format!("{} {part}", html::user_mention(id, name)), true)
                }
                Some((id, name)) => {
                    (format!("{} {}", html::user_mention(id, name), html::escape(&part)), true)
                }
                None => (part, message.markdown),
            };
            let result = self
                .paced(state, true, "sendMessage", || {
                    let mut request = self.bot.send_message(chat, part.clone());
                    if mode {
                        request = request.parse_mode(ParseMode::Html);
                    }
                    request.reply_markup = buttons.clone().map(Into::into);
                    if let Some(to) = reply_to {
                        request = request.reply_parameters(
                            ReplyParameters::new(to).allow_sending_without_reply(),
                        );
                    }
                    request.send()
                })
                .await;
            match result {
                Ok(message) => sent = Some(message.id),
                Err(error) => {
                    self.log_failure("sendMessage", Err(error));
                    return None;
                }
            }
        }
        sent
    }

    /// A private message; when the user never opened the chat with the bot, it waits for
    /// them and the chat it came from gets the deep link. A followed one (`prompt`) is
    /// reported to the core, which keeps it in the store while it waits.
    pub(super) async fn send_direct(
        self: &Arc<Self>,
        state: &mut ChatState,
        user: &str,
        message: Message,
        prompt: Option<Prompt>,
        origin: Option<ChatId>,
    ) {
        let words = self.texts.render_lines(message.locale, &message.lines);
        let chat = state.chat;
        let mut first = true;
        for part in pieces(&words, MESSAGE_LIMIT) {
            let result = self
                .paced(state, true, "sendMessage", || {
                    self.bot.send_message(chat, part.clone()).send()
                })
                .await;
            match result {
                Ok(sent) => {
                    if let (true, Some(prompt)) = (first, &prompt) {
                        let id = sent.id.0.to_string();
                        self.desk.direct_sent(
                            Platform::Telegram,
                            user.to_owned(),
                            prompt.clone(),
                            id,
                        );
                    }
                    first = false;
                }
                Err(error) if first && cannot_write_to_user(&error) => {
                    self.keep_for_later(chat, user, message, prompt, origin);
                    return;
                }
                Err(error) => {
                    self.log_failure("sendMessage", Err(error));
                    return;
                }
            }
        }
    }

    /// `user` never opened the chat with the bot: `message` waits for them, and the chat
    /// it came from (`origin`) gets the deep link.
    pub(super) fn keep_for_later(
        self: &Arc<Self>,
        chat: ChatId,
        user: &str,
        message: Message,
        prompt: Option<Prompt>,
        origin: Option<ChatId>,
    ) {
        let Ok(id) = user.parse::<u64>() else { return };
        let locale = message.locale;
        if let Some(prompt) = prompt {
            self.desk.direct_failed(Platform::Telegram, user.to_owned(), prompt);
        } else if let Ok(mut waiting) = self.waiting.lock() {
            let queue = waiting.entry(UserId(id)).or_default();
            if queue.len() < WAITING_PER_USER {
                queue.push(message);
            }
        }
        if let Some(origin) = origin.filter(|origin| *origin != chat) {
            self.enqueue(origin, Job::Invite { user: UserId(id), locale });
        }
    }

    /// Shows a board: edits the game's photo in place, or posts a new one (the one it
    /// replaces is deleted later), reports it to the core, and tells the person to act.
    async fn show_board(
        &self,
        state: &mut ChatState,
        queue: &mut ChatQueue<Job>,
        BoardShown { game, ply, edit, repost, ended }: BoardShown<'_>,
        message: &Message,
        turn: Option<&User>,
    ) {
        let Some(drawn) = self.drawing.picture(message).await else {
            self.send_text(state, message, None).await;
            return;
        };
        let chat = state.chat;
        let caption = clip(&self.texts.render_lines(message.locale, &message.lines), CAPTION_LIMIT);
        let markup = keyboard::markup(&self.texts, message.locale, &message.components);
        let photo = InputFile::memory(drawn.png).file_name(drawn.file_name);
        let recorded = edit.and_then(|id| id.parse().ok()).map(MessageId);
        let current = state.boards.current(&game, recorded);
        let mut shown = None;
        if let (false, Some(id)) = (repost, current) {
            let media =
                InputMedia::Photo(InputMediaPhoto::new(photo.clone()).caption(caption.clone()));
            let result = self
                .paced(state, false, "editMessageMedia", || {
                    let mut request = self.bot.edit_message_media(chat, id, media.clone());
                    request.reply_markup = markup.clone();
                    request.send()
                })
                .await;
            match result {
                Ok(_) => shown = Some(id),
                Err(error) if not_modified(&error) => shown = Some(id),
                Err(error) => {
                    // Deleted, too old to edit…: a new photo takes its place.
                    self.log_failure("editMessageMedia", Err(error));
                }
            }
        }
        if shown.is_none() {
            let result = self
                .paced(state, true, "sendPhoto", || {
                    let mut request =
                        self.bot.send_photo(chat, photo.clone()).caption(caption.clone());
                    request.reply_markup = markup.clone().map(Into::into);
                    request.send()
                })
                .await;
            match result {
                Ok(posted) => shown = Some(posted.id),
                Err(error) => self.log_failure("sendPhoto", Err(error)),
            }
        }
        let Some(id) = shown else { return };
        if let Some(old) = state.boards.show(game, id, current) {
            self.follow_up(queue, state, Job::Delete(old));
        }
        self.desk.shown(game, ply, ended, id.0.to_string());
        self.tell_turn(state, queue, game, ply, message.locale, turn);
    }

    /// In a group, queues the mention of the person to act (an edit notifies nobody); with
    /// no one to tell, the game's last mention goes.
    fn tell_turn(
        &self,
        state: &mut ChatState,
        queue: &mut ChatQueue<Job>,
        game: GameId,
        ply: usize,
        locale: Locale,
        turn: Option<&User>,
    ) {
        if !is_group(state.chat) || state.turns.told(game, ply) {
            return;
        }
        match turn {
            Some(user) => {
                let job = Job::Mention { game, ply, user: user.clone(), locale };
                self.follow_up(queue, state, job);
            }
            None => {
                drop(queue.cancel_mention(game));
                if let Some(old) = state.turns.withdraw(game) {
                    self.follow_up(queue, state, Job::Delete(old));
                }
            }
        }
    }

    /// Mentions the person to act, as a reply to the game's board; the mention it replaces
    /// is deleted later.
    async fn mention(
        &self,
        state: &mut ChatState,
        queue: &mut ChatQueue<Job>,
        game: GameId,
        ply: usize,
        user: &User,
        locale: Locale,
    ) {
        let Ok(id) = user.id.parse::<u64>() else { return };
        // The name goes in as a placeholder so that only the words are escaped.
        const NAME: &str = "\u{1}";
        let words = self
            .texts
            .render(locale, &Text::new("tg-your-turn").with("name", NAME).with("id", game.0));
        let text = html::escape(&words).replace(NAME, &html::user_mention(UserId(id), &user.name));
        let chat = state.chat;
        let board = state.boards.get(&game);
        let result = self
            .paced(state, true, "sendMessage", || {
                let mut request =
                    self.bot.send_message(chat, text.clone()).parse_mode(ParseMode::Html);
                if let Some(board) = board {
                    request = request.reply_parameters(
                        ReplyParameters::new(board).allow_sending_without_reply(),
                    );
                }
                request.send()
            })
            .await;
        match result {
            Ok(sent) => {
                if let Some(old) = state.turns.tell(game, sent.id, ply) {
                    self.follow_up(queue, state, Job::Delete(old));
                }
            }
            Err(error) => self.log_failure("sendMessage", Err(error)),
        }
    }

    async fn delete(&self, state: &mut ChatState, message: MessageId) {
        let chat = state.chat;
        let result = self
            .paced(state, false, "deleteMessage", || self.bot.delete_message(chat, message).send())
            .await;
        self.log_failure("deleteMessage", result.map(|_| ()));
    }
}
