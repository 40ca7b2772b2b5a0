//! `cobro.codes()`: the core's catalogue of codes (every code a report or an exception
//! of any binding can carry) as Python data.
//!
//! The binding adds nothing to it: the core writes the catalogue as JSON text
//! ([`cobro::catalogue_json`]) and Python's `json.loads` reads it, so a code, class,
//! param or template added to the core appears here unchanged.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::errors::guard;

static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// Every code of the catalogue, in the core's order: a list of dicts with `code`,
/// `severity` (`"error"` or `"warning"` for a code of reports, `None` for a code raised
/// only as an exception), `classes` (`"report"` and/or the exception classes that carry
/// it as `.code`), `meaning`, `params` (the names its templates use besides `{path}`)
/// and `templates` (`{"en": ..., "es": ...}`). A new list on each call.
#[pyfunction]
pub fn codes(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    guard(py, || {
        LOADS
            .import(py, "json", "loads")?
            .call1((cobro::catalogue_json(),))?
            .get_item("codes")
    })
}
