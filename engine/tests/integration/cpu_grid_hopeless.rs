//! The hard level's verdict on lost positions (`GridAnalysis::hopeless`), and the move it
//! still plays there: the bot resigns on the verdict, the Gomocup brain plays the move.

use engine::cpu::{GridAnalysis, GridRules, Hopeless, Level, NodeBudget, Think, grid_analysis};
use engine::{Board, GomokuSettings, Notation, Point, Stone, forbidden_kind};

fn point(name: &str) -> Point {
    Notation::WithI.parse(name, 15).expect("a point of 15×15")
}

fn board(black: &[&str], white: &[&str]) -> Board {
    let mut board = Board::empty(15);
    for (names, stone) in [(black, Stone::Black), (white, Stone::White)] {
        for name in names {
            board.set(point(name), Some(stone));
        }
    }
    board
}

fn analyse(board: &Board, to_move: Stone, rules: &GridRules, level: Level) -> GridAnalysis {
    let budget = NodeBudget::new(200);
    grid_analysis(board, to_move, rules, Think { level, seed: 1, deadline: &budget })
}

fn near_a_stone(board: &Board, at: Point) -> bool {
    board.points().any(|p| board.get(p).is_some() && p.ring_distance(at) <= 2)
}

/// White g9 h9 i9 j9 with f9 black: k9 is white's one five point, and k9 is a double three
/// for black (k7 k8 on the k file, l10 m11 on the diagonal).
fn renju_four_blocked_only_by_a_forbidden_point() -> Board {
    board(
        &["f9", "k7", "k8", "l10", "m11", "c3", "m3"],
        &["g9", "h9", "i9", "j9", "b2", "n2", "c13"],
    )
}

#[test]
fn renju_black_whose_only_block_is_forbidden_knows_it_has_lost() {
    let position = renju_four_blocked_only_by_a_forbidden_point();
    assert!(forbidden_kind(&position, point("k9")).is_some(), "k9 is forbidden to black");
    let analysis = analyse(&position, Stone::Black, &GridRules::renju(), Level::Hard);
    assert_eq!(analysis.hopeless, Some(Hopeless::OpponentFourUnblockable));
    let best = analysis.best.expect("black still has a move to play");
    assert!(forbidden_kind(&position, best).is_none(), "{best:?} is forbidden");
    assert!(near_a_stone(&position, best), "{best:?} is a far corner");
}

#[test]
fn renju_white_takes_the_win_the_forbidden_block_gives() {
    // The same shape one move earlier: white's j9 makes the four whose block black may not
    // play; the hard level must see it as a win.
    let mut position = renju_four_blocked_only_by_a_forbidden_point();
    position.set(point("j9"), None);
    position.set(point("c13"), None);
    let analysis = analyse(&position, Stone::White, &GridRules::renju(), Level::Hard);
    assert_eq!(analysis.best, Some(point("j9")), "{analysis:?}");
}

#[test]
fn an_open_four_cannot_be_blocked() {
    let rules = GridRules::gomoku(GomokuSettings::default());
    let position = board(&["a1", "c1", "o1"], &["f8", "g8", "h8", "i8"]);
    let analysis = analyse(&position, Stone::Black, &rules, Level::Hard);
    assert_eq!(analysis.hopeless, Some(Hopeless::OpponentFourUnblockable));
    assert!(matches!(analysis.best, Some(p) if p == point("e8") || p == point("j8")));
}

#[test]
fn two_open_threes_are_a_forced_loss() {
    // White e5 f5 g5 and j8 j9 j10, both open, no point stopping both, and black without a
    // four: whatever black plays, white makes a straight four.
    let rules = GridRules::gomoku(GomokuSettings::default());
    let position =
        board(&["a15", "c12", "m2", "o5", "b8", "n14"], &["e5", "f5", "g5", "j8", "j9", "j10"]);
    let analysis = analyse(&position, Stone::Black, &rules, Level::Hard);
    assert_eq!(analysis.hopeless, Some(Hopeless::ForcedLoss));
    assert!(analysis.best.is_some());
}

#[test]
fn a_defensible_position_is_not_hopeless() {
    let rules = GridRules::gomoku(GomokuSettings::default());
    // One open three: black stops it.
    let position = board(&["a15", "c12", "m2"], &["e5", "f5", "g5"]);
    let analysis = analyse(&position, Stone::Black, &rules, Level::Hard);
    assert_eq!(analysis.hopeless, None);
    let best = analysis.best.expect("a move");
    assert!(["c5", "d5", "h5", "i5"].map(point).contains(&best), "{best:?}");
}

#[test]
fn only_the_hard_level_gives_a_verdict() {
    let rules = GridRules::gomoku(GomokuSettings::default());
    let position = board(&["a1", "c1", "o1"], &["f8", "g8", "h8", "i8"]);
    for level in [Level::Easy, Level::Normal] {
        assert_eq!(analyse(&position, Stone::Black, &rules, level).hopeless, None);
    }
}

#[test]
fn a_gomoku_player_facing_an_open_four_reports_it_and_still_moves() {
    use engine::cpu::ComputerPlayer;
    use engine::{BoardGame, Gomoku};
    // White's f8 g8 h8 i8 is open at both ends; black (to move) has scattered stones.
    let moves = ["a1", "f8", "c1", "g8", "o1", "h8", "o15", "i8"];
    let game = moves.iter().fold(Gomoku::start(GomokuSettings::default()), |game, text| {
        let mv = game.parse_move(text).expect("a point");
        game.play(mv).expect("a legal stone")
    });
    let budget = NodeBudget::new(200);
    let think = Think { level: Level::Hard, seed: 1, deadline: &budget };
    let choice = game.computer_choice(think).expect("a running game");
    assert_eq!(choice.hopeless, Some(Hopeless::OpponentFourUnblockable));
    assert!([point("e8"), point("j8")].contains(&choice.mv), "{choice:?}");
    let budget = NodeBudget::new(200);
    let think = Think { level: Level::Hard, seed: 1, deadline: &budget };
    assert_eq!(game.computer_move(think), Some(choice.mv));
}
