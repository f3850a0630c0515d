//! A fake Telegram Bot API on 127.0.0.1: enough HTTP/1.1 (keep-alive, JSON and
//! multipart/form-data bodies) for teloxide. It feeds scripted updates to `getUpdates` or,
//! once the bot called `setWebhook`, posts them to the webhook's URL with its secret, one at a
//! time, as Telegram does; it answers every call the bot makes, records them for the tests,
//! and fails chosen calls on demand (a 429 with `retry_after`, a 403, a 400).

#![allow(dead_code)]

use super::fake_http as http;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::BufReader;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

pub const BOT_USERNAME: &str = "cincobot_test";
pub const TOKEN: &str = "123456:TEST-token";

/// The webhook the bot set, as `setWebhook` gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hook {
    pub url: String,
    pub secret: String,
}

/// One call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub params: Value,
    pub at: Instant,
}

impl Call {
    pub fn chat(&self) -> i64 {
        number(&self.params["chat_id"])
    }

    /// Every callback payload and URL of the call's keyboard.
    pub fn buttons(&self) -> Vec<String> {
        let markup = match &self.params["reply_markup"] {
            Value::String(text) => serde_json::from_str(text).unwrap_or(Value::Null),
            other => other.clone(),
        };
        markup["inline_keyboard"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row.as_array().cloned().unwrap_or_default())
            .filter_map(|button| {
                button["callback_data"]
                    .as_str()
                    .or_else(|| button["url"].as_str())
                    .map(str::to_owned)
            })
            .collect()
    }

    pub fn text(&self) -> String {
        let caption = match &self.params["media"] {
            Value::String(text) => serde_json::from_str::<Value>(text).unwrap_or(Value::Null),
            other => other.clone(),
        };
        [&self.params["text"], &self.params["caption"], &caption["caption"]]
            .into_iter()
            .find_map(|v| v.as_str())
            .unwrap_or_default()
            .to_owned()
    }

    pub fn message_id(&self) -> i64 {
        number(&self.params["message_id"])
    }
}

fn number(value: &Value) -> i64 {
    match value {
        Value::Number(n) => n.as_i64().unwrap_or(0),
        Value::String(s) => s.parse().unwrap_or(0),
        _ => 0,
    }
}

/// The bot's Telegram adapter, with its core and a SQLite store at `database`, against `fake`:
/// unpaced, polling every second, the CPU on a short budget, English unless told otherwise.
pub async fn serve_bot(
    fake: &FakeTelegram,
    database: &std::path::Path,
) -> cincobot::runtime::Served {
    serve_bot_paced(fake, database, cincobot::telegram::Pacing::UNLIMITED).await
}

/// [`serve_bot`] within `pacing` (Telegram's own limits, to measure what players wait for).
pub async fn serve_bot_paced(
    fake: &FakeTelegram,
    database: &std::path::Path,
    pacing: cincobot::telegram::Pacing,
) -> cincobot::runtime::Served {
    let running = cincobot::runtime::start(&http::config(database)).await.expect("the core starts");
    let adapters: Vec<Box<dyn cincobot::runtime::adapter::Adapter>> =
        vec![Box::new(settings(fake, pacing))];
    cincobot::runtime::serve(running, adapters).await.expect("the bot starts")
}

/// The Telegram adapter against `fake`, within `pacing`, polling every second.
pub fn settings(
    fake: &FakeTelegram,
    pacing: cincobot::telegram::Pacing,
) -> cincobot::telegram::TelegramSettings {
    use cincobot::config::{Config, Secret, TelegramConfig};
    let telegram = TelegramConfig {
        token: Secret::new(TOKEN.to_owned()),
        api_url: fake.url.clone(),
        ..Default::default()
    };
    let mut settings = cincobot::telegram::TelegramSettings::from_config(&Config {
        telegram,
        ..Config::default()
    })
    .expect("the settings");
    settings.pacing = pacing;
    settings.poll_timeout = Duration::from_secs(1);
    settings
}

/// A scripted failure: the next `times` calls of `method` (to `chat`, if given) get `reply`.
#[derive(Clone, Debug)]
struct Failure {
    method: String,
    chat: Option<i64>,
    times: usize,
    status: u16,
    reply: Value,
}

#[derive(Debug, Default)]
struct State {
    calls: Vec<Call>,
    /// Answers sent for messages the bot posted: message id → chat.
    next_message: i64,
    updates: VecDeque<Value>,
    /// Updates sent once more whatever the offset, as Telegram does for a bot that died before
    /// it confirmed them.
    again: VecDeque<Value>,
    /// Every update pushed, by id.
    pushed: Vec<Value>,
    next_update: i64,
    failures: Vec<Failure>,
    /// When each update was handed to the bot, by update id.
    delivered: Vec<(i64, Instant)>,
    /// Whoever follows the calls as they come (the load test).
    watchers: Vec<tokio::sync::mpsc::UnboundedSender<Call>>,
    /// Keep no list of calls (a long load run).
    forgetful: bool,
    /// The message id answered to each `sendPhoto`, with its chat, in order.
    photos: Vec<(i64, i64)>,
    /// How many times an update was handed out again after its first delivery (unconfirmed, or
    /// sent again on purpose).
    redelivered: usize,
    /// The webhook set, if any: updates are then posted to it, and `getUpdates` is refused.
    hook: Option<Hook>,
    /// Each update posted to the webhook and the status the bot answered (0: no answer).
    posted: Vec<(i64, u16)>,
    /// How many `getUpdates` calls came.
    polls: usize,
}

/// The fake server.
#[derive(Debug, Clone)]
pub struct FakeTelegram {
    pub url: String,
    state: Arc<Mutex<State>>,
    updates: Arc<Notify>,
    calls: Arc<Notify>,
    /// The updates to post to the webhook, in order.
    posts: tokio::sync::mpsc::UnboundedSender<Value>,
}

impl FakeTelegram {
    pub async fn start() -> FakeTelegram {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
        let address = listener.local_addr().expect("the port");
        let (posts, to_post) = tokio::sync::mpsc::unbounded_channel();
        let fake = FakeTelegram {
            url: format!("http://{address}"),
            state: Arc::new(Mutex::new(State {
                next_message: 1000,
                next_update: 1,
                ..State::default()
            })),
            updates: Arc::new(Notify::new()),
            calls: Arc::new(Notify::new()),
            posts,
        };
        tokio::spawn(fake.clone().post_in_turn(to_post));
        let server = fake.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let server = server.clone();
                tokio::spawn(async move { server.connection(stream).await });
            }
        });
        fake
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().expect("the fake's state")
    }

    /// Queues an update (its `update_id` is filled in, and returned), or posts it to the
    /// webhook once those before it were posted.
    pub fn push(&self, mut update: Value) -> i64 {
        let id = {
            let mut state = self.lock();
            let id = state.next_update;
            update["update_id"] = json!(id);
            state.next_update += 1;
            if !state.forgetful {
                state.pushed.push(update.clone());
            }
            if state.hook.is_some() {
                let _ = self.posts.send(update);
            } else {
                state.updates.push_back(update);
            }
            id
        };
        self.updates.notify_waiters();
        id
    }

    /// Delivers update `id` once more, unchanged: what Telegram does when the bot did not
    /// confirm it before it died (or, to a webhook, did not answer 200 in time).
    pub fn push_again(&self, id: i64) {
        {
            let mut state = self.lock();
            let update = state.pushed.iter().find(|u| number(&u["update_id"]) == id).cloned();
            if let (Some(update), Some(_)) = (&update, &state.hook) {
                state.redelivered += 1;
                let _ = self.posts.send(update.clone());
            } else {
                state.again.extend(update);
            }
        }
        self.updates.notify_waiters();
    }

    /// The webhook the bot set, if it is set.
    pub fn hook(&self) -> Option<Hook> {
        self.lock().hook.clone()
    }

    /// Each update posted to the webhook, with the status the bot answered.
    pub fn posted(&self) -> Vec<(i64, u16)> {
        self.lock().posted.clone()
    }

    /// How many times the bot asked `getUpdates`.
    pub fn polls(&self) -> usize {
        self.lock().polls
    }

    /// Posts `body` to the webhook as Telegram would, with `secret` as the secret header (none
    /// if `None`); the bot's status.
    pub async fn post(&self, body: &[u8], secret: Option<&str>) -> Option<u16> {
        let url = self.hook()?.url;
        let headers: Vec<(&str, &str)> =
            secret.map(|secret| ("X-Telegram-Bot-Api-Secret-Token", secret)).into_iter().collect();
        http::post(&url, &headers, body).await
    }

    /// Posts the updates pushed while a webhook is set, one at a time, each after the bot
    /// answered the one before.
    async fn post_in_turn(self, mut to_post: tokio::sync::mpsc::UnboundedReceiver<Value>) {
        while let Some(update) = to_post.recv().await {
            let id = number(&update["update_id"]);
            let Some(hook) = self.hook() else {
                // The webhook was deleted meanwhile: Telegram keeps the update for getUpdates.
                self.lock().updates.push_back(update);
                self.updates.notify_waiters();
                continue;
            };
            let body = update.to_string();
            let status = http::post(
                &hook.url,
                &[("X-Telegram-Bot-Api-Secret-Token", &hook.secret)],
                body.as_bytes(),
            )
            .await
            .unwrap_or(0);
            let mut state = self.lock();
            state.posted.push((id, status));
            if !state.forgetful && !state.delivered.iter().any(|(seen, _)| *seen == id) {
                state.delivered.push((id, Instant::now()));
            }
        }
    }

    /// The message id of the latest photo sent to `chat`: the message its buttons sit under.
    pub fn last_photo(&self, chat: i64) -> Option<i64> {
        self.lock().photos.iter().rev().find(|(to, _)| *to == chat).map(|(_, id)| *id)
    }

    /// How many updates were handed out again (to a bot that restarted before confirming them).
    pub fn redelivered(&self) -> usize {
        self.lock().redelivered
    }

    /// Every call from now on, as it comes; `forget`: stop keeping the list of calls and of
    /// the updates pushed and delivered (a long run).
    pub fn watch(&self, forget: bool) -> tokio::sync::mpsc::UnboundedReceiver<Call> {
        let (sender, receiver) = tokio::sync::mpsc::unbounded_channel();
        let mut state = self.lock();
        state.watchers.push(sender);
        state.forgetful = forget;
        receiver
    }

    pub fn calls(&self) -> Vec<Call> {
        self.lock().calls.clone()
    }

    pub fn count(&self) -> usize {
        self.lock().calls.len()
    }

    /// When each update went to the bot.
    pub fn delivered(&self) -> Vec<(i64, Instant)> {
        self.lock().delivered.clone()
    }

    /// Waits (20 s at most: a loaded machine is slow) for a call after the first `from` that
    /// `matches`.
    pub async fn wait_for(&self, from: usize, matches: impl Fn(&Call) -> bool) -> Call {
        self.wait_within(from, Duration::from_secs(20), matches).await.unwrap_or_else(|| {
            panic!("no such call; the calls: {:#?}", &self.calls()[from.min(self.count())..])
        })
    }

    /// Waits (20 s at most) until `method` was called `times` times after the first `from`
    /// calls; those calls.
    pub async fn wait_count(&self, from: usize, method: &str, times: usize) -> Vec<Call> {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let notified = self.calls.notified();
            let found: Vec<Call> =
                self.calls().into_iter().skip(from).filter(|c| c.method == method).collect();
            if found.len() >= times || Instant::now() >= until {
                return found;
            }
            let _ = tokio::time::timeout(Duration::from_millis(50), notified).await;
        }
    }

    pub async fn wait_within(
        &self,
        from: usize,
        limit: Duration,
        matches: impl Fn(&Call) -> bool,
    ) -> Option<Call> {
        let until = Instant::now() + limit;
        loop {
            let notified = self.calls.notified();
            if let Some(call) = self.lock().calls.iter().skip(from).find(|call| matches(call)) {
                return Some(call.clone());
            }
            let left = until.checked_duration_since(Instant::now())?;
            let _ = tokio::time::timeout(left.min(Duration::from_millis(50)), notified).await;
        }
    }

    fn fail(&self, method: &str, chat: Option<i64>, times: usize, status: u16, reply: Value) {
        self.lock().failures.push(Failure { method: method.into(), chat, times, status, reply });
    }

    /// The next `method` call gets a 429 asking to wait `seconds`.
    pub fn flood(&self, method: &str, seconds: u32) {
        let reply = json!({"ok": false, "error_code": 429,
            "description": format!("Too Many Requests: retry after {seconds}"),
            "parameters": {"retry_after": seconds}});
        self.fail(method, None, 1, 429, reply);
    }

    /// Calls of `method` to the private chat of `user` get Telegram's 403.
    pub fn forbid_private(&self, method: &str, user: i64) {
        let reply = json!({"ok": false, "error_code": 403,
            "description": "Forbidden: bot can't initiate conversation with a user"});
        self.fail(method, Some(user), usize::MAX, 403, reply);
    }

    /// The next `times` calls of `method` get a 400.
    pub fn break_method(&self, method: &str, times: usize) {
        let reply = json!({"ok": false, "error_code": 400, "description": "Bad Request: broken on purpose"});
        self.fail(method, None, times, 400, reply);
    }

    pub fn heal(&self) {
        self.lock().failures.clear();
    }

    async fn connection(&self, stream: TcpStream) {
        let mut stream = BufReader::new(stream);
        while let Some(request) = http::read(&mut stream).await {
            // teloxide names methods `GetMe`, `SendPhoto`…; Telegram ignores the case.
            let name = request.path.rsplit('/').next().unwrap_or_default();
            let mut letters = name.chars();
            let method: String = letters
                .next()
                .map(|first| first.to_ascii_lowercase().to_string() + letters.as_str())
                .unwrap_or_default();
            let params = parse_body(&request.content_type, &request.body);
            let (status, reply) = self.answer(&method, params).await;
            if !http::respond(&mut stream, status, &reply.to_string()).await {
                return;
            }
        }
    }

    async fn answer(&self, method: &str, params: Value) -> (u16, Value) {
        if method == "getUpdates" {
            let hooked = {
                let mut state = self.lock();
                state.polls += 1;
                state.hook.is_some()
            };
            if hooked {
                let refusal = json!({"ok": false, "error_code": 409, "description":
                    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"});
                return (409, refusal);
            }
            return (200, self.updates(&params).await);
        }
        let call = Call { method: method.to_owned(), params, at: Instant::now() };
        let chat = call.chat();
        let sends =
            matches!(method, "sendMessage" | "sendPhoto" | "sendAnimation" | "sendDocument");
        // A sent message's id is given under the same lock that records the call, so that a
        // test that saw the call finds its photo in `last_photo`.
        let (failure, sent) = {
            let mut state = self.lock();
            let failure = state
                .failures
                .iter_mut()
                .find(|f| f.method == method && f.times > 0 && f.chat.is_none_or(|c| c == chat));
            let failure = failure.map(|f| {
                f.times -= 1;
                (f.status, f.reply.clone())
            });
            // A webhook set or deleted is so before anyone sees the call, as a message's id is.
            match method {
                "setWebhook" if failure.is_none() => {
                    let text =
                        |field: &str| call.params[field].as_str().unwrap_or_default().to_owned();
                    state.hook = Some(Hook { url: text("url"), secret: text("secret_token") });
                }
                "deleteWebhook" if failure.is_none() => state.hook = None,
                _ => {}
            }
            if !state.forgetful {
                state.calls.push(call.clone());
            }
            state.watchers.retain(|watcher| watcher.send(call.clone()).is_ok());
            let mut sent = 0;
            if failure.is_none() && sends {
                state.next_message += 1;
                sent = state.next_message;
                if method == "sendPhoto" {
                    state.photos.push((chat, sent));
                }
            }
            (failure, sent)
        };
        self.calls.notify_waiters();
        if let Some(failure) = failure {
            return failure;
        }
        let result = match method {
            "getMe" => {
                json!({"id": 1, "is_bot": true, "first_name": "Cinco", "username": BOT_USERNAME,
                "can_join_groups": true, "can_read_all_group_messages": false,
                "supports_inline_queries": false, "has_main_web_app": false})
            }
            "getWebhookInfo" => {
                let url = self.hook().map(|hook| hook.url).unwrap_or_default();
                json!({"url": url, "has_custom_certificate": false, "pending_update_count": 0})
            }
            "setWebhook" | "deleteWebhook" => json!(true),
            _ if sends => message(sent, chat, &call),
            "editMessageMedia" | "editMessageCaption" | "editMessageReplyMarkup" => {
                message(call.message_id(), chat, &call)
            }
            "getChatMember" => {
                json!({"user": user(number(&call.params["user_id"]), "someone", "en"), "status": "member"})
            }
            _ => json!(true),
        };
        (200, json!({"ok": true, "result": result}))
    }

    /// Long polling, briefly: the updates from `offset` on, waiting up to 200 ms for one.
    async fn updates(&self, params: &Value) -> Value {
        let offset = number(&params["offset"]);
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            let notified = self.updates.notified();
            {
                let mut state = self.lock();
                state.updates.retain(|u| number(&u["update_id"]) >= offset);
                if let Some(update) = state.again.pop_front() {
                    state.redelivered += 1;
                    return json!({"ok": true, "result": [update]});
                }
                if !state.updates.is_empty() {
                    let batch: Vec<Value> = state.updates.iter().cloned().collect();
                    let now = Instant::now();
                    let remembered = if state.forgetful { &[][..] } else { &batch[..] };
                    for update in remembered {
                        let id = number(&update["update_id"]);
                        if state.delivered.iter().any(|(seen, _)| *seen == id) {
                            state.redelivered += 1;
                        } else {
                            state.delivered.push((id, now));
                        }
                    }
                    return json!({"ok": true, "result": batch});
                }
            }
            let Some(left) = until.checked_duration_since(Instant::now()) else {
                return json!({"ok": true, "result": []});
            };
            let _ = tokio::time::timeout(left, notified).await;
        }
    }
}

fn chat_json(id: i64) -> Value {
    if id < 0 {
        json!({"id": id, "type": "supergroup", "title": "Games"})
    } else {
        json!({"id": id, "type": "private", "first_name": "Someone"})
    }
}

fn message(id: i64, chat: i64, call: &Call) -> Value {
    let mut message = json!({"message_id": id, "date": 1_700_000_000, "chat": chat_json(chat),
        "from": {"id": 1, "is_bot": true, "first_name": "Cinco", "username": BOT_USERNAME}});
    if call.method == "sendMessage" {
        message["text"] = json!(call.text());
    } else {
        message["photo"] =
            json!([{"file_id": "f", "file_unique_id": "u", "width": 1, "height": 1}]);
        message["caption"] = json!(call.text());
    }
    message
}

/// A Telegram user.
pub fn user(id: i64, username: &str, language: &str) -> Value {
    json!({"id": id, "is_bot": false, "first_name": username, "username": username, "language_code": language})
}

/// A text message from `from` in `chat`.
pub fn text(chat: i64, from: &Value, words: &str) -> Value {
    json!({"message": {"message_id": rand_id(), "date": 1_700_000_000, "chat": chat_json(chat),
        "from": from, "text": words}})
}

/// A press of the button `data` under message `message` of `chat`.
pub fn press(chat: i64, message: i64, from: &Value, data: &str) -> Value {
    json!({"callback_query": {"id": format!("q{}", rand_id()), "from": from, "chat_instance": "c",
        "data": data,
        "message": {"message_id": message, "date": 1_700_000_000, "chat": chat_json(chat),
            "from": {"id": 1, "is_bot": true, "first_name": "Cinco"}, "text": "board"}}})
}

fn rand_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::SeqCst)
}

/// The fields of a JSON or multipart/form-data body; a file part is replaced by its size.
fn parse_body(content_type: &str, body: &[u8]) -> Value {
    let Some(parts) = http::parts(content_type, body) else {
        return serde_json::from_slice(body).unwrap_or(Value::Null);
    };
    let mut fields = serde_json::Map::new();
    for part in parts {
        let (name, value) = (part.name, part.value);
        if part.file {
            fields.insert(format!("{name}#bytes"), json!(value.len()));
            fields.insert(format!("{name}#png"), json!(value.starts_with(b"\x89PNG")));
            fields.insert("file#png".to_owned(), json!(value.starts_with(b"\x89PNG")));
            fields.insert(format!("{name}#gif"), json!(value.starts_with(b"GIF89a")));
        } else {
            let text = String::from_utf8_lossy(value).into_owned();
            let parsed =
                serde_json::from_str::<Value>(&text).ok().filter(|v| v.is_object() || v.is_array());
            fields.insert(name, parsed.unwrap_or(Value::String(text)));
        }
    }
    Value::Object(fields)
}
