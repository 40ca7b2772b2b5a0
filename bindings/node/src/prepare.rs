//! Prepared requests (spec section 4, DESIGN.md section 5): `{method, path, headers,
//! body, filled}` ready for `fetch`, headers as a plain object in order, `filled` the
//! fields prepare wrote a value of its own into.

use std::borrow::Cow;

use cobro::PrepareOptions;
use napi::bindgen_prelude::Object;
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::{
    Keys, civil_date, field, locale, max_bytes, optional_bool, optional_utf16, options, secret, text, unix_seconds,
    utf16,
};
use crate::body::{Body, Read, bytes_to_send};
use crate::errors::{Res, Thrown, guard, prepare};
use crate::signing::{deposit_mode, header_object, signature_variant};

/// A request ready to send: join `path` to the API's base URL and send `headers` and
/// `body` (the exact text that was signed).
#[napi(object)]
// Declared for the generated TypeScript types; the value is built as a JS object.
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
    /// The fields prepare wrote a value of its own into (a pay-in's payinDateTime,
    /// typePost, the Lima default, optional fields left out as `""`), in body order:
    /// the values the caller did not give. Empty for the other requests.
    pub filled: Vec<String>,
}

/// Options of `prepareVirtualAccount`.
#[napi(object, object_to_js = false)]
pub struct PrepareVirtualAccountArgs<'a> {
    /// The API key.
    #[napi(ts_type = "string")]
    pub api_key: Unknown<'a>,
    /// The secret.
    #[napi(ts_type = "string")]
    pub secret: Unknown<'a>,
    /// `OWNER` or `ANY`.
    #[napi(ts_type = "'OWNER' | 'ANY'")]
    pub deposit_mode: Unknown<'a>,
    /// Unix seconds; defaults to the system clock.
    #[napi(ts_type = "number")]
    pub now: Option<Unknown<'a>>,
    /// The text X-Signature covers, `'spec'` (timestamp + API key, the default) or
    /// `'reference_id'` (then the body's owner.referenceId, as the provider's reference
    /// code signs).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<Unknown<'a>>,
    /// Turn warnings into errors.
    #[napi(ts_type = "boolean")]
    pub strict: Option<Unknown<'a>>,
    /// Language of the report's messages: `"en"` (default), `"es"` or `"pt"`.
    #[napi(ts_type = "'en' | 'es' | 'pt'")]
    pub locale: Option<Unknown<'a>>,
    /// Largest body accepted, in bytes: absent for the default of 1 MiB; 0 accepts no body.
    #[napi(ts_type = "number")]
    pub max_bytes: Option<Unknown<'a>>,
}

impl Keys for PrepareVirtualAccountArgs<'_> {
    const KEYS: &'static [&'static str] = &[
        "apiKey",
        "secret",
        "depositMode",
        "now",
        "variant",
        "strict",
        "locale",
        "maxBytes",
    ];
}

/// Options of `prepareSubscription` and `prepareSubscriptionCancel`.
#[napi(object, object_to_js = false)]
pub struct PrepareSubscriptionArgs<'a> {
    /// The subscription key.
    #[napi(ts_type = "string")]
    pub key: Unknown<'a>,
    /// Turn warnings into errors.
    #[napi(ts_type = "boolean")]
    pub strict: Option<Unknown<'a>>,
    /// Language of the report's messages: `"en"` (default), `"es"` or `"pt"`.
    #[napi(ts_type = "'en' | 'es' | 'pt'")]
    pub locale: Option<Unknown<'a>>,
    /// Largest body accepted, in bytes: absent for the default of 1 MiB; 0 accepts no body.
    #[napi(ts_type = "number")]
    pub max_bytes: Option<Unknown<'a>>,
}

impl Keys for PrepareSubscriptionArgs<'_> {
    const KEYS: &'static [&'static str] = &["key", "strict", "locale", "maxBytes"];
}

/// Options of `preparePayin`.
#[napi(object, object_to_js = false)]
pub struct PreparePayinArgs<'a> {
    /// The pay-in key.
    #[napi(ts_type = "string")]
    pub key: Unknown<'a>,
    /// The clock, Unix seconds; defaults to the system clock. payinDateTime, left out
    /// or blank, becomes the date then in the pay-in country (payinCurrency's).
    #[napi(ts_type = "number")]
    pub now: Option<Unknown<'a>>,
    /// Send the body as `{"data": {...}}`.
    #[napi(ts_type = "boolean")]
    pub wrap_data: Option<Unknown<'a>>,
    /// Turn warnings into errors.
    #[napi(ts_type = "boolean")]
    pub strict: Option<Unknown<'a>>,
    /// Language of the report's messages: `"en"` (default), `"es"` or `"pt"`.
    #[napi(ts_type = "'en' | 'es' | 'pt'")]
    pub locale: Option<Unknown<'a>>,
    /// Largest body accepted, in bytes: absent for the default of 1 MiB; 0 accepts no body.
    #[napi(ts_type = "number")]
    pub max_bytes: Option<Unknown<'a>>,
}

impl Keys for PreparePayinArgs<'_> {
    const KEYS: &'static [&'static str] = &["key", "now", "wrapData", "strict", "locale", "maxBytes"];
}

/// The core's options from the JS options every `prepare*` function shares.
fn common(
    strict: Option<Unknown<'_>>,
    locale_tag: Option<Unknown<'_>>,
    max: Option<Unknown<'_>>,
) -> Res<PrepareOptions> {
    Ok(PrepareOptions {
        strict: optional_bool(strict, "strict")?.unwrap_or(false),
        locale: locale(locale_tag)?,
        max_bytes: max_bytes(max)?,
        ..Default::default()
    })
}

/// `body` for the core, or the report of a body it cannot read (past the size limit, a
/// number JSON cannot hold) as the `ValidationError` the core would give.
fn read<'b>(body: &'b Body<'_>, opts: &PrepareOptions) -> Res<Cow<'b, [u8]>> {
    match bytes_to_send(body, &opts.limits())? {
        Read::Bytes(bytes) => Ok(bytes),
        Read::Host(e) => Err(prepare(e.prepare_error(opts))),
    }
}

fn done<'e>(env: &'e Env, result: Result<cobro::PreparedRequest, cobro::PrepareError>) -> Res<Object<'e>> {
    let p = result.map_err(prepare)?;
    let mut o = Object::new(env)?;
    o.set("method", p.method.as_str())?;
    o.set("path", p.path.as_str())?;
    o.set("headers", header_object(env, &p.headers)?)?;
    o.set("body", p.body.as_str())?;
    o.set("filled", p.filled)?;
    Ok(o)
}

/// Spec 4.1 and 5.1: validates a virtual-account body and signs it (`apiKey`, `secret`,
/// `depositMode`, `now`, and `variant`: DESIGN.md 9 row 30). Throws `ValidationError`
/// (with `.report`, `.errors`) or `SigningError`.
#[napi(ts_return_type = "PreparedRequest")]
pub fn prepare_virtual_account<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "import('./requests').VirtualAccountRequest | string | Uint8Array | ArrayBuffer | object")]
    body: Body<'e>,
    #[napi(ts_arg_type = "PrepareVirtualAccountArgs")] args: Unknown<'e>,
) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let args: PrepareVirtualAccountArgs = options(args, "args")?;
        let opts = PrepareOptions {
            va_signature: signature_variant(args.variant)?.unwrap_or_default(),
            ..common(args.strict, args.locale, args.max_bytes)?
        };
        let api_key = text(&utf16(args.api_key, "apiKey")?, "apiKey")?;
        let secret = secret(&utf16(args.secret, "secret")?, "secret")?;
        let mode = deposit_mode(args.deposit_mode)?;
        let now = unix_seconds(args.now, "now")?;
        let bytes = read(&body, &opts)?;
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
    #[napi(ts_arg_type = "import('./requests').SubscriptionRequest | string | Uint8Array | ArrayBuffer | object")] body: Body<'e>,
    #[napi(ts_arg_type = "PrepareSubscriptionArgs")] args: Unknown<'e>,
) -> napi::Result<Object<'e>, Thrown> {
    signed_subscription(env, &body, args, cobro::prepare_subscription)
}

/// Spec 4.3 and 5.2: validates a subscription cancellation and signs it with `key`.
#[napi(ts_return_type = "PreparedRequest")]
pub fn prepare_subscription_cancel<'e>(
    env: &'e Env,
    #[napi(
        ts_arg_type = "import('./requests').SubscriptionCancelRequest | string | Uint8Array | ArrayBuffer | object"
    )]
    body: Body<'e>,
    #[napi(ts_arg_type = "PrepareSubscriptionArgs")] args: Unknown<'e>,
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
    args: Unknown<'e>,
    prepare: SubscriptionPrepare,
) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let args: PrepareSubscriptionArgs = options(args, "args")?;
        let opts = common(args.strict, args.locale, args.max_bytes)?;
        let key = secret(&utf16(args.key, "key")?, "key")?;
        let bytes = read(body, &opts)?;
        done(env, prepare(&bytes, &key, &opts))
    })
}

/// Spec 4.4 and 5.3: completes, signs and validates a pay-in body with `key`
/// (DESIGN.md section 5); `now` (Unix seconds) defaults to the system clock, and a
/// payinDateTime left out or blank becomes the date then in the pay-in country, which
/// `filled` lists; `wrapData` sends it as `{"data": {...}}`.
#[napi(ts_return_type = "PreparedRequest")]
pub fn prepare_payin<'e>(
    env: &'e Env,
    #[napi(
        ts_arg_type = "import('./requests').UnsignedPayinRequest | import('./requests').PayinRequest | string | Uint8Array | ArrayBuffer | object"
    )]
    body: Body<'e>,
    #[napi(ts_arg_type = "PreparePayinArgs")] args: Unknown<'e>,
) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let args: PreparePayinArgs = options(args, "args")?;
        let opts = PrepareOptions {
            wrap_data: optional_bool(args.wrap_data, "wrapData")?.unwrap_or(false),
            ..common(args.strict, args.locale, args.max_bytes)?
        };
        let key = secret(&utf16(args.key, "key")?, "key")?;
        let now = unix_seconds(args.now, "now")?;
        let bytes = read(&body, &opts)?;
        done(env, cobro::prepare_payin(&bytes, &key, now, &opts))
    })
}

/// Options of `preparePayinStatus`.
#[napi(object, object_to_js = false)]
pub struct PreparePayinStatusArgs<'a> {
    /// The merchant id: a safe integer, a bigint or a digit string.
    #[napi(ts_type = "number | bigint | string")]
    pub merchant_id: Unknown<'a>,
    /// The pay-in key.
    #[napi(ts_type = "string")]
    pub key: Unknown<'a>,
    /// payinMerchantOperationNumber; `""` asks for every transaction.
    #[napi(ts_type = "string")]
    pub operation_number: Option<Unknown<'a>>,
    /// payinStartDate, `"YYYY-MM-DD"`, before the current day (see `now`); given with
    /// `endDate`.
    #[napi(ts_type = "string")]
    pub start_date: Option<Unknown<'a>>,
    /// payinEndDate, `"YYYY-MM-DD"`, not before `startDate`.
    #[napi(ts_type = "string")]
    pub end_date: Option<Unknown<'a>>,
    /// The clock, Unix seconds; defaults to the system clock. The start date must be
    /// before the earliest of the pay-in countries' dates then (Mexico's).
    #[napi(ts_type = "number")]
    pub now: Option<Unknown<'a>>,
}

impl Keys for PreparePayinStatusArgs<'_> {
    const KEYS: &'static [&'static str] = &["merchantId", "key", "operationNumber", "startDate", "endDate", "now"];
}

/// DESIGN.md 9 row 36, an extension beyond the spec: the pay-in status query of
/// `merchantId`, by `operationNumber`, by `startDate` and `endDate` given together (the
/// start before the current day: the earliest of the pay-in countries' dates at `now`,
/// since the provider does not say in whose time), or both.
#[napi(ts_return_type = "PreparedRequest")]
pub fn prepare_payin_status<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "PreparePayinStatusArgs")] args: Unknown<'e>,
) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let args: PreparePayinStatusArgs = options(args, "args")?;
        let merchant = crate::args::merchant_id(args.merchant_id)?;
        let key = secret(&utf16(args.key, "key")?, "key")?;
        let number = optional_utf16(args.operation_number, "operationNumber")?
            .map(|n| text(&n, "operationNumber"))
            .transpose()?;
        let date = |value, name| field(value, |v| civil_date(Some(v), name));
        let start = date(args.start_date, "startDate")?;
        let end = date(args.end_date, "endDate")?;
        let today = cobro::country::earliest_payin_date(unix_seconds(args.now, "now")?);
        let query = cobro::PayinStatusQuery::new(number.as_deref(), start, end, today)
            .map_err(|e| crate::errors::signing(&e))?;
        done(
            env,
            cobro::prepare_payin_status(merchant, &key, &query).map_err(cobro::PrepareError::from),
        )
    })
}
