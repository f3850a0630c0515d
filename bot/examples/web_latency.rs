//! The web board's figures (issue 31, docs/PERFORMANCE.md), with the bot in this process: the
//! real Telegram adapter against the fake Bot API and the web board beside it, all on loopback.
//!
//! 1. **Tap to board**: Ana and Bruno play `MOVES` moves of a gomoku game started in a group,
//!    through the board's API, each with their event stream open. Each move times the POST of
//!    the action → the other player's `board` event for it → their state GET showing it. The
//!    moves are a quarter of a second apart, within a player's five actions a second.
//! 2. **Page weight**: the page, its script and its style as served, uncompressed, and what in
//!    them names another host (nothing may: the page loads nothing from elsewhere).
//! 3. **State GETs a second**: `CLIENTS` connections, kept alive, read the game's state as fast
//!    as they are answered for `SECONDS`. Each connection comes from its own loopback address
//!    (127.0.1.x) and cycles through its own spectators' links, so that the per-address and
//!    per-identity limits (200 and 20 a second) do not cap what the server can do; every 429
//!    is counted and reported.
//!
//! `cargo run --release -p cincobot --example web_latency [MOVES] [CLIENTS] [SECONDS]`
//! (100, 64, 5).

#[path = "../tests/integration/fake_http.rs"]
mod fake_http;
#[path = "../tests/integration/fake_telegram.rs"]
mod fake_telegram;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use cincobot::core::{GameId, Platform};
use cincobot::runtime::adapter::Adapter;
use cincobot::telegram::Pacing;
use cincobot::web::WebSettings;
use cincobot::web::identity::{Link, LinkKey, LinkPlayer};
use fake_http::Events;
use fake_telegram::{FakeTelegram, TOKEN, text, user};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

type Failure = Box<dyn std::error::Error + Send + Sync>;

const GROUP: i64 = -100_900;
const ANA: i64 = 11;
const BRUNO: i64 = 22;
const KEY: &[u8] = b"the example's link key, 32+ bytes long";
const WAIT: Duration = Duration::from_secs(10);
const SIDE: usize = 15;
/// Each connection's spectators: enough identities that 20 reads a second each never bind.
const LINKS_PER_CLIENT: usize = 16;

fn argument(index: usize, default: usize) -> usize {
    std::env::args().nth(index).and_then(|a| a.parse().ok()).unwrap_or(default)
}

fn epoch_seconds() -> i64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
}

/// A signed link to game 1: a player's (seat, Telegram user id, handle) or, with `None`, a
/// spectator's; `serial` makes each spectator's link (and so its identity) its own.
fn link(player: Option<(usize, i64, &str)>, serial: i64) -> Result<String, Failure> {
    let link = Link {
        platform: Platform::Telegram,
        game: GameId(1),
        player: player.map(|(seat, id, handle)| LinkPlayer {
            seat,
            user: id.to_string(),
            handle: Some(handle.to_owned()),
        }),
        expires: epoch_seconds() + 3600 + serial,
        locale: None,
    };
    Ok(format!("Link {}", link.mint(&LinkKey::new(KEY)).map_err(|e| e.to_string())?))
}

/// Whether a stone of `colour` at `(x, y)` would make five or more in a row.
fn makes_five(board: &[[Option<usize>; SIDE]; SIDE], x: usize, y: usize, colour: usize) -> bool {
    let same = |x: isize, y: isize| {
        (0..SIDE as isize).contains(&x)
            && (0..SIDE as isize).contains(&y)
            && board[x as usize][y as usize] == Some(colour)
    };
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
        let count = |sign: isize| {
            (1..5)
                .take_while(|step| {
                    same(x as isize + sign * step * dx, y as isize + sign * step * dy)
                })
                .count()
        };
        1 + count(1) + count(-1) >= 5
    })
}

/// `moves` points, black and white in turn, none of them ending the game: the first free
/// point, row by row, that makes no five for its colour.
fn quiet_game(moves: usize) -> Vec<(usize, usize)> {
    let mut board = [[None; SIDE]; SIDE];
    let mut played = Vec::new();
    for turn in 0..moves.min(SIDE * SIDE / 2) {
        let colour = turn % 2;
        let free = (0..SIDE)
            .flat_map(|y| (0..SIDE).map(move |x| (x, y)))
            .find(|&(x, y)| board[x][y].is_none() && !makes_five(&board, x, y, colour));
        let Some((x, y)) = free else { break };
        board[x][y] = Some(colour);
        played.push((x, y));
    }
    played
}

/// The value at `fraction` (0.5: the median) of sorted `values`.
fn percentile(values: &[Duration], fraction: f64) -> Duration {
    let index = ((values.len() as f64 * fraction).ceil() as usize).clamp(1, values.len()) - 1;
    values[index]
}

fn milliseconds(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> Result<(), Failure> {
    let moves = argument(1, 100).clamp(2, 110);
    let clients = argument(2, 64).clamp(1, 250);
    let seconds = argument(3, 5).clamp(1, 60);
    let directory = tempfile::tempdir()?;
    let fake = FakeTelegram::start().await;
    let socket = std::net::TcpListener::bind("127.0.0.1:0")?;
    let address = socket.local_addr()?;
    let web = WebSettings {
        listen: address,
        socket: Some(socket),
        telegram_token: Some(cincobot::config::Secret::new(TOKEN.to_owned())),
        link_key: LinkKey::new(KEY),
        init_data_max_age: Duration::from_secs(86_400),
        default_locale: cincobot::i18n::Locale::En,
        links: None,
    };
    let telegram = fake_telegram::settings(&fake, Pacing::UNLIMITED);
    let running =
        cincobot::runtime::start(&fake_http::config(&directory.path().join("web.db"))).await?;
    let adapters: Vec<Box<dyn Adapter>> = vec![Box::new(telegram), Box::new(web)];
    let served = cincobot::runtime::serve(running, adapters).await?;
    let base = format!("http://{address}");

    // Ana challenges Bruno in the group and he accepts: game 1, Ana first.
    let (ana, bruno) = (user(ANA, "ana", "en"), user(BRUNO, "bruno", "en"));
    for (who, words, method) in [
        (&bruno, "/help", "sendMessage"),
        (&ana, "/gomoku @bruno", "sendMessage"),
        (&bruno, "/accept", "sendPhoto"),
    ] {
        let from = fake.count();
        fake.push(text(GROUP, who, words));
        fake.wait_for(from, |call| call.method == method && call.chat() == GROUP).await;
    }
    let players = [link(Some((0, ANA, "ana")), 0)?, link(Some((1, BRUNO, "bruno")), 0)?];
    let state = get_json(&base, &players[0]).await?;
    let columns: Vec<String> = state["board"]["columns"]
        .as_array()
        .ok_or("no board in the state")?
        .iter()
        .filter_map(|letter| letter.as_str().map(str::to_owned))
        .collect();
    let mut streams = Vec::new();
    for player in &players {
        let mut events =
            Events::open(&format!("{base}/api/games/1/events"), &[("authorization", player)])
                .await
                .ok_or("no event stream")?;
        events.next(WAIT).await.filter(|(event, _)| event == "ready").ok_or("no ready event")?;
        streams.push(events);
    }

    // 1. Tap to the other player's board.
    let mut to_event = Vec::new();
    let mut to_state = Vec::new();
    for (ply, (x, y)) in quiet_game(moves).into_iter().enumerate() {
        let (mover, other) = (ply % 2, 1 - ply % 2);
        let body = serde_json::json!({
            "id": format!("latency-{ply:04}"),
            "move": format!("{}{}", columns.get(x).ok_or("a column")?, y + 1),
            "ply": ply,
        })
        .to_string();
        let url = format!("{base}/api/games/1/actions");
        let authorization = players[mover].clone();
        let started = Instant::now();
        let post = tokio::spawn(async move {
            let headers =
                [("authorization", authorization.as_str()), ("content-type", "application/json")];
            fake_http::request("POST", &url, &headers, body.as_bytes()).await
        });
        loop {
            let (event, data) = streams[other].next(WAIT).await.ok_or("no board event")?;
            let shown: Value = serde_json::from_str(&data).unwrap_or(Value::Null);
            if event == "board" && shown["ply"].as_u64().is_some_and(|shown| shown > ply as u64) {
                break;
            }
        }
        to_event.push(started.elapsed());
        let state = get_json(&base, &players[other]).await?;
        if state["ply"].as_u64() != Some(ply as u64 + 1) {
            return Err(format!("move {ply}: the state shows ply {}", state["ply"]).into());
        }
        to_state.push(started.elapsed());
        let answer = post.await?.ok_or("no answer to the action")?;
        let replies = answer.json()["replies"].clone();
        if answer.status != 200 || replies != serde_json::json!([]) {
            return Err(format!("move {ply} refused: {} {}", answer.status, answer.body).into());
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    to_event.sort();
    to_state.sort();
    println!("tap → board, {} moves over loopback (ms):", to_state.len());
    for (what, values) in
        [("the other's board event", &to_event), ("their state GET showing it", &to_state)]
    {
        println!(
            "  {what:<28} median {:6.2}  p99 {:6.2}  max {:6.2}",
            milliseconds(percentile(values, 0.5)),
            milliseconds(percentile(values, 0.99)),
            milliseconds(percentile(values, 1.0)),
        );
    }

    // 2. Page weight.
    let mut total = 0;
    let mut elsewhere = Vec::new();
    for path in ["/", "/app.js", "/app.css"] {
        let answer =
            fake_http::request("GET", &format!("{base}{path}"), &[], b"").await.ok_or("no page")?;
        total += answer.body.len();
        // The SVG namespace is a name, not a request.
        let named = answer.body.replace("http://www.w3.org/2000/svg", "");
        elsewhere.extend(
            ["http://", "https://", "//cdn", "@import"]
                .iter()
                .filter(|host| named.contains(*host))
                .map(|host| format!("{path}: {host}")),
        );
        println!("page {path:<8} {:>6} bytes", answer.body.len());
    }
    println!(
        "page total {total} bytes ({:.1} KB), other hosts named: {elsewhere:?}",
        total as f64 / 1024.0
    );

    // 3. State GETs a second.
    let mut tasks = Vec::new();
    let until = Instant::now() + Duration::from_secs(seconds as u64);
    for client in 0..clients {
        let mut links = Vec::new();
        for serial in 0..LINKS_PER_CLIENT {
            links.push(link(None, (client * LINKS_PER_CLIENT + serial) as i64 + 1)?);
        }
        let source = Ipv4Addr::new(127, 0, 1, u8::try_from(client + 1)?);
        tasks.push(tokio::spawn(read_states(address, source, links, until)));
    }
    let (mut ok, mut refused, mut other) = (0_u64, 0_u64, 0_u64);
    for task in tasks {
        let (o, r, x) = task.await??;
        (ok, refused, other) = (ok + o, refused + r, other + x);
    }
    println!(
        "state GET: {clients} connections for {seconds} s: {:.0} answered a second \
         ({ok} × 200, {refused} × 429, {other} other)",
        ok as f64 / seconds as f64
    );
    served.stop().await;
    Ok(())
}

async fn get_json(base: &str, authorization: &str) -> Result<Value, Failure> {
    let answer = fake_http::request(
        "GET",
        &format!("{base}/api/games/1"),
        &[("authorization", authorization)],
        b"",
    )
    .await
    .ok_or("no answer")?;
    if answer.status != 200 {
        return Err(format!("state GET: {} {}", answer.status, answer.body).into());
    }
    Ok(answer.json())
}

/// One kept-alive connection from `source` reading the state until `until`, cycling through
/// `links`: how many answers were 200, 429 and anything else.
async fn read_states(
    server: SocketAddr,
    source: Ipv4Addr,
    links: Vec<String>,
    until: Instant,
) -> Result<(u64, u64, u64), Failure> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(source.into(), 0))?;
    let mut stream = BufReader::new(socket.connect(server).await?);
    let (mut ok, mut refused, mut other) = (0, 0, 0);
    let mut turn = 0;
    while Instant::now() < until {
        let request = format!(
            "GET /api/games/1 HTTP/1.1\r\nhost: board\r\nauthorization: {}\r\n\r\n",
            links[turn % links.len()]
        );
        turn += 1;
        stream.get_mut().write_all(request.as_bytes()).await?;
        let mut status = 0;
        let mut length = 0;
        let mut line = String::new();
        loop {
            line.clear();
            if stream.read_line(&mut line).await? == 0 {
                return Err("the server closed the connection".into());
            }
            let trimmed = line.trim_end();
            if trimmed.is_empty() {
                break;
            }
            if let Some(code) = trimmed.strip_prefix("HTTP/1.1 ") {
                status = code.get(..3).and_then(|code| code.parse().ok()).unwrap_or(0);
            } else if let Some((name, value)) = trimmed.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse()?;
            }
        }
        let mut body = vec![0; length];
        stream.read_exact(&mut body).await?;
        match status {
            200 => ok += 1,
            429 => refused += 1,
            _ => other += 1,
        }
    }
    Ok((ok, refused, other))
}
