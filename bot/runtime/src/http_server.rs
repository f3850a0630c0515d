//! The HTTP/1 server of the adapters that take requests (Telegram's webhook mode, the web
//! board): connections accepted up to a cap, each served by hyper with a deadline for its
//! request head, every request answered by the adapter's handler; stopped cleanly — no more
//! connections, those under way closed once their request is answered, and whatever is
//! still open after a grace period dropped.

use std::convert::Infallible;
use std::error::Error as StdError;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use hyper::body::{Body, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

/// How a server treats its clients.
#[derive(Clone, Copy, Debug)]
pub struct ServerLimits {
    /// Its name in the logs ("the web board").
    pub name: &'static str,
    /// At most this many connections at once; more wait to be accepted until one closes.
    pub most_connections: usize,
    /// How long a client may take to send a request's head: a connection that dawdles holds
    /// nothing for long.
    pub header_time: Duration,
    /// How long a stop waits for the requests under way.
    pub grace: Duration,
}

/// Serves `socket` until `stop`, answering each request with `handle(request, peer)`.
pub async fn serve_http<H, F, B>(
    socket: TcpListener,
    limits: ServerLimits,
    stop: CancellationToken,
    handle: H,
) where
    H: Fn(Request<Incoming>, SocketAddr) -> F + Clone + Send + Sync + 'static,
    F: Future<Output = Response<B>> + Send + 'static,
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn StdError + Send + Sync>>,
{
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            () = stop.cancelled() => break,
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            accepted = socket.accept(), if connections.len() < limits.most_connections => {
                match accepted {
                    Ok((stream, peer)) => {
                        let connection = connection(stream, peer, limits, stop.clone(), handle.clone());
                        connections.spawn(connection);
                    }
                    Err(error) => {
                        // Out of file descriptors, most likely: wait for some to close.
                        tracing::warn!(%error, server = limits.name, "could not accept a connection");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                }
            }
        }
    }
    drop(socket);
    let finished = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(limits.grace, finished).await.is_err() {
        connections.shutdown().await;
    }
}

/// One connection, its requests in turn, until the client closes it or the server stops.
async fn connection<H, F, B>(
    stream: TcpStream,
    peer: SocketAddr,
    limits: ServerLimits,
    stop: CancellationToken,
    handle: H,
) where
    H: Fn(Request<Incoming>, SocketAddr) -> F + Send + Sync + 'static,
    F: Future<Output = Response<B>> + Send + 'static,
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn StdError + Send + Sync>>,
{
    let service = hyper::service::service_fn(move |request| {
        let answered = handle(request, peer);
        async move { Ok::<_, Infallible>(answered.await) }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_time)
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
        tracing::debug!(%error, %peer, server = limits.name, "a connection ended badly");
    }
}
