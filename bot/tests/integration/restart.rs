//! The binary killed in the middle of a game (SIGKILL, no goodbye) and started again on the
//! same database goes on from the same ply, with the turn timer it had: on a SQLite file, and on
//! PostgreSQL when a server is given.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use cincobot::core::GameId;
use cincobot::store::{Store, scratch};

/// The binary in terminal mode in `folder` on the database at `url`, with `more` variables
/// set besides (the web board's), and its output's lines as they come.
pub(crate) fn start_terminal(
    folder: &Path,
    url: &str,
    more: &[(&str, String)],
) -> (Child, mpsc::Receiver<String>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cincobot"));
    command
        .args(["console", "--images"])
        .arg(folder.join("images"))
        .current_dir(folder)
        .env("DATABASE_URL", url)
        .env("CINCOBOT_LOCALE", "en")
        .env("CINCOBOT_CHALLENGER_FIRST", "1")
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELEGRAM_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (name, value) in more {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("the bot starts");
    let stdout = child.stdout.take().expect("its output");
    let (lines, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    (child, receiver)
}

pub(crate) fn type_in(child: &mut Child, lines: &[&str]) {
    let stdin = child.stdin.as_mut().expect("its input");
    for line in lines {
        writeln!(stdin, "{line}").expect("the bot reads");
    }
    stdin.flush().expect("the bot reads");
}

/// Reads output until a line contains `needle`; everything read so far.
pub(crate) fn wait_for(output: &mpsc::Receiver<String>, needle: &str) -> String {
    let mut seen = String::new();
    loop {
        match output.recv_timeout(Duration::from_secs(20)) {
            Ok(line) => {
                seen.push_str(&line);
                seen.push('\n');
                if line.contains(needle) {
                    return seen;
                }
            }
            Err(_) => panic!("never saw {needle:?}; output so far:\n{seen}"),
        }
    }
}

async fn stored(url: &str) -> (usize, Option<i64>) {
    let store = Store::open(url).await.expect("the database opens");
    let (row, moves) = store.game(GameId(1)).await.expect("the store").expect("game 1");
    (moves.len(), row.turn_deadline)
}

#[tokio::test]
async fn a_killed_bot_goes_on_from_the_same_ply_with_its_timer() {
    let database_folder = tempfile::tempdir().expect("a temporary folder");
    let file = format!("sqlite://{}", database_folder.path().join("cincobot.db").display());
    for url in std::iter::once(file).chain(scratch::postgres().await) {
        goes_on_after_a_kill(&url).await;
    }
}

async fn goes_on_after_a_kill(url: &str) {
    let folder = tempfile::tempdir().expect("a temporary folder");

    let (mut bot, output) = start_terminal(folder.path(), url, &[]);
    type_in(
        &mut bot,
        &[
            "/as Ana",
            "/connect5 @bruno timer 60",
            "/as Bruno",
            "/accept",
            "/as Ana",
            "/move 4",
            "/as Bruno",
            "/move 3",
        ],
    );
    wait_for(&output, "game-1-ply-2.png");
    bot.kill().expect("SIGKILL");
    bot.wait().expect("the bot is gone");

    let (moves, deadline) = stored(url).await;
    assert_eq!(moves, 2);
    let deadline = deadline.expect("Ana's turn has a deadline");

    let (mut bot, output) = start_terminal(folder.path(), url, &[]);
    type_in(&mut bot, &["/as Ana", "/move 5"]);
    let seen = wait_for(&output, "game-1-ply-3.png");
    assert!(seen.contains("Ana played 5."), "{seen}");
    type_in(&mut bot, &["/quit"]);
    bot.wait().expect("the bot stops");

    let (moves, next_deadline) = stored(url).await;
    assert_eq!(moves, 3);
    assert!(next_deadline.is_some_and(|next| next > deadline), "Bruno's turn is timed too");
}
