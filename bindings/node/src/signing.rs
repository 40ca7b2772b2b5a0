//! Signing and verification (spec section 5, DESIGN.md section 4), each taking one
//! options object.

use std::collections::HashMap;

use cobro::signing::DEFAULT_WINDOW_SECONDS;
use cobro::{DepositMode, VaSignatureVariant, VaSignedText};
use napi::Env;
use napi::bindgen_prelude::{BigInt, Either, Either3, Object};
use napi_derive::napi;

use crate::args::{amount, merchant_id, secret, size, unix_seconds};
use crate::errors::{Res, Thrown, guard, signing, verify};

/// Arguments of `payinVerification`.
#[napi(object)]
pub struct PayinVerificationArgs {
    /// payinMerchantID: a safe integer, a bigint or a digit string.
    pub merchant_id: Either3<f64, BigInt, String>,
    /// payinMerchantOperationNumber.
    pub operation_number: String,
    /// payinAmount: a decimal string, or a number with at most two decimals.
    pub amount: Either<String, f64>,
    /// payinCurrency.
    pub currency: String,
    /// The pay-in key.
    pub key: String,
}

/// Spec 5.3: payinVerification, the lowercase hex SHA-512 of merchant id, operation
/// number, amount (canonical two-decimal text) and currency, then the key.
#[napi]
pub fn payin_verification(args: PayinVerificationArgs) -> napi::Result<String, Thrown> {
    guard(|| {
        let merchant = merchant_id(args.merchant_id)?;
        let amount = amount(args.amount)?;
        let key = secret(args.key)?;
        cobro::payin_verification(merchant, &args.operation_number, amount, &args.currency, &key)
            .map_err(|e| signing(&e))
    })
}

/// Arguments of `subscriptionAuthorization`.
#[napi(object)]
pub struct SubscriptionAuthorizationArgs {
    /// merchantId: a safe integer, a bigint or a digit string.
    pub merchant_id: Either3<f64, BigInt, String>,
    /// `ON_DEMAND` or `RECURRENT`.
    pub r#type: String,
    /// customerId.
    pub customer_id: String,
    /// processorCode.
    pub processor_code: String,
    /// The subscription key.
    pub key: String,
}

/// Spec 5.2: the Authorization header value, `Bearer ` + lowercase hex SHA-512 of
/// merchant id, type, customer id and processor code, then the key.
#[napi]
pub fn subscription_authorization(args: SubscriptionAuthorizationArgs) -> napi::Result<String, Thrown> {
    guard(|| {
        let merchant = merchant_id(args.merchant_id)?;
        let key = secret(args.key)?;
        cobro::subscription_authorization(merchant, &args.r#type, &args.customer_id, &args.processor_code, &key)
            .map_err(|e| signing(&e))
    })
}

/// The variant named `spec` or `reference_id` (DESIGN.md 9 row 30), `None` when left out.
pub fn signature_variant(name: Option<&str>) -> Res<Option<VaSignatureVariant>> {
    name.map(|n| VaSignatureVariant::parse(n).map_err(|e| signing(&e)))
        .transpose()
}

/// The signed text from the `variant` and `referenceId` options, combined by the core.
fn signed_text<'r>(variant: Option<&str>, reference_id: Option<&'r str>) -> Res<VaSignedText<'r>> {
    VaSignedText::from_parts(signature_variant(variant)?, reference_id).map_err(|e| signing(&e))
}

/// Arguments of `virtualAccountMessage`.
#[napi(object)]
pub struct VirtualAccountMessageArgs {
    /// Unix seconds; defaults to the system clock.
    pub timestamp: Option<f64>,
    /// The API key.
    pub api_key: String,
    /// The signed text: `'spec'` (timestamp + API key, the default) or `'reference_id'`
    /// (then `referenceId`, as the provider's reference code signs; a `referenceId`
    /// alone selects it).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<String>,
    /// owner.referenceId, for the `reference_id` variant (1-36 characters).
    pub reference_id: Option<String>,
}

/// The exact text X-Signature covers (spec 5.1; DESIGN.md 9 row 30): timestamp and API
/// key, then `referenceId` for the `reference_id` variant.
#[napi]
pub fn virtual_account_message(args: VirtualAccountMessageArgs) -> napi::Result<String, Thrown> {
    guard(|| {
        let ts = unix_seconds(args.timestamp, "timestamp")?;
        let text = signed_text(args.variant.as_deref(), args.reference_id.as_deref())?;
        Ok(cobro::virtual_account_message_with(ts, &args.api_key, text))
    })
}

/// Arguments of `virtualAccountSignature`.
#[napi(object)]
pub struct VirtualAccountSignatureArgs {
    /// Unix seconds; defaults to the system clock.
    pub timestamp: Option<f64>,
    /// The API key.
    pub api_key: String,
    /// The secret.
    pub secret: String,
    /// The signed text: `'spec'` (the default) or `'reference_id'` (see
    /// `virtualAccountMessage`).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<String>,
    /// owner.referenceId, for the `reference_id` variant (1-36 characters).
    pub reference_id: Option<String>,
}

/// Spec 5.1: X-Signature, lowercase hex HMAC-SHA512 keyed by the secret over the
/// timestamp (Unix seconds) followed by the API key, then `referenceId` for the
/// `reference_id` variant (DESIGN.md 9 row 30).
#[napi]
pub fn virtual_account_signature(args: VirtualAccountSignatureArgs) -> napi::Result<String, Thrown> {
    guard(|| {
        let ts = unix_seconds(args.timestamp, "timestamp")?;
        let secret = secret(args.secret)?;
        let text = signed_text(args.variant.as_deref(), args.reference_id.as_deref())?;
        cobro::virtual_account_signature_with(ts, &args.api_key, &secret, text).map_err(|e| signing(&e))
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
#[napi(object)]
pub struct VirtualAccountHeadersArgs {
    /// The API key.
    pub api_key: String,
    /// The secret.
    pub secret: String,
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
    pub reference_id: Option<String>,
}

/// Spec 5.1: the four headers of a virtual-account request, in the spec's order, as a
/// plain object; `variant` and `referenceId` as in `virtualAccountSignature`.
#[napi(ts_return_type = "Record<string, string>")]
pub fn virtual_account_headers<'e>(env: &'e Env, args: VirtualAccountHeadersArgs) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let secret = secret(args.secret)?;
        let mode = deposit_mode(&args.deposit_mode)?;
        let ts = unix_seconds(args.timestamp, "timestamp")?;
        let text = signed_text(args.variant.as_deref(), args.reference_id.as_deref())?;
        let headers =
            cobro::virtual_account_headers_with(&args.api_key, &secret, ts, mode, text).map_err(|e| signing(&e))?;
        Ok(header_object(env, &headers)?)
    })
}

/// Arguments of `verifyVirtualAccountHeaders`.
#[napi(object)]
pub struct VerifyVirtualAccountHeadersArgs {
    /// The request's headers (names case-insensitive).
    pub headers: HashMap<String, String>,
    /// The secret.
    pub secret: String,
    /// Unix seconds; defaults to the system clock.
    pub now: Option<f64>,
    /// The window either way, in seconds (default 120).
    pub window_seconds: Option<f64>,
    /// The signed text: `'spec'` (the default) or `'reference_id'` (see
    /// `virtualAccountMessage`).
    #[napi(ts_type = "'spec' | 'reference_id'")]
    pub variant: Option<String>,
    /// The request body's owner.referenceId, for the `reference_id` variant.
    pub reference_id: Option<String>,
}

/// Verifies a virtual-account request's headers (spec 5.1) for the receiving side:
/// returns nothing, or throws `VerificationError` with `.code` ERR_MISSING_HEADER,
/// ERR_INVALID_HEADER, ERR_TIMESTAMP_OUT_OF_RANGE or ERR_INVALID_SIGNATURE; `variant`
/// and `referenceId` as in `virtualAccountSignature`.
#[napi]
pub fn verify_virtual_account_headers(args: VerifyVirtualAccountHeadersArgs) -> napi::Result<(), Thrown> {
    guard(|| {
        let pairs: Vec<(String, String)> = args.headers.into_iter().collect();
        let secret = secret(args.secret)?;
        let now = unix_seconds(args.now, "now")?;
        let window = size(args.window_seconds, "windowSeconds")?.unwrap_or(DEFAULT_WINDOW_SECONDS);
        let text = signed_text(args.variant.as_deref(), args.reference_id.as_deref())?;
        cobro::verify_virtual_account_headers_with(&pairs, &secret, now, window, text).map_err(|e| verify(&e))
    })
}
