//! The web board's HTTP server: connections accepted up to a cap, each served by hyper with
//! a deadline for its request head, the routes' answers on it; stopped cleanly — no more
//! connections, the event streams ended, the requests under way given a few seconds.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;
use tower::ServiceExt as _;

use super::routes::Peer;

/// How long a client may take to send a request's head.
const HEADER_TIME: Duration = Duration::from_secs(10);

/// How long a stop waits for the requests under way.
const GRACE: Duration = Duration::from_secs(5);

/// At most this many connections at once; more wait to be accepted until one closes.
pub const MOST_CONNECTIONS: usize = 512;

/// Serves `router` on `socket` until `stop`.
pub async fn accept(socket: TcpListener, router: Router, stop: CancellationToken) {
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            () = stop.cancelled() => break,
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            accepted = socket.accept(), if connections.len() < MOST_CONNECTIONS => match accepted {
                Ok((stream, peer)) => {
                    connections.spawn(serve(stream, peer, router.clone(), stop.clone()));
                }
                Err(error) => {
                    // Out of file descriptors, most likely: wait for some to close.
                    tracing::warn!(%error, "the web board could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
        }
    }
    drop(socket);
    let finished = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(GRACE, finished).await.is_err() {
        connections.shutdown().await;
    }
}

/// One connection, its requests in turn, until the client closes it or the server stops.
async fn serve(stream: TcpStream, peer: SocketAddr, router: Router, stop: CancellationToken) {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(Peer(peer.ip()));
        let router = router.clone();
        async move {
            let answered: Result<_, Infallible> = router.oneshot(request).await;
            answered
        }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIME)
        .serve_connection(TokioIo::new(stream), service);
    tokio::pin!(connection);
    let ended = tokio::select! {
        ended = connection.as_mut() => ended,
        () = stop.cancelled() => {
            connection.as_mut().graceful_shutdown();
            connection.as_mut().await
        }
    };
    if let Err(error) = ended {
        tracing::debug!(%error, %peer, "a web board connection ended badly");
    }
}
