//! A fake Discord on 127.0.0.1: the REST API (reached through serenity's proxy setting) and a
//! gateway websocket that speaks HELLO, IDENTIFY, READY and heartbeats and dispatches the
//! interactions a test scripts, each on the shard Discord would choose for its guild (DMs on
//! shard 0). It keeps the messages the bot made (so an edit of a deleted
//! one fails with 10008 as on Discord), records every REST call, and fails chosen calls on
//! demand (a 429, closed DMs).

#![allow(dead_code)]

use super::fake_http as http;

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::BufReader;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Message as Frame;

pub const TOKEN: &str = "MTE3MDAwMDAwMDAwMDAwMDAwMA.fake.discord-token";
pub const APPLICATION: &str = "1170000000000000000";
pub const GUILD: &str = "1160000000000000000";

/// One REST call the bot made. A multipart body is its `payload_json`, with `files` the
/// number of files and `png` (`gif`) whether they all are PNG images (GIF animations).
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub path: String,
    /// The query string, without its `?`.
    pub query: String,
    pub body: Value,
    pub files: usize,
    pub png: bool,
    pub gif: bool,
    pub at: Instant,
    /// The id of the message the call made, if it made one.
    pub created: Option<u64>,
}

impl Call {
    pub fn is(&self, method: &str, path_part: &str) -> bool {
        self.method == method && self.path.contains(path_part)
    }

    /// An interaction callback's type (4 message, 5 deferred, 6 acknowledged, 7 update).
    pub fn callback_type(&self) -> Option<i64> {
        self.path.ends_with("/callback").then(|| self.body["type"].as_i64()).flatten()
    }

    /// The message data of the call: a callback's `data`, else the body.
    pub fn data(&self) -> &Value {
        if self.path.ends_with("/callback") { &self.body["data"] } else { &self.body }
    }

    pub fn content(&self) -> String {
        self.data()["content"].as_str().unwrap_or_default().to_owned()
    }

    pub fn ephemeral(&self) -> bool {
        self.data()["flags"].as_u64().is_some_and(|flags| flags & 64 != 0)
    }

    /// Every custom id and select option value of the call's components, row by row.
    pub fn components(&self) -> Vec<Vec<String>> {
        self.data()["components"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|row| {
                row["components"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .flat_map(|component| {
                        let options: Vec<String> = component["options"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|option| option["value"].as_str().map(str::to_owned))
                            .collect();
                        if options.is_empty() {
                            component["custom_id"].as_str().map(str::to_owned).into_iter().collect()
                        } else {
                            options
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The enabled buttons' custom ids.
    pub fn buttons(&self) -> Vec<String> {
        self.data()["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|component| component["type"] == 2 && component["disabled"] != true)
            .filter_map(|component| component["custom_id"].as_str().map(str::to_owned))
            .collect()
    }

    /// The message id in the path (`/messages/<id>`).
    pub fn message_id(&self) -> Option<u64> {
        self.path.split("/messages/").nth(1).and_then(|id| id.parse().ok())
    }
}

/// The bot's Discord adapter, with its core and a SQLite store at `database`, against `fake`:
/// one shard, commands registered globally, the CPU on a short budget, English by default.
pub async fn serve_bot(
    fake: &FakeDiscord,
    database: &std::path::Path,
) -> cincobot::runtime::Served {
    let running = cincobot::runtime::start(&http::config(database)).await.expect("the core starts");
    let adapters: Vec<Box<dyn cincobot::runtime::adapter::Adapter>> =
        vec![Box::new(settings(fake))];
    cincobot::runtime::serve(running, adapters).await.expect("the bot starts")
}

/// The Discord adapter against `fake`: one shard, commands registered globally.
pub fn settings(fake: &FakeDiscord) -> cincobot::discord::DiscordSettings {
    use cincobot::config::{Secret, Shards};
    cincobot::discord::DiscordSettings {
        token: Secret::new(TOKEN.to_owned()),
        proxy: Some(fake.proxy.clone()),
        guild: None,
        shards: Shards::Count(1),
    }
}

/// A scripted failure: the next `times` calls whose method and path match get `reply`.
#[derive(Clone, Debug)]
struct Failure {
    method: String,
    path_part: String,
    times: usize,
    status: u16,
    reply: Value,
}

#[derive(Debug, Default)]
struct State {
    calls: Vec<Call>,
    failures: Vec<Failure>,
    /// The messages in the channels: id → channel.
    messages: HashMap<u64, u64>,
    /// The message each interaction token answered with.
    originals: HashMap<String, u64>,
    /// Users whose DMs are closed.
    closed_dms: Vec<u64>,
    /// The DM channel of each user.
    dms: HashMap<u64, u64>,
    /// The open shards by index: which connection, its shard total, where its dispatches go.
    shards: BTreeMap<u32, OpenShard>,
    /// The shard count `/gateway/bot` recommends.
    recommended: u32,
    connections: u64,
    /// Where each call goes as it is answered, for a load run.
    watcher: Option<mpsc::UnboundedSender<Call>>,
    /// Keep no calls (a load run watches them instead).
    forgetful: bool,
    identified: usize,
    sequence: u64,
}

#[derive(Debug)]
struct OpenShard {
    connection: u64,
    identified_at: Instant,
    total: u32,
    dispatches: mpsc::UnboundedSender<Value>,
}

/// The fake, running.
#[derive(Clone, Debug)]
pub struct FakeDiscord {
    /// What serenity's `HttpBuilder::proxy` takes.
    pub proxy: String,
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    ids: Arc<AtomicU64>,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("a REST port");
        let gateway = TcpListener::bind("127.0.0.1:0").await.expect("a gateway port");
        let fake = FakeDiscord {
            proxy: format!("http://{}", rest.local_addr().expect("an address")),
            state: Arc::new(Mutex::new(State { recommended: 1, ..State::default() })),
            changed: Arc::new(Notify::new()),
            ids: Arc::new(AtomicU64::new(1_300_000_000_000_000_000)),
        };
        let ws_url = format!("ws://{}", gateway.local_addr().expect("an address"));
        let served = fake.clone();
        let url = ws_url.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = rest.accept().await {
                let _ = stream.set_nodelay(true);
                let fake = served.clone();
                let url = url.clone();
                tokio::spawn(async move { fake.connection(stream, &url).await });
            }
        });
        let served = fake.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = gateway.accept().await {
                // Dispatches are small frames written one after another: without this, each
                // waits for the client's delayed acknowledgement of the one before (up to
                // 40 ms), a delay of the fake's making that real Discord does not add.
                let _ = stream.set_nodelay(true);
                let fake = served.clone();
                let url = ws_url.clone();
                tokio::spawn(async move { fake.shard(stream, &url).await });
            }
        });
        fake
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().expect("the fake's state")
    }

    /// A new snowflake.
    pub fn id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::SeqCst)
    }

    /// Waits until `count` shards have identified in all (a restarted bot identifies again).
    pub async fn identified(&self, count: usize) {
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            let notified = self.changed.notified();
            if self.lock().identified >= count {
                return;
            }
            assert!(Instant::now() < until, "the bot never identified on the gateway");
            let _ = tokio::time::timeout(Duration::from_millis(100), notified).await;
        }
    }

    /// Dispatches INTERACTION_CREATE with `interaction` on the shard of its guild (shard 0
    /// for a DM), which must be open.
    pub fn dispatch(&self, interaction: Value) {
        let state = self.lock();
        let total = state.shards.values().next().map_or(1, |shard| shard.total);
        let index = interaction["guild_id"]
            .as_str()
            .and_then(|guild| guild.parse::<u64>().ok())
            .map_or(0, |guild| shard_of(guild, total));
        let shard = state.shards.get(&index).unwrap_or_else(|| panic!("shard {index} is open"));
        shard.dispatches.send(interaction).expect("the shard listens");
    }

    /// The shards open now: index and the total each identified with.
    pub fn open_shards(&self) -> Vec<(u32, u32)> {
        self.lock().shards.iter().map(|(&index, shard)| (index, shard.total)).collect()
    }

    /// Waits (at most `within`) until the open shards are `(index, total)` as `wanted`; how
    /// long that took.
    pub async fn wait_for_shards(&self, wanted: &[(u32, u32)], within: Duration) -> Duration {
        let start = Instant::now();
        loop {
            let notified = self.changed.notified();
            let open = self.open_shards();
            if open == wanted {
                return start.elapsed();
            }
            assert!(start.elapsed() < within, "the open shards stayed {open:?}, not {wanted:?}");
            let _ = tokio::time::timeout(Duration::from_millis(50), notified).await;
        }
    }

    /// Shard `index`'s connection, if open (each connection has its own number), and when it
    /// identified.
    pub fn shard_opened(&self, index: u32) -> Option<(u64, Instant)> {
        self.lock().shards.get(&index).map(|shard| (shard.connection, shard.identified_at))
    }

    /// What `/gateway/bot` recommends from now on.
    pub fn recommend_shards(&self, count: u32) {
        self.lock().recommended = count;
    }

    /// Every call from now on, as it is answered; `forget`: keep none in memory.
    pub fn watch(&self, forget: bool) -> mpsc::UnboundedReceiver<Call> {
        let (sender, calls) = mpsc::unbounded_channel();
        let mut state = self.lock();
        state.watcher = Some(sender);
        state.forgetful = forget;
        calls
    }

    pub fn calls(&self) -> Vec<Call> {
        self.lock().calls.clone()
    }

    pub fn count(&self) -> usize {
        self.lock().calls.len()
    }

    /// Waits (at most 20 s) for a call made after the first `from` that `matches`.
    pub async fn wait_for(&self, from: usize, matches: impl Fn(&Call) -> bool) -> Call {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let notified = self.changed.notified();
            if let Some(call) = self.lock().calls.iter().skip(from).find(|call| matches(call)) {
                return call.clone();
            }
            if Instant::now() > until {
                let calls: Vec<String> = self
                    .calls()
                    .iter()
                    .skip(from)
                    .map(|call| format!("{} {} {}", call.method, call.path, call.body))
                    .collect();
                panic!("no such call; the calls since: {calls:#?}");
            }
            let _ = tokio::time::timeout(Duration::from_millis(100), notified).await;
        }
    }

    /// Waits (at most 20 s) until `times` calls after the first `from` match; those calls.
    pub async fn wait_count(
        &self,
        from: usize,
        matches: impl Fn(&Call) -> bool,
        times: usize,
    ) -> Vec<Call> {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let notified = self.changed.notified();
            let found: Vec<Call> =
                self.lock().calls.iter().skip(from).filter(|call| matches(call)).cloned().collect();
            if found.len() >= times {
                return found;
            }
            assert!(Instant::now() < until, "{} of {times} such calls", found.len());
            let _ = tokio::time::timeout(Duration::from_millis(100), notified).await;
        }
    }

    /// Calls after the first `from`, waiting `quiet` for more first.
    pub async fn since(&self, from: usize, quiet: Duration) -> Vec<Call> {
        tokio::time::sleep(quiet).await;
        self.calls().into_iter().skip(from).collect()
    }

    /// The next `times` calls of `method` on a path containing `path_part` get a 429.
    pub fn rate_limit(&self, method: &str, path_part: &str, times: usize, retry_after: f64) {
        self.limit(method, path_part, times, retry_after, false);
    }

    /// Like [`FakeDiscord::rate_limit`], with a global limit: every call must wait.
    pub fn rate_limit_globally(&self, method: &str, path_part: &str, retry_after: f64) {
        self.limit(method, path_part, 1, retry_after, true);
    }

    fn limit(&self, method: &str, path_part: &str, times: usize, retry_after: f64, global: bool) {
        let reply = json!({
            "message": "You are being rate limited.",
            "retry_after": retry_after,
            "global": global,
            "code": 0
        });
        self.lock().failures.push(Failure {
            method: method.to_owned(),
            path_part: path_part.to_owned(),
            times,
            status: 429,
            reply,
        });
    }

    /// `user` does not take DMs from the server's members.
    pub fn close_dms(&self, user: u64) {
        self.lock().closed_dms.push(user);
    }

    /// Someone deleted `message`.
    pub fn delete_message(&self, message: u64) {
        self.lock().messages.remove(&message);
    }

    pub fn message_exists(&self, message: u64) -> bool {
        self.lock().messages.contains_key(&message)
    }

    async fn shard(&self, stream: TcpStream, url: &str) {
        let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await else { return };
        let hello = json!({ "op": 10, "d": { "heartbeat_interval": 41250 }, "s": null, "t": null });
        if socket.send(Frame::text(hello.to_string())).await.is_err() {
            return;
        }
        let (dispatches, mut waiting) = mpsc::unbounded_channel::<Value>();
        let connection = {
            let mut state = self.lock();
            state.connections += 1;
            state.connections
        };
        let mut opened = None;
        loop {
            tokio::select! {
                frame = socket.next() => {
                    let Some(Ok(frame)) = frame else { break };
                    let Ok(text) = frame.to_text() else { continue };
                    let Ok(payload) = serde_json::from_str::<Value>(text) else { continue };
                    let reply = match payload["op"].as_i64() {
                        Some(1) => json!({ "op": 11, "d": null, "s": null, "t": null }),
                        Some(2) => {
                            let ready = self.ready(url);
                            let shard = &payload["d"]["shard"];
                            let index = shard[0].as_u64().and_then(|i| u32::try_from(i).ok());
                            let total = shard[1].as_u64().and_then(|n| u32::try_from(n).ok());
                            let (index, total) = (index.unwrap_or(0), total.unwrap_or(1));
                            opened = Some(index);
                            let mut state = self.lock();
                            let dispatches = dispatches.clone();
                            let identified_at = Instant::now();
                            let open = OpenShard { connection, identified_at, total, dispatches };
                            state.shards.insert(index, open);
                            state.identified += 1;
                            drop(state);
                            self.changed.notify_waiters();
                            ready
                        }
                        _ => continue,
                    };
                    if socket.send(Frame::text(reply.to_string())).await.is_err() {
                        break;
                    }
                }
                Some(interaction) = waiting.recv() => {
                    let sequence = {
                        let mut state = self.lock();
                        state.sequence += 1;
                        state.sequence
                    };
                    let event = json!({
                        "op": 0, "s": sequence, "t": "INTERACTION_CREATE", "d": interaction
                    });
                    if socket.send(Frame::text(event.to_string())).await.is_err() {
                        break;
                    }
                }
            }
        }
        if let Some(index) = opened {
            let mut state = self.lock();
            if state.shards.get(&index).is_some_and(|shard| shard.connection == connection) {
                state.shards.remove(&index);
            }
            drop(state);
            self.changed.notify_waiters();
        }
    }

    fn ready(&self, url: &str) -> Value {
        let sequence = {
            let mut state = self.lock();
            state.sequence += 1;
            state.sequence
        };
        json!({
            "op": 0, "s": sequence, "t": "READY",
            "d": {
                "v": 10,
                "user": {
                    "id": APPLICATION, "username": "cincobot", "discriminator": "0",
                    "avatar": null, "bot": true
                },
                "guilds": [{ "id": GUILD, "unavailable": true }],
                "session_id": format!("session-{sequence}"),
                "resume_gateway_url": url,
                "application": { "id": APPLICATION, "flags": 0 }
            }
        })
    }

    async fn connection(&self, stream: TcpStream, ws_url: &str) {
        let mut stream = BufReader::new(stream);
        while let Some(request) = http::read(&mut stream).await {
            let (body, files, png, gif) = parse_body(&request.content_type, &request.body);
            let (path, query) = request.path.split_once('?').unwrap_or((&request.path, ""));
            let (path, query) = (path.to_owned(), query.to_owned());
            let call = Call {
                method: request.method,
                path,
                query,
                body,
                files,
                png,
                gif,
                at: Instant::now(),
                created: None,
            };
            let (status, reply) = self.answer(call, ws_url);
            let text = match &reply {
                Value::Null => String::new(),
                reply => reply.to_string(),
            };
            if !http::respond(&mut stream, status, &text).await {
                return;
            }
        }
    }

    fn answer(&self, call: Call, ws_url: &str) -> (u16, Value) {
        let route = call.path.trim_start_matches("/api/v10").to_owned();
        if route == "/gateway" || route == "/gateway/bot" {
            let limit =
                json!({ "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1 });
            let shards = self.lock().recommended;
            return (200, json!({ "url": ws_url, "shards": shards, "session_start_limit": limit }));
        }
        let answer = {
            let mut state = self.lock();
            state.calls.push(call.clone());
            let failure = state.failures.iter_mut().find(|failure| {
                failure.times > 0
                    && failure.method == call.method
                    && route.contains(&failure.path_part)
            });
            match failure {
                Some(failure) => {
                    failure.times -= 1;
                    (failure.status, failure.reply.clone())
                }
                None => {
                    let (status, reply) = self.route(&mut state, &call, &route);
                    let created = (call.method == "POST" && status == 200)
                        .then(|| reply["id"].as_str().and_then(|id| id.parse().ok()))
                        .flatten()
                        .or_else(|| match call.body["type"].as_i64() {
                            Some(4 | 5) if call.path.ends_with("/callback") => {
                                let token = route.rsplit('/').nth(1).unwrap_or_default();
                                state.originals.get(token).copied()
                            }
                            _ => None,
                        });
                    if let Some(last) = state.calls.last_mut() {
                        last.created = created;
                    }
                    if let (Some(watcher), Some(last)) = (&state.watcher, state.calls.last()) {
                        let _ = watcher.send(last.clone());
                    }
                    if state.forgetful {
                        state.calls.clear();
                    }
                    (status, reply)
                }
            }
        };
        self.changed.notify_waiters();
        answer
    }

    fn message(&self, id: u64, channel: u64, call: &Call) -> Value {
        let data = call.data();
        json!({
            "id": id.to_string(),
            "channel_id": channel.to_string(),
            "type": 0,
            "content": data["content"].as_str().unwrap_or_default(),
            "author": {
                "id": APPLICATION, "username": "cincobot", "discriminator": "0",
                "avatar": null, "bot": true
            },
            "attachments": [],
            "embeds": [],
            "mentions": [],
            "mention_roles": [],
            "pinned": false,
            "mention_everyone": false,
            "tts": false,
            "timestamp": "2024-01-03T00:00:00.000000+00:00",
            "edited_timestamp": null,
            "flags": if call.ephemeral() { 64 } else { 0 },
            "components": []
        })
    }

    fn route(&self, state: &mut State, call: &Call, route: &str) -> (u16, Value) {
        let parts: Vec<&str> = route.trim_start_matches('/').split('/').collect();
        let unknown_message = json!({ "message": "Unknown Message", "code": 10008 });
        match (call.method.as_str(), parts.as_slice()) {
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => (200, json!([])),
            ("POST", ["interactions", interaction, token, "callback"]) => {
                let kind = call.body["type"].as_i64();
                let mut made = None;
                if let Some(4 | 5) = kind {
                    let id = self.id();
                    state.messages.insert(id, 0);
                    state.originals.insert((*token).to_owned(), id);
                    made = Some(id);
                }
                // Asked to, Discord answers with the interaction and the message it made.
                match made {
                    Some(id) if call.query.split('&').any(|pair| pair == "with_response=true") => {
                        let answer = json!({
                            "interaction": { "id": interaction, "type": 2, "response_message_id": id.to_string() },
                            "resource": { "type": kind, "message": self.message(id, 1, call) }
                        });
                        (200, answer)
                    }
                    _ => (204, Value::Null),
                }
            }
            ("GET" | "PATCH", ["webhooks", _, token, "messages", "@original"]) => {
                match state.originals.get(*token) {
                    Some(&id) => (200, self.message(id, 1, call)),
                    None => (404, json!({ "message": "Unknown Webhook", "code": 10015 })),
                }
            }
            ("DELETE", ["webhooks", _, token, "messages", "@original"]) => {
                if let Some(id) = state.originals.remove(*token) {
                    state.messages.remove(&id);
                }
                (204, Value::Null)
            }
            ("POST", ["webhooks", _, _token]) => {
                let id = self.id();
                (200, self.message(id, 1, call))
            }
            ("POST", ["users", "@me", "channels"]) => {
                let user = call.body["recipient_id"]
                    .as_str()
                    .and_then(|id| id.parse::<u64>().ok())
                    .unwrap_or_default();
                let channel = *state.dms.entry(user).or_insert_with(|| self.id());
                let recipient = json!({
                    "id": user.to_string(), "username": "someone", "discriminator": "0", "avatar": null
                });
                (200, json!({ "id": channel.to_string(), "type": 1, "recipients": [recipient] }))
            }
            ("POST", ["channels", channel, "messages"]) => {
                let channel: u64 = channel.parse().unwrap_or_default();
                let dm_closed = state
                    .dms
                    .iter()
                    .any(|(user, dm)| *dm == channel && state.closed_dms.contains(user));
                if dm_closed {
                    let closed =
                        json!({ "message": "Cannot send messages to this user", "code": 50007 });
                    return (403, closed);
                }
                let id = self.id();
                state.messages.insert(id, channel);
                (200, self.message(id, channel, call))
            }
            ("PATCH", ["channels", channel, "messages", message]) => {
                let channel: u64 = channel.parse().unwrap_or_default();
                let message: u64 = message.parse().unwrap_or_default();
                if state.messages.contains_key(&message) {
                    (200, self.message(message, channel, call))
                } else {
                    (404, unknown_message)
                }
            }
            ("DELETE", ["channels", _, "messages", message]) => {
                let message: u64 = message.parse().unwrap_or_default();
                match state.messages.remove(&message) {
                    Some(_) => (204, Value::Null),
                    None => (404, unknown_message),
                }
            }
            _ => (404, json!({ "message": "404: Not Found", "code": 0 })),
        }
    }

    /// Lets a test make a message exist (a board posted before the fake started).
    pub fn add_message(&self, message: u64, channel: u64) {
        self.lock().messages.insert(message, channel);
    }
}

/// A JSON body, or a multipart one as its `payload_json` with the count of files and whether
/// they are all PNG images, or all GIF animations.
fn parse_body(content_type: &str, body: &[u8]) -> (Value, usize, bool, bool) {
    let Some(parts) = http::parts(content_type, body) else {
        return (serde_json::from_slice(body).unwrap_or(Value::Null), 0, false, false);
    };
    let payload = parts
        .iter()
        .find(|part| part.name == "payload_json")
        .and_then(|part| serde_json::from_slice(part.value).ok())
        .unwrap_or(Value::Null);
    let files: Vec<_> = parts.iter().filter(|part| part.file).collect();
    let all = |magic: &[u8]| !files.is_empty() && files.iter().all(|f| f.value.starts_with(magic));
    (payload, files.len(), all(b"\x89PNG"), all(b"GIF89a"))
}

/// A user as Discord sends them.
pub fn user(id: u64, name: &str) -> Value {
    json!({ "id": id.to_string(), "username": name, "global_name": null, "discriminator": "0", "avatar": null })
}

fn member(user: &Value) -> Value {
    json!({
        "user": user, "roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": "1071698660929"
    })
}

fn base(fake: &FakeDiscord, kind: u8, user: &Value, channel: u64) -> (u64, Value) {
    let id = fake.id();
    let interaction = json!({
        "id": id.to_string(),
        "application_id": APPLICATION,
        "type": kind,
        "token": format!("token-{id}"),
        "version": 1,
        "guild_id": GUILD,
        "channel_id": channel.to_string(),
        "locale": "en-US",
        "guild_locale": "en-US",
        "app_permissions": "2248473465835073",
        "entitlements": [],
        "authorizing_integration_owners": { "0": GUILD },
        "context": 0,
        "attachment_size_limit": 10485760,
        "member": member(user)
    });
    (id, interaction)
}

/// The shard Discord sends `guild`'s events on, out of `total`.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    u32::try_from((guild >> 22) % u64::from(total.max(1))).unwrap_or(0)
}

/// A guild whose events come on shard `index` of `total`.
pub fn guild_on_shard(index: u32, total: u32) -> u64 {
    let first: u64 = GUILD.parse().unwrap_or(1);
    (0..u64::from(total.max(1)))
        .map(|step| first + (step << 22))
        .find(|&guild| shard_of(guild, total) == index)
        .unwrap_or(first)
}

/// `interaction`, made in `guild` instead.
pub fn in_guild((id, mut interaction): (u64, Value), guild: u64) -> (u64, Value) {
    interaction["guild_id"] = json!(guild.to_string());
    interaction["authorizing_integration_owners"] = json!({ "0": guild.to_string() });
    (id, interaction)
}

/// A slash command; `options` as `[{ "name", "type", "value" }]`, `users` the users a user
/// option names.
pub fn slash(
    fake: &FakeDiscord,
    user: &Value,
    channel: u64,
    name: &str,
    options: Value,
    users: &[Value],
) -> (u64, Value) {
    let (id, mut interaction) = base(fake, 2, user, channel);
    let resolved: serde_json::Map<String, Value> = users
        .iter()
        .map(|user| (user["id"].as_str().unwrap_or_default().to_owned(), user.clone()))
        .collect();
    interaction["data"] = json!({
        "id": "1190000000000000000", "name": name, "type": 1, "options": options,
        "resolved": { "users": resolved }
    });
    (id, interaction)
}

/// A press of the button `custom_id` on `message`.
pub fn press(
    fake: &FakeDiscord,
    user: &Value,
    channel: u64,
    message: u64,
    custom_id: &str,
) -> (u64, Value) {
    let (id, mut interaction) = base(fake, 3, user, channel);
    // A component's original response is the message it is on.
    fake.lock().originals.insert(format!("token-{id}"), message);
    interaction["message"] = json!({
        "id": message.to_string(), "channel_id": channel.to_string(), "type": 0, "content": "",
        "author": { "id": APPLICATION, "username": "cincobot", "discriminator": "0", "avatar": null, "bot": true },
        "attachments": [], "embeds": [], "mentions": [], "mention_roles": [], "pinned": false,
        "mention_everyone": false, "tts": false, "timestamp": "2024-01-03T00:00:00.000000+00:00",
        "edited_timestamp": null, "flags": 0, "components": []
    });
    interaction["data"] = json!({ "custom_id": custom_id, "component_type": 2 });
    (id, interaction)
}

/// A press of `custom_id` on `message` in `who`'s DM channel `dm`: no server, the user
/// themself (and so, with shards, on shard 0).
pub fn press_in_dm(
    fake: &FakeDiscord,
    who: &Value,
    dm: u64,
    message: u64,
    custom_id: &str,
) -> (u64, Value) {
    let (id, mut interaction) = press(fake, who, dm, message, custom_id);
    if let Some(object) = interaction.as_object_mut() {
        object.remove("guild_id");
        object.remove("member");
        object.insert("user".into(), who.clone());
        object.insert("context".into(), json!(1));
    }
    (id, interaction)
}

/// `/move`'s point being typed: `typed` so far.
pub fn autocomplete(fake: &FakeDiscord, user: &Value, channel: u64, typed: &str) -> (u64, Value) {
    let (id, mut interaction) = base(fake, 4, user, channel);
    interaction["data"] = json!({
        "id": "1190000000000000000", "name": "move", "type": 1,
        "options": [{ "name": "point", "type": 3, "value": typed, "focused": true }]
    });
    (id, interaction)
}
