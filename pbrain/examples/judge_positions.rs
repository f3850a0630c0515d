//! A stronger brain's judgement of the positions of logged games (issue 30): where in the
//! games A lost its moves let the game go.
//!
//! ```text
//! cargo run --release -p pbrain-cincobot --example judge_positions -- \
//!     --judge ~/rapfi-build/pbrain-rapfi --turn-ms 250 --lost-by black MATCH.log...
//! ```
//!
//! For every game of the `gomocup_match` logs that brain A lost with the colour of
//! `--lost-by` (black or white), the judge is given, with `BOARD`, the position before each of
//! A's moves after the opening, and thinks `--turn-ms` milliseconds [250] under the log's
//! rule. Prints one line a game: the log, the game's number and stones, then the judge's
//! value of each position for the side to move, the last `Eval` word of its `MESSAGE` lines
//! (Rapfi's: `+M11` a win in 11 plies, `-M8` a loss in 8, else its own units; `?` where it
//! said none). The first line says how many games were judged.

use std::error::Error;
use std::io::{BufRead, BufReader, Lines, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, ExitCode};

use engine::{Point, Stone};
use pbrain::Coords;
use pbrain::manager::{LoggedGame, MatchLog, brain_command};

const USAGE: &str =
    "usage: judge_positions --judge PROGRAM [--turn-ms MS] --lost-by black|white MATCH.log...";
/// The judge's hash table, as the probes of `docs/PERFORMANCE.md` ran it.
const JUDGE_MEMORY: u64 = 100_000_000;

struct Options {
    judge: PathBuf,
    turn_ms: u64,
    lost_by: Stone,
    logs: Vec<String>,
}

/// A judge brain started once for every position it is asked about.
struct Judge {
    child: Child,
    input: ChildStdin,
    output: Lines<BufReader<ChildStdout>>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(options) => options,
        Err(error) => {
            eprintln!("{error}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("judge_positions: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options) -> Result<(), Box<dyn Error>> {
    let mut lost = Vec::new();
    for file in &options.logs {
        let log = MatchLog::parse(&std::fs::read_to_string(file)?)
            .map_err(|error| format!("{file}: {error}"))?;
        let name =
            Path::new(file).file_name().map_or(file.clone(), |name| name.to_string_lossy().into());
        for game in log.games {
            let a_lost =
                game.a_colour == options.lost_by && game.winner == Some(options.lost_by.opponent());
            if a_lost {
                lost.push((name.clone(), log.rule.0, log.size.side(), game));
            }
        }
    }
    println!("{} games lost by A with {}", lost.len(), colour_name(options.lost_by));
    let mut judge = Judge::start(&options.judge)?;
    let mut rule_sent = None;
    for (name, rule, side, game) in &lost {
        if rule_sent != Some((*rule, *side)) {
            judge.start_board(*rule, *side, options.turn_ms)?;
            rule_sent = Some((*rule, *side));
        }
        let values = judge_game(&mut judge, game, *side, options.lost_by)?;
        let stones: Vec<String> =
            game.stones().map(|point| engine::Notation::WithI.format(point)).collect();
        println!("{name} {} | {} | {}", game.number, stones.join(" "), values.join(" "));
    }
    judge.finish();
    Ok(())
}

/// The judge's value of the position before each of A's moves after the opening.
fn judge_game(
    judge: &mut Judge,
    game: &LoggedGame,
    side: u8,
    a_colour: Stone,
) -> Result<Vec<String>, Box<dyn Error>> {
    let stones: Vec<Point> = game.stones().collect();
    let mut values = Vec::new();
    for played in game.opening.len()..stones.len() {
        let to_move = if played % 2 == 0 { Stone::Black } else { Stone::White };
        if to_move == a_colour {
            values.push(judge.value(&stones[..played], to_move, side)?);
        }
    }
    Ok(values)
}

impl Judge {
    fn start(program: &Path) -> Result<Judge, Box<dyn Error>> {
        let mut child = brain_command(program).spawn()?;
        let input = child.stdin.take().ok_or("the judge has no input")?;
        let output = BufReader::new(child.stdout.take().ok_or("the judge has no output")?).lines();
        Ok(Judge { child, input, output })
    }

    fn start_board(&mut self, rule: u32, side: u8, turn_ms: u64) -> Result<(), Box<dyn Error>> {
        self.send(&format!("START {side}"))?;
        let answer = self.read_until(|line| line == "OK" || line.starts_with("ERROR"))?;
        if answer != "OK" {
            return Err(format!("the judge answered START with {answer:?}").into());
        }
        for info in [
            format!("rule {rule}"),
            format!("timeout_turn {turn_ms}"),
            "timeout_match 0".to_owned(),
            format!("max_memory {JUDGE_MEMORY}"),
        ] {
            self.send(&format!("INFO {info}"))?;
        }
        Ok(())
    }

    /// The last `Eval` the judge reports while it chooses a move for `to_move` after
    /// `stones` (black first).
    fn value(
        &mut self,
        stones: &[Point],
        to_move: Stone,
        side: u8,
    ) -> Result<String, Box<dyn Error>> {
        self.send("BOARD")?;
        for (index, &point) in stones.iter().enumerate() {
            let colour = if index % 2 == 0 { Stone::Black } else { Stone::White };
            // `BOARD`'s field 1 is the stone of the side to move, 2 its opponent's.
            let field = if colour == to_move { 1 } else { 2 };
            let Coords { x, y } = Coords::from_point(point, side);
            self.send(&format!("{x},{y},{field}"))?;
        }
        self.send("DONE")?;
        let mut value = "?".to_owned();
        loop {
            let line = self.next_line()?;
            if let Some(eval) = line.split_whitespace().skip_while(|word| *word != "Eval").nth(1) {
                value = eval.trim_end_matches(',').to_owned();
            }
            if Coords::parse(&line).is_ok() {
                return Ok(value);
            }
            if line.starts_with("ERROR") {
                return Err(format!("the judge answered {line:?}").into());
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Box<dyn Error>> {
        writeln!(self.input, "{line}")?;
        self.input.flush()?;
        Ok(())
    }

    fn next_line(&mut self) -> Result<String, Box<dyn Error>> {
        Ok(self.output.next().ok_or("the judge closed its output")??.trim().to_owned())
    }

    fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Result<String, Box<dyn Error>> {
        loop {
            let line = self.next_line()?;
            if done(&line) {
                return Ok(line);
            }
        }
    }

    fn finish(mut self) {
        // The brain may already be gone; either way it is waited for.
        let _ = self.send("END");
        let _ = self.child.wait();
    }
}

fn colour_name(stone: Stone) -> &'static str {
    if stone == Stone::Black { "black" } else { "white" }
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut judge = None;
    let mut turn_ms = 250;
    let mut lost_by = None;
    let mut logs = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let mut value = || words.next().ok_or(format!("{word} needs a value"));
        match word.as_str() {
            "--judge" => judge = Some(PathBuf::from(value()?)),
            "--turn-ms" => {
                let text = value()?;
                turn_ms = text.parse().map_err(|_| format!("--turn-ms {text}: not a number"))?;
            }
            "--lost-by" => {
                lost_by = Some(match value()?.as_str() {
                    "black" => Stone::Black,
                    "white" => Stone::White,
                    other => return Err(format!("--lost-by {other}: black or white")),
                });
            }
            option if option.starts_with("--") => return Err(format!("unknown option {option}")),
            log => logs.push(log.to_owned()),
        }
    }
    let judge = judge.ok_or("--judge is needed")?;
    let lost_by = lost_by.ok_or("--lost-by is needed")?;
    if logs.is_empty() {
        return Err("no match log given".to_owned());
    }
    Ok(Options { judge, turn_ms, lost_by, logs })
}
