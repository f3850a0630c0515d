use engine::cpu::Deadline;
use engine::{ForbiddenKind, Notation, Outcome, Point, Stone};
use proptest::prelude::*;

use super::*;

/// The test player: the legal point nearest the centre, the lowest row first, then the
/// leftmost. Deterministic, so every transcript below has one right answer.
#[derive(Debug, Default)]
struct NearestCentre {
    /// Whether each deadline had already passed when the player was asked.
    past: Vec<bool>,
}

impl Player for NearestCentre {
    fn choose(&mut self, position: &Gomoku, deadline: &dyn Deadline) -> Option<Point> {
        self.past.push(deadline.is_past());
        let centre = position.board().centre();
        position.legal_moves().into_iter().min_by_key(|&point| point.ring_distance(centre))
    }
}

/// The first legal point, row by row from the bottom: it keeps away from the centre.
#[derive(Debug)]
struct FirstEmpty;

impl Player for FirstEmpty {
    fn choose(&mut self, position: &Gomoku, _: &dyn Deadline) -> Option<Point> {
        position.legal_moves().first().copied()
    }
}

/// A player that never finds a move, or one that always plays a taken point.
#[derive(Debug)]
enum Broken {
    Silent,
    Occupied,
}

impl Player for Broken {
    fn choose(&mut self, position: &Gomoku, _: &dyn Deadline) -> Option<Point> {
        match self {
            Broken::Silent => None,
            Broken::Occupied => Some(position.last_move().unwrap_or(Point::new(0, 0))),
        }
    }
}

fn talk<P: Player>(brain: &mut Brain<P>, input: &str) -> Vec<String> {
    let mut output = Vec::new();
    brain.run(input.as_bytes(), &mut output).expect("memory does not fail");
    String::from_utf8(output).expect("answers are text").lines().map(str::to_owned).collect()
}

fn transcript(input: &str) -> (Vec<String>, Brain<NearestCentre>) {
    let mut brain = Brain::new(NearestCentre::default());
    let answers = talk(&mut brain, input);
    (answers, brain)
}

fn history(brain: &Brain<NearestCentre>) -> Vec<String> {
    let game = brain.game().expect("started");
    game.history().iter().map(|&point| Notation::WithI.format(point)).collect()
}

fn is_error(answer: &str) -> bool {
    answer.starts_with("ERROR ")
}

#[test]
fn start_begin_and_turn() {
    let (answers, brain) = transcript("START 15\r\nBEGIN\r\nTURN 8,8\r\n");
    assert_eq!(answers, ["OK", "7,7", "6,8"]);
    // 8,8 is the ninth column and the seventh row from the bottom; 6,8 likewise.
    assert_eq!(history(&brain), ["h8", "i7", "g7"]);
}

#[test]
fn the_second_player_answers_the_first_turn() {
    let (answers, brain) = transcript("START 15\nTURN 7,7\nTURN 0,0\n");
    assert_eq!(answers, ["OK", "6,8", "7,8"]);
    assert_eq!(history(&brain), ["h8", "g7", "a15", "h7"]);
}

#[test]
fn nineteen_is_played_and_other_sizes_are_refused() {
    let (answers, _) = transcript("START 19\nBEGIN\n");
    assert_eq!(answers, ["OK", "9,9"]);
    let (answers, brain) = transcript("START 20\nSTART 10\nSTART big\nBEGIN\n");
    assert_eq!(answers.len(), 4);
    assert!(answers.iter().all(|answer| is_error(answer)), "{answers:?}");
    assert!(answers[0].contains("20"));
    assert!(answers[3].contains("START"));
    assert!(brain.game().is_none());
}

#[test]
fn square_rectstart_is_start_and_rectangles_are_refused() {
    let (answers, _) = transcript("RECTSTART 15,15\nRECTSTART 30,20\nRECTSTART x\n");
    assert_eq!(answers[0], "OK");
    assert_eq!(answers[1], format!("ERROR {}", BrainError::RectangularBoard));
    assert!(is_error(&answers[2]));
}

#[test]
fn board_rebuilds_the_game_in_the_order_given() {
    let input = "START 15\r\nBOARD\r\n7,7,2\r\n8,8,1\r\n6,6,2\r\nDONE\r\n";
    let (answers, brain) = transcript(input);
    assert_eq!(answers, ["OK", "6,8"]);
    assert_eq!(history(&brain), ["h8", "i7", "g9", "g7"]);
    let game = brain.game().expect("started");
    assert_eq!(game.stone_at(Point::new(6, 8)), Some(Stone::Black));
}

#[test]
fn board_as_black_and_an_empty_board() {
    let (answers, brain) = transcript("START 15\nBOARD\n7,7,1\n\n7,6,2\nDONE\n");
    assert_eq!(answers, ["OK", "6,8"]);
    assert_eq!(history(&brain), ["h8", "h9", "g7"]);
    let (answers, _) = transcript("START 15\nBOARD\nDONE\n");
    assert_eq!(answers, ["OK", "7,7"]);
}

#[test]
fn bad_boards_are_refused_and_leave_the_game() {
    let input = "START 15\nBEGIN\nBOARD\n7,7,1\n7,7,2\nDONE\nBOARD\n1,1,1\n2,2,1\nDONE\n\
                 BOARD\n1,1,5\nDONE\nBOARD\nnonsense\nDONE\nBOARD\n15,0,2\nDONE\n\
                 BOARD\n1,1,2\n2,2,3\nDONE\n";
    let (answers, brain) = transcript(input);
    assert_eq!(answers.len(), 8);
    assert!(answers[2..].iter().all(|answer| is_error(answer)), "{answers:?}");
    assert_eq!(answers[2], format!("ERROR {}", BrainError::Refused(GomokuError::Occupied)));
    assert_eq!(answers[3], format!("ERROR {}", BrainError::StoneCounts { own: 2, opponent: 0 }));
    assert_eq!(answers[7], format!("ERROR {}", BrainError::ContinuousGame));
    assert_eq!(history(&brain), ["h8"]);
}

#[test]
fn a_board_with_a_finished_game_is_refused() {
    let input = "START 15\nBOARD\n0,0,2\n0,1,2\n0,2,2\n0,3,2\n0,4,2\n5,5,1\n5,7,1\n5,9,1\n\
                 5,11,1\nDONE\n";
    let (answers, _) = transcript(input);
    assert_eq!(answers[1], format!("ERROR {}", BrainError::FinishedGame));
}

#[test]
fn info_sets_the_time_and_the_rule_silently() {
    let input = "INFO timeout_turn 5000\nINFO timeout_match 180000\nINFO time_left 90000\n\
                 INFO max_memory 83886080\nINFO game_type 1\nINFO rule 1\nINFO folder C:\\tmp\n\
                 INFO evaluate 3,4\nINFO unheard_of 7\nINFO time_left lots\nSTART 15\n";
    let (answers, brain) = transcript(input);
    assert_eq!(answers, ["OK"]);
    assert_eq!(
        brain.time(),
        TimeControl { turn: Some(5000), game: Some(180_000), left: Some(90_000) }
    );
    let settings = brain.game().expect("started").settings();
    assert!(!settings.overline_wins && !settings.forbidden_for_black);
}

#[test]
fn rule_four_is_renju_and_forbids_black_shapes() {
    // We are black with h9 h10 i8 j8: the nearest point, h8, is a double three.
    let input = "INFO rule 4\nSTART 15\nBOARD\n7,6,1\n0,0,2\n7,5,1\n0,2,2\n8,7,1\n0,4,2\n\
                 9,7,1\n0,6,2\nDONE\n";
    let (answers, brain) = transcript(input);
    assert_eq!(answers, ["OK", "6,8"]);
    assert!(brain.game().expect("started").settings().forbidden_for_black);
    // The same stones as the opponent's: we are black on the left edge, h8 is ours to take.
    let input = "INFO rule 4\nSTART 15\nBOARD\n7,6,2\n0,0,1\n7,5,2\n0,2,1\n8,7,2\n0,4,1\n\
                 9,7,2\n0,6,1\nDONE\n";
    let (answers, _) = transcript(input);
    assert_eq!(answers, ["OK", "7,7"]);
}

#[test]
fn a_rule_change_mid_game_replays_the_stones() {
    let (answers, brain) = transcript("START 15\nBEGIN\nTURN 0,0\nINFO rule 4\n");
    assert_eq!(answers, ["OK", "7,7", "6,8"]);
    assert!(brain.game().expect("started").settings().forbidden_for_black);
    assert_eq!(history(&brain), ["h8", "a15", "g7"]);
}

#[test]
fn restart_clears_the_board_and_keeps_the_size() {
    let (answers, brain) = transcript("START 19\nBEGIN\nRESTART\n");
    assert_eq!(answers, ["OK", "9,9", "OK"]);
    let game = brain.game().expect("started");
    assert!(game.history().is_empty());
    assert_eq!(game.board().size(), 19);
    let (answers, _) = transcript("RESTART\n");
    assert_eq!(answers, [format!("ERROR {}", BrainError::NotStarted)]);
}

#[test]
fn begin_opens_a_fresh_game() {
    let (answers, brain) = transcript("START 15\nBEGIN\nTURN 0,0\nBEGIN\n");
    assert_eq!(answers[3], "7,7");
    assert_eq!(history(&brain), ["h8"]);
}

#[test]
fn takeback_undoes_moves() {
    let (answers, brain) =
        transcript("START 15\nBEGIN\nTURN 8,8\nTAKEBACK 6,8\nTAKEBACK 8,8\nTAKEBACK 0,0\n");
    assert_eq!(answers[..5], ["OK", "7,7", "6,8", "OK", "OK"]);
    assert_eq!(answers[5], format!("ERROR {}", BrainError::NoStoneThere(Coords { x: 0, y: 0 })));
    assert_eq!(history(&brain), ["h8"]);
    let (answers, _) = transcript("START 15\nBEGIN\nTURN 8,8\nTAKEBACK 8,8\n");
    assert_eq!(answers[3], format!("ERROR {}", BrainError::NotTakeable(Coords { x: 8, y: 8 })));
}

#[test]
fn about_names_the_brain() {
    let (answers, _) = transcript("ABOUT\n");
    assert_eq!(answers.len(), 1);
    assert!(answers[0].starts_with("name=\"cincobot\", version=\""), "{}", answers[0]);
    assert!(answers[0].contains("author=\""));
}

#[test]
fn end_stops_the_brain_at_once() {
    let (answers, brain) = transcript("START 15\nEND\nBEGIN\n");
    assert_eq!(answers, ["OK"]);
    assert!(brain.game().expect("started").history().is_empty());
    let (answers, _) = transcript("START 15\nBOARD\n7,7,1\n");
    assert_eq!(answers, ["OK"], "the input ended inside BOARD");
}

#[test]
fn unknown_commands_get_unknown() {
    let (answers, _) = transcript("YXSHOWINFO\nSUGGEST 3,3\n");
    assert_eq!(
        answers,
        ["UNKNOWN YXSHOWINFO is not understood", "UNKNOWN SUGGEST is not understood"]
    );
}

#[test]
fn bad_moves_are_errors_and_change_nothing() {
    let input = "BEGIN\nTURN 1,1\nSTART 15\nBEGIN\nTURN 7,7\nTURN 15,3\nTURN 3\nTURN x,y\n\
                 TURN 3,3\n";
    let (answers, brain) = transcript(input);
    assert_eq!(answers[0], format!("ERROR {}", BrainError::NotStarted));
    assert_eq!(answers[1], format!("ERROR {}", BrainError::NotStarted));
    assert_eq!(answers[2..4], ["OK", "7,7"]);
    assert_eq!(answers[4], format!("ERROR {}", BrainError::Refused(GomokuError::Occupied)));
    assert_eq!(answers[5], format!("ERROR {}", BrainError::OffBoard(Coords { x: 15, y: 3 })));
    assert_eq!(answers[6], format!("ERROR {}", BrainError::MalformedCoords("3".into())));
    assert!(is_error(&answers[7]));
    assert_eq!(answers[8], "6,8");
    assert_eq!(history(&brain), ["h8", "d12", "g7"]);
}

#[test]
fn a_turn_after_the_end_is_an_error() {
    // The opponent is black with four down the left edge; we answer h8, it plays the fifth.
    let input = "START 15\nBOARD\n0,0,2\n5,5,1\n0,1,2\n5,7,1\n0,2,2\n5,9,1\n0,3,2\n5,11,1\n\
                 14,14,2\nDONE\nTURN 0,4\nTURN 1,1\n";
    let (answers, brain) = transcript(input);
    assert_eq!(answers[1], "7,7");
    let over = format!("ERROR {}", BrainError::Refused(GomokuError::GameOver));
    assert_eq!(answers[2..], [over.clone(), over]);
    let game = brain.game().expect("started");
    assert_eq!(game.outcome().winner(), Some(engine::Seat::First));
    assert_eq!(game.history().len(), 11, "the winning stone stays on the board");
}

#[test]
fn a_player_without_an_answer_is_an_error() {
    let answers = talk(&mut Brain::new(Broken::Silent), "START 15\nBEGIN\n");
    assert_eq!(answers[1], format!("ERROR {}", BrainError::NoMove));
    let mut brain = Brain::new(Broken::Occupied);
    let answers = talk(&mut brain, "START 15\nTURN 7,7\n");
    assert_eq!(answers[1], format!("ERROR {}", BrainError::NoMove));
    assert_eq!(brain.game().expect("started").history().len(), 1);
}

#[test]
fn too_little_memory_is_reported_at_the_next_move() {
    let (answers, _) = transcript("START 15\nINFO max_memory 1000\nBEGIN\nBEGIN\n");
    assert_eq!(answers[1], format!("ERROR {}", BrainError::TooLittleMemory { limit: 1000 }));
    assert_eq!(answers[2], "7,7");
    let (answers, _) = transcript("START 15\nINFO max_memory 0\nBEGIN\n");
    assert_eq!(answers[1], "7,7", "0 means no limit");
}

#[test]
fn the_deadline_follows_the_time_limits() {
    let (_, brain) = transcript("INFO timeout_turn 0\nSTART 15\nBEGIN\n");
    assert_eq!(brain.player.past, [true]);
    let (_, brain) = transcript("INFO timeout_turn 60000\nSTART 15\nBEGIN\n");
    assert_eq!(brain.player.past, [false]);
    let (_, brain) = transcript("INFO timeout_turn 60000\nINFO time_left -20\nSTART 15\nBEGIN\n");
    assert_eq!(brain.player.past, [true]);
}

#[test]
fn play_imposes_our_move() {
    let (answers, brain) = transcript("START 15\nTURN 7,7\nTAKEBACK 6,8\nPLAY 3,3\nPLAY 3,3\n");
    assert_eq!(answers[..4], ["OK", "6,8", "OK", "3,3"]);
    assert!(is_error(&answers[4]));
    assert_eq!(history(&brain), ["h8", "d12"]);
}

#[test]
fn swap2_places_three_then_plays_on() {
    let (answers, brain) = transcript("START 15\nSWAP2BOARD\nDONE\n");
    assert_eq!(answers, ["OK", "7,7 6,8 7,8"]);
    assert!(brain.game().expect("started").history().is_empty());
    let (answers, _) = transcript("START 15\nSWAP2BOARD\n7,7\n6,8\n7,8\nDONE\n");
    assert_eq!(answers[1], "8,8");
    let (answers, _) = transcript("START 15\nSWAP2BOARD\n7,7\n6,8\n7,8\n8,8\n6,7\nDONE\n");
    assert_eq!(answers[1], "8,7");
    let (answers, _) =
        transcript("START 15\nSWAP2BOARD\n7,7\n6,8\nDONE\nSWAP2BOARD\n7,7\n7,7\n7,8\nDONE\n");
    assert_eq!(answers[1], format!("ERROR {}", BrainError::Swap2StoneCount(2)));
    assert_eq!(answers[2], format!("ERROR {}", BrainError::Refused(GomokuError::Occupied)));
}

#[test]
fn bytes_that_are_not_text_are_survived() {
    let mut brain = Brain::new(NearestCentre::default());
    let mut output = Vec::new();
    let input: &[u8] = b"START 15\r\n\xff\xfe\r\nTURN \xc3\x28,1\r\nBEGIN\r\n";
    brain.run(input, &mut output).expect("memory does not fail");
    let answers = String::from_utf8(output).expect("answers are text");
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), 4);
    assert_eq!(answers[0], "OK");
    assert!(answers[1].starts_with("UNKNOWN"));
    assert!(is_error(answers[2]));
    assert_eq!(answers[3], "7,7");
}

#[test]
fn every_answer_is_flushed() {
    /// Counts what is written but not yet flushed.
    #[derive(Default)]
    struct Pipe {
        pending: usize,
        flushed: Vec<usize>,
    }
    impl Write for Pipe {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.pending += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.flushed.push(self.pending);
            self.pending = 0;
            Ok(())
        }
    }
    let mut pipe = Pipe::default();
    let mut brain = Brain::new(NearestCentre::default());
    brain.run("START 15\nINFO rule 0\nBEGIN\nEND\n".as_bytes(), &mut pipe).expect("no IO error");
    assert_eq!(pipe.flushed, ["OK\n".len(), "7,7\n".len(), 0]);
}

fn a_line() -> impl Strategy<Value = String> {
    let word = prop::sample::select(vec![
        "START",
        "RESTART",
        "BEGIN",
        "TURN",
        "BOARD",
        "DONE",
        "INFO",
        "ABOUT",
        "TAKEBACK",
        "PLAY",
        "SWAP2BOARD",
        "RECTSTART",
        "timeout_turn",
        "rule",
        "max_memory",
        "time_left",
        "",
        "x",
    ]);
    let number = prop_oneof![Just(String::new()), (0u32..22).prop_map(|n| n.to_string())];
    (word, number.clone(), prop::sample::select(vec![" ", ",", ""]), number, any::<bool>())
        .prop_map(|(word, a, sep, b, field)| {
            let field = if field { ",1" } else { "" };
            format!("{word} {a}{sep}{b}{field}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the manager sends, the brain answers with one of the protocol's forms and
    /// a move it answers is always a legal stone on its board.
    #[test]
    fn random_conversations_never_break_the_brain(
        size in prop::sample::select(vec![15u32, 19]),
        lines in prop::collection::vec(a_line(), 0..40),
    ) {
        let input = format!("START {size}\n{}\n", lines.join("\n"));
        let (answers, brain) = transcript(&input);
        for answer in &answers {
            let known = answer == "OK"
                || answer.starts_with("ERROR ")
                || answer.starts_with("UNKNOWN ")
                || answer.starts_with("name=")
                || answer.split(' ').all(|stone| Coords::parse(stone).is_ok());
            prop_assert!(known, "{answer:?}");
        }
        if let Some(game) = brain.game() {
            let replayed = Gomoku::replay(*game.settings(), game.history()).ok();
            prop_assert_eq!(replayed.as_ref(), Some(game));
            prop_assert!(game.outcome() == Outcome::Running || game.outcome().is_over());
        }
    }
}

#[test]
fn a_forbidden_turn_of_the_opponent_is_refused() {
    // The opponent is black with h9 h10 i8 j8; its h8 would be a double three.
    let input = "INFO rule 4\nSTART 15\nBOARD\n7,6,2\n14,0,1\n7,5,2\n14,2,1\n8,7,2\n14,4,1\n\
                 9,7,2\nDONE\nTURN 7,7\n";
    let mut brain = Brain::new(FirstEmpty);
    let answers = talk(&mut brain, input);
    assert_eq!(answers[..2], ["OK", "0,14"]);
    let forbidden = BrainError::Refused(GomokuError::Forbidden(ForbiddenKind::DoubleThree));
    assert_eq!(answers[2], format!("ERROR {forbidden}"));
    assert_eq!(brain.game().expect("started").history().len(), 8);
}
