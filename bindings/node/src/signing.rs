//! Signing and verification (spec section 5, DESIGN.md section 4), each taking one
//! options object.

use std::collections::HashMap;

use cobro::signing::DEFAULT_WINDOW_SECONDS;
use cobro::{DepositMode, VaSignatureVariant, VaSignedText};
use napi::bindgen_prelude::Object;
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::{
    Keys, amount, merchant_id, object, optional_string, optional_utf16, options, secret, size, string, text,
    unix_seconds, utf16, utf16_as,
};
use crate::errors::{Res, Thrown, guard, signing, verify};

/// Arguments of `payinVerification`.
#[napi(object, object_to_js = false)]
pub struct PayinVerificationArgs<'a> {
    /// payinMerchantID: a safe integer, a bigint or a digit string.
    #[napi(ts_type = "number | bigint | string")]
    pub merchant_id: Unknown<'a>,
    /// payinMerchantOperationNumber.
    #[napi(ts_type = "string")]
    pub operation_number: Unknown<'a>,
    /// payinAmount: a decimal string, or a number whose `JSON.stringify` text has at most
    /// two decimals and 15 significant digits.
    #[napi(ts_type = "string | number")]
    pub amount: Unknown<'a>,
    /// payinCurrency.
    #[napi(ts_type = "string")]
    pub currency: Unknown<'a>,
    /// The pay-in key.
    #[napi(ts_type = "string")]
    pub key: Unknown<'a>,
}

impl Keys for PayinVerificationArgs<'_> {
    const KEYS: &'static [&'static str] = &["merchantId", "operationNumber", "amount", "currency", "key"];
}

/// Spec 5.3: payinVerification, the lowercase hex SHA-512 of merchant id, operation
/// number, amount (canonical two-decimal text) and currency, then the key.
#[napi]
pub fn payin_verification(
    #[napi(ts_arg_type = "PayinVerificationArgs")] args: Unknown<'_>,
) -> napi::Result<String, Thrown> {
    guard(|| {
        let args: PayinVerificationArgs = options(args, "args")?;
        let operation_number = text(&utf16(args.operation_number, "operationNumber")?, "operationNumber")?;
        let currency = text(&utf16(args.currency, "currency")?, "currency")?;
        let merchant = merchant_id(args.merchant_id)?;
        let amount = amount(args.amount)?;
        let key = secret(&utf16(args.key, "key")?, "key")?;
        cobro::payin_verification(merchant, &operation_number, amount, &currency, &key).map_err(|e| signing(&e))
    })
}

/// Arguments of `subscriptionAuthorization`.
#[napi(object, object_to_js = false)]
pub struct SubscriptionAuthorizationArgs<'a> {
    /// merchantId: a safe integer, a bigint or a digit string.
    #[napi(ts_type = "number | bigint | string")]
    pub merchant_id: Unknown<'a>,
    /// `ON_DEMAND` or `RECURRENT`.
    #[napi(ts_type = "string")]
    pub r#type: Unknown<'a>,
    /// customerId.
    #[napi(ts_type = "string")]
    pub customer_id: Unknown<'a>,
    /// processorCode.
    #[napi(ts_type = "string")]
    pub processor_code: Unknown<'a>,
    /// The subscription key.
    #[napi(ts_type = "string")]
    pub key: Unknown<'a>,
}

impl Keys for SubscriptionAuthorizationArgs<'_> {
    const KEYS: &'static [&'static str] = &["merchantId", "type", "customerId", "processorCode", "key"];
}

/// Spec 5.2: the Authorization header value, `Bearer ` + lowercase hex SHA-512 of
/// merchant id, type, customer id and processor code, then the key.
#[napi]
pub fn subscription_authorization(
    #[napi(ts_arg_type = "SubscriptionAuthorizationArgs")] args: Unknown<'_>,
) -> napi::Result<String, Thrown> {
    guard(|| {
        let args: SubscriptionAuthorizationArgs = options(args, "args")?;
        let r#type = text(&utf16(args.r#type, "type")?, "type")?;
        let customer_id = text(&utf16(args.customer_id, "customerId")?, "customerId")?;
        let processor_code = text(&utf16(args.processor_code, "processorCode")?, "processorCode")?;
        let merchant = merchant_id(args.merchant_id)?;
        let key = secret(&utf16(args.key, "key")?, "key")?;
        cobro::subscription_authorization(merchant, &r#type, &customer_id, &processor_code, &key)
            .map_err(|e| signing(&e))
    })
}

/// The variant named `spec` or `reference_id` (DESIGN.md 9 row 30), `None` when left out.
pub fn signature_variant(value: Option<Unknown<'_>>) -> Res<Option<VaSignatureVariant>> {
    optional_string(value, "variant")?
        .map(|n| VaSignatureVariant::parse(&n).map_err(|e| signing(&e)))
        .transpose()
}

/// The `referenceId` argument, which is signed.
pub fn reference_id(value: Option<Unknown<'_>>) -> Res<Option<String>> {
    optional_utf16(value, "referenceId")?
        .map(|v| text(&v, "referenceId"))
        .transpose()
}

/// The signed text from the `variant` and `referenceId` options, combined by the core.
fn signed_text<'r>(variant: Option<Unknown<'_>>, reference_id: Option<&'r str>) -> Res<VaSignedText<'r>> {
    VaSignedText::from_parts(signature_variant(variant)?, reference_id).map_err(|e| signing(&e))
}

/// Arguments of `virtualAccountMessage`.
#[napi(object, object_to_js = false)]
pub struct VirtualAccountMessageArgs<'a> {
    /// Unix seconds, the value X-Timestamp will carry: required, since a signature over
    /// a clock reading the caller does not know cannot be sent with it.
    #[napi(ts_type = "number")]
    pub timestamp: Unknown<'a>,
    /// The API key.
    #[napi(ts_type = "string")]
    pub api_key: Unknown<'a>,
    /// The signed text: `'spec'` (timestamp + API key, the default) or `'reference_id'`
    /// (then `referenceId`, as the provider's reference code signs; a `referenceId`
    /// alone selects it).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<Unknown<'a>>,
    /// owner.referenceId, for the `reference_id` variant (1-36 characters).
    #[napi(ts_type = "string")]
    pub reference_id: Option<Unknown<'a>>,
}

impl Keys for VirtualAccountMessageArgs<'_> {
    const KEYS: &'static [&'static str] = &["timestamp", "apiKey", "variant", "referenceId"];
}

/// The exact text X-Signature covers (spec 5.1; DESIGN.md 9 row 30): timestamp and API
/// key, then `referenceId` for the `reference_id` variant.
#[napi]
pub fn virtual_account_message(
    #[napi(ts_arg_type = "VirtualAccountMessageArgs")] args: Unknown<'_>,
) -> napi::Result<String, Thrown> {
    guard(|| {
        let args: VirtualAccountMessageArgs = options(args, "args")?;
        let api_key = text(&utf16(args.api_key, "apiKey")?, "apiKey")?;
        let reference_id = reference_id(args.reference_id)?;
        let ts = unix_seconds(Some(args.timestamp), "timestamp")?;
        let signed = signed_text(args.variant, reference_id.as_deref())?;
        Ok(cobro::virtual_account_message_with(ts, &api_key, signed))
    })
}

/// Arguments of `virtualAccountSignature`.
#[napi(object, object_to_js = false)]
pub struct VirtualAccountSignatureArgs<'a> {
    /// Unix seconds, the value X-Timestamp will carry: required, since a signature over
    /// a clock reading the caller does not know cannot be sent with it.
    #[napi(ts_type = "number")]
    pub timestamp: Unknown<'a>,
    /// The API key.
    #[napi(ts_type = "string")]
    pub api_key: Unknown<'a>,
    /// The secret.
    #[napi(ts_type = "string")]
    pub secret: Unknown<'a>,
    /// The signed text: `'spec'` (the default) or `'reference_id'` (see
    /// `virtualAccountMessage`).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<Unknown<'a>>,
    /// owner.referenceId, for the `reference_id` variant (1-36 characters).
    #[napi(ts_type = "string")]
    pub reference_id: Option<Unknown<'a>>,
}

impl Keys for VirtualAccountSignatureArgs<'_> {
    const KEYS: &'static [&'static str] = &["timestamp", "apiKey", "secret", "variant", "referenceId"];
}

/// Spec 5.1: X-Signature, lowercase hex HMAC-SHA512 keyed by the secret over the
/// timestamp (Unix seconds) followed by the API key, then `referenceId` for the
/// `reference_id` variant (DESIGN.md 9 row 30).
#[napi]
pub fn virtual_account_signature(
    #[napi(ts_arg_type = "VirtualAccountSignatureArgs")] args: Unknown<'_>,
) -> napi::Result<String, Thrown> {
    guard(|| {
        let args: VirtualAccountSignatureArgs = options(args, "args")?;
        let api_key = text(&utf16(args.api_key, "apiKey")?, "apiKey")?;
        let reference_id = reference_id(args.reference_id)?;
        let ts = unix_seconds(Some(args.timestamp), "timestamp")?;
        let secret = secret(&utf16(args.secret, "secret")?, "secret")?;
        let signed = signed_text(args.variant, reference_id.as_deref())?;
        cobro::virtual_account_signature_with(ts, &api_key, &secret, signed).map_err(|e| signing(&e))
    })
}

/// The deposit mode named `OWNER` or `ANY`.
pub fn deposit_mode(value: Unknown<'_>) -> Res<DepositMode> {
    DepositMode::parse(&string(value, "depositMode", "a string")?).map_err(|e| signing(&e))
}

/// Headers as a plain object in order: what `fetch` takes as is.
pub fn header_object<'e>(env: &'e Env, headers: &[(String, String)]) -> napi::Result<Object<'e>> {
    let mut o = Object::new(env)?;
    for (name, value) in headers {
        o.set(name, value.as_str())?;
    }
    Ok(o)
}

/// Arguments of `virtualAccountHeaders`.
#[napi(object, object_to_js = false)]
pub struct VirtualAccountHeadersArgs<'a> {
    /// The API key.
    #[napi(ts_type = "string")]
    pub api_key: Unknown<'a>,
    /// The secret.
    #[napi(ts_type = "string")]
    pub secret: Unknown<'a>,
    /// `OWNER` or `ANY`.
    #[napi(ts_type = "'OWNER' | 'ANY'")]
    pub deposit_mode: Unknown<'a>,
    /// The clock, Unix seconds, sent as X-Timestamp; defaults to the system clock.
    #[napi(ts_type = "number")]
    pub now: Option<Unknown<'a>>,
    /// The signed text: `'spec'` (the default) or `'reference_id'` (see
    /// `virtualAccountMessage`).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<Unknown<'a>>,
    /// owner.referenceId, for the `reference_id` variant (1-36 characters).
    #[napi(ts_type = "string")]
    pub reference_id: Option<Unknown<'a>>,
}

impl Keys for VirtualAccountHeadersArgs<'_> {
    const KEYS: &'static [&'static str] = &["apiKey", "secret", "depositMode", "now", "variant", "referenceId"];
}

/// Spec 5.1: the four headers of a virtual-account request, in the spec's order, as a
/// plain object; `variant` and `referenceId` as in `virtualAccountSignature`.
#[napi(ts_return_type = "Record<string, string>")]
pub fn virtual_account_headers<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "VirtualAccountHeadersArgs")] args: Unknown<'_>,
) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let args: VirtualAccountHeadersArgs = options(args, "args")?;
        let api_key = text(&utf16(args.api_key, "apiKey")?, "apiKey")?;
        let reference_id = reference_id(args.reference_id)?;
        let secret = secret(&utf16(args.secret, "secret")?, "secret")?;
        let mode = deposit_mode(args.deposit_mode)?;
        let ts = unix_seconds(args.now, "now")?;
        let signed = signed_text(args.variant, reference_id.as_deref())?;
        let headers =
            cobro::virtual_account_headers_with(&api_key, &secret, ts, mode, signed).map_err(|e| signing(&e))?;
        Ok(header_object(env, &headers)?)
    })
}

/// Options of `verifyVirtualAccountHeaders`.
#[napi(object, object_to_js = false)]
pub struct VerifyVirtualAccountHeadersOptions<'a> {
    /// The secret.
    #[napi(ts_type = "string")]
    pub secret: Unknown<'a>,
    /// Unix seconds; defaults to the system clock.
    #[napi(ts_type = "number")]
    pub now: Option<Unknown<'a>>,
    /// The window either way, in seconds (default 120).
    #[napi(ts_type = "number")]
    pub window_seconds: Option<Unknown<'a>>,
    /// The signed text: `'spec'` (the default) or `'reference_id'` (see
    /// `virtualAccountMessage`).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<Unknown<'a>>,
    /// The request body's owner.referenceId, for the `reference_id` variant.
    #[napi(ts_type = "string")]
    pub reference_id: Option<Unknown<'a>>,
}

impl Keys for VerifyVirtualAccountHeadersOptions<'_> {
    const KEYS: &'static [&'static str] = &["secret", "now", "windowSeconds", "variant", "referenceId"];
}

/// Verifies a virtual-account request's `headers` (spec 5.1; names case-insensitive) for
/// the receiving side: returns nothing, or throws `VerificationError` with `.code`
/// ERR_MISSING_HEADER, ERR_INVALID_HEADER, ERR_TIMESTAMP_OUT_OF_RANGE or
/// ERR_INVALID_SIGNATURE; `variant` and `referenceId` as in `virtualAccountSignature`.
#[napi]
pub fn verify_virtual_account_headers(
    #[napi(ts_arg_type = "Record<string, string>")] headers: Unknown<'_>,
    #[napi(ts_arg_type = "VerifyVirtualAccountHeadersOptions")] options: Unknown<'_>,
) -> napi::Result<(), Thrown> {
    guard(|| {
        let headers: HashMap<String, Unknown<'_>> = object(headers, "headers")?;
        let args: VerifyVirtualAccountHeadersOptions = self::options(options, "options")?;
        let mut pairs = Vec::with_capacity(headers.len());
        for (name, value) in headers {
            let value = text(&utf16_as(value, "headers", "an object of string values")?, "headers")?;
            pairs.push((name, value));
        }
        let reference_id = reference_id(args.reference_id)?;
        let secret = secret(&utf16(args.secret, "secret")?, "secret")?;
        let now = unix_seconds(args.now, "now")?;
        let window = size(args.window_seconds, "windowSeconds")?.unwrap_or(DEFAULT_WINDOW_SECONDS);
        let signed = signed_text(args.variant, reference_id.as_deref())?;
        cobro::verify_virtual_account_headers_with(&pairs, &secret, now, window, signed).map_err(|e| verify(&e))
    })
}
