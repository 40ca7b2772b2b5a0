//! `validate` (DESIGN.md section 3): the report goes to JS as compact text that
//! `cobro.js` turns into the plain object (so `JSON.stringify(validate(...))` is the
//! core's `Report::to_json()`). `Report` and `Issue` are declared here for the
//! TypeScript types.

use std::borrow::Cow;

use cobro::Kind;
use napi_derive::napi;

use crate::args::{locale, max_bytes, secret};
use crate::body::{Body, bytes};
use crate::errors::{Res, Thrown, guard, type_error};

/// Options of `validate`.
#[napi(object)]
pub struct ValidateOptions {
    /// Turn warnings into errors.
    pub strict: Option<bool>,
    /// Language of the messages: `"en"` (default) or `"es"`.
    #[napi(ts_type = "'en' | 'es'")]
    pub locale: Option<String>,
    /// Pay-ins: check payinVerification against this key.
    pub key: Option<String>,
    /// Largest body accepted, in bytes (default 1 MiB).
    pub max_bytes: Option<f64>,
}

/// One problem found in a request (the shape of the report JSON).
#[napi(object)]
#[allow(dead_code)]
pub struct Issue {
    /// Dotted field path, `[i]` for array indexes; `""` is the whole body.
    pub path: String,
    /// The stable code, e.g. `ERR_MISSING_FIELD` or `WARN_UNKNOWN_FIELD`.
    pub code: String,
    /// The message in the report's locale; it never contains the field's value.
    pub message: String,
    /// `"error"` or `"warning"`.
    #[napi(ts_type = "'error' | 'warning'")]
    pub severity: String,
    /// The rule's figures as strings, in the core's order.
    #[napi(ts_type = "Record<string, string>")]
    pub params: Record,
}

/// A string-to-string record.
pub type Record = std::collections::HashMap<String, String>;

/// The outcome of validating one request (DESIGN.md section 3).
#[napi(object)]
#[allow(dead_code)]
pub struct Report {
    /// True when there is no error (warnings allowed unless `strict`).
    pub valid: bool,
    /// Problems that make the request invalid, in the order found.
    pub errors: Vec<Issue>,
    /// Hints and suggestions, in the order found.
    pub warnings: Vec<Issue>,
}

/// The request kind named `name`.
pub fn kind(name: &str) -> Res<Kind> {
    Kind::from_name(name).ok_or_else(|| {
        let names = Kind::ALL.map(Kind::as_str).join(", ");
        type_error("kind", &format!("one of: {names}"))
    })
}

/// The report in the compact form `cobro.js` decodes: fields separated by NUL: `valid`
/// (`1` or `0`), the number of errors, then for each error and then each warning its
/// path, code, message, severity, number of params and each param's name and value.
/// Splitting this text and building the objects in JS is about twice as fast as
/// `JSON.parse` of the report's JSON, and several times faster than setting each
/// property through napi (benches/node/RESULTS.md). A report with a NUL in any field
/// (a body's key may hold one) is sent as the core's JSON text instead, which starts
/// with `{`.
fn compact(r: &cobro::Report) -> String {
    let mut out = String::with_capacity(16 + 160 * (r.errors.len() + r.warnings.len()));
    out.push(if r.valid { '1' } else { '0' });
    out.push('\0');
    out.push_str(&r.errors.len().to_string());
    for i in r.errors.iter().chain(&r.warnings) {
        let message = i.message();
        let fields = [i.path.as_str(), i.code.as_str(), &message, i.severity.as_str()];
        let params = i.params.iter().flat_map(|(k, v)| [*k, v.as_str()]);
        if fields.iter().copied().chain(params.clone()).any(|f| f.contains('\0')) {
            return r.to_json();
        }
        for f in fields {
            out.push('\0');
            out.push_str(f);
        }
        out.push('\0');
        out.push_str(&i.params.len().to_string());
        for f in params {
            out.push('\0');
            out.push_str(f);
        }
    }
    out
}

/// Validates one request body of `kind` (`"virtual-account"`, `"subscription"`,
/// `"subscription-cancel"`, `"payin"`) and reports every problem at once. `body` is JSON
/// text, its bytes, or a plain object. Returns the report in a compact text form that
/// `cobro.js` turns into the plain object of DESIGN.md section 3 (declared in
/// `cobro.d.ts`; `JSON.stringify` of it is the core's `Report::to_json()`). Throws only
/// for bad arguments (`TypeError`, `SigningError` for an unusable key); bad content is in
/// the report.
#[napi]
pub fn validate(
    #[napi(ts_arg_type = "'virtual-account' | 'subscription' | 'subscription-cancel' | 'payin'")] kind: String,
    #[napi(ts_arg_type = "string | Uint8Array | object")] body: Body<'_>,
    options: Option<ValidateOptions>,
) -> napi::Result<String, Thrown> {
    guard(|| run(&kind, options, |max_bytes| bytes(&body, max_bytes)))
}

/// `validate` for a body given as JSON text, with the default options: what `cobro.js`
/// calls when no options are given and the body is a string (or an object once written
/// by `JSON.stringify`). Plain `string` arguments and no options argument spare napi-rs's
/// conversions of the three-way body and the options object (about 0.1 µs of a 0.7 µs
/// call, benches/node/RESULTS.md); not part of the package's exports or types (cobro.js
/// removes it; no TypeScript declaration is generated).
#[napi(skip_typescript)]
pub fn validate_text(kind: String, body: String) -> napi::Result<String, Thrown> {
    guard(|| run(&kind, None, |_| Ok(Cow::Borrowed(body.as_bytes()))))
}

/// Reads the arguments, validates the body `read` gives (within the size limit it is
/// passed) and returns the compact report.
fn run<'b>(
    kind: &str,
    options: Option<ValidateOptions>,
    read: impl FnOnce(usize) -> Res<Cow<'b, [u8]>>,
) -> Res<String> {
    let kind = self::kind(kind)?;
    let o = options.unwrap_or(ValidateOptions {
        strict: None,
        locale: None,
        key: None,
        max_bytes: None,
    });
    let key = o.key.map(secret).transpose()?;
    let max_bytes = max_bytes(o.max_bytes)?;
    let options = cobro::ValidateOptions {
        strict: o.strict.unwrap_or(false),
        locale: locale(o.locale.as_deref())?,
        max_bytes,
        payin_key: key.as_ref(),
    };
    let bytes = read(max_bytes)?;
    Ok(compact(&cobro::validate(kind, &bytes, &options)))
}
