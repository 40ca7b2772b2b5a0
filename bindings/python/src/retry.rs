//! The advice after an attempt to send a request (DESIGN.md 9 row 34): the core's
//! `retry_advice`, as a typed `RetryAdvice`.

use std::borrow::Cow;

use cobro::Kind;
use cobro::retry::{Outcome, retry_advice as advise};
use pyo3::prelude::*;

use crate::args::whole_as;
use crate::errors::{guard, signing_error};
use crate::parse::typed;

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
        let http_status = http_status
            .filter(|s| !s.is_none())
            .map(|s| whole_as::<u16>(s, "http_status"))
            .transpose()?;
        // A body too large or too deep to write is not the API's answer: empty.
        let body = body
            .filter(|b| !b.is_none())
            .map(|b| crate::body::document_bytes(b).map(|d| d.unwrap_or(Cow::Borrowed(b""))))
            .transpose()?;
        let outcome = Outcome::from_arguments(failure, http_status, body.as_deref(), "http_status")
            .map_err(|e| signing_error(py, &e))?;
        typed(py, "retry_advice", &advise(kind, attempt, outcome))
    })
}
