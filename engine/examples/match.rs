//! Computer against computer: how often one level beats another.
//!
//! ```text
//! cargo run --release -p cincobot-engine --example match -- connect5 hard normal 100
//! cargo run --release -p cincobot-engine --example match -- connect4 normal easy 100 --budget-ms 60,20
//! ```
//!
//! Plays the given number of games, colours alternating, each opened by one or two random
//! moves (seeded by `--seed`, default 1) so that games differ; games 2k and 2k + 1 share
//! their opening with the seats exchanged, so neither side keeps a lucky one. Prints the
//! first level's wins, draws and losses and the thinking time per move of both. Each level
//! thinks for its default budget unless `--budget-ms A,B` sets the first and second level's.
//!
//! Two builds of the engine play each other with `--opponent PATH`: the second level's
//! moves come from the program at PATH (this example built from another commit), started as
//! `PATH serve <game>`. In serve mode it reads one request a line, `<level> <budget-ms>
//! <seed> [moves so far…]`, and answers with its move, as a player writes it:
//!
//! ```text
//! cargo run --release -p cincobot-engine --example match -- connect5 hard hard 100 --budget-ms 300,300 --opponent /tmp/old/match
//! ```
//!
//! A game family plugs in with one arm in [`connect_settings`] (and its start in [`run`]).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use engine::cpu::{ComputerPlayer, Deadline, Level, SplitMix64, Think};
use engine::{BoardGame, Connect, ConnectSettings, Seat};

/// The games this runner knows, for the usage text.
const GAMES: &str = "connect5, connect4, connect5-popout, connect4-popout";

/// A real clock: the engine has none, the caller owns the time.
struct Clock {
    until: Instant,
}

impl Deadline for Clock {
    fn is_past(&self) -> bool {
        Instant::now() >= self.until
    }
}

struct Options {
    game: String,
    levels: [Level; 2],
    games: u32,
    budgets: [Duration; 2],
    seed: u64,
    /// A program that plays the second level's moves (see the module documentation).
    opponent: Option<String>,
}

/// Results from the first level's side, and time spent by each level.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    moves: [u32; 2],
    thinking: [Duration; 2],
    longest: [Duration; 2],
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [serve, game] = &args[..]
        && serve == "serve"
    {
        return match serve_game(game) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("{message}");
                ExitCode::FAILURE
            }
        };
    }
    let options = match parse(args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            eprintln!(
                "usage: match <game> <level> <level> <games> [--budget-ms A,B] [--seed S] \
                 [--opponent PATH]\n       match serve <game>\n\
                 games: {GAMES}; levels: easy, normal, hard"
            );
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    let tally = match run(&options) {
        Some(Ok(tally)) => tally,
        Some(Err(message)) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
        None => {
            eprintln!("unknown game {:?}; known: {GAMES}", options.game);
            return ExitCode::FAILURE;
        }
    };
    report(&options, &tally, started.elapsed());
    ExitCode::SUCCESS
}

/// The settings of a game this runner knows.
fn connect_settings(game: &str) -> Option<ConnectSettings> {
    match game {
        "connect5" => Some(ConnectSettings::five_in_row()),
        "connect4" => Some(ConnectSettings::classic()),
        "connect5-popout" => Some(ConnectSettings::five_in_row().with_pop_out(true)),
        "connect4-popout" => Some(ConnectSettings::classic().with_pop_out(true)),
        _ => None,
    }
}

/// Plays the match of `options.game`, or `None` for a game this runner does not know.
fn run(options: &Options) -> Option<Result<Tally, String>> {
    let settings = connect_settings(&options.game)?;
    let mut opponent =
        match options.opponent.as_deref().map(|path| Opponent::start(path, &options.game)) {
            Some(Ok(opponent)) => Some(opponent),
            Some(Err(message)) => return Some(Err(message)),
            None => None,
        };
    Some(play_match(|| Connect::start(settings), options, opponent.as_mut()))
}

/// Another build of this runner in serve mode, playing the second level.
struct Opponent {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Opponent {
    fn start(path: &str, game: &str) -> Result<Opponent, String> {
        let mut child = Command::new(path)
            .args(["serve", game])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|error| format!("{path}: {error}"))?;
        let input = child.stdin.take().ok_or("no pipe to the opponent")?;
        let output = BufReader::new(child.stdout.take().ok_or("no pipe from the opponent")?);
        Ok(Opponent { child, input, output })
    }

    /// The opponent's move in `position`, as it wrote it.
    fn ask<G: BoardGame>(
        &mut self,
        position: &G,
        level: Level,
        budget: Duration,
        seed: u64,
    ) -> Result<String, String>
    where
        G::Move: std::fmt::Display,
    {
        let moves: Vec<String> = position.history().iter().map(ToString::to_string).collect();
        let level = format!("{level:?}").to_lowercase();
        let request = format!("{level} {} {seed} {}\n", budget.as_millis(), moves.join(" "));
        self.input.write_all(request.as_bytes()).map_err(|error| format!("opponent: {error}"))?;
        self.input.flush().map_err(|error| format!("opponent: {error}"))?;
        let mut answer = String::new();
        self.output.read_line(&mut answer).map_err(|error| format!("opponent: {error}"))?;
        Ok(answer.trim().to_string())
    }
}

impl Drop for Opponent {
    fn drop(&mut self) {
        // Closing its input ends the serve loop; the wait reaps it.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Serve mode: answers requests on standard input until it closes.
fn serve_game(game: &str) -> Result<(), String> {
    let settings = connect_settings(game).ok_or_else(|| format!("unknown game {game:?}"))?;
    let stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|error| error.to_string())?;
        let mut words = line.split_whitespace();
        let (Some(level), Some(budget), Some(seed)) = (words.next(), words.next(), words.next())
        else {
            return Err(format!("bad request {line:?}"));
        };
        let level: Level = level.parse().map_err(|_| format!("bad level {level:?}"))?;
        let budget: u64 = budget.parse().map_err(|_| format!("bad budget {budget:?}"))?;
        let seed: u64 = seed.parse().map_err(|_| format!("bad seed {seed:?}"))?;
        let mut position = Connect::start(settings);
        for word in words {
            let mv = position.parse_move(word).map_err(|error| format!("{word}: {error}"))?;
            position = position.play(mv).map_err(|error| format!("{word}: {error}"))?;
        }
        let clock = Clock { until: Instant::now() + Duration::from_millis(budget) };
        let mv = position
            .computer_move(Think { level, seed, deadline: &clock })
            .ok_or("the game is over")?;
        let mut out = stdout.lock();
        writeln!(out, "{mv}").and_then(|()| out.flush()).map_err(|error| error.to_string())?;
    }
    Ok(())
}

/// Plays `options.games` games from `start`; the first level takes the first seat in even
/// games and the second seat in odd ones, from the same opening. With an `opponent`, it
/// plays the second level's moves.
fn play_match<G: ComputerPlayer>(
    start: impl Fn() -> G,
    options: &Options,
    mut opponent: Option<&mut Opponent>,
) -> Result<Tally, String>
where
    G::Move: std::fmt::Display,
{
    let mut tally = Tally::default();
    for game in 0..options.games {
        let pair_seed = options.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(game / 2));
        let mut rng = SplitMix64::new(pair_seed);
        // side[seat] = index of the level playing that seat.
        let side = if game % 2 == 0 { [0, 1] } else { [1, 0] };
        let mut position = start();
        for _ in 0..=rng.below(2) {
            let legal = position.legal_moves();
            let Some(&mv) = legal.get(rng.below(legal.len() as u64) as usize) else { break };
            position = position.play(mv).map_err(|error| format!("opening: {error}"))?;
        }
        let mut rng = SplitMix64::new(pair_seed ^ (u64::from(game % 2) << 32));
        while let Some(seat) = position.seat_to_act() {
            let who = side[seat.index()];
            let began = Instant::now();
            let (level, budget, seed) = (options.levels[who], options.budgets[who], rng.next_u64());
            let mv = match opponent.as_deref_mut() {
                Some(opponent) if who == 1 => {
                    let text = opponent.ask(&position, level, budget, seed)?;
                    position
                        .parse_move(&text)
                        .map_err(|error| format!("opponent {text:?}: {error}"))?
                }
                _ => {
                    let clock = Clock { until: began + budget };
                    let think = Think { level, seed, deadline: &clock };
                    position.computer_move(think).ok_or("a running game has no move")?
                }
            };
            let spent = began.elapsed();
            tally.moves[who] += 1;
            tally.thinking[who] += spent;
            tally.longest[who] = tally.longest[who].max(spent);
            position = position.play(mv).map_err(|error| format!("move {mv}: {error}"))?;
        }
        let first_level_seat = if side[0] == 0 { Seat::First } else { Seat::Second };
        match position.outcome().winner() {
            Some(winner) if winner == first_level_seat => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        eprint!(".");
    }
    eprintln!();
    Ok(tally)
}

fn report(options: &Options, tally: &Tally, elapsed: Duration) {
    let [first, second] = options.levels;
    let games = f64::from(options.games.max(1));
    let second = match &options.opponent {
        Some(path) => format!("{second:?} of {path}"),
        None => format!("{second:?}"),
    };
    println!(
        "{} {first:?} vs {second}, {} games, seed {}: {first:?} won {}, drew {}, lost {} \
         ({:.1} % won) in {:.0} s",
        options.game,
        options.games,
        options.seed,
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * f64::from(tally.wins) / games,
        elapsed.as_secs_f64(),
    );
    for who in 0..2 {
        let mean = tally.thinking[who] / tally.moves[who].max(1);
        println!(
            "  {:?} (budget {} ms): {} moves, {:.1} ms per move on average, longest {:.1} ms",
            options.levels[who],
            options.budgets[who].as_millis(),
            tally.moves[who],
            mean.as_secs_f64() * 1e3,
            tally.longest[who].as_secs_f64() * 1e3,
        );
    }
}

fn parse(args: Vec<String>) -> Result<Options, String> {
    let mut positional = Vec::new();
    let mut budgets = None;
    let mut seed = 1;
    let mut opponent = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--budget-ms" => {
                let value = args.next().ok_or("--budget-ms needs A,B")?;
                let parsed: Vec<u64> = value
                    .split(',')
                    .map(|ms| ms.trim().parse().map_err(|_| format!("bad budget {ms:?}")))
                    .collect::<Result<_, _>>()?;
                let [a, b] = parsed[..] else { return Err("--budget-ms needs A,B".into()) };
                budgets = Some([Duration::from_millis(a), Duration::from_millis(b)]);
            }
            "--seed" => {
                let value = args.next().ok_or("--seed needs a number")?;
                seed = value.parse().map_err(|_| format!("bad seed {value:?}"))?;
            }
            "--opponent" => opponent = Some(args.next().ok_or("--opponent needs a path")?),
            _ => positional.push(arg),
        }
    }
    let [game, first, second, games] = &positional[..] else {
        return Err("expected a game, two levels and a number of games".into());
    };
    let level = |text: &String| text.parse::<Level>().map_err(|error| format!("{text}: {error}"));
    let levels = [level(first)?, level(second)?];
    let games = games.parse().map_err(|_| format!("bad number of games {games:?}"))?;
    let budgets = budgets.unwrap_or(levels.map(Level::default_budget));
    Ok(Options { game: game.clone(), levels, games, budgets, seed, opponent })
}
