//! Matches between two computer levels at gomoku, renju, ninuki or pente, for checking that the levels are
//! ordered. Colours alternate: game `2k` and `2k + 1` share an opening, with the seats
//! exchanged.
//!
//! ```text
//! cargo run --release -p cincobot-engine --example match_grid -- <gomoku|renju|ninuki|pente> <level A> <level B> <games> [--budget-ms A,B | --checks A,B] [--openings FILE] [--first-game N] [--opponent PROGRAM] [--show-lost]
//! match_grid serve
//! match_grid openings <gomoku|renju|ninuki|pente> <count> [--judges STRONG,WEAK]
//! ```
//!
//! `--openings FILE` takes game `2k`'s opening from line `k` of FILE (moves in the game's
//! notation, separated by `;`) instead of drawing one at random. The `openings` mode writes
//! such a file: random openings kept only when they are balanced, that is when colour does
//! not decide the game between a stronger and a weaker judge (this build's hard level on
//! 3000 and on 2000 deadline checks a move, or the checks `--judges` names): the stronger
//! must win with either colour. The closer and the stronger the judges, the less an opening
//! may favour one colour.
//! The files in `engine/examples/openings/` were made by it and are what the gauntlets in
//! `docs/PERFORMANCE.md` play from: `gomoku.txt` with the default judges, the others with
//! `--judges 400,100`.
//!
//! `--first-game N` plays games `N` to `N + games - 1` (and their openings), so that one
//! match can be split over processes, one a core.
//!
//! `--opponent` has B's moves played by another build of this example, started as
//! `PROGRAM serve`: that is how today's engine meets an older one in a gauntlet. A serving
//! process reads one request a line, `game<TAB>level<TAB>ms|checks:N<TAB>seed<TAB>moves`
//! (the moves so far in the game's notation, separated by `;`), and answers with its move.
//!
//! Prints the wins, draws and losses of A (and A's wins with the first and the second seat,
//! and its wins and draws with black and with white),
//! the mean and longest milliseconds per move, and how many moves overran their budget by more
//! than 10 %; with `--show-lost`, also the moves of every game A lost, to see why. `--checks`
//! gives each side a deterministic [`NodeBudget`] of deadline checks instead of a clock: the
//! same games on any machine, whatever else it is doing, for tuning.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use engine::cpu::{ComputerPlayer, Deadline, Level, NodeBudget, SplitMix64, Think};
use engine::{
    Board, BoardGame, Gomoku, GomokuSettings, Ninuki, NinukiSettings, Outcome, Pente,
    PenteSettings, Point, Renju, RenjuMove, RenjuSettings, Seat, Stone, Symmetry,
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
    fn new() -> Clock {
        Clock {
            moves: [0; 2],
            total: [Duration::ZERO; 2],
            longest: [Duration::ZERO; 2],
            overruns: [0; 2],
        }
    }

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
/// when given. Returns the outcome seen from A (1 win, 0 draw, -1 loss) and the game as it
/// ended.
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
) -> (i32, G) {
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
    (result, game)
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

/// A renju opening: the first three stones at random inside their squares and white's
/// fourth at random two points from the centre at most, colours kept; the computers decide
/// everything after. (The three stones alone make only the 26 openings of the rules.)
fn renju_opening(seed: u64) -> Renju {
    let mut random = SplitMix64::new(seed);
    let mut game = Renju::start(RenjuSettings);
    let centre = game.board().centre();
    while game.board().count().0 + game.board().count().1 < 4 {
        let moves: Vec<RenjuMove> = game
            .legal_moves()
            .into_iter()
            .filter(|mv| !matches!(mv, RenjuMove::Place(point) if point.ring_distance(centre) > 2))
            .collect();
        let keep = moves.iter().position(|&mv| mv == RenjuMove::KeepColours);
        let pick = keep.unwrap_or_else(|| random.below(moves.len() as u64) as usize);
        game = game.play(moves[pick]).expect("a listed move is legal");
    }
    game
}

/// Answers one request of the serve mode: the move for `moves` played from the start.
/// `game` after `moves`, given in its notation and separated by `;`.
fn replay<G: BoardGame>(mut game: G, moves: &str) -> G {
    for text in moves.split(';').filter(|text| !text.is_empty()) {
        let mv = game.parse_move(text).unwrap_or_else(|error| panic!("move {text:?}: {error}"));
        game = game.play(mv).unwrap_or_else(|error| panic!("move {text:?}: {error}"));
    }
    game
}

fn serve_one<G: ComputerPlayer>(start: G, moves: &str, think: Think<'_>) -> String {
    let game = replay(start, moves);
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

/// The judges of the `openings` mode when `--judges` does not name them: this build's hard
/// level on this many deadline checks a move, the stronger first.
const JUDGES: [u64; 2] = [3000, 2000];

/// Whether colour does not decide `opening`: the stronger judge (`judges[0]` checks a move)
/// wins it with either colour against the weaker.
fn balanced<G: ComputerPlayer>(name: &str, opening: &G, judges: [u64; 2]) -> bool {
    let mut clock = Clock::new();
    [true, false].into_iter().all(|strong_first| {
        let levels = [Level::Hard; 2];
        let budgets = judges.map(Budget::Checks);
        let (result, _) =
            play(name, opening.clone(), levels, budgets, strong_first, 0, &mut clock, &mut None);
        result == 1
    })
}

/// The stones of `board` as the least of their eight reflections and rotations: openings that
/// are one position seen from another side share it.
fn symmetric_key(board: &Board) -> Vec<(Point, bool)> {
    let stones: Vec<(Point, Stone)> =
        board.points().filter_map(|point| Some((point, board.get(point)?))).collect();
    Symmetry::ALL
        .iter()
        .map(|symmetry| {
            let mut key: Vec<(Point, bool)> = stones
                .iter()
                .map(|&(point, stone)| (symmetry.apply(point, board.size()), stone == Stone::Black))
                .collect();
            key.sort_unstable();
            key
        })
        .min()
        .unwrap_or_default()
}

/// The `openings` mode: prints `count` balanced openings, drawn at random one after another,
/// each a position none printed before is (up to symmetry). The judges' games are played on
/// every core, a batch of seeds at a time; the openings are kept in the order of their seeds,
/// so the file is the same however many cores made it. Tells on standard error how many
/// openings were drawn.
fn print_balanced_openings<G: ComputerPlayer + Send + Sync>(
    name: &str,
    random: fn(u64) -> G,
    board: fn(&G) -> &Board,
    count: usize,
    judges: [u64; 2],
) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut seen = std::collections::HashSet::new();
    let mut seed = 0x5eed;
    let mut drawn = 0;
    while seen.len() < count {
        let batch: Vec<G> = (seed..seed + cores as u64).map(random).collect();
        seed += cores as u64;
        let verdicts: Vec<bool> = std::thread::scope(|scope| {
            let judging: Vec<_> = batch
                .iter()
                .map(|opening| scope.spawn(move || balanced(name, opening, judges)))
                .collect();
            judging.into_iter().map(|judge| judge.join().expect("a judge's game")).collect()
        });
        for (opening, kept) in batch.iter().zip(verdicts) {
            if seen.len() == count {
                break;
            }
            drawn += 1;
            let key = symmetric_key(board(opening));
            if kept && !seen.contains(&key) {
                println!("{}", notation(opening));
                seen.insert(key);
            }
        }
    }
    eprintln!("{count} balanced openings of {drawn} drawn");
}

/// The two numbers of `text`, written `A,B`, given to `flag`; a wrong value prints what the
/// flag takes and the usage, and ends the program.
fn pair_or_exit(flag: &str, text: &str, usage: &str) -> [u64; 2] {
    let parsed: Option<Vec<u64>> = text.split(',').map(|n| n.parse().ok()).collect();
    if let Some(&[a, b]) = parsed.as_deref() {
        return [a, b];
    }
    eprintln!("{flag} takes two numbers, A,B, not {text:?}\n{usage}");
    std::process::exit(2);
}

/// What a match is asked to do, from the command line.
struct Options {
    name: String,
    levels: [Level; 2],
    budgets: [Budget; 2],
    games: u64,
    /// The number of the match's first game: a match split over several processes (one a
    /// core) gives each its own range of games, and so of openings.
    first_game: u64,
    /// The openings file's lines, one opening for each pair of games; empty: random openings.
    openings: Vec<String>,
    external: Option<External>,
    show_lost: bool,
}

/// Plays the match and prints its result. `black_seat` tells who ended up with black (in
/// renju the opening's swaps decide it).
fn run_match<G: ComputerPlayer>(
    start: G,
    random: fn(u64) -> G,
    black_seat: fn(&G) -> Seat,
    options: &mut Options,
) {
    let mut clock = Clock::new();
    let mut score = [0u32; 3];
    let mut wins_by_seat = [0u32; 2];
    let mut wins_by_colour = [0u32; 2];
    let mut draws_by_colour = [0u32; 2];
    let started = Instant::now();
    for game in options.first_game..options.first_game + options.games {
        let pair = game / 2;
        let opening = if options.openings.is_empty() {
            random(0x5eed ^ pair)
        } else {
            let line = options.openings.get(pair as usize).unwrap_or_else(|| {
                panic!(
                    "the openings file has {} lines, not enough for game {game}",
                    options.openings.len()
                )
            });
            replay(start.clone(), line)
        };
        let a_first = game % 2 == 0;
        let (result, ended) = play(
            &options.name,
            opening,
            options.levels,
            options.budgets,
            a_first,
            game,
            &mut clock,
            &mut options.external,
        );
        if options.show_lost && result == -1 {
            let seat = if a_first { "first" } else { "second" };
            println!("game {game}, A lost in the {seat} seat: {}", notation(&ended));
        }
        score[usize::try_from(1 - result).unwrap_or(0)] += 1;
        let a_seat = if a_first { Seat::First } else { Seat::Second };
        let a_colour = usize::from(black_seat(&ended) != a_seat);
        if result == 1 {
            wins_by_seat[usize::from(!a_first)] += 1;
            wins_by_colour[a_colour] += 1;
        } else if result == 0 {
            draws_by_colour[a_colour] += 1;
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
        "{} {:?} vs {:?}, {} games, budgets {}/{}: A won {} ({} first, {} second; {} with black, {} with white), drew {} ({} with black, {} with white), lost {} ({:.0} %); A {}; B {}; {:.0} s",
        options.name,
        options.levels[0],
        options.levels[1],
        options.games,
        budget(options.budgets[0]),
        budget(options.budgets[1]),
        score[0],
        wins_by_seat[0],
        wins_by_seat[1],
        wins_by_colour[0],
        wins_by_colour[1],
        score[1],
        draws_by_colour[0],
        draws_by_colour[1],
        score[2],
        100.0 * f64::from(score[0]) / options.games as f64,
        ms(0),
        ms(1),
        started.elapsed().as_secs_f64()
    );
}

/// Black's seat in the games without a swap: the first.
fn first<G>(_: &G) -> Seat {
    Seat::First
}

fn gomoku_opening(seed: u64) -> Gomoku {
    random_opening(GomokuSettings::default(), seed)
}

fn ninuki_opening(seed: u64) -> Ninuki {
    random_opening(NinukiSettings::default(), seed)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("serve") {
        serve();
        return;
    }
    // The pattern tables are built before the first clock starts, as the bot does at start.
    engine::cpu::warm_up();
    let usage = "usage: match_grid <gomoku|renju|ninuki|pente> <level A> <level B> <games> [--budget-ms A,B | --checks A,B] [--openings FILE] [--first-game N] [--opponent PROGRAM] [--show-lost]\n       match_grid openings <gomoku|renju|ninuki|pente> <count> [--judges STRONG,WEAK]";
    if args.first().map(String::as_str) == Some("openings") {
        if args.len() < 3 {
            eprintln!("{usage}");
            std::process::exit(2);
        }
        let judges = match &args[3..] {
            [] => JUDGES,
            [flag, pair] if flag == "--judges" => pair_or_exit(flag, pair, usage),
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        };
        let count: usize = args[2].parse().expect("a number of openings");
        match args[1].as_str() {
            "gomoku" => {
                print_balanced_openings("gomoku", gomoku_opening, Gomoku::board, count, judges)
            }
            "renju" => print_balanced_openings("renju", renju_opening, Renju::board, count, judges),
            "ninuki" => {
                print_balanced_openings("ninuki", ninuki_opening, Ninuki::board, count, judges)
            }
            "pente" => print_balanced_openings("pente", pente_opening, Pente::board, count, judges),
            other => panic!("unknown game {other}; {usage}"),
        }
        return;
    }
    if args.len() < 4 {
        eprintln!("{usage}");
        std::process::exit(2);
    }
    let level = |text: &str| text.parse::<Level>().unwrap_or_else(|error| panic!("{error}"));
    let levels = [level(&args[1]), level(&args[2])];
    let flag = |flag: &str| {
        let index = args.iter().position(|a| a == flag)?;
        Some(args.get(index + 1).unwrap_or_else(|| panic!("{flag} needs a value")))
    };
    let pair = |name: &str| flag(name).map(|text| pair_or_exit(name, text, usage));
    let mut budgets = levels.map(|level| Budget::Clock(level.default_budget()));
    if let Some(ms) = pair("--budget-ms") {
        budgets = ms.map(|ms| Budget::Clock(Duration::from_millis(ms)));
    }
    if let Some(checks) = pair("--checks") {
        budgets = checks.map(Budget::Checks);
    }
    let openings = flag("--openings").map_or_else(Vec::new, |file| {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|error| panic!("cannot read {file}: {error}"));
        text.lines().map(str::to_owned).filter(|line| !line.is_empty()).collect()
    });
    let mut options = Options {
        name: args[0].clone(),
        levels,
        budgets,
        games: args[3].parse().expect("a number of games"),
        first_game: flag("--first-game").map_or(0, |n| n.parse().expect("a game number")),
        openings,
        external: flag("--opponent").map(|program| External::start(program)),
        show_lost: args.iter().any(|a| a == "--show-lost"),
    };
    match args[0].as_str() {
        "gomoku" => {
            run_match(Gomoku::start(GomokuSettings::default()), gomoku_opening, first, &mut options)
        }
        "renju" => {
            run_match(Renju::start(RenjuSettings), renju_opening, Renju::black_seat, &mut options)
        }
        "ninuki" => {
            run_match(Ninuki::start(NinukiSettings::default()), ninuki_opening, first, &mut options)
        }
        "pente" => {
            run_match(Pente::start(PenteSettings::default()), pente_opening, first, &mut options)
        }
        other => panic!("unknown game {other}; {usage}"),
    }
}
