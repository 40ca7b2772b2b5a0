//! `cobro.codes()`: the core's catalogue of codes (every code a report or an exception
//! of any binding can carry) as `CatalogueCode` records.
//!
//! The binding adds nothing to it: the core writes the catalogue as JSON text
//! ([`cobro::catalogue_json`]) and `cobro.answers` builds the records from it, so a
//! code, class, param or template added to the core appears here unchanged.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::guard;
use crate::parse::typed_list;

/// Every code of the catalogue, in the core's order: a list of `CatalogueCode` records
/// with `code`, `severity` (`"error"` or `"warning"` for a code of reports, `None` for a
/// code raised only as an exception), `classes` (`"report"` and/or the exception classes
/// that carry it as `.code`), `meaning`, `params` (the names its templates use besides
/// `{path}`) and `templates` (`{"en": ..., "es": ..., "pt": ...}`). A new list on each
/// call.
#[pyfunction]
pub fn codes(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    guard(py, || {
        let catalogue: serde_json::Value =
            serde_json::from_str(&cobro::catalogue_json()).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let codes = catalogue
            .get("codes")
            .ok_or_else(|| PyValueError::new_err("the core's catalogue has no codes"))?;
        typed_list(py, "catalogue-code", codes)
    })
}

/// The core's text of a `TypeError` for an argument given by a former name (`old`,
/// renamed `new`): what the package's wrappers raise (`cobro._renamed`).
#[pyfunction]
pub fn _renamed_argument(old: &str, new: &str) -> String {
    cobro::host::HostText::ArgumentRenamed.render(&[("old", old), ("new", new)])
}
