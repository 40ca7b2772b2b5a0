//! Answers, notifications and catalogues (DESIGN.md section 6) as plain objects.
//!
//! Each parsed value is the core's serde JSON written straight into JS objects (keys
//! and order as the core serializes them), with one change: the QR image `qr_png` is a
//! `Buffer` of the PNG bytes instead of Base64 text. The binding holds no field list.

use cobro::parse::{DocumentKind, Parsed, parse_document};
use cobro::payin::response::Experience;
use napi::bindgen_prelude::{Buffer, FromNapiValue, JsObjectValue, Object};
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::{http_status, secret, whole};
use crate::body::{Body, bytes};
use crate::errors::{Res, Thrown, guard, notification, parse as parse_error, type_error};

/// `value` as JS values: the core's serde JSON.
fn to_js<'e>(env: &'e Env, value: &impl serde::Serialize) -> Res<Unknown<'e>> {
    Ok(env.to_js_value(value)?)
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

/// The document kind named `name`.
fn document_kind(name: &str) -> Res<DocumentKind> {
    DocumentKind::from_name(name).ok_or_else(|| {
        let names = DocumentKind::ALL.map(DocumentKind::as_str).join(", ");
        type_error("document", &format!("one of: {names}"))
    })
}

/// Options of `parse`.
#[napi(object)]
pub struct ParseOptions {
    /// The answer's HTTP status; it matters only for `virtual-account-response`
    /// (default 200).
    pub http_status: Option<f64>,
}

/// Parses an answer or notification of the service: `document` is
/// `virtual-account-response`, `subscription-response`, `payin-response`,
/// `payin-notification`, `subscription-webhook` or `deposit-notification`; `body` is
/// JSON text, its bytes, or a plain object. Returns the core's value as a plain object
/// (the QR image `experience.qr_png` as a `Buffer`); the error answers of the API are
/// values, not exceptions. Throws `ParseError` (`.code`, `.path`, `.offset`) for a body
/// that is not such a document.
#[napi(ts_return_type = "Record<string, any>")]
pub fn parse<'e>(
    env: &'e Env,
    document: String,
    #[napi(ts_arg_type = "string | Uint8Array | object")] body: Body<'e>,
    options: Option<ParseOptions>,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        let kind = document_kind(&document)?;
        let status = http_status(options.and_then(|o| o.http_status))?;
        let bytes = bytes(&body, 0)?;
        match parse_document(kind, status, &bytes).map_err(|e| parse_error(&e))? {
            Parsed::VirtualAccountResponse(v) => to_js(env, &v),
            Parsed::SubscriptionResponse(v) => to_js(env, &v),
            Parsed::PayinResponse(v) => payin_response(env, &v),
            Parsed::PayinNotification(v) => to_js(env, &v),
            Parsed::SubscriptionWebhook(v) => to_js(env, &v),
            Parsed::DepositNotification(v) => to_js(env, &v),
        }
    })
}

/// Options of `verifyPayinNotification`.
#[napi(object)]
pub struct VerifyPayinNotificationOptions {
    /// The pay-in key.
    pub key: String,
}

/// Parses a pay-in payment notification and checks its payinVerification; returns the
/// notification as `parse('payin-notification', body)` does, or throws
/// `VerificationError` (`.code` ERR_MISSING_SIGNATURE, ERR_INVALID_SIGNATURE) or
/// `ParseError`.
#[napi(ts_return_type = "Record<string, any>")]
pub fn verify_payin_notification<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | object")] body: Body<'e>,
    options: VerifyPayinNotificationOptions,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        let key = secret(options.key)?;
        let bytes = bytes(&body, 0)?;
        let n = cobro::payin::notification::verify_payin_notification(&bytes, &key).map_err(|e| notification(&e))?;
        to_js(env, &n)
    })
}

/// What a pay-in creation code (`payinErrorCode`) means, or `null`.
#[napi(ts_return_type = "Record<string, any> | null")]
pub fn payin_creation_code<'e>(env: &'e Env, code: String) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &cobro::payin::catalog::payin_creation_code(&code)))
}

/// What a payment confirmation code (`payinStatusErrorCode`) means, or `null`.
#[napi(ts_return_type = "Record<string, any> | null")]
pub fn payment_confirmation_code<'e>(env: &'e Env, code: String) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &cobro::payin::catalog::payment_confirmation_code(&code)))
}

/// The pay-in state `id` (`payinStateID`), or `null`.
#[napi(ts_return_type = "Record<string, any> | null")]
pub fn payin_state<'e>(env: &'e Env, id: f64) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &cobro::payin::catalog::payin_state(whole(id, "id")?)))
}

/// What a subscription error code (B400..B500, E401, 9025, 9099) means, or `null`.
#[napi(ts_return_type = "Record<string, any> | null")]
pub fn subscription_error_code<'e>(env: &'e Env, code: String) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &cobro::subscription::response::subscription_error_code(&code)))
}

/// What a virtual-account error code means, or `null`.
#[napi(ts_return_type = "Record<string, any> | null")]
pub fn virtual_account_error_code<'e>(env: &'e Env, code: String) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &cobro::virtual_account::catalog::virtual_account_error_code(&code)))
}
