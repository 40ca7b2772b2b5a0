//! Answers, notifications and catalogues (DESIGN.md section 6) as typed Python values.
//!
//! The core's parsed values are serde-serializable; each is written as JSON text and
//! handed, with the name of its type, to `cobro.answers._from_core`, which builds the
//! frozen dataclass of that type (one class per core type, attributes named as the
//! JSON's keys, driven by the classes' type hints). The binding holds no field list: a
//! field added to the core appears in the JSON, and the Python class declares it.

use cobro::parse::{DocumentKind, ParseError, Parsed, parse_document};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple};

use crate::args::{whole, whole_as};
use crate::errors::{guard, parse_error, signing_error};

static FROM_CORE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static LIST_FROM_CORE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `value` as the typed Python value named `name` in `cobro.answers._from_core` (a
/// document name such as `payin-response`, or `code-info`, `subscription-code`,
/// `payin-state`); `None` for a serialized `None`.
pub fn typed<'py>(py: Python<'py>, name: &str, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    FROM_CORE.import(py, "cobro.answers", "_from_core")?.call1((name, text))
}

/// `values`, which serializes as a JSON array, as a Python list of the typed values
/// named `name` (see [`typed`]): a whole table in one conversion.
pub fn typed_list<'py>(py: Python<'py>, name: &str, values: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(values).map_err(|e| PyValueError::new_err(e.to_string()))?;
    LIST_FROM_CORE
        .import(py, "cobro.answers", "_list_from_core")?
        .call1((name, text))
}

/// The HTTP status argument: `None` counts as the core's default
/// ([`cobro::parse::DEFAULT_HTTP_STATUS`]).
fn status(http_status: Option<&Bound<'_, PyAny>>) -> PyResult<u16> {
    match http_status.filter(|s| !s.is_none()) {
        Some(s) => whole_as::<u16>(s, "http_status"),
        None => Ok(cobro::parse::DEFAULT_HTTP_STATUS),
    }
}

/// Parses `body` as a document of `kind` into its typed value; ParseError otherwise.
fn parse_kind<'py>(
    py: Python<'py>,
    kind: DocumentKind,
    body: &Bound<'py, PyAny>,
    http_status: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let status = status(http_status)?;
        let bytes = crate::body::document_bytes(body)?.map_err(|e| parse_error(py, &e.parse_error()))?;
        let parsed = parse_document(kind, status, &bytes).map_err(|e: ParseError| parse_error(py, &e))?;
        let name = kind.as_str();
        match &parsed {
            Parsed::VirtualAccountResponse(v) => typed(py, name, v),
            Parsed::SubscriptionResponse(v) => typed(py, name, v),
            Parsed::PayinResponse(v) => typed(py, name, v),
            Parsed::PayinNotification(v) => typed(py, name, v),
            Parsed::SubscriptionWebhook(v) => typed(py, name, v),
            Parsed::DepositNotification(v) => typed(py, name, v),
            Parsed::PayinStatus(v) => typed(py, name, v),
        }
    })
}

/// Parses an answer or notification of the service: `document` is
/// `virtual-account-response`, `subscription-response`, `payin-response`,
/// `payin-notification`, `subscription-webhook` or `deposit-notification`. Returns the
/// typed value of `cobro.answers`; the error answers of the API are values, not
/// exceptions. Raises `ParseError` (`.code`, `.path`) for a body that is not such a
/// document.
#[pyfunction]
#[pyo3(
    signature = (document, body, *, http_status = None),
    text_signature = "(document, body, *, http_status=200)"
)]
pub fn parse<'py>(
    py: Python<'py>,
    document: &str,
    body: &Bound<'py, PyAny>,
    http_status: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let kind = DocumentKind::parse(document).map_err(|e| signing_error(py, &e))?;
    parse_kind(py, kind, body, http_status)
}

/// The answer to a virtual-account creation (`VirtualAccountCreated` or
/// `VirtualAccountRefused`, by `outcome`); pass the answer's `http_status`.
#[pyfunction]
#[pyo3(
    signature = (body, *, http_status = None),
    text_signature = "(body, *, http_status=200)"
)]
pub fn parse_virtual_account_response<'py>(
    py: Python<'py>,
    body: &Bound<'py, PyAny>,
    http_status: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    parse_kind(py, DocumentKind::VirtualAccountResponse, body, http_status)
}

/// The answer to a subscription request (`SubscriptionCreated`, `SubscriptionCancelled`
/// or `SubscriptionRefused`, by `outcome`).
#[pyfunction]
pub fn parse_subscription_response<'py>(py: Python<'py>, body: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    parse_kind(py, DocumentKind::SubscriptionResponse, body, None)
}

/// The answer to a pay-in creation (`PayinResponse`).
#[pyfunction]
pub fn parse_payin_response<'py>(py: Python<'py>, body: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    parse_kind(py, DocumentKind::PayinResponse, body, None)
}

/// A pay-in notification, not verified (`PayinNotification`); see
/// `verify_payin_notification`.
#[pyfunction]
pub fn parse_payin_notification<'py>(py: Python<'py>, body: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    parse_kind(py, DocumentKind::PayinNotification, body, None)
}

/// The answer to the pay-in status query (`PayinStatus`), an extension beyond the spec.
#[pyfunction]
pub fn parse_payin_status<'py>(py: Python<'py>, body: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    parse_kind(py, DocumentKind::PayinStatus, body, None)
}

/// A subscription webhook (`SubscriptionWebhook`).
#[pyfunction]
pub fn parse_subscription_webhook<'py>(py: Python<'py>, body: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    parse_kind(py, DocumentKind::SubscriptionWebhook, body, None)
}

/// A virtual-account deposit notification (`DepositNotification`).
#[pyfunction]
pub fn parse_deposit_notification<'py>(py: Python<'py>, body: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    parse_kind(py, DocumentKind::DepositNotification, body, None)
}

/// What a pay-in creation code (`payinErrorCode`) means (`CodeInfo`), or `None`.
#[pyfunction]
pub fn payin_creation_code<'py>(py: Python<'py>, code: &str) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        typed(py, "code-info", &cobro::payin::catalog::payin_creation_code(code))
    })
}

/// What a payment confirmation code (`payinStatusErrorCode`) means (`CodeInfo`), or
/// `None`.
#[pyfunction]
pub fn payment_confirmation_code<'py>(py: Python<'py>, code: &str) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        typed(py, "code-info", &cobro::payin::catalog::payment_confirmation_code(code))
    })
}

/// The pay-in state `id` (`payinStateID`) as a `PayinState`, or `None`.
#[pyfunction]
pub fn payin_state<'py>(py: Python<'py>, id: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let id = whole(id, "id")?;
        typed(py, "payin-state", &cobro::payin::catalog::payin_state(id))
    })
}

/// What a subscription error code (B400..B500, E401, 9025, 9099) means
/// (`SubscriptionCode`), or `None`.
#[pyfunction]
pub fn subscription_error_code<'py>(py: Python<'py>, code: &str) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        typed(
            py,
            "subscription-code",
            &cobro::subscription::response::subscription_error_code(code),
        )
    })
}

/// What a virtual-account error code means (`CodeInfo`), or `None`.
#[pyfunction]
pub fn virtual_account_error_code<'py>(py: Python<'py>, code: &str) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        typed(
            py,
            "code-info",
            &cobro::virtual_account::catalog::virtual_account_error_code(code),
        )
    })
}

/// The personal fields of the typed answers ([`cobro::personal::fields`]): a dict from
/// a record's class name (`DepositOwner`) to a tuple of its attribute names; `repr`
/// shows those attributes as `[REDACTED]`. A new dict on each call.
#[pyfunction]
pub fn personal_fields(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    guard(py, || {
        let out = PyDict::new(py);
        for (record, fields) in cobro::personal::fields() {
            out.set_item(record, PyTuple::new(py, fields.iter())?)?;
        }
        Ok(out)
    })
}
