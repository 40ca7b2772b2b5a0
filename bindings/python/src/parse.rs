//! Answers, notifications and catalogues (DESIGN.md section 6) as Python values.
//!
//! The core's parsed values are serde-serializable; they are turned into
//! `serde_json::Value` and then into `cobro.Record` objects (attribute access, field
//! names as the core's JSON writes them) and lists. Going through `serde_json::Value`
//! keeps the binding free of a second serializer crate; the values are small. The one
//! field that JSON writes as Base64 text, the QR image, is set back to `bytes`.

use cobro::parse::{DocumentKind, Parsed, parse_document};
use cobro::payin::response::Experience;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyType};
use serde_json::Value;

use crate::args::whole;
use crate::errors::{guard, parse_error, unknown_name};

static RECORD: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `value` as Python data: objects become `cobro.Record`, arrays lists.
fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, None, Some(f)) => f.into_pyobject(py)?.into_any(),
            (None, None, None) => py.None().into_bound(py),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(members) => {
            let fields = PyDict::new(py);
            for (k, v) in members {
                fields.set_item(k, to_python(py, v)?)?;
            }
            RECORD.import(py, "cobro._record", "Record")?.call((), Some(&fields))?
        }
    })
}

/// Any serializable core value as a `cobro.Record` (or list, or scalar).
pub fn record<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_python(py, &json)
}

/// Parses an answer or notification of the service: `document` is
/// `virtual-account-response`, `subscription-response`, `payin-response`,
/// `payin-notification`, `subscription-webhook` or `deposit-notification`. Returns a
/// `cobro.Record`; the error answers of the API are values, not exceptions. Raises
/// `ParseError` (`.code`, `.path`) for a body that is not such a document.
#[pyfunction]
#[pyo3(signature = (document, body, *, http_status = None))]
pub fn parse<'py>(
    py: Python<'py>,
    document: String,
    body: &Bound<'py, PyAny>,
    http_status: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let kind = DocumentKind::from_name(&document)
            .ok_or_else(|| unknown_name("document", &DocumentKind::ALL.map(DocumentKind::as_str)))?;
        let status = match http_status.filter(|s| !s.is_none()) {
            Some(s) => u16::try_from(whole(s, "http_status")?)
                .map_err(|_| PyValueError::new_err("http_status is out of range"))?,
            None => 200,
        };
        let bytes = crate::body::body(body, 0)?;
        let parsed = parse_document(kind, status, &bytes).map_err(|e| parse_error(py, &e))?;
        let value = record(py, &parsed)?;
        if let Parsed::PayinResponse(answer) = &parsed {
            if let Experience::Qr { qr_png, .. } = &answer.experience {
                value
                    .getattr("experience")?
                    .setattr("qr_png", PyBytes::new(py, qr_png))?;
            }
        }
        Ok(value)
    })
}

/// What a pay-in creation code (`payinErrorCode`) means, or `None`.
#[pyfunction]
pub fn payin_creation_code<'py>(py: Python<'py>, code: String) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || record(py, &cobro::payin::catalog::payin_creation_code(&code)))
}

/// What a payment confirmation code (`payinStatusErrorCode`) means, or `None`.
#[pyfunction]
pub fn payment_confirmation_code<'py>(py: Python<'py>, code: String) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        record(py, &cobro::payin::catalog::payment_confirmation_code(&code))
    })
}

/// The pay-in state `id` (`payinStateID`): names, meaning, `paid`, `is_final`; or `None`.
#[pyfunction]
pub fn payin_state<'py>(py: Python<'py>, id: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let id = whole(id, "id")?;
        record(py, &cobro::payin::catalog::payin_state(id))
    })
}

/// What a subscription error code (B400..B500, E401, 9025, 9099) means, or `None`.
#[pyfunction]
pub fn subscription_error_code<'py>(py: Python<'py>, code: String) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        record(py, &cobro::subscription::response::subscription_error_code(&code))
    })
}

/// What a virtual-account error code means, or `None`.
#[pyfunction]
pub fn virtual_account_error_code<'py>(py: Python<'py>, code: String) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        record(py, &cobro::virtual_account::catalog::virtual_account_error_code(&code))
    })
}
