use std::io::{self, BufRead, Write};
use std::time::Instant;

use engine::{BoardGame, Gomoku, GomokuError, GomokuSettings, GomokuSize};

use crate::{
    BrainError, Clock, Command, Coords, Player, Rule, TimeControl, parse_board_line, rebuild,
    take_back,
};

/// The brain's side of a Gomocup conversation: the game so far, the rule and time limits
/// the manager announced, and the [`Player`] that chooses our moves.
#[derive(Debug)]
pub struct Brain<P> {
    player: P,
    rule: Rule,
    time: TimeControl,
    /// `None` until `START`.
    game: Option<Gomoku>,
    /// An `INFO` the brain cannot honour. The manager does not read answers to `INFO`, so
    /// the protocol has the brain report it in place of its next move.
    deferred: Option<BrainError>,
}

/// The answer to one command, before it is written.
type Answer = Option<Result<String, BrainError>>;

impl<P: Player> Brain<P> {
    /// Below this `max_memory` the brain says it cannot play: the process and its search
    /// use a few megabytes.
    pub const MIN_MEMORY: u64 = 8 * 1024 * 1024;

    /// A brain waiting for `START`, playing freestyle gomoku until told otherwise.
    #[must_use]
    pub fn new(player: P) -> Brain<P> {
        Brain {
            player,
            rule: Rule::default(),
            time: TimeControl::default(),
            game: None,
            deferred: None,
        }
    }

    /// The game as the brain sees it, once started.
    #[must_use]
    pub fn game(&self) -> Option<&Gomoku> {
        self.game.as_ref()
    }

    /// The time limits announced so far.
    #[must_use]
    pub fn time(&self) -> TimeControl {
        self.time
    }

    /// Talks with the manager until `END` or the end of `input`, answering each command on
    /// its own line of `output`, flushed at once.
    ///
    /// # Errors
    /// Only reading or writing fails; bad commands are answered with `ERROR` or `UNKNOWN`.
    pub fn run(&mut self, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut lines = Lines { input, buffer: Vec::new() };
        while let Some(line) = lines.next()? {
            // The manager's clock for this move is already running.
            let started = Instant::now();
            let answer = match Command::parse(&line) {
                None => None,
                Some(Err(error)) => Some(Err(error)),
                Some(Ok(Command::End)) => break,
                Some(Ok(Command::Board)) => match lines.until_done()? {
                    Some(listing) => Some(self.board(&listing, started)),
                    None => break,
                },
                Some(Ok(Command::Swap2Board)) => match lines.until_done()? {
                    Some(listing) => Some(self.swap2(&listing, started)),
                    None => break,
                },
                Some(Ok(command)) => self.answer(command, started),
            };
            match answer {
                Some(Ok(text)) => writeln!(output, "{text}")?,
                Some(Err(error)) => writeln!(output, "ERROR {error}")?,
                None => continue,
            }
            output.flush()?;
        }
        output.flush()
    }

    /// Every one-line command.
    fn answer(&mut self, command: Command, started: Instant) -> Answer {
        let answer = match command {
            Command::Start(size) => self.start(size),
            Command::RectStart { width, height } if width == height => self.start(width),
            Command::RectStart { .. } => Err(BrainError::RectangularBoard),
            Command::Restart => self.settings().map(|settings| {
                self.game = Some(Gomoku::start(settings));
                "OK".to_owned()
            }),
            Command::Begin => self.begin(started),
            Command::Turn(coords) => self.turn(coords, started),
            Command::Info { key, value } => {
                self.info(&key, &value);
                return None;
            }
            Command::About => Ok(about()),
            Command::Takeback(coords) => self.takeback(coords),
            Command::Play(coords) => self.play(coords),
            Command::Unknown(word) => Ok(format!("UNKNOWN {word} is not understood")),
            // Handled by `run`, which reads their further lines or stops.
            Command::End | Command::Board | Command::Swap2Board => return None,
        };
        Some(answer)
    }

    fn start(&mut self, size: u32) -> Result<String, BrainError> {
        let size = match size {
            15 => GomokuSize::Fifteen,
            19 => GomokuSize::Nineteen,
            other => return Err(BrainError::UnsupportedSize(other)),
        };
        self.game = Some(Gomoku::start(self.rule.settings(size)));
        Ok("OK".to_owned())
    }

    fn begin(&mut self, started: Instant) -> Result<String, BrainError> {
        self.check_deferred()?;
        // BEGIN opens a match on an empty board, whatever came before.
        let game = Gomoku::start(self.settings()?);
        self.reply(game, started)
    }

    fn turn(&mut self, coords: Coords, started: Instant) -> Result<String, BrainError> {
        self.check_deferred()?;
        let game = self.current()?;
        let point = coords.to_point(game.board().size())?;
        let game = game.clone().play(point).map_err(|error| error.rejection)?;
        self.reply(game, started)
    }

    fn board(&mut self, listing: &[String], started: Instant) -> Result<String, BrainError> {
        self.check_deferred()?;
        let settings = self.settings()?;
        let side = settings.size.side();
        let stones = listing
            .iter()
            .map(|line| {
                let (coords, field) = parse_board_line(line)?;
                Ok((coords.to_point(side)?, field))
            })
            .collect::<Result<Vec<_>, BrainError>>()?;
        let game = rebuild(settings, &stones)?;
        self.reply(game, started)
    }

    /// The Swap2 opening. The brain never swaps: asked for three stones it places them as
    /// its player would play them; shown three or five it plays on with the colour to move.
    /// The game that follows comes with `BOARD`, so the brain's own game is left as it was.
    fn swap2(&mut self, listing: &[String], started: Instant) -> Result<String, BrainError> {
        self.check_deferred()?;
        let settings = self.settings()?;
        let side = settings.size.side();
        let points = listing
            .iter()
            .map(|line| Coords::parse(line)?.to_point(side))
            .collect::<Result<Vec<_>, BrainError>>()?;
        let mut game = Gomoku::replay(settings, &points).map_err(|error| error.rejection)?;
        let stones: u32 = match points.len() {
            0 => 3,
            3 | 5 => 1,
            other => return Err(BrainError::Swap2StoneCount(other)),
        };
        let budget = self.time.budget();
        let mut answer = Vec::new();
        for stone in 1..=stones {
            // Three stones share the move's time: each has a third more than the last.
            let clock = Clock::new(started, budget * stone / stones);
            let point = self.player.choose(&game, &clock).ok_or(BrainError::NoMove)?;
            game = game.play(point).map_err(|_| BrainError::NoMove)?;
            answer.push(Coords::from_point(point, side).to_string());
        }
        Ok(answer.join(" "))
    }

    fn takeback(&mut self, coords: Coords) -> Result<String, BrainError> {
        let game = self.current()?;
        let point = coords.to_point(game.board().size())?;
        self.game = Some(take_back(game, point)?);
        Ok("OK".to_owned())
    }

    /// `PLAY` imposes a move on the brain (the manager's answer to a suggestion); the brain
    /// plays it and repeats it.
    fn play(&mut self, coords: Coords) -> Result<String, BrainError> {
        self.check_deferred()?;
        let game = self.current()?;
        let point = coords.to_point(game.board().size())?;
        let game = game.clone().play(point).map_err(|error| error.rejection)?;
        self.game = Some(game);
        Ok(coords.to_string())
    }

    fn info(&mut self, key: &str, value: &str) {
        // INFO may always be ignored, so a value that does not read is dropped.
        match key {
            "timeout_turn" => self.time.turn = value.parse().ok().or(self.time.turn),
            "timeout_match" => self.time.game = value.parse().ok().or(self.time.game),
            "time_left" => self.time.left = value.parse().ok().or(self.time.left),
            "max_memory" => {
                if let Ok(limit) = value.parse::<u64>()
                    && limit != 0
                    && limit < Self::MIN_MEMORY
                {
                    self.deferred = Some(BrainError::TooLittleMemory { limit });
                }
            }
            "rule" => {
                if let Ok(bits) = value.parse() {
                    self.set_rule(Rule(bits));
                }
            }
            // game_type (who the opponent is) does not change how we play; folder and
            // evaluate serve features this brain does not have.
            _ => {}
        }
    }

    /// A rule change mid-game replays the stones under the new rule.
    fn set_rule(&mut self, rule: Rule) {
        self.rule = rule;
        if let Some(game) = &self.game {
            let settings = rule.settings(game.settings().size);
            match Gomoku::replay(settings, game.history()) {
                Ok(game) => self.game = Some(game),
                Err(error) => self.deferred = Some(BrainError::Refused(error.rejection)),
            }
        }
    }

    /// Asks the player for a move in `game` and plays it. The stones of `game` stay on the
    /// brain's board even when no move follows.
    fn reply(&mut self, game: Gomoku, started: Instant) -> Result<String, BrainError> {
        let side = game.board().size();
        let chosen = if game.outcome().is_over() {
            Err(BrainError::Refused(GomokuError::GameOver))
        } else {
            let clock = Clock::new(started, self.time.budget());
            self.player.choose(&game, &clock).ok_or(BrainError::NoMove)
        };
        let point = match chosen {
            Ok(point) => point,
            Err(error) => {
                self.game = Some(game);
                return Err(error);
            }
        };
        match game.play(point) {
            Ok(game) => {
                self.game = Some(game);
                Ok(Coords::from_point(point, side).to_string())
            }
            Err(refused) => {
                self.game = Some(refused.position);
                Err(BrainError::NoMove)
            }
        }
    }

    fn current(&self) -> Result<&Gomoku, BrainError> {
        self.game.as_ref().ok_or(BrainError::NotStarted)
    }

    /// The settings of a new game on the current board under the current rule.
    fn settings(&self) -> Result<GomokuSettings, BrainError> {
        Ok(self.rule.settings(self.current()?.settings().size))
    }

    fn check_deferred(&mut self) -> Result<(), BrainError> {
        self.deferred.take().map_or(Ok(()), Err)
    }
}

fn about() -> String {
    format!(
        "name=\"cincobot\", version=\"{}\", author=\"the cincobot contributors\"",
        env!("CARGO_PKG_VERSION"),
    )
}

/// The manager's lines, with `\r\n` or `\n` endings, read as text even when not UTF-8.
struct Lines<R> {
    input: R,
    buffer: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// The next line without its ending; `None` at the end of the input.
    fn next(&mut self) -> io::Result<Option<String>> {
        self.buffer.clear();
        if self.input.read_until(b'\n', &mut self.buffer)? == 0 {
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&self.buffer);
        Ok(Some(text.trim_end_matches(['\r', '\n']).to_owned()))
    }

    /// The non-blank lines up to `DONE` (not included); `None` if the input ends first.
    fn until_done(&mut self) -> io::Result<Option<Vec<String>>> {
        let mut listing = Vec::new();
        while let Some(line) = self.next()? {
            let line = line.trim();
            if line.eq_ignore_ascii_case("DONE") {
                return Ok(Some(listing));
            }
            if !line.is_empty() {
                listing.push(line.to_owned());
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests;
