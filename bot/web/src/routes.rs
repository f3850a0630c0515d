//! The HTTP API and the page. Credentials travel in the `Authorization` header (`tma
//! <initData>` or `Link <token>`), never in a cookie, so no other site can make a browser act
//! with them. An action becomes the same core input a chat button makes, with the event id
//! `w:<user>:<nonce>`: the core refuses what is stale, out of turn or done already, exactly
//! as it does for a button pressed twice.
//!
//! | request                         | answer                                                |
//! |---------------------------------|-------------------------------------------------------|
//! | `GET /`, `/g/{id}`, assets      | the page (no credential needed)                       |
//! | `GET /api/words/{locale}`       | the page's words                                      |
//! | `GET /api/games/{id}`           | the game's state for the reader                       |
//! | `GET /api/games/{id}/events`    | server-sent events: `ready`, `board`, `hand`, `resync` |
//! | `POST /api/games/{id}/actions`  | `{"replies": [...]}`: what the core answered          |
//!
//! Refusals: 400 malformed, 401 no or bad credential, 403 not theirs to read or act on, 404
//! no such game here, 408 not answered in time, 413 body over 4 KiB, 429 too fast; each as
//! `{"error": code}`, the code naming the page's words for it (`web-error-<code>`).

use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Extension, Path, Request, State};
use axum::http::header::{
    AUTHORIZATION, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, HeaderMap, HeaderValue,
    REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderName, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast::error::RecvError;
use tokio_util::sync::CancellationToken;

use super::Web;
use super::elsewhere::Read;
use super::hub::{News, Stream};
use super::identity::{InitData, Link, verify_init_data};
use super::limits::MAX_BODY;
use super::words::words;
use cincobot_core::core::{Action, EventId, GameId, Input, OfferStep, Output, Payload, Platform};
use cincobot_core::core::{Player, User, parse_action};
use cincobot_core::i18n::Locale;

const PAGE: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/app.css");

/// How long a request may take to be answered (an event stream: to start).
const REQUEST_TIME: Duration = Duration::from_secs(10);

/// How often an idle event stream says it is still there, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Where the page may be framed: inside Telegram's web client (the apps show it natively).
const CONTENT_SECURITY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors https://web.telegram.org";

/// The caller's network address, set by the server on every request.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub IpAddr);

pub fn router(web: Arc<Web>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/g/{id}", get(page))
        .route("/app.js", get(script))
        .route("/app.css", get(style))
        .route("/api/words/{locale}", get(page_words))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/actions", post(action))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(Arc::clone(&web), guard))
        .with_state(web)
}

/// Every request: refused when its address floods, answered within [`REQUEST_TIME`], and
/// sent with the headers that keep the page to itself.
async fn guard(
    State(web): State<Arc<Web>>,
    Extension(Peer(peer)): Extension<Peer>,
    request: Request,
    next: Next,
) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let mut response = if !web.addresses.allow(&peer.to_string()) {
        Refusal::TooMany.into_response()
    } else {
        match tokio::time::timeout(REQUEST_TIME, next.run(request)).await {
            // The body limit's refusal is axum's own: it is said the page's way too.
            Ok(response) if response.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Refusal::TooLarge.into_response()
            }
            Ok(response) => response,
            Err(_) => Refusal::TooSlow.into_response(),
        }
    };
    let headers = response.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    if api {
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// Why a request was refused: its status and the code the page shows words for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    BadRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    /// Not answered within [`REQUEST_TIME`] (the core or the store is slow).
    TooSlow,
    /// A body over [`MAX_BODY`].
    TooLarge,
    TooMany,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let (status, code) = match self {
            Refusal::BadRequest => (StatusCode::BAD_REQUEST, "bad-request"),
            Refusal::Unauthorized => (StatusCode::UNAUTHORIZED, "unauthorized"),
            Refusal::Forbidden => (StatusCode::FORBIDDEN, "forbidden"),
            Refusal::NotFound => (StatusCode::NOT_FOUND, "not-found"),
            Refusal::TooSlow => (StatusCode::REQUEST_TIMEOUT, "unavailable"),
            Refusal::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "too-large"),
            Refusal::TooMany => (StatusCode::TOO_MANY_REQUESTS, "too-many"),
        };
        json(status, &serde_json::json!({ "error": code }))
    }
}

fn json<T: Serialize>(status: StatusCode, body: &T) -> Response {
    match serde_json::to_vec(body) {
        Ok(bytes) => {
            (status, [(CONTENT_TYPE, HeaderValue::from_static("application/json"))], bytes)
                .into_response()
        }
        Err(error) => {
            tracing::error!(%error, "writing an answer of the web board");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

fn asset(content_type: &'static str, text: &'static str) -> Response {
    (
        [
            (CONTENT_TYPE, HeaderValue::from_static(content_type)),
            // The page is small and changes with the binary: always asked again.
            (CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        text,
    )
        .into_response()
}

async fn page() -> Response {
    asset("text/html; charset=utf-8", PAGE)
}

async fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

async fn page_words(State(web): State<Arc<Web>>, Path(locale): Path<String>) -> Response {
    let locale = Locale::from_tag(&locale).unwrap_or(web.default_locale);
    json(StatusCode::OK, &words(&web.texts, locale))
}

/// What a request's credential proves.
enum Credential {
    Telegram(InitData),
    Link { link: Link, token: String },
}

impl Credential {
    /// What the requests made with it are counted under: the person, or for a spectator's
    /// link, the link itself.
    fn key(&self) -> String {
        match self {
            Credential::Telegram(signed) => format!("tg:{}", signed.user.id),
            Credential::Link { link, token } => match &link.player {
                Some(player) => format!("link:{}:{}", link.platform.code(), player.user),
                None => format!("watch:{token}"),
            },
        }
    }
}

/// Seconds since the epoch.
fn now_s() -> i64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(0, |since| i64::try_from(since.as_secs()).unwrap_or(i64::MAX))
}

fn credential(web: &Web, headers: &HeaderMap) -> Result<Credential, Refusal> {
    let value = headers.get(AUTHORIZATION).ok_or(Refusal::Unauthorized)?;
    let value = value.to_str().map_err(|_| Refusal::Unauthorized)?;
    let (scheme, proof) = value.trim().split_once(' ').ok_or(Refusal::Unauthorized)?;
    let proof = proof.trim();
    let now = now_s();
    if scheme.eq_ignore_ascii_case("tma") {
        let token = web.telegram_token.as_ref().ok_or(Refusal::Unauthorized)?;
        let checked = verify_init_data(proof, token.expose(), web.init_data_max_age, now);
        return checked.map(Credential::Telegram).map_err(|refused| {
            tracing::debug!(%refused, "a web sign-in refused");
            Refusal::Unauthorized
        });
    }
    if scheme.eq_ignore_ascii_case("link") {
        let link = Link::verify(proof, &web.link_key, now).map_err(|refused| {
            tracing::debug!(%refused, "a web link refused");
            Refusal::Unauthorized
        })?;
        return Ok(Credential::Link { link, token: proof.to_owned() });
    }
    Err(Refusal::Unauthorized)
}

/// Who reads game `game`, and what they may do there.
struct Reader {
    read: Read,
    /// The person who acts, when they may.
    actor: Option<User>,
    locale: Option<Locale>,
}

/// The reader `credential` makes of game `game`, or why they may not read it.
async fn reader(web: &Web, game: GameId, credential: Credential) -> Result<Reader, Refusal> {
    match credential {
        Credential::Telegram(signed) => {
            let user = signed.user.person();
            let locale = signed.user.locale();
            let viewer = Some((Platform::Telegram, user.id.clone()));
            // A player signed in acts; one who plays nothing here is refused below.
            let read = web.read(game, viewer, locale, true).await.ok_or(Refusal::NotFound)?;
            // A sign-in proves a person, not a right to a game: they read the games they
            // play. `start_param` proves nothing (anyone can write a link that sets it), so
            // a spectator needs a link the bot signed.
            if read.viewer_seat.is_none() {
                return Err(Refusal::Forbidden);
            }
            Ok(Reader { read, actor: Some(user), locale })
        }
        Credential::Link { link, .. } => {
            if link.game != game {
                return Err(Refusal::Forbidden);
            }
            let viewer = link.player.as_ref().map(|player| (link.platform, player.user.clone()));
            let may_act = link.player.is_some();
            let read =
                web.read(game, viewer, link.locale, may_act).await.ok_or(Refusal::NotFound)?;
            let Some(player) = link.player else {
                return Ok(Reader { read, actor: None, locale: link.locale });
            };
            // The seat must still be theirs, on the game's own platform.
            let name = match read.players.get(player.seat) {
                Some(Player::Human { id, name })
                    if *id == player.user
                        && read.chat.platform == link.platform
                        && read.viewer_seat == Some(player.seat) =>
                {
                    name.clone()
                }
                _ => return Err(Refusal::Forbidden),
            };
            let actor = User { id: player.user, name, handle: player.handle };
            Ok(Reader { read, actor: Some(actor), locale: link.locale })
        }
    }
}

/// The reader of `game` the request's credential makes, within the read rate, and what
/// they are counted under.
async fn reading(web: &Web, game: i64, headers: &HeaderMap) -> Result<(Reader, String), Refusal> {
    let credential = credential(web, headers)?;
    let key = credential.key();
    if !web.reads.allow(&key) {
        return Err(Refusal::TooMany);
    }
    Ok((reader(web, GameId(game), credential).await?, key))
}

async fn game_state(
    State(web): State<Arc<Web>>,
    Path(game): Path<i64>,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let (reader, _) = reading(&web, game, &headers).await?;
    Ok(json(StatusCode::OK, &reader.read.state))
}

async fn events(
    State(web): State<Arc<Web>>,
    Path(game): Path<i64>,
    headers: HeaderMap,
) -> Result<Response, Refusal> {
    let (reader, key) = reading(&web, game, &headers).await?;
    let player = reader.actor.map(|actor| (reader.read.chat.platform, actor.id));
    let stream = web.hub.open(GameId(game), &key, player).ok_or(Refusal::TooMany)?;
    let body = Body::from_stream(event_stream(stream, web.stop.clone()));
    Ok((
        [
            (CONTENT_TYPE, HeaderValue::from_static("text/event-stream")),
            // Proxies that buffer answers would hold the events back.
            (HeaderName::from_static("x-accel-buffering"), HeaderValue::from_static("no")),
        ],
        body,
    )
        .into_response())
}

/// The events of one stream: `ready` at once (the page reads the state then, so that no
/// change falls between its read and its stream), a `board` per change, a `hand` (with no
/// data: the page reads its hand) when the reader's own CINCO hand was shown anew, `resync`
/// when changes were missed, a comment now and then; it ends when the server stops.
fn event_stream(
    stream: Stream,
    stop: CancellationToken,
) -> impl futures_util::Stream<Item = Result<Bytes, Infallible>> {
    let first = Bytes::from_static(b"event: ready\ndata: {}\n\n");
    futures_util::stream::unfold(
        (stream, stop, Some(first)),
        |(mut stream, stop, first)| async move {
            if let Some(first) = first {
                return Some((Ok(first), (stream, stop, None)));
            }
            let event = loop {
                tokio::select! {
                    () = stop.cancelled() => return None,
                    news = stream.changes.recv() => match news {
                        Ok(news) if !stream.is_for_reader(&news) => {}
                        Ok(News::Board(change)) => match serde_json::to_string(&change) {
                            Ok(data) => break format!("event: board\ndata: {data}\n\n"),
                            Err(_) => break "event: resync\ndata: {}\n\n".to_owned(),
                        },
                        Ok(News::Hand { .. }) => break "event: hand\ndata: {}\n\n".to_owned(),
                        Err(RecvError::Lagged(_)) => break "event: resync\ndata: {}\n\n".to_owned(),
                        Err(RecvError::Closed) => return None,
                    },
                    () = tokio::time::sleep(KEEP_ALIVE) => break ": keep-alive\n\n".to_owned(),
                }
            };
            Some((Ok(Bytes::from(event)), (stream, stop, None)))
        },
    )
}

/// An action as the page sends it: a move (`move` at `ply`), a point added to renju's offer
/// being chosen (`offer` at `ply`, with `count` points chosen), or a button's payload.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionRequest {
    /// The page's nonce for this tap: sent again, it is the same event.
    id: String,
    #[serde(rename = "move")]
    play: Option<String>,
    ply: Option<usize>,
    #[serde(default)]
    confirm: bool,
    offer: Option<String>,
    count: Option<usize>,
    button: Option<String>,
}

#[derive(Debug, Serialize)]
struct ActionAnswer {
    /// What the core answered the actor alone (a refusal, a confirmation to ask): nothing
    /// when the move was played (the board shows it).
    replies: Vec<String>,
    /// A move that loses at once (a renju forbidden point), not played: the replies ask
    /// whether to, and it is played when sent again with `confirm`.
    #[serde(skip_serializing_if = "Option::is_none")]
    confirm: Option<String>,
}

/// A nonce: 8 to 64 letters, digits and hyphens (a UUID fits).
fn is_nonce(id: &str) -> bool {
    (8..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// A move as typed: a few letters, digits and spaces (`h8`, `swap`, `choose h9`).
fn is_move_text(text: &str) -> bool {
    (1..=16).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b' ')
}

/// The payload `request` asks for in game `game`; `None` when it is malformed, or a button
/// that is not one of this game's board.
fn payload_of(request: &ActionRequest, game: GameId) -> Option<Payload> {
    let ActionRequest { play, ply, offer, count, button, confirm, .. } = request;
    match (play, offer, *ply, *count, button) {
        (Some(text), None, Some(ply), None, None) if is_move_text(text) => {
            Some(Payload::Move { game, ply, text: text.clone(), confirm: *confirm })
        }
        (None, Some(point), Some(ply), Some(count), None)
            if is_move_text(point) && !point.contains(' ') && !confirm =>
        {
            let step = OfferStep::Add(point.clone());
            Some(Payload::Offer { game, ply, count, step })
        }
        (None, None, None, None, Some(button)) if !confirm => {
            let payload = Payload::decode(button)?;
            let named = match &payload {
                Payload::Move { game, .. }
                | Payload::Undo { game, .. }
                | Payload::Offer { game, .. }
                | Payload::Resign { game, .. }
                | Payload::Rematch(game)
                | Payload::Replay(game) => *game,
                // A CINCO action of the reader's hand; not a card only picked (that shows
                // the private chat's bid request again, nothing the page needs).
                Payload::Cinco { game, action, .. } if parse_action(action).is_some() => *game,
                _ => return None,
            };
            (named == game).then_some(payload)
        }
        _ => None,
    }
}

async fn action(
    State(web): State<Arc<Web>>,
    Path(game): Path<i64>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Refusal> {
    let credential = credential(&web, &headers)?;
    if !web.actions.allow(&credential.key()) {
        return Err(Refusal::TooMany);
    }
    let reader = reader(&web, GameId(game), credential).await?;
    let actor = reader.actor.ok_or(Refusal::Forbidden)?;
    let request: ActionRequest = serde_json::from_slice(&body).map_err(|_| Refusal::BadRequest)?;
    if !is_nonce(&request.id) {
        return Err(Refusal::BadRequest);
    }
    let payload = payload_of(&request, GameId(game)).ok_or(Refusal::BadRequest)?;
    if let Some(question) = losing_question(&reader.read, &payload) {
        return Ok(json(StatusCode::OK, &question));
    }
    let event = EventId::web(&actor.id, &request.id);
    let input =
        Input::new(event, actor, reader.read.chat, reader.locale, Action::Button(payload.encode()));
    let answer = web.desk.ask(input).await;
    let replies = answer
        .private
        .iter()
        .filter_map(|output| match output {
            Output::Reply { locale, lines, .. } => Some(web.texts.render_lines(*locale, lines)),
            _ => None,
        })
        .collect();
    Ok(json(StatusCode::OK, &ActionAnswer { replies, confirm: None }))
}

/// The chat's question about `payload`, a move that loses at once (black on a renju
/// forbidden point) not confirmed yet, on the position `read` shows. The page asks it before
/// sending such a move; asked here too, so that the core, which would post its question to
/// the game's chat for everyone, never gets one unconfirmed from the page.
fn losing_question(read: &Read, payload: &Payload) -> Option<ActionAnswer> {
    let Payload::Move { ply, text, confirm: false, .. } = payload else { return None };
    let (point, question) = read.losing_question(*ply, text)?;
    Some(ActionAnswer { replies: vec![question], confirm: Some(point) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cincobot_core::core::CincoRound;

    fn request(play: Option<&str>, ply: Option<usize>, button: Option<&str>) -> ActionRequest {
        ActionRequest {
            id: "0123456789".to_owned(),
            play: play.map(str::to_owned),
            ply,
            confirm: false,
            offer: None,
            count: None,
            button: button.map(str::to_owned),
        }
    }

    #[test]
    fn a_move_or_a_button_of_this_game_is_taken_and_nothing_else() {
        let game = GameId(3);
        let played = payload_of(&request(Some("h8"), Some(4), None), game);
        assert_eq!(
            played,
            Some(Payload::Move { game, ply: 4, text: "h8".to_owned(), confirm: false })
        );
        assert_eq!(payload_of(&request(Some("h8"), None, None), game), None, "no ply");
        assert_eq!(payload_of(&request(Some("h8;drop"), Some(4), None), game), None);
        assert_eq!(payload_of(&request(Some(""), Some(4), None), game), None);
        let rematch = Payload::Rematch(game).encode();
        assert_eq!(
            payload_of(&request(None, None, Some(&rematch)), game),
            Some(Payload::Rematch(game))
        );
        // An ended game's Replay, posted to the chat as the chat's button does.
        let replay = Payload::Replay(game).encode();
        assert_eq!(
            payload_of(&request(None, None, Some(&replay)), game),
            Some(Payload::Replay(game))
        );
        let elsewhere = Payload::Rematch(GameId(4)).encode();
        assert_eq!(payload_of(&request(None, None, Some(&elsewhere)), game), None);
        let history = Payload::History { page: 0, kind: None, user: None }.encode();
        assert_eq!(payload_of(&request(None, None, Some(&history)), game), None, "not a board's");
        let both = request(Some("h8"), Some(4), Some(&rematch));
        assert_eq!(payload_of(&both, game), None);
        assert_eq!(payload_of(&request(None, None, Some("garbage")), game), None);
        let bid = Payload::Cinco { game, round: CincoRound::Auction(1), action: "b r7".to_owned() };
        assert_eq!(payload_of(&request(None, None, Some(&bid.encode())), game), Some(bid));
        let pick = Payload::Cinco { game, round: CincoRound::Auction(1), action: "?r7".to_owned() };
        assert_eq!(payload_of(&request(None, None, Some(&pick.encode())), game), None, "a pick");
        let hand = Payload::Hand(game).encode();
        assert_eq!(payload_of(&request(None, None, Some(&hand)), game), None, "not an action");
    }

    #[test]
    fn a_point_added_to_an_offer_names_the_ply_and_the_count_chosen() {
        let game = GameId(3);
        let offer = |point: &str, ply: Option<usize>, count: Option<usize>| ActionRequest {
            offer: Some(point.to_owned()),
            count,
            ..request(None, ply, None)
        };
        assert_eq!(
            payload_of(&offer("j9", Some(8), Some(2)), game),
            Some(Payload::Offer { game, ply: 8, count: 2, step: OfferStep::Add("j9".to_owned()) })
        );
        assert_eq!(payload_of(&offer("j9", Some(8), None), game), None, "no count");
        assert_eq!(payload_of(&offer("j9", None, Some(2)), game), None, "no ply");
        assert_eq!(payload_of(&offer("offer j9", Some(8), Some(2)), game), None, "one point");
        let both = ActionRequest { play: Some("h8".to_owned()), ..offer("j9", Some(8), Some(2)) };
        assert_eq!(payload_of(&both, game), None);
        let confirmed = ActionRequest { confirm: true, ..offer("j9", Some(8), Some(2)) };
        assert_eq!(payload_of(&confirmed, game), None, "nothing to confirm");
    }

    #[test]
    fn the_page_is_small_has_no_inline_code_and_loads_nothing_from_elsewhere() {
        let weight = PAGE.len() + SCRIPT.len() + STYLE.len();
        assert!(weight <= 100 * 1024, "the page weighs {weight} bytes");
        // The content security policy allows scripts and styles from this server only.
        assert!(!PAGE.contains("<script>") && !PAGE.contains("<style") && !PAGE.contains("style="));
        for asset in [PAGE, SCRIPT, STYLE] {
            assert!(!asset.contains("https://") && !asset.contains("//cdn"), "no other host");
        }
        assert!(!SCRIPT.contains("innerHTML"), "words are written as text");
    }

    #[test]
    fn nonces_are_short_plain_words() {
        assert!(is_nonce("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"));
        assert!(!is_nonce("short"));
        assert!(!is_nonce(&"a".repeat(65)));
        assert!(!is_nonce("with:colon-1234"));
    }
}
