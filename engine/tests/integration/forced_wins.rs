//! The forced-win suite: positions of `data/forced_wins.txt`, in freestyle gomoku and in
//! renju, where the side to move wins by continuous fours (VCF). Each position's shortest VCF
//! is checked here by a brute-force search that knows only the board and the rules, and the
//! hard level, on a deterministic node budget, must win it within that many plies plus two
//! against the hard level defending.
//!
//! The positions were found by `generate_forced_wins` (ignored; run it in release with
//! `--ignored --nocapture` and paste its output into the data file).

use crate::position_file::{Header, board_from_rows, data_lines, print_rows, rules_named};
use engine::cpu::{
    GridRules, Level, NodeBudget, SplitMix64, Think, Unlimited, find_vcf, grid_move,
};
use engine::{Board, Direction, Point, Stone, forbidden_kind};

const DATA: &str = include_str!("../data/forced_wins.txt");
/// Deadline checks per move of the hard level: a few thousand nodes, enough for its
/// threat searches, and short in a debug test run.
const CHECKS: u64 = 150;
/// Fours in the longest VCF the suite holds.
const MOST_FOURS: u32 = 4;

struct Case {
    name: String,
    rules: GridRules,
    to_move: Stone,
    fours: u32,
    board: Board,
}

fn cases() -> Vec<Case> {
    let lines = data_lines(DATA);
    lines
        .chunks(16)
        .map(|chunk| {
            let header = Header::parse(chunk[0]);
            Case {
                name: header.name().to_owned(),
                rules: rules_named(header.field("rules")),
                to_move: header.to_move(),
                fours: header.field("fours").parse().expect("a number of fours"),
                board: board_from_rows(&chunk[1..]),
            }
        })
        .collect()
}

fn restricted(rules: &GridRules, stone: Stone) -> bool {
    stone == Stone::Black && rules.forbidden != engine::cpu::ForbiddenMoves::Off
}

/// Whether `stone` on the empty `at` makes a winning line.
fn wins_at(board: &mut Board, at: Point, stone: Stone, rules: &GridRules) -> bool {
    let overline =
        if stone == Stone::Black { rules.black_overline_wins } else { rules.white_overline_wins };
    board.set(at, Some(stone));
    let wins = !board.runs_through(at, 5, if overline { None } else { Some(5) }).is_empty();
    board.set(at, None);
    wins
}

/// Whether some line through the empty `at` holds at least `stones` of `stone` within four
/// steps: a five needs four there, a four three. Spares most of the board's points.
fn crowded(board: &Board, at: Point, stone: Stone, stones: usize) -> bool {
    Direction::ALL.iter().any(|&direction| {
        (-4..=4)
            .filter_map(|steps| at.step(direction, steps))
            .filter(|&p| board.get(p) == Some(stone))
            .count()
            >= stones
    })
}

/// Every empty point where `stone` would make a winning line.
fn five_points(board: &mut Board, stone: Stone, rules: &GridRules) -> Vec<Point> {
    let empty: Vec<Point> = board.empty_points().filter(|&p| crowded(board, p, stone, 4)).collect();
    empty.into_iter().filter(|&p| wins_at(board, p, stone, rules)).collect()
}

fn playable(board: &Board, at: Point, stone: Stone, rules: &GridRules) -> bool {
    !restricted(rules, stone) || forbidden_kind(board, at).is_none()
}

/// Whether `attacker`, to move, wins by at most `depth` fours, every four answered by its
/// block and a counter-four blocked by a four.
fn vcf(board: &mut Board, attacker: Stone, rules: &GridRules, depth: u32) -> bool {
    let defender = attacker.opponent();
    if !five_points(board, attacker, rules).is_empty() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let threats = five_points(board, defender, rules);
    let tries: Vec<Point> = match threats[..] {
        [] => board.empty_points().filter(|&p| crowded(board, p, attacker, 3)).collect(),
        [block] => vec![block],
        _ => return false,
    };
    tries
        .into_iter()
        .any(|at| playable(board, at, attacker, rules) && four(board, at, attacker, rules, depth))
}

/// Whether the attacker's stone on `at` is a four that keeps a VCF of `depth` fours going.
fn four(board: &mut Board, at: Point, attacker: Stone, rules: &GridRules, depth: u32) -> bool {
    let defender = attacker.opponent();
    board.set(at, Some(attacker));
    let fives = five_points(board, attacker, rules);
    let wins = if fives.is_empty() || !five_points(board, defender, rules).is_empty() {
        false
    } else if fives.len() >= 2 || !playable(board, fives[0], defender, rules) {
        // Two points to make five, or the one block forbidden to black.
        true
    } else {
        board.set(fives[0], Some(defender));
        let wins = vcf(board, attacker, rules, depth - 1);
        board.set(fives[0], None);
        wins
    };
    board.set(at, None);
    wins
}

/// The fewest fours of a VCF for the side to move, up to `most`.
fn shortest_vcf(board: &Board, to_move: Stone, rules: &GridRules, most: u32) -> Option<u32> {
    let mut board = board.clone();
    (1..=most).find(|&depth| vcf(&mut board, to_move, rules, depth))
}

/// Plays the hard level for both sides from the case; the plies the attacker needed to make
/// five, or why it did not.
fn play_out(case: &Case, most_plies: u32) -> Result<u32, String> {
    let mut board = case.board.clone();
    let mut to_move = case.to_move;
    for ply in 1..=most_plies {
        let budget = NodeBudget::new(CHECKS);
        let think = Think { level: Level::Hard, seed: u64::from(ply), deadline: &budget };
        let at = grid_move(&board, to_move, &case.rules, think).ok_or("no move")?;
        if board.get(at).is_some() {
            return Err(format!("ply {ply}: {at:?} is taken"));
        }
        if !playable(&board, at, to_move, &case.rules) {
            return Err(format!("ply {ply}: {to_move:?} played the forbidden {at:?}"));
        }
        if wins_at(&mut board, at, to_move, &case.rules) {
            return if to_move == case.to_move {
                Ok(ply)
            } else {
                Err(format!("the defender won at ply {ply}"))
            };
        }
        board.set(at, Some(to_move));
        to_move = to_move.opponent();
    }
    Err(format!("no five within {most_plies} plies"))
}

#[test]
fn the_suite_covers_both_rule_sets() {
    let cases = cases();
    for rules in ["gomoku", "renju"] {
        let count = cases.iter().filter(|c| c.rules == rules_named(rules)).count();
        assert!(count >= 8, "{count} {rules} positions");
    }
}

#[test]
fn each_position_holds_exactly_its_shortest_vcf() {
    for case in cases() {
        let found = shortest_vcf(&case.board, case.to_move, &case.rules, case.fours);
        assert_eq!(found, Some(case.fours), "{}", case.name);
    }
}

#[test]
fn the_engine_threat_search_agrees_on_each_length() {
    for case in cases() {
        let within = |fours| {
            find_vcf(&case.board, case.to_move, &case.rules, fours, &Unlimited).best.is_some()
        };
        // The engine stops one four early when the last block leaves a straight four to
        // make, so its count may be one less, never more and never two less.
        assert!(within(case.fours), "{}", case.name);
        assert!(case.fours < 3 || !within(case.fours - 2), "{}", case.name);
    }
}

#[test]
fn the_hard_level_wins_each_within_two_plies_of_the_shortest() {
    for case in cases() {
        let shortest = 2 * case.fours + 1;
        let plies = play_out(&case, shortest + 2);
        assert!(plies.is_ok(), "{}: {plies:?}", case.name);
    }
}

/// Self-play of the normal level from random openings, stopping at the first position of
/// each game where the engine's threat search finds a VCF for the side to move; kept when the
/// brute force's shortest VCF there has two to four fours. Prints the positions in the data
/// file's format.
#[test]
#[ignore = "a generator, run by hand in release"]
fn generate_forced_wins() {
    for rules_name in ["gomoku", "renju"] {
        let rules = rules_named(rules_name);
        let mut found = 0;
        for game in 0..400u64 {
            if found >= 12 {
                break;
            }
            let mut random = SplitMix64::new(0xf0_4ced ^ game);
            let mut board = Board::empty(15);
            let mut to_move = Stone::Black;
            for _ in 0..3 {
                let at = Point::new(5 + random.below(5) as u8, 5 + random.below(5) as u8);
                if board.get(at).is_none() {
                    board.set(at, Some(to_move));
                    to_move = to_move.opponent();
                }
            }
            for ply in 0..80 {
                let engine_sees =
                    find_vcf(&board, to_move, &rules, MOST_FOURS, &Unlimited).best.is_some();
                if ply >= 6
                    && engine_sees
                    && let Some(fours) = shortest_vcf(&board, to_move, &rules, MOST_FOURS)
                {
                    if fours >= 2 {
                        found += 1;
                        let side = if to_move == Stone::Black { "black" } else { "white" };
                        println!(
                            "position {rules_name}-{game} rules={rules_name} to_move={side} fours={fours}"
                        );
                        print_rows(&board);
                    }
                    break;
                }
                let budget = NodeBudget::new(20);
                let think = Think { level: Level::Normal, seed: game ^ ply, deadline: &budget };
                let Some(at) = grid_move(&board, to_move, &rules, think) else { break };
                let wins = wins_at(&mut board, at, to_move, &rules);
                board.set(at, Some(to_move));
                if wins {
                    break;
                }
                to_move = to_move.opponent();
            }
        }
    }
}
