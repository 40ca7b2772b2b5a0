//! Signing and verification (spec section 5, DESIGN.md section 4), each taking one
//! options object.

use std::collections::HashMap;

use cobro::signing::DEFAULT_WINDOW_SECONDS;
use cobro::{DepositMode, VaSignatureVariant, VaSignedText};
use napi::bindgen_prelude::{BigInt, Either, Either3, Object};
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::{Keys, amount, merchant_id, object, options, secret, size, text, unix_seconds};
use crate::errors::{Res, Thrown, guard, signing, verify};
use crate::utf16::Utf16Text;

/// Arguments of `payinVerification`.
#[napi(object, object_to_js = false)]
pub struct PayinVerificationArgs {
    /// payinMerchantID: a safe integer, a bigint or a digit string.
    pub merchant_id: Either3<f64, BigInt, String>,
    /// payinMerchantOperationNumber.
    #[napi(ts_type = "string")]
    pub operation_number: Utf16Text,
    /// payinAmount: a decimal string, or a number whose `JSON.stringify` text has at most
    /// two decimals and 15 significant digits.
    pub amount: Either<String, f64>,
    /// payinCurrency.
    #[napi(ts_type = "string")]
    pub currency: Utf16Text,
    /// The pay-in key.
    #[napi(ts_type = "string")]
    pub key: Utf16Text,
}

impl Keys for PayinVerificationArgs {
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
        let operation_number = text(&args.operation_number, "operationNumber")?;
        let currency = text(&args.currency, "currency")?;
        let merchant = merchant_id(args.merchant_id)?;
        let amount = amount(args.amount)?;
        let key = secret(&args.key, "key")?;
        cobro::payin_verification(merchant, &operation_number, amount, &currency, &key).map_err(|e| signing(&e))
    })
}

/// Arguments of `subscriptionAuthorization`.
#[napi(object, object_to_js = false)]
pub struct SubscriptionAuthorizationArgs {
    /// merchantId: a safe integer, a bigint or a digit string.
    pub merchant_id: Either3<f64, BigInt, String>,
    /// `ON_DEMAND` or `RECURRENT`.
    #[napi(ts_type = "string")]
    pub r#type: Utf16Text,
    /// customerId.
    #[napi(ts_type = "string")]
    pub customer_id: Utf16Text,
    /// processorCode.
    #[napi(ts_type = "string")]
    pub processor_code: Utf16Text,
    /// The subscription key.
    #[napi(ts_type = "string")]
    pub key: Utf16Text,
}

impl Keys for SubscriptionAuthorizationArgs {
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
        let r#type = text(&args.r#type, "type")?;
        let customer_id = text(&args.customer_id, "customerId")?;
        let processor_code = text(&args.processor_code, "processorCode")?;
        let merchant = merchant_id(args.merchant_id)?;
        let key = secret(&args.key, "key")?;
        cobro::subscription_authorization(merchant, &r#type, &customer_id, &processor_code, &key)
            .map_err(|e| signing(&e))
    })
}

/// The variant named `spec` or `reference_id` (DESIGN.md 9 row 30), `None` when left out.
pub fn signature_variant(name: Option<&str>) -> Res<Option<VaSignatureVariant>> {
    name.map(|n| VaSignatureVariant::parse(n).map_err(|e| signing(&e)))
        .transpose()
}

/// The `referenceId` argument, which is signed.
pub fn reference_id(value: Option<&Utf16Text>) -> Res<Option<String>> {
    value.map(|v| text(v, "referenceId")).transpose()
}

/// The signed text from the `variant` and `referenceId` options, combined by the core.
fn signed_text<'r>(variant: Option<&str>, reference_id: Option<&'r str>) -> Res<VaSignedText<'r>> {
    VaSignedText::from_parts(signature_variant(variant)?, reference_id).map_err(|e| signing(&e))
}

/// Arguments of `virtualAccountMessage`.
#[napi(object, object_to_js = false)]
pub struct VirtualAccountMessageArgs {
    /// Unix seconds, the value X-Timestamp will carry: required, since a signature over
    /// a clock reading the caller does not know cannot be sent with it.
    pub timestamp: f64,
    /// The API key.
    #[napi(ts_type = "string")]
    pub api_key: Utf16Text,
    /// The signed text: `'spec'` (timestamp + API key, the default) or `'reference_id'`
    /// (then `referenceId`, as the provider's reference code signs; a `referenceId`
    /// alone selects it).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<String>,
    /// owner.referenceId, for the `reference_id` variant (1-36 characters).
    #[napi(ts_type = "string")]
    pub reference_id: Option<Utf16Text>,
}

impl Keys for VirtualAccountMessageArgs {
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
        let api_key = text(&args.api_key, "apiKey")?;
        let reference_id = reference_id(args.reference_id.as_ref())?;
        let ts = unix_seconds(Some(args.timestamp), "timestamp")?;
        let signed = signed_text(args.variant.as_deref(), reference_id.as_deref())?;
        Ok(cobro::virtual_account_message_with(ts, &api_key, signed))
    })
}

/// Arguments of `virtualAccountSignature`.
#[napi(object, object_to_js = false)]
pub struct VirtualAccountSignatureArgs {
    /// Unix seconds, the value X-Timestamp will carry: required, since a signature over
    /// a clock reading the caller does not know cannot be sent with it.
    pub timestamp: f64,
    /// The API key.
    #[napi(ts_type = "string")]
    pub api_key: Utf16Text,
    /// The secret.
    #[napi(ts_type = "string")]
    pub secret: Utf16Text,
    /// The signed text: `'spec'` (the default) or `'reference_id'` (see
    /// `virtualAccountMessage`).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<String>,
    /// owner.referenceId, for the `reference_id` variant (1-36 characters).
    #[napi(ts_type = "string")]
    pub reference_id: Option<Utf16Text>,
}

impl Keys for VirtualAccountSignatureArgs {
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
        let api_key = text(&args.api_key, "apiKey")?;
        let reference_id = reference_id(args.reference_id.as_ref())?;
        let ts = unix_seconds(Some(args.timestamp), "timestamp")?;
        let secret = secret(&args.secret, "secret")?;
        let signed = signed_text(args.variant.as_deref(), reference_id.as_deref())?;
        cobro::virtual_account_signature_with(ts, &api_key, &secret, signed).map_err(|e| signing(&e))
    })
}

/// The deposit mode named `OWNER` or `ANY`.
pub fn deposit_mode(name: &str) -> Res<DepositMode> {
    DepositMode::parse(name).map_err(|e| signing(&e))
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
pub struct VirtualAccountHeadersArgs {
    /// The API key.
    #[napi(ts_type = "string")]
    pub api_key: Utf16Text,
    /// The secret.
    #[napi(ts_type = "string")]
    pub secret: Utf16Text,
    /// `OWNER` or `ANY`.
    #[napi(ts_type = "'OWNER' | 'ANY'")]
    pub deposit_mode: String,
    /// Unix seconds; defaults to the system clock.
    pub timestamp: Option<f64>,
    /// The signed text: `'spec'` (the default) or `'reference_id'` (see
    /// `virtualAccountMessage`).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<String>,
    /// owner.referenceId, for the `reference_id` variant (1-36 characters).
    #[napi(ts_type = "string")]
    pub reference_id: Option<Utf16Text>,
}

impl Keys for VirtualAccountHeadersArgs {
    const KEYS: &'static [&'static str] = &["apiKey", "secret", "depositMode", "timestamp", "variant", "referenceId"];
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
        let api_key = text(&args.api_key, "apiKey")?;
        let reference_id = reference_id(args.reference_id.as_ref())?;
        let secret = secret(&args.secret, "secret")?;
        let mode = deposit_mode(&args.deposit_mode)?;
        let ts = unix_seconds(args.timestamp, "timestamp")?;
        let signed = signed_text(args.variant.as_deref(), reference_id.as_deref())?;
        let headers =
            cobro::virtual_account_headers_with(&api_key, &secret, ts, mode, signed).map_err(|e| signing(&e))?;
        Ok(header_object(env, &headers)?)
    })
}

/// Options of `verifyVirtualAccountHeaders`.
#[napi(object, object_to_js = false)]
pub struct VerifyVirtualAccountHeadersOptions {
    /// The secret.
    #[napi(ts_type = "string")]
    pub secret: Utf16Text,
    /// Unix seconds; defaults to the system clock.
    pub now: Option<f64>,
    /// The window either way, in seconds (default 120).
    pub window_seconds: Option<f64>,
    /// The signed text: `'spec'` (the default) or `'reference_id'` (see
    /// `virtualAccountMessage`).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<String>,
    /// The request body's owner.referenceId, for the `reference_id` variant.
    #[napi(ts_type = "string")]
    pub reference_id: Option<Utf16Text>,
}

impl Keys for VerifyVirtualAccountHeadersOptions {
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
        let headers: HashMap<String, Utf16Text> = object(headers, "headers")?;
        let args: VerifyVirtualAccountHeadersOptions = self::options(options, "options")?;
        let mut pairs = Vec::with_capacity(headers.len());
        for (name, value) in &headers {
            pairs.push((name.clone(), text(value, "headers")?));
        }
        let reference_id = reference_id(args.reference_id.as_ref())?;
        let secret = secret(&args.secret, "secret")?;
        let now = unix_seconds(args.now, "now")?;
        let window = size(args.window_seconds, "windowSeconds")?.unwrap_or(DEFAULT_WINDOW_SECONDS);
        let signed = signed_text(args.variant.as_deref(), reference_id.as_deref())?;
        cobro::verify_virtual_account_headers_with(&pairs, &secret, now, window, signed).map_err(|e| verify(&e))
    })
}
