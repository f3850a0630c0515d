//! The tasks that own the cores, one a partition of the chats, for every platform at once:
//! the desk hands each input to the partition that owns its chat; there, inputs, boards
//! reported shown, CPU answers and timers take turns, and each output goes to its platform's
//! outlet in the order the core made it — so a chat's inputs are handled in order and a CPU
//! answer never overtakes the move it answers, while different chats run side by side. An
//! adapter holds no loop, no timer and no game knowledge.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use super::forward::Forwarder;
use super::news::News;
use super::posting::Posting;
use super::questions::{Answerer, Answerers};
use super::roles::{Role, Roles, Turn};
use super::shards::ShardTurns;
use super::{Running, RunningPartition};
use cincobot_core::core::HeldSlots;
use cincobot_core::core::{
    Action, Chat, Core, GameId, GameView, Input, Output, Partition, Platform, Prompt,
};
use cincobot_core::i18n::Locale;
use cincobot_core::identity::slot_of;
use cincobot_core::store::{Named, Store};

/// Where the outputs for one platform go: its adapter's delivery (queues, pacing, retries,
/// drawing the pictures). Called from the partitions' tasks, so it must only queue.
pub trait Outlet: Send + Sync {
    /// Queues `outputs`, in order. `origin`: the chat of the input they answer, if one did.
    fn deliver(&self, outputs: Vec<Output>, origin: Option<&Chat>);
}

/// What sees every output the partitions make, whatever its platform, before the outlets
/// take them: how a service that owns no platform (the web board) learns that a game
/// changed. Called from the partitions' tasks, so it must not wait for anything.
pub trait Watch: Send + Sync {
    /// `outputs` are about to go to their outlets.
    fn saw(&self, outputs: &[Output]);
}

/// A game as [`Desk::view`] finds it.
#[derive(Debug)]
pub enum Viewed {
    /// Served here: as the reader sees it.
    Here(Box<GameView>),
    /// Served by the process holding this slot.
    Elsewhere(u16),
    /// Served by no process: unknown, or over and shown.
    Nowhere,
}

/// What an input's handler gets back at once: the outputs that answer the input itself —
/// its [`Output::Reply`], for the person who acted alone (a Discord ephemeral reply, a
/// Telegram callback answer or reply), and the pressed message's new components
/// ([`Output::Keyboard`]). Everything else the input caused went to the chats through the
/// outlet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    pub private: Vec<Output>,
}

#[derive(Debug)]
enum Request {
    /// `input`, of a chat of `slot`: answered, or sent back when the process no longer
    /// serves the slot (it was let go while the input was on its way).
    Input {
        slot: u16,
        input: Box<Input>,
        reply: oneshot::Sender<Option<Answer>>,
    },
    /// The user of an input another partition handles reached the bot: what waits for them
    /// here goes out.
    Reached(Box<Input>),
    /// A chat moved to an id of this partition's: its games are this partition's now.
    Adopt(Chat),
    /// The process took `0` over: its chats are this partition's now.
    AdoptSlot(u16),
    /// The process hands `slot` over: its chats are let go (after writing what the core
    /// remembers of them, when `flush`), and `done` is told when.
    ReleaseSlot {
        slot: u16,
        flush: bool,
        done: oneshot::Sender<()>,
    },
    Shown {
        game: GameId,
        ply: usize,
        ended: bool,
        message: String,
    },
    /// A followed private message was delivered as `message`, or could not be (`None`).
    Direct {
        platform: Platform,
        user: String,
        prompt: Prompt,
        message: Option<String>,
    },
    Suggest {
        query: MoveQuery,
        reply: oneshot::Sender<Vec<String>>,
    },
    /// Game `game` as `viewer` (a platform and user id) sees it, in `locale`.
    View {
        game: GameId,
        viewer: Option<(Platform, String)>,
        locale: Option<Locale>,
        reply: oneshot::Sender<Option<GameView>>,
    },
    Settle(oneshot::Sender<()>),
    Stop,
}

/// What a player is typing into `/move`, for [`Core::move_suggestions`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveQuery {
    pub chat: Chat,
    /// The player's platform id.
    pub user: String,
    /// The game named in the command, if one is.
    pub game: Option<GameId>,
    pub typed: String,
}

/// The adapters' handle on the desk: it hands each request to the partition that owns its
/// chat.
#[derive(Clone)]
pub struct Desk {
    partitions: Arc<[mpsc::UnboundedSender<Request>]>,
    routes: Arc<Routes>,
    /// The slots this process serves.
    held: Arc<HeldSlots>,
    /// Where an input for a slot another process serves goes, with several processes.
    elsewhere: Arc<OnceLock<Arc<Forwarder>>>,
    roles: Arc<Roles>,
    shards: Arc<ShardTurns>,
    /// Where each platform takes the updates the inbox brings it (webhook mode).
    sinks: Arc<Mutex<HashMap<Platform, UpdateSink>>>,
    /// What this process tells the others, and hears from them.
    news: Arc<News>,
    /// What answers the questions other processes ask about the games served here.
    answerers: Arc<Answerers>,
    /// The web board is on: the cores hand its links out.
    board_links: bool,
}

impl std::fmt::Debug for Desk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Desk")
            .field("partitions", &self.partitions.len())
            .field("several", &self.elsewhere.get().is_some())
            .finish_non_exhaustive()
    }
}

/// Takes an update, as the platform sent it, into an adapter's own handling; `false` when it
/// cannot now (its queue is full, or it stopped): the update waits in the inbox.
pub type UpdateSink = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// One partition's end of the requests, until [`run`] takes it.
#[derive(Debug)]
pub struct Inbox(mpsc::UnboundedReceiver<Request>);

/// Which partition a report about a game or lobby goes to, learned from the outputs each
/// partition made (a report only ever follows an output), and the store, for the game a
/// private button names.
#[derive(Debug)]
struct Routes {
    store: Store,
    learned: Mutex<HashMap<Named, usize>>,
}

/// Routes learned at most before they are forgotten together (a forgotten one is asked of
/// every partition, and only its owner acts on it).
const LEARNED_ROUTES: usize = 100_000;

impl Routes {
    fn learn(&self, outputs: &[Output], partition: usize) {
        let named = outputs.iter().filter_map(|output| match output {
            Output::Board { game, .. } => Some(Named::Game(*game)),
            Output::Direct { prompt: Some(prompt), .. } => Some(prompt_named(prompt)),
            _ => None,
        });
        if let Ok(mut learned) = self.learned.lock() {
            for named in named {
                if learned.len() >= LEARNED_ROUTES {
                    learned.clear();
                }
                learned.insert(named, partition);
            }
        }
    }

    fn learned(&self, named: Named) -> Option<usize> {
        self.learned.lock().ok().and_then(|learned| learned.get(&named).copied())
    }

    fn forget(&self, named: Named) {
        if let Ok(mut learned) = self.learned.lock() {
            learned.remove(&named);
        }
    }
}

/// What a followed private message is about.
fn prompt_named(prompt: &Prompt) -> Named {
    match prompt {
        Prompt::Hand { game, .. } => Named::Game(*game),
        Prompt::Seated { lobby } => Named::Lobby(*lobby),
    }
}

impl Desk {
    /// A handle for the adapters over the partitions of `running`, and the inbox each
    /// partition's loop reads, in the same order.
    #[must_use]
    pub fn new(running: &Running) -> (Desk, Vec<Inbox>) {
        let (partitions, inboxes): (Vec<_>, Vec<_>) = running
            .partitions
            .iter()
            .map(|_| {
                let (requests, inbox) = mpsc::unbounded_channel();
                (requests, Inbox(inbox))
            })
            .unzip();
        let routes = Routes { store: running.store.clone(), learned: Mutex::new(HashMap::new()) };
        let desk = Desk {
            partitions: partitions.into(),
            routes: Arc::new(routes),
            held: Arc::clone(&running.held),
            elsewhere: Arc::new(OnceLock::new()),
            roles: Arc::new(Roles::new(running.store.may_be_shared())),
            shards: Arc::new(ShardTurns::new(running.store.may_be_shared())),
            sinks: Arc::new(Mutex::new(HashMap::new())),
            news: Arc::new(News::default()),
            answerers: Arc::new(Answerers::default()),
            board_links: running
                .partitions
                .iter()
                .any(|partition| partition.core.hands_out_board_links()),
        };
        (desk, inboxes)
    }

    /// Whether the web board is on (its links handed out): the platforms' command menus
    /// list `/web` only then.
    #[must_use]
    pub fn hands_out_board_links(&self) -> bool {
        self.board_links
    }

    /// Whether updates go through the database's inbox before they are handled: with several
    /// processes, an update taken by any of them (a webhook's post) is posted for the process
    /// serving its chat, so that a chat's updates are handled in the order they came.
    #[must_use]
    pub fn carries_updates(&self) -> bool {
        self.elsewhere.get().is_some()
    }

    /// Posts `raw`, the update `id` of `platform` for `chat`, for the process serving the chat,
    /// which hands it to its adapter's sink ([`Desk::take_updates`]); `false` if it could not
    /// be posted (the platform should send it again).
    pub async fn post_update(&self, platform: Platform, chat: &Chat, id: &str, raw: &str) -> bool {
        let Some(elsewhere) = self.elsewhere.get() else { return false };
        elsewhere.post_update(platform, slot_of(chat), id, raw).await
    }

    /// `platform`'s adapter takes the updates the inbox brings it through `sink`.
    pub fn take_updates(&self, platform: Platform, sink: UpdateSink) {
        if let Ok(mut sinks) = self.sinks.lock() {
            sinks.insert(platform, sink);
        }
    }

    /// Hands `raw`, an update of `platform` the inbox brought, to its adapter; `false` when it
    /// cannot take it now.
    pub(super) fn deliver_update(&self, platform: Platform, raw: &str) -> bool {
        let sink = self.sinks.lock().ok().and_then(|sinks| sinks.get(&platform).cloned());
        sink.is_some_and(|sink| sink(raw))
    }

    /// The news this process tells the other processes and hears from them (nothing goes
    /// anywhere with one process on SQLite).
    #[must_use]
    pub fn news(&self) -> Arc<News> {
        Arc::clone(&self.news)
    }

    /// `answerer` answers the questions `service` asks from other processes about the
    /// games this one serves ([`Desk::ask_holder`]).
    pub fn answer_questions(&self, service: &'static str, answerer: Answerer) {
        self.answerers.set(service, answerer);
    }

    /// This process's answer to a question another asked of `service`.
    pub(super) async fn answer_question(&self, service: &str, question: String) -> Option<String> {
        self.answerers.answer(service, question).await
    }

    /// Asks `service` in the process holding `slot` (another one: [`Viewed::Elsewhere`])
    /// `question`; `None` with one process, or when no answer comes.
    pub async fn ask_holder(&self, slot: u16, service: &str, question: &str) -> Option<String> {
        self.elsewhere.get()?.question(slot, service, question).await
    }

    /// Whether this process has `role`'s turn, now and from now on.
    #[must_use]
    pub fn turn(&self, role: Role) -> Turn {
        self.roles.turn(role)
    }

    /// The roles the adapters asked for.
    #[must_use]
    pub fn roles(&self) -> Arc<Roles> {
        Arc::clone(&self.roles)
    }

    /// The Discord shards this process opens.
    #[must_use]
    pub fn shards(&self) -> Arc<ShardTurns> {
        Arc::clone(&self.shards)
    }

    /// Sends the inputs of slots this process does not hold to their holders through
    /// `forwarder` (several processes on one database).
    pub fn forward_through(&self, forwarder: Arc<Forwarder>) {
        let _ = self.elsewhere.set(forwarder);
    }

    fn partition_of(&self, chat: &Chat) -> usize {
        Partition::index_of(chat, self.partitions.len())
    }

    /// The slot of the chat that handles `input`: its own, or for a button pressed in a
    /// private chat, the chat's of the game it names.
    async fn slot_of_input(&self, input: &Input) -> u16 {
        if self.partitions.len() == 1 && self.elsewhere.get().is_none() {
            return slot_of(&input.chat);
        }
        if let Some(named) = input.names_elsewhere() {
            match self.routes.store.chat_of(named).await {
                Ok(Some(chat)) => return slot_of(&chat),
                Ok(None) => {}
                Err(error) => tracing::warn!(%error, "looking up the chat of a button"),
            }
        }
        slot_of(&input.chat)
    }

    fn send(&self, partition: usize, request: Request) -> bool {
        self.partitions.get(partition).is_some_and(|requests| requests.send(request).is_ok())
    }

    /// Sends what `request` makes to the partition `named` was learned in, or to every
    /// partition when it was not (only its owner acts on it).
    fn send_about(&self, named: Named, request: impl Fn() -> Request) {
        match self.routes.learned(named) {
            Some(partition) => {
                self.send(partition, request());
            }
            None => {
                for partition in 0..self.partitions.len() {
                    self.send(partition, request());
                }
            }
        }
    }

    /// Hands `input` to the core that owns its chat, in this process or another; what answers
    /// it privately comes back.
    pub async fn ask(&self, input: Input) -> Answer {
        let slot = self.slot_of_input(&input).await;
        let Some(elsewhere) = self.elsewhere.get() else {
            // One process serves every slot.
            return self.ask_partition(slot, input).await.unwrap_or_default();
        };
        if self.held.holds(slot)
            && let Some(answer) = self.ask_partition(slot, input.clone()).await
        {
            return answer;
        }
        elsewhere.ask(slot, input).await
    }

    /// The user of `input` reached the bot: the processes holding the games and lobbies of
    /// private messages that wait for them are told, so that those go out now.
    async fn tell_other_processes(&self, elsewhere: &Forwarder, input: &Input) {
        let waiting = match self.routes.store.waiting_for(input.chat.platform, &input.user.id).await
        {
            Ok(waiting) => waiting,
            Err(error) => {
                tracing::warn!(%error, "reading the private messages waiting for a user");
                return;
            }
        };
        let mut told = Vec::new();
        for named in waiting.iter().filter_map(|about| Named::of_waiting(about)) {
            let slot = match self.routes.store.chat_of(named).await {
                Ok(Some(chat)) => slot_of(&chat),
                Ok(None) => continue,
                Err(error) => {
                    tracing::warn!(%error, "looking up the chat of a waiting private message");
                    continue;
                }
            };
            if !self.held.holds(slot) && !told.contains(&slot) {
                elsewhere.post_reached(slot, input).await;
                told.push(slot);
            }
        }
    }

    /// A chat moved to an id whose slot this process holds: its partition loads its games.
    pub fn adopt_chat_here(&self, chat: Chat) {
        self.send(self.partition_of(&chat), Request::Adopt(chat));
    }

    /// The user of `input` reached the bot in another process: each partition sends what
    /// waits for them here.
    pub fn reached_here(&self, input: &Input) {
        for partition in 0..self.partitions.len() {
            self.send(partition, Request::Reached(Box::new(input.clone())));
        }
    }

    /// Hands `input`, whose chat's slot this process holds, to the core of its partition;
    /// `None` if the process let the slot go meanwhile.
    pub async fn ask_here(&self, input: Input) -> Option<Answer> {
        let slot = self.slot_of_input(&input).await;
        self.ask_partition(slot, input).await
    }

    /// `None` when the partition no longer serves `slot`: the input was not handled.
    async fn ask_partition(&self, slot: u16, input: Input) -> Option<Answer> {
        if input.shows_user_reachable()
            && let Some(elsewhere) = self.elsewhere.get()
        {
            self.tell_other_processes(elsewhere, &input).await;
        }
        let partition = Partition::index_of_slot(slot, self.partitions.len());
        if input.shows_user_reachable() {
            for other in (0..self.partitions.len()).filter(|&other| other != partition) {
                self.send(other, Request::Reached(Box::new(input.clone())));
            }
        }
        let moved_to = match &input.action {
            Action::ChatMoved { to } => Some(Chat { id: to.clone(), ..input.chat.clone() }),
            _ => None,
        };
        let (reply, answer) = oneshot::channel();
        if !self.send(partition, Request::Input { slot, input: Box::new(input), reply }) {
            return Some(Answer::default());
        }
        let answer = answer.await.unwrap_or_default()?;
        // The move is stored once the answer comes: the new id's partition may load it, in
        // this process or the one that holds its slot.
        if let Some(new) = moved_to {
            let slot = slot_of(&new);
            if !self.held.holds(slot) {
                if let Some(elsewhere) = self.elsewhere.get() {
                    elsewhere.post_adopt(slot, &new).await;
                }
            } else if self.partition_of(&new) != partition {
                self.adopt_chat_here(new);
            }
        }
        Some(answer)
    }

    /// An outlet showed game `game`'s board at `ply` as message `message`; `ended`: the
    /// output said it was the game's final board.
    pub fn shown(&self, game: GameId, ply: usize, ended: bool, message: String) {
        let named = Named::Game(game);
        self.send_about(named, || Request::Shown { game, ply, ended, message: message.clone() });
        if ended {
            self.routes.forget(named);
        }
    }

    /// An outlet delivered the private message `prompt` to `user` as message `message`.
    pub fn direct_sent(&self, platform: Platform, user: String, prompt: Prompt, message: String) {
        self.send_about(prompt_named(&prompt), || Request::Direct {
            platform,
            user: user.clone(),
            prompt: prompt.clone(),
            message: Some(message.clone()),
        });
    }

    /// An outlet could not deliver the private message `prompt` to `user` (they never opened
    /// a private chat with the bot, or closed their DMs): the core keeps it for them.
    pub fn direct_failed(&self, platform: Platform, user: String, prompt: Prompt) {
        self.send_about(prompt_named(&prompt), || Request::Direct {
            platform,
            user: user.clone(),
            prompt: prompt.clone(),
            message: None,
        });
    }

    /// The moves the core offers for `query` (none when the desk has stopped).
    pub async fn suggest(&self, query: MoveQuery) -> Vec<String> {
        let (reply, suggestions) = oneshot::channel();
        if !self.send(self.partition_of(&query.chat), Request::Suggest { query, reply }) {
            return Vec::new();
        }
        suggestions.await.unwrap_or_default()
    }

    /// Game `game` as `viewer` (a platform and their user id on it; `None`: a spectator)
    /// sees it, with its words in `locale` (else the chat's); or, when no partition of this
    /// process serves it, whether another process holds its chat's slot (then
    /// [`Desk::ask_holder`] asks it) or none does: it does not exist, or is over and shown.
    pub async fn view(
        &self,
        game: GameId,
        viewer: Option<(Platform, String)>,
        locale: Option<Locale>,
    ) -> Viewed {
        let named = Named::Game(game);
        let partition = match self.routes.learned(named) {
            Some(partition) => partition,
            None => match self.routes.store.chat_of(named).await {
                Ok(Some(chat)) if self.held.holds(slot_of(&chat)) => self.partition_of(&chat),
                Ok(Some(chat)) if self.elsewhere.get().is_some() => {
                    return Viewed::Elsewhere(slot_of(&chat));
                }
                Ok(_) => return Viewed::Nowhere,
                Err(error) => {
                    tracing::warn!(game = game.0, %error, "looking up the chat of a viewed game");
                    return Viewed::Nowhere;
                }
            },
        };
        let (reply, view) = oneshot::channel();
        if !self.send(partition, Request::View { game, viewer, locale, reply }) {
            return Viewed::Nowhere;
        }
        match view.await.ok().flatten() {
            Some(view) => Viewed::Here(Box::new(view)),
            None => Viewed::Nowhere,
        }
    }

    /// Waits until the CPU owes no move (each answer handed to the core and its outputs to
    /// the outlets) in any partition: a piped terminal session reads its next line only then.
    pub async fn settle(&self) {
        let mut settled = Vec::new();
        for partition in 0..self.partitions.len() {
            let (reply, done) = oneshot::channel();
            if self.send(partition, Request::Settle(reply)) {
                settled.push(done);
            }
        }
        for done in settled {
            let _ = done.await;
        }
    }

    /// The process now holds `slot`: its partition loads the slot's games.
    pub fn adopt_slot(&self, slot: u16) {
        self.send(Partition::index_of_slot(slot, self.partitions.len()), Request::AdoptSlot(slot));
    }

    /// The process hands `slot` over: its partition writes what it remembers of the slot's
    /// chats and lets them go; the future returned ends once it has (or the desk stopped).
    pub fn hand_over_slot(&self, slot: u16) -> impl Future<Output = ()> + use<> {
        let (done, released) = oneshot::channel();
        let partition = Partition::index_of_slot(slot, self.partitions.len());
        self.send(partition, Request::ReleaseSlot { slot, flush: true, done });
        async move {
            let _ = released.await;
        }
    }

    /// The process lost `slot` (its lease ran out or was taken): its partition lets the
    /// slot's chats go without writing anything, once it is done with what it is handling.
    pub fn drop_slot(&self, slot: u16) {
        let (done, _) = oneshot::channel();
        let partition = Partition::index_of_slot(slot, self.partitions.len());
        self.send(partition, Request::ReleaseSlot { slot, flush: false, done });
    }

    /// Asks every partition to stop.
    pub fn stop(&self) {
        for partition in 0..self.partitions.len() {
            self.send(partition, Request::Stop);
        }
    }
}

/// Whether `output` answers its input on the spot (its reply, or the pressed message's new
/// components) rather than going to a chat.
fn answers(output: &Output) -> bool {
    match output {
        Output::Reply { .. } | Output::Keyboard { .. } => true,
        Output::Send { .. }
        | Output::Board { .. }
        | Output::Direct { .. }
        | Output::File { .. } => false,
    }
}

/// The outlets of the platforms served, and what watches every output.
pub struct Outlets {
    outlets: HashMap<Platform, Arc<dyn Outlet>>,
    watches: Vec<Arc<dyn Watch>>,
}

impl std::fmt::Debug for Outlets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outlets")
            .field("platforms", &self.outlets.keys().collect::<Vec<_>>())
            .field("watches", &self.watches.len())
            .finish()
    }
}

impl Outlets {
    #[must_use]
    pub fn new() -> Outlets {
        Outlets { outlets: HashMap::new(), watches: Vec::new() }
    }

    /// Serves `platform` through `outlet`.
    #[must_use]
    pub fn with(mut self, platform: Platform, outlet: Arc<dyn Outlet>) -> Outlets {
        self.outlets.insert(platform, outlet);
        self
    }

    /// Shows every output to `watch` too, before its outlet takes it.
    #[must_use]
    pub fn watched_by(mut self, watch: Arc<dyn Watch>) -> Outlets {
        self.watches.push(watch);
        self
    }

    /// Hands each output to its platform's outlet, keeping the core's order within each.
    fn deliver(&self, outputs: Vec<Output>, origin: Option<&Chat>) {
        for watch in &self.watches {
            watch.saw(&outputs);
        }
        let mut by_platform: Vec<(Platform, Vec<Output>)> = Vec::new();
        for output in outputs {
            let platform = super::route::platform(&output);
            match by_platform.iter_mut().find(|(p, _)| *p == platform) {
                Some((_, list)) => list.push(output),
                None => by_platform.push((platform, vec![output])),
            }
        }
        for (platform, outputs) in by_platform {
            match self.outlets.get(&platform) {
                Some(outlet) => outlet.deliver(outputs, origin),
                None => {
                    tracing::warn!(%platform, count = outputs.len(), "outputs for a platform not served")
                }
            }
        }
    }
}

impl Default for Outlets {
    fn default() -> Outlets {
        Outlets::new()
    }
}

/// Shown boards kept unwritten at most while requests keep coming: under load they are
/// written together, one change for many; idle, at once.
const SHOWN_BATCH: usize = 32;

/// Writes the shown boards the core remembers once nothing waits or enough have gathered.
async fn save_shown(core: &mut Core, inbox: &mpsc::UnboundedReceiver<Request>) {
    if core.unsaved_boards() == 0 || (!inbox.is_empty() && core.unsaved_boards() < SHOWN_BATCH) {
        return;
    }
    if let Err(error) = core.save_shown_boards().await {
        tracing::warn!(%error, "remembering shown boards");
    }
}

/// When the core next has something due (a timer, an expiry).
async fn next_due(core: &Core) -> Instant {
    let wait = match core.next_deadline().await {
        Ok(Some(at)) => {
            Duration::from_millis(u64::try_from(at.saturating_sub(core.now_ms())).unwrap_or(0))
        }
        Ok(None) => Duration::from_secs(3600),
        Err(error) => {
            tracing::warn!(%error, "reading the next deadline");
            Duration::from_secs(60)
        }
    };
    Instant::now() + wait
}

/// Runs every partition's core, each in a task of its own so that different chats run in
/// parallel, until [`Desk::stop`] (or every handle is gone). The boards a restart owes go
/// out first.
pub async fn run(running: Running, desk: &Desk, inboxes: Vec<Inbox>, outlets: Outlets) {
    let outlets = Arc::new(outlets);
    let tasks: Vec<_> = running
        .partitions
        .into_iter()
        .zip(inboxes)
        .enumerate()
        .map(|(index, (partition, inbox))| {
            let out = PartitionOut {
                index,
                held: Arc::clone(&desk.held),
                routes: Arc::clone(&desk.routes),
                outlets: Arc::clone(&outlets),
                posting: Posting::default(),
            };
            tokio::spawn(run_partition(partition, inbox, out))
        })
        .collect();
    for task in tasks {
        if let Err(error) = task.await {
            tracing::error!(%error, "a core partition failed");
        }
    }
}

/// Where one partition's outputs go: the outlets, with the partition noted as the route of
/// every game and lobby they show.
struct PartitionOut {
    index: usize,
    /// The slots the process serves: an input for another goes back to the desk.
    held: Arc<HeldSlots>,
    routes: Arc<Routes>,
    outlets: Arc<Outlets>,
    posting: Posting,
}

impl PartitionOut {
    fn deliver(&mut self, outputs: Vec<Output>, origin: Option<&Chat>) {
        self.routes.learn(&outputs, self.index);
        self.posting.note(&outputs, std::time::Instant::now());
        self.outlets.deliver(outputs, origin);
    }
}

/// A slot being handed over, waiting for the reports of the boards posted in its chats.
struct HandingOver {
    slot: u16,
    done: oneshot::Sender<()>,
}

/// How often a hand-over that waits for reports looks again.
const HAND_OVER_RECHECK: Duration = Duration::from_millis(20);

/// Lets go the slots being handed over whose posted boards were all reported (or waited for
/// long enough), writing what the core remembers of their chats first.
async fn hand_over_ready(
    core: &mut Core,
    posting: &mut Posting,
    handing_over: &mut Vec<HandingOver>,
) {
    let now = std::time::Instant::now();
    let mut waiting = Vec::new();
    for handing in handing_over.drain(..) {
        if posting.holds_up(handing.slot, now) {
            waiting.push(handing);
            continue;
        }
        if let Err(error) = core.release_slot(handing.slot, true).await {
            tracing::warn!(slot = handing.slot, %error, "writing a slot's shown boards before letting it go");
        }
        let _ = handing.done.send(());
    }
    *handing_over = waiting;
}

/// Runs one partition's core until it is asked to stop.
async fn run_partition(running: RunningPartition, Inbox(mut inbox): Inbox, mut out: PartitionOut) {
    let RunningPartition { mut core, cpu, mut cpu_replies, start_outputs } = running;
    out.deliver(start_outputs, None);
    let mut settling: Vec<oneshot::Sender<()>> = Vec::new();
    let mut handing_over: Vec<HandingOver> = Vec::new();
    let mut due = next_due(&core).await;
    loop {
        tokio::select! {
            request = inbox.recv() => match request {
                Some(Request::Input { slot, reply, .. }) if !out.held.holds(slot) => {
                    // Let go after the desk sent it: the slot's new holder handles it, after
                    // what this partition handled of the slot.
                    let _ = reply.send(None);
                    continue;
                }
                Some(Request::Input { input, reply, .. }) => {
                    let origin = input.chat.clone();
                    let outputs = core.handle(*input).await;
                    let (private, public): (Vec<Output>, Vec<Output>) =
                        outputs.into_iter().partition(answers);
                    out.deliver(public, Some(&origin));
                    // The handler may have given up (its dispatcher stopping): nothing to do.
                    let _ = reply.send(Some(Answer { private }));
                }
                Some(Request::Adopt(chat)) => match core.adopt_chat(&chat).await {
                    Ok(outputs) => out.deliver(outputs, None),
                    Err(error) => tracing::error!(chat = %chat.id, %error, "taking over a moved chat"),
                },
                Some(Request::AdoptSlot(slot)) => match core.adopt_slot(slot).await {
                    Ok(outputs) => out.deliver(outputs, None),
                    Err(error) => tracing::error!(slot, %error, "taking over a slot's chats"),
                },
                Some(Request::ReleaseSlot { slot, flush: true, done }) => {
                    handing_over.push(HandingOver { slot, done });
                }
                Some(Request::ReleaseSlot { slot, flush: false, done }) => {
                    if let Err(error) = core.release_slot(slot, false).await {
                        tracing::warn!(slot, %error, "letting a slot go");
                    }
                    let _ = done.send(());
                }
                Some(Request::Reached(input)) => {
                    let outputs = core.reached_elsewhere(&input).await;
                    out.deliver(outputs, None);
                }
                Some(Request::Shown { game, ply, ended, message }) => {
                    out.posting.reported(game);
                    if let Err(error) = core.board_shown(game, ply, ended, message).await {
                        tracing::warn!(game = game.0, %error, "remembering a shown board");
                    }
                    save_shown(&mut core, &inbox).await;
                    continue;
                }
                Some(Request::Direct { platform, user, prompt, message: Some(message) }) => {
                    match core.direct_sent(platform, &user, prompt, message).await {
                        Ok(outputs) => out.deliver(outputs, None),
                        Err(error) => {
                            tracing::warn!(%error, "remembering a delivered private message");
                        }
                    }
                }
                Some(Request::Direct { platform, user, prompt, message: None }) => {
                    let outputs = core.direct_failed(platform, &user, prompt).await;
                    out.deliver(outputs, None);
                }
                Some(Request::Suggest { query, reply }) => {
                    let MoveQuery { chat, user, game, typed } = query;
                    let _ = reply.send(core.move_suggestions(&chat, &user, game, &typed));
                    continue;
                }
                Some(Request::View { game, viewer, locale, reply }) => {
                    let viewer = viewer.as_ref().map(|(platform, user)| (*platform, user.as_str()));
                    let _ = reply.send(core.game_view(game, viewer, locale).await);
                    continue;
                }
                Some(Request::Settle(reply)) => settling.push(reply),
                Some(Request::Stop) | None => {
                    if let Err(error) = core.save_shown_boards().await {
                        tracing::warn!(%error, "remembering shown boards");
                    }
                    break;
                }
            },
            Some(reply) = cpu_replies.recv() => {
                cpu.delivered();
                let outputs = core.cpu_moved(reply).await;
                out.deliver(outputs, None);
            }
            () = tokio::time::sleep_until(due) => {
                let outputs = core.tick().await;
                out.deliver(outputs, None);
            }
            () = tokio::time::sleep(HAND_OVER_RECHECK), if !handing_over.is_empty() => {}
        }
        hand_over_ready(&mut core, &mut out.posting, &mut handing_over).await;
        save_shown(&mut core, &inbox).await;
        if cpu.pending() == 0 {
            for settled in settling.drain(..) {
                let _ = settled.send(());
            }
        }
        due = next_due(&core).await;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::config::Config;
    use cincobot_core::core::{ChatKind, EventId, User};

    /// Keeps every output it is given.
    #[derive(Default)]
    struct Kept(Mutex<Vec<Output>>);

    impl Outlet for Kept {
        fn deliver(&self, outputs: Vec<Output>, _origin: Option<&Chat>) {
            self.0.lock().expect("the outputs").extend(outputs);
        }
    }

    fn help(event: &str) -> Input {
        let chat = Chat { platform: Platform::Console, id: "7".to_owned(), kind: ChatKind::Group };
        let user = User { id: "ana".to_owned(), name: "Ana".to_owned(), handle: None };
        Input::new(EventId(event.to_owned()), user, chat, None, Action::Command("/help".into()))
    }

    /// The partition decides whether it serves an input's slot when the input reaches it: the
    /// desk may have found the slot served and the process let it go before the input came.
    #[tokio::test]
    async fn an_input_for_a_slot_let_go_on_its_way_is_sent_back_unhandled() {
        let config = Config { database_url: "sqlite::memory:".to_owned(), ..Config::default() };
        let running = crate::start(&config).await.expect("the core starts");
        let held = Arc::clone(&running.held);
        let (desk, inboxes) = Desk::new(&running);
        let kept = Arc::new(Kept::default());
        let outlets = Outlets::new().with(Platform::Console, Arc::clone(&kept) as Arc<dyn Outlet>);
        let cores = desk.clone();
        let serving = tokio::spawn(async move { run(running, &cores, inboxes, outlets).await });

        let slot = slot_of(&help("1").chat);
        held.let_go(slot);
        assert_eq!(desk.ask_here(help("1")).await, None);
        assert!(kept.0.lock().expect("the outputs").is_empty(), "a sent-back input says nothing");

        held.hold(slot);
        assert!(desk.ask_here(help("2")).await.is_some());
        let said = kept.0.lock().expect("the outputs").len();
        assert_eq!(said, 1, "the help goes out once the slot is served");
        desk.stop();
        serving.await.expect("the partitions stop");
    }
}
