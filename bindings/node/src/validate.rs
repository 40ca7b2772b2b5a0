//! `validate` (DESIGN.md section 3): the report goes to JS in the packed form of
//! `packed.rs`, which `cobro.js` turns into the plain object (so
//! `JSON.stringify(validate(...))` is the core's `Report::to_json()`). `Report` and
//! `Issue` are declared here for the TypeScript types.

use cobro::{Kind, PrepareError};
use napi::Unknown;
use napi::bindgen_prelude::Utf16String;
use napi_derive::napi;

use crate::args::{Keys, locale, max_bytes, optional, optional_bool, optional_utf16, secret, string};
use crate::body::{Body, Read, bytes, bytes_to_send};
use crate::errors::{Res, Thrown, guard, prepare, signing};
use crate::packed::pack_utf16;

/// Options of `validate`.
#[napi(object, object_to_js = false)]
pub struct ValidateOptions<'a> {
    /// Turn warnings into errors.
    #[napi(ts_type = "boolean")]
    pub strict: Option<Unknown<'a>>,
    /// Language of the messages: `"en"` (default), `"es"` or `"pt"`.
    #[napi(ts_type = "'en' | 'es' | 'pt'")]
    pub locale: Option<Unknown<'a>>,
    /// Pay-ins: check payinVerification against this key.
    #[napi(ts_type = "string")]
    pub key: Option<Unknown<'a>>,
    /// Largest body accepted, in bytes: absent for the default of 1 MiB; 0 accepts no body.
    #[napi(ts_type = "number")]
    pub max_bytes: Option<Unknown<'a>>,
    /// Judge the body as `prepare*` will complete it (DESIGN.md section 5): what prepare
    /// fills draws no issue, and every error is one prepare refuses with.
    #[napi(ts_type = "boolean")]
    pub before_prepare: Option<Unknown<'a>>,
}

impl Keys for ValidateOptions<'_> {
    const KEYS: &'static [&'static str] = &["strict", "locale", "key", "maxBytes", "beforePrepare"];
}

/// One problem found in a request (the shape of the report JSON).
#[napi(object)]
// Declared for the generated TypeScript types; the value is built as a JS object.
#[allow(dead_code)]
pub struct Issue {
    /// Dotted field path, `[i]` for array indexes; `""` is the whole body.
    pub path: String,
    /// The stable code, e.g. `ERR_MISSING_FIELD` or `WARN_UNKNOWN_FIELD`.
    #[napi(ts_type = "import('./requests').IssueCode")]
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
// Declared for the generated TypeScript types; the value is built as a JS object.
#[allow(dead_code)]
pub struct Report {
    /// True when there is no error (warnings allowed unless `strict`).
    pub valid: bool,
    /// Problems that make the request invalid, in the order found.
    pub errors: Vec<Issue>,
    /// Hints and suggestions, in the order found.
    pub warnings: Vec<Issue>,
}

/// The request kind named by the argument `kind`: a string that is not a kind is the
/// core's `SigningError` ERR_INVALID_ARGUMENT, anything else a `TypeError`.
pub fn kind(value: Unknown<'_>) -> Res<Kind> {
    let name = string(value, "kind", "a string")?;
    Kind::parse(&name).map_err(|e| signing(&e))
}

/// Validates one request body of `kind` (`"virtual-account"`, `"subscription"`,
/// `"subscription-cancel"`, `"payin"`) and reports every problem at once. `body` is JSON
/// text, its bytes, or a plain object. Returns the report in the packed form of
/// `packed.rs`, which `cobro.js` turns into the plain object of DESIGN.md section 3
/// (declared in `cobro.d.ts`; `JSON.stringify` of it is the core's `Report::to_json()`).
/// Throws only for bad arguments (`TypeError`, also for an options key it does not
/// take; `SigningError` for an unusable key, and ERR_INVALID_ARGUMENT for an unknown
/// kind or locale); bad content is in the report. `cobro.js`
/// calls it when `fast.rs` declines a call.
#[napi]
pub fn validate(
    #[napi(ts_arg_type = "'virtual-account' | 'subscription' | 'subscription-cancel' | 'payin'")] kind: Unknown<'_>,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'_>,
    #[napi(ts_arg_type = "ValidateOptions | undefined | null")] options: Option<Unknown<'_>>,
) -> napi::Result<Utf16String, Thrown> {
    guard(|| Ok(Utf16String::from(pack_utf16(&run(kind, &body, options)?))))
}

/// Validates as `validate` does, then throws `ValidationError` (code
/// ERR_INVALID_REQUEST, `.report`, `.errors`: the report's errors only) when the report
/// is invalid; returns the report (packed, as `validate`) otherwise. `cobro.js` unpacks
/// it; `cobro.d.ts` declares the plain object.
#[napi]
pub fn ensure_valid(
    #[napi(ts_arg_type = "'virtual-account' | 'subscription' | 'subscription-cancel' | 'payin'")] kind: Unknown<'_>,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'_>,
    #[napi(ts_arg_type = "ValidateOptions | undefined | null")] options: Option<Unknown<'_>>,
) -> napi::Result<Utf16String, Thrown> {
    guard(|| {
        let report = run(kind, &body, options)?;
        if !report.valid {
            return Err(prepare(PrepareError::Invalid(report)));
        }
        Ok(Utf16String::from(pack_utf16(&report)))
    })
}

/// The report of `validate` and `ensureValid`.
fn run(kind: Unknown<'_>, body: &Body<'_>, options: Option<Unknown<'_>>) -> Res<cobro::Report> {
    let kind = self::kind(kind)?;
    let o = optional::<ValidateOptions>(options, "options")?.unwrap_or(ValidateOptions {
        strict: None,
        locale: None,
        key: None,
        max_bytes: None,
        before_prepare: None,
    });
    let strict = optional_bool(o.strict, "strict")?.unwrap_or(false);
    let locale = locale(o.locale)?;
    let key = optional_utf16(o.key, "key")?.map(|k| secret(&k, "key")).transpose()?;
    let options = cobro::ValidateOptions {
        strict,
        locale,
        max_bytes: max_bytes(o.max_bytes)?,
        payin_key: key.as_ref(),
        before_prepare: optional_bool(o.before_prepare, "beforePrepare")?.unwrap_or(false),
    };
    // Before prepare, a body is read as prepare reads it.
    let read = if options.before_prepare { bytes_to_send } else { bytes };
    Ok(match read(body, &options.limits())? {
        Read::Bytes(bytes) => cobro::validate(kind, &bytes, &options),
        Read::Host(e) => e.report(&options),
    })
}
