//! Computer against computer: how often one level beats another.
//!
//! ```text
//! cargo run --release -p cincobot-engine --example match -- connect5 hard normal 100
//! cargo run --release -p cincobot-engine --example match -- connect4 normal easy 100 --budget-ms 60,20
//! ```
//!
//! Plays the given number of games, colours alternating, each opened by one or two random
//! moves (seeded by `--seed`, default 1) so that games differ, and prints the first level's
//! wins, draws and losses and the thinking time per move of both. Each level thinks for its
//! default budget unless `--budget-ms A,B` sets the first and second level's.
//!
//! A game family plugs in with one arm in [`run`] that starts its positions.

use std::process::ExitCode;
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
    let options = match parse(std::env::args().skip(1).collect()) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            eprintln!(
                "usage: match <game> <level> <level> <games> [--budget-ms A,B] [--seed S]\n\
                 games: {GAMES}; levels: easy, normal, hard"
            );
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    let Some(tally) = run(&options) else {
        eprintln!("unknown game {:?}; known: {GAMES}", options.game);
        return ExitCode::FAILURE;
    };
    report(&options, &tally, started.elapsed());
    ExitCode::SUCCESS
}

/// Plays the match of `options.game`, or `None` for a game this runner does not know.
fn run(options: &Options) -> Option<Tally> {
    let connect = |settings: ConnectSettings| play_match(|| Connect::start(settings), options);
    match options.game.as_str() {
        "connect5" => Some(connect(ConnectSettings::five_in_row())),
        "connect4" => Some(connect(ConnectSettings::classic())),
        "connect5-popout" => Some(connect(ConnectSettings::five_in_row().with_pop_out(true))),
        "connect4-popout" => Some(connect(ConnectSettings::classic().with_pop_out(true))),
        _ => None,
    }
}

/// Plays `options.games` games from `start`; the first level takes the first seat in even
/// games and the second seat in odd ones.
fn play_match<G: ComputerPlayer>(start: impl Fn() -> G, options: &Options) -> Tally {
    let mut tally = Tally::default();
    for game in 0..options.games {
        let game_seed = options.seed.wrapping_mul(1_000_003).wrapping_add(u64::from(game));
        let mut rng = SplitMix64::new(game_seed);
        // side[seat] = index of the level playing that seat.
        let side = if game % 2 == 0 { [0, 1] } else { [1, 0] };
        let mut position = start();
        for _ in 0..=rng.below(2) {
            let legal = position.legal_moves();
            let Some(&mv) = legal.get(rng.below(legal.len() as u64) as usize) else { break };
            position = position.play(mv).unwrap_or_else(|error| panic!("opening: {error}"));
        }
        while let Some(seat) = position.seat_to_act() {
            let who = side[seat.index()];
            let began = Instant::now();
            let clock = Clock { until: began + options.budgets[who] };
            let think =
                Think { level: options.levels[who], seed: rng.next_u64(), deadline: &clock };
            let mv = position.computer_move(think).expect("a running game has a move");
            let spent = began.elapsed();
            tally.moves[who] += 1;
            tally.thinking[who] += spent;
            tally.longest[who] = tally.longest[who].max(spent);
            position = position.play(mv).unwrap_or_else(|error| panic!("computer move: {error}"));
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
    tally
}

fn report(options: &Options, tally: &Tally, elapsed: Duration) {
    let [first, second] = options.levels;
    let games = f64::from(options.games.max(1));
    println!(
        "{} {first:?} vs {second:?}, {} games, seed {}: {first:?} won {}, drew {}, lost {} \
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
    Ok(Options { game: game.clone(), levels, games, budgets, seed })
}
