//! The advice after an attempt to send a request (DESIGN.md 9 row 34): the core's
//! `retry_advice`, as a typed `RetryAdvice`.

use std::borrow::Cow;

use cobro::Kind;
use cobro::retry::{Outcome, TransportFailure, retry_advice as advise};
use cobro::signing::SigningError;
use pyo3::prelude::*;

use crate::args::whole_as;
use crate::errors::{guard, signing_error};
use crate::parse::typed;

/// What the outcome arguments must be, as an argument error says.
const OUTCOME: &str = "failure (timeout, reset or unreadable), or http_status with the body as received, not both";

/// DESIGN.md 9 row 34: the next step after `attempt` (1 for the first send) of a request
/// of `kind` came to `failure` (no readable answer: `timeout`, `reset` or `unreadable`)
/// or to `http_status` with `body`, the answer as received (None: empty): a
/// `RetryAdvice`.
#[pyfunction]
#[pyo3(signature = (kind, attempt, *, failure = None, http_status = None, body = None))]
pub fn retry_advice<'py>(
    py: Python<'py>,
    kind: &str,
    attempt: &Bound<'py, PyAny>,
    failure: Option<&str>,
    http_status: Option<&Bound<'py, PyAny>>,
    body: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let kind = Kind::parse(kind).map_err(|e| signing_error(py, &e))?;
        let attempt = whole_as::<u32>(attempt, "attempt")?;
        let wrong = |name| signing_error(py, &SigningError::InvalidArgument { name, allowed: OUTCOME });
        let http_status = http_status.filter(|s| !s.is_none());
        let body = body.filter(|b| !b.is_none());
        let advice = match (failure, http_status) {
            (Some(f), None) if body.is_none() => {
                let failure = TransportFailure::from_name(f).ok_or_else(|| wrong("failure"))?;
                advise(kind, attempt, Outcome::Failed(failure))
            }
            (None, Some(status)) => {
                let http_status = whole_as::<u16>(status, "http_status")?;
                // A body too large or too deep to write is not the API's answer.
                let bytes = match body {
                    Some(b) => crate::body::document_bytes(b)?.unwrap_or(Cow::Borrowed(b"")),
                    None => Cow::Borrowed(&b""[..]),
                };
                advise(
                    kind,
                    attempt,
                    Outcome::Answered {
                        http_status,
                        body: &bytes,
                    },
                )
            }
            (Some(_), _) => return Err(wrong("failure")),
            (None, None) => return Err(wrong("http_status")),
        };
        typed(py, "retry_advice", &advice)
    })
}
