//! Accepting connections within limits. At most [`ConnectionLimits::max_connections`]
//! are served at once (one more is answered 503 and closed at once), each has a bounded
//! time to send a request's headers (which also bounds how long it may sit idle between
//! requests) and its body, so clients that never finish cannot hold the mock's sockets,
//! tasks or memory, and the others keep being answered.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{Request, header};
use axum::response::Response;
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio::time::{Instant, Sleep};

use crate::config::ConnectionLimits;
use crate::reply;

/// How long to wait before accepting again after the system refused a connection (out
/// of file descriptors, say), rather than spinning on the error.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Serves `router` on `listener` until `shutdown` completes, then lets the connections
/// under way finish their request (each is told to close after it) and returns once
/// all have closed.
pub(crate) async fn accept(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    let max = limits.max_connections.max(1);
    let permits = Arc::new(Semaphore::new(max));
    let lingering = Arc::new(Semaphore::new(MAX_LINGERING));
    let (stopping, stopped) = watch::channel(false);
    let mut at_limit = false;
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            biased;
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => {
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            if !at_limit {
                crate::warn(&format!(
                    "{max} connections are open, the most served at once: new ones are answered 503 until one closes"
                ));
            }
            at_limit = true;
            refuse_busy(stream, max, &lingering);
            continue;
        };
        at_limit = false;
        let router = router.clone();
        let stopped = stopped.clone();
        tokio::spawn(async move {
            serve_connection(stream, peer, router, limits, stopped).await;
            drop(permit);
        });
    }
    drop(listener);
    let _ = stopping.send(true);
    // Every permit back means every connection has closed.
    let _ = permits.acquire_many(u32::try_from(max).unwrap_or(u32::MAX)).await;
}

/// The most refused connections kept open at once while their request is read and
/// thrown away; past it a refused connection is closed as soon as it is answered.
const MAX_LINGERING: usize = 64;
/// How long a refused connection is kept open for the client's request to arrive.
const LINGER: Duration = Duration::from_secs(1);

/// Answers a connection past the limit with 503 in the mock's own shape and closes it.
/// Closing a socket with the client's request unread makes the system reset it, and a
/// reset can destroy the answer before the client reads it: so, while fewer than
/// [`MAX_LINGERING`] are, the request is read and thrown away for up to [`LINGER`]
/// after the answer is sent.
fn refuse_busy(stream: TcpStream, max: usize, lingering: &Arc<Semaphore>) {
    let body = serde_json::json!({
        "error": format!("the mock is serving {max} connections, the most it serves at once: try again when one closes")
    })
    .to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\nRetry-After: 1\r\n\r\n{body}",
        body.len()
    );
    // The answer fits in the socket's buffer: writing never waits on the client.
    let _ = stream.try_write(answer.as_bytes());
    let Ok(turn) = lingering.clone().try_acquire_owned() else {
        // What has arrived already is read without waiting, so that closing resets
        // nothing when the request came with the connection (as it mostly does).
        let mut sink = [0u8; 4096];
        for _ in 0..16 {
            if !matches!(stream.try_read(&mut sink), Ok(1..)) {
                break;
            }
        }
        return;
    };
    tokio::spawn(async move {
        let mut stream = stream;
        let _ = stream.shutdown().await;
        let mut sink = [0u8; 4096];
        let _ = tokio::time::timeout(LINGER, async { while let Ok(1..) = stream.read(&mut sink).await {} }).await;
        drop(turn);
    });
}

/// Serves one connection until the client closes it, a timeout closes it, or
/// `stopped` turns true (then it closes after the request under way).
async fn serve_connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    limits: ConnectionLimits,
    mut stopped: watch::Receiver<bool>,
) {
    let service = TowerToHyperService::new(router.into_service::<Body>());
    let handler = hyper::service::service_fn(move |request: Request<Incoming>| {
        let late = Arc::new(AtomicBool::new(false));
        let deadline = Instant::now() + limits.body_timeout;
        let mut request = request.map(|body| Body::new(Deadline::new(body, deadline, late.clone())));
        request.extensions_mut().insert(ConnectInfo(peer));
        let service = service.clone();
        async move {
            let response = hyper::service::Service::call(&service, request).await?;
            Ok::<Response, Infallible>(if late.load(Ordering::Relaxed) {
                body_too_slow(limits.body_timeout)
            } else {
                response
            })
        }
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let connection = builder.serve_connection(TokioIo::new(stream), handler);
    tokio::pin!(connection);
    let stop = async move {
        // The guard `wait_for` returns is not `Send`: drop it before awaiting again.
        let _ = stopped.wait_for(|s| *s).await.map(drop);
    };
    tokio::select! {
        _ = connection.as_mut() => {}
        () = stop => {
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        }
    }
}

/// The answer to a request whose body did not arrive within `limit`: the mock's own
/// shape, and the connection closed, since the rest of the body may still come.
fn body_too_slow(limit: Duration) -> Response {
    let mut response = reply::mock_error(408, &format!("the body did not arrive within {} s", limit.as_secs()));
    response
        .headers_mut()
        .insert(header::CONNECTION, header::HeaderValue::from_static("close"));
    response
}

/// A request body that fails once its deadline passes, and says so in `late`.
struct Deadline {
    body: Incoming,
    deadline: Instant,
    /// Armed when the body first has to wait, so a body that came with its headers
    /// (most of them) costs no timer.
    sleep: Option<Pin<Box<Sleep>>>,
    late: Arc<AtomicBool>,
}

impl Deadline {
    fn new(body: Incoming, deadline: Instant, late: Arc<AtomicBool>) -> Deadline {
        Deadline {
            body,
            deadline,
            sleep: None,
            late,
        }
    }
}

impl http_body::Body for Deadline {
    type Data = Bytes;
    type Error = Box<dyn std::error::Error + Send + Sync>;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = &mut *self;
        if let Poll::Ready(frame) = Pin::new(&mut this.body).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        let deadline = this.deadline;
        let sleep = this
            .sleep
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        if sleep.as_mut().poll(cx).is_ready() {
            this.late.store(true, Ordering::Relaxed);
            return Poll::Ready(Some(Err("the request's body did not arrive in time".into())));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
