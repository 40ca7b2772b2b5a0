//! `cobro.schema(kind)` and `cobro.openapi()`: the JSON Schema of a request kind and the
//! OpenAPI 3.1 document of the three APIs, as the core generates them (the text of
//! `schemas/`, byte for byte).

use pyo3::prelude::*;

use crate::errors::guard;
use crate::validate::kind_arg;

/// The JSON Schema (draft 2020-12) of the request kind, as JSON text (spec 2.1-2.7).
#[pyfunction]
pub fn schema(py: Python<'_>, kind: &Bound<'_, PyAny>) -> PyResult<String> {
    guard(py, || Ok(cobro::schema::schema(kind_arg(kind)?)))
}

/// The OpenAPI 3.1 document of the three APIs, as JSON text (spec 4-7).
#[pyfunction]
pub fn openapi(py: Python<'_>) -> PyResult<String> {
    guard(py, || Ok(cobro::schema::openapi()))
}
