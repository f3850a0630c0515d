//! The terminal adapter: commands from standard input, one per line; boards as
//! text plus a PNG written to the images folder. It drives the same core as the chat
//! platforms; `/as <name>` switches who is typing (`/as <name> admin`: as one of the chat's
//! admins), and a name is who a person is (`@Bruno` is the terminal's Bruno). An adapter
//! that owns no platform (the web board) may serve beside it, over the same desk: `/web`
//! then prints the typing player's signed link, and what is played there shows here.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use tokio::sync::mpsc;

use crate::core::{
    Action, Attachment, Chat, ChatKind, Clock, EventId, Input, Message, Output, Platform, Row,
    SystemClock, User,
};
use crate::i18n::{Arg, Text, Texts};
use crate::runtime::adapter::Adapter;
use crate::runtime::desk::Outlets;
use crate::runtime::{Answer, Desk, Outlet, Running};

/// The chat every terminal command is typed in.
const CHAT_ID: &str = "terminal";

/// A terminal session over a started core.
pub struct Console {
    running: Option<Running>,
    texts: Arc<Texts>,
    images: PathBuf,
    user: User,
    out: Box<dyn Write + Send>,
    /// The payloads of the buttons printed last, numbered from 1: they stay pressable until
    /// new buttons are printed after a line typed, so a refused line (which prints none)
    /// does not take them away.
    buttons: Vec<String>,
    /// A line was typed since buttons were last printed: the next ones replace them.
    typed: bool,
    /// Whether the one typing is one of the chat's admins (`/as <name> admin`).
    is_admin: bool,
    /// This session's name among the sessions of the same database (its start time), so
    /// its lines are events no other session had.
    session: i64,
    /// Lines read so far.
    lines_read: u64,
    /// Served beside the terminal while it runs (the web board).
    beside: Option<Box<dyn Adapter>>,
}

impl std::fmt::Debug for Console {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Console").field("user", &self.user).finish_non_exhaustive()
    }
}

/// A terminal user: the name typed is their id and the handle others mention them by.
fn user(name: &str) -> User {
    User { id: name.to_lowercase(), name: name.to_owned(), handle: Some(name.to_owned()) }
}

/// The desk's way to the terminal: everything for it, in order, to the task that prints.
#[derive(Debug)]
struct Screen(mpsc::UnboundedSender<Output>);

impl Outlet for Screen {
    fn deliver(&self, outputs: Vec<Output>, _origin: Option<&Chat>) {
        for output in outputs {
            let _ = self.0.send(output);
        }
    }
}

impl Console {
    #[must_use]
    pub fn new(running: Running, images: PathBuf, out: Box<dyn Write + Send>) -> Console {
        Console {
            texts: Arc::clone(&running.texts),
            running: Some(running),
            images,
            user: user("player"),
            out,
            buttons: Vec::new(),
            typed: false,
            is_admin: false,
            session: SystemClock.now_ms(),
            lines_read: 0,
            beside: None,
        }
    }

    /// Serves `adapter`, which owns no platform (the web board), beside the terminal.
    #[must_use]
    pub fn beside(mut self, adapter: Box<dyn Adapter>) -> Console {
        self.beside = Some(adapter);
        self
    }

    fn chat() -> Chat {
        Chat { platform: Platform::Console, id: CHAT_ID.to_owned(), kind: ChatKind::Group }
    }

    /// Reads commands until the input ends. A piped session waits for each CPU move before
    /// reading the next line, so it plays the same way every time.
    ///
    /// # Errors
    /// The terminal's IO errors.
    pub async fn run(mut self, input: impl AsyncBufRead + Unpin) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.images)?;
        let Some(running) = self.running.take() else { return Ok(()) };
        let (desk, inboxes) = Desk::new(&running);
        let (screen, mut shown) = mpsc::unbounded_channel();
        let mut outlets = Outlets::new().with(Platform::Console, Arc::new(Screen(screen)));
        let beside = match self.beside.take() {
            Some(adapter) => {
                let connection =
                    adapter.connect(desk.clone()).await.map_err(std::io::Error::other)?;
                if let Some(watch) = connection.watch() {
                    outlets = outlets.watched_by(watch);
                }
                Some(connection)
            }
            None => None,
        };
        let cores = desk.clone();
        let task = tokio::spawn(async move {
            crate::runtime::desk::run(running, &cores, inboxes, outlets).await;
        });
        let mut serving = match beside {
            Some(connection) => Some(connection.start().await),
            None => None,
        };
        desk.settle().await;
        self.show_waiting(&desk, &mut shown)?;
        let mut lines = input.lines();
        loop {
            tokio::select! {
                line = lines.next_line() => match line? {
                    Some(line) => {
                        let Some(answer) = self.line(&desk, line.trim()).await? else { break };
                        desk.settle().await;
                        self.show_waiting(&desk, &mut shown)?;
                        self.show(&desk, answer.private)?;
                    }
                    None => break,
                },
                Some(output) = shown.recv() => self.show(&desk, vec![output])?,
            }
        }
        if let Some(serving) = &mut serving {
            serving.stop().await;
        }
        desk.stop();
        let _ = task.await;
        self.show_waiting(&desk, &mut shown)?;
        self.out.flush()
    }

    /// Shows what the desk has sent so far.
    fn show_waiting(
        &mut self,
        desk: &Desk,
        shown: &mut mpsc::UnboundedReceiver<Output>,
    ) -> std::io::Result<()> {
        let mut outputs = Vec::new();
        while let Ok(output) = shown.try_recv() {
            outputs.push(output);
        }
        self.show(desk, outputs)
    }

    /// One typed line: what answers it privately, or `None` to stop.
    async fn line(&mut self, desk: &Desk, line: &str) -> std::io::Result<Option<Answer>> {
        self.lines_read += 1;
        if line.is_empty() || line.starts_with('#') {
            return Ok(Some(Answer::default()));
        }
        writeln!(self.out, "{}> {line}", self.user.name)?;
        let mut words = line.split_whitespace();
        let head = words.next().unwrap_or_default();
        let action = match head {
            "/quit" | "/salir" | "/exit" => return Ok(None),
            "/as" | "/como" => {
                let mut name: Vec<&str> = words.collect();
                // `/as Ana admin` types as one of the chat's admins; plain `/as Ana` does not,
                // so what a member may not do can be tried too.
                let admin = name.len() > 1 && name.last().is_some_and(|last| *last == "admin");
                if admin {
                    name.pop();
                }
                if !name.is_empty() {
                    self.user = user(&name.join(" "));
                    self.is_admin = admin;
                }
                return Ok(Some(Answer::default()));
            }
            "/press" | "/pulsar" => {
                let choice = words.next().unwrap_or_default();
                let payload = choice
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| self.buttons.get(i).cloned())
                    .unwrap_or_else(|| choice.to_owned());
                Action::Button(payload)
            }
            _ if line.starts_with('/') => Action::Command(line.to_owned()),
            // The terminal, like a chat, takes a bare move: `h8` is `/move h8`.
            _ => Action::Shortcut(line.to_owned()),
        };
        self.typed = true;
        let event = EventId(format!("{}:{}", self.session, self.lines_read));
        let mut input = Input::new(event, self.user.clone(), Console::chat(), None, action);
        input.is_chat_admin = self.is_admin;
        // At the terminal a name is who a person is, so `@Bruno` is the terminal's Bruno.
        input.introduced = line
            .split_whitespace()
            .filter_map(|word| word.strip_prefix('@'))
            .filter(|name| !name.is_empty())
            .map(user)
            .collect();
        Ok(Some(desk.ask(input).await))
    }

    fn show(&mut self, desk: &Desk, outputs: Vec<Output>) -> std::io::Result<()> {
        for output in outputs {
            match output {
                Output::Send { message, .. } => self.print(&message)?,
                Output::Board { game, ply, message, ended, .. } => {
                    self.print(&message)?;
                    desk.shown(game, ply, ended, format!("console-{}-{ply}", game.0));
                }
                Output::Reply { user, locale, lines, .. } => {
                    let words = self.texts.render_lines(locale, &lines);
                    let line = Text::new("console-notice").with("name", user).with("text", words);
                    writeln!(self.out, "{}", self.texts.render(locale, &line))?;
                }
                Output::Keyboard { locale, components, .. } => {
                    self.print(&Message { components, ..Message::text(locale, Vec::new()) })?;
                }
                Output::Direct { user, message, .. } => {
                    let line = Text::new("console-direct").with("name", user);
                    writeln!(self.out, "{}", self.texts.render(message.locale, &line))?;
                    self.print(&message)?;
                }
                Output::File { locale, caption, file, .. } => {
                    writeln!(self.out, "{}", self.texts.render_lines(locale, &caption))?;
                    let path = self.images.join(file.file_name());
                    let bytes = match file {
                        Attachment::Animation { animation, .. } => {
                            animation.gif().map_err(std::io::Error::other)?
                        }
                        Attachment::Document { text, .. } => text.into_bytes(),
                    };
                    std::fs::write(&path, bytes)?;
                    let line = Text::new("console-file").with("path", path.display().to_string());
                    writeln!(self.out, "{}\n", self.texts.render(locale, &line))?;
                }
            }
        }
        self.out.flush()
    }

    fn print(&mut self, message: &Message) -> std::io::Result<()> {
        let texts = &self.texts;
        let words = texts.render_lines(message.locale, &message.lines);
        writeln!(self.out, "{words}")?;
        if let Some(board) = &message.board {
            write!(self.out, "{}", board.diagram)?;
            let path = self.images.join(&board.file_name);
            let png = board.picture.png().map_err(std::io::Error::other)?;
            std::fs::write(&path, png)?;
            let line = Text::new("console-image").with("path", path.display().to_string());
            writeln!(self.out, "{}", texts.render(message.locale, &line))?;
        }
        // A CPU's turn needs no buttons: nobody at the terminal presses them for it.
        let rows = if cpu_to_move(message) { &[][..] } else { &message.components[..] };
        if !rows.is_empty() && std::mem::take(&mut self.typed) {
            self.buttons.clear();
        }
        let mut labels = Vec::new();
        let mut menus = Vec::new();
        for row in rows {
            match row {
                Row::Buttons(buttons) => {
                    for button in buttons {
                        let label = texts.render(message.locale, &button.label);
                        // A disabled button (a full column) keeps its number, marked as on
                        // Telegram, so its neighbours keep theirs; pressing it is refused.
                        if button.disabled {
                            self.buttons.push(crate::core::Payload::Inert.encode());
                            labels.push(format!("[{}] ✖ {label}", self.buttons.len()));
                        } else {
                            self.buttons.push(button.payload.clone());
                            labels.push(format!("[{}] {label}", self.buttons.len()));
                        }
                    }
                }
                Row::Select(select) => {
                    let mut options = Vec::new();
                    for option in &select.options {
                        self.buttons.push(option.payload.clone());
                        let label = texts.render(message.locale, &option.label);
                        options.push(format!("[{}] {label}", self.buttons.len()));
                    }
                    menus.push((select.placeholder.clone(), options.join("  ")));
                }
            }
        }
        for (placeholder, options) in menus {
            let line = Text::new("console-select")
                .with("placeholder", placeholder)
                .with("options", options)
                .with("press", Text::new("console-press"));
            writeln!(self.out, "{}", texts.render(message.locale, &line))?;
        }
        if !labels.is_empty() {
            let line = Text::new("console-buttons")
                .with("buttons", labels.join("  "))
                .with("press", Text::new("console-press"));
            writeln!(self.out, "{}", texts.render(message.locale, &line))?;
        }
        writeln!(self.out)
    }
}

/// Whether `message` is a board whose status line asks a CPU for its move.
fn cpu_to_move(message: &Message) -> bool {
    message.lines.iter().any(|line| {
        line.id.starts_with("status")
            && matches!(line.arg("name"), Some(Arg::Text(name)) if name.id == "cpu-name")
    })
}
