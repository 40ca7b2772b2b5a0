//! Prepared requests (spec section 4, DESIGN.md section 5): the method, path, headers
//! and exact body to send with any HTTP client.

use cobro::PrepareOptions;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};

use crate::args::{civil_date, locale, secret, string, unix_seconds};
use crate::body::{Read, with_body_to_send};
use crate::errors::guard;
use crate::records::prepare_error;
use crate::signing::{deposit_mode, header_dict, signature_variant};

/// A request ready to send: join `path` to the API's base URL, send `headers` and
/// `content` (the UTF-8 bytes of `body`, the exact text that was signed).
#[pyclass(frozen, module = "cobro")]
pub struct PreparedRequest {
    inner: cobro::PreparedRequest,
}

#[pymethods]
impl PreparedRequest {
    /// The fields in order, for `match` and for tools that list a record's fields.
    #[classattr]
    fn __match_args__() -> (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    ) {
        ("method", "path", "headers", "body", "content", "filled")
    }

    /// The HTTP method (`POST`).
    #[getter]
    fn method(&self) -> &str {
        &self.inner.method
    }

    /// The path to join to the base URL.
    #[getter]
    fn path(&self) -> &str {
        &self.inner.path
    }

    /// The headers in order, as a `dict` (`requests`, `httpx` and `urllib` take it as is).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        header_dict(py, &self.inner.headers)
    }

    /// The exact body text.
    #[getter]
    fn body(&self) -> &str {
        &self.inner.body
    }

    /// The body as UTF-8 bytes, to pass as `data=` (requests, urllib) or `content=` (httpx).
    #[getter]
    fn content<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.body.as_bytes())
    }

    /// The fields prepare wrote a value of its own into (a pay-in's payinDateTime,
    /// typePost, the Lima default, optional fields left out as `""`), in body order: the
    /// values the caller did not give. Empty for the other requests.
    #[getter]
    fn filled<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.inner.filled)
    }

    /// `{"method", "path", "headers": [[name, value], ...], "body", "filled": [...]}` as
    /// compact JSON, the core's text.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    fn __repr__(&self) -> String {
        format!(
            "PreparedRequest(method={:?}, path={:?}, headers=[{}], body=<{} bytes>)",
            self.inner.method,
            self.inner.path,
            self.inner
                .headers
                .iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            self.inner.body.len()
        )
    }
}

fn options(
    strict: bool,
    locale: Option<&str>,
    max_bytes: Option<&Bound<'_, PyAny>>,
    wrap_data: bool,
) -> PyResult<PrepareOptions> {
    Ok(PrepareOptions {
        strict,
        locale: self::locale(locale)?,
        max_bytes: crate::args::max_bytes(max_bytes)?,
        wrap_data,
        va_signature: cobro::VaSignatureVariant::Spec,
    })
}

/// The prepared request, or the error of the core (for a body it could not be given
/// too, judged under `opts`).
fn done(
    py: Python<'_>,
    result: Read<Result<cobro::PreparedRequest, cobro::PrepareError>>,
    opts: &PrepareOptions,
) -> PyResult<PreparedRequest> {
    result
        .unwrap_or_else(|e| Err(e.prepare_error(opts)))
        .map(|inner| PreparedRequest { inner })
        .map_err(|e| prepare_error(py, e))
}

/// Spec 4.1 and 5.1: validates a virtual-account body and signs it; `now` defaults to
/// the system clock; `variant="reference_id"` signs the body's owner.referenceId too
/// (DESIGN.md 9 row 30). Raises `ValidationError` (with `.report`, `.errors`) or
/// `SigningError`.
#[pyfunction]
#[pyo3(signature = (body, *, api_key, secret, deposit_mode, now = None, variant = None, strict = false, locale = None, max_bytes = None))]
#[allow(clippy::too_many_arguments)]
pub fn prepare_virtual_account(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    api_key: &Bound<'_, PyAny>,
    secret: &Bound<'_, PyAny>,
    deposit_mode: &Bound<'_, PyAny>,
    now: Option<&Bound<'_, PyAny>>,
    variant: Option<&Bound<'_, PyAny>>,
    strict: bool,
    locale: Option<String>,
    max_bytes: Option<&Bound<'_, PyAny>>,
) -> PyResult<PreparedRequest> {
    guard(py, || {
        let opts = PrepareOptions {
            va_signature: signature_variant(variant)?.unwrap_or_default(),
            ..options(strict, locale.as_deref(), max_bytes, false)?
        };
        let api_key = string(api_key, "api_key")?;
        let secret = self::secret(secret, "secret")?;
        let mode = self::deposit_mode(deposit_mode)?;
        let now = unix_seconds(py, now, "now")?;
        let prepared = with_body_to_send(body, &opts.limits(), |bytes| {
            cobro::prepare_virtual_account(bytes, &api_key, &secret, mode, now, &opts)
        })?;
        done(py, prepared, &opts)
    })
}

/// Spec 4.2 and 5.2: validates a subscription body and signs it (Authorization).
#[pyfunction]
#[pyo3(signature = (body, *, key, strict = false, locale = None, max_bytes = None))]
pub fn prepare_subscription(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    key: &Bound<'_, PyAny>,
    strict: bool,
    locale: Option<String>,
    max_bytes: Option<&Bound<'_, PyAny>>,
) -> PyResult<PreparedRequest> {
    signed_subscription(py, body, key, strict, locale, max_bytes, cobro::prepare_subscription)
}

/// Spec 4.3 and 5.2: validates a subscription cancellation and signs it.
#[pyfunction]
#[pyo3(signature = (body, *, key, strict = false, locale = None, max_bytes = None))]
pub fn prepare_subscription_cancel(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    key: &Bound<'_, PyAny>,
    strict: bool,
    locale: Option<String>,
    max_bytes: Option<&Bound<'_, PyAny>>,
) -> PyResult<PreparedRequest> {
    signed_subscription(
        py,
        body,
        key,
        strict,
        locale,
        max_bytes,
        cobro::prepare_subscription_cancel,
    )
}

/// The two subscription requests: the same arguments, signed with the key by `prepare`.
fn signed_subscription(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    key: &Bound<'_, PyAny>,
    strict: bool,
    locale: Option<String>,
    max_bytes: Option<&Bound<'_, PyAny>>,
    prepare: fn(&[u8], &cobro::Secret, &cobro::PrepareOptions) -> Result<cobro::PreparedRequest, cobro::PrepareError>,
) -> PyResult<PreparedRequest> {
    guard(py, || {
        let opts = options(strict, locale.as_deref(), max_bytes, false)?;
        let key = secret(key, "key")?;
        let prepared = with_body_to_send(body, &opts.limits(), |bytes| prepare(bytes, &key, &opts))?;
        done(py, prepared, &opts)
    })
}

/// Spec 4.4 and 5.3: completes, signs and validates a pay-in body (DESIGN.md section
/// 5); `now` (Unix seconds) defaults to the system clock, and a payinDateTime left out
/// or blank becomes the date at `now` in the pay-in country (payinCurrency's), which
/// `filled` lists; `wrap_data` sends it as `{"data": {...}}`.
#[pyfunction]
#[pyo3(signature = (body, *, key, now = None, wrap_data = false, strict = false, locale = None, max_bytes = None))]
#[allow(clippy::too_many_arguments)]
pub fn prepare_payin(
    py: Python<'_>,
    body: &Bound<'_, PyAny>,
    key: &Bound<'_, PyAny>,
    now: Option<&Bound<'_, PyAny>>,
    wrap_data: bool,
    strict: bool,
    locale: Option<String>,
    max_bytes: Option<&Bound<'_, PyAny>>,
) -> PyResult<PreparedRequest> {
    guard(py, || {
        let opts = options(strict, locale.as_deref(), max_bytes, wrap_data)?;
        let key = secret(key, "key")?;
        let now = unix_seconds(py, now, "now")?;
        let prepared = with_body_to_send(body, &opts.limits(), |bytes| {
            cobro::prepare_payin(bytes, &key, now, &opts)
        })?;
        done(py, prepared, &opts)
    })
}

/// DESIGN.md 9 row 36, an extension beyond the spec: the pay-in status query of
/// `merchant_id`, by `operation_number` (`""` asks for every transaction), by
/// `start_date` and `end_date` given together, or both; dates are `datetime.date` or
/// `"YYYY-MM-DD"`. The start must be before the current day, judged as the earliest of
/// the pay-in countries' dates at `now` (Unix seconds, default the system clock; the
/// provider does not say in whose time), so no country can take it for today.
#[pyfunction]
#[pyo3(signature = (*, merchant_id, key, operation_number = None, start_date = None, end_date = None, now = None))]
pub fn prepare_payin_status(
    py: Python<'_>,
    merchant_id: &Bound<'_, PyAny>,
    key: &Bound<'_, PyAny>,
    operation_number: Option<&Bound<'_, PyAny>>,
    start_date: Option<&Bound<'_, PyAny>>,
    end_date: Option<&Bound<'_, PyAny>>,
    now: Option<&Bound<'_, PyAny>>,
) -> PyResult<PreparedRequest> {
    guard(py, || {
        let merchant = crate::args::merchant_id(merchant_id)?;
        let key = secret(key, "key")?;
        let number = operation_number
            .filter(|o| !o.is_none())
            .map(|o| crate::utf8::Text::signed(o, "operation_number"))
            .transpose()?;
        let number = number.as_ref().map(|t| t.as_str()).transpose()?;
        let date = |o: Option<&Bound<'_, PyAny>>, name| match o.filter(|o| !o.is_none()) {
            Some(o) => civil_date(Some(o), name).map(Some),
            None => Ok(None),
        };
        let (start, end) = (date(start_date, "start_date")?, date(end_date, "end_date")?);
        let today = cobro::country::earliest_payin_date(unix_seconds(py, now, "now")?);
        let query = cobro::PayinStatusQuery::new(number, start, end, today)
            .map_err(|e| crate::errors::signing_error(py, &e))?;
        cobro::prepare_payin_status(merchant, &key, &query)
            .map(|inner| PreparedRequest { inner })
            .map_err(|e| crate::errors::signing_error(py, &e))
    })
}
