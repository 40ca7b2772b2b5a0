//! The one place where the core's errors become JS errors (STYLE.md 6, 7), and where a
//! panic is caught before it can reach Node.
//!
//! The native error's `code` names the class `errors.js` gives it (`SigningError`,
//! `ValidationError`, `ParseError`, `VerificationError`, `DocumentError`, `CobroError`,
//! `TypeError`); its message is JSON text `{"code", "message", ...}` with the core's
//! code and message (a `TypeError`'s is the binding's own text). A failure of a napi
//! call has the code `NapiError` and napi's reason, which `errors.js` rewrites like
//! napi's own argument errors, since napi quotes the offending value. `cobro.js` catches the native error and throws the class; the
//! generated `index.js` is never the public entry point. No message carries a secret or
//! a personal value: the core's messages never do, and the binding's own name only the
//! argument and the JS type.

use std::panic::{AssertUnwindSafe, catch_unwind};

use cobro::host::HostText;
use cobro::parse::ParseError;
use cobro::payin::notification::NotificationError;
use cobro::{PrepareError, SigningError, VerifyError};
use napi_derive::napi;
use serde_json::{Map, Value};

/// The status of a thrown native error: the JS class to throw.
pub struct Thrown(&'static str);

impl AsRef<str> for Thrown {
    fn as_ref(&self) -> &str {
        self.0
    }
}

/// Why an export failed, before it is thrown.
pub enum Fail {
    /// A failure of a napi call or of napi's own argument conversion.
    Napi(napi::Error),
    /// A class of `errors.js` with its fields.
    Class(&'static str, Map<String, Value>),
    /// A plain JS `TypeError`.
    Type(String),
}

impl From<napi::Error> for Fail {
    fn from(e: napi::Error) -> Fail {
        Fail::Napi(e)
    }
}

/// What the binding's functions return.
pub type Res<T> = Result<T, Fail>;

fn class(code: &str, message: String) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("code".into(), Value::from(code));
    m.insert("message".into(), Value::from(message));
    m
}

/// `SigningError` with the core's code (ERR_EMPTY_SECRET, ERR_INVALID_AMOUNT...).
pub fn signing(e: &SigningError) -> Fail {
    Fail::Class("SigningError", class(e.code().as_str(), e.to_string()))
}

/// `VerificationError` with the provider's code.
pub fn verify(e: &VerifyError) -> Fail {
    Fail::Class("VerificationError", class(e.code().as_str(), e.to_string()))
}

/// `ValidationError` with `.report` (the core's report JSON) and `.errors`, code
/// ERR_INVALID_REQUEST, or a [`signing`] error.
pub fn prepare(e: PrepareError) -> Fail {
    match e {
        PrepareError::Signing(s) => signing(&s),
        PrepareError::Invalid(report) => {
            let message = report.invalid_message(report.locale());
            let mut m = class(cobro::Code::InvalidRequest.as_str(), message);
            let parsed = serde_json::from_str::<Value>(&report.to_json()).unwrap_or(Value::Null);
            m.insert("report".into(), parsed);
            Fail::Class("ValidationError", m)
        }
    }
}

/// `ParseError` with the core's code, `.path` and `.offset` (null unless the JSON is
/// unreadable).
pub fn parse(e: &ParseError) -> Fail {
    let mut m = class(e.code.as_str(), e.to_string());
    m.insert("path".into(), Value::from(e.path.as_str()));
    m.insert("offset".into(), e.offset.map_or(Value::Null, Value::from));
    Fail::Class("ParseError", m)
}

/// An unreadable notification is a [`parse`] error; a missing or wrong signature is a
/// `VerificationError` with ERR_MISSING_SIGNATURE or ERR_INVALID_SIGNATURE.
pub fn notification(e: &NotificationError) -> Fail {
    match e {
        NotificationError::Parse(p) => parse(p),
        other => Fail::Class("VerificationError", class(other.code().as_str(), other.to_string())),
    }
}

/// `DocumentError` with the core's code and message (an invalid number, or a country or
/// type the core has no check for).
pub fn document(code: &str, message: String) -> Fail {
    Fail::Class("DocumentError", class(code, message))
}

/// `CobroError` with `code` and `message`: thrown as itself for a bug ([`internal`]) and
/// for a mock that cannot start (ERR_MOCK_NOT_STARTED, with the mock's message).
pub fn cobro_error(code: cobro::Code, message: String) -> Fail {
    Fail::Class("CobroError", class(code.as_str(), message))
}

/// `CobroError` ERR_INTERNAL: a bug of cobro. The message says so and carries none of
/// the inputs.
pub fn internal() -> Fail {
    let code = cobro::Code::Internal;
    cobro_error(code, code.template(cobro::Locale::En).to_string())
}

/// A `TypeError` naming the argument and the types it accepts (never its value), in the
/// core's words ([`HostText`]).
pub fn type_error(name: &str, expected: &str) -> Fail {
    Fail::Type(HostText::ArgumentType.render(&[("name", name), ("expected", expected)]))
}

/// A `TypeError` naming the argument, the types it accepts and the JS type it was given.
pub fn type_error_found(name: &str, expected: &str, found: &str) -> Fail {
    Fail::Type(HostText::ArgumentTypeFound.render(&[("name", name), ("expected", expected), ("found", found)]))
}

fn thrown(fail: Fail) -> napi::Error<Thrown> {
    match fail {
        // napi's reasons may quote the argument's value: `errors.js` rewrites them.
        Fail::Napi(e) => napi::Error::new(Thrown("NapiError"), e.reason),
        Fail::Type(message) => napi::Error::new(Thrown("TypeError"), message),
        Fail::Class(name, fields) => napi::Error::new(Thrown(name), Value::Object(fields).to_string()),
    }
}

/// Runs `f`, turning its failure into the native error protocol and a panic into
/// `CobroError` (code ERR_INTERNAL): a panic is a bug of the core; the message says so
/// and carries none of the inputs.
pub fn guard<T>(f: impl FnOnce() -> Res<T>) -> napi::Result<T, Thrown> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result.map_err(thrown),
        Err(_) => Err(thrown(internal())),
    }
}

/// The core's catalogue of codes as its JSON text ([`cobro::catalogue_json`]): `codes()`
/// of `cobro.js` parses it, and `errors.js` reads ERR_INTERNAL's message from it.
/// Internal (no type in `index.d.ts`; `cobro.js` removes it from its exports).
#[napi(skip_typescript)]
pub fn catalogue_json() -> String {
    cobro::catalogue_json()
}
