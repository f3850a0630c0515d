//! The capture games' forced-win suite: positions of `data/capture_forced_wins.txt`, in
//! ninuki and in pente, where the side to move wins by continuous threats: fours, captures
//! that leave a win in one, and capture threats when a capture would reach ten stones. A four
//! has more answers here than in gomoku (any capture that takes one of its stones, or a
//! capture that reaches ten first), so each position's shortest win is checked by a
//! brute-force search written from the rules alone, which tries every answer the defender
//! has. The hard level, on a deterministic node budget, must then win each one within its
//! shortest win plus two plies, against the hard level defending.
//!
//! The positions were found by `generate_capture_forced_wins` (ignored; run it in release
//! with `--ignored --nocapture` and paste its output into the data file).

use crate::position_file::{Header, board_from_rows, data_lines, print_rows, rules_named};
use engine::cpu::{GridRules, Level, NodeBudget, SplitMix64, Think, capture_analysis};
use engine::{Board, Direction, Point, Stone};

const DATA: &str = include_str!("../data/capture_forced_wins.txt");
/// Deadline checks per move of the hard level: about ten thousand nodes, a few hundredths of
/// its second a move in a chat, and short in a test run. A capture game's threat search has
/// more threats to try than gomoku's, so this is twice the gomoku suite's.
const CHECKS: u64 = 300;
/// Threats in the longest win the suite holds.
const MOST_THREATS: u32 = 4;
/// Captured stones that win.
const STONES_TO_WIN: u16 = 10;

/// The rule sets of the suite, by the name a header gives them.
const RULE_SETS: [&str; 4] = ["ninuki", "ninuki-exact", "pente", "pente13"];

fn side(stone: Stone) -> usize {
    match stone {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

/// A position of a capture game: the board, and the stones each colour (black, white) has
/// taken.
#[derive(Clone)]
struct Position {
    board: Board,
    captured: [u16; 2],
    rules: GridRules,
}

/// The opponent stones `stone` on the empty `at` would take: along each of the eight ways,
/// two opponent stones and then one of `stone`'s.
fn captures_at(board: &Board, at: Point, stone: Stone) -> Vec<Point> {
    let mut taken = Vec::new();
    for direction in Direction::ALL {
        for way in [1, -1] {
            let at_step = |steps: i32| at.step(direction, way * steps);
            if let (Some(first), Some(second), Some(closer)) = (at_step(1), at_step(2), at_step(3))
                && board.get(first) == Some(stone.opponent())
                && board.get(second) == Some(stone.opponent())
                && board.get(closer) == Some(stone)
            {
                taken.extend([first, second]);
            }
        }
    }
    taken
}

/// Whether `stone` on the empty `at` would flank an opponent pair whose far end is empty: a
/// capture threat.
fn flanks_a_pair(board: &Board, at: Point, stone: Stone) -> bool {
    Direction::ALL.iter().any(|&direction| {
        [1, -1].iter().any(|&way| {
            let at_step = |steps: i32| at.step(direction, way * steps);
            matches!(
                (at_step(1), at_step(2), at_step(3)),
                (Some(first), Some(second), Some(end))
                    if board.get(first) == Some(stone.opponent())
                        && board.get(second) == Some(stone.opponent())
                        && board.contains(end)
                        && board.get(end).is_none()
            )
        })
    })
}

/// Whether some line through the empty `at` holds at least `stones` of `stone` within four
/// steps: a five needs four there, a four three.
fn crowded(board: &Board, at: Point, stone: Stone, stones: usize) -> bool {
    Direction::ALL.iter().any(|&direction| {
        (-4..=4)
            .filter_map(|steps| at.step(direction, steps))
            .filter(|&p| board.get(p) == Some(stone))
            .count()
            >= stones
    })
}

impl Position {
    fn overline_wins(&self, stone: Stone) -> bool {
        match stone {
            Stone::Black => self.rules.black_overline_wins,
            Stone::White => self.rules.white_overline_wins,
        }
    }

    /// Whether `stone` on the empty `at` wins: a winning line through it, or the captures
    /// that reach ten stones. A capture only lifts the other colour's stones, so the line is
    /// judged before them.
    fn wins_at(&mut self, at: Point, stone: Stone) -> bool {
        let taken = captures_at(&self.board, at, stone).len();
        self.wins_taking(at, stone, taken)
    }

    /// [`Position::wins_at`] when the stone on `at` takes `taken` stones.
    fn wins_taking(&mut self, at: Point, stone: Stone, taken: usize) -> bool {
        if usize::from(self.captured[side(stone)]) + taken >= usize::from(STONES_TO_WIN) {
            return true;
        }
        if !crowded(&self.board, at, stone, 4) {
            return false;
        }
        let longest = if self.overline_wins(stone) { None } else { Some(5) };
        self.board.set(at, Some(stone));
        let line = !self.board.runs_through(at, 5, longest).is_empty();
        self.board.set(at, None);
        line
    }

    /// Every empty point where `stone` would win.
    fn win_points(&mut self, stone: Stone) -> Vec<Point> {
        let empty: Vec<Point> = self.board.empty_points().collect();
        empty.into_iter().filter(|&at| self.wins_at(at, stone)).collect()
    }

    /// Plays `stone` on the empty `at` and lifts what it captures; whether it won.
    fn play(&mut self, at: Point, stone: Stone) -> bool {
        let taken = captures_at(&self.board, at, stone);
        let wins = self.wins_taking(at, stone, taken.len());
        self.board.set(at, Some(stone));
        for &point in &taken {
            self.board.set(point, None);
        }
        self.captured[side(stone)] += taken.len() as u16;
        wins
    }

    /// The defender's answers to a threat: its stone on a point where the attacker would win,
    /// or any capture. Any other stone leaves every point where the attacker wins as it was.
    fn answers(&mut self, defender: Stone) -> Vec<Point> {
        let mut answers = self.win_points(defender.opponent());
        let captures: Vec<Point> = self
            .board
            .empty_points()
            .filter(|&at| {
                !answers.contains(&at) && !captures_at(&self.board, at, defender).is_empty()
            })
            .collect();
        answers.extend(captures);
        answers
    }

    /// Whether `attacker`, to move, wins by at most `depth` threats, each one answered by
    /// every answer the defender has.
    fn threat_win(&mut self, attacker: Stone, depth: u32) -> bool {
        let defender = attacker.opponent();
        if !self.win_points(attacker).is_empty() {
            return true;
        }
        if depth == 0 {
            return false;
        }
        // A threat makes a point where the attacker wins: a four (three stones already near
        // it), a stone that flanks a pair, or a capture, which changes everything around it.
        let tries: Vec<Point> = self
            .board
            .empty_points()
            .filter(|&at| {
                crowded(&self.board, at, attacker, 3)
                    || flanks_a_pair(&self.board, at, attacker)
                    || !captures_at(&self.board, at, attacker).is_empty()
            })
            .collect();
        tries.into_iter().any(|at| {
            let mut threat = self.clone();
            threat.play(at, attacker);
            if !threat.win_points(defender).is_empty() || threat.win_points(attacker).is_empty() {
                return false;
            }
            threat.answers(defender).into_iter().all(|answer| {
                let mut answered = threat.clone();
                !answered.play(answer, defender) && answered.threat_win(attacker, depth - 1)
            })
        })
    }

    /// The fewest threats of a win for the side to move, up to `most`.
    fn shortest_threat_win(&self, to_move: Stone, most: u32) -> Option<u32> {
        (1..=most).find(|&depth| self.clone().threat_win(to_move, depth))
    }
}

struct Case {
    name: String,
    rules_name: String,
    to_move: Stone,
    threats: u32,
    position: Position,
}

fn cases() -> Vec<Case> {
    let lines = data_lines(DATA);
    let mut cases = Vec::new();
    let mut rest = &lines[..];
    while let Some((line, after)) = rest.split_first() {
        let header = Header::parse(line);
        let rules_name = header.field("rules");
        let rules = rules_named(rules_name);
        let size = usize::from(rules.size);
        let board = board_from_rows(&after[..size]);
        let captured: Vec<u16> =
            header.field("captured").split(',').map(|n| n.parse().expect("a count")).collect();
        cases.push(Case {
            name: header.name().to_owned(),
            rules_name: rules_name.to_owned(),
            to_move: header.to_move(),
            threats: header.field("threats").parse().expect("a number of threats"),
            position: Position { board, captured: [captured[0], captured[1]], rules },
        });
        rest = &after[size..];
    }
    cases
}

/// The hard level's move for the side to move.
fn hard_move(position: &Position, to_move: Stone, seed: u64) -> Option<Point> {
    let budget = NodeBudget::new(CHECKS);
    let think = Think { level: Level::Hard, seed, deadline: &budget };
    capture_analysis(&position.board, to_move, position.captured, &position.rules, think).best
}

/// Plays the hard level for both sides from the case; the plies the attacker needed to win,
/// or why it did not.
fn play_out(case: &Case, most_plies: u32) -> Result<u32, String> {
    let mut position = case.position.clone();
    let mut to_move = case.to_move;
    for ply in 1..=most_plies {
        let at = hard_move(&position, to_move, u64::from(ply)).ok_or("no move")?;
        if !position.board.contains(at) || position.board.get(at).is_some() {
            return Err(format!("ply {ply}: {at:?} is not an empty point"));
        }
        if position.play(at, to_move) {
            return if to_move == case.to_move {
                Ok(ply)
            } else {
                Err(format!("the defender won at ply {ply}"))
            };
        }
        to_move = to_move.opponent();
    }
    Err(format!("no win within {most_plies} plies"))
}

#[test]
fn the_suite_holds_sixty_positions_over_every_rule_set() {
    let cases = cases();
    assert_eq!(cases.len(), 60);
    for rules in RULE_SETS {
        let count = cases.iter().filter(|c| c.rules_name == rules).count();
        assert!(count >= 10, "{count} {rules} positions");
    }
    let ninuki = cases.iter().filter(|c| c.rules_name.starts_with("ninuki")).count();
    assert_eq!(ninuki, 30, "half ninuki, half pente");
}

#[test]
fn each_position_holds_exactly_its_shortest_threat_win() {
    for case in cases() {
        let found = case.position.shortest_threat_win(case.to_move, case.threats);
        assert_eq!(found, Some(case.threats), "{}", case.name);
    }
}

#[test]
fn the_hard_level_wins_each_within_two_plies_of_the_shortest() {
    let failures: Vec<String> = cases()
        .iter()
        .filter_map(|case| {
            let shortest = 2 * case.threats + 1;
            play_out(case, shortest + 2).err().map(|why| format!("{}: {why}", case.name))
        })
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The brute force's own rules on small positions: a capture breaks a four, and a stone
/// that reaches ten captured stones wins.
#[test]
fn the_brute_force_sees_a_four_broken_by_a_capture() {
    let rules = rules_named("ninuki");
    // Black's e5–h5 with h6 above: white's h4, under white h7, would take h5 h6.
    let mut board = Board::empty(15);
    for (x, y) in [(4, 4), (5, 4), (6, 4), (7, 4), (7, 5)] {
        board.set(Point::new(x, y), Some(Stone::Black));
    }
    board.set(Point::new(7, 6), Some(Stone::White));
    let mut position = Position { board, captured: [0, 0], rules };
    // The four e5–h5 is already there: black wins at d5 or i5 at once.
    assert_eq!(position.win_points(Stone::Black), vec![Point::new(3, 4), Point::new(8, 4)]);
    // White's answers to it: both ends, and the capture at h4.
    let answers = position.answers(Stone::White);
    assert!(answers.contains(&Point::new(7, 3)), "{answers:?}");
    let mut taken = position.clone();
    assert!(!taken.play(Point::new(7, 3), Stone::White));
    assert_eq!(taken.board.get(Point::new(7, 4)), None, "the capture lifted h5");
    assert_eq!(taken.captured, [0, 2]);
    // With eight taken, the same capture wins for white.
    position.captured = [0, 8];
    assert!(position.play(Point::new(7, 3), Stone::White));
}

/// Self-play of the normal level from random openings, stopping at the first position of
/// each game where the side to move has a threat win of two to four threats by the brute
/// force. Prints the positions in the data file's format.
#[test]
#[ignore = "a generator, run by hand in release"]
fn generate_capture_forced_wins() {
    for (rules_name, wanted) in
        [("ninuki", 20), ("ninuki-exact", 10), ("pente", 20), ("pente13", 10)]
    {
        let rules = rules_named(rules_name);
        let mut found = 0;
        for game in 0..2000u64 {
            if found >= wanted {
                break;
            }
            let mut random = SplitMix64::new(0xca_97u64 ^ (game << 8));
            let mut position =
                Position { board: Board::empty(rules.size), captured: [0, 0], rules };
            let centre = rules.size / 2;
            let mut to_move = Stone::Black;
            for _ in 0..3 {
                let at = Point::new(
                    centre - 2 + random.below(5) as u8,
                    centre - 2 + random.below(5) as u8,
                );
                if position.board.get(at).is_none() {
                    position.board.set(at, Some(to_move));
                    to_move = to_move.opponent();
                }
            }
            for ply in 0..120u64 {
                if ply >= 8
                    && let Some(threats) = position.shortest_threat_win(to_move, MOST_THREATS)
                {
                    if threats >= 2 {
                        found += 1;
                        let colour = if to_move == Stone::Black { "black" } else { "white" };
                        println!(
                            "position {rules_name}-{game} rules={rules_name} to_move={colour} captured={},{} threats={threats}",
                            position.captured[0], position.captured[1]
                        );
                        print_rows(&position.board);
                    }
                    break;
                }
                let budget = NodeBudget::new(20);
                let think = Think { level: Level::Normal, seed: game ^ ply, deadline: &budget };
                let analysis =
                    capture_analysis(&position.board, to_move, position.captured, &rules, think);
                let Some(at) = analysis.best else { break };
                if position.play(at, to_move) {
                    break;
                }
                to_move = to_move.opponent();
            }
        }
    }
}
