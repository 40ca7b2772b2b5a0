//! `cobro.validate` and the `Report`/`Issue` classes (DESIGN.md section 3).

use cobro::{Kind, ValidateOptions};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString};

use crate::args::{Text, opt_secret};
use crate::body::with_body;
use crate::errors::{guard, unknown_name};

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
    /// Dotted field path, `[i]` for array indexes; `""` is the whole body.
    #[getter]
    fn path(&self) -> &str {
        &self.inner.path
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

/// The request kind named `name` (`virtual-account`, `subscription`,
/// `subscription-cancel`, `payin`).
pub fn kind(name: &str) -> PyResult<Kind> {
    Kind::from_name(name).ok_or_else(|| unknown_name("kind", &Kind::ALL.map(Kind::as_str)))
}

/// The kind names as interned Python strings, made once.
static KIND_NAMES: PyOnceLock<[Py<PyString>; 4]> = PyOnceLock::new();

/// The kind named by the `str` `obj`, without reading its text in the common cases: a
/// name written as a literal in the caller's code is often the interned string itself
/// (found by identity); otherwise the one name of the same length is compared with
/// Python's `str.__eq__` (the four names differ in length). Anything else is read and
/// looked up, for the core's error.
fn kind_arg(obj: &Bound<'_, PyAny>) -> PyResult<Kind> {
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
    kind(Text::new(obj, "kind")?.as_str()?)
}

/// Validates one request body of `kind` and reports every problem at once. Raises only
/// for bad arguments (`TypeError`, `ValueError`); bad content is in the report.
#[pyfunction]
#[pyo3(signature = (kind, body, *, strict = false, locale = None, key = None, max_bytes = None))]
pub fn validate(
    py: Python<'_>,
    kind: &Bound<'_, PyAny>,
    body: &Bound<'_, PyAny>,
    strict: bool,
    locale: Option<&Bound<'_, PyAny>>,
    key: Option<&Bound<'_, PyAny>>,
    max_bytes: Option<&Bound<'_, PyAny>>,
) -> PyResult<Report> {
    guard(py, || {
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
        };
        let limits = options.limits();
        // A dict goes to the core as a tree where the wheel can borrow its strings.
        #[cfg(not(feature = "abi3-py39"))]
        if let Some(report) = crate::tree::with_value(body, &limits, |v| cobro::validate_value(kind, v, &options))? {
            return Ok(Report::from(report));
        }
        let report = with_body(body, &limits, |bytes| cobro::validate(kind, bytes, &options))?;
        Ok(Report::from(report.unwrap_or_else(|e| e.report(&options))))
    })
}
