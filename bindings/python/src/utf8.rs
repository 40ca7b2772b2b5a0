//! Text out of Python without copies: the UTF-8 of a `str` ([`Utf8`], [`Text`]) and the
//! decimal text of an `int` ([`decimal_text`]); a `str` with no UTF-8 form is the core's
//! error naming the argument ([`not_unicode`]).

use cobro::SigningError;
// Only the cp39-abi3 wheel checks the UTF-8 of a `str` itself (`Utf8::as_str`).
#[cfg(feature = "abi3-py39")]
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
#[cfg(feature = "abi3-py39")]
use pyo3::types::PyBytes;
use pyo3::types::PyString;

use crate::errors::{signing_error, type_error};

/// The UTF-8 text of a `str`, read with the cheapest call the wheel's ABI offers.
///
/// Two wheels are built (README, "Two wheels"): the `cp39-abi3` one (feature
/// `abi3-py39`, the default) for Python 3.9, whose limited API has no borrowed view of a
/// `str`, reads it through one `bytes` object from `PyUnicode_AsUTF8String`; the
/// `cp310-abi3` one (pip prefers it on 3.10 and later) borrows the `str`'s own UTF-8
/// (`PyUnicode_AsUTF8AndSize`, limited API from 3.10), which for an ASCII `str` is its
/// storage: no copy at all. Either way nothing is copied into a Rust `String`. A `str`
/// holding lone surrogates has no UTF-8 form: [`Utf8::of`] raises `UnicodeEncodeError`.
pub struct Utf8<'a> {
    #[cfg(feature = "abi3-py39")]
    bytes: Bound<'a, PyBytes>,
    #[cfg(not(feature = "abi3-py39"))]
    text: &'a str,
}

impl<'a> Utf8<'a> {
    /// The UTF-8 text of `s`.
    #[cfg(feature = "abi3-py39")]
    pub fn of<'py: 'a>(s: &'a Bound<'py, PyString>) -> PyResult<Utf8<'a>> {
        Ok(Utf8 {
            bytes: s.encode_utf8()?,
        })
    }

    /// The UTF-8 text of `s`.
    #[cfg(not(feature = "abi3-py39"))]
    pub fn of<'py: 'a>(s: &'a Bound<'py, PyString>) -> PyResult<Utf8<'a>> {
        Ok(Utf8 { text: s.to_str()? })
    }

    /// The bytes of the text.
    pub fn as_bytes(&self) -> &[u8] {
        #[cfg(feature = "abi3-py39")]
        return self.bytes.as_bytes();
        #[cfg(not(feature = "abi3-py39"))]
        return self.text.as_bytes();
    }

    /// The text (Python guarantees UTF-8; the check costs one pass on the 3.9 wheel).
    pub fn as_str(&self) -> PyResult<&str> {
        #[cfg(feature = "abi3-py39")]
        return std::str::from_utf8(self.bytes.as_bytes()).map_err(|e| PyValueError::new_err(e.to_string()));
        #[cfg(not(feature = "abi3-py39"))]
        return Ok(self.text);
    }
}

/// The text of a `str` argument (see [`Utf8`]).
pub struct Text<'a>(Utf8<'a>);

impl<'a> Text<'a> {
    /// The text of `obj`, which must be a `str` (a `TypeError` names the argument
    /// otherwise; a `str` with lone surrogates raises `UnicodeEncodeError`, as
    /// `extract::<String>()` does).
    pub fn new<'py: 'a>(obj: &'a Bound<'py, PyAny>, name: &str) -> PyResult<Text<'a>> {
        match obj.cast::<PyString>() {
            Ok(s) => Ok(Text(Utf8::of(s)?)),
            Err(_) => Err(type_error(name, "a str", obj)),
        }
    }

    /// The text of `obj`, a `str` that is hashed: one with lone surrogates raises
    /// [`not_unicode`] rather than Python's `UnicodeEncodeError` (see there).
    pub fn signed<'py: 'a>(obj: &'a Bound<'py, PyAny>, name: &'static str) -> PyResult<Text<'a>> {
        match obj.cast::<PyString>() {
            Ok(s) => Utf8::of(s).map(Text).map_err(|_| not_unicode(obj.py(), name)),
            Err(_) => Err(type_error(name, "a str", obj)),
        }
    }

    /// The text.
    pub fn as_str(&self) -> PyResult<&str> {
        self.0.as_str()
    }
}

/// `n` in decimal, as `str(n)` writes it, in `buf` (no allocation, no formatting
/// machinery; 20 bytes hold `i64::MIN`): the `int`s of dict bodies and the amounts and
/// merchant ids given as `int`.
pub fn decimal_text(n: i64, buf: &mut [u8; 20]) -> &str {
    let mut start = buf.len();
    let mut rest = n.unsigned_abs();
    for slot in buf.iter_mut().rev() {
        // `rest % 10` is below 10.
        *slot = b'0' + (rest % 10) as u8;
        start -= 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if n < 0 {
        start -= 1;
        if let Some(sign) = buf.get_mut(start) {
            *sign = b'-';
        }
    }
    buf.get(start..)
        .and_then(|d| std::str::from_utf8(d).ok())
        .unwrap_or_default()
}

/// The core's `SigningError` for argument `name`, a `str` with lone surrogates: it has no
/// UTF-8 form to hash. Python's `UnicodeEncodeError` would carry the whole text (a key)
/// in its `args` and `repr`: it is dropped, and this error names the argument only, with
/// `__cause__` set to `None`, which also suppresses any context Python would attach
/// when it is raised.
pub fn not_unicode(py: Python<'_>, name: &'static str) -> PyErr {
    let e = signing_error(py, &SigningError::not_unicode(name));
    match e.value(py).setattr("__cause__", py.None()) {
        Ok(()) => e,
        Err(other) => other,
    }
}
