//! Turning the core's answers into HTTP responses, and what every handler shares: the
//! body limit, the log, the control API's loopback rule.

use std::net::SocketAddr;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use cobro::provider::Answer;

use crate::state::Event;
use crate::{App, time};

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

/// Any path the provider does not serve.
pub async fn not_found() -> Response {
    mock_error(
        404,
        "no such endpoint: the mock serves the paths of spec section 4 and /_mock/",
    )
}

/// Logs a request and how it was answered.
pub fn log(app: &App, kind: &'static str, what: String, merchant_id: Option<u64>, status: u16, detail: &str) {
    app.state.log(Event {
        seq: 0,
        at: time::now(),
        kind,
        what,
        merchant_id,
        status: Some(status),
        detail: detail.to_string(),
    });
}

/// The control API and the checkout's buttons answer loopback peers only: they move
/// money in the mock's world.
/// The refusal of a peer that is not on loopback, or None.
pub fn not_loopback(peer: SocketAddr) -> Option<Response> {
    (!peer.ip().is_loopback()).then(|| mock_error(403, "the control API answers loopback clients only"))
}

/// The provider's code in an answer body (`payinErrorCode`, `errorCode`, the first
/// `error.details[].code`), for the log.
pub fn code_of(a: &Answer) -> String {
    let v: serde_json::Value = serde_json::from_str(&a.body).unwrap_or_default();
    let code = v
        .get("payinErrorCode")
        .or_else(|| v.get("errorCode"))
        .or_else(|| v.pointer("/error/details/0/code"))
        .and_then(serde_json::Value::as_str);
    code.unwrap_or("").to_string()
}
