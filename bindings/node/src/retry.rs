//! The advice after an attempt to send a request (DESIGN.md 9 row 34): the core's
//! `retry_advice`, as a plain `RetryAdvice` object.

use cobro::Kind;
use cobro::retry::{Outcome, retry_advice as advise};
use napi::bindgen_prelude::{FromNapiValue, Uint8Array};
use napi::{Env, JsValue, Unknown, ValueType};
use napi_derive::napi;

use crate::args::{Keys, field, js_type, optional, optional_string, string, whole};
use crate::errors::{Res, Thrown, guard, signing, type_error_found};
use crate::parse::to_js;

/// The outcome of an attempt, for `retryAdvice`: `failure`, or `httpStatus` with `body`.
#[napi(object, object_to_js = false)]
pub struct RetryOutcome<'a> {
    /// No readable answer: `'timeout'`, `'reset'` (refused, reset or closed) or
    /// `'unreadable'` (cut short).
    #[napi(ts_type = "import('./parsed').TransportFailure")]
    pub failure: Option<Unknown<'a>>,
    /// The answer's HTTP status.
    #[napi(ts_type = "number")]
    pub http_status: Option<Unknown<'a>>,
    /// The answer's body as received (`await response.text()`, or its bytes); absent or
    /// `null`: empty.
    #[napi(ts_type = "string | Uint8Array | null")]
    pub body: Option<Unknown<'a>>,
}

impl Keys for RetryOutcome<'_> {
    const KEYS: &'static [&'static str] = &["failure", "httpStatus", "body"];
}

/// DESIGN.md 9 row 34: the next step after `attempt` (1 for the first send) of a request
/// of `kind` came to `outcome`: `{failure}` when no answer could be read, or
/// `{httpStatus, body}` with the answer as received. A `RetryAdvice`.
#[napi(ts_return_type = "import('./parsed').RetryAdvice")]
pub fn retry_advice<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "'virtual-account' | 'subscription' | 'subscription-cancel' | 'payin'")] kind: Unknown<'e>,
    #[napi(ts_arg_type = "number")] attempt: Unknown<'e>,
    #[napi(ts_arg_type = "RetryOutcome")] outcome: Option<Unknown<'e>>,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        let o = optional::<RetryOutcome>(outcome, "outcome")?;
        let kind = Kind::parse(&string(kind, "kind", "a string")?).map_err(|e| signing(&e))?;
        let attempt = whole::<u32>(attempt, "attempt", "a whole number")?;
        let (failure, http_status, body) = match o {
            Some(o) => (o.failure, o.http_status, o.body),
            None => (None, None, None),
        };
        let failure = optional_string(failure, "failure")?;
        let body = field(body, answer_body)?.flatten();
        let http_status = field(http_status, |s| whole::<u16>(s, "httpStatus", "a whole number"))?;
        let outcome = Outcome::from_arguments(failure.as_deref(), http_status, body.as_deref(), "httpStatus")
            .map_err(|e| signing(&e))?;
        let advice = advise(kind, attempt, outcome);
        to_js(env, &advice)
    })
}

/// The answer's body as received: its text or bytes; `null` is an empty body.
fn answer_body(value: Unknown<'_>) -> Res<Option<Vec<u8>>> {
    Ok(match value.get_type()? {
        ValueType::Null => None,
        ValueType::String => Some(String::from_unknown(value)?.into_bytes()),
        ValueType::Object if value.is_typedarray()? => match Uint8Array::from_unknown(value) {
            Ok(bytes) => Some(bytes.to_vec()),
            Err(_) => return Err(type_error_found("body", BODY_TYPES, "another typed array")),
        },
        _ => return Err(type_error_found("body", BODY_TYPES, js_type(&value)?)),
    })
}

/// What the outcome's `body` takes.
const BODY_TYPES: &str = "a string, a Buffer/Uint8Array or null";
