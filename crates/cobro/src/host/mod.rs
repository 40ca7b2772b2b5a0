//! What a binding finds wrong with a host-language body before the core can read it
//! (DESIGN.md section 8), given back in the core's own codes, params and messages.
//!
//! Bindings turn native values (a JS object, a Python dict, a buffer) into JSON text for
//! the core. Two problems show up on the way, and each binding must report them the same
//! way, so the reports are built here:
//! - a buffer longer than the size limit: measured, never copied, so the core gets only
//!   its length ([`HostBodyError::TooLarge`]);
//! - a number JSON cannot hold (NaN, Infinity, -Infinity) inside an object: JSON text has
//!   no way to write it, and writing `null` instead would make the field look absent
//!   ([`HostBodyError::NonFinite`]).
//!
//! And one for arguments: text that is not valid Unicode (a lone UTF-16 surrogate) cannot
//! be hashed as UTF-8 without changing it ([`SigningError::not_unicode`]).
//!
//! The texts of the errors a binding raises in its host's own class (a `TypeError`) are
//! here too ([`HostText`]), so every binding words them alike.
//!
//! The bindings' fast paths, which write a host body as JSON text themselves or hand
//! the core a tree, take what they need of the core's writer and limits from
//! [`fast`], which is not a stable API.

use crate::code::Code;
use crate::json::JsonError;
use crate::limits::Limits;
use crate::prepare::{PrepareError, PrepareOptions};
use crate::reader::ParseError;
use crate::report::Report;
use crate::report::{Ctx, Path};
use crate::request::ValidateOptions;
use crate::signing::SigningError;
use crate::validation::unreadable;

#[doc(hidden)]
pub mod fast;

pub use crate::host_text::HostText;

/// One step of the path from a body's root to a value inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathStep {
    /// A member of an object.
    Key(String),
    /// An element of an array.
    Index(usize),
}

/// Why a binding could not hand a host body to the core as JSON text.
#[derive(Debug, Clone, PartialEq)]
pub enum HostBodyError {
    /// The body has `size` bytes, more than the limit ([`Limits::too_large`]).
    TooLarge {
        /// The body's length in bytes.
        size: usize,
    },
    /// A number JSON cannot hold (NaN, Infinity, -Infinity) at the path `at`.
    NonFinite {
        /// The steps from the root to the number.
        at: Vec<PathStep>,
        /// The number.
        value: f64,
    },
}

/// The type a number JSON can hold is named in the ERR_INVALID_TYPE issue of one it cannot.
const FINITE: &str = "finite number";

/// The usual name of a number JSON cannot hold: `NaN`, `Infinity` or `-Infinity`.
pub fn non_finite_name(value: f64) -> &'static str {
    if value.is_nan() {
        "NaN"
    } else if value > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    }
}

/// `f` of the report path of `steps` (built on the stack, as validation builds paths).
fn with_path<R>(steps: &[PathStep], f: impl FnOnce(&Path<'_>) -> R) -> R {
    fn walk<R>(parent: &Path<'_>, rest: &[PathStep], f: impl FnOnce(&Path<'_>) -> R) -> R {
        match rest.split_first() {
            None => f(parent),
            Some((PathStep::Key(k), tail)) => walk(&parent.body_key(k), tail, f),
            Some((PathStep::Index(i), tail)) => walk(&parent.index(*i), tail, f),
        }
    }
    walk(&Path::Root, steps, f)
}

/// The report path of `steps` as text (`items[0].name`), as issues write it: for a
/// binding's own error about a value of a host body.
pub fn path_text(steps: &[PathStep]) -> String {
    with_path(steps, |p| p.render())
}

impl HostBodyError {
    /// The report [`crate::validate`] would give if it could see the body: one error,
    /// ERR_BODY_TOO_LARGE at `""` (params `size`, `limit`) or ERR_INVALID_TYPE at the
    /// number's path (params `expected` "finite number", `found` its name).
    pub fn report(&self, options: &ValidateOptions<'_>) -> Report {
        match self {
            HostBodyError::TooLarge { size } => unreadable(
                &JsonError::TooLarge {
                    size: *size,
                    limit: options.limits().max_bytes,
                },
                options,
            ),
            HostBodyError::NonFinite { at, value } => {
                let mut ctx = Ctx::new(options.locale);
                let params = [("expected", FINITE), ("found", non_finite_name(*value))];
                with_path(at, |path| ctx.report(path, Code::InvalidType, &params));
                ctx.finish(options.strict)
            }
        }
    }

    /// The [`PrepareError`] a `prepare_*` function would give (the report of
    /// [`HostBodyError::report`] under the same options).
    pub fn prepare_error(&self, options: &PrepareOptions) -> PrepareError {
        let validate = ValidateOptions {
            strict: options.strict,
            locale: options.locale,
            max_bytes: options.max_bytes,
            payin_key: None,
            before_prepare: false,
        };
        PrepareError::Invalid(self.report(&validate))
    }

    /// The [`ParseError`] a parser would give (under [`Limits::default`], the parsers'
    /// limits): code ERR_BODY_TOO_LARGE, or ERR_INVALID_TYPE at the number's path.
    pub fn parse_error(&self) -> ParseError {
        match self {
            HostBodyError::TooLarge { size } => ParseError::body(&JsonError::TooLarge {
                size: *size,
                limit: Limits::default().max_bytes,
            }),
            HostBodyError::NonFinite { at, .. } => {
                ParseError::new(Code::InvalidType, &path_text(at), "a finite number")
            }
        }
    }
}

impl SigningError {
    /// The error of argument `name` whose text is not valid Unicode (a lone UTF-16
    /// surrogate, or bytes that are not UTF-8): it cannot be hashed as UTF-8 as given.
    pub fn not_unicode(name: &'static str) -> SigningError {
        SigningError::NotUnicode { name }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Locale;

    #[test]
    fn a_non_finite_number_is_a_wrong_type_at_its_path() {
        let e = HostBodyError::NonFinite {
            at: vec![
                PathStep::Key("metadata".into()),
                PathStep::Index(2),
                PathStep::Key("value".into()),
            ],
            value: f64::NAN,
        };
        let r = e.report(&ValidateOptions::default());
        assert!(!r.valid);
        let issue = &r.errors[0];
        assert_eq!(
            (&*issue.path.as_text(), issue.code),
            ("metadata[2].value", Code::InvalidType)
        );
        assert_eq!(
            issue.message(),
            "metadata[2].value must be of type finite number, not NaN"
        );
        let p = e.parse_error();
        assert_eq!((p.code, p.path.as_str()), (Code::InvalidType, "metadata[2].value"));
        for (n, name) in [(f64::INFINITY, "Infinity"), (f64::NEG_INFINITY, "-Infinity")] {
            assert_eq!(non_finite_name(n), name);
        }
    }

    #[test]
    fn a_measured_body_gets_the_report_of_a_read_one() {
        let options = ValidateOptions {
            locale: Locale::Es,
            max_bytes: Some(10),
            ..Default::default()
        };
        let measured = HostBodyError::TooLarge { size: 300 }.report(&options);
        let read = crate::validate(crate::Kind::Payin, &[b' '; 300], &options);
        assert_eq!(measured, read);
        let e = HostBodyError::TooLarge { size: 300 }.prepare_error(&PrepareOptions {
            max_bytes: Some(10),
            locale: Locale::Es,
            ..Default::default()
        });
        assert_eq!(e, PrepareError::Invalid(read));
        // A parser reads under the default limits.
        let size = Limits::default().read_at_most();
        let kind = crate::parse::DocumentKind::PayinResponse;
        let read = crate::parse::parse_document(kind, 200, &vec![b' '; size]).map(|_| ());
        assert_eq!(Err(HostBodyError::TooLarge { size }.parse_error()), read);
    }

    #[test]
    fn text_that_is_not_unicode_is_an_argument_error() {
        let e = SigningError::not_unicode("key");
        assert_eq!(e.code(), Code::NotUnicode);
        assert!(e.to_string().starts_with("key must be valid Unicode text"));
    }
}
