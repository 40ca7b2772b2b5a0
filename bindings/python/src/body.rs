//! Request bodies from Python: `str` and `bytes` as they are, `dict` (and `list`) written
//! as JSON text by walking them, so the core judges the same text in every language.
//!
//! Speed (benches/python): every string is read through [`Utf8`], which borrows the
//! `str`'s own UTF-8 on the `cp310-abi3` wheel and goes through one `bytes` object on the
//! `cp39-abi3` one; it is never copied into a Rust `String` first. The walk dispatches on
//! exact types before any `isinstance`, writes into one buffer kept per thread between
//! calls, and formats `int`s in Rust. The text is then read by the core, so the depth
//! and size limits and every rule see exactly what the text path sees. The limits are
//! the core's ([`Limits`], of the call's options), and so is what to do with a body
//! that can only be measured in part ([`fast::encode_whole`]).

use std::borrow::Cow;
use std::cell::Cell;

use cobro::amount::AmountPlace;
use cobro::host::fast::{self, Limits, is_number, plain_prefix, write_string};
use cobro::{HostBodyError, PathStep};
use pyo3::PyTypeInfo;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PySlice, PyString, PyTuple};

use crate::args::{decimal_type, is_decimal};
use crate::errors::type_error;
use crate::utf8::{Utf8, decimal_text};
use crate::walk_error::{Problem, Stop, type_name};

/// A buffer kept above this capacity is dropped after the call rather than kept.
const KEEP_CAPACITY: usize = 64 * 1024;

/// The walk's buffers, kept per thread between calls so a call allocates none of them.
#[derive(Default)]
struct Scratch {
    /// The JSON text written.
    out: Vec<u8>,
    /// Addresses of the containers being walked: their count is the depth.
    path: Vec<usize>,
    /// A string that needs escaping, written by the core's `write_string`.
    escaped: String,
    /// For a body to be prepared ([`with_body_to_send`]), where the container being
    /// written sits, so that a `float` in an amount field is refused; `None` otherwise.
    amounts: Option<AmountPlace>,
}

thread_local! {
    /// Taken for one call and put back after it: a nested call (a `__str__` of the
    /// caller's that validates) finds it empty and allocates its own.
    static SCRATCH: Cell<Scratch> = Cell::new(Scratch::default());
}

/// A body as the core reads it: `Ok` with what `f` made of its bytes, or the core's
/// judgement of a body it cannot be given ([`HostBodyError`]: turned into a report, a
/// `ValidationError` or a `ParseError` by the caller).
pub type Read<R> = Result<R, HostBodyError>;

/// Calls `f` with the bytes of a body: `str` (UTF-8; lone surrogates are kept as the
/// invalid bytes they are, so the core reports ERR_INVALID_UTF8 rather than the binding
/// raising), `bytes`, `bytearray`, or a `dict`/`list` written as JSON (see [`write_json`]).
///
/// A body past the size limit of `limits` is not copied: a `bytearray` or an ASCII
/// `str` is measured ([`HostBodyError::TooLarge`] with its exact size, as its `bytes`
/// would get). A non-ASCII `str` has no UTF-8 size short of encoding it: the core's
/// [`fast::encode_whole`] says whether it is encoded whole, for its exact size, or
/// only its first [`Limits::read_at_most`] bytes are given to the core (STYLE.md 15),
/// refused for their size alone, with that `size`. A `bytes` body is borrowed, never
/// copied. A NaN or an infinity inside a `dict`/`list` is [`HostBodyError::NonFinite`]
/// at its path.
pub fn with_body<R>(obj: &Bound<'_, PyAny>, limits: &Limits, f: impl FnOnce(&[u8]) -> R) -> PyResult<Read<R>> {
    read_body(obj, limits, false, f)
}

/// [`with_body`] of a body prepare completes, signs and sends (or judges so, before
/// prepare): a `float` in an amount field ([`cobro::amount::AmountPlace`]) is a
/// `TypeError`, as a `float` amount argument is, since prepare would write a number no
/// one gave (DESIGN.md 4).
pub fn with_body_to_send<R>(obj: &Bound<'_, PyAny>, limits: &Limits, f: impl FnOnce(&[u8]) -> R) -> PyResult<Read<R>> {
    read_body(obj, limits, true, f)
}

fn read_body<R>(
    obj: &Bound<'_, PyAny>,
    limits: &Limits,
    exact_amounts: bool,
    f: impl FnOnce(&[u8]) -> R,
) -> PyResult<Read<R>> {
    if let Some(b) = exact::<PyBytes>(obj) {
        return Ok(Ok(f(b.as_bytes())));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let len = s.len()?;
        // A code point takes at least one byte: the `str` is at least this large.
        if limits.too_large(len) {
            // `str.isascii` reads a flag of the `str` (never a subclass's override): its
            // size in UTF-8 is then its length.
            if s.py()
                .get_type::<PyString>()
                .call_method1("isascii", (s,))?
                .is_truthy()?
            {
                return Ok(Err(HostBodyError::TooLarge { size: len }));
            }
            if !fast::encode_whole(limits, len) {
                let read = limits.read_at_most();
                let head = s
                    .as_any()
                    .get_item(PySlice::new(s.py(), 0, slice_end(read), 1))?
                    .cast_into::<PyString>()?;
                return str_bytes(&head, |bytes| Ok(f(bytes.get(..read).unwrap_or(bytes))));
            }
        }
        return str_bytes(s, |bytes| Ok(f(bytes)));
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Ok(f(b.as_bytes())));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        if limits.too_large(b.len()) {
            return Ok(Err(HostBodyError::TooLarge { size: b.len() }));
        }
        return Ok(Ok(f(&b.to_vec())));
    }
    if obj.is_instance_of::<PyDict>() || obj.is_instance_of::<PyList>() {
        let mut scratch = SCRATCH.take();
        scratch.out.clear();
        scratch.path.clear();
        scratch.amounts = exact_amounts.then_some(AmountPlace::Root);
        let result = match write_json(obj, &mut scratch, limits) {
            Ok(()) => Ok(Ok(f(&scratch.out))),
            Err(stop) => stop.outcome().map(Err),
        };
        if scratch.out.capacity() <= KEEP_CAPACITY {
            SCRATCH.set(scratch);
        }
        return result;
    }
    Err(type_error("body", "a str, bytes or dict", obj))
}

/// `count` as the end of a slice from the start, as Python's slice index. A `str` holds
/// fewer than `isize::MAX` code points: a larger end takes it whole, as the slice does.
fn slice_end(count: usize) -> isize {
    isize::try_from(count).unwrap_or(isize::MAX)
}

/// Calls `f` with the UTF-8 bytes of `s` (lone surrogates kept, see [`with_body`]).
fn str_bytes<R>(s: &Bound<'_, PyString>, f: impl FnOnce(&[u8]) -> R) -> PyResult<R> {
    Ok(match Utf8::of(s) {
        Ok(text) => f(text.as_bytes()),
        Err(_) => f(surrogatepass(s)?.as_bytes()),
    })
}

/// The bytes of a body, as [`with_body`] reads them, borrowed from a `bytes` object and
/// copied otherwise (for the callers that keep them).
pub fn body<'a>(obj: &'a Bound<'_, PyAny>, limits: &Limits) -> PyResult<Read<Cow<'a, [u8]>>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Ok(Cow::Borrowed(b.as_bytes())));
    }
    with_body(obj, limits, |bytes| Cow::Owned(bytes.to_vec()))
}

/// The bytes of a document for the core's parsers, read as [`body`] reads them under the
/// parsers' limits ([`Limits::default`]).
pub fn document_bytes<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<Read<Cow<'a, [u8]>>> {
    body(obj, &Limits::default())
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

/// The UTF-8 bytes of a `str` holding lone surrogates, encoded as they are
/// (`surrogatepass`).
fn surrogatepass<'py>(s: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyBytes>> {
    Ok(s.call_method1("encode", ("utf-8", "surrogatepass"))?
        .cast_into::<PyBytes>()?)
}

/// Calls `f` with each member of `dict` in order. A `dict` that changes size while `f`
/// runs (a `__str__` of a value that adds or removes keys), or whose keys were replaced
/// at the same size, gives `changed()`: pyo3's iterator would panic on the next member.
pub fn for_each_member<'py, E>(
    dict: &Bound<'py, PyDict>,
    changed: impl Fn() -> E,
    mut f: impl FnMut(usize, Bound<'py, PyAny>, Bound<'py, PyAny>) -> Result<(), E>,
) -> Result<(), E> {
    let len = dict.len();
    let mut members = dict.iter();
    for i in 0..len {
        let Some((key, value)) = members.next() else {
            return Err(changed());
        };
        f(i, key, value)?;
        if dict.len() != len {
            return Err(changed());
        }
    }
    // One member more than the size: keys were replaced (the iterator checks its count
    // only on the call after this one).
    if members.next().is_some() {
        return Err(changed());
    }
    Ok(())
}

/// Writes `obj` as compact JSON: `None`, `bool`, `int`, `float` (its `repr`: the caller's
/// data, judged by the core as text, so `1e+16` is reported as an exponent),
/// `decimal.Decimal` (its exact `str`), `str`, `list`/`tuple`, and `dict` with `str` keys
/// in insertion order; for a body to send, a `float` under an amount's key is a
/// `TypeError`, as a `float` amount argument is. A `float` or `Decimal` NaN or infinity stops the walk with its path
/// (JSON cannot write it; the core reports it). Anything else is a `TypeError` naming its
/// path, and so is a number whose text is not a JSON number (a subclass's `__str__` that
/// writes something else: it never reaches the text); a container inside itself is a
/// `ValueError` (as in `json.dumps`).
///
/// Containers deeper than the core's nesting limit are not walked: the text is cut one
/// level past the limit, where the core reports ERR_NESTING_TOO_DEEP as it would for the
/// whole text. The walk also stops once the text passes the size limit, where the core
/// reports ERR_BODY_TOO_LARGE (its `size` is then the length written so far).
fn write_json(obj: &Bound<'_, PyAny>, s: &mut Scratch, limits: &Limits) -> Result<(), Stop> {
    if limits.too_large(s.out.len()) {
        return Ok(());
    }
    // Exact types first: one pointer comparison each, no `isinstance`.
    if let Some(text) = exact::<PyString>(obj) {
        return Ok(write_str(text, s, limits)?);
    }
    if let Some(dict) = exact::<PyDict>(obj) {
        return write_dict(dict, s, limits);
    }
    if PyInt::is_exact_type_of(obj) {
        return match obj.extract::<i64>() {
            Ok(n) => {
                s.out.extend_from_slice(decimal_text(n, &mut [0; 20]).as_bytes());
                Ok(())
            }
            Err(_) => write_number(obj, &obj.str()?, s, limits),
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
        return write_number(obj, &obj.repr()?, s, limits);
    }
    if let Some(list) = exact::<PyList>(obj) {
        return write_items(obj, list.iter().map(Ok), s, limits);
    }
    if obj.get_type().is(decimal_type(obj.py())?) {
        return write_number(obj, &obj.str()?, s, limits);
    }
    // Subclasses, in the order of the types' precedence.
    if let Ok(text) = obj.cast::<PyString>() {
        Ok(write_str(text, s, limits)?)
    } else if obj.is_instance_of::<PyInt>() || is_decimal(obj)? {
        write_number(obj, &obj.str()?, s, limits)
    } else if obj.is_instance_of::<PyFloat>() {
        write_number(obj, &obj.repr()?, s, limits)
    } else if let Ok(dict) = obj.cast::<PyDict>() {
        write_dict(dict, s, limits)
    } else if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        write_items(obj, obj.try_iter()?, s, limits)
    } else {
        Err(Stop::At(Vec::new(), Problem::NotJson(type_name(obj))))
    }
}

/// Writes a `dict` as an object, keys in insertion order.
fn write_dict(dict: &Bound<'_, PyDict>, s: &mut Scratch, limits: &Limits) -> Result<(), Stop> {
    if !enter(dict.as_any(), s, limits)? {
        return Ok(());
    }
    s.out.push(b'{');
    let here = s.amounts;
    let changed = || Stop::At(Vec::new(), Problem::Changed);
    for_each_member(dict, changed, |i, key, value| {
        if i > 0 {
            s.out.push(b',');
        }
        let Ok(key) = key.cast::<PyString>() else {
            return Err(Stop::At(Vec::new(), Problem::Key(type_name(&key))));
        };
        if !limits.too_large(s.out.len()) {
            write_str(key, s, limits)?;
        }
        s.out.push(b':');
        let within = |stop: Stop| stop.within(|| PathStep::Key(key.to_string_lossy().into_owned()));
        if let Some(place) = here {
            let name = key.to_cow().ok();
            // An amount is refused as a float here as it is as an argument (DESIGN.md 4).
            if value.is_instance_of::<PyFloat>() && name.as_deref().is_some_and(|k| place.is_amount(k)) {
                return Err(within(Stop::At(Vec::new(), Problem::FloatAmount)));
            }
            s.amounts = Some(name.map_or(AmountPlace::Elsewhere, |k| place.member(&k)));
        }
        let written = write_json(&value, s, limits).map_err(within);
        s.amounts = here;
        written
    })?;
    s.out.push(b'}');
    s.path.pop();
    Ok(())
}

/// Writes a `list` or `tuple` (`obj`, whose `items` are given) as an array.
fn write_items<'py>(
    obj: &Bound<'py, PyAny>,
    items: impl Iterator<Item = PyResult<Bound<'py, PyAny>>>,
    s: &mut Scratch,
    limits: &Limits,
) -> Result<(), Stop> {
    if !enter(obj, s, limits)? {
        return Ok(());
    }
    s.out.push(b'[');
    let here = s.amounts;
    // No element of a list is an amount field.
    s.amounts = here.map(|_| AmountPlace::Elsewhere);
    for (i, item) in items.enumerate() {
        if i > 0 {
            s.out.push(b',');
        }
        write_json(&item?, s, limits).map_err(|stop| stop.within(|| PathStep::Index(i)))?;
    }
    s.amounts = here;
    s.out.push(b']');
    s.path.pop();
    Ok(())
}

/// Writes a `str` as a JSON string. Most strings need no escape and are copied as they
/// are; the others go through the core's `write_string`. A string longer than what is
/// left under the size limit is cut: the text is then over the limit, and the core
/// refuses it for its size without the string being copied whole.
fn write_str(text: &Bound<'_, PyString>, s: &mut Scratch, limits: &Limits) -> PyResult<()> {
    let room = limits.max_bytes.saturating_sub(s.out.len());
    // A code point takes at least one byte: a longer `str` cannot fit.
    if text.len()? > room {
        let head = text
            .as_any()
            .get_item(PySlice::new(text.py(), 0, slice_end(room.saturating_add(1)), 1))?
            .cast_into::<PyString>()?;
        s.out.push(b'"');
        return str_bytes(&head, |bytes| s.out.extend_from_slice(bytes));
    }
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

/// Writes the text of a number `obj` (`str` of an `int` or `Decimal`, `repr` of a
/// `float`) when it is a JSON number; a subclass's `__str__` may return anything, and
/// NaN and the infinities have no JSON form.
fn write_number(
    obj: &Bound<'_, PyAny>,
    text: &Bound<'_, PyString>,
    s: &mut Scratch,
    limits: &Limits,
) -> Result<(), Stop> {
    if text.len()? > limits.max_bytes.saturating_sub(s.out.len()) {
        // Over the limit whatever it holds: the core refuses the body for its size.
        return Ok(write_str(text, s, limits)?);
    }
    let utf8 = Utf8::of(text)?;
    let number = utf8.as_str()?;
    if !is_number(number) {
        let problem = match non_finite(number) {
            Some(value) if obj.is_instance_of::<PyFloat>() || is_decimal(obj)? => Problem::NonFinite(value),
            _ => Problem::NotNumber(type_name(obj)),
        };
        return Err(Stop::At(Vec::new(), problem));
    }
    s.out.extend_from_slice(number.as_bytes());
    Ok(())
}

/// The value of the text a `float` (`nan`, `inf`, `-inf`) or a `Decimal` (`NaN`, `sNaN`,
/// `-Infinity`...) writes for a number JSON cannot hold; `None` for any other text.
fn non_finite(text: &str) -> Option<f64> {
    let (negative, name) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let name = name.to_ascii_lowercase();
    match name.as_str() {
        "nan" | "snan" => Some(f64::NAN),
        "inf" | "infinity" if negative => Some(f64::NEG_INFINITY),
        "inf" | "infinity" => Some(f64::INFINITY),
        _ => None,
    }
}

/// Enters a container: false when it lies past the nesting limit (written as `null`).
/// A body that contains itself is written down to that limit, so the core reports it as
/// nesting too deep (ERR_NESTING_TOO_DEEP), as it does for the same body in every
/// language; the size limit bounds what a container that holds itself many times
/// writes.
fn enter(obj: &Bound<'_, PyAny>, s: &mut Scratch, limits: &Limits) -> PyResult<bool> {
    if s.path.len() > limits.max_depth {
        s.out.extend_from_slice(b"null");
        return Ok(false);
    }
    s.path.push(obj.as_ptr() as usize);
    Ok(true)
}
