//! Faults on request, to test a merchant's retries and idempotency: the header
//! `X-Cobro-Mock-Fault` on any API request, a comma-separated list of
//!
//! - `status=500` or `status=503`: answer that status in the API's own error shape
//!   (virtual accounts `internal_error`, subscriptions B500, pay-ins 0099) without
//!   handling the request;
//! - `delay=MS`: wait MS milliseconds (at most [`MAX_DELAY_MS`]) before handling it;
//! - `drop`: handle the request, then close the connection without an answer (the
//!   merchant cannot know whether it was created);
//! - `truncate`: handle the request and send half of the answer under the full
//!   Content-Length, then close the connection.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use cobro::provider::{payin, subscription, virtual_account};
use http_body::Frame;

use crate::{paths, reply, time};

/// The request header that asks for a fault.
pub const HEADER: &str = "X-Cobro-Mock-Fault";
/// The longest delay a fault may ask for, in milliseconds.
pub const MAX_DELAY_MS: u64 = 60_000;

/// The one rule of a delay a fault asks for, in the header (`delay=MS`) and in a
/// control call's body (`delay_ms`): 0 to [`MAX_DELAY_MS`] milliseconds; a longer one is
/// refused, never shortened.
pub fn delay(ms: u64) -> Result<Duration, String> {
    if ms <= MAX_DELAY_MS {
        Ok(Duration::from_millis(ms))
    } else {
        Err(format!("delay must be 0 to {MAX_DELAY_MS} milliseconds"))
    }
}

/// The faults one request asked for.
#[derive(Debug, Default, PartialEq, Eq)]
struct Faults {
    status: Option<u16>,
    delay: Duration,
    drop: bool,
    truncate: bool,
}

/// Reads the header's list; None names the first item it does not know.
fn parse(value: &str) -> Result<Faults, String> {
    let mut f = Faults::default();
    for item in value.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        match item.split_once('=') {
            Some(("status", "500")) => f.status = Some(500),
            Some(("status", "503")) => f.status = Some(503),
            Some(("delay", ms)) => {
                f.delay = delay(ms.parse::<u64>().unwrap_or(u64::MAX))?;
            }
            None if item == "drop" => f.drop = true,
            None if item == "truncate" => f.truncate = true,
            _ => return Err("each item must be status=500, status=503, delay=MS, drop or truncate".to_string()),
        }
    }
    Ok(f)
}

/// The API's own answer to a failure of the service, for `status=`.
fn failure(path: &str, status: u16) -> Response {
    let mut a = if path == paths::PAYIN || path == paths::PAYIN_V1 {
        payin::Refusal::Internal.answer()
    } else if path.starts_with(paths::SUBSCRIPTION) {
        subscription::error(subscription::INTERNAL_ERROR, &[])
    } else {
        let now = time::iso(time::now());
        let stamp = virtual_account::Stamp {
            timestamp: &now,
            trace_id: "mock-fault",
        };
        virtual_account::internal_error("", stamp)
    };
    a.status = status;
    reply::answer(a)
}

/// The middleware: applies the faults a request asks for; the control API takes none.
pub async fn apply(request: Request, next: Next) -> Response {
    let mut values = request.headers().get_all(HEADER).iter();
    let Some(value) = values.next() else {
        return next.run(request).await;
    };
    let path = request.uri().path().to_string();
    if path.starts_with("/_mock/") {
        return next.run(request).await;
    }
    // Two headers would be two lists, of which a proxy or client may keep either: one
    // list, comma-separated, is the only unambiguous form.
    if values.next().is_some() {
        return reply::mock_error(
            400,
            &format!("{HEADER} is repeated: give every fault in one header, comma-separated"),
        );
    }
    let faults = match value.to_str().map_err(|_| "not ASCII".to_string()).and_then(parse) {
        Ok(f) => f,
        Err(why) => return reply::mock_error(400, &format!("{HEADER}: {why}")),
    };
    if !faults.delay.is_zero() {
        tokio::time::sleep(faults.delay).await;
    }
    if let Some(status) = faults.status {
        return failure(&path, status);
    }
    let response = next.run(request).await;
    if !(faults.drop || faults.truncate) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let full = axum::body::to_bytes(body, reply::MAX_BODY_BYTES * 8)
        .await
        .unwrap_or_default();
    let kept = if faults.drop {
        Bytes::new()
    } else {
        full.slice(..full.len() / 2)
    };
    parts
        .headers
        .insert(header::CONTENT_LENGTH, HeaderValue::from(full.len()));
    Response::from_parts(
        parts,
        Body::new(Cut {
            kept: Some(kept),
            flushed: false,
        }),
    )
}

/// A body that sends `kept`, then fails, which makes the server close the connection
/// before the promised length. hyper buffers the head and the data it is given and
/// drops the buffer when the body fails, so after data the body waits once (hyper
/// flushes while a body is pending) before it fails; with no data it fails at once and
/// nothing at all is sent.
struct Cut {
    kept: Option<Bytes>,
    flushed: bool,
}

impl HttpBody for Cut {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        match self.kept.take() {
            Some(data) if !data.is_empty() => Poll::Ready(Some(Ok(Frame::data(data)))),
            None if !self.flushed => {
                self.flushed = true;
                cx.waker().wake_by_ref();
                Poll::Pending
            }
            _ => Poll::Ready(Some(Err(std::io::Error::other(
                "the answer is cut (X-Cobro-Mock-Fault)",
            )))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_lists_faults() {
        assert_eq!(
            parse("status=503, delay=20").unwrap(),
            Faults {
                status: Some(503),
                delay: Duration::from_millis(20),
                ..Faults::default()
            }
        );
        assert!(parse("drop").unwrap().drop);
        assert!(parse("truncate").unwrap().truncate);
        for bad in ["status=404", "delay=-1", "delay=600000", "explode"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(delay(MAX_DELAY_MS), Ok(Duration::from_millis(MAX_DELAY_MS)));
        assert!(delay(MAX_DELAY_MS + 1).is_err());
    }

    proptest::proptest! {
        #[test]
        fn any_header_is_read_or_refused_without_echo(value in ".{0,64}") {
            match parse(&value) {
                Ok(f) => proptest::prop_assert!(f.delay <= Duration::from_millis(MAX_DELAY_MS)),
                Err(why) => proptest::prop_assert!(value.len() < 8 || !why.contains(&value)),
            }
        }
    }
}
