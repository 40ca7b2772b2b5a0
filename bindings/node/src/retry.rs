//! The advice after an attempt to send a request (DESIGN.md 9 row 34): the core's
//! `retry_advice`, as a plain `RetryAdvice` object.

use cobro::Kind;
use cobro::retry::{Outcome, retry_advice as advise};
use napi::bindgen_prelude::{Either4, Null, Uint8Array, Undefined};
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::{Keys, optional, string, whole_as};
use crate::errors::{Thrown, guard, signing};
use crate::parse::to_js;

/// The outcome of an attempt, for `retryAdvice`: `failure`, or `httpStatus` with `body`.
#[napi(object, object_to_js = false)]
pub struct RetryOutcome {
    /// No readable answer: `'timeout'`, `'reset'` (refused, reset or closed) or
    /// `'unreadable'` (cut short).
    #[napi(ts_type = "import('./parsed').TransportFailure")]
    pub failure: Option<String>,
    /// The answer's HTTP status.
    pub http_status: Option<f64>,
    /// The answer's body as received (`await response.text()`, or its bytes); absent or
    /// `null`: empty. (napi reads a field set to `undefined` as an error unless it is
    /// among its types.)
    #[napi(ts_type = "string | Uint8Array | null")]
    pub body: Option<Either4<String, Uint8Array, Undefined, Null>>,
}

impl Keys for RetryOutcome {
    const KEYS: &'static [&'static str] = &["failure", "httpStatus", "body"];
}

/// DESIGN.md 9 row 34: the next step after `attempt` (1 for the first send) of a request
/// of `kind` came to `outcome`: `{failure}` when no answer could be read, or
/// `{httpStatus, body}` with the answer as received. A `RetryAdvice`.
#[napi(ts_return_type = "import('./parsed').RetryAdvice")]
pub fn retry_advice<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "'virtual-account' | 'subscription' | 'subscription-cancel' | 'payin'")] kind: Unknown<'e>,
    attempt: f64,
    #[napi(ts_arg_type = "RetryOutcome")] outcome: Option<Unknown<'e>>,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        let o = optional::<RetryOutcome>(outcome, "outcome")?;
        let kind = Kind::parse(&string(kind, "kind", "a string")?).map_err(|e| signing(&e))?;
        let attempt = whole_as::<u32>(attempt, "attempt", "a whole number")?;
        let (failure, http_status, body) = match o {
            Some(o) => (o.failure, o.http_status, o.body),
            None => (None, None, None),
        };
        let body = body.and_then(|b| match b {
            Either4::A(text) => Some(text.into_bytes()),
            Either4::B(bytes) => Some(bytes.to_vec()),
            Either4::C(()) | Either4::D(_) => None,
        });
        let http_status = http_status
            .map(|s| whole_as::<u16>(s, "httpStatus", "a whole number"))
            .transpose()?;
        let outcome = Outcome::from_arguments(failure.as_deref(), http_status, body.as_deref(), "httpStatus")
            .map_err(|e| signing(&e))?;
        let advice = advise(kind, attempt, outcome);
        to_js(env, &advice)
    })
}
