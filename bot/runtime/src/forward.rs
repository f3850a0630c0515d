//! Inputs for chats another process serves. The desk of the process that received an input
//! whose slot it does not hold posts it to the database's inbox for the slot's holder, and
//! waits for the answer there; the holder reads the inbox of its slots (when told of a post,
//! and every second, since an announcement can be lost), hands each input to its own desk in
//! the order they were posted, writes the answer back and marks the input handled. A platform
//! event is posted once ([`Cluster::post`] keeps the first), and an input handled twice (its
//! holder died before marking it) changes nothing the second time: the core stores each
//! event with what it changed. In webhook mode every update is posted as it came, whichever
//! process it reached, before the platform is answered: the holder hands a chat's updates to
//! its adapter in the order they were posted, which is the order the platform sent them.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Notify, oneshot, watch};

use super::desk::{Answer, Desk};
use super::news::News;
use cincobot_core::core::{
    Chat, ChatKind, HeldSlots, Input, Output, Platform, PrivateAnswer, Wire,
};
use cincobot_core::store::{
    ANSWER_CHANNEL, Cluster, Heard, INBOX_CHANNEL, InboxItem, LEASES_CHANNEL, Listener,
    NEWS_CHANNEL, Store, StoreError, Told,
};
use tokio::task::JoinSet;

/// How long the receiving process waits for the holder's answer before it gives up on
/// answering (the input is still handled).
pub const ANSWER_WAIT: Duration = Duration::from_secs(10);

/// How often the holder reads its inbox when it hears nothing.
const INBOX_POLL: Duration = Duration::from_secs(1);

/// Inputs read from the inbox at once.
const INBOX_PAGE: u32 = 100;

/// The receiving side: posts inputs and waits for their answers.
#[derive(Debug)]
pub struct Forwarder {
    cluster: Cluster,
    /// The answers awaited, by inbox event.
    awaited: Mutex<HashMap<String, oneshot::Sender<()>>>,
    /// Told when a post for this process's slots is announced.
    inbox: Notify,
    /// Told when a process lets leases go, so that this one's membership claims them at
    /// once instead of at its next round.
    leases: Notify,
    /// What the other processes' news goes to.
    news: Arc<News>,
    /// Posts named by this process so far ([`Forwarder::next_post_name`]).
    posts_named: AtomicU64,
}

/// The inbox's name for an input's event: unique across platforms.
fn inbox_event(input: &Input) -> String {
    format!("{}:{}", input.chat.platform.code(), input.event.0)
}

/// The inbox's name for a platform's update as it was sent (`telegram-update:42`), and how
/// the reader tells it from an input.
const UPDATE: &str = "-update:";

fn update_event(platform: Platform, id: &str) -> String {
    format!("{}{UPDATE}{id}", platform.code())
}

/// The platform of an update's event, if `event` names one.
fn update_platform(event: &str) -> Option<Platform> {
    event.split_once(UPDATE).and_then(|(code, _)| Platform::from_code(code))
}

/// The inbox's name for a user's input that another process only learns from (its user
/// reached the bot: what waits for them there goes out), and how the reader tells it.
const REACHED: &str = "-reached:";

fn reached_event(input: &Input) -> String {
    format!("{}{REACHED}{}", input.chat.platform.code(), input.event.0)
}

/// The inbox's name for a service's question (`web-question:#<process>:<n>`), and how the
/// reader tells it.
const QUESTION: &str = "-question:";

/// The service a question's event names, if `event` is one.
fn question_service(event: &str) -> Option<&str> {
    event.split_once(QUESTION).map(|(service, _)| service)
}

/// The inbox's name for a chat that moved to an id of the reader's slot (its games are the
/// reader's to load), and how the reader tells it.
const ADOPT: &str = "-adopt:";

/// The chat of an adoption's body: its platform, kind and id, between spaces (no platform's
/// chat id holds one).
fn moved_chat(body: &str) -> Option<Chat> {
    let mut parts = body.splitn(3, ' ');
    let platform = Platform::from_code(parts.next()?)?;
    let kind = ChatKind::from_code(parts.next()?)?;
    Some(Chat { platform, kind, id: parts.next()?.to_owned() })
}

impl Forwarder {
    #[must_use]
    pub fn new(cluster: Cluster, news: Arc<News>) -> Arc<Forwarder> {
        Arc::new(Forwarder {
            cluster,
            awaited: Mutex::new(HashMap::new()),
            inbox: Notify::new(),
            leases: Notify::new(),
            news,
            posts_named: AtomicU64::new(0),
        })
    }

    /// Waits until a process is heard letting leases go (this one included).
    pub async fn leases_let_go(&self) {
        self.leases.notified().await;
    }

    /// Slots were just taken: their inbox is read now, not at the next poll, since what was
    /// posted for them was announced to their former holder.
    pub fn slots_taken(&self) {
        self.inbox.notify_one();
    }

    /// Hands `input` to the holder of `slot` and returns its answer (none if it does not come
    /// in time, or the database fails: the input may still be handled).
    pub async fn ask(&self, slot: u16, input: Input) -> Answer {
        let body = match input.to_wire() {
            Ok(body) => body,
            Err(error) => {
                tracing::error!(%error, "an input that cannot be written for another process");
                return Answer::default();
            }
        };
        let mut event = inbox_event(&input);
        if input.event.is_answered_each_time() {
            // Posted under a name of its own: the inbox would take a second post of the same
            // event for a platform's redelivery, and leave it unanswered.
            event = format!("{event}{}", self.next_post_name());
        }
        let Some(body) = self.post_and_wait(slot, &event, &body).await else {
            tracing::warn!(slot, %event, "no answer from the process serving the chat");
            return Answer::default();
        };
        match Vec::<PrivateAnswer>::from_wire(&body) {
            Ok(private) => Answer { private: private.into_iter().map(Output::from).collect() },
            Err(error) => {
                tracing::warn!(%error, "an answer this build cannot read");
                Answer::default()
            }
        }
    }

    /// Asks `service` in the holder of `slot` `question` ([`questions`](super::questions));
    /// its answer, or `None` when it has none, does not answer in time, or the database fails.
    pub async fn question(&self, slot: u16, service: &str, question: &str) -> Option<String> {
        let event = format!("{service}{QUESTION}{}", self.next_post_name());
        let answer = self.post_and_wait(slot, &event, question).await;
        if answer.is_none() {
            tracing::warn!(slot, %event, "no answer to a question from the process serving the chat");
        }
        answer.filter(|answer| !answer.is_empty())
    }

    /// A name no other post has: this process's id and a number (`#12:7`).
    fn next_post_name(&self) -> String {
        let number = self.posts_named.fetch_add(1, Ordering::Relaxed);
        format!("#{}:{number}", self.cluster.process().0)
    }

    /// Posts `body` as `event` for the holder of `slot` and waits for the answer's body.
    async fn post_and_wait(&self, slot: u16, event: &str, body: &str) -> Option<String> {
        let (told, answered) = oneshot::channel();
        if let Ok(mut awaited) = self.awaited.lock() {
            awaited.insert(event.to_owned(), told);
        }
        // Posted before (a platform delivering again): its answer, if any, is awaited too.
        if let Err(error) = self.cluster.post(slot, event, body).await {
            tracing::warn!(%error, slot, "handing an input to another process");
            self.forget(event);
            return None;
        }
        // On time or not, the answer may be there: the announcement may have been lost.
        let _ = tokio::time::timeout(ANSWER_WAIT, answered).await;
        let answer = match self.cluster.take_answer(event).await {
            Ok(answer) => answer,
            Err(error) => {
                tracing::warn!(%error, "reading an answer");
                None
            }
        };
        self.forget(event);
        answer
    }

    /// Posts `raw`, update `id` of `platform`, for the holder of `slot`; whether it is in the
    /// inbox (now or from before).
    pub async fn post_update(&self, platform: Platform, slot: u16, id: &str, raw: &str) -> bool {
        match self.cluster.post(slot, &update_event(platform, id), raw).await {
            Ok(_) => true,
            Err(error) => {
                tracing::warn!(%error, slot, "posting an update for the process serving its chat");
                false
            }
        }
    }

    /// Tells the holder of `slot` that `chat`, which moved to an id of that slot, is its now.
    pub async fn post_adopt(&self, slot: u16, chat: &Chat) {
        let event = format!("{}{ADOPT}{}", chat.platform.code(), chat.id);
        let body = format!("{} {} {}", chat.platform.code(), chat.kind.code(), chat.id);
        if let Err(error) = self.cluster.post(slot, &event, &body).await {
            tracing::warn!(%error, slot, "handing a moved chat to another process");
        }
    }

    /// Tells the holder of `slot` that the user of `input` reached the bot here.
    pub async fn post_reached(&self, slot: u16, input: &Input) {
        let posted = match input.to_wire() {
            Ok(body) => self.cluster.post(slot, &reached_event(input), &body).await.map(|_| ()),
            Err(error) => {
                tracing::error!(%error, "an input that cannot be written for another process");
                return;
            }
        };
        if let Err(error) = posted {
            tracing::warn!(%error, slot, "telling another process a user reached the bot");
        }
    }

    fn forget(&self, event: &str) {
        if let Ok(mut awaited) = self.awaited.lock() {
            awaited.remove(event);
        }
    }

    /// What the listener heard.
    fn heard(&self, heard: &Heard) {
        match heard {
            Heard::Notification { channel, payload } if channel == ANSWER_CHANNEL => {
                let told = self.awaited.lock().ok().and_then(|mut awaited| awaited.remove(payload));
                if let Some(told) = told {
                    let _ = told.send(());
                }
            }
            Heard::Notification { channel, .. } if channel == LEASES_CHANNEL => {
                self.leases.notify_one();
            }
            Heard::Notification { channel, payload } if channel == NEWS_CHANNEL => {
                match Told::read(payload) {
                    Some(told) => self.news.heard(&told, &self.cluster),
                    None => tracing::debug!(%payload, "news this build cannot read"),
                }
            }
            Heard::Notification { .. } => self.inbox.notify_one(),
            Heard::Reconnected => {
                // What was announced meanwhile is lost: read everything again.
                self.inbox.notify_one();
                self.leases.notify_one();
                let waiting: Vec<oneshot::Sender<()>> = self
                    .awaited
                    .lock()
                    .map(|mut awaited| awaited.drain().map(|(_, told)| told).collect())
                    .unwrap_or_default();
                for told in waiting {
                    let _ = told.send(());
                }
            }
        }
    }
}

/// Listens to the inbox's, the answers', the leases' and the news' announcements for `forwarder` until
/// `stop`.
///
/// # Errors
/// [`StoreError`] if the listener cannot start.
pub async fn listen(
    store: &Store,
    forwarder: Arc<Forwarder>,
    mut stop: watch::Receiver<bool>,
) -> Result<tokio::task::JoinHandle<()>, StoreError> {
    let mut listener: Listener =
        store.listen(&[INBOX_CHANNEL, ANSWER_CHANNEL, LEASES_CHANNEL, NEWS_CHANNEL]).await?;
    Ok(tokio::spawn(async move {
        loop {
            tokio::select! {
                heard = listener.next() => match heard {
                    Ok(heard) => forwarder.heard(&heard),
                    Err(error) => {
                        tracing::warn!(%error, "listening to the inbox");
                        tokio::time::sleep(INBOX_POLL).await;
                    }
                },
                _ = stop.changed() => break,
            }
        }
    }))
}

/// The holder's side: hands the inputs posted for the slots in `held` to `desk`, in order,
/// and writes their answers back, until `stop`.
pub async fn serve_inbox(
    forwarder: Arc<Forwarder>,
    held: Arc<HeldSlots>,
    desk: Desk,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        if let Err(error) = read_inbox(&forwarder, &held, &desk).await {
            tracing::warn!(%error, "reading the inbox");
        }
        tokio::select! {
            () = forwarder.inbox.notified() => {}
            () = tokio::time::sleep(INBOX_POLL) => {}
            _ = stop.changed() => break,
        }
    }
}

/// Handles every input waiting for the slots held now: each slot's in the order they were
/// posted, different slots side by side (as the partitions run different chats).
async fn read_inbox(
    forwarder: &Forwarder,
    held: &Arc<HeldSlots>,
    desk: &Desk,
) -> Result<(), StoreError> {
    let cluster = &forwarder.cluster;
    let mut after = 0;
    loop {
        let slots = held.slots();
        if slots.is_empty() {
            return Ok(());
        }
        let items = cluster.pending(&slots, after, INBOX_PAGE).await?;
        let Some(last) = items.last().map(|item| item.id) else { return Ok(()) };
        let mut by_slot: BTreeMap<u16, Vec<InboxItem>> = BTreeMap::new();
        for item in items {
            by_slot.entry(item.slot).or_default().push(item);
        }
        let mut slots = JoinSet::new();
        for (slot, items) in by_slot {
            let (cluster, held, desk) = (cluster.clone(), Arc::clone(held), desk.clone());
            slots.spawn(async move {
                for item in items {
                    // Let go since it was read: the slot's new holder reads it.
                    if !held.holds(slot) {
                        break;
                    }
                    if item.event.contains(ADOPT) {
                        match moved_chat(&item.body) {
                            Some(chat) => desk.adopt_chat_here(chat),
                            None => tracing::warn!(body = %item.body, "a moved chat this build cannot read"),
                        }
                        cluster.ack(&[item.id]).await?;
                        continue;
                    }
                    if item.event.contains(REACHED) {
                        match Input::from_wire(&item.body) {
                            Ok(input) => desk.reached_here(&input),
                            Err(error) => tracing::warn!(%error, "an input this build cannot read"),
                        }
                        cluster.ack(&[item.id]).await?;
                        continue;
                    }
                    if let Some(service) = question_service(&item.event) {
                        let answer = desk.answer_question(service, item.body).await;
                        cluster.answer(&item.event, &answer.unwrap_or_default()).await?;
                        cluster.ack(&[item.id]).await?;
                        continue;
                    }
                    if let Some(platform) = update_platform(&item.event) {
                        // The adapter cannot take it now: it and the slot's next wait.
                        if !desk.deliver_update(platform, &item.body) {
                            break;
                        }
                        cluster.ack(&[item.id]).await?;
                        continue;
                    }
                    if !handle(&cluster, &desk, item).await? {
                        break;
                    }
                }
                Ok::<(), StoreError>(())
            });
        }
        while let Some(done) = slots.join_next().await {
            match done {
                Ok(result) => result?,
                Err(error) => tracing::error!(%error, "handling a slot's inputs failed"),
            }
        }
        after = last;
    }
}

/// Hands `item`'s input to `desk`, writes its answer back and marks it handled; `false`
/// when the slot was let go before the input was handled: it waits for the slot's new holder.
async fn handle(cluster: &Cluster, desk: &Desk, item: InboxItem) -> Result<bool, StoreError> {
    let answer = match Input::from_wire(&item.body) {
        Ok(input) => match desk.ask_here(input).await {
            Some(answer) => answer,
            None => return Ok(false),
        },
        Err(error) => {
            tracing::warn!(%error, event = %item.event, "an input this build cannot read; dropped");
            Answer::default()
        }
    };
    let private: Vec<PrivateAnswer> = answer
        .private
        .into_iter()
        .filter_map(|output| PrivateAnswer::try_from(output).ok())
        .collect();
    match private.to_wire() {
        Ok(body) => {
            cluster.answer(&item.event, &body).await?;
        }
        Err(error) => tracing::error!(%error, "an answer that cannot be written back"),
    }
    cluster.ack(&[item.id]).await?;
    Ok(true)
}
