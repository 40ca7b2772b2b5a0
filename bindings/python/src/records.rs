//! The `Report` and `Issue` classes (DESIGN.md section 3): what `validate` returns and a
//! `ValidationError` carries, so both the validation and the error modules use them.

use std::borrow::Cow;

use cobro::PrepareError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors::{guard, signing_error, validation_error};

/// One problem found in a request: `path`, `code`, `message`, `severity` and `params`.
#[pyclass(frozen, module = "cobro")]
pub struct Issue {
    inner: cobro::Issue,
}

impl From<cobro::Issue> for Issue {
    fn from(inner: cobro::Issue) -> Issue {
        Issue { inner }
    }
}

#[pymethods]
impl Issue {
    /// The fields in order, for `match` and for tools that list a record's fields.
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str, &'static str, &'static str) {
        ("path", "code", "message", "severity", "params")
    }

    /// Dotted field path, `[i]` for array indexes; `""` is the whole body.
    #[getter]
    fn path(&self) -> Cow<'_, str> {
        self.inner.path.as_text()
    }

    /// The stable code, e.g. `ERR_MISSING_FIELD` or `WARN_UNKNOWN_FIELD`.
    #[getter]
    fn code(&self) -> &'static str {
        self.inner.code.as_str()
    }

    /// The message in the report's locale; it never contains the field's value.
    #[getter]
    fn message(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.inner.message()))
    }

    /// `error` or `warning`.
    #[getter]
    fn severity(&self) -> &'static str {
        self.inner.severity.as_str()
    }

    /// The rule's figures as strings, in the core's order.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let params = PyDict::new(py);
        for (k, v) in &self.inner.params {
            params.set_item(k, v)?;
        }
        Ok(params)
    }

    /// `{"path", "code", "message", "severity", "params"}`, as in the report JSON.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("path", self.path())?;
        d.set_item("code", self.code())?;
        d.set_item("message", self.message(py)?)?;
        d.set_item("severity", self.severity())?;
        d.set_item("params", self.params(py)?)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Issue(path={:?}, code={:?}, severity={:?})",
            self.inner.path,
            self.code(),
            self.severity()
        )
    }
}

/// The outcome of validating one request: `valid`, `errors`, `warnings`; `bool(report)`
/// is `valid`; `to_dict()` and `to_json()` give the report of DESIGN.md section 3.
#[pyclass(frozen, module = "cobro")]
pub struct Report {
    inner: cobro::Report,
}

impl From<cobro::Report> for Report {
    fn from(inner: cobro::Report) -> Report {
        Report { inner }
    }
}

fn issues<'py>(py: Python<'py>, list: &[cobro::Issue]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for issue in list {
        out.append(Issue::from(issue.clone()))?;
    }
    Ok(out)
}

fn issue_dicts<'py>(py: Python<'py>, list: &[cobro::Issue]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for issue in list {
        out.append(Issue::from(issue.clone()).to_dict(py)?)?;
    }
    Ok(out)
}

#[pymethods]
impl Report {
    /// The fields in order, for `match` and for tools that list a record's fields.
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("valid", "errors", "warnings")
    }

    /// True when there is no error (warnings allowed unless `strict`).
    #[getter]
    fn valid(&self) -> bool {
        self.inner.valid
    }

    /// Problems that make the request invalid, in the order found.
    #[getter]
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        issues(py, &self.inner.errors)
    }

    /// Hints and suggestions, in the order found.
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        issues(py, &self.inner.warnings)
    }

    /// `{"valid", "errors": [...], "warnings": [...]}` (DESIGN.md section 3).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(py, || {
            let d = PyDict::new(py);
            d.set_item("valid", self.inner.valid)?;
            d.set_item("errors", issue_dicts(py, &self.inner.errors)?)?;
            d.set_item("warnings", issue_dicts(py, &self.inner.warnings)?)?;
            Ok(d)
        })
    }

    /// The report as compact JSON text, byte for byte the core's.
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.inner.to_json()))
    }

    fn __bool__(&self) -> bool {
        self.inner.valid
    }

    fn __repr__(&self) -> String {
        let list = |issues: &[cobro::Issue]| {
            issues
                .iter()
                .map(|i| format!("{} at {:?}", i.code.as_str(), i.path))
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "Report(valid={}, errors=[{}], warnings=[{}])",
            if self.inner.valid { "True" } else { "False" },
            list(&self.inner.errors),
            list(&self.inner.warnings)
        )
    }
}

/// `ValidationError(CobroError, ValueError)` with `.report` and `.errors` (the report's
/// errors only) for the invalid request of `report`.
pub fn invalid_request(py: Python<'_>, report: cobro::Report) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let errors = issues(py, &report.errors)?;
        let object = Bound::new(py, Report::from(report.clone()))?.into_any();
        Ok(validation_error(py, &report, object, errors.into_any()))
    };
    build().unwrap_or_else(|e| e)
}

/// [`invalid_request`] for an invalid request, or a `SigningError`.
pub fn prepare_error(py: Python<'_>, e: PrepareError) -> PyErr {
    match e {
        PrepareError::Signing(s) => signing_error(py, &s),
        PrepareError::Invalid(report) => invalid_request(py, report),
    }
}
