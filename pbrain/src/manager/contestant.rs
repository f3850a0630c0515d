use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::Coords;

/// A brain to play: any executable that speaks the Gomocup pipe protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The executable. It runs in its own directory, as Piskvork runs brains: a brain looks
    /// for its data files there, not wherever the match was started.
    pub program: PathBuf,
    /// Arguments for the executable (the tests start small scripts this way).
    pub args: Vec<String>,
    /// Extra `INFO` lines for this brain, without the word `INFO` (`max_depth 12`), sent
    /// after the match's own.
    pub infos: Vec<String>,
}

impl Entrant {
    /// A brain started as `program` alone, with no extra `INFO`.
    #[must_use]
    pub fn new(program: impl Into<PathBuf>) -> Entrant {
        Entrant { program: program.into(), args: Vec::new(), infos: Vec::new() }
    }

    /// The executable's file name, to tell the brains apart in the results.
    #[must_use]
    pub fn name(&self) -> String {
        self.program.file_name().map_or_else(
            || self.program.display().to_string(),
            |name| name.to_string_lossy().into(),
        )
    }
}

/// How a brain failed, losing the game it was playing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It could not be started, or did not answer `START` with `OK`.
    Start(String),
    /// No move within its time and the margin.
    Timeout { waited: Duration },
    /// Its match clock ran out, by more than the margin.
    MatchTime { used: Duration },
    /// It closed its output or its input: it ended or crashed.
    Crashed(String),
    /// It answered `ERROR …` or `UNKNOWN …` instead of a move.
    Refused(String),
    /// Its answer is not `x,y`.
    Garbled(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Start(why) => write!(f, "did not start: {why}"),
            Fault::Timeout { waited } => write!(f, "no move within {} ms", waited.as_millis()),
            Fault::MatchTime { used } => {
                write!(f, "match clock exceeded ({} ms used)", used.as_millis())
            }
            Fault::Crashed(why) => write!(f, "crashed: {why}"),
            Fault::Refused(answer) => write!(f, "answered {answer:?}"),
            Fault::Garbled(answer) => write!(f, "answered {answer:?}, not a move"),
        }
    }
}

/// A running brain: its input, and its output lines as a reader thread receives them, so
/// that every wait for an answer can end at a deadline.
#[derive(Debug)]
pub(super) struct Contestant {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// How long a brain has to exit after `END`, or to be seen dead once its output closed,
/// before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(1);

impl Contestant {
    /// Starts `entrant` and has it answer `START side` within `within`.
    pub(super) fn start(entrant: &Entrant, side: u8, within: Duration) -> Result<Self, Fault> {
        let mut command = brain_command(&entrant.program);
        command.args(&entrant.args);
        let mut child = command.spawn().map_err(|error| {
            Fault::Start(format!("cannot run {}: {error}", entrant.program.display()))
        })?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Fault::Start("no pipes to the brain".to_owned()));
        };
        let (sender, lines) = mpsc::channel();
        // The thread ends when the brain's output closes (the brain ended or was killed)
        // or when nobody listens any more.
        thread::spawn(move || {
            let mut output = BufReader::new(output);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match output.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&bytes).trim().to_owned();
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut contestant = Contestant { child, input: Some(input), lines };
        contestant
            .send(&[format!("START {side}")])
            .map_err(|fault| Fault::Start(fault.to_string()))?;
        match contestant.answer(within) {
            Ok(answer) if answer.eq_ignore_ascii_case("OK") => Ok(contestant),
            Ok(answer) => Err(Fault::Start(format!("answered {answer:?} to START {side}"))),
            Err(Fault::Timeout { waited }) => Err(Fault::Start(format!(
                "no answer to START {side} within {} ms",
                waited.as_millis()
            ))),
            Err(fault) => Err(Fault::Start(fault.to_string())),
        }
    }

    /// Writes `lines`, each ended by a new line, and flushes them.
    pub(super) fn send(&mut self, lines: &[String]) -> Result<(), Fault> {
        let written = match self.input.as_mut() {
            Some(input) => lines
                .iter()
                .try_for_each(|line| writeln!(input, "{line}"))
                .and_then(|()| input.flush()),
            None => Err(io::Error::from(io::ErrorKind::BrokenPipe)),
        };
        written.map_err(|error| self.crashed(&format!("it stopped reading ({error})")))
    }

    /// Sends `request` and reads the move it answers within `within`, with the time that
    /// took. Lines the protocol lets a brain write at any time (`MESSAGE`, `DEBUG`) and
    /// empty ones are skipped.
    pub(super) fn ask_move(
        &mut self,
        request: &[String],
        within: Duration,
    ) -> Result<(Coords, Duration), Fault> {
        self.send(request)?;
        let asked = Instant::now();
        let answer = self.answer(within)?;
        let spent = asked.elapsed();
        let first_word = answer.split_whitespace().next().unwrap_or_default();
        if ["ERROR", "UNKNOWN"].iter().any(|word| first_word.eq_ignore_ascii_case(word)) {
            return Err(Fault::Refused(answer));
        }
        Coords::parse(&answer).map(|coords| (coords, spent)).map_err(|_| Fault::Garbled(answer))
    }

    /// The next line that is not a message, within `within`.
    fn answer(&mut self, within: Duration) -> Result<String, Fault> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if is_chatter(&line) => continue,
                Ok(line) => return Ok(line),
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout { waited: within }),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.crashed("its output closed"));
                }
            }
        }
    }

    /// The fault of a brain that stopped talking, with its exit status once it has one.
    fn crashed(&mut self, what: &str) -> Fault {
        match self.exit_status(EXIT_GRACE) {
            Some(status) => Fault::Crashed(format!("{what}, {status}")),
            None => Fault::Crashed(what.to_owned()),
        }
    }

    /// The brain's exit status if it ends within `grace`.
    fn exit_status(&mut self, grace: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => return None,
            }
        }
    }

    /// Says `END` and closes the brain's input; a brain still running after a second is
    /// killed (on drop).
    pub(super) fn finish(mut self) {
        if self.send(&["END".to_owned()]).is_ok() {
            self.input = None;
            let _ = self.exit_status(EXIT_GRACE);
        }
    }
}

impl Drop for Contestant {
    fn drop(&mut self) {
        self.input = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The command that starts the brain `program` as Piskvork starts one: in its own folder,
/// where it looks for its files, with its input and output piped to us.
#[must_use]
pub fn brain_command(program: &Path) -> Command {
    let mut command = match folder_of(program) {
        Some((program, folder)) => {
            let mut command = Command::new(program);
            command.current_dir(folder);
            command
        }
        // A bare name is looked up on the path, and runs where the match runs.
        None => Command::new(program),
    };
    command.stdin(Stdio::piped()).stdout(Stdio::piped());
    // Brains write diagnostics there; our own output stays readable.
    command.stderr(Stdio::null());
    command
}

/// The absolute path of `program` and its folder, when `program` names a folder at all. Made
/// absolute first: a relative path would be ambiguous once the brain runs in its folder.
fn folder_of(program: &Path) -> Option<(PathBuf, PathBuf)> {
    program.parent().filter(|folder| !folder.as_os_str().is_empty())?;
    let program = std::path::absolute(program).ok()?;
    let folder = program.parent()?.to_path_buf();
    Some((program, folder))
}

/// Lines a brain may write at any time besides its answers.
fn is_chatter(line: &str) -> bool {
    let first_word = line.split_whitespace().next().unwrap_or_default();
    first_word.is_empty()
        || ["MESSAGE", "DEBUG"].iter().any(|word| first_word.eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_empty_lines_are_not_answers() {
        for chatter in ["", "MESSAGE Depth 12", "DEBUG x", "message hi"] {
            assert!(is_chatter(chatter), "{chatter:?}");
        }
        for answer in ["7,7", "OK", "ERROR no", "MESSAGES", "SUGGEST 7,7"] {
            assert!(!is_chatter(answer), "{answer:?}");
        }
    }

    #[test]
    fn the_name_is_the_file_name() {
        assert_eq!(Entrant::new("/a/b/pbrain-x").name(), "pbrain-x");
        assert_eq!(Entrant::new("sh").name(), "sh");
    }
}
