//! Answers, notifications and catalogues (DESIGN.md section 6) as plain objects.
//!
//! Each parsed value is the core's serde JSON written straight into JS objects (keys
//! and order as the core serializes them), with two changes: the QR image `qr_png` is a
//! `Buffer` of the PNG bytes instead of Base64 text, and every integer the core holds in
//! 64 bits (ids, codes, display orders) is a decimal string, so no digit is lost beyond
//! 2^53 ([`crate::text64`]); the objects of records with personal fields carry a
//! non-enumerable mark that `cobro.js` turns into a redacted `util.inspect`
//! ([`crate::personal`]). The binding holds no field list; the TypeScript shapes of
//! the values are written by hand in `parsed.d.ts` (napi cannot generate them from the
//! core's serde types) and named here with `import('./parsed')`.

use cobro::parse::{DEFAULT_HTTP_STATUS, DocumentKind, Parsed, parse_document};
use cobro::payin::response::Experience;
use napi::bindgen_prelude::{BigInt, Buffer, Either3, FromNapiValue, JsObjectValue, Object};
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::{Keys, http_status, optional, options as required_options, secret, state_id, string};
use crate::body::{Body, Read, document_bytes};
use crate::errors::{Res, Thrown, guard, notification, parse as parse_error, signing};
use crate::personal;
use crate::text64::{Nested, Trail};
use crate::utf16::Utf16Text;

/// `value` as JS values: the core's serde JSON, with 64-bit integers as decimal strings
/// ([`crate::text64`]) and the objects holding personal values marked
/// ([`crate::personal`]).
pub fn to_js<'e>(env: &'e Env, value: &impl serde::Serialize) -> Res<Unknown<'e>> {
    let trail = Trail::default();
    let js = env.to_js_value(&Nested::new(value, &trail))?;
    personal::mark(env, js, trail.into_found())?;
    Ok(js)
}

/// A pay-in answer, with the QR image as a `Buffer`.
fn payin_response<'e>(env: &'e Env, r: &cobro::payin::response::PayinResponse) -> Res<Unknown<'e>> {
    let js = to_js(env, r)?;
    if let Experience::Qr { qr_png, .. } = &r.experience {
        let outer = Object::from_unknown(js)?;
        let mut experience: Object<'_> = outer.get_named_property("experience")?;
        experience.set("qr_png", Buffer::from(qr_png.clone()))?;
    }
    Ok(js)
}

/// The document kind named by the argument `document`: a string that is not a document
/// name is the core's `SigningError` ERR_INVALID_ARGUMENT, anything else a `TypeError`.
fn document_kind(value: Unknown<'_>) -> Res<DocumentKind> {
    let name = string(value, "document", "a string")?;
    DocumentKind::parse(&name).map_err(|e| signing(&e))
}

/// Options of `parse` and `parseVirtualAccountResponse`.
#[napi(object)]
pub struct ParseOptions {
    /// The answer's HTTP status; it matters only for `virtual-account-response`
    /// (default 200).
    pub http_status: Option<f64>,
}

impl Keys for ParseOptions {
    const KEYS: &'static [&'static str] = &["httpStatus"];
}

/// The HTTP status of the options argument `options`.
fn status(options: Option<Unknown<'_>>) -> Res<u16> {
    http_status(optional::<ParseOptions>(options, "options")?.and_then(|o| o.http_status))
}

/// `body` parsed as a document of `kind`, as JS values.
fn parsed<'e>(env: &'e Env, kind: DocumentKind, status: u16, body: &Body<'e>) -> Res<Unknown<'e>> {
    let bytes = match document_bytes(body)? {
        Read::Bytes(bytes) => bytes,
        Read::Host(e) => return Err(parse_error(&e.parse_error())),
    };
    match parse_document(kind, status, &bytes).map_err(|e| parse_error(&e))? {
        Parsed::VirtualAccountResponse(v) => to_js(env, &v),
        Parsed::SubscriptionResponse(v) => to_js(env, &v),
        Parsed::PayinResponse(v) => payin_response(env, &v),
        Parsed::PayinNotification(v) => to_js(env, &v),
        Parsed::SubscriptionWebhook(v) => to_js(env, &v),
        Parsed::DepositNotification(v) => to_js(env, &v),
    }
}

/// `body` parsed as a document of `kind` that has no HTTP status to pass.
fn document<'e>(env: &'e Env, kind: DocumentKind, body: &Body<'e>) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| parsed(env, kind, DEFAULT_HTTP_STATUS, body))
}

/// Parses an answer or notification of the service: `document` is
/// `virtual-account-response`, `subscription-response`, `payin-response`,
/// `payin-notification`, `subscription-webhook` or `deposit-notification`; `body` is
/// JSON text, its bytes, or a plain object. Returns the core's value as a plain object
/// (the QR image `experience.qr_png` as a `Buffer`, 64-bit integers as decimal
/// strings); the error answers of the API are values, not exceptions. Throws
/// `ParseError` (`.code`, `.path`, `.offset`) for a body that is not such a document.
/// `cobro.d.ts` gives one overload per document with its precise type.
#[napi(ts_return_type = "import('./parsed').ParsedDocument")]
pub fn parse<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "import('./parsed').DocumentName")] document: Unknown<'e>,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'e>,
    #[napi(ts_arg_type = "ParseOptions | undefined | null")] options: Option<Unknown<'e>>,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        let kind = document_kind(document)?;
        let status = status(options)?;
        parsed(env, kind, status, &body)
    })
}

/// Spec 2.2 / 7.1: the answer to a virtual-account creation, `parse('virtual-account-response', ...)`:
/// the created account (`outcome: 'account'`) or the API's error object (`outcome: 'error'`).
#[napi(ts_return_type = "import('./parsed').VirtualAccountAnswer")]
pub fn parse_virtual_account_response<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'e>,
    #[napi(ts_arg_type = "ParseOptions | undefined | null")] options: Option<Unknown<'e>>,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        let status = status(options)?;
        parsed(env, DocumentKind::VirtualAccountResponse, status, &body)
    })
}

/// Spec 2.3 / 7.2: the answer to a subscription creation or cancellation,
/// `parse('subscription-response', ...)` (`outcome` `created`, `cancelled` or `error`).
#[napi(ts_return_type = "import('./parsed').SubscriptionAnswer")]
pub fn parse_subscription_response<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'e>,
) -> napi::Result<Unknown<'e>, Thrown> {
    document(env, DocumentKind::SubscriptionResponse, &body)
}

/// Spec 2.8 / 4.4: the answer to a pay-in creation, `parse('payin-response', ...)`; its
/// `experience.kind` says what to show the shopper.
#[napi(ts_return_type = "import('./parsed').PayinResponse")]
pub fn parse_payin_response<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'e>,
) -> napi::Result<Unknown<'e>, Thrown> {
    document(env, DocumentKind::PayinResponse, &body)
}

/// The pay-in payment notification, `parse('payin-notification', ...)`, NOT verified:
/// use `verifyPayinNotification` before acting on it.
#[napi(ts_return_type = "import('./parsed').PayinNotification")]
pub fn parse_payin_notification<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'e>,
) -> napi::Result<Unknown<'e>, Thrown> {
    document(env, DocumentKind::PayinNotification, &body)
}

/// The subscription webhook, `parse('subscription-webhook', ...)` (unsigned: the
/// provider recommends IP allow-listing).
#[napi(ts_return_type = "import('./parsed').SubscriptionWebhook")]
pub fn parse_subscription_webhook<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'e>,
) -> napi::Result<Unknown<'e>, Thrown> {
    document(env, DocumentKind::SubscriptionWebhook, &body)
}

/// The virtual-account deposit notification, `parse('deposit-notification', ...)`.
#[napi(ts_return_type = "import('./parsed').DepositNotification")]
pub fn parse_deposit_notification<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'e>,
) -> napi::Result<Unknown<'e>, Thrown> {
    document(env, DocumentKind::DepositNotification, &body)
}

/// Options of `verifyPayinNotification`.
#[napi(object, object_to_js = false)]
pub struct VerifyPayinNotificationOptions {
    /// The pay-in key.
    #[napi(ts_type = "string")]
    pub key: Utf16Text,
}

impl Keys for VerifyPayinNotificationOptions {
    const KEYS: &'static [&'static str] = &["key"];
}

/// Parses a pay-in payment notification and checks its payinVerification; returns the
/// notification as `parse('payin-notification', body)` does, or throws
/// `VerificationError` (`.code` ERR_MISSING_SIGNATURE, ERR_INVALID_SIGNATURE) or
/// `ParseError`.
#[napi(ts_return_type = "import('./parsed').PayinNotification")]
pub fn verify_payin_notification<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | ArrayBuffer | object")] body: Body<'e>,
    #[napi(ts_arg_type = "VerifyPayinNotificationOptions")] options: Unknown<'e>,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        let options: VerifyPayinNotificationOptions = required_options(options, "options")?;
        let key = secret(&options.key, "key")?;
        let bytes = match document_bytes(&body)? {
            Read::Bytes(bytes) => bytes,
            Read::Host(e) => return Err(parse_error(&e.parse_error())),
        };
        let n = cobro::payin::notification::verify_payin_notification(&bytes, &key).map_err(|e| notification(&e))?;
        to_js(env, &n)
    })
}

/// What a pay-in creation code (`payinErrorCode`) means, or `null`.
#[napi(ts_return_type = "import('./parsed').CodeInfo | null")]
pub fn payin_creation_code<'e>(env: &'e Env, code: String) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &cobro::payin::catalog::payin_creation_code(&code)))
}

/// What a payment confirmation code (`payinStatusErrorCode`, `errorDetails.codeErrorTrx`)
/// means, or `null`.
#[napi(ts_return_type = "import('./parsed').CodeInfo | null")]
pub fn payment_confirmation_code<'e>(env: &'e Env, code: String) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &cobro::payin::catalog::payment_confirmation_code(&code)))
}

/// The pay-in state `id` (`payinStateID`: a whole number, a bigint or the decimal string
/// a parsed notification holds), or `null` for an id the catalogue does not list.
#[napi(ts_return_type = "import('./parsed').PayinState | null")]
pub fn payin_state<'e>(env: &'e Env, id: Either3<f64, BigInt, String>) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        let state = cobro::payin::catalog::payin_state(state_id(id, "id")?);
        to_js(env, &state)
    })
}

/// What a subscription error code (B400..B500, E401, 9025, 9099) means, or `null`.
#[napi(ts_return_type = "import('./parsed').SubscriptionCode | null")]
pub fn subscription_error_code<'e>(env: &'e Env, code: String) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &cobro::subscription::response::subscription_error_code(&code)))
}

/// What a virtual-account error code means, or `null`.
#[napi(ts_return_type = "import('./parsed').CodeInfo | null")]
pub fn virtual_account_error_code<'e>(env: &'e Env, code: String) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &cobro::virtual_account::catalog::virtual_account_error_code(&code)))
}
