//! The web board beside the terminal: the binary in terminal mode with `[web] listen` and
//! `public_url` set and no platform token serves the board too; `/web` prints the typing
//! player's signed link, the board's API takes it for their seat, and a move played through
//! it shows in the terminal.

use crate::fake_http as http;
use crate::restart::{start_terminal, type_in, wait_for};
use crate::web_links::link_in;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_terminal_serves_the_web_board_and_web_prints_the_players_link() {
    let folder = tempfile::tempdir().expect("a folder");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|socket| socket.local_addr())
        .expect("a free port")
        .port();
    let address = format!("127.0.0.1:{port}");
    let database = format!("sqlite://{}", folder.path().join("bot.db").display());
    let web = [
        ("CINCOBOT_WEB_LISTEN", address.clone()),
        ("CINCOBOT_WEB_PUBLIC_URL", format!("http://{address}")),
        ("CINCOBOT_WEB_KEY", "the terminal test's key, 32+ bytes long".to_owned()),
    ];
    let (mut child, output) = start_terminal(folder.path(), &database, &web);

    type_in(&mut child, &["/as Ana", "/gomoku @Bruno", "/as Bruno", "/accept", "/as Ana", "/web"]);
    let printed = wait_for(&output, "#k=");
    let line = printed.lines().rev().find(|line| line.contains("#k=")).expect("the link");
    assert!(line.contains("Your board for game #1"), "{line}");
    let (page, token) = link_in(line);
    assert_eq!(page, format!("http://{address}/g/1"));
    let authorization = format!("Link {token}");
    let headers = [("authorization", authorization.as_str())];
    let state = http::request("GET", &format!("http://{address}/api/games/1"), &headers, b"")
        .await
        .expect("the board answers");
    assert_eq!(state.status, 200, "{state:?}");
    let state = state.json();
    assert_eq!(
        (state["you"]["seat"].as_u64(), state["you"]["may_act"].as_bool()),
        (Some(0), Some(true))
    );
    // The page's tap is Ana's move at the terminal too.
    let headers = [("authorization", authorization.as_str()), ("content-type", "application/json")];
    let body = br#"{"id":"terminal-tap-1","move":"h8","ply":0}"#;
    let played =
        http::request("POST", &format!("http://{address}/api/games/1/actions"), &headers, body)
            .await
            .expect("the board answers");
    assert_eq!(played.json()["replies"], serde_json::json!([]), "{played:?}");
    wait_for(&output, "Ana played h8.");
    type_in(&mut child, &["/quit"]);
    assert!(child.wait().expect("the bot stops").success());
}
