//! Concrete positions for every duty of the computer player, and property tests of the
//! incremental board against whole-board scans.

use proptest::prelude::*;

use super::board::{Kind, SearchBoard};
use super::cells::{cell_of, point_of};
use super::patterns::Threat;
use super::rules::GridRules;
use super::search::{find_vcf, grid_move};
use crate::cpu::{ComputerPlayer, Level, NodeBudget, Think, Unlimited};
use crate::{
    Board, BoardGame, GomokuSettings, Notation, Point, Renju, RenjuMove, RenjuPhase, RenjuSettings,
    Stone, forbidden_kind,
};

pub(crate) fn point(text: &str) -> Point {
    Notation::WithI.parse(text, 15).expect("test points are valid")
}

/// A 15×15 board from rows `X` black, `O` white, `.` empty, top row first.
pub(crate) fn board(rows: &[&str]) -> Board {
    assert_eq!(rows.len(), 15);
    let mut board = Board::empty(15);
    for (row, text) in rows.iter().enumerate() {
        assert_eq!(text.len(), 15, "row {row}");
        for (x, c) in text.bytes().enumerate() {
            let stone = match c {
                b'X' => Some(Stone::Black),
                b'O' => Some(Stone::White),
                _ => None,
            };
            board.set(Point::new(x as u8, 14 - row as u8), stone);
        }
    }
    board
}

/// A board from lists of points.
pub(crate) fn stones(black: &str, white: &str) -> Board {
    let mut board = Board::empty(15);
    for (list, stone) in [(black, Stone::Black), (white, Stone::White)] {
        for text in list.split_whitespace() {
            board.set(point(text), Some(stone));
        }
    }
    board
}

const BUDGET: u64 = 8;

fn think(level: Level, budget: &NodeBudget) -> Think<'_> {
    Think { level, seed: 7, deadline: budget }
}

fn gomoku() -> GridRules {
    GridRules::gomoku(GomokuSettings::default())
}

fn cpu(board: &Board, to_move: Stone, rules: GridRules, level: Level) -> Point {
    let budget = NodeBudget::new(BUDGET);
    grid_move(board, to_move, &rules, think(level, &budget)).expect("a move")
}

#[test]
fn an_immediate_win_is_always_played() {
    // Black can win at d8 or i8; white has a four of its own at a1–a4.
    let board = stones("e8 f8 g8 h8 c3", "a1 a2 a3 a4 o15");
    for level in Level::ALL {
        let mv = cpu(&board, Stone::Black, gomoku(), level);
        assert!([point("d8"), point("i8")].contains(&mv), "{level:?} played {mv}");
    }
}

#[test]
fn a_four_is_always_blocked() {
    let board = stones("h8 h9 h10 c3 e12", "a1 a2 a3 a4 m13");
    for level in Level::ALL {
        assert_eq!(cpu(&board, Stone::Black, gomoku(), level), point("a5"), "{level:?}");
    }
}

#[test]
fn an_open_three_is_answered() {
    // White's open three f7 g7 h7; black has nothing comparable.
    let board = stones("h8 i9 d3", "f7 g7 h7");
    for level in Level::ALL {
        let mv = cpu(&board, Stone::Black, gomoku(), level);
        assert!(["e7", "i7", "d7", "j7"].map(point).contains(&mv), "{level:?} played {mv}");
    }
}

#[test]
fn the_same_seed_gives_the_same_move() {
    let board = stones("h8 i9 g7 j7", "h9 g8 i7");
    for level in Level::ALL {
        let first = cpu(&board, Stone::White, gomoku(), level);
        assert_eq!(cpu(&board, Stone::White, gomoku(), level), first);
    }
}

#[test]
fn hard_finds_a_victory_by_continuous_fours() {
    // Black: a broken four chain ending in a four-three.
    let board = board(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "......O........",
        ".....X.........",
        "....XOX........",
        "...X..OX.......",
        "..O.X.O........",
        "...O.XO........",
        "......X........",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
    let vcf = find_vcf(&board, Stone::Black, &gomoku(), 10, &Unlimited);
    assert!(vcf.best.is_some(), "a VCF exists");
    assert!(vcf.nodes > 0);
}

#[test]
fn black_never_plays_a_forbidden_point_in_renju() {
    // h8 would be a double three for black and looks strong; black must look elsewhere.
    let board = stones("f8 g8 h6 h7 a15", "a1 a3 c1 o1 o15");
    assert!(forbidden_kind(&board, point("h8")).is_some());
    for level in Level::ALL {
        let mv = cpu(&board, Stone::Black, GridRules::renju(), level);
        assert!(forbidden_kind(&board, mv).is_none(), "{level:?} played forbidden {mv}");
    }
}

#[test]
fn white_wins_by_a_four_whose_block_is_forbidden() {
    // White's four f4–i4 needs j4... let white make a four whose only block, e8, is an
    // overline point for black (b8 c8 d8 f8 g8 black).
    let board = stones("b8 c8 d8 f8 g8 h2 j12", "e4 e5 e6 a1 a15 o1");
    assert!(forbidden_kind(&board, point("e8")).is_some());
    for level in Level::ALL {
        let mv = cpu(&board, Stone::White, GridRules::renju(), level);
        assert!([point("e7"), point("e3")].contains(&mv), "{level:?} played {mv}");
    }
    let vcf = find_vcf(&board, Stone::White, &GridRules::renju(), 4, &Unlimited);
    assert!(vcf.best.is_some());
}

#[test]
fn renju_opening_decisions_are_legal_and_sensible() {
    let budget = NodeBudget::new(4);
    let mut game = Renju::start(RenjuSettings);
    while !matches!(game.phase(), RenjuPhase::Play | RenjuPhase::Over) {
        let mv = game.computer_move(think(Level::Normal, &budget)).expect("a decision");
        if let RenjuMove::Place(point) = mv {
            let area = game.opening_area().expect("an opening stone");
            assert!(area.contains(point));
            assert!(point.ring_distance(area.centre) <= 2, "opening stones stay central: {point}");
        }
        if let RenjuMove::OfferFifth(offers) = mv {
            assert!(offers.iter().all(|p| p.ring_distance(game.board().centre()) <= 4));
        }
        game = game.play(mv).expect("every decision is legal");
    }
    assert_eq!(game.board().count(), (3, 2));
}

#[test]
fn the_opening_swaps_by_the_stones_not_by_who_moves() {
    // Judged by the fitted weights, whose tempo terms outweigh a board of one to four stones,
    // every swap question was answered with a swap, whoever had just played.
    let budget = NodeBudget::new(64);
    let mut game = Renju::start(RenjuSettings);
    let mut swaps = 0;
    let mut questions = 0;
    for text in ["h8", "", "h9", "", "g9", "", "g8", ""] {
        let mv = if text.is_empty() {
            questions += 1;
            let decision = game.computer_move(think(Level::Hard, &budget)).expect("a decision");
            swaps += usize::from(decision == RenjuMove::Swap);
            decision
        } else {
            game.parse_move(text).expect("well written")
        };
        game = game.play(mv).expect("legal");
    }
    assert_eq!(questions, 4);
    assert!(swaps < questions, "{swaps} swaps in {questions} questions");
}

#[test]
fn white_takes_the_weakest_offered_fifth() {
    // Black h8 i8 j8 in a row after the opening: offering g8 or k8 makes an open four; white
    // must take a harmless point instead.
    let mut game = Renju::start(RenjuSettings);
    for text in ["h8", "keep", "h9", "keep", "i8", "keep", "h5", "keep"] {
        let mv = game.parse_move(text).expect("well written");
        game = game.play(mv).expect("legal");
    }
    let offer = game.parse_move("offer g8 a1 a15 o1 o15 b1 a2 n1 o2 c1").expect("well written");
    let game = game.play(offer).expect("legal offer");
    let budget = NodeBudget::new(64);
    let choice = game.computer_move(think(Level::Normal, &budget)).expect("a choice");
    assert_ne!(choice, RenjuMove::ChooseFifth(point("g8")));
}

/// Whether `stone` on the empty `at` wins, by a scan of the lines through it.
fn wins_by_scan(board: &Board, at: Point, stone: Stone, overline_wins: bool) -> bool {
    let mut with = board.clone();
    with.set(at, Some(stone));
    !with.runs_through(at, 5, if overline_wins { None } else { Some(5) }).is_empty()
}

fn random_points(max: usize) -> impl Strategy<Value = Vec<(u8, u8)>> {
    proptest::collection::vec((0u8..15, 0u8..15), 0..max)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The incremental five points agree with a whole-board scan, forbidden points with the
    /// rule, and taking stones back restores the position exactly.
    #[test]
    fn the_incremental_board_agrees_with_a_scan(points in random_points(70), renju in any::<bool>()) {
        let rules = if renju { GridRules::renju() } else { gomoku() };
        let mut search = SearchBoard::new(&Board::empty(15), Stone::Black, rules);
        let start_hash = search.hash();
        let start_total = search.total(Stone::Black);
        let start_worths = search.worths(Stone::White);
        let mut played = Vec::new();
        for (x, y) in points {
            let cell = cell_of(Point::new(x, y));
            if search.is_empty(cell) {
                search.play(cell);
                played.push(cell);
            }
        }
        let board = search.board().clone();
        for at in board.empty_points() {
            let cell = cell_of(at);
            for stone in [Stone::Black, Stone::White] {
                let scan = wins_by_scan(&board, at, stone, rules.overline_wins(stone));
                prop_assert_eq!(search.set(stone, Kind::Five).contains(cell), scan, "{:?} at {}", stone, at);
            }
            if renju {
                let forbidden = forbidden_kind(&board, at).is_some();
                prop_assert_eq!(!search.allowed(cell, Stone::Black), forbidden, "forbidden at {}", at);
                if search.reading(cell, Stone::Black).threat == Threat::Forbidden {
                    prop_assert!(forbidden);
                }
            }
        }
        let half = played.len() / 2;
        for &cell in played[half..].iter().rev() {
            search.undo(cell);
        }
        // Readings kept stone by stone, some of them left standing when a stone did not
        // change their line's pattern, are those of a board read afresh.
        let fresh = SearchBoard::new(search.board(), search.to_move(), rules);
        for at in search.board().empty_points() {
            for stone in [Stone::Black, Stone::White] {
                let cell = cell_of(at);
                prop_assert_eq!(search.reading(cell, stone), fresh.reading(cell, stone), "{:?} at {}", stone, at);
            }
        }
        for stone in [Stone::Black, Stone::White] {
            prop_assert_eq!(search.total(stone), fresh.total(stone));
            prop_assert_eq!(search.worths(stone), fresh.worths(stone));
            for kind in [Kind::Five, Kind::Four, Kind::OpenFour, Kind::Three, Kind::Suspect] {
                prop_assert_eq!(search.set(stone, kind), fresh.set(stone, kind), "{:?} {:?}", stone, kind);
            }
        }
        prop_assert_eq!(search.near(), fresh.near());
        for &cell in played[..half].iter().rev() {
            search.undo(cell);
        }
        prop_assert_eq!(search.hash(), start_hash);
        prop_assert_eq!(search.total(Stone::Black), start_total);
        prop_assert_eq!(search.worths(Stone::White), start_worths);
        prop_assert!(search.near().is_empty());
        prop_assert_eq!(point_of(cell_of(Point::new(3, 4))), Point::new(3, 4));
    }


    /// The answers to an open three read from the readings are those found by playing them.
    #[test]
    fn straight_fours_stopped_as_by_playing(points in random_points(90), renju in any::<bool>()) {
        let rules = if renju { GridRules::renju() } else { gomoku() };
        let mut board = Board::empty(15);
        for (index, (x, y)) in points.into_iter().enumerate() {
            let stone = if index % 2 == 0 { Stone::Black } else { Stone::White };
            board.set(Point::new(x, y), Some(stone));
        }
        for to_move in [Stone::Black, Stone::White] {
            let mut search = SearchBoard::new(&board, to_move, rules);
            for at in board.empty_points() {
                let cell = cell_of(at);
                let read = search.stops_straight_fours(cell);
                prop_assert_eq!(read, search.stops_by_playing(cell), "{:?} at {}", to_move, at);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Random renju games, the computer playing some moves of both seats: every action it
    /// returns is accepted, and black never loses by a forbidden point.
    #[test]
    fn every_renju_computer_move_is_legal(choices in proptest::collection::vec((any::<bool>(), 0usize..400), 40)) {
        let mut game = Renju::start(RenjuSettings);
        for (seed, &(by_cpu, pick)) in choices.iter().enumerate() {
            if game.outcome().is_over() {
                break;
            }
            let mv = if by_cpu || !matches!(game.phase(), RenjuPhase::Play | RenjuPhase::OpeningStone { .. }) {
                let budget = NodeBudget::new(1);
                let think = Think { level: Level::ALL[seed % 3], seed: seed as u64, deadline: &budget };
                game.computer_move(think).expect("a move while the game runs")
            } else {
                let moves = game.legal_moves();
                moves[pick % moves.len()]
            };
            let black_moves = game.seat_to_act() == Some(game.black_seat());
            let placed = match mv { RenjuMove::Place(p) => Some(p), _ => None };
            if by_cpu && black_moves && game.phase() == RenjuPhase::Play
                && let Some(p) = placed
            {
                prop_assert!(forbidden_kind(game.board(), p).is_none(), "black played forbidden {}", p);
            }
            game = match game.play(mv) {
                Ok(next) => next,
                Err(error) => return Err(TestCaseError::fail(format!("{mv:?} refused: {error}"))),
            };
        }
    }
}

#[test]
fn easy_varies_with_the_seed_and_hard_does_not() {
    let board = stones("h8 h6 g9 h7 g6 e6", "g7 g8 i7 h9 h5 f6");
    let moves = |level| {
        let mut moves: Vec<Point> = (0..8)
            .map(|seed| {
                let budget = NodeBudget::new(BUDGET);
                let think = Think { level, seed, deadline: &budget };
                grid_move(&board, Stone::Black, &gomoku(), think).expect("a move")
            })
            .collect();
        moves.sort();
        moves.dedup();
        moves.len()
    };
    assert!(moves(Level::Easy) >= 2, "a beginner's choice depends on the seed");
    assert_eq!(moves(Level::Hard), 1);
}

#[test]
fn the_fifth_choice_stops_at_a_passed_deadline() {
    // Ten offers used to be judged by ten searches, each asking the clock again after the
    // deadline had passed; one search stops at the first "past".
    let mut game = Renju::start(RenjuSettings);
    for text in ["h8", "keep", "h9", "keep", "i8", "keep", "h5", "keep"] {
        let mv = game.parse_move(text).expect("well written");
        game = game.play(mv).expect("legal");
    }
    let offer = game.parse_move("offer g8 a1 a15 o1 o15 b1 a2 n1 o2 c1").expect("well written");
    let game = game.play(offer).expect("legal offer");
    let asked = std::cell::Cell::new(0);
    let deadline = || {
        asked.set(asked.get() + 1);
        true
    };
    let think = Think { level: Level::Hard, seed: 1, deadline: &deadline };
    let choice = game.computer_move(think).expect("a choice");
    assert!(matches!(choice, RenjuMove::ChooseFifth(_)));
    assert_eq!(asked.get(), 1);
}

#[test]
fn an_open_three_is_stopped_at_its_ends_and_gaps_only() {
    // Black's open three h8 i8 j8, white to move; black's second three d4 d5 d6 is closed at d3.
    let board = stones("h8 i8 j8 d4 d5 d6", "d3 a15");
    let mut search = SearchBoard::new(&board, Stone::White, gomoku());
    let stops =
        |search: &mut SearchBoard, at: &str| search.stops_straight_fours(cell_of(point(at)));
    for end in ["g8", "k8"] {
        assert!(stops(&mut search, end), "{end} leaves black no straight four");
    }
    for elsewhere in ["h9", "f8", "l8", "d7"] {
        assert!(!stops(&mut search, elsewhere), "{elsewhere} leaves black a straight four");
    }
    // With a second open three no single stone stops both.
    let two = stones("h8 i8 j8 c12 d12 e12", "a15 o1");
    let mut search = SearchBoard::new(&two, Stone::White, gomoku());
    for at in ["g8", "k8", "b12", "f12"] {
        assert!(!stops(&mut search, at), "{at} stops one three of two");
    }
}

#[test]
fn a_stone_that_lifts_a_double_four_ban_leaves_black_a_straight_four() {
    // h8 would give black a straight four (f8 g8 h8 i8) and a closed four (h8 to h11): a
    // double four, forbidden, so black has no straight four to make. White's h7 ends the
    // closed four and with it the ban.
    let board = stones("f8 g8 i8 h9 h10 h11", "h12 a15 o1");
    let mut search = SearchBoard::new(&board, Stone::White, GridRules::renju());
    assert!(!search.allowed(cell_of(point("h8")), Stone::Black));
    assert!(search.stops_straight_fours(cell_of(point("a1"))), "black has none to stop");
    assert!(!search.stops_straight_fours(cell_of(point("h7"))), "h7 hands black h8");
    assert!(!search.stops_by_playing(cell_of(point("h7"))));
}
