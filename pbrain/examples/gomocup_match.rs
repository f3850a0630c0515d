//! A Gomocup match between two brains, judged by the engine's rules (issue 30): how the hard
//! level is measured against other brains.
//!
//! ```text
//! cargo run --release -p pbrain-cincobot --example gomocup_match -- \
//!     --a target/release/pbrain-cincobot --b /path/to/pbrain-other [options]
//! ```
//!
//! Options (defaults in brackets):
//!
//! - `--games N` [20]: games `2k` and `2k + 1` share opening `k`, A black in the first, B
//!   black in the second.
//! - `--rule 0|1|4` [0]: freestyle gomoku, exactly five, renju (`INFO rule`).
//! - `--size 15|19` [15].
//! - `--turn-ms MS` [500]: `INFO timeout_turn`.
//! - `--match-ms MS` [none]: `INFO timeout_match` for each brain's moves in one game, with
//!   `INFO time_left` before every move.
//! - `--max-memory BYTES` [367001600, Gomocup's 350 MiB]: `INFO max_memory`.
//! - `--margin-ms MS` [500]: how late beyond its time a brain's move may come before it loses.
//! - `--info-a "KEY VALUE"`, `--info-b "KEY VALUE"` (repeatable): more `INFO` for one brain,
//!   such as `--info-b "max_depth 12"`.
//! - `--openings FILE`: opening `k` is line `k + 1` of FILE (the format of
//!   `engine/examples/openings/`); else random ones:
//! - `--seed N` [30], `--stones K` [3, at most 8]: K random stones on the central 5×5 square.
//!
//! Each brain runs in its own directory, started anew for every game; the games are played
//! one after another. Prints every game (opening, moves in the engine's notation, result and
//! why), then A's wins, draws and losses in all and by colour, the move times, and the
//! machine's load average before and after.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use engine::{GomokuSize, Notation, Point, Stone};
use pbrain::Rule;
use pbrain::manager::{
    Entrant, MAX_RANDOM_STONES, MatchSettings, Referee, Tally, parse_openings, play_game,
    random_openings,
};

const USAGE: &str = "usage: gomocup_match --a PROGRAM --b PROGRAM [--games N] [--rule 0|1|4] \
[--size 15|19] [--turn-ms MS] [--match-ms MS] [--max-memory BYTES] [--margin-ms MS] \
[--info-a \"KEY VALUE\"]... [--info-b \"KEY VALUE\"]... [--openings FILE | --seed N --stones K]";

/// How long a brain has to answer `START`: loading its tables or data files takes a moment.
const STARTUP: Duration = Duration::from_secs(10);

/// Where the openings come from.
enum Openings {
    File(String),
    Random { seed: u64, stones: usize },
}

/// The match the command line asks for.
struct Options {
    brains: [Entrant; 2],
    games: usize,
    settings: MatchSettings,
    openings: Openings,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(options) => options,
        Err(why) => {
            eprintln!("{why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let openings = match openings(&options) {
        Ok(openings) => openings,
        Err(why) => {
            eprintln!("{why}");
            return ExitCode::from(2);
        }
    };
    run(&options, &openings);
    ExitCode::SUCCESS
}

/// The openings for the match's pairs of games, each checked against the rule.
fn openings(options: &Options) -> Result<Vec<Vec<Point>>, String> {
    let settings = &options.settings;
    let pairs = options.games.div_ceil(2);
    let openings = match &options.openings {
        Openings::File(file) => {
            let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
            let openings =
                parse_openings(&text, settings.size).map_err(|e| format!("{file}, {e}"))?;
            if openings.len() < pairs {
                return Err(format!(
                    "{file} has {} openings; {} games need {pairs}",
                    openings.len(),
                    options.games
                ));
            }
            openings.into_iter().take(pairs).collect()
        }
        Openings::Random { seed, stones } => {
            random_openings(*seed, pairs, *stones, settings.rule, settings.size)
        }
    };
    for (index, opening) in openings.iter().enumerate() {
        Referee::with_opening(settings.rule, settings.size, opening)
            .map_err(|error| format!("opening {}: {error}", index + 1))?;
    }
    Ok(openings)
}

fn run(options: &Options, openings: &[Vec<Point>]) {
    let [a, b] = &options.brains;
    let settings = &options.settings;
    let source = match &options.openings {
        Openings::File(file) => format!("openings from {file}"),
        Openings::Random { seed, stones } => format!("random {stones}-stone openings, seed {seed}"),
    };
    let match_time =
        settings.match_time.map_or("none".to_owned(), |t| format!("{} ms", t.as_millis()));
    for (letter, brain) in [("A", a), ("B", b)] {
        let infos = brain.infos.join("; ");
        println!("{letter}: {} ({}), own INFO: {infos}", brain.name(), brain.program.display());
    }
    println!(
        "{} games, rule {}, {}×{}, {} ms a move, match time {match_time}, max memory {} B, margin {} ms, {source}",
        options.games,
        settings.rule.0,
        settings.size.side(),
        settings.size.side(),
        settings.turn.as_millis(),
        settings.max_memory,
        settings.margin.as_millis(),
    );
    println!("load average before: {}", load_average());
    let started = Instant::now();
    let mut tally = Tally::default();
    for game in 0..options.games {
        let opening = &openings[game / 2];
        let a_colour = if game % 2 == 0 { Stone::Black } else { Stone::White };
        let (black, white) = if a_colour == Stone::Black { (a, b) } else { (b, a) };
        let record = match play_game(black, white, opening, settings) {
            Ok(record) => record,
            // Every opening was checked before the first game.
            Err(error) => {
                println!("game {}: opening refused: {error}", game + 1);
                continue;
            }
        };
        let colour_name = |stone: Stone| if stone == Stone::Black { "black" } else { "white" };
        let who = |stone: Stone| if stone == a_colour { "A" } else { "B" };
        let result = match record.ending.winner {
            Some(winner) => format!("{} ({}) won", colour_name(winner), who(winner)),
            None => "draw".to_owned(),
        };
        println!(
            "game {}: A {}, opening {} | {result}: {}, {} moves after the opening",
            game + 1,
            colour_name(a_colour),
            notation(&record.opening),
            record.ending.reason,
            record.moves.len()
        );
        println!("  moves: {}", notation(&record.moves));
        tally.add(a_colour, &record);
    }
    println!("{tally}");
    println!("load average after: {}; {:.0} s", load_average(), started.elapsed().as_secs_f64());
}

/// Points in the engine's notation, separated by spaces.
fn notation(points: &[Point]) -> String {
    if points.is_empty() {
        return "(none)".to_owned();
    }
    points.iter().map(|&point| Notation::WithI.format(point)).collect::<Vec<_>>().join(" ")
}

/// The 1, 5 and 15 minute load averages, where the system tells them.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "unknown".to_owned(),
        |text| text.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut programs: [Option<String>; 2] = [None, None];
    let mut infos: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut games = 20;
    let mut settings = MatchSettings {
        size: GomokuSize::Fifteen,
        rule: Rule(0),
        turn: Duration::from_millis(500),
        match_time: None,
        max_memory: 350 * 1024 * 1024,
        margin: Duration::from_millis(500),
        startup: STARTUP,
    };
    let mut file = None;
    let mut seed = 30;
    let mut stones = 3;
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number =
            || value.parse::<u64>().map_err(|_| format!("{flag} takes a number, not {value:?}"));
        match flag.as_str() {
            "--a" => programs[0] = Some(value.clone()),
            "--b" => programs[1] = Some(value.clone()),
            "--info-a" => infos[0].push(value.clone()),
            "--info-b" => infos[1].push(value.clone()),
            "--games" => games = usize::try_from(number()?).map_err(|e| e.to_string())?,
            "--rule" => {
                settings.rule = match number()? {
                    0 => Rule(0),
                    1 => Rule(1),
                    4 => Rule(4),
                    _ => return Err(format!("--rule is 0, 1 or 4, not {value}")),
                }
            }
            "--size" => {
                settings.size = match number()? {
                    15 => GomokuSize::Fifteen,
                    19 => GomokuSize::Nineteen,
                    _ => return Err(format!("--size is 15 or 19, not {value}")),
                }
            }
            "--turn-ms" => settings.turn = Duration::from_millis(number()?),
            "--match-ms" => settings.match_time = Some(Duration::from_millis(number()?)),
            "--max-memory" => settings.max_memory = number()?,
            "--margin-ms" => settings.margin = Duration::from_millis(number()?),
            "--openings" => file = Some(value.clone()),
            "--seed" => seed = number()?,
            "--stones" => {
                stones = match usize::try_from(number()?) {
                    Ok(stones) if stones <= MAX_RANDOM_STONES => stones,
                    _ => return Err(format!("--stones is at most {MAX_RANDOM_STONES}")),
                }
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    if settings.turn.is_zero() {
        return Err("--turn-ms must be above 0".to_owned());
    }
    let [Some(a), Some(b)] = programs else {
        return Err("both --a and --b are needed".to_owned());
    };
    let [infos_a, infos_b] = infos;
    let entrant =
        |program: String, infos| Entrant { program: program.into(), args: Vec::new(), infos };
    Ok(Options {
        brains: [entrant(a, infos_a), entrant(b, infos_b)],
        games,
        settings,
        openings: file.map_or(Openings::Random { seed, stones }, Openings::File),
    })
}
