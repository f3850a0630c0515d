//! One test per rule, each on a concrete position.

use super::*;
use crate::{BoardGame, DrawReason, Line, Outcome, ParseMoveError, Point, Seat, WinReason};

/// A 5 en raya game that fills the grid without a five.
pub(super) const FIVE_IN_ROW_DRAW: &str = "655142512552112356336427144737724314377666";
/// A Connect Four game that fills the grid without a four.
pub(super) const CLASSIC_DRAW: &str = "655372454433461754336137525664221162177271";

/// The position after `moves`, written as players write them and separated by spaces (a
/// string of digits alone is read one drop per digit).
fn after(settings: ConnectSettings, moves: &str) -> Connect {
    let words: Vec<String> = if moves.bytes().all(|b| b.is_ascii_digit()) {
        moves.chars().map(String::from).collect()
    } else {
        moves.split_whitespace().map(String::from).collect()
    };
    words.iter().fold(Connect::start(settings), |position, word| {
        let mv = position.parse_move(word).expect("a readable move");
        position.play(mv).unwrap_or_else(|error| panic!("{word} refused: {error:?}"))
    })
}

fn five() -> ConnectSettings {
    ConnectSettings::five_in_row()
}

fn classic() -> ConnectSettings {
    ConnectSettings::classic()
}

fn line(from: (u8, u8), to: (u8, u8)) -> Line {
    Line { from: Point::new(from.0, from.1), to: Point::new(to.0, to.1) }
}

fn won_by(winner: Seat, lines: Vec<Line>) -> Outcome {
    Outcome::Win { winner, reason: WinReason::Lines(lines) }
}

fn column(number: u8) -> Column {
    Column::new(number).expect("a playable column")
}

fn rejection(position: Connect, mv: &str) -> ConnectRejection {
    let before = position.clone();
    let mv = position.parse_move(mv).expect("a readable move");
    let error = position.play(mv).expect_err("a refused move");
    assert_eq!(error.position, before, "a refused move changes nothing");
    error.rejection
}

#[test]
fn five_in_row_starts_with_the_side_columns_full() {
    let start = Connect::start(five());
    for y in 0..6 {
        let (left, right) =
            if y % 2 == 0 { (Disc::Red, Disc::Yellow) } else { (Disc::Yellow, Disc::Red) };
        assert_eq!(start.disc_at(Point::new(0, y)), Some(left));
        assert_eq!(start.disc_at(Point::new(8, y)), Some(right));
        assert!(start.is_side_disc(Point::new(0, y)) && start.is_side_disc(Point::new(8, y)));
        for x in 1..8 {
            assert_eq!(start.disc_at(Point::new(x, y)), None);
            assert!(!start.is_side_disc(Point::new(x, y)));
        }
    }
    assert_eq!(start.count(Disc::Red), 6);
    assert_eq!(start.count(Disc::Yellow), 6);
    assert_eq!(start.seat_to_act(), Some(Seat::First));
    assert_eq!(start.legal_moves(), Column::ALL.map(ConnectMove::Drop).to_vec());
    assert_eq!(start.last_move(), None);
}

#[test]
fn classic_starts_empty_on_seven_columns() {
    let start = Connect::start(classic());
    assert_eq!(start.count(Disc::Red) + start.count(Disc::Yellow), 0);
    assert!(!start.is_side_disc(Point::new(0, 0)));
    assert_eq!(start.disc_at(Point::new(7, 0)), None);
    assert_eq!(classic().column_x(column(1)), 0);
    assert_eq!(five().column_x(column(1)), 1);
    assert_eq!(five().column_at(0), None);
    assert_eq!(five().column_at(8), None);
    assert_eq!(five().column_at(7), Some(column(7)));
    assert_eq!(classic().column_at(6), Some(column(7)));
}

#[test]
fn discs_fall_to_the_lowest_free_cell_and_turns_alternate() {
    let position = after(five(), "4 4 4");
    assert_eq!(position.height(column(4)), 3);
    assert_eq!(position.disc_at(Point::new(4, 0)), Some(Disc::Red));
    assert_eq!(position.disc_at(Point::new(4, 1)), Some(Disc::Yellow));
    assert_eq!(position.disc_at(Point::new(4, 2)), Some(Disc::Red));
    assert_eq!(position.seat_to_act(), Some(Seat::Second));
    assert_eq!(position.last_move(), Some(ConnectMove::Drop(column(4))));
}

#[test]
fn a_vertical_five_wins_and_four_is_not_enough() {
    let four = after(five(), "1 2 1 2 1 2 1");
    assert_eq!(four.outcome(), Outcome::Running);
    let position = after(five(), "1 2 1 2 1 2 1 2 1");
    assert_eq!(position.outcome(), won_by(Seat::First, vec![line((1, 0), (1, 4))]));
    assert_eq!(position.seat_to_act(), None);
}

#[test]
fn a_horizontal_five_wins() {
    let position = after(five(), "2 1 3 1 4 1 5 1 6");
    assert_eq!(position.outcome(), won_by(Seat::First, vec![line((2, 0), (6, 0))]));
}

#[test]
fn a_diagonal_five_wins() {
    let position = after(five(), "1 2 2 3 4 3 3 4 5 4 4 5 5 5 6 6 5");
    assert_eq!(position.outcome(), won_by(Seat::First, vec![line((1, 0), (5, 4))]));
}

#[test]
fn an_anti_diagonal_five_wins() {
    // The mirror image of the diagonal game.
    let position = after(five(), "7 6 6 5 4 5 5 4 3 4 4 3 3 3 2 2 3");
    assert_eq!(position.outcome(), won_by(Seat::First, vec![line((3, 4), (7, 0))]));
}

#[test]
fn side_discs_count_for_lines_at_both_edges() {
    // Red's four on the bottom row with the red side disc at x = 0.
    let left = after(five(), "1 1 2 2 3 3 4");
    assert_eq!(left.outcome(), won_by(Seat::First, vec![line((0, 0), (4, 0))]));
    // Yellow's four on the bottom row with the yellow side disc at x = 8.
    let right = after(five(), "1 7 1 6 2 5 2 4");
    assert_eq!(right.outcome(), won_by(Seat::Second, vec![line((4, 0), (8, 0))]));
}

#[test]
fn a_drop_lists_every_line_it_completes() {
    // Red's last disc at the bottom of column 4 closes a row and an anti-diagonal at once.
    let position = after(classic(), "1 1 2 1 1 2 2 6 3 6 3 7 4");
    let expected = vec![line((0, 0), (3, 0)), line((0, 3), (3, 0))];
    assert_eq!(position.outcome(), won_by(Seat::First, expected));
}

#[test]
fn a_line_longer_than_five_wins_and_is_reported_once() {
    // Red fills the bottom row from the red side disc to column 6: seven in one line.
    let position = after(five(), "1 1 2 2 3 3 5 5 6 6 4");
    assert_eq!(position.outcome(), won_by(Seat::First, vec![line((0, 0), (6, 0))]));
}

#[test]
fn classic_four_wins() {
    let position = after(classic(), "1 2 1 2 1 2 1");
    assert_eq!(position.outcome(), won_by(Seat::First, vec![line((0, 0), (0, 3))]));
    let three = after(classic(), "1 2 1 2 1");
    assert_eq!(three.outcome(), Outcome::Running);
}

#[test]
fn a_full_grid_without_a_line_is_a_draw() {
    for (settings, moves) in [(five(), FIVE_IN_ROW_DRAW), (classic(), CLASSIC_DRAW)] {
        let almost = after(settings, &moves[..41]);
        assert_eq!(almost.outcome(), Outcome::Running);
        let full = after(settings, moves);
        assert_eq!(full.history().len(), 42);
        assert_eq!(full.outcome(), Outcome::Draw(DrawReason::BoardFull));
        assert!(full.legal_moves().is_empty());
        assert_eq!(rejection(full, "1"), ConnectRejection::GameOver);
    }
}

#[test]
fn a_full_column_refuses_drops() {
    let position = after(five(), "4 4 4 4 4 4");
    assert!(position.is_full(column(4)));
    assert!(!position.legal_moves().contains(&ConnectMove::Drop(column(4))));
    assert_eq!(rejection(position, "4"), ConnectRejection::ColumnFull);
}

#[test]
fn no_move_after_the_game_ended() {
    let won = after(classic(), "1 2 1 2 1 2 1");
    assert!(won.legal_moves().is_empty());
    assert_eq!(rejection(won, "3"), ConnectRejection::GameOver);
}

#[test]
fn pops_need_pop_out() {
    let position = after(five(), "1 2");
    assert!(position.legal_moves().iter().all(|mv| matches!(mv, ConnectMove::Drop(_))));
    assert_eq!(rejection(position, "pop 1"), ConnectRejection::PopOutOff);
}

#[test]
fn a_pop_needs_a_disc_of_your_own() {
    let settings = five().with_pop_out(true);
    assert_eq!(rejection(Connect::start(settings), "pop 1"), ConnectRejection::NothingToPop);
    assert_eq!(rejection(after(settings, "1"), "pop 1"), ConnectRejection::NotYourDisc);
}

#[test]
fn a_pop_takes_the_bottom_disc_and_the_rest_fall() {
    let settings = five().with_pop_out(true);
    let before = after(settings, "1 1 1 2");
    assert!(before.legal_moves().contains(&ConnectMove::Pop(column(1))));
    assert!(!before.legal_moves().contains(&ConnectMove::Pop(column(2))));
    let popped = after(settings, "1 1 1 2 pop1");
    assert_eq!(popped.height(column(1)), 2);
    assert_eq!(popped.disc_at(Point::new(1, 0)), Some(Disc::Yellow));
    assert_eq!(popped.disc_at(Point::new(1, 1)), Some(Disc::Red));
    assert_eq!(popped.disc_at(Point::new(1, 2)), None);
    assert_eq!(popped.count(Disc::Red), before.count(Disc::Red) - 1);
    assert_eq!(popped.last_move(), Some(ConnectMove::Pop(column(1))));
    assert_eq!(popped.seat_to_act(), Some(Seat::Second));
    for y in 0..6 {
        assert_eq!(popped.disc_at(Point::new(0, y)), before.disc_at(Point::new(0, y)));
    }
}

#[test]
fn side_columns_cannot_be_named() {
    let position = Connect::start(five().with_pop_out(true));
    for text in ["0", "8", "pop 0", "sacar 8", "p0"] {
        assert_eq!(position.parse_move(text), Err(ParseMoveError::SideColumn), "{text}");
    }
    let classic = Connect::start(classic().with_pop_out(true));
    for text in ["0", "8", "pop 8"] {
        assert_eq!(classic.parse_move(text), Err(ParseMoveError::NoSuchColumn), "{text}");
    }
}

#[test]
fn a_pop_that_completes_only_the_opponents_line_loses() {
    let position = after(classic().with_pop_out(true), "5 2 1 3 7 5 1 4 pop5");
    assert_eq!(position.outcome(), won_by(Seat::Second, vec![line((1, 0), (4, 0))]));
}

#[test]
fn a_pop_that_completes_lines_for_both_wins_for_the_popper() {
    let position = after(classic().with_pop_out(true), "5 2 2 3 3 4 4 5 5 7 7 7 pop5");
    assert_eq!(position.outcome(), won_by(Seat::First, vec![line((1, 1), (4, 1))]));
}

#[test]
fn a_pop_can_complete_a_five_with_a_side_disc() {
    // Yellow's discs over red in column 4 fall onto the bottom row next to the yellow side
    // disc: x = 4…8 for yellow.
    let settings = five().with_pop_out(true);
    let position = after(settings, "4 4 1 7 1 6 2 5 pop4");
    assert_eq!(position.outcome(), won_by(Seat::Second, vec![line((4, 0), (8, 0))]));
}

#[test]
fn a_full_grid_does_not_end_a_pop_out_game() {
    for (settings, moves) in [(five(), FIVE_IN_ROW_DRAW), (classic(), CLASSIC_DRAW)] {
        let full = after(settings.with_pop_out(true), moves);
        assert_eq!(full.outcome(), Outcome::Running);
        let moves = full.legal_moves();
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|mv| matches!(mv, ConnectMove::Pop(_))));
    }
}

#[test]
fn the_third_repetition_is_a_draw() {
    let settings = five().with_pop_out(true);
    let twice = after(settings, "1 2 pop1 pop2");
    assert_eq!(twice, Connect::replay(settings, twice.history()).expect("replays"));
    assert_eq!(twice.outcome(), Outcome::Running);
    let almost = after(settings, "1 2 pop1 pop2 1 2 pop1");
    assert_eq!(almost.outcome(), Outcome::Running);
    let thrice = after(settings, "1 2 pop1 pop2 1 2 pop1 pop2");
    assert_eq!(thrice.outcome(), Outcome::Draw(DrawReason::Repetition));
    assert!(thrice.legal_moves().is_empty());
    assert_eq!(rejection(thrice, "1"), ConnectRejection::GameOver);
}

#[test]
fn the_same_discs_with_the_other_player_to_move_is_not_a_repetition() {
    // Red drops and pops in column 1 while yellow does the same in column 2: the grid returns
    // to the start every two plies, but alternately with yellow to move.
    let settings = classic().with_pop_out(true);
    let position = after(settings, "1 2 pop1 pop2 1");
    assert_eq!(position.outcome(), Outcome::Running);
}

/// docs/rules/connect5.md says a player without a legal move draws. With seven playable columns it cannot
/// happen: a player is stuck only on a full grid whose bottom row (every playable column) holds
/// the opponent's discs, and seven in a row is already a line of five or four, which ended the
/// game when it formed.
#[test]
fn a_player_is_never_left_without_a_move() {
    for settings in [five(), classic()] {
        let bottom_row = Column::ALL
            .into_iter()
            .fold(0, |row, column| row | lines::cell(settings.column_x(column), 0));
        assert!(lines::has_line(bottom_row, settings.win_length()));
    }
}

#[test]
fn moves_are_read_in_every_accepted_form() {
    let position = Connect::start(five());
    let drop3 = Ok(ConnectMove::Drop(column(3)));
    let pop3 = Ok(ConnectMove::Pop(column(3)));
    assert_eq!(position.parse_move("3"), drop3);
    assert_eq!(position.parse_move("  3 "), drop3);
    for text in ["pop 3", "POP 3", "p3", "P3", "pop3", "p 3", "sacar 3", "Sacar3", " SACAR  3 "] {
        assert_eq!(position.parse_move(text), pop3, "{text}");
    }
}

#[test]
fn unreadable_moves_say_why() {
    let position = Connect::start(five());
    for text in ["", "pop", "x", "3a", "pop x", "-1", "ñ", "3 4", "drop 3", "1234"] {
        assert!(
            matches!(position.parse_move(text), Err(ParseMoveError::Unrecognised { .. })),
            "{text}"
        );
    }
    for text in ["9", "10", "pop 9", "255", "256"] {
        assert_eq!(position.parse_move(text), Err(ParseMoveError::NoSuchColumn), "{text}");
    }
}

#[test]
fn every_move_is_written_as_it_is_read() {
    let position = Connect::start(five().with_pop_out(true));
    for column in Column::ALL {
        for mv in [ConnectMove::Drop(column), ConnectMove::Pop(column)] {
            assert_eq!(position.parse_move(&position.format_move(mv)), Ok(mv));
        }
    }
    assert_eq!(position.format_move(ConnectMove::Drop(column(3))), "3");
    assert_eq!(position.format_move(ConnectMove::Pop(column(3))), "pop 3");
}

#[test]
fn errors_are_distinct_sentences() {
    let rejections = [
        ConnectRejection::GameOver,
        ConnectRejection::ColumnFull,
        ConnectRejection::PopOutOff,
        ConnectRejection::NothingToPop,
        ConnectRejection::NotYourDisc,
    ];
    let texts: std::collections::HashSet<String> =
        rejections.iter().map(ToString::to_string).collect();
    assert_eq!(texts.len(), rejections.len());
    assert_eq!(ParseMoveError::SideColumn.to_string(), "the side columns are fixed");
}
