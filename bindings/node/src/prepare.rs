//! Prepared requests (spec section 4, DESIGN.md section 5): `{method, path, headers,
//! body}` ready for `fetch`, headers as a plain object in order.

use cobro::PrepareOptions;
use napi::Env;
use napi::bindgen_prelude::Object;
use napi_derive::napi;

use crate::args::{civil_date, locale, max_bytes, secret, unix_seconds};
use crate::body::{Body, bytes};
use crate::errors::{Res, Thrown, guard, prepare};
use crate::signing::{deposit_mode, header_object, signature_variant};

/// A request ready to send: join `path` to the API's base URL and send `headers` and
/// `body` (the exact text that was signed).
#[napi(object)]
#[allow(dead_code)]
pub struct PreparedRequest {
    /// The HTTP method (`POST`).
    pub method: String,
    /// The path to join to the base URL.
    pub path: String,
    /// The headers in order.
    #[napi(ts_type = "Record<string, string>")]
    pub headers: crate::validate::Record,
    /// The exact body text.
    pub body: String,
}

/// Options common to every `prepare*` function.
#[napi(object)]
pub struct PrepareArgs {
    /// The pay-in or subscription key.
    pub key: Option<String>,
    /// Virtual accounts: the API key.
    pub api_key: Option<String>,
    /// Virtual accounts: the secret.
    pub secret: Option<String>,
    /// Virtual accounts: `OWNER` or `ANY`.
    #[napi(ts_type = "'OWNER' | 'ANY'")]
    pub deposit_mode: Option<String>,
    /// Virtual accounts: Unix seconds; defaults to the system clock.
    pub now: Option<f64>,
    /// Virtual accounts: the text X-Signature covers, `'spec'` (timestamp + API key, the
    /// default) or `'reference_id'` (then the body's owner.referenceId, as the provider's
    /// reference code signs).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<String>,
    /// Pay-ins: `"YYYY-MM-DD"`; defaults to today's UTC date.
    pub today: Option<String>,
    /// Pay-ins: send the body as `{"data": {...}}`.
    pub wrap_data: Option<bool>,
    /// Turn warnings into errors.
    pub strict: Option<bool>,
    /// Language of the report's messages: `"en"` (default) or `"es"`.
    #[napi(ts_type = "'en' | 'es'")]
    pub locale: Option<String>,
    /// Largest body accepted, in bytes (default 1 MiB).
    pub max_bytes: Option<f64>,
}

fn options(a: &PrepareArgs) -> Res<PrepareOptions> {
    Ok(PrepareOptions {
        strict: a.strict.unwrap_or(false),
        locale: locale(a.locale.as_deref())?,
        max_bytes: max_bytes(a.max_bytes)?,
        wrap_data: a.wrap_data.unwrap_or(false),
        va_signature: signature_variant(a.variant.as_deref())?.unwrap_or_default(),
    })
}

fn required(value: Option<String>, name: &str) -> Res<String> {
    value.ok_or_else(|| crate::errors::type_error(name, "a string"))
}

fn done<'e>(env: &'e Env, result: Result<cobro::PreparedRequest, cobro::PrepareError>) -> Res<Object<'e>> {
    let p = result.map_err(prepare)?;
    let mut o = Object::new(env)?;
    o.set("method", p.method.as_str())?;
    o.set("path", p.path.as_str())?;
    o.set("headers", header_object(env, &p.headers)?)?;
    o.set("body", p.body.as_str())?;
    Ok(o)
}

/// Spec 4.1 and 5.1: validates a virtual-account body and signs it (`apiKey`, `secret`,
/// `depositMode`, `now`, and `variant`: DESIGN.md 9 row 30). Throws `ValidationError`
/// (with `.report`, `.errors`) or `SigningError`.
#[napi(ts_return_type = "PreparedRequest")]
pub fn prepare_virtual_account<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | object")] body: Body<'e>,
    args: PrepareArgs,
) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let opts = options(&args)?;
        let api_key = required(args.api_key, "apiKey")?;
        let secret = secret(required(args.secret, "secret")?)?;
        let mode = deposit_mode(&required(args.deposit_mode, "depositMode")?)?;
        let now = unix_seconds(args.now, "now")?;
        let bytes = bytes(&body, opts.max_bytes)?;
        done(
            env,
            cobro::prepare_virtual_account(&bytes, &api_key, &secret, mode, now, &opts),
        )
    })
}

/// Spec 4.2 and 5.2: validates a subscription body and signs it (Authorization) with
/// `key`.
#[napi(ts_return_type = "PreparedRequest")]
pub fn prepare_subscription<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | object")] body: Body<'e>,
    args: PrepareArgs,
) -> napi::Result<Object<'e>, Thrown> {
    signed_subscription(env, &body, args, cobro::prepare_subscription)
}

/// Spec 4.3 and 5.2: validates a subscription cancellation and signs it with `key`.
#[napi(ts_return_type = "PreparedRequest")]
pub fn prepare_subscription_cancel<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | object")] body: Body<'e>,
    args: PrepareArgs,
) -> napi::Result<Object<'e>, Thrown> {
    signed_subscription(env, &body, args, cobro::prepare_subscription_cancel)
}

/// A core function that validates a subscription body and signs it with a key.
type SubscriptionPrepare =
    fn(&[u8], &cobro::Secret, &PrepareOptions) -> Result<cobro::PreparedRequest, cobro::PrepareError>;

/// The two subscription requests: the key is required, the body read within the size
/// limit of the options, and `prepare` does the rest.
fn signed_subscription<'e>(
    env: &'e Env,
    body: &Body<'e>,
    args: PrepareArgs,
    prepare: SubscriptionPrepare,
) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let opts = options(&args)?;
        let key = secret(required(args.key, "key")?)?;
        let bytes = bytes(body, opts.max_bytes)?;
        done(env, prepare(&bytes, &key, &opts))
    })
}

/// Spec 4.4 and 5.3: completes, signs and validates a pay-in body with `key`
/// (DESIGN.md section 5); `today` defaults to today's UTC date; `wrapData` sends it as
/// `{"data": {...}}`.
#[napi(ts_return_type = "PreparedRequest")]
pub fn prepare_payin<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "string | Uint8Array | object")] body: Body<'e>,
    args: PrepareArgs,
) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let opts = options(&args)?;
        let key = secret(required(args.key.clone(), "key")?)?;
        let today = civil_date(args.today, "today")?;
        let bytes = bytes(&body, opts.max_bytes)?;
        done(env, cobro::prepare_payin(&bytes, &key, today, &opts))
    })
}
