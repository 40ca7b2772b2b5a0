//! The one place where the core's errors become Python exceptions (STYLE.md 6, 7), and
//! where a panic is caught before it can reach Python as pyo3's `PanicException` (a
//! `BaseException` that `except Exception` would not catch).
//!
//! The exception classes are plain Python classes in `cobro/_exceptions.py`, rooted at
//! `CobroError` and, for bad input, at `ValueError` too; this module builds them with the
//! core's own message and code. No message here carries a secret or a personal value:
//! the core's messages never do, and the binding's own say only which argument and
//! which Python type.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

use cobro::document::DocumentError as CoreDocumentError;
use cobro::host::HostText;
use cobro::parse::ParseError as CoreParseError;
use cobro::payin::notification::NotificationError;
use cobro::{SigningError as CoreSigningError, VerifyError};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

const MODULE: &str = "cobro._exceptions";

static COBRO_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static VALIDATION_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static SIGNING_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static VERIFICATION_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static PARSE_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static DOCUMENT_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// An exception of class `name` with `message`, then `attrs` set on it.
fn raise(
    py: Python<'_>,
    cell: &PyOnceLock<Py<PyType>>,
    name: &str,
    message: String,
    attrs: Vec<(&str, Bound<'_, PyAny>)>,
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let exception = cell.import(py, MODULE, name)?.call1((message,))?;
        for (key, value) in attrs {
            exception.setattr(key, value)?;
        }
        Ok(PyErr::from_value(exception))
    };
    build().unwrap_or_else(|e| e)
}

fn text<'py>(py: Python<'py>, s: &str) -> Bound<'py, PyAny> {
    pyo3::types::PyString::new(py, s).into_any()
}

/// `SigningError(CobroError, ValueError)` with the core's `.code`.
pub fn signing_error(py: Python<'_>, e: &CoreSigningError) -> PyErr {
    raise(
        py,
        &SIGNING_ERROR,
        "SigningError",
        e.to_string(),
        vec![("code", text(py, e.code().as_str()))],
    )
}

/// `VerificationError(CobroError, ValueError)` with the provider's `.code`.
pub fn verify_error(py: Python<'_>, e: &VerifyError) -> PyErr {
    raise(
        py,
        &VERIFICATION_ERROR,
        "VerificationError",
        e.to_string(),
        vec![("code", text(py, e.code().as_str()))],
    )
}

/// `ParseError(CobroError, ValueError)` with `.code`, `.path` and `.offset`.
pub fn parse_error(py: Python<'_>, e: &CoreParseError) -> PyErr {
    let offset = match e.offset {
        Some(n) => n
            .into_pyobject(py)
            .map(Bound::into_any)
            .unwrap_or_else(|_| py.None().into_bound(py)),
        None => py.None().into_bound(py),
    };
    raise(
        py,
        &PARSE_ERROR,
        "ParseError",
        e.to_string(),
        vec![
            ("code", text(py, e.code.as_str())),
            ("path", text(py, &e.path)),
            ("offset", offset),
        ],
    )
}

/// An unreadable notification is a [`parse_error`]; a missing or wrong signature is a
/// `VerificationError` with the core's code.
pub fn notification_error(py: Python<'_>, e: &NotificationError) -> PyErr {
    match e {
        NotificationError::Parse(p) => parse_error(py, p),
        other => raise(
            py,
            &VERIFICATION_ERROR,
            "VerificationError",
            other.to_string(),
            vec![("code", text(py, other.code().as_str()))],
        ),
    }
}

/// `ValidationError(CobroError, ValueError)` with the message of an invalid request
/// holding `errors` errors, code ERR_INVALID_REQUEST, and `.report` and `.errors` (the
/// binding's own objects, built by the caller).
pub fn validation_error<'py>(
    py: Python<'py>,
    report: &cobro::Report,
    report_object: Bound<'py, PyAny>,
    errors: Bound<'py, PyAny>,
) -> PyErr {
    raise(
        py,
        &VALIDATION_ERROR,
        "ValidationError",
        report.invalid_message(report.locale()),
        vec![
            ("report", report_object),
            ("errors", errors),
            ("code", text(py, cobro::Code::InvalidRequest.as_str())),
        ],
    )
}

/// `DocumentError(CobroError, ValueError)` with the core's `.code`, for a number of
/// type `number`.
pub fn document_error(py: Python<'_>, e: CoreDocumentError, number: &cobro::document::NumberType) -> PyErr {
    raise(
        py,
        &DOCUMENT_ERROR,
        "DocumentError",
        e.message(number, "number", cobro::Locale::En),
        vec![("code", text(py, e.code().as_str()))],
    )
}

/// A `DocumentError` for a country or type the core has no check for, with the core's
/// message and code.
pub fn unknown_document(py: Python<'_>, e: cobro::document::LookupError, country: &str) -> PyErr {
    raise(
        py,
        &DOCUMENT_ERROR,
        "DocumentError",
        e.message(country, cobro::Locale::En),
        vec![("code", text(py, e.code().as_str()))],
    )
}

/// A `TypeError` naming the argument and the types it accepts (never its value).
pub fn type_error(name: &str, expected: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let found = got
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_string());
    PyTypeError::new_err(HostText::ArgumentTypeFound.render(&[
        ("name", name),
        ("expected", expected),
        ("found", &found),
    ]))
}

thread_local! {
    /// How many [`guard`]s this thread is inside: their panics are caught, so the hook
    /// prints nothing for them.
    static GUARDED: Cell<usize> = const { Cell::new(0) };
}

static QUIET_HOOK: Once = Once::new();

/// Installs, once per process, a panic hook that stays silent for the panics [`guard`]
/// catches (they become `CobroError`; the default hook would print their message and
/// maybe a backtrace to stderr, with whatever the message holds) and hands every other
/// panic to the hook that was there before.
pub fn install_quiet_hook() {
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if GUARDED.with(Cell::get) == 0 {
                previous(info);
            }
        }));
    });
}

/// Runs `f`, turning a panic into `CobroError` (the core's `Code::Internal`) instead of
/// pyo3's `PanicException`. A panic is a bug of the core: the message says so and
/// carries none of the inputs, and nothing is printed (see [`install_quiet_hook`]).
pub fn guard<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    GUARDED.with(|n| n.set(n.get().saturating_add(1)));
    let caught = catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|n| n.set(n.get().saturating_sub(1)));
    match caught {
        Ok(result) => result,
        Err(_) => Err(internal_error(py)),
    }
}

/// `CobroError` with `code` and `message`: raised as itself for a bug (ERR_INTERNAL,
/// [`internal_error`]) and for a mock that cannot start (ERR_MOCK_NOT_STARTED, with
/// the mock's message).
pub fn cobro_error(py: Python<'_>, code: cobro::Code, message: String) -> PyErr {
    raise(
        py,
        &COBRO_ERROR,
        "CobroError",
        message,
        vec![("code", text(py, code.as_str()))],
    )
}

/// `CobroError` ERR_INTERNAL: a bug of cobro. The message says so and carries none of
/// the inputs.
pub fn internal_error(py: Python<'_>) -> PyErr {
    let code = cobro::Code::Internal;
    cobro_error(py, code, code.template(cobro::Locale::En).to_string())
}
