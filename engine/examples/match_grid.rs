//! Matches between two computer levels at gomoku, renju, ninuki or pente, for checking that the levels are
//! ordered. Colours alternate: game `2k` and `2k + 1` share an opening, with the seats
//! exchanged.
//!
//! ```text
//! cargo run --release -p cincobot-engine --example match_grid -- <gomoku|renju|ninuki|pente> <level A> <level B> <games> [--budget-ms A,B | --checks A,B]
//! ```
//!
//! Prints the wins, draws and losses of A (and A's wins with the first and the second seat),
//! the mean and longest milliseconds per move, and how many moves overran their budget by more
//! than 10 %. `--checks` gives each side a deterministic [`NodeBudget`] of deadline checks
//! instead of a clock: the same games on any machine, whatever else it is doing, for tuning.

use std::time::{Duration, Instant};

use engine::cpu::{ComputerPlayer, Deadline, Level, NodeBudget, SplitMix64, Think};
use engine::{
    BoardGame, Gomoku, GomokuSettings, Ninuki, NinukiSettings, Outcome, Pente, PenteSettings,
    Point, Renju, RenjuSettings, Seat,
};

/// How long each side may think.
#[derive(Clone, Copy)]
enum Budget {
    Clock(Duration),
    Checks(u64),
}

struct Clock {
    moves: [u32; 2],
    total: [Duration; 2],
    longest: [Duration; 2],
    overruns: [u32; 2],
}

impl Clock {
    fn record(&mut self, player: usize, spent: Duration, budget: Budget) {
        self.moves[player] += 1;
        self.total[player] += spent;
        self.longest[player] = self.longest[player].max(spent);
        if let Budget::Clock(limit) = budget
            && spent > limit + limit / 10
        {
            self.overruns[player] += 1;
        }
    }
}

/// Plays one game; `a_first` puts player A in the first seat. Returns the outcome seen from
/// A: 1 win, 0 draw, -1 loss.
fn play<G: ComputerPlayer>(
    mut game: G,
    levels: [Level; 2],
    budgets: [Budget; 2],
    a_first: bool,
    seed: u64,
    clock: &mut Clock,
) -> i32 {
    let mut ply = 0u64;
    while let Some(seat) = game.seat_to_act() {
        let player = usize::from((seat == Seat::First) != a_first);
        let start = Instant::now();
        let timed;
        let counted;
        let deadline: &dyn Deadline = match budgets[player] {
            Budget::Clock(limit) => {
                timed = move || start.elapsed() >= limit;
                &timed
            }
            Budget::Checks(checks) => {
                counted = NodeBudget::new(checks);
                &counted
            }
        };
        let think = Think { level: levels[player], seed: seed ^ ply, deadline };
        let Some(mv) = game.computer_move(think) else { break };
        clock.record(player, start.elapsed(), budgets[player]);
        game = match game.play(mv) {
            Ok(next) => next,
            Err(error) => panic!("the computer played an illegal move {mv:?}: {error}"),
        };
        ply += 1;
    }
    let a_seat = if a_first { Seat::First } else { Seat::Second };
    match game.outcome() {
        Outcome::Win { winner, .. } if winner == a_seat => 1,
        Outcome::Win { .. } => -1,
        _ => 0,
    }
}

/// A gomoku or ninuki opening: two or three stones at random near the centre.
fn random_opening<G: BoardGame<Move = Point>>(settings: G::Settings, seed: u64) -> G {
    let mut random = SplitMix64::new(seed);
    let mut game = G::start(settings);
    let stones = 2 + random.below(2);
    while (game.history().len() as u64) < stones {
        let x = 5 + random.below(5) as u8;
        let y = 5 + random.below(5) as u8;
        if let Ok(next) = game.clone().play(Point::new(x, y)) {
            game = next;
        }
    }
    game
}

/// A pente opening: the centre, then a black stone next to it and white's second stone at
/// random among the legal points three or four away.
fn pente_opening(seed: u64) -> Pente {
    let mut random = SplitMix64::new(seed);
    let mut game = Pente::start(PenteSettings::default());
    while game.history().len() < 3 {
        let centre = game.board().centre();
        let reach = [0, 1, 4][game.history().len()];
        let moves: Vec<Point> =
            game.legal_moves().into_iter().filter(|p| p.ring_distance(centre) <= reach).collect();
        let pick = moves[random.below(moves.len() as u64) as usize];
        game = game.play(pick).expect("a listed move is legal");
    }
    game
}

/// A renju opening: the first three stones at random inside their squares, colours kept;
/// the computers decide everything after.
fn renju_opening(seed: u64) -> Renju {
    let mut random = SplitMix64::new(seed);
    let mut game = Renju::start(RenjuSettings);
    while game.board().count().0 + game.board().count().1 < 3 {
        let moves = game.legal_moves();
        let keep = moves.iter().position(|&mv| game.format_move(mv) == "keep");
        let pick = keep.unwrap_or_else(|| random.below(moves.len() as u64) as usize);
        game = game.play(moves[pick]).expect("a listed move is legal");
    }
    game
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: match_grid <gomoku|renju|ninuki|pente> <level A> <level B> <games> [--budget-ms A,B | --checks A,B]";
    if args.len() < 4 {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    let level = |text: &str| text.parse::<Level>().unwrap_or_else(|error| panic!("{error}"));
    let levels = [level(&args[1]), level(&args[2])];
    let games: u64 = args[3].parse().expect("a number of games");
    let pair = |flag: &str| {
        let index = args.iter().position(|a| a == flag)?;
        let text = args.get(index + 1).unwrap_or_else(|| panic!("{flag} A,B"));
        let parsed: Vec<u64> = text.split(',').map(|n| n.parse().expect("a number")).collect();
        Some([parsed[0], parsed[1]])
    };
    let mut budgets = levels.map(|level| Budget::Clock(level.default_budget()));
    if let Some(ms) = pair("--budget-ms") {
        budgets = ms.map(|ms| Budget::Clock(Duration::from_millis(ms)));
    }
    if let Some(checks) = pair("--checks") {
        budgets = checks.map(Budget::Checks);
    }
    // The pattern tables are built before the first clock starts, as the bot does at start.
    engine::cpu::warm_up();
    let mut clock = Clock {
        moves: [0; 2],
        total: [Duration::ZERO; 2],
        longest: [Duration::ZERO; 2],
        overruns: [0; 2],
    };
    let mut score = [0u32; 3];
    let mut wins_by_seat = [0u32; 2];
    let started = Instant::now();
    for game in 0..games {
        let opening_seed = 0x5eed ^ (game / 2);
        let a_first = game % 2 == 0;
        let result = match args[0].as_str() {
            "gomoku" => play(
                random_opening::<Gomoku>(GomokuSettings::default(), opening_seed),
                levels,
                budgets,
                a_first,
                game,
                &mut clock,
            ),
            "renju" => {
                play(renju_opening(opening_seed), levels, budgets, a_first, game, &mut clock)
            }
            "ninuki" => play(
                random_opening::<Ninuki>(NinukiSettings::default(), opening_seed),
                levels,
                budgets,
                a_first,
                game,
                &mut clock,
            ),
            "pente" => {
                play(pente_opening(opening_seed), levels, budgets, a_first, game, &mut clock)
            }
            other => panic!("unknown game {other}; {usage}"),
        };
        score[usize::try_from(1 - result).unwrap_or(0)] += 1;
        if result == 1 {
            wins_by_seat[usize::from(!a_first)] += 1;
        }
    }
    let ms = |player: usize| {
        let mean =
            clock.total[player].as_secs_f64() * 1000.0 / f64::from(clock.moves[player].max(1));
        format!(
            "{mean:.1} ms/move (longest {} ms, {} of {} moves over budget + 10 %)",
            clock.longest[player].as_millis(),
            clock.overruns[player],
            clock.moves[player]
        )
    };
    let budget = |budget: Budget| match budget {
        Budget::Clock(limit) => format!("{} ms", limit.as_millis()),
        Budget::Checks(checks) => format!("{checks} checks"),
    };
    println!(
        "{} {:?} vs {:?}, {games} games, budgets {}/{}: A won {} ({} first, {} second), drew {}, lost {} ({:.0} %); A {}; B {}; {:.0} s",
        args[0],
        levels[0],
        levels[1],
        budget(budgets[0]),
        budget(budgets[1]),
        score[0],
        wins_by_seat[0],
        wins_by_seat[1],
        score[1],
        score[2],
        100.0 * f64::from(score[0]) / games as f64,
        ms(0),
        ms(1),
        started.elapsed().as_secs_f64()
    );
}
