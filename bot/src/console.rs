//! The terminal adapter (DESIGN §9): commands from standard input, one per line; boards as
//! text plus a PNG written to the images folder. It drives the same core as the chat
//! platforms; `/as <name>` switches who is typing, everyone here is a chat admin, and a
//! name is who a person is (`@Bruno` is the terminal's Bruno).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use tokio::io::{AsyncBufRead, AsyncBufReadExt};

use crate::core::{
    Action, Chat, ChatKind, Clock, EventId, Input, Message, Output, Platform, SystemClock, User,
};
use crate::i18n::Text;
use crate::runtime::Running;

/// The chat every terminal command is typed in.
const CHAT_ID: &str = "terminal";

/// A terminal session over a started core.
pub struct Console {
    running: Running,
    images: PathBuf,
    user: User,
    out: Box<dyn Write + Send>,
    /// The payloads of the buttons printed since the last line typed, numbered from 1.
    buttons: Vec<String>,
    /// This session's name among the sessions of the same database (its start time), so
    /// its lines are events no other session had.
    session: i64,
    /// Lines read so far.
    lines_read: u64,
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

impl Console {
    #[must_use]
    pub fn new(running: Running, images: PathBuf, out: Box<dyn Write + Send>) -> Console {
        Console {
            running,
            images,
            user: user("player"),
            out,
            buttons: Vec::new(),
            session: SystemClock.now_ms(),
            lines_read: 0,
        }
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
        let start = std::mem::take(&mut self.running.start_outputs);
        self.deliver(start).await?;
        self.settle().await?;
        let mut lines = input.lines();
        loop {
            let wait = self.until_next_deadline().await;
            tokio::select! {
                line = lines.next_line() => match line? {
                    Some(line) => {
                        if !self.line(line.trim()).await? {
                            break;
                        }
                        self.settle().await?;
                    }
                    None => break,
                },
                Some(reply) = self.running.cpu_replies.recv() => {
                    self.running.cpu.delivered();
                    let outputs = self.running.core.cpu_moved(reply).await;
                    self.deliver(outputs).await?;
                }
                () = tokio::time::sleep(wait) => {
                    let outputs = self.running.core.tick().await;
                    self.deliver(outputs).await?;
                    self.settle().await?;
                }
            }
        }
        self.out.flush()
    }

    async fn until_next_deadline(&self) -> Duration {
        match self.running.core.next_deadline().await {
            Ok(Some(at)) => {
                let now = SystemClock.now_ms();
                Duration::from_millis(u64::try_from(at.saturating_sub(now)).unwrap_or(0))
            }
            Ok(None) => Duration::from_secs(3600),
            Err(error) => {
                tracing::warn!(%error, "reading the next deadline");
                Duration::from_secs(60)
            }
        }
    }

    /// Waits for every CPU move asked for, and shows them.
    async fn settle(&mut self) -> std::io::Result<()> {
        while self.running.cpu.pending() > 0 {
            let Some(reply) = self.running.cpu_replies.recv().await else { break };
            self.running.cpu.delivered();
            let outputs = self.running.core.cpu_moved(reply).await;
            self.deliver(outputs).await?;
        }
        Ok(())
    }

    /// One typed line; `false` to stop.
    async fn line(&mut self, line: &str) -> std::io::Result<bool> {
        self.lines_read += 1;
        if line.is_empty() || line.starts_with('#') {
            return Ok(true);
        }
        writeln!(self.out, "{}> {line}", self.user.name)?;
        let mut words = line.split_whitespace();
        let head = words.next().unwrap_or_default();
        let action = match head {
            "/quit" | "/salir" | "/exit" => return Ok(false),
            "/as" | "/como" => {
                let name = words.collect::<Vec<_>>().join(" ");
                if !name.is_empty() {
                    self.user = user(&name);
                }
                return Ok(true);
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
            _ => Action::Command(line.to_owned()),
        };
        self.buttons.clear();
        let event = EventId(format!("{}:{}", self.session, self.lines_read));
        let mut input = Input::new(event, self.user.clone(), Console::chat(), None, action);
        input.is_chat_admin = true;
        // At the terminal a name is who a person is, so `@Bruno` is the terminal's Bruno.
        input.introduced = line
            .split_whitespace()
            .filter_map(|word| word.strip_prefix('@'))
            .filter(|name| !name.is_empty())
            .map(user)
            .collect();
        let outputs = self.running.core.handle(input).await;
        self.deliver(outputs).await?;
        Ok(true)
    }

    async fn deliver(&mut self, outputs: Vec<Output>) -> std::io::Result<()> {
        for output in outputs {
            match output {
                Output::Send { message, .. } => self.print(&message)?,
                Output::Board { game, ply, message, .. } => {
                    self.print(&message)?;
                    if let Err(error) = self
                        .running
                        .core
                        .board_shown(game, ply, format!("console-{}-{ply}", game.0))
                        .await
                    {
                        tracing::warn!(%error, "remembering a shown board");
                    }
                }
                Output::Notice { user, locale, text, .. } => {
                    let words = self.running.core.texts().render(locale, &text);
                    let line = Text::new("console-notice").with("name", user).with("text", words);
                    writeln!(self.out, "{}", self.running.core.texts().render(locale, &line))?;
                }
                Output::Keyboard { locale, buttons, .. } => {
                    self.print(&Message { locale, lines: Vec::new(), board: None, buttons })?;
                }
                Output::Direct { user, message, .. } => {
                    let line = Text::new("console-direct").with("name", user);
                    writeln!(
                        self.out,
                        "{}",
                        self.running.core.texts().render(message.locale, &line)
                    )?;
                    self.print(&message)?;
                }
            }
        }
        self.out.flush()
    }

    fn print(&mut self, message: &Message) -> std::io::Result<()> {
        let texts = self.running.core.texts();
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
        let mut labels = Vec::new();
        for button in message.buttons.iter().flatten() {
            self.buttons.push(button.payload.clone());
            labels.push(format!(
                "[{}] {}",
                self.buttons.len(),
                texts.render(message.locale, &button.label)
            ));
        }
        if !labels.is_empty() {
            let line = Text::new("console-buttons").with("buttons", labels.join("  "));
            writeln!(self.out, "{}", texts.render(message.locale, &line))?;
        }
        writeln!(self.out)
    }
}
