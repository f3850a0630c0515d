//! The one task that owns the core, for every platform at once: inputs from the adapters,
//! boards they report as shown, CPU answers and timers take turns here, and each output goes
//! to its platform's outlet in the order the core made it — so a CPU answer never overtakes
//! the move it answers. An adapter holds no loop, no timer and no game knowledge.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use super::Running;
use cincobot_core::core::{Chat, Core, GameId, Input, Output, Platform, Prompt};

/// Where the outputs for one platform go: its adapter's delivery (queues, pacing, retries,
/// drawing the pictures). Called from the desk's task, so it must only queue.
pub trait Outlet: Send + Sync {
    /// Queues `outputs`, in order. `origin`: the chat of the input they answer, if one did.
    fn deliver(&self, outputs: Vec<Output>, origin: Option<&Chat>);
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
    Input {
        input: Box<Input>,
        reply: oneshot::Sender<Answer>,
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

/// The adapters' handle on the desk.
#[derive(Clone, Debug)]
pub struct Desk {
    requests: mpsc::UnboundedSender<Request>,
}

/// The desk's end of the requests, until [`run`] takes it.
#[derive(Debug)]
pub struct Inbox(mpsc::UnboundedReceiver<Request>);

impl Desk {
    /// A handle for the adapters and the inbox the desk will read.
    #[must_use]
    pub fn new() -> (Desk, Inbox) {
        let (requests, inbox) = mpsc::unbounded_channel();
        (Desk { requests }, Inbox(inbox))
    }

    /// Hands `input` to the core; what answers it privately comes back.
    pub async fn ask(&self, input: Input) -> Answer {
        let (reply, answer) = oneshot::channel();
        if self.requests.send(Request::Input { input: Box::new(input), reply }).is_err() {
            return Answer::default();
        }
        answer.await.unwrap_or_default()
    }

    /// An outlet showed game `game`'s board at `ply` as message `message`; `ended`: the
    /// output said it was the game's final board.
    pub fn shown(&self, game: GameId, ply: usize, ended: bool, message: String) {
        let _ = self.requests.send(Request::Shown { game, ply, ended, message });
    }

    /// An outlet delivered the private message `prompt` to `user` as message `message`.
    pub fn direct_sent(&self, platform: Platform, user: String, prompt: Prompt, message: String) {
        let _ =
            self.requests.send(Request::Direct { platform, user, prompt, message: Some(message) });
    }

    /// An outlet could not deliver the private message `prompt` to `user` (they never opened
    /// a private chat with the bot, or closed their DMs): the core keeps it for them.
    pub fn direct_failed(&self, platform: Platform, user: String, prompt: Prompt) {
        let _ = self.requests.send(Request::Direct { platform, user, prompt, message: None });
    }

    /// The moves the core offers for `query` (none when the desk has stopped).
    pub async fn suggest(&self, query: MoveQuery) -> Vec<String> {
        let (reply, suggestions) = oneshot::channel();
        if self.requests.send(Request::Suggest { query, reply }).is_err() {
            return Vec::new();
        }
        suggestions.await.unwrap_or_default()
    }

    /// Waits until the CPU owes no move (each answer handed to the core and its outputs to
    /// the outlets): a piped terminal session reads its next line only then.
    pub async fn settle(&self) {
        let (reply, settled) = oneshot::channel();
        if self.requests.send(Request::Settle(reply)).is_ok() {
            let _ = settled.await;
        }
    }

    /// Asks the desk to stop.
    pub fn stop(&self) {
        let _ = self.requests.send(Request::Stop);
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

/// The outlets of the platforms served.
pub struct Outlets(HashMap<Platform, Arc<dyn Outlet>>);

impl std::fmt::Debug for Outlets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.0.keys()).finish()
    }
}

impl Outlets {
    #[must_use]
    pub fn new() -> Outlets {
        Outlets(HashMap::new())
    }

    /// Serves `platform` through `outlet`.
    #[must_use]
    pub fn with(mut self, platform: Platform, outlet: Arc<dyn Outlet>) -> Outlets {
        self.0.insert(platform, outlet);
        self
    }

    /// Hands each output to its platform's outlet, keeping the core's order within each.
    fn deliver(&self, outputs: Vec<Output>, origin: Option<&Chat>) {
        let mut by_platform: Vec<(Platform, Vec<Output>)> = Vec::new();
        for output in outputs {
            let platform = super::route::platform(&output);
            match by_platform.iter_mut().find(|(p, _)| *p == platform) {
                Some((_, list)) => list.push(output),
                None => by_platform.push((platform, vec![output])),
            }
        }
        for (platform, outputs) in by_platform {
            match self.0.get(&platform) {
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

/// Runs the core until [`Desk::stop`] (or every handle is gone). The boards a restart owes
/// go out first.
pub async fn run(running: Running, Inbox(mut inbox): Inbox, outlets: Outlets) {
    let Running { mut core, cpu, mut cpu_replies, start_outputs } = running;
    outlets.deliver(start_outputs, None);
    let mut settling: Vec<oneshot::Sender<()>> = Vec::new();
    let mut due = next_due(&core).await;
    loop {
        tokio::select! {
            request = inbox.recv() => match request {
                Some(Request::Input { input, reply }) => {
                    let origin = input.chat.clone();
                    let outputs = core.handle(*input).await;
                    let (private, public): (Vec<Output>, Vec<Output>) =
                        outputs.into_iter().partition(answers);
                    outlets.deliver(public, Some(&origin));
                    // The handler may have given up (its dispatcher stopping): nothing to do.
                    let _ = reply.send(Answer { private });
                }
                Some(Request::Shown { game, ply, ended, message }) => {
                    if let Err(error) = core.board_shown(game, ply, ended, message).await {
                        tracing::warn!(game = game.0, %error, "remembering a shown board");
                    }
                    save_shown(&mut core, &inbox).await;
                    continue;
                }
                Some(Request::Direct { platform, user, prompt, message: Some(message) }) => {
                    match core.direct_sent(platform, &user, prompt, message).await {
                        Ok(outputs) => outlets.deliver(outputs, None),
                        Err(error) => {
                            tracing::warn!(%error, "remembering a delivered private message");
                        }
                    }
                }
                Some(Request::Direct { platform, user, prompt, message: None }) => {
                    let outputs = core.direct_failed(platform, &user, prompt).await;
                    outlets.deliver(outputs, None);
                }
                Some(Request::Suggest { query, reply }) => {
                    let MoveQuery { chat, user, game, typed } = query;
                    let _ = reply.send(core.move_suggestions(&chat, &user, game, &typed));
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
                outlets.deliver(outputs, None);
            }
            () = tokio::time::sleep_until(due) => {
                let outputs = core.tick().await;
                outlets.deliver(outputs, None);
            }
        }
        save_shown(&mut core, &inbox).await;
        if cpu.pending() == 0 {
            for settled in settling.drain(..) {
                let _ = settled.send(());
            }
        }
        due = next_due(&core).await;
    }
}
