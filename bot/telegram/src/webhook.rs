//! Webhook mode's HTTP server: Telegram (through the admin's TLS-terminating proxy or load
//! balancer) posts each update here. A post is taken only with the secret `setWebhook` gave
//! Telegram; its update goes into the [`Inbox`](crate::inbox::Inbox) the dispatcher reads,
//! and the answer goes back at once, since Telegram sends the same update again after an
//! error or a slow answer, and the handler's work may take a while.
//!
//! | post                                    | answer |
//! |-----------------------------------------|--------|
//! | an update, with the secret              | 200    |
//! | no secret header, or a wrong one        | 401    |
//! | not JSON, or JSON that is not an update | 400    |
//! | a body over a megabyte                  | 413    |
//! | a body not sent within ten seconds      | 408    |
//! | not a POST                              | 405    |
//! | while the adapter stops                 | 503    |

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{ALLOW, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use subtle::ConstantTimeEq;
use teloxide::types::Update;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use super::inbox;
use cincobot_core::core::{Chat, ChatKind, Platform};
use cincobot_runtime::Desk;
use cincobot_runtime::adapter::Task;
use cincobot_runtime::config::Secret;
use cincobot_runtime::http_server::{ServerLimits, serve_http};

/// The header Telegram puts the `secret_token` of `setWebhook` in.
const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// The largest body taken: an update is a few kilobytes.
const MAX_BODY: usize = 1 << 20;

/// How long a client may take to send a request's body, once its head came: a connection
/// that dawdles holds nothing for long.
const BODY_TIME: Duration = Duration::from_secs(10);

/// The server's limits: at most 512 connections (Telegram opens 40 at most, a proxy in front
/// a few per process), ten seconds for a request's head, and ten for the requests under way
/// when it stops.
const LIMITS: ServerLimits = ServerLimits {
    name: "the webhook server",
    most_connections: 512,
    header_time: Duration::from_secs(10),
    grace: Duration::from_secs(10),
};

/// A secret for `setWebhook` when the admin gave none: 32 random bytes in hex.
///
/// # Errors
/// When the system's random source fails.
pub fn draw_secret() -> Result<Secret, getrandom::Error> {
    let mut bytes = [0_u8; 32];
    getrandom::fill(&mut bytes)?;
    let mut hex = String::with_capacity(2 * bytes.len());
    for byte in bytes {
        let _ = write!(hex, "{byte:02x}");
    }
    Ok(Secret::new(hex))
}

/// The server, taking posts until stopped.
#[derive(Debug)]
pub struct Server {
    stop: CancellationToken,
    task: Task,
}

impl Server {
    /// Serves `socket`, putting each update posted with `secret` into `updates`, or with
    /// several processes (`carrier`), posting it for the process serving its chat first.
    #[must_use]
    pub fn start(
        socket: TcpListener,
        secret: Secret,
        updates: inbox::Sender,
        carrier: Option<Desk>,
    ) -> Server {
        let stop = CancellationToken::new();
        let gate = Arc::new(Gate { secret, updates, carrier });
        let task = tokio::spawn(accept(socket, gate, stop.clone()));
        Server { stop, task: Task::new(task) }
    }

    /// Takes no more connections, lets the requests under way finish (a few seconds at most)
    /// and closes the rest. The inbox's sender goes with the last of them.
    pub async fn stop(&mut self) {
        self.stop.cancel();
        self.task.ended().await;
    }
}

/// What each request is checked against, and where its update goes.
struct Gate {
    secret: Secret,
    updates: inbox::Sender,
    /// With several processes: the desk that posts each update for the process serving its
    /// chat, before Telegram is answered, so that a chat's updates keep their order whichever
    /// process Telegram's posts reach.
    carrier: Option<Desk>,
}

async fn accept(socket: TcpListener, gate: Arc<Gate>, stop: CancellationToken) {
    serve_http(socket, LIMITS, stop, move |request, peer| {
        let gate = gate.clone();
        async move { gate.answer(request, peer).await }
    })
    .await;
}

impl Gate {
    /// The answer to one request; its update, if taken, is on its way to the dispatcher.
    async fn answer(&self, request: Request<Incoming>, peer: SocketAddr) -> Response<Full<Bytes>> {
        if request.method() != Method::POST {
            let mut refused = status(StatusCode::METHOD_NOT_ALLOWED);
            refused.headers_mut().insert(ALLOW, HeaderValue::from_static("POST"));
            return refused;
        }
        if !self.is_signed(request.headers()) {
            // Not from Telegram: its body is not read, let alone logged.
            tracing::debug!(%peer, "a webhook post without the secret refused");
            return status(StatusCode::UNAUTHORIZED);
        }
        let body = Limited::new(request.into_body(), MAX_BODY).collect();
        let body = match tokio::time::timeout(BODY_TIME, body).await {
            Ok(Ok(body)) => body.to_bytes(),
            Ok(Err(error)) if error.is::<LengthLimitError>() => {
                return status(StatusCode::PAYLOAD_TOO_LARGE);
            }
            Ok(Err(error)) => {
                tracing::debug!(%error, %peer, "a webhook post's body could not be read");
                return status(StatusCode::BAD_REQUEST);
            }
            Err(_) => return status(StatusCode::REQUEST_TIMEOUT),
        };
        let update = match serde_json::from_slice::<Update>(&body) {
            Ok(update) => update,
            Err(error) => {
                // Where it failed, not what it read: serde's message may quote the body.
                let (line, column, kind) = (error.line(), error.column(), error.classify());
                tracing::debug!(%peer, ?kind, line, column, "a webhook post that is no update");
                return status(StatusCode::BAD_REQUEST);
            }
        };
        if let (Some(desk), Some(chat)) = (&self.carrier, update.chat()) {
            let kind = if chat.is_private() { ChatKind::Private } else { ChatKind::Group };
            let chat = Chat { platform: Platform::Telegram, id: chat.id.0.to_string(), kind };
            let (raw, id) = (String::from_utf8_lossy(&body), update.id.0.to_string());
            let posted = desk.post_update(Platform::Telegram, &chat, &id, &raw).await;
            // Not posted: Telegram sends it again, maybe to another process.
            return status(if posted { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE });
        }
        match self.updates.send(update).await {
            Ok(()) => status(StatusCode::OK),
            // The dispatcher stopped: Telegram will send it again, maybe to another process.
            Err(_) => status(StatusCode::SERVICE_UNAVAILABLE),
        }
    }

    /// Whether the request carries the secret, compared in constant time so that its answer's
    /// timing tells nothing about how much of a guess was right.
    fn is_signed(&self, headers: &HeaderMap) -> bool {
        headers
            .get(SECRET_HEADER)
            .is_some_and(|given| given.as_bytes().ct_eq(self.secret.expose().as_bytes()).into())
    }
}

fn status(code: StatusCode) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = code;
    response
}
