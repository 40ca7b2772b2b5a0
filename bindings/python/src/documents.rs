//! `cobro.documents`: identity-document and account-number checks (stdnum's four
//! functions per number type), from the core's one list of number types.

use cobro::document::{NumberType, find};
use pyo3::prelude::*;

use crate::errors::{document_error, guard, unknown_document};
use crate::parse::{typed, typed_list};

fn number_type(py: Python<'_>, country: &str, number_type: &str) -> PyResult<&'static NumberType> {
    find(country, number_type).map_err(|e| unknown_document(py, e, country))
}

/// Checks `number` as a `type` of `country` (ISO alpha-2 or alpha-3, any case): returns
/// a `ValidDocument` (its compact form and any warnings), or raises `DocumentError` with
/// `.code` (a wrong length, format, part or check digit, or a country or type without a
/// check; see `cobro.codes()`).
#[pyfunction]
#[pyo3(name = "document_validate", signature = (country, r#type, number))]
pub fn validate(py: Python<'_>, country: String, r#type: String, number: String) -> PyResult<Bound<'_, PyAny>> {
    guard(py, || {
        let t = number_type(py, &country, &r#type)?;
        let valid = (t.validate)(&number).map_err(|e| document_error(py, e, t))?;
        typed(py, "valid-document", &valid)
    })
}

/// Whether `number` is a valid `type` of `country`.
#[pyfunction]
#[pyo3(name = "document_is_valid", signature = (country, r#type, number))]
pub fn is_valid(py: Python<'_>, country: String, r#type: String, number: String) -> PyResult<bool> {
    guard(py, || Ok(number_type(py, &country, &r#type)?.is_valid(&number)))
}

/// `number` without its separators.
#[pyfunction]
#[pyo3(name = "document_compact", signature = (country, r#type, number))]
pub fn compact(py: Python<'_>, country: String, r#type: String, number: String) -> PyResult<String> {
    guard(py, || Ok((number_type(py, &country, &r#type)?.compact)(&number)))
}

/// The usual display form of `number` (unchanged when it is not valid).
#[pyfunction]
#[pyo3(name = "document_format", signature = (country, r#type, number))]
pub fn format(py: Python<'_>, country: String, r#type: String, number: String) -> PyResult<String> {
    guard(py, || Ok((number_type(py, &country, &r#type)?.format)(&number)))
}

/// Every number type, as `DocumentType` records (the core's `document::types`).
#[pyfunction]
#[pyo3(name = "document_types")]
pub fn types(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    guard(py, || {
        let rows: Vec<cobro::document::TypeEntry> = cobro::document::types().collect();
        typed_list(py, "document-type", &rows)
    })
}
