//! Request bodies from Python: `str` and `bytes` as they are, `dict` (and `list`) written
//! as JSON text by walking them, so the core judges the same text in every language.
//!
//! Speed (benches/python): every string is read through [`Utf8`], which borrows the
//! `str`'s own UTF-8 on the `cp310-abi3` wheel and goes through one `bytes` object on the
//! `cp39-abi3` one; it is never copied into a Rust `String` first. The walk dispatches on
//! exact types before any `isinstance`, writes into one buffer kept per thread between
//! calls, and formats `int`s in Rust. The text is then read by the core, so the depth
//! and size limits and every rule see exactly what the text path sees.

use std::borrow::Cow;
use std::cell::Cell;

use cobro::json::{plain_prefix, write_string};
use pyo3::PyTypeInfo;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use crate::args::{Utf8, decimal_text, decimal_type, is_decimal};
use crate::errors::type_error;

/// A buffer kept above this capacity is dropped after the call rather than kept.
const KEEP_CAPACITY: usize = 64 * 1024;

/// The walk's buffers, kept per thread between calls so a call allocates none of them.
#[derive(Default)]
struct Scratch {
    /// The JSON text written.
    out: Vec<u8>,
    /// Addresses of the containers being walked (circular references, depth).
    path: Vec<usize>,
    /// A string that needs escaping, written by the core's `write_string`.
    escaped: String,
}

thread_local! {
    /// Taken for one call and put back after it: a nested call (a `__str__` of the
    /// caller's that validates) finds it empty and allocates its own.
    static SCRATCH: Cell<Scratch> = Cell::new(Scratch::default());
}

/// Calls `f` with the bytes of a body: `str` (UTF-8; lone surrogates are kept as the
/// invalid bytes they are, so the core reports ERR_INVALID_UTF8 rather than the binding
/// raising), `bytes`, `bytearray`, or a `dict`/`list` written as JSON (see [`write_json`]).
pub fn with_body<R>(obj: &Bound<'_, PyAny>, max_bytes: usize, f: impl FnOnce(&[u8]) -> R) -> PyResult<R> {
    if let Some(b) = exact::<PyBytes>(obj) {
        return Ok(f(b.as_bytes()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(match Utf8::of(s) {
            Ok(text) => f(text.as_bytes()),
            Err(_) => f(surrogatepass(s)?.as_bytes()),
        });
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(f(b.as_bytes()));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(f(&b.to_vec()));
    }
    if obj.is_instance_of::<PyDict>() || obj.is_instance_of::<PyList>() {
        let mut scratch = SCRATCH.take();
        scratch.out.clear();
        scratch.path.clear();
        let written = write_json(obj, &mut scratch, limit(max_bytes));
        let result = written.map(|()| f(&scratch.out));
        if scratch.out.capacity() <= KEEP_CAPACITY {
            SCRATCH.set(scratch);
        }
        return result;
    }
    Err(type_error("body", "a str, bytes or dict", obj))
}

/// The bytes of a body, as [`with_body`] reads them, borrowed from a `bytes` object and
/// copied otherwise (for the callers that keep them).
pub fn body<'a>(obj: &'a Bound<'_, PyAny>, max_bytes: usize) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Cow::Borrowed(b.as_bytes()));
    }
    with_body(obj, max_bytes, |bytes| Cow::Owned(bytes.to_vec()))
}

/// `obj` as a `T` when its type is exactly `T` (a pointer comparison; a failed
/// `cast_exact` would build an error value).
fn exact<'a, 'py, T: PyTypeInfo>(obj: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, T>> {
    if T::is_exact_type_of(obj) {
        obj.cast_exact::<T>().ok()
    } else {
        None
    }
}

/// The size past which the walk stops: the core refuses the body anyway (DESIGN.md 8).
pub fn limit(max_bytes: usize) -> usize {
    if max_bytes == 0 {
        cobro::DEFAULT_MAX_BYTES
    } else {
        max_bytes
    }
}

/// The UTF-8 bytes of a `str` holding lone surrogates, encoded as they are
/// (`surrogatepass`).
fn surrogatepass<'py>(s: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyBytes>> {
    Ok(s.call_method1("encode", ("utf-8", "surrogatepass"))?
        .cast_into::<PyBytes>()?)
}

/// Writes `obj` as compact JSON: `None`, `bool`, `int`, `float` (its `repr`: the caller's
/// data, judged by the core as text, so `1e+16` is reported as an exponent),
/// `decimal.Decimal` (its exact `str`), `str`, `list`/`tuple`, and `dict` with `str` keys
/// in insertion order. Anything else is a `TypeError`; a container inside itself is a
/// `ValueError` (as in `json.dumps`).
///
/// Containers deeper than the core's nesting limit are not walked: the text is cut one
/// level past the limit, where the core reports ERR_NESTING_TOO_DEEP as it would for the
/// whole text. The walk also stops once the text passes `max` bytes, where the core
/// reports ERR_BODY_TOO_LARGE (its `size` is then the length written so far).
fn write_json(obj: &Bound<'_, PyAny>, s: &mut Scratch, max: usize) -> PyResult<()> {
    if s.out.len() > max {
        return Ok(());
    }
    // Exact types first: one pointer comparison each, no `isinstance`.
    if let Some(text) = exact::<PyString>(obj) {
        return write_str(text, s);
    }
    if let Some(dict) = exact::<PyDict>(obj) {
        return write_dict(dict, s, max);
    }
    if PyInt::is_exact_type_of(obj) {
        return match obj.extract::<i64>() {
            Ok(n) => {
                s.out.extend_from_slice(decimal_text(n, &mut [0; 20]).as_bytes());
                Ok(())
            }
            Err(_) => write_text(&obj.str()?, s),
        };
    }
    if obj.is_none() {
        s.out.extend_from_slice(b"null");
        return Ok(());
    }
    if let Some(b) = exact::<PyBool>(obj) {
        s.out.extend_from_slice(if b.is_true() { b"true" } else { b"false" });
        return Ok(());
    }
    if PyFloat::is_exact_type_of(obj) {
        return write_text(&obj.repr()?, s);
    }
    if let Some(list) = exact::<PyList>(obj) {
        return write_items(obj, list.iter().map(Ok), s, max);
    }
    if obj.get_type().is(decimal_type(obj.py())?) {
        return write_text(&obj.str()?, s);
    }
    // Subclasses, in the order of the types' precedence.
    if let Ok(text) = obj.cast::<PyString>() {
        write_str(text, s)
    } else if obj.is_instance_of::<PyInt>() || is_decimal(obj)? {
        write_text(&obj.str()?, s)
    } else if obj.is_instance_of::<PyFloat>() {
        write_text(&obj.repr()?, s)
    } else if let Ok(dict) = obj.cast::<PyDict>() {
        write_dict(dict, s, max)
    } else if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        write_items(obj, obj.try_iter()?, s, max)
    } else {
        Err(type_error(
            "a value of the body",
            "JSON data (None, bool, int, float, Decimal, str, list, tuple or dict)",
            obj,
        ))
    }
}

/// Writes a `dict` as an object, keys in insertion order.
fn write_dict(dict: &Bound<'_, PyDict>, s: &mut Scratch, max: usize) -> PyResult<()> {
    if !enter(dict.as_any(), s)? {
        return Ok(());
    }
    s.out.push(b'{');
    for (i, (key, value)) in dict.iter().enumerate() {
        if i > 0 {
            s.out.push(b',');
        }
        let Ok(key) = key.cast::<PyString>() else {
            return Err(type_error("a dict key of the body", "a str", &key));
        };
        if s.out.len() <= max {
            write_str(key, s)?;
        }
        s.out.push(b':');
        write_json(&value, s, max)?;
    }
    s.out.push(b'}');
    s.path.pop();
    Ok(())
}

/// Writes a `list` or `tuple` (`obj`, whose `items` are given) as an array.
fn write_items<'py>(
    obj: &Bound<'py, PyAny>,
    items: impl Iterator<Item = PyResult<Bound<'py, PyAny>>>,
    s: &mut Scratch,
    max: usize,
) -> PyResult<()> {
    if !enter(obj, s)? {
        return Ok(());
    }
    s.out.push(b'[');
    for (i, item) in items.enumerate() {
        if i > 0 {
            s.out.push(b',');
        }
        write_json(&item?, s, max)?;
    }
    s.out.push(b']');
    s.path.pop();
    Ok(())
}

/// Writes a `str` as a JSON string. Most strings need no escape and are copied as they
/// are; the others go through the core's `write_string`.
fn write_str(text: &Bound<'_, PyString>, s: &mut Scratch) -> PyResult<()> {
    let Ok(encoded) = Utf8::of(text) else {
        // Lone surrogates: kept as the invalid bytes they are, for the core to report.
        s.out.push(b'"');
        s.out.extend_from_slice(surrogatepass(text)?.as_bytes());
        s.out.push(b'"');
        return Ok(());
    };
    let bytes = encoded.as_bytes();
    if plain_prefix(bytes) < bytes.len() {
        let utf8 = std::str::from_utf8(bytes).map_err(|e| PyValueError::new_err(e.to_string()))?;
        s.escaped.clear();
        write_string(&mut s.escaped, utf8);
        s.out.extend_from_slice(s.escaped.as_bytes());
    } else {
        s.out.reserve(bytes.len() + 2);
        s.out.push(b'"');
        s.out.extend_from_slice(bytes);
        s.out.push(b'"');
    }
    Ok(())
}

/// Writes the text of a number (`str` of an `int` or `Decimal`, `repr` of a `float`).
fn write_text(text: &Bound<'_, PyString>, s: &mut Scratch) -> PyResult<()> {
    s.out.extend_from_slice(Utf8::of(text)?.as_bytes());
    Ok(())
}

/// Enters a container: false when it lies past the nesting limit (written as `null`),
/// an error when it contains itself.
fn enter(obj: &Bound<'_, PyAny>, s: &mut Scratch) -> PyResult<bool> {
    if s.path.len() > cobro::MAX_DEPTH {
        s.out.extend_from_slice(b"null");
        return Ok(false);
    }
    let id = obj.as_ptr() as usize;
    if s.path.contains(&id) {
        return Err(PyValueError::new_err("the body contains itself (a circular reference)"));
    }
    s.path.push(id);
    Ok(true)
}
