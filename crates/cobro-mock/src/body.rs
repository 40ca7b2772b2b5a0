//! A request body read once, by the core's reader: the same tree feeds the core's
//! validation and the handlers' reads of fields, so each body is parsed once and a
//! number keeps the text it was written with (an amount never passes through a float).

use std::convert::Infallible;
use std::pin::Pin;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, header};
use cobro::json::{self, Value};
use cobro::provider::Answer;
use cobro::{HostBodyError, Kind, Limits, Report, ValidateOptions};
use http_body::Body as _;

use crate::reply::MAX_BODY_BYTES;

/// A request body as received: its bytes, read up to [`MAX_BODY_BYTES`], or only that it
/// was larger (its declared length when the client gave one). An extractor that never
/// refuses: a body too large is judged by the core's rules like any other
/// ([`Body::validate`]: ERR_BODY_TOO_LARGE), so each API answers it in its own shape.
pub struct Received {
    bytes: Bytes,
    too_large: Option<usize>,
}

impl<S: Send + Sync> FromRequest<S> for Received {
    type Rejection = Infallible;

    async fn from_request(request: Request, _: &S) -> Result<Received, Infallible> {
        let declared = request
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        let past = |size: usize| Received {
            bytes: Bytes::new(),
            too_large: Some(size),
        };
        if let Some(size) = declared.filter(|size| *size > MAX_BODY_BYTES) {
            discard(&mut request.into_body()).await;
            return Ok(past(size));
        }
        // A body that cannot be read whole within the limit (one longer than it said,
        // or chunked past it) is as large as the limit and one byte at least.
        Ok(match axum::body::to_bytes(request.into_body(), MAX_BODY_BYTES).await {
            Ok(bytes) => Received { bytes, too_large: None },
            Err(_) => past(MAX_BODY_BYTES.saturating_add(1)),
        })
    }
}

/// The most bytes of a body declared larger than the limit that are read and thrown away
/// before it is refused: past it the connection is closed with the body unread.
const DISCARD_MAX: usize = 16 << 20;

/// Reads a body declared larger than the limit and throws it away (up to
/// [`DISCARD_MAX`] bytes, within the connection's body timeout), so that the refusal
/// (413, judged from the declared length) reaches the client: closing a connection with
/// its request unread makes the system reset it, and a reset can destroy the answer
/// before the client reads it, or fail the client's write before it reads anything.
async fn discard(body: &mut axum::body::Body) {
    let mut read = 0usize;
    while read <= DISCARD_MAX {
        match std::future::poll_fn(|cx| Pin::new(&mut *body).poll_frame(cx)).await {
            Some(Ok(frame)) => read += frame.data_ref().map_or(0, Bytes::len),
            _ => return,
        }
    }
}

impl Received {
    /// The bytes, or the size of a body past [`MAX_BODY_BYTES`] (as declared, or the
    /// limit and one byte).
    pub fn bytes(&self) -> Result<&[u8], usize> {
        match self.too_large {
            Some(size) => Err(size),
            None => Ok(&self.bytes),
        }
    }
}

/// A body and, when it is JSON within the core's default limits, its tree.
pub struct Body<'a> {
    bytes: &'a [u8],
    tree: Option<Value<'a>>,
    too_large: Option<usize>,
}

impl<'a> Body<'a> {
    /// Reads `bytes` under the core's default limits (what validation reads them under).
    pub fn read(bytes: &'a [u8]) -> Body<'a> {
        Body {
            bytes,
            tree: json::parse(bytes, Limits::for_body(None)).ok(),
            too_large: None,
        }
    }

    /// Reads a received body (see [`Body::read`]); one past the limit has no tree.
    pub fn received(received: &'a Received) -> Body<'a> {
        match received.too_large {
            Some(size) => Body {
                bytes: &[],
                tree: None,
                too_large: Some(size),
            },
            None => Body::read(&received.bytes),
        }
    }

    /// The API's refusal `a` of this body, with status 413 when the body was too large.
    pub fn refusal(&self, mut a: Answer) -> Answer {
        if self.too_large.is_some() {
            a.status = 413;
        }
        a
    }

    /// The tree, when the body is JSON.
    pub fn root(&self) -> Option<&Value<'a>> {
        self.tree.as_ref()
    }

    /// The core's report on the body; an unreadable body is reported from its bytes,
    /// as `cobro::validate` reports it.
    pub fn validate(&self, kind: Kind, options: &ValidateOptions<'_>) -> Report {
        if let Some(size) = self.too_large {
            return HostBodyError::TooLarge { size }.report(options);
        }
        match &self.tree {
            Some(tree) => cobro::validate_value(kind, tree, options),
            None => cobro::validate(kind, self.bytes, options),
        }
    }
}

/// The value at `path` (object keys) below `value`. A repeated key resolves to its first
/// member; validation refuses repeated keys (ERR_DUPLICATE_FIELD), so a body that passed
/// it has one.
pub fn at<'v, 'a>(value: Option<&'v Value<'a>>, path: &[&str]) -> Option<&'v Value<'a>> {
    path.iter().try_fold(value?, |v, key| match v {
        Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, member)| member),
        _ => None,
    })
}

/// A field's text as the body writes it: a string's content or a number's digits, `""`
/// for anything else.
pub fn text<'v>(value: Option<&'v Value<'_>>) -> &'v str {
    match value {
        Some(Value::String(s)) => s,
        Some(Value::Number(n)) => n,
        _ => "",
    }
}

/// The language a request's `Accept-Language` asks for (the core's
/// `Locale::from_accept_language`); English when absent.
pub fn locale(headers: &HeaderMap) -> cobro::Locale {
    headers
        .get("accept-language")
        .and_then(|v| v.to_str().ok())
        .map(cobro::Locale::from_accept_language)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_their_text() {
        let body = Body::read(br#"{"a":{"amount":150.50,"id":"007"},"n":[1]}"#);
        assert_eq!(text(at(body.root(), &["a", "amount"])), "150.50");
        assert_eq!(text(at(body.root(), &["a", "id"])), "007");
        assert_eq!(text(at(body.root(), &["n"])), "");
        assert_eq!(text(at(body.root(), &["a", "missing"])), "");
        let unreadable = Body::read(b"{");
        assert!(unreadable.root().is_none());
        let report = unreadable.validate(Kind::Payin, &ValidateOptions::default());
        assert_eq!(report.errors[0].code, cobro::Code::MalformedJson);
    }
}
