//! A `dict` body handed to the core as its JSON tree, without writing and re-reading text.
//!
//! `validate(kind, dict)` is the binding's hottest path with a `dict`, and there the
//! text round trip of [`crate::body`] (write every string, then scan and copy it back)
//! costs about as much as the rules. Here the body is walked once into a tape of tokens
//! that holds the Python strings, then the core's [`Value`] tree is built from the tape,
//! borrowing each string's UTF-8 in place, and given to [`cobro::validate_value`].
//!
//! Only bodies the text path would write plainly take this path: exact `dict`, `list`,
//! `str`, `int`, `bool`, `None`, and `float`/`Decimal` whose text is a JSON number, at
//! most [`Limits::MAX_DEPTH`] deep, within the size limit by the core's
//! [`TextBudget`], without lone surrogates or circular references. Anything else returns `None` and the caller uses the text path,
//! so the report is the same either way (the tests run every vector both ways).
//!
//! Only on the `cp310-abi3` wheel: the 3.9 stable ABI has no borrowed view of a `str`,
//! so there the text path, which copies each string once, is the cheaper one.

use std::borrow::Cow;

use cobro::host::fast::{Limits, TextBudget, is_number};
use cobro::json::Value;
use pyo3::PyTypeInfo;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};

use crate::args::decimal_type;
use crate::utf8::decimal_text;

/// One node of the body, in the order a JSON text would hold it.
enum Token<'py> {
    /// An object with this many members; each is a [`Token::Str`] key and a value.
    Object(usize),
    /// An array with this many items.
    Array(usize),
    /// A string (or a key), kept alive for its text to be borrowed.
    Str(Bound<'py, PyString>),
    /// A number whose text is `numbers[start..end]`.
    Number(u32, u32),
    /// `true` or `false`.
    Bool(bool),
    /// `null`.
    Null,
}

/// The walk gave up: the caller uses the text path.
struct Unsupported;

/// The tape of a body and the text of its numbers.
struct Tape<'py> {
    tokens: Vec<Token<'py>>,
    numbers: String,
    /// Addresses of the containers being walked (circular references), `depth` of them.
    path: [usize; Limits::MAX_DEPTH],
    depth: usize,
}

/// Calls `f` with the core's tree of `obj` when `obj` is a `dict` or `list` that this
/// path can take under `limits` (see the module doc); `Ok(None)` otherwise, and for
/// every other body.
pub fn with_value<R>(obj: &Bound<'_, PyAny>, limits: &Limits, f: impl FnOnce(&Value<'_>) -> R) -> PyResult<Option<R>> {
    if !(PyDict::is_exact_type_of(obj) || PyList::is_exact_type_of(obj)) {
        return Ok(None);
    }
    let mut tape = Tape {
        // Enough for the request bodies of the spec without growing.
        tokens: Vec::with_capacity(96),
        numbers: String::new(),
        path: [0; Limits::MAX_DEPTH],
        depth: 0,
    };
    if walk(obj, &mut tape).is_err() {
        return Ok(None);
    }
    let mut builder = Builder {
        tokens: tape.tokens.iter(),
        numbers: &tape.numbers,
        // The text path's size is only known by writing it: the core's bound of it
        // decides when this path may answer for the text.
        budget: TextBudget::new(limits),
    };
    match builder.value() {
        Ok(value) => Ok(Some(f(&value))),
        Err(Unsupported) => Ok(None),
    }
}

/// Walks `obj` into `tape`.
fn walk<'py>(obj: &Bound<'py, PyAny>, tape: &mut Tape<'py>) -> Result<(), Unsupported> {
    if let Ok(s) = obj.cast_exact::<PyString>() {
        tape.tokens.push(Token::Str(s.clone()));
    } else if let Ok(dict) = obj.cast_exact::<PyDict>() {
        enter(obj, tape)?;
        tape.tokens.push(Token::Object(dict.len()));
        crate::body::for_each_member(
            dict,
            || Unsupported,
            |_, key, value| {
                let Ok(key) = key.cast_into_exact::<PyString>() else {
                    return Err(Unsupported);
                };
                tape.tokens.push(Token::Str(key));
                walk(&value, tape)
            },
        )?;
        tape.depth -= 1;
    } else if PyInt::is_exact_type_of(obj) {
        let start = tape.numbers.len();
        match obj.extract::<i64>() {
            Ok(n) => tape.numbers.push_str(decimal_text(n, &mut [0; 20])),
            Err(_) => push_number(obj.str().map_err(|_| Unsupported)?, &mut tape.numbers)?,
        }
        tape.tokens.push(number(start, tape.numbers.len())?);
    } else if obj.is_none() {
        tape.tokens.push(Token::Null);
    } else if let Ok(b) = obj.cast_exact::<PyBool>() {
        tape.tokens.push(Token::Bool(b.is_true()));
    } else if let Ok(list) = obj.cast_exact::<PyList>() {
        enter(obj, tape)?;
        tape.tokens.push(Token::Array(list.len()));
        for item in list.iter() {
            walk(&item, tape)?;
        }
        tape.depth -= 1;
    } else {
        let text = if PyFloat::is_exact_type_of(obj) {
            obj.repr()
        } else if decimal_type(obj.py()).is_ok_and(|t| obj.get_type().is(t)) {
            obj.str()
        } else {
            return Err(Unsupported);
        };
        let start = tape.numbers.len();
        push_number(text.map_err(|_| Unsupported)?, &mut tape.numbers)?;
        tape.tokens.push(number(start, tape.numbers.len())?);
    }
    Ok(())
}

/// Enters a container: gives up past the nesting limit or on a circular reference.
fn enter(obj: &Bound<'_, PyAny>, tape: &mut Tape<'_>) -> Result<(), Unsupported> {
    let id = obj.as_ptr() as usize;
    let open = tape.path.get(..tape.depth).ok_or(Unsupported)?;
    if open.contains(&id) {
        return Err(Unsupported);
    }
    // Past the nesting limit there is no slot left.
    *tape.path.get_mut(tape.depth).ok_or(Unsupported)? = id;
    tape.depth += 1;
    Ok(())
}

/// The token of the number text `numbers[start..end]`.
fn number(start: usize, end: usize) -> Result<Token<'static>, Unsupported> {
    Ok(Token::Number(
        u32::try_from(start).map_err(|_| Unsupported)?,
        u32::try_from(end).map_err(|_| Unsupported)?,
    ))
}

/// Appends the text of a number when it is a JSON number.
fn push_number(text: Bound<'_, PyString>, numbers: &mut String) -> Result<(), Unsupported> {
    let text = text.to_str().map_err(|_| Unsupported)?;
    if !is_number(text) {
        return Err(Unsupported);
    }
    numbers.push_str(text);
    Ok(())
}

/// Builds the tree from a finished tape, borrowing from it.
struct Builder<'t, 'py> {
    tokens: std::slice::Iter<'t, Token<'py>>,
    numbers: &'t str,
    /// What the text of the body may still take before the text path must decide.
    budget: TextBudget,
}

impl<'t> Builder<'t, '_> {
    fn value(&mut self) -> Result<Value<'t>, Unsupported> {
        let token = self.tokens.next().ok_or(Unsupported)?;
        Ok(match token {
            Token::Str(s) => Value::String(Cow::Borrowed(self.text(s)?)),
            Token::Object(n) => {
                spent(self.budget.container())?;
                let mut members = Vec::with_capacity(*n);
                for _ in 0..*n {
                    let Some(Token::Str(key)) = self.tokens.next() else {
                        return Err(Unsupported);
                    };
                    let key = self.text(key)?;
                    members.push((Cow::Borrowed(key), self.value()?));
                }
                Value::Object(members)
            }
            Token::Array(n) => {
                spent(self.budget.container())?;
                let mut items = Vec::with_capacity(*n);
                for _ in 0..*n {
                    items.push(self.value()?);
                }
                Value::Array(items)
            }
            Token::Number(start, end) => {
                let text = self.numbers.get(*start as usize..*end as usize).ok_or(Unsupported)?;
                spent(self.budget.number(text.len()))?;
                Value::Number(text)
            }
            Token::Bool(b) => {
                spent(self.budget.literal())?;
                Value::Bool(*b)
            }
            Token::Null => {
                spent(self.budget.literal())?;
                Value::Null
            }
        })
    }

    /// The UTF-8 of a string, borrowed; a lone surrogate has none (the text path keeps
    /// it as the invalid bytes the core then reports).
    fn text(&mut self, s: &'t Bound<'_, PyString>) -> Result<&'t str, Unsupported> {
        // Before the UTF-8 is made (a copy for a non-ASCII `str`).
        spent(self.budget.may_take_string(s.len().map_err(|_| Unsupported)?))?;
        let text = s.to_str().map_err(|_| Unsupported)?;
        spent(self.budget.string(text.len()))?;
        Ok(text)
    }
}

/// Gives up when the budget is spent.
fn spent(within: bool) -> Result<(), Unsupported> {
    if within { Ok(()) } else { Err(Unsupported) }
}
