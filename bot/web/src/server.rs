//! The web board's HTTP server: the runtime's (`cincobot_runtime::http_server`), with the
//! board's limits, and each request's peer address put where the routes' per-address limit
//! finds it.

use std::convert::Infallible;
use std::time::Duration;

use axum::Router;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tower::ServiceExt as _;

use super::routes::Peer;
use cincobot_runtime::http_server::{ServerLimits, serve_http};

/// At most this many connections at once; more wait to be accepted until one closes.
pub const MOST_CONNECTIONS: usize = 512;

const LIMITS: ServerLimits = ServerLimits {
    name: "the web board",
    most_connections: MOST_CONNECTIONS,
    header_time: Duration::from_secs(10),
    // The event streams end at once on a stop; what is left are requests under way.
    grace: Duration::from_secs(5),
};

/// Serves `router` on `socket` until `stop`: no more connections then, the event streams
/// ended, the requests under way given a few seconds.
pub async fn accept(socket: TcpListener, router: Router, stop: CancellationToken) {
    serve_http(socket, LIMITS, stop, move |mut request, peer| {
        request.extensions_mut().insert(Peer(peer.ip()));
        let answered = router.clone().oneshot(request);
        async move {
            let answered: Result<_, Infallible> = answered.await;
            match answered {
                Ok(response) => response,
                Err(never) => match never {},
            }
        }
    })
    .await;
}
