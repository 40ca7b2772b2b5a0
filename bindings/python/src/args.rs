//! Python arguments to core types: keys (`str` or [`Secret`]), amounts (`Decimal`, `str`,
//! `int` or [`Amount`], never `float`), merchant ids, whole numbers, times and dates.
//! Each conversion checks only the Python type; the value is judged by the core.

use cobro::host::HostText;
use cobro::signing::WholeArgument;
use cobro::{CivilDate, Locale, SigningError, UnixSeconds};
use pyo3::PyTypeInfo;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString, PyType};

use crate::errors::{guard, signing_error, type_error};
use crate::utf8::{Text, decimal_text, not_unicode};

/// A secret key (the pay-in key or the virtual-account secret) held by the core: it
/// refuses empty values and surrounding whitespace, never prints (`Secret('[REDACTED]')`)
/// and is zeroized when dropped.
#[pyclass(frozen, module = "cobro")]
pub struct Secret {
    inner: cobro::Secret,
}

#[pymethods]
impl Secret {
    /// Wraps `value`; raises `SigningError` for an empty value or one with surrounding
    /// whitespace.
    #[new]
    fn new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Secret> {
        guard(py, || {
            if !value.is_instance_of::<PyString>() {
                return Err(type_error("value", "a str", value));
            }
            key_text(value, "value").map(|inner| Secret { inner })
        })
    }

    fn __repr__(&self) -> &'static str {
        "Secret('[REDACTED]')"
    }

    fn __str__(&self) -> &'static str {
        "[REDACTED]"
    }

    /// A secret is never pickled: that would write it out.
    fn __reduce__(&self) -> PyResult<()> {
        Err(pyo3::exceptions::PyTypeError::new_err(
            HostText::SecretNotCopied.render(&[("secret", "cobro.Secret"), ("copied", "pickled")]),
        ))
    }
}

/// A positive amount of money with at most two decimals, held as integer minor units;
/// `str()` is the canonical text (`150.50`) that goes into bodies and hashes.
#[pyclass(frozen, eq, hash, module = "cobro")]
#[derive(PartialEq, Eq, Hash)]
pub struct Amount {
    inner: cobro::Amount,
}

#[pymethods]
impl Amount {
    /// Parses decimal text (`"150"`, `"150.5"`, `"150.50"`); raises `SigningError`
    /// (ERR_INVALID_AMOUNT) otherwise.
    #[new]
    fn new(py: Python<'_>, text: String) -> PyResult<Amount> {
        guard(py, || {
            cobro::Amount::parse(&text)
                .map(|inner| Amount { inner })
                .map_err(|e| signing_error(py, &SigningError::InvalidAmount(e)))
        })
    }

    /// An amount of `minor` units (cents): `Amount.from_minor_units(1250)` is `12.50`.
    #[classmethod]
    fn from_minor_units(_cls: &Bound<'_, PyType>, minor: &Bound<'_, PyAny>) -> PyResult<Amount> {
        let py = minor.py();
        guard(py, || {
            let n = whole(minor, "minor")?;
            let n = u64::try_from(n).unwrap_or(0);
            cobro::Amount::from_minor_units(n)
                .map(|inner| Amount { inner })
                .map_err(|e| signing_error(py, &SigningError::InvalidAmount(e)))
        })
    }

    /// The amount in minor units (cents).
    #[getter]
    fn minor_units(&self) -> u64 {
        self.inner.minor_units()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Amount('{}')", self.inner)
    }
}

static DECIMAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static DATE: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `decimal.Decimal` class, imported once.
pub fn decimal_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    DECIMAL.import(py, "decimal", "Decimal")
}

/// Whether `obj` is a `decimal.Decimal`.
pub fn is_decimal(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    obj.is_instance(decimal_type(obj.py())?)
}

/// A key given as `str` or [`Secret`].
pub fn secret(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<cobro::Secret> {
    if let Ok(s) = obj.cast::<Secret>() {
        return Ok(s.get().inner.clone());
    }
    if obj.is_instance_of::<PyString>() {
        return key_text(obj, name);
    }
    Err(type_error(name, "a str or a cobro.Secret", obj))
}

/// The key held by the `str` `obj` (one with lone surrogates: [`not_unicode`]).
fn key_text(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<cobro::Secret> {
    let py = obj.py();
    let value = signed_string(obj, name)?;
    cobro::Secret::new(value).map_err(|e| signing_error(py, &e))
}

/// The text of the `str` `obj`, which is hashed or is a key (see [`not_unicode`]).
fn signed_string(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<String> {
    obj.extract::<String>().map_err(|_| not_unicode(obj.py(), name))
}

/// An optional key (see [`secret`]).
pub fn opt_secret(obj: Option<&Bound<'_, PyAny>>, name: &'static str) -> PyResult<Option<cobro::Secret>> {
    match obj {
        Some(o) if !o.is_none() => secret(o, name).map(Some),
        _ => Ok(None),
    }
}

/// An amount: [`Amount`], `decimal.Decimal` (its exact text), `str` (decimal text) or
/// `int` (whole units: `150` is `150.00`). A `float` is refused: most decimal amounts
/// have no exact binary form, and money must never pass through one.
pub fn amount(obj: &Bound<'_, PyAny>) -> PyResult<cobro::Amount> {
    let py = obj.py();
    if let Ok(a) = obj.cast::<Amount>() {
        return Ok(a.get().inner);
    }
    if obj.is_instance_of::<PyFloat>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(HostText::AmountFloat.render(&[
            ("name", "amount"),
            (
                "instead",
                "a decimal.Decimal, a str such as \"150.50\", an int, or cobro.Amount.from_minor_units(15050)",
            ),
        ])));
    }
    let parse = |text: &str| cobro::Amount::parse(text).map_err(|e| signing_error(py, &SigningError::InvalidAmount(e)));
    if PyString::is_exact_type_of(obj) {
        return parse(Text::new(obj, "amount")?.as_str()?);
    }
    if PyInt::is_exact_type_of(obj)
        && let Ok(n) = obj.extract::<i64>()
    {
        return parse(decimal_text(n, &mut [0; 20]));
    }
    let text: String = if obj.is_instance_of::<PyBool>() {
        return Err(type_error("amount", "a Decimal, str or int", obj));
    } else if obj.is_instance_of::<PyString>() {
        obj.extract()?
    } else if obj.is_instance_of::<PyInt>() || is_decimal(obj)? {
        obj.str()?.extract()?
    } else {
        return Err(type_error("amount", "a Decimal, str, int or cobro.Amount", obj));
    };
    parse(&text)
}

/// A merchant id: an `int` or a `str` of ASCII digits, within the core's `u64`.
pub fn merchant_id(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    if PyInt::is_exact_type_of(obj)
        && let Ok(n) = obj.extract::<u64>()
    {
        return Ok(n);
    }
    let text: String = if obj.is_instance_of::<PyBool>() {
        return Err(type_error("merchant_id", "an int or a str of digits", obj));
    } else if obj.is_instance_of::<PyString>() {
        obj.extract()?
    } else if obj.is_instance_of::<PyInt>() {
        obj.str()?.extract()?
    } else {
        return Err(type_error("merchant_id", "an int or a str of digits", obj));
    };
    cobro::signing::merchant_id_from_text("merchant_id", &text).map_err(|e| signing_error(obj.py(), &e))
}

/// A Python `int` (not `bool`) as an `i128`; one past 128 bits as the bound on its side,
/// which is past every range the core takes.
fn int(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<i128> {
    if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
        return Err(type_error(name, "an int", obj));
    }
    match obj.extract::<i128>() {
        Ok(n) => Ok(n),
        Err(_) if obj.lt(0)? => Ok(i128::MIN),
        Err(_) => Ok(i128::MAX),
    }
}

/// A whole-number argument as the core's type `T`; outside its range the core's
/// `SigningError` ERR_OUT_OF_RANGE.
pub fn whole_as<T: WholeArgument>(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<T> {
    let n = int(obj, name)?;
    cobro::signing::whole_argument(name, n).map_err(|e| signing_error(obj.py(), &e))
}

/// A whole number given as a Python `int` (not `bool`), within `i64`.
pub fn whole(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<i64> {
    whole_as(obj, name)
}

/// An optional non-negative whole number (`None` gives `None`).
pub fn opt_size(obj: Option<&Bound<'_, PyAny>>, name: &'static str) -> PyResult<Option<u64>> {
    obj.filter(|o| !o.is_none()).map(|o| whole_as(o, name)).transpose()
}

/// The `max_bytes` argument as the core's: `None` stays `None` (the core's default), an
/// `int` is a number of bytes, what each means is the core's (`cobro::Limits::for_body`,
/// `cobro::signing::size_argument`).
pub fn max_bytes(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(o) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let n = int(o, "max_bytes")?;
    cobro::signing::size_argument("max_bytes", n)
        .map(Some)
        .map_err(|e| signing_error(o.py(), &e))
}

/// Seconds since the epoch, from an `int`, or the system clock when `None`.
pub fn unix_seconds(py: Python<'_>, obj: Option<&Bound<'_, PyAny>>, name: &'static str) -> PyResult<UnixSeconds> {
    let seconds = match obj {
        Some(o) if !o.is_none() => whole(o, name)?,
        _ => i64::try_from(now()?).unwrap_or(i64::MAX),
    };
    UnixSeconds::new(seconds).map_err(|e| signing_error(py, &e))
}

fn now() -> PyResult<u64> {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .map_err(|_| Python::attach(|py| signing_error(py, &SigningError::ClockBeforeEpoch)))
}

/// A date from `datetime.date` or `"YYYY-MM-DD"`; today's UTC date when `None` (as the
/// CLI does).
pub fn civil_date(obj: Option<&Bound<'_, PyAny>>, name: &'static str) -> PyResult<CivilDate> {
    let Some(o) = obj.filter(|o| !o.is_none()) else {
        return Ok(CivilDate::from_unix_seconds(now()?));
    };
    let py = o.py();
    let bad = || signing_error(py, &SigningError::InvalidDate { name });
    if o.is_instance_of::<PyString>() {
        let text: String = o.extract()?;
        return CivilDate::parse(&text).ok_or_else(bad);
    }
    if o.is_instance(DATE.import(py, "datetime", "date")?)? {
        let part = |attr: &str| -> PyResult<i64> { o.getattr(attr)?.extract() };
        let (y, m, d) = (part("year")?, part("month")?, part("day")?);
        return match (u16::try_from(y), u8::try_from(m), u8::try_from(d)) {
            (Ok(y), Ok(m), Ok(d)) => CivilDate::new(y, m, d).ok_or_else(bad),
            _ => Err(bad()),
        };
    }
    Err(type_error(name, "a datetime.date or a str \"YYYY-MM-DD\"", o))
}

/// The message locale: `"en"`, `"es"` or `"pt"`; `None` is the core's default (English).
/// Another tag is the core's `SigningError` (ERR_INVALID_ARGUMENT), listing the tags.
pub fn locale(tag: Option<&str>) -> PyResult<Locale> {
    let Some(tag) = tag else {
        return Ok(Locale::default());
    };
    Locale::parse(tag).map_err(|e| Python::attach(|py| signing_error(py, &e)))
}

/// A plain `str` argument of the signing functions (a `TypeError` names the argument
/// otherwise; one with lone surrogates is [`not_unicode`]).
pub fn string(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<String> {
    if obj.is_instance_of::<PyString>() {
        signed_string(obj, name)
    } else {
        Err(type_error(name, "a str", obj))
    }
}
