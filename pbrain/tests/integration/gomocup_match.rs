//! The match manager (issue 30) with real processes: our built brain against itself in
//! short games, and small scripts that break the protocol in each way a brain can, each of
//! which must lose its game instead of stopping the match.

use std::time::Duration;

use engine::{GomokuError, GomokuSize, Notation, Point, Stone};
use pbrain::manager::{
    Ending, Entrant, Fault, GameRecord, MatchSettings, OpeningFlaw, Reason, Referee, Tally,
    colour_index, play_game,
};
use pbrain::{Coords, Rule};

fn ours() -> Entrant {
    Entrant::new(env!("CARGO_BIN_EXE_pbrain-cincobot"))
}

/// Short moves, and a margin and a start-up time far beyond anything a loaded machine
/// needs: these games test the judging, not the speed.
fn settings(rule: u32) -> MatchSettings {
    MatchSettings {
        size: GomokuSize::Fifteen,
        rule: Rule(rule),
        turn: Duration::from_millis(60),
        match_time: None,
        max_memory: 350 * 1024 * 1024,
        margin: Duration::from_secs(5),
        startup: Duration::from_secs(30),
    }
}

fn points(moves: &str) -> Vec<Point> {
    moves.split_whitespace().map(|text| Notation::WithI.parse(text, 15).expect("a point")).collect()
}

/// A game our brain played to its end: a five or a full board, every move timed, and the
/// last stone the one that ended it.
fn assert_played_out(record: &GameRecord, rule: Rule) {
    let stones: Vec<Point> = record.opening.iter().chain(&record.moves).copied().collect();
    let times = record.times[0].len() + record.times[1].len();
    assert_eq!(times, record.moves.len(), "one time per move: {record:?}");
    match &record.ending {
        Ending { winner: Some(winner), reason: Reason::Five } => {
            let last = if stones.len() % 2 == 1 { Stone::Black } else { Stone::White };
            assert_eq!(*winner, last, "{record:?}");
            let replay = Referee::with_opening(rule, GomokuSize::Fifteen, &stones);
            let error = replay.expect_err("the last stone ends the game");
            assert_eq!((error.index, error.why), (stones.len() - 1, OpeningFlaw::EndsTheGame));
        }
        Ending { winner: None, reason: Reason::BoardFull } => assert_eq!(stones.len(), 225),
        other => panic!("our brain should finish its games cleanly: {other:?}\n{record:?}"),
    }
}

#[test]
fn our_brain_plays_itself_from_an_empty_board() {
    // Black is asked with BEGIN, white first with BOARD (one stone), then TURN.
    let record = play_game(&ours(), &ours(), &[], &settings(0)).expect("no opening to refuse");
    assert_played_out(&record, Rule(0));
    let mut tally = Tally::default();
    tally.add(Stone::Black, &record);
    assert_eq!(tally.total().iter().sum::<u32>(), 1);
}

#[test]
fn our_brain_plays_itself_at_renju_from_three_stones() {
    // White moves first after the opening, told by BOARD; black's first request is a BOARD
    // of five stones.
    let opening = points("h8 i9 g7");
    let record = play_game(&ours(), &ours(), &opening, &settings(4)).expect("a legal opening");
    assert_eq!(record.opening, opening);
    assert_played_out(&record, Rule(4));
}

#[test]
fn an_illegal_opening_is_refused_before_any_brain_starts() {
    let missing = Entrant::new("/nonexistent/pbrain-nobody");
    let error = play_game(&missing, &missing, &points("h8 h8"), &settings(0))
        .expect_err("a stone on a stone");
    assert_eq!(error.why, OpeningFlaw::Refused(GomokuError::Occupied));
}

#[test]
fn a_brain_that_cannot_start_loses() {
    let missing = Entrant::new("/nonexistent/pbrain-nobody");
    let record = play_game(&ours(), &missing, &[], &settings(0)).expect("no opening");
    assert_eq!(record.ending.winner, Some(Stone::Black));
    assert!(matches!(record.ending.reason, Reason::Fault(Fault::Start(_))), "{record:?}");
    assert!(record.moves.is_empty());
}

/// Scripts standing in for broken brains: `sh` is on every Unix the tests run on.
#[cfg(unix)]
mod broken_brains {
    use super::*;

    /// A brain run by `sh` from `script`, with `argument` as `$1`.
    fn script(script: &str, argument: &str) -> Entrant {
        Entrant {
            program: "sh".into(),
            args: vec!["-c".to_owned(), script.to_owned(), "fake".to_owned(), argument.to_owned()],
            infos: Vec::new(),
        }
    }

    /// Says OK to START, then answers `$1` to every move request.
    fn answering(answer: &str) -> Entrant {
        script(
            r#"read start; echo OK
               while read line; do
                 case "$line" in BEGIN*|TURN*|DONE*) echo "MESSAGE thinking"; echo "$1";; END*) exit 0;; esac
               done"#,
            answer,
        )
    }

    /// The game where the broken brain plays white, asked first after a one-stone opening,
    /// against our brain as black.
    fn white_answering(answer: &str, rule: u32) -> GameRecord {
        play_game(&ours(), &answering(answer), &points("h8"), &settings(rule)).expect("legal")
    }

    fn lost_by_white(record: &GameRecord) -> &Reason {
        assert_eq!(record.ending.winner, Some(Stone::Black), "{record:?}");
        assert!(record.moves.is_empty(), "{record:?}");
        &record.ending.reason
    }

    #[test]
    fn a_taken_point_loses() {
        // h8 is 7,7, taken by the opening.
        let record = white_answering("7,7", 0);
        let coords = Coords { x: 7, y: 7 };
        let taken = Reason::IllegalMove { coords, why: GomokuError::Occupied };
        assert_eq!(lost_by_white(&record), &taken);
    }

    #[test]
    fn a_point_off_the_board_loses() {
        let record = white_answering("15,3", 0);
        let coords = Coords { x: 15, y: 3 };
        let off = Reason::IllegalMove { coords, why: GomokuError::OffBoard };
        assert_eq!(lost_by_white(&record), &off);
    }

    #[test]
    fn an_error_or_nonsense_instead_of_a_move_loses() {
        let record = white_answering("ERROR cannot think", 0);
        assert_eq!(
            lost_by_white(&record),
            &Reason::Fault(Fault::Refused("ERROR cannot think".to_owned()))
        );
        let record = white_answering("SUGGEST 1,1", 0);
        assert_eq!(
            lost_by_white(&record),
            &Reason::Fault(Fault::Garbled("SUGGEST 1,1".to_owned()))
        );
    }

    #[test]
    fn a_forbidden_point_loses_for_black_in_renju() {
        // j8 (9,7) would give black two open threes: h8–j8 and j8–j10.
        let opening = points("h8 a1 i8 a3 j9 a5 j10 a7");
        let record =
            play_game(&answering("9,7"), &ours(), &opening, &settings(4)).expect("legal opening");
        assert_eq!(record.ending.winner, Some(Stone::White), "{record:?}");
        assert_eq!(record.ending.reason, Reason::Forbidden(engine::ForbiddenKind::DoubleThree));
        // The same point in freestyle is a good move, and the game goes on to our brain.
        let record =
            play_game(&answering("9,7"), &ours(), &opening, &settings(0)).expect("legal opening");
        assert_eq!(record.moves.first(), Some(&points("j8")[0]), "{record:?}");
        assert!(!record.times[colour_index(Stone::White)].is_empty());
    }

    #[test]
    fn a_silent_brain_loses_on_time() {
        let silent = script("read start; echo OK; while read line; do :; done", "");
        let mut quick = settings(0);
        quick.margin = Duration::from_millis(200);
        let record = play_game(&ours(), &silent, &points("h8"), &quick).expect("legal");
        let waited = Duration::from_millis(260);
        assert_eq!(lost_by_white(&record), &Reason::Fault(Fault::Timeout { waited }));
    }

    #[test]
    fn a_brain_that_ends_loses() {
        let record = play_game(
            &ours(),
            &script("read start; echo OK; exit 3", ""),
            &points("h8"),
            &settings(0),
        )
        .expect("legal");
        let Reason::Fault(Fault::Crashed(why)) = lost_by_white(&record) else {
            panic!("{record:?}")
        };
        assert!(why.contains('3'), "the exit status is told: {why}");
    }

    #[test]
    fn a_brain_that_refuses_start_loses() {
        let refusing = script("read start; echo ERROR no such board", "");
        let record = play_game(&refusing, &ours(), &[], &settings(0)).expect("no opening");
        assert_eq!(record.ending.winner, Some(Stone::White));
        let Reason::Fault(Fault::Start(why)) = &record.ending.reason else { panic!("{record:?}") };
        assert!(why.contains("ERROR no such board"), "{why}");
    }

    #[test]
    fn a_brain_silent_at_start_loses() {
        let silent = script("while read line; do :; done", "");
        let mut impatient = settings(0);
        impatient.startup = Duration::from_millis(300);
        let record = play_game(&ours(), &silent, &[], &impatient).expect("no opening");
        let why = "no answer to START 15 within 300 ms".to_owned();
        assert_eq!(lost_by_white(&record), &Reason::Fault(Fault::Start(why)));
    }
}
