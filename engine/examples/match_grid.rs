//! Matches between two computer levels at gomoku, renju, ninuki or pente, for checking that the levels are
//! ordered. Colours alternate: game `2k` and `2k + 1` share an opening, with the seats
//! exchanged.
//!
//! ```text
//! cargo run --release -p cincobot-engine --example match_grid -- <gomoku|renju|ninuki|pente> <level A> <level B> <games> [--budget-ms A,B | --checks A,B] [--opponent PROGRAM] [--show-lost]
//! match_grid serve
//! ```
//!
//! `--opponent` has B's moves played by another build of this example, started as
//! `PROGRAM serve`: that is how today's engine meets an older one in a gauntlet. A serving
//! process reads one request a line, `game<TAB>level<TAB>ms|checks:N<TAB>seed<TAB>moves`
//! (the moves so far in the game's notation, separated by `;`), and answers with its move.
//!
//! Prints the wins, draws and losses of A (and A's wins with the first and the second seat),
//! the mean and longest milliseconds per move, and how many moves overran their budget by more
//! than 10 %; with `--show-lost`, also the moves of every game A lost, to see why. `--checks`
//! gives each side a deterministic [`NodeBudget`] of deadline checks instead of a clock: the
//! same games on any machine, whatever else it is doing, for tuning.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
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

/// Another build of this example, asked for B's moves over its standard input and output.
struct External {
    child: Child,
    to: ChildStdin,
    from: BufReader<ChildStdout>,
}

impl External {
    fn start(program: &str) -> External {
        let mut child = Command::new(program)
            .arg("serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| panic!("cannot start {program}: {error}"));
        let to = child.stdin.take().expect("a piped stdin");
        let from = BufReader::new(child.stdout.take().expect("a piped stdout"));
        External { child, to, from }
    }

    fn ask<G: BoardGame>(
        &mut self,
        name: &str,
        game: &G,
        level: Level,
        budget: Budget,
        seed: u64,
    ) -> Option<G::Move> {
        let moves = notation(game);
        let budget = match budget {
            Budget::Clock(limit) => format!("ms:{}", limit.as_millis()),
            Budget::Checks(checks) => format!("checks:{checks}"),
        };
        let level = format!("{level:?}").to_lowercase();
        writeln!(self.to, "{name}\t{level}\t{budget}\t{seed}\t{moves}")
            .expect("the opponent reads");
        self.to.flush().expect("the opponent reads");
        let mut answer = String::new();
        self.from.read_line(&mut answer).expect("the opponent answers");
        let answer = answer.trim();
        if answer == "none" {
            return None;
        }
        let mv = game.parse_move(answer);
        Some(mv.unwrap_or_else(|error| panic!("the opponent answered {answer:?}: {error}")))
    }
}

/// The moves of `game` so far in its notation, separated by `;`.
fn notation<G: BoardGame>(game: &G) -> String {
    let mut replay = G::start(game.settings().clone());
    let mut moves = Vec::new();
    for &mv in game.history() {
        moves.push(replay.format_move(mv));
        replay = replay.play(mv).expect("the history replays");
    }
    moves.join(";")
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A deadline for a budget that starts now.
fn deadline_of(budget: Budget) -> Box<dyn Deadline> {
    match budget {
        Budget::Clock(limit) => {
            let start = Instant::now();
            Box::new(move || start.elapsed() >= limit)
        }
        Budget::Checks(checks) => Box::new(NodeBudget::new(checks)),
    }
}

/// Plays one game; `a_first` puts player A in the first seat, and `external` plays B's moves
/// when given. Returns the outcome seen from A (1 win, 0 draw, -1 loss) and the game's moves.
#[allow(clippy::too_many_arguments)]
fn play<G: ComputerPlayer>(
    name: &str,
    mut game: G,
    levels: [Level; 2],
    budgets: [Budget; 2],
    a_first: bool,
    seed: u64,
    clock: &mut Clock,
    external: &mut Option<External>,
) -> (i32, String) {
    let mut ply = 0u64;
    while let Some(seat) = game.seat_to_act() {
        let player = usize::from((seat == Seat::First) != a_first);
        let start = Instant::now();
        let chosen = match external {
            Some(external) if player == 1 => {
                external.ask(name, &game, levels[player], budgets[player], seed ^ ply)
            }
            _ => {
                let deadline = deadline_of(budgets[player]);
                let think = Think { level: levels[player], seed: seed ^ ply, deadline: &*deadline };
                game.computer_move(think)
            }
        };
        let Some(mv) = chosen else { break };
        clock.record(player, start.elapsed(), budgets[player]);
        game = match game.play(mv) {
            Ok(next) => next,
            Err(error) => panic!("the computer played an illegal move {mv:?}: {error}"),
        };
        ply += 1;
    }
    let a_seat = if a_first { Seat::First } else { Seat::Second };
    let result = match game.outcome() {
        Outcome::Win { winner, .. } if winner == a_seat => 1,
        Outcome::Win { .. } => -1,
        _ => 0,
    };
    (result, notation(&game))
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

/// Answers one request of the serve mode: the move for `moves` played from the start.
fn serve_one<G: ComputerPlayer>(mut game: G, moves: &str, think: Think<'_>) -> String {
    for text in moves.split(';').filter(|text| !text.is_empty()) {
        let mv = game.parse_move(text).unwrap_or_else(|error| panic!("move {text:?}: {error}"));
        game = game.play(mv).unwrap_or_else(|error| panic!("move {text:?}: {error}"));
    }
    match game.computer_move(think) {
        Some(mv) => game.format_move(mv),
        None => "none".to_owned(),
    }
}

/// The serve mode: one move per request line, until the input ends.
fn serve() {
    engine::cpu::warm_up();
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let line = line.expect("a request line");
        let start = Instant::now();
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, level, budget, seed, moves] = fields[..] else {
            panic!("a request has five fields: {line:?}")
        };
        let level: Level = level.parse().unwrap_or_else(|error| panic!("{error}"));
        let seed: u64 = seed.parse().expect("a seed");
        let budget = match budget.split_once(':') {
            Some(("ms", ms)) => Budget::Clock(Duration::from_millis(ms.parse().expect("ms"))),
            Some(("checks", checks)) => Budget::Checks(checks.parse().expect("checks")),
            _ => panic!("a budget is ms:N or checks:N"),
        };
        let deadline: Box<dyn Deadline> = match budget {
            Budget::Clock(limit) => Box::new(move || start.elapsed() >= limit),
            Budget::Checks(_) => deadline_of(budget),
        };
        let think = Think { level, seed, deadline: &*deadline };
        let answer = match name {
            "gomoku" => serve_one(Gomoku::start(GomokuSettings::default()), moves, think),
            "renju" => serve_one(Renju::start(RenjuSettings), moves, think),
            "ninuki" => serve_one(Ninuki::start(NinukiSettings::default()), moves, think),
            "pente" => serve_one(Pente::start(PenteSettings::default()), moves, think),
            other => panic!("unknown game {other}"),
        };
        writeln!(stdout, "{answer}").expect("the controller reads");
        stdout.flush().expect("the controller reads");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("serve") {
        serve();
        return;
    }
    let usage = "usage: match_grid <gomoku|renju|ninuki|pente> <level A> <level B> <games> [--budget-ms A,B | --checks A,B] [--opponent PROGRAM] [--show-lost]";
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
    let mut external = args
        .iter()
        .position(|a| a == "--opponent")
        .map(|index| External::start(args.get(index + 1).expect("--opponent PROGRAM")));
    let show_lost = args.iter().any(|a| a == "--show-lost");
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
        let (result, moves) = match args[0].as_str() {
            "gomoku" => play(
                "gomoku",
                random_opening::<Gomoku>(GomokuSettings::default(), opening_seed),
                levels,
                budgets,
                a_first,
                game,
                &mut clock,
                &mut external,
            ),
            "renju" => play(
                "renju",
                renju_opening(opening_seed),
                levels,
                budgets,
                a_first,
                game,
                &mut clock,
                &mut external,
            ),
            "ninuki" => play(
                "ninuki",
                random_opening::<Ninuki>(NinukiSettings::default(), opening_seed),
                levels,
                budgets,
                a_first,
                game,
                &mut clock,
                &mut external,
            ),
            "pente" => play(
                "pente",
                pente_opening(opening_seed),
                levels,
                budgets,
                a_first,
                game,
                &mut clock,
                &mut external,
            ),
            other => panic!("unknown game {other}; {usage}"),
        };
        if show_lost && result == -1 {
            let seat = if a_first { "first" } else { "second" };
            println!("game {game}, A lost in the {seat} seat: {moves}");
        }
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
