//! `cobro.validate` (DESIGN.md section 3); its result classes are in `records`.

use cobro::{Kind, ValidateOptions};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

use crate::args::opt_secret;
use crate::body::{with_body, with_body_to_send};
use crate::errors::{guard, signing_error};
use crate::records::{Report, invalid_request};
use crate::utf8::Text;

/// The request kind named `name` (`virtual-account`, `subscription`,
/// `subscription-cancel`, `payin`); another name is the core's `SigningError`
/// (ERR_INVALID_ARGUMENT), listing the names.
pub fn kind(py: Python<'_>, name: &str) -> PyResult<Kind> {
    Kind::parse(name).map_err(|e| signing_error(py, &e))
}

/// The kind names as interned Python strings, made once.
static KIND_NAMES: PyOnceLock<[Py<PyString>; 4]> = PyOnceLock::new();

/// The kind named by the `str` `obj`, without reading its text in the common cases: a
/// name written as a literal in the caller's code is often the interned string itself
/// (found by identity); otherwise the one name of the same length is compared with
/// Python's `str.__eq__` (the four names differ in length). Anything else is read and
/// looked up, for the core's error.
pub(crate) fn kind_arg(obj: &Bound<'_, PyAny>) -> PyResult<Kind> {
    let py = obj.py();
    let names = KIND_NAMES.get_or_init(py, || Kind::ALL.map(|k| PyString::intern(py, k.as_str()).unbind()));
    for (k, name) in Kind::ALL.into_iter().zip(names) {
        if obj.is(name) {
            return Ok(k);
        }
    }
    if let Ok(s) = obj.cast_exact::<PyString>() {
        let len = s.len()?;
        for (k, name) in Kind::ALL.into_iter().zip(names) {
            if k.as_str().len() == len && s.as_any().eq(name)? {
                return Ok(k);
            }
        }
    }
    kind(py, Text::new(obj, "kind")?.as_str()?)
}

/// The core's report for the arguments of `validate` and `ensure_valid` (`strict` and
/// `before_prepare` as a pair).
fn report(
    kind: &Bound<'_, PyAny>,
    body: &Bound<'_, PyAny>,
    (strict, before_prepare): (bool, bool),
    locale: Option<&Bound<'_, PyAny>>,
    key: Option<&Bound<'_, PyAny>>,
    max_bytes: Option<&Bound<'_, PyAny>>,
) -> PyResult<cobro::Report> {
    let kind = kind_arg(kind)?;
    let locale = match locale.filter(|l| !l.is_none()) {
        Some(l) => crate::args::locale(Some(Text::new(l, "locale")?.as_str()?))?,
        None => crate::args::locale(None)?,
    };
    let key = opt_secret(key, "key")?;
    let options = ValidateOptions {
        strict,
        locale,
        max_bytes: crate::args::max_bytes(max_bytes)?,
        payin_key: key.as_ref(),
        before_prepare,
    };
    let limits = options.limits();
    // Before prepare, a body is read as prepare reads it (a float amount refused).
    if before_prepare {
        let report = with_body_to_send(body, &limits, |bytes| cobro::validate(kind, bytes, &options))?;
        return Ok(report.unwrap_or_else(|e| e.report(&options)));
    }
    // A dict goes to the core as a tree where the wheel can borrow its strings.
    #[cfg(not(feature = "abi3-py39"))]
    if let Some(report) = crate::tree::with_value(body, &limits, |v| cobro::validate_value(kind, v, &options))? {
        return Ok(report);
    }
    let report = with_body(body, &limits, |bytes| cobro::validate(kind, bytes, &options))?;
    Ok(report.unwrap_or_else(|e| e.report(&options)))
}

/// Validates one request body of `kind` and reports every problem at once. Raises only
/// for bad arguments (`TypeError`, `SigningError`); bad content is in the report. With
/// `before_prepare=True` the body is judged as `prepare_*` will complete it (DESIGN.md
/// section 5): what prepare fills draws no issue, and every error is one prepare
/// refuses with.
#[pyfunction]
#[pyo3(signature = (kind, body, *, strict = false, locale = None, key = None, max_bytes = None, before_prepare = false))]
#[allow(clippy::too_many_arguments)]
pub fn validate(
    py: Python<'_>,
    kind: &Bound<'_, PyAny>,
    body: &Bound<'_, PyAny>,
    strict: bool,
    locale: Option<&Bound<'_, PyAny>>,
    key: Option<&Bound<'_, PyAny>>,
    max_bytes: Option<&Bound<'_, PyAny>>,
    before_prepare: bool,
) -> PyResult<Report> {
    guard(py, || {
        report(kind, body, (strict, before_prepare), locale, key, max_bytes).map(Report::from)
    })
}

/// Validates as `validate` does and returns the report of a valid request; an invalid
/// one raises `ValidationError` (code ERR_INVALID_REQUEST, `.report`, `.errors`: the
/// report's errors, not its warnings), as `prepare_*` does.
#[pyfunction]
#[pyo3(signature = (kind, body, *, strict = false, locale = None, key = None, max_bytes = None, before_prepare = false))]
#[allow(clippy::too_many_arguments)]
pub fn ensure_valid(
    py: Python<'_>,
    kind: &Bound<'_, PyAny>,
    body: &Bound<'_, PyAny>,
    strict: bool,
    locale: Option<&Bound<'_, PyAny>>,
    key: Option<&Bound<'_, PyAny>>,
    max_bytes: Option<&Bound<'_, PyAny>>,
    before_prepare: bool,
) -> PyResult<Report> {
    guard(py, || {
        let report = report(kind, body, (strict, before_prepare), locale, key, max_bytes)?;
        if report.valid {
            Ok(Report::from(report))
        } else {
            Err(invalid_request(py, report))
        }
    })
}
