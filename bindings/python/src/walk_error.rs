//! Why the walk of a Python body stopped, and the exception or core report that
//! makes of it: a `TypeError` naming the path and the Python type (the core's
//! [`HostText`]s), a `RuntimeError` for a `dict` changed while read, the core's report
//! for a number JSON cannot hold.

use cobro::host::HostText;
use cobro::{HostBodyError, PathStep};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;

/// Why the walk of a `dict`/`list` body stopped.
pub enum Stop {
    /// An error of Python's (a `__str__` that raised) or of the body as a whole.
    Py(PyErr),
    /// A value the body cannot hold, at `path` (innermost key or index first).
    At(Vec<PathStep>, Problem),
}

/// What is wrong with a value of the body; each names a Python type, never a value.
pub enum Problem {
    /// No JSON form at all (a `set`, an `object()`): the type's name.
    NotJson(String),
    /// A number JSON cannot hold (NaN, an infinity): the core reports it.
    NonFinite(f64),
    /// A number whose text is not a JSON number: the type's name.
    NotNumber(String),
    /// A `dict` key that is not a `str`: the key's type name.
    Key(String),
    /// The `dict` changed size or keys while it was read (by a `__str__` of a value).
    Changed,
    /// A `float` in an amount field ([`cobro::amount::AmountPlace`]): refused as a
    /// `float` amount argument is, since a float cannot hold most decimal amounts.
    FloatAmount,
}

impl From<PyErr> for Stop {
    fn from(e: PyErr) -> Stop {
        Stop::Py(e)
    }
}

impl Stop {
    /// Adds the key or index under which the value stopping the walk lies.
    pub fn within(self, step: impl FnOnce() -> PathStep) -> Stop {
        match self {
            Stop::At(mut path, problem) => {
                path.push(step());
                Stop::At(path, problem)
            }
            py => py,
        }
    }

    /// What the stop means: for a number JSON cannot hold, the core's judgement of the
    /// body (its report, see [`with_body`]); otherwise an exception: a `TypeError` naming
    /// the path and the type for a value the body cannot hold (a bad argument, DESIGN.md
    /// 3), a `RuntimeError` for a `dict` changed while it was read (as Python's own
    /// iteration raises).
    pub fn outcome(self) -> PyResult<HostBodyError> {
        let (path, problem) = match self {
            Stop::Py(e) => return Err(e),
            Stop::At(mut at, Problem::NonFinite(value)) => {
                at.reverse();
                return Ok(HostBodyError::NonFinite { at, value });
            }
            Stop::At(mut path, problem) => {
                path.reverse();
                (path, problem)
            }
        };
        let at = cobro::host::path_text(&path);
        let value = HostText::body_value(&at);
        let dict = HostText::body_object(&at, "dict");
        Err(match problem {
            Problem::NotJson(found) => PyTypeError::new_err(HostText::BodyValueNotJson.render(&[
                ("value", &value),
                ("accepted", "None, bool, int, float, Decimal, str, list, tuple or dict"),
                ("found", &found),
            ])),
            Problem::NotNumber(found) => {
                PyTypeError::new_err(HostText::BodyValueNotNumber.render(&[("value", &value), ("found", &found)]))
            }
            Problem::Key(found) => PyTypeError::new_err(HostText::BodyKeyNotText.render(&[
                ("object", &dict),
                ("text", "a str"),
                ("found", &found),
            ])),
            Problem::FloatAmount => PyTypeError::new_err(HostText::AmountFloat.render(&[
                ("name", &value),
                ("instead", "a decimal.Decimal, a str such as \"150.50\" or an int"),
            ])),
            Problem::Changed => PyRuntimeError::new_err(
                HostText::BodyChanged.render(&[("object", &dict), ("how", "by a __str__ or __repr__ of its values")]),
            ),
            // Taken out above.
            Problem::NonFinite(_) => PyRuntimeError::new_err("the body holds a number JSON cannot hold"),
        })
    }
}

/// The name of `obj`'s type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_string())
}
