//! Concrete positions for every duty of the capture games' computer player, and property
//! tests: the capture board against the rules, and the players' moves always legal.

use proptest::prelude::*;

use super::board::Kind;
use super::candidates::Moves;
use super::capture_evaluation::evaluate;
use super::capture_search::CaptureSearcher;
use super::captures::CaptureBoard;
use super::cells::{CellSet, cell_of};
use super::pvs::{FUTILITY_MARGIN, Pvs};
use super::rules::GridRules;
use super::search::{find_vcf, grid_move};
use super::tests::point;
use crate::cpu::{ComputerPlayer, Level, NodeBudget, Think, Unlimited, capture_analysis};
use crate::{
    Board, BoardGame, GomokuSettings, Ninuki, NinukiSettings, NinukiSize, Pente, PenteSettings,
    PenteSize, Point, Seat, Stone,
};

fn ninuki() -> GridRules {
    GridRules::ninuki(NinukiSettings::default())
}

/// A 15×15 board from lists of points in ninuki's notation.
fn stones(black: &str, white: &str) -> Board {
    let mut board = Board::empty(15);
    for (list, stone) in [(black, Stone::Black), (white, Stone::White)] {
        for text in list.split_whitespace() {
            board.set(point(text), Some(stone));
        }
    }
    board
}

/// The computer's move for `to_move` with black and white having taken `captured`.
fn cpu(board: &Board, to_move: Stone, captured: [u16; 2], level: Level) -> Point {
    let budget = NodeBudget::new(8);
    let think = Think { level, seed: 7, deadline: &budget };
    capture_analysis(board, to_move, captured, &ninuki(), think).best.expect("a move")
}

#[test]
fn an_immediate_five_is_played() {
    // Black's four e8–h8 wins at d8 or i8; white threatens a capture and has a four too.
    let board = stones("e8 f8 g8 h8 c3 k3 l3", "a1 a2 a3 a4 j3 o15");
    for level in Level::ALL {
        let mv = cpu(&board, Stone::Black, [6, 8], level);
        assert!([point("d8"), point("i8")].contains(&mv), "{level:?} played {mv}");
    }
}

#[test]
fn a_capture_that_reaches_ten_stones_is_played() {
    // Black has taken eight; m3 takes the white pair k3 l3. White has a four at a1–a4.
    let board = stones("j3 h8 c12", "k3 l3 a1 a2 a3 a4");
    for level in Level::ALL {
        assert_eq!(cpu(&board, Stone::Black, [8, 0], level), point("m3"), "{level:?}");
    }
}

#[test]
fn a_pente_player_takes_the_tenth_stone() {
    // White (first) has taken four black pairs on rows 1–7; black fed a fifth pair on row 9.
    let mut game = Pente::start(PenteSettings::default());
    let mut moves = vec!["K10".to_owned()];
    for row in [1, 3, 5, 7, 9] {
        moves.extend(["B", "A", "C", "D"].map(|column| format!("{column}{row}")));
    }
    moves.pop();
    for text in &moves {
        let point = game.parse_move(text).expect("well written");
        game = game.play(point).expect("legal");
    }
    assert_eq!(game.captured_by(Seat::First), 8);
    for level in Level::ALL {
        let budget = NodeBudget::new(8);
        let think = Think { level, seed: 3, deadline: &budget };
        let mv = game.computer_move(think).expect("a move");
        assert_eq!(game.format_move(mv), "D9", "{level:?}");
    }
}

#[test]
fn a_four_is_answered_by_a_block_or_a_capture() {
    // White's four e5–h5 needs d5; black's h4 takes the pair h5 h6 under black's h7.
    let board = stones("i5 h7 c3 m12", "e5 f5 g5 h5 h6 l12");
    for level in Level::ALL {
        let mv = cpu(&board, Stone::Black, [0, 0], level);
        assert!([point("d5"), point("h4")].contains(&mv), "{level:?} played {mv}");
    }
}

#[test]
fn an_open_four_is_broken_by_a_capture() {
    // White's open four e5–h5 cannot be blocked twice; black's h4 takes h5 h6 and breaks it.
    let board = stones("h7 c3 m12 b10", "e5 f5 g5 h5 h6 l12");
    for level in Level::ALL {
        assert_eq!(cpu(&board, Stone::Black, [0, 0], level), point("h4"), "{level:?}");
    }
}

#[test]
fn a_winning_capture_threat_is_defended() {
    // White has taken eight: its f8 takes the black pair g8 h8 (white i8) for the game.
    let board = stones("g8 h8 c3 m12 d12", "i8 l3 b2 n8");
    for level in Level::ALL {
        let mv = cpu(&board, Stone::Black, [0, 8], level);
        let mut search = CaptureBoard::new(&board, Stone::Black, [0, 8], ninuki());
        search.play(cell_of(mv));
        assert!(!search.wins_in_one(Stone::White), "{level:?} played {mv}");
    }
}

/// The first move of a win by continuous fours within `depth` fours, by the capture search.
fn capture_vcf(board: &Board, to_move: Stone, captured: [u16; 2], depth: u32) -> Option<Point> {
    let think = Think { level: Level::Hard, seed: 0, deadline: &Unlimited };
    let mut searcher = CaptureSearcher::new(board, to_move, captured, ninuki(), think);
    let mut root = CellSet::default();
    board.empty_points().for_each(|point| root.insert(cell_of(point)));
    searcher.threat_root(depth, &root).map(super::cells::point_of)
}

#[test]
fn only_the_hard_level_reduces_and_prunes_late_moves() {
    let board = stones("g8 h8 h9 c3", "i8 l3 b2");
    let think = Think { level: Level::Hard, seed: 0, deadline: &Unlimited };
    let hard = CaptureSearcher::new(&board, Stone::Black, [0, 0], ninuki(), think);
    assert_eq!(hard.late_reduction(4, 6), 2, "the seventh candidate, four plies left");
    assert_eq!(hard.late_reduction(6, 2), 0, "the first three are searched in full");
    assert_eq!([hard.late_move_limit(1), hard.late_move_limit(3)], [7, usize::MAX]);
    for level in [Level::Normal, Level::Easy] {
        let think = Think { level, ..think };
        let lower = CaptureSearcher::new(&board, Stone::Black, [0, 0], ninuki(), think);
        assert_eq!(lower.late_reduction(4, 6), 0, "{level:?}");
        assert_eq!(lower.late_move_limit(1), usize::MAX, "{level:?}");
    }
}

#[test]
fn a_four_that_a_capture_breaks_is_no_win() {
    // Black's g8 or k8 makes an open four, a win in gomoku; here white's j7 then takes j8 j9
    // (white j10 above) and the four is gone.
    let board = stones("h8 i8 j8 j9 c3", "j10 a1 a15 o1");
    let gomoku = GridRules::gomoku(GomokuSettings::default());
    assert!(find_vcf(&board, Stone::Black, &gomoku, 1, &Unlimited).best.is_some());
    assert_eq!(capture_vcf(&board, Stone::Black, [0, 0], 1), None);
    // Without the white stone over the pair, the open four wins again.
    let safe = stones("h8 i8 j8 j9 c3", "a2 a1 a15 o1");
    assert!(capture_vcf(&safe, Stone::Black, [0, 0], 1).is_some());
}

#[test]
fn a_double_capture_threat_wins_one_pair_from_ten() {
    // Black has eight stones; its c4 flanks the white pairs d4 e4 and c5 c6 at once, and
    // white can close only one of f4 and c7.
    let board = stones("h8 a15", "d4 e4 c5 c6 o1");
    assert_eq!(capture_vcf(&board, Stone::Black, [8, 0], 1), Some(point("c4")));
    // Two pairs short, the threats are no threats of a win.
    assert_eq!(capture_vcf(&board, Stone::Black, [6, 0], 3), None);
}

#[test]
fn a_capture_that_opens_two_fives_wins() {
    // White's h8 h9 stand in black's row e8–i8 and diagonal g8–k12; black's h7, under h10,
    // takes them both and leaves two points to make five. h7 makes no four before it takes.
    let board = stones("e8 f8 g8 i8 h10 i10 j11 k12", "h8 h9 a1");
    assert_eq!(capture_vcf(&board, Stone::Black, [0, 0], 1), Some(point("h7")));
    assert_eq!(cpu(&board, Stone::Black, [0, 0], Level::Hard), point("h7"));
}

#[test]
fn points_that_take_two_pairs_win_from_six_stones() {
    // Black has six stones. c4 would take d3 e2 (black f1), f4 would take g4 h4 (black i4):
    // eight each. Black's c7 flanks c6 c5 towards c4 and d6 e5 towards f4, so that each of
    // those points would take two pairs, ten stones: white can close only one. Black's c4
    // and f4 win as well: each takes a pair and flanks another, leaving two points to take
    // the tenth stone.
    let board = stones("f1 i4", "d3 e2 g4 h4 c5 c6 d6 e5 o15");
    let found = capture_vcf(&board, Stone::Black, [6, 0], 1).expect("a win by one threat");
    assert!(["c4", "c7", "f4"].map(point).contains(&found), "{found}");
    let mut search = CaptureBoard::new(&board, Stone::Black, [6, 0], ninuki());
    search.play(cell_of(point("c7")));
    let mut answers = Moves::new();
    search.answers(&mut answers);
    assert!(answers.is_empty(), "white answers c7 with {answers:?}");
    // Two more pairs short, none of it is a threat.
    assert_eq!(capture_vcf(&board, Stone::Black, [4, 0], 1), None);
}

#[test]
fn the_same_seed_gives_the_same_move() {
    let board = stones("h8 i9 g7 j7 i8", "h9 g8 i7 j8");
    for level in Level::ALL {
        let first = cpu(&board, Stone::White, [0, 2], level);
        assert_eq!(cpu(&board, Stone::White, [0, 2], level), first, "{level:?}");
    }
}

#[test]
fn grid_move_under_capture_rules_is_the_capture_search() {
    let board = stones("j3 h8 c12", "k3 l3 a1 a2 a3 a4");
    let budget = NodeBudget::new(8);
    let think = Think { level: Level::Normal, seed: 1, deadline: &budget };
    // No stone taken yet: m3 is a capture, yet white's a5 is a five to stop first.
    assert_eq!(grid_move(&board, Stone::Black, &ninuki(), think), Some(point("a5")));
}

#[test]
fn the_pente_opening_rules_are_kept() {
    for level in Level::ALL {
        for size in [PenteSize::Nineteen, PenteSize::Thirteen] {
            let mut game = Pente::start(PenteSettings { size });
            for seed in 0..4 {
                let budget = NodeBudget::new(4);
                let think = Think { level, seed, deadline: &budget };
                let mv = game.computer_move(think).expect("a move");
                game = game.play(mv).expect("the computer's move is legal");
            }
            let centre = game.board().centre();
            assert_eq!(game.history()[0], centre);
            assert!(game.history()[2].ring_distance(centre) >= 3, "{level:?} {size:?}");
        }
    }
}

/// A random game of `G` where the computer plays the moves marked `true`, at the level and
/// with the node budget drawn; every computer move must be legal.
fn random_game<G: ComputerPlayer<Move = Point>>(
    mut game: G,
    steps: &[(bool, usize, u8, u8)],
) -> Result<G, TestCaseError> {
    for (index, &(by_cpu, pick, level, budget)) in steps.iter().enumerate() {
        if game.outcome().is_over() {
            break;
        }
        let mv = if by_cpu {
            let budget = NodeBudget::new(u64::from(budget));
            let level = Level::ALL[usize::from(level) % 3];
            let think = Think { level, seed: index as u64, deadline: &budget };
            game.computer_move(think).expect("a move while the game runs")
        } else {
            let moves = game.legal_moves();
            moves[pick % moves.len()]
        };
        game = match game.play(mv) {
            Ok(next) => next,
            Err(error) => return Err(TestCaseError::fail(format!("{mv:?} refused: {error}"))),
        };
    }
    Ok(game)
}

fn steps() -> impl Strategy<Value = Vec<(bool, usize, u8, u8)>> {
    proptest::collection::vec((any::<bool>(), 0usize..400, 0u8..3, 1u8..6), 24)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// Pente: the computer's moves are always legal, opening rules included, at every level.
    #[test]
    fn every_pente_computer_move_is_legal(steps in steps(), small in any::<bool>()) {
        let size = if small { PenteSize::Thirteen } else { PenteSize::Nineteen };
        random_game(Pente::start(PenteSettings { size }), &steps)?;
    }

    /// Ninuki with every setting: the computer's moves are always legal (black's forbidden
    /// points are judged after the captures).
    #[test]
    fn every_ninuki_computer_move_is_legal(steps in steps(), overline in any::<bool>(), forbidden in any::<bool>(), big in any::<bool>()) {
        let size = if big { NinukiSize::Nineteen } else { NinukiSize::Fifteen };
        let settings = NinukiSettings { size, overline_wins: overline, forbidden_moves: forbidden };
        random_game(Ninuki::start(settings), &steps)?;
    }

    /// The capture board plays a random ninuki game exactly as the rules do (stones,
    /// tallies, wins in one), and taking every move back restores the start.
    #[test]
    fn the_capture_board_follows_the_rules(picks in proptest::collection::vec(0usize..400, 60)) {
        let mut game = Ninuki::start(NinukiSettings::default());
        let empty = Board::empty(15);
        let mut search = CaptureBoard::new(&empty, Stone::Black, [0, 0], ninuki());
        let start = search.hash();
        let mut played = Vec::new();
        for pick in picks {
            if game.outcome().is_over() {
                break;
            }
            let moves = game.legal_moves();
            let mv = moves[pick % moves.len()];
            let mover = Ninuki::stone_of(game.seat_to_act().expect("running"));
            let wins = search.wins_in_one(mover);
            let five_or_ten = moves.iter().any(|&p| {
                game.clone().play(p).is_ok_and(|next| next.outcome().winner().is_some())
            });
            prop_assert_eq!(wins, five_or_ten);
            game = game.play(mv).expect("a legal move");
            search.play(cell_of(mv));
            played.push(cell_of(mv));
            prop_assert_eq!(search.grid.board(), game.board());
            prop_assert_eq!(search.captured(Stone::Black), game.captured_by(Seat::First));
            prop_assert_eq!(search.captured(Stone::White), game.captured_by(Seat::Second));
        }
        let half = played.len() / 2;
        for &cell in played[half..].iter().rev() {
            search.undo(cell);
        }
        // Undone captures among undone plays leave the readings of a board read afresh.
        let captured = [Stone::Black, Stone::White].map(|stone| search.captured(stone));
        let fresh = CaptureBoard::new(search.grid.board(), search.grid.to_move(), captured, ninuki());
        for at in search.grid.board().empty_points() {
            for stone in [Stone::Black, Stone::White] {
                let cell = cell_of(at);
                prop_assert_eq!(search.grid.reading(cell, stone), fresh.grid.reading(cell, stone), "{:?} at {}", stone, at);
            }
        }
        for stone in [Stone::Black, Stone::White] {
            prop_assert_eq!(search.grid.total(stone), fresh.grid.total(stone));
            for kind in [Kind::Five, Kind::Four, Kind::OpenFour, Kind::Three] {
                prop_assert_eq!(search.grid.set(stone, kind), fresh.grid.set(stone, kind), "{:?} {:?}", stone, kind);
            }
        }
        for &cell in played[..half].iter().rev() {
            search.undo(cell);
        }
        prop_assert_eq!(search.grid.board(), &empty);
        prop_assert_eq!(search.hash(), start);
    }
}

#[test]
fn only_a_quiet_capture_position_far_above_beta_near_the_horizon_is_futile() {
    // Black's open three (h8 h9 h10) against white's scattered stones; black's pair d3 e3 is
    // flanked by white's c3.
    let board = stones("g8 h8 h9 h10 d3 e3", "c3 a1 o1 a15");
    let think = Think { level: Level::Hard, seed: 3, deadline: &Unlimited };
    let mut calm = CaptureSearcher::new(&board, Stone::Black, [0, 0], ninuki(), think);
    let standing = evaluate(&calm.board);
    assert!(standing > 2 * FUTILITY_MARGIN, "black stands at {standing}");
    assert_eq!(calm.futile(1, 0), Some(standing - FUTILITY_MARGIN));
    assert_eq!(calm.futile(1, standing), None, "not by the margin");
    assert_eq!(calm.futile(3, 0), None, "too far from the horizon");
    // With eight stones taken, white's f3 takes the pair and wins: never pruned.
    let mut threatened = CaptureSearcher::new(&board, Stone::Black, [0, 8], ninuki(), think);
    let low = evaluate(&threatened.board) - 2 * FUTILITY_MARGIN;
    assert_eq!(threatened.futile(1, low), None);
    // White to move must stop the open three.
    let mut answering = CaptureSearcher::new(&board, Stone::White, [0, 0], ninuki(), think);
    let low = evaluate(&answering.board) - 2 * FUTILITY_MARGIN;
    assert_eq!(answering.futile(1, low), None);
    let normal = Think { level: Level::Normal, ..think };
    let mut lower = CaptureSearcher::new(&board, Stone::Black, [0, 0], ninuki(), normal);
    assert_eq!(lower.futile(1, 0), None, "only the hard level prunes");
}
