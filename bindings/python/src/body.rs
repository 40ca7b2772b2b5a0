//! Request bodies from Python: `str` and `bytes` as they are, `dict` (and `list`) written
//! as JSON text by walking them, so the core judges the same text in every language.

use std::borrow::Cow;

use cobro::json::write_string;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use crate::args::is_decimal;
use crate::errors::type_error;

/// The bytes of a body: `str` (UTF-8; lone surrogates are kept as the invalid bytes they
/// are, so the core reports ERR_INVALID_UTF8 rather than the binding raising), `bytes`,
/// `bytearray`, or a `dict`/`list` written as JSON (see [`write_json`]).
pub fn body<'a>(obj: &'a Bound<'_, PyAny>, max_bytes: usize) -> PyResult<Cow<'a, [u8]>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Cow::Borrowed(b.as_bytes()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Cow::Owned(utf8(s)?));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(Cow::Owned(b.to_vec()));
    }
    if obj.is_instance_of::<PyDict>() || obj.is_instance_of::<PyList>() {
        let mut out = Vec::with_capacity(1024);
        let mut path = Vec::new();
        write_json(obj, &mut out, &mut path, limit(max_bytes))?;
        return Ok(Cow::Owned(out));
    }
    Err(type_error("body", "a str, bytes or dict", obj))
}

/// The size past which the walk stops: the core refuses the body anyway (DESIGN.md 8).
fn limit(max_bytes: usize) -> usize {
    if max_bytes == 0 {
        cobro::DEFAULT_MAX_BYTES
    } else {
        max_bytes
    }
}

/// UTF-8 bytes of `s`; lone surrogates are encoded as they are (`surrogatepass`).
fn utf8(s: &Bound<'_, PyString>) -> PyResult<Vec<u8>> {
    match s.to_cow() {
        Ok(text) => Ok(text.into_owned().into_bytes()),
        Err(_) => {
            let bytes = s.call_method1("encode", ("utf-8", "surrogatepass"))?;
            Ok(bytes.cast::<PyBytes>()?.as_bytes().to_vec())
        }
    }
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
pub fn write_json(obj: &Bound<'_, PyAny>, out: &mut Vec<u8>, path: &mut Vec<usize>, max: usize) -> PyResult<()> {
    if out.len() > max {
        return Ok(());
    }
    if obj.is_none() {
        out.extend_from_slice(b"null");
    } else if let Ok(b) = obj.cast::<PyBool>() {
        out.extend_from_slice(if b.is_true() { b"true" } else { b"false" });
    } else if let Ok(s) = obj.cast::<PyString>() {
        match s.to_cow() {
            Ok(text) => {
                let mut buf = String::with_capacity(text.len() + 2);
                write_string(&mut buf, &text);
                out.extend_from_slice(buf.as_bytes());
            }
            Err(_) => {
                out.push(b'"');
                out.extend_from_slice(&utf8(s)?);
                out.push(b'"');
            }
        }
    } else if obj.is_instance_of::<PyInt>() || is_decimal(obj)? {
        out.extend_from_slice(obj.str()?.to_cow()?.as_bytes());
    } else if obj.is_instance_of::<PyFloat>() {
        out.extend_from_slice(obj.repr()?.to_cow()?.as_bytes());
    } else if let Ok(dict) = obj.cast::<PyDict>() {
        let Some(()) = enter(obj, path)? else {
            out.extend_from_slice(b"null");
            return Ok(());
        };
        out.push(b'{');
        for (i, (key, value)) in dict.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let Ok(key) = key.cast::<PyString>() else {
                return Err(type_error("a dict key of the body", "a str", &key));
            };
            write_json(key.as_any(), out, path, max)?;
            out.push(b':');
            write_json(&value, out, path, max)?;
        }
        out.push(b'}');
        path.pop();
    } else if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let Some(()) = enter(obj, path)? else {
            out.extend_from_slice(b"null");
            return Ok(());
        };
        out.push(b'[');
        for (i, item) in obj.try_iter()?.enumerate() {
            if i > 0 {
                out.push(b',');
            }
            write_json(&item?, out, path, max)?;
        }
        out.push(b']');
        path.pop();
    } else {
        return Err(type_error(
            "a value of the body",
            "JSON data (None, bool, int, float, Decimal, str, list, tuple or dict)",
            obj,
        ));
    }
    Ok(())
}

/// Enters a container: `None` when it lies past the nesting limit, an error when it
/// contains itself.
fn enter(obj: &Bound<'_, PyAny>, path: &mut Vec<usize>) -> PyResult<Option<()>> {
    if path.len() > cobro::MAX_DEPTH {
        return Ok(None);
    }
    let id = obj.as_ptr() as usize;
    if path.contains(&id) {
        return Err(PyValueError::new_err("the body contains itself (a circular reference)"));
    }
    path.push(id);
    Ok(Some(()))
}
