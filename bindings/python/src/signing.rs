//! Signing and verification (spec section 5, DESIGN.md section 4): every input a
//! keyword argument, keys as `str` or `cobro.Secret`, amounts never as `float`.

use cobro::signing::DEFAULT_WINDOW_SECONDS;
use cobro::{DepositMode, VaSignatureVariant, VaSignedText};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString};

use crate::args::{amount, merchant_id, opt_size, secret, string, unix_seconds};
use crate::errors::{guard, notification_error, parse_error, signing_error, type_error, verify_error};
use crate::parse::typed;
use crate::utf8::{Text, not_unicode};

/// Spec 5.3: payinVerification, the lowercase hex SHA-512 of merchant id, operation
/// number, amount (canonical two-decimal text) and currency, then the key.
#[pyfunction]
#[pyo3(signature = (*, merchant_id, operation_number, amount, currency, key))]
pub fn payin_verification(
    py: Python<'_>,
    merchant_id: &Bound<'_, PyAny>,
    operation_number: &Bound<'_, PyAny>,
    amount: &Bound<'_, PyAny>,
    currency: &Bound<'_, PyAny>,
    key: &Bound<'_, PyAny>,
) -> PyResult<String> {
    guard(py, || {
        let merchant = self::merchant_id(merchant_id)?;
        let operation = Text::signed(operation_number, "operation_number")?;
        let amount = self::amount(amount)?;
        let currency = Text::signed(currency, "currency")?;
        let key = secret(key, "key")?;
        cobro::payin_verification(merchant, operation.as_str()?, amount, currency.as_str()?, &key)
            .map_err(|e| signing_error(py, &e))
    })
}

/// Spec 5.2: the Authorization header value, `Bearer ` + lowercase hex SHA-512 of
/// merchant id, type (`ON_DEMAND` or `RECURRENT`), customer id and processor code, then
/// the key.
#[pyfunction]
#[pyo3(signature = (*, merchant_id, r#type, customer_id, processor_code, key))]
pub fn subscription_authorization(
    py: Python<'_>,
    merchant_id: &Bound<'_, PyAny>,
    r#type: &Bound<'_, PyAny>,
    customer_id: &Bound<'_, PyAny>,
    processor_code: &Bound<'_, PyAny>,
    key: &Bound<'_, PyAny>,
) -> PyResult<String> {
    guard(py, || {
        let merchant = self::merchant_id(merchant_id)?;
        let kind = string(r#type, "type")?;
        let customer = string(customer_id, "customer_id")?;
        let processor = string(processor_code, "processor_code")?;
        let key = secret(key, "key")?;
        cobro::subscription_authorization(merchant, &kind, &customer, &processor, &key)
            .map_err(|e| signing_error(py, &e))
    })
}

/// The variant name and the reference id as given (`None` when left out), for the core
/// to combine into the signed text (DESIGN.md 9 row 30).
pub struct VaParts {
    variant: Option<VaSignatureVariant>,
    reference_id: Option<String>,
}

impl VaParts {
    /// Reads `variant` (`"spec"` or `"reference_id"`) and `reference_id` (a `str`).
    pub fn new(variant: Option<&Bound<'_, PyAny>>, reference_id: Option<&Bound<'_, PyAny>>) -> PyResult<VaParts> {
        Ok(VaParts {
            variant: signature_variant(variant)?,
            reference_id: reference_id.map(|r| string(r, "reference_id")).transpose()?,
        })
    }

    /// The signed text, or the core's `SigningError`.
    pub fn text(&self, py: Python<'_>) -> PyResult<VaSignedText<'_>> {
        VaSignedText::from_parts(self.variant, self.reference_id.as_deref()).map_err(|e| signing_error(py, &e))
    }
}

/// The variant named `spec` or `reference_id` (DESIGN.md 9 row 30), `None` when left out.
pub fn signature_variant(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<VaSignatureVariant>> {
    obj.map(|o| {
        let name = string(o, "variant")?;
        VaSignatureVariant::parse(&name).map_err(|e| signing_error(o.py(), &e))
    })
    .transpose()
}

/// The exact text X-Signature covers (spec 5.1; DESIGN.md 9 row 30): timestamp and API
/// key, then `reference_id` for the `reference_id` variant (which an id alone selects).
#[pyfunction]
#[pyo3(signature = (*, timestamp, api_key, variant = None, reference_id = None))]
pub fn virtual_account_message(
    py: Python<'_>,
    timestamp: &Bound<'_, PyAny>,
    api_key: &Bound<'_, PyAny>,
    variant: Option<&Bound<'_, PyAny>>,
    reference_id: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    guard(py, || {
        let ts = unix_seconds(py, Some(timestamp), "timestamp")?;
        let api_key = string(api_key, "api_key")?;
        let parts = VaParts::new(variant, reference_id)?;
        Ok(cobro::virtual_account_message_with(ts, &api_key, parts.text(py)?))
    })
}

/// Spec 5.1: X-Signature, lowercase hex HMAC-SHA512 keyed by the secret over the
/// timestamp (Unix seconds) followed by the API key; with `variant="reference_id"` (or a
/// `reference_id` alone) then the owner.referenceId (DESIGN.md 9 row 30).
#[pyfunction]
#[pyo3(signature = (*, timestamp, api_key, secret, variant = None, reference_id = None))]
pub fn virtual_account_signature(
    py: Python<'_>,
    timestamp: &Bound<'_, PyAny>,
    api_key: &Bound<'_, PyAny>,
    secret: &Bound<'_, PyAny>,
    variant: Option<&Bound<'_, PyAny>>,
    reference_id: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    guard(py, || {
        let ts = unix_seconds(py, Some(timestamp), "timestamp")?;
        let api_key = string(api_key, "api_key")?;
        let secret = self::secret(secret, "secret")?;
        let parts = VaParts::new(variant, reference_id)?;
        cobro::virtual_account_signature_with(ts, &api_key, &secret, parts.text(py)?).map_err(|e| signing_error(py, &e))
    })
}

/// The deposit mode named `OWNER` or `ANY`.
pub fn deposit_mode(obj: &Bound<'_, PyAny>) -> PyResult<DepositMode> {
    let name = string(obj, "deposit_mode")?;
    DepositMode::parse(&name).map_err(|e| signing_error(obj.py(), &e))
}

/// Headers as a `dict` in order: what `requests`, `httpx` and `urllib` take as is.
pub fn header_dict<'py>(py: Python<'py>, headers: &[(String, String)]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (name, value) in headers {
        d.set_item(name, value)?;
    }
    Ok(d)
}

/// Spec 5.1: the four headers of a virtual-account request, in the spec's order, as a
/// `dict`; `now` (Unix seconds, sent as X-Timestamp) defaults to the system clock;
/// `variant` and `reference_id` as in `virtual_account_signature`.
#[pyfunction]
#[pyo3(signature = (*, api_key, secret, deposit_mode, now = None, variant = None, reference_id = None))]
#[allow(clippy::too_many_arguments)]
pub fn virtual_account_headers<'py>(
    py: Python<'py>,
    api_key: &Bound<'py, PyAny>,
    secret: &Bound<'py, PyAny>,
    deposit_mode: &Bound<'py, PyAny>,
    now: Option<&Bound<'py, PyAny>>,
    variant: Option<&Bound<'py, PyAny>>,
    reference_id: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    guard(py, || {
        let api_key = string(api_key, "api_key")?;
        let secret = self::secret(secret, "secret")?;
        let mode = self::deposit_mode(deposit_mode)?;
        let ts = unix_seconds(py, now, "now")?;
        let parts = VaParts::new(variant, reference_id)?;
        let headers = cobro::virtual_account_headers_with(&api_key, &secret, ts, mode, parts.text(py)?)
            .map_err(|e| signing_error(py, &e))?;
        header_dict(py, &headers)
    })
}

/// Header pairs from a mapping (`dict`, `requests`/`httpx` headers) or an iterable of
/// `(name, value)` pairs; names and values must be `str`.
fn header_pairs(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(String, String)>> {
    let expected = "a mapping of str to str or a list of (str, str) pairs";
    let items = if let Ok(m) = obj.cast::<PyMapping>() {
        m.items()?.into_any()
    } else if obj.is_instance_of::<PyList>() || obj.is_instance_of::<pyo3::types::PyTuple>() {
        obj.clone()
    } else {
        return Err(type_error("headers", expected, obj));
    };
    let mut out = Vec::new();
    for item in items.try_iter()? {
        let item = item?;
        let is_pair = item.is_instance_of::<PyList>() || item.is_instance_of::<pyo3::types::PyTuple>();
        let parts: Vec<Bound<'_, PyAny>> = if is_pair {
            item.try_iter()?.collect::<PyResult<_>>()?
        } else {
            Vec::new()
        };
        let pair = match parts.as_slice() {
            [name, value] if name.is_instance_of::<PyString>() && value.is_instance_of::<PyString>() => (name, value),
            _ => return Err(type_error("a header", "a (str, str) pair", &item)),
        };
        let text = |s: &Bound<'_, PyAny>| s.extract::<String>().map_err(|_| not_unicode(s.py(), "headers"));
        out.push((text(pair.0)?, text(pair.1)?));
    }
    Ok(out)
}

/// Verifies a virtual-account request's headers (spec 5.1) for the receiving side:
/// returns `None`, or raises `VerificationError` with `.code` (a missing or malformed
/// header, a timestamp outside the window, a wrong signature; see `cobro.codes()`). Header
/// names are case-insensitive; `now` defaults to the system clock; `variant` and
/// `reference_id` (the body's owner.referenceId) as in `virtual_account_signature`.
#[pyfunction]
#[pyo3(signature = (headers, *, secret, now = None, window_seconds = None, variant = None, reference_id = None))]
pub fn verify_virtual_account_headers(
    py: Python<'_>,
    headers: &Bound<'_, PyAny>,
    secret: &Bound<'_, PyAny>,
    now: Option<&Bound<'_, PyAny>>,
    window_seconds: Option<&Bound<'_, PyAny>>,
    variant: Option<&Bound<'_, PyAny>>,
    reference_id: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    guard(py, || {
        let pairs = header_pairs(headers)?;
        let secret = self::secret(secret, "secret")?;
        let now = unix_seconds(py, now, "now")?;
        let window = opt_size(window_seconds, "window_seconds")?.unwrap_or(DEFAULT_WINDOW_SECONDS);
        let parts = VaParts::new(variant, reference_id)?;
        cobro::verify_virtual_account_headers_with(&pairs, &secret, now, window, parts.text(py)?)
            .map_err(|e| verify_error(py, &e))
    })
}

/// Parses a pay-in payment notification and checks its payinVerification; returns the
/// typed `PayinNotification` (as `cobro.parse_payin_notification` does), or raises
/// `VerificationError` (a missing or wrong signature) or `ParseError`.
#[pyfunction]
#[pyo3(signature = (body, *, key))]
pub fn verify_payin_notification<'py>(
    py: Python<'py>,
    body: &Bound<'py, PyAny>,
    key: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let key = secret(key, "key")?;
        let bytes = crate::body::document_bytes(body)?.map_err(|e| parse_error(py, &e.parse_error()))?;
        let n = cobro::payin::notification::verify_payin_notification(&bytes, &key)
            .map_err(|e| notification_error(py, &e))?;
        typed(py, "payin-notification", &n)
    })
}
