//! The built executable, driven over real pipes as a manager drives it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Runs the brain on `input` and returns its answers, checking that it exits by itself.
fn session(input: &str) -> Vec<String> {
    let mut brain = Command::new(env!("CARGO_BIN_EXE_pbrain-cincobot"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the brain starts");
    let mut stdin = brain.stdin.take().expect("piped");
    stdin.write_all(input.as_bytes()).expect("the brain reads");
    drop(stdin);
    let stdout = BufReader::new(brain.stdout.take().expect("piped"));
    let answers = stdout.lines().map(|line| line.expect("text")).collect();
    assert!(brain.wait().expect("the brain ends").success());
    answers
}

fn is_point(answer: &str, side: u32) -> bool {
    let Some((x, y)) = answer.split_once(',') else { return false };
    [x, y].iter().all(|n| n.parse::<u32>().is_ok_and(|n| n < side))
}

#[test]
fn the_brain_keeps_the_protocol_over_pipes() {
    let answers = session(
        "INFO timeout_turn 300\r\nINFO rule 1\r\nSTART 20\r\nSTART 15\r\nABOUT\r\nYXSHOWINFO\r\n\
         TURN 15,3\r\nTAKEBACK 0,0\r\nRESTART\r\nEND\r\nSTART 19\r\n",
    );
    assert_eq!(answers.len(), 7, "{answers:?}");
    assert!(answers[0].starts_with("ERROR "));
    assert_eq!(answers[1], "OK");
    assert!(answers[2].starts_with("name=\"cincobot\""));
    assert!(answers[3].starts_with("UNKNOWN "));
    assert!(answers[4].starts_with("ERROR "));
    assert!(answers[5].starts_with("ERROR "));
    assert_eq!(answers[6], "OK");
}

#[test]
fn the_brain_plays_a_short_game_over_pipes() {
    let answers = session(
        "INFO timeout_turn 300\r\nINFO time_left 60000\r\nSTART 15\r\nBEGIN\r\nTURN 0,0\r\n\
         BOARD\r\n7,7,2\r\n8,8,1\r\n6,6,2\r\nDONE\r\nEND\r\n",
    );
    assert_eq!(answers.len(), 4, "{answers:?}");
    assert_eq!(answers[0], "OK");
    assert!(answers[1..].iter().all(|answer| is_point(answer, 15)), "{answers:?}");
    assert_ne!(answers[2], "0,0");
    assert!(!["7,7", "8,8", "6,6"].contains(&answers[3].as_str()));
}

#[test]
fn a_brain_that_has_lost_still_answers_a_move() {
    // The opponent's open four on row 7 (3,7 to 6,7): the bot would resign here; a brain
    // plays on as the protocol expects, one end of the four.
    let answers = session(
        "INFO timeout_turn 300\r\nSTART 15\r\nBOARD\r\n3,7,2\r\n0,0,1\r\n4,7,2\r\n14,14,1\r\n\
         5,7,2\r\n0,14,1\r\n6,7,2\r\n14,0,1\r\nDONE\r\nEND\r\n",
    );
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[0], "OK");
    assert!(["2,7", "7,7"].contains(&answers[1].as_str()), "{answers:?}");
}
