//! The computer player of gomoku and renju on data: the VCF positions of `data/vcf.txt`
//! (each checked here by a brute-force search that knows only the board and the rules), and
//! black's moves on the renju reference boards of `data/renju_boards.txt`.

use crate::position_file::{Header, board_from_rows, data_lines, print_rows, rules_named};
use engine::cpu::{GridRules, Level, NodeBudget, Think, Unlimited, find_vcf, grid_move};
use engine::{Board, Direction, Point, Stone, forbidden_kind};

const VCF_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vcf.txt");
const RENJU_BOARDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/renju_boards.txt");

#[derive(Debug)]
struct VcfCase {
    name: String,
    rules: GridRules,
    to_move: Stone,
    board: Board,
}

/// Reads `position <name> rules=<r> to_move=<black|white>` headers, each followed by 15 rows.
fn vcf_cases() -> Vec<VcfCase> {
    let text = std::fs::read_to_string(VCF_FILE).expect("the VCF positions file");
    let lines = data_lines(&text);
    lines
        .chunks(16)
        .map(|chunk| {
            let header = Header::parse(chunk[0]);
            VcfCase {
                name: header.name().to_owned(),
                rules: rules_named(header.field("rules")),
                to_move: header.to_move(),
                board: board_from_rows(&chunk[1..]),
            }
        })
        .collect()
}

fn restricted(rules: &GridRules, stone: Stone) -> bool {
    stone == Stone::Black && rules.forbidden != engine::cpu::ForbiddenMoves::Off
}

fn overline_wins(rules: &GridRules, stone: Stone) -> bool {
    if stone == Stone::Black { rules.black_overline_wins } else { rules.white_overline_wins }
}

fn wins_at(board: &mut Board, at: Point, stone: Stone, rules: &GridRules) -> bool {
    if !board.contains(at) || board.get(at).is_some() {
        return false;
    }
    board.set(at, Some(stone));
    let max = if overline_wins(rules, stone) { None } else { Some(5) };
    let wins = !board.runs_through(at, 5, max).is_empty();
    board.set(at, None);
    wins
}

/// The points where `stone` would win, on the lines through `around` (or anywhere).
fn five_points(
    board: &mut Board,
    stone: Stone,
    rules: &GridRules,
    around: Option<Point>,
) -> Vec<Point> {
    let points: Vec<Point> = match around {
        Some(centre) => Direction::ALL
            .iter()
            .flat_map(|&d| (-4..=4).filter_map(move |k| centre.step(d, k)))
            .collect(),
        None => board.empty_points().collect(),
    };
    let mut fives: Vec<Point> =
        points.into_iter().filter(|&p| wins_at(board, p, stone, rules)).collect();
    fives.sort();
    fives.dedup();
    fives
}

/// A plain VCF: fours only, the defender blocking each; never uses a four to block.
fn brute_vcf(board: &mut Board, attacker: Stone, rules: &GridRules, depth: u32) -> bool {
    let defender = attacker.opponent();
    if !five_points(board, attacker, rules, None).is_empty() {
        return true;
    }
    if depth == 0 || !five_points(board, defender, rules, None).is_empty() {
        return false;
    }
    // A four needs three more stones of its colour within four steps in one line.
    let could_four = |board: &Board, p: Point| {
        Direction::ALL.iter().any(|&d| {
            (-4..=4)
                .filter_map(|k| p.step(d, k))
                .filter(|&q| board.get(q) == Some(attacker))
                .count()
                >= 3
        })
    };
    let empty: Vec<Point> = board.empty_points().filter(|&p| could_four(board, p)).collect();
    empty.into_iter().any(|p| brute_four(board, p, attacker, rules, depth))
}

/// Whether the four at `p` keeps a plain VCF going.
fn brute_four(board: &mut Board, p: Point, attacker: Stone, rules: &GridRules, depth: u32) -> bool {
    let defender = attacker.opponent();
    if restricted(rules, attacker) && forbidden_kind(board, p).is_some() {
        return false;
    }
    board.set(p, Some(attacker));
    let fives = five_points(board, attacker, rules, Some(p));
    let wins = match fives[..] {
        [] => false,
        [block] => {
            if restricted(rules, defender) && forbidden_kind(board, block).is_some() {
                true
            } else {
                board.set(block, Some(defender));
                let wins = brute_vcf(board, attacker, rules, depth - 1);
                board.set(block, None);
                wins
            }
        }
        _ => true,
    };
    board.set(p, None);
    wins
}

#[test]
fn every_vcf_position_is_a_vcf_and_hard_finds_it() {
    let cases = vcf_cases();
    assert!(cases.len() >= 20, "at least 20 positions, found {}", cases.len());
    for case in &cases {
        let mut board = case.board.clone();
        let found = find_vcf(&case.board, case.to_move, &case.rules, 12, &Unlimited);
        let first =
            found.best.unwrap_or_else(|| panic!("{}: the VCF search finds nothing", case.name));
        assert!(case.board.get(first).is_none(), "{}", case.name);
        let budget = NodeBudget::new(20);
        let think = Think { level: Level::Hard, seed: 1, deadline: &budget };
        let played = grid_move(&case.board, case.to_move, &case.rules, think).expect("a move");
        assert!(
            brute_four(&mut board, played, case.to_move, &case.rules, 10),
            "{}: hard played {played:?}, which starts no plain VCF",
            case.name
        );
    }
}

/// The renju reference boards, black to move: the computer never picks a forbidden point.
#[test]
fn black_avoids_forbidden_points_on_the_reference_boards() {
    let text = std::fs::read_to_string(RENJU_BOARDS).expect("the renju boards file");
    let lines = data_lines(&text);
    let mut boards = 0;
    for chunk in lines.chunks(16) {
        assert!(chunk[0].starts_with("board "), "a board header: {:?}", chunk[0]);
        let board = board_from_rows(&chunk[1..]);
        for level in Level::ALL {
            let budget = NodeBudget::new(6);
            let think = Think { level, seed: boards, deadline: &budget };
            let mv = grid_move(&board, Stone::Black, &GridRules::renju(), think).expect("a move");
            assert_eq!(forbidden_kind(&board, mv), None, "board {boards}, {level:?}: {mv:?}");
        }
        boards += 1;
    }
    assert_eq!(boards, 10);
}

/// Writes new VCF positions found in self-play (run by hand with `--ignored --nocapture`).
#[test]
#[ignore = "a generator for data/vcf.txt, not a check"]
fn generate_vcf_positions() {
    let mut seed = 0u64;
    for rules_name in ["gomoku", "renju", "exact"] {
        let rules = rules_named(rules_name);
        let mut found = 0;
        while found < 9 {
            seed += 1;
            let mut board = Board::empty(15);
            let mut to_move = Stone::Black;
            for ply in 0..60u64 {
                let mut probe = board.clone();
                if ply >= 8
                    && five_points(&mut probe, to_move, &rules, None).is_empty()
                    && five_points(&mut probe, to_move.opponent(), &rules, None).is_empty()
                    && !brute_vcf(&mut probe, to_move, &rules, 2)
                    && brute_vcf(&mut probe, to_move, &rules, 10)
                {
                    let colour = if to_move == Stone::Black { "black" } else { "white" };
                    println!(
                        "position {rules_name}-{seed}-{ply} rules={rules_name} to_move={colour}"
                    );
                    print_rows(&board);
                    found += 1;
                    break;
                }
                let budget = NodeBudget::new(2);
                let think = Think { level: Level::Easy, seed: seed * 100 + ply, deadline: &budget };
                let Some(mv) = grid_move(&board, to_move, &rules, think) else { break };
                let mut after = board.clone();
                after.set(mv, Some(to_move));
                if !after.runs_through(mv, 5, None).is_empty() {
                    break;
                }
                board = after;
                to_move = to_move.opponent();
            }
        }
    }
}

/// Every level at its default budget, on a clock, on the VCF positions and a few quiet ones:
/// no move takes more than a tenth longer than the budget. Run in release mode, on a machine
/// that is not busy: `cargo test --release -p cincobot-engine --test integration -- --ignored
/// --nocapture cpu_grid::default_budgets`.
#[test]
#[ignore = "measures wall-clock time; release mode only"]
fn default_budgets_are_kept() {
    use std::time::{Duration, Instant};
    engine::cpu::warm_up();
    let mut positions: Vec<(Board, Stone, GridRules)> =
        vcf_cases().into_iter().take(6).map(|c| (c.board, c.to_move, c.rules)).collect();
    let mut quiet = Board::empty(15);
    for (x, y, stone) in [(7, 7, Stone::Black), (8, 8, Stone::White), (6, 8, Stone::Black)] {
        quiet.set(Point::new(x, y), Some(stone));
    }
    positions.push((quiet.clone(), Stone::White, rules_named("gomoku")));
    positions.push((quiet, Stone::White, GridRules::renju()));
    positions.push((Board::empty(15), Stone::Black, rules_named("gomoku")));
    for level in Level::ALL {
        let budget = level.default_budget();
        let mut longest = Duration::ZERO;
        for (board, to_move, rules) in &positions {
            let start = Instant::now();
            let deadline = || start.elapsed() >= budget;
            let think = Think { level, seed: 1, deadline: &deadline };
            assert!(grid_move(board, *to_move, rules, think).is_some());
            longest = longest.max(start.elapsed());
        }
        println!("{level:?}: longest {longest:?} for a budget of {budget:?}");
        assert!(longest <= budget + budget / 10, "{level:?}: {longest:?} for {budget:?}");
    }
}
