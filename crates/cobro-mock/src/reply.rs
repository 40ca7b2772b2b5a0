//! Turning the core's answers into HTTP responses, and what every handler shares: the
//! body limit, the log, the control API's loopback rule.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cobro::provider::Answer;

use crate::app::Shared;
use crate::state::Event;
use crate::time;

/// The largest request body read: the core's own default limit, so what the core would
/// refuse as too large never reaches it.
pub const MAX_BODY_BYTES: usize = cobro::Limits::DEFAULT_MAX_BYTES;

/// A JSON response with `status` and `body`.
pub fn json(status: u16, body: String) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, body).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// The core's answer as a response.
pub fn answer(a: Answer) -> Response {
    json(a.status, a.body)
}

/// The mock's own error (control API, unknown paths): `{"error": message}`.
pub fn mock_error(status: u16, message: &str) -> Response {
    json(status, serde_json::json!({ "error": message }).to_string())
}

/// The outer layer that keeps every refusal JSON: a 4xx or 5xx answer with no body type
/// or a plain-text one (axum's own: a method the path does not take, a path or query its
/// extractors refuse) becomes the mock's `{"error": ...}` in the mock's words, which
/// never repeat the request. The APIs' own refusals, JSON already, pass as they are.
pub async fn json_refusals(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let response = next.run(request).await;
    let status = response.status();
    let plain = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_none_or(|t| t.as_bytes().starts_with(b"text/plain"));
    if !(status.is_client_error() || status.is_server_error()) || !plain {
        return response;
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => format!("this path does not take {method}"),
        StatusCode::BAD_REQUEST => "the path or the query is not one this endpoint takes".to_string(),
        other => format!("the request is refused ({other})"),
    };
    let mut json = mock_error(status.as_u16(), &message);
    if let Some(note) = response.extensions().get::<Note>().cloned() {
        json.extensions_mut().insert(note);
    }
    json
}

/// The mock's words for a body past [`MAX_BODY_BYTES`].
pub fn too_large() -> String {
    format!("the body is larger than {MAX_BODY_BYTES} bytes")
}

/// Any path the provider does not serve.
pub async fn not_found() -> Response {
    mock_error(
        404,
        "no such endpoint: the mock serves the paths of spec section 4 and /_mock/",
    )
}

/// What a handler says of its answer for the log: the merchant and the provider's code
/// (or the control call's outcome). Carried in the response's extensions.
#[derive(Debug, Clone)]
pub struct Note {
    /// The merchant, when known.
    pub merchant_id: Option<u64>,
    /// The code answered, or what a control call did.
    pub detail: String,
}

/// `response` with its [`Note`].
pub fn noted(mut response: Response, merchant_id: Option<u64>, detail: impl Into<String>) -> Response {
    response.extensions_mut().insert(Note {
        merchant_id,
        detail: detail.into(),
    });
    response
}

/// The core's answer as a response, with its note.
pub fn answered(a: Answer, merchant_id: Option<u64>, detail: &str) -> Response {
    noted(answer(a), merchant_id, detail)
}

/// The outermost layer: logs every request received and how it was answered (the
/// handler's [`Note`], when it left one), faults and refusals of the body limit
/// included. Reading the log is not logged.
pub async fn log_requests(State(app): State<Shared>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    let method = request.method().clone();
    if path == "/_mock/events" {
        return next.run(request).await;
    }
    let control = path.starts_with("/_mock/") || (path.starts_with("/checkout/") && method == Method::POST);
    let response = next.run(request).await;
    let note = response.extensions().get::<Note>();
    app.state.log(Event {
        seq: 0,
        at: time::now(),
        kind: if control { "control" } else { "request" },
        what: format!("{method} {path}"),
        merchant_id: note.and_then(|n| n.merchant_id),
        status: Some(response.status().as_u16()),
        detail: note.map(|n| n.detail.clone()).unwrap_or_default(),
    });
    response
}

/// Whether `ip` is on loopback: 127.0.0.0/8, `::1`, or an IPv4 loopback address mapped
/// into IPv6 (`::ffff:127.0.0.1`, how a server listening on `::` sees an IPv4 client).
pub fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback()),
    }
}

/// The host part of a `Host` or an origin's authority: `[::1]:8080` is `::1`, `a:80` is
/// `a`, lower-cased.
fn host_name(authority: &str) -> String {
    let name = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.rsplit_once(':').map_or(authority, |(host, _)| host),
    };
    name.to_ascii_lowercase()
}

/// Whether the control API and the checkout accept the host name `name` (from `Host`
/// or `Origin`): a loopback address, `localhost`, the address the mock listens on, or a
/// name of `allowed`. Any other name is what a page reaches the mock by through DNS
/// rebinding, and is refused.
fn host_allowed(name: &str, listening: &str, allowed: &[String]) -> bool {
    name == "localhost"
        || name == host_name(listening)
        || name.parse::<IpAddr>().is_ok_and(is_loopback)
        || allowed.iter().any(|a| a.eq_ignore_ascii_case(name))
}

/// The guard of the control API and the checkout (they move money and show every
/// merchant's keys): a request whose `Host` the mock does not answer to
/// ([`host_allowed`]), or whose `Origin` is not the mock's own (a page of another site,
/// which a browser lets post across sites), is refused with 403 before it is handled; a
/// control call that changes state without `Content-Type: application/json` (what a
/// cross-site form or a script without the mock's consent sends) with 415.
pub async fn control_guard(State(app): State<Shared>, request: Request, next: Next) -> Response {
    match guard_refusal(&app, &request) {
        Some(refusal) => refusal,
        None => next.run(request).await,
    }
}

/// The refusal [`control_guard`] gives `request`, or `None` to let it through.
fn guard_refusal(app: &Shared, request: &Request) -> Option<Response> {
    let path = request.uri().path();
    if !(path.starts_with("/_mock/") || path.starts_with("/checkout/")) {
        return None;
    }
    let listening = app.base_url.trim_start_matches("http://");
    let allowed = &app.config.allowed_hosts;
    // A value that is not ASCII text names no host the mock answers to.
    let header_text = |name: header::HeaderName| {
        request
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap_or("\u{0}").to_string())
    };
    let host = header_text(header::HOST).unwrap_or_default();
    if !host_allowed(&host_name(&host), listening, allowed) {
        return Some(mock_error(
            403,
            "the control API answers requests for the mock's own address or localhost only (Host); add --allowed-host NAME for another name",
        ));
    }
    if let Some(origin) = header_text(header::ORIGIN) {
        let port = |authority: &str| authority.rsplit_once(':').map(|(_, port)| port.to_string());
        let own = origin
            .strip_prefix("http://")
            .filter(|authority| host_allowed(&host_name(authority), listening, allowed))
            .is_some_and(|authority| port(authority) == port(listening));
        if !own {
            return Some(mock_error(
                403,
                "the control API refuses requests from the pages of other sites (Origin)",
            ));
        }
    }
    let changes_state = request.method() == Method::POST && path.starts_with("/_mock/");
    (changes_state && !is_json(request.headers().get(header::CONTENT_TYPE))).then(|| {
        mock_error(
            415,
            "a control call that changes state must send Content-Type: application/json",
        )
    })
}

/// Whether a `Content-Type` names JSON: `application/json`, in any case, with any
/// parameters. A page of another site can post a form or plain text without asking, but
/// not JSON, so requiring it keeps such pages from moving money in the mock.
fn is_json(content_type: Option<&HeaderValue>) -> bool {
    content_type
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// The control API and the checkout's buttons answer loopback peers only: they move
/// money in the mock's world.
/// The refusal of a peer that is not on loopback, or None.
pub fn not_loopback(peer: SocketAddr) -> Option<Response> {
    (!is_loopback(peer.ip())).then(|| mock_error(403, "the control API answers loopback clients only"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_mapped_loopback_is_loopback() {
        for loopback in ["127.0.0.1", "127.5.6.7", "::1", "::ffff:127.0.0.1"] {
            assert!(is_loopback(loopback.parse().unwrap()), "{loopback}");
        }
        for remote in ["10.0.0.1", "::ffff:10.0.0.1", "2001:db8::1", "0.0.0.0", "::"] {
            assert!(!is_loopback(remote.parse().unwrap()), "{remote}");
        }
    }

    #[test]
    fn only_json_content_types_are_json() {
        for json in [
            "application/json",
            "Application/JSON",
            "application/json; charset=utf-8",
        ] {
            assert!(is_json(Some(&HeaderValue::from_static(json))), "{json}");
        }
        for other in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "application/jsonx",
            "",
        ] {
            assert!(!is_json(Some(&HeaderValue::from_static(other))), "{other}");
        }
        assert!(!is_json(None));
    }
}
