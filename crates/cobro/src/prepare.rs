//! Sans-IO prepared requests (spec section 4, DESIGN.md section 5).
//!
//! Each `prepare_*` validates first and refuses an invalid request with its report
//! (nothing to send); otherwise it returns the method, the path to join to the caller's
//! base URL, the headers in order, and the exact body text, which for a pay-in is the
//! text its payinVerification was computed over. The clock (`now`, Unix seconds) is an
//! argument: the core never reads it, and derives a pay-in's date from it.

use crate::code::Code;
use crate::complete::{canonical_integer, complete};
use crate::json::{self, Value, write_string};
use crate::limits::Limits;
use crate::messages::Locale;
use crate::payin;
use crate::payin::status::PayinStatusQuery;
use crate::report::Report;
use crate::request::{Kind, ValidateOptions};
use crate::signing::{self, DepositMode, Secret, SigningError, UnixSeconds, VaSignatureVariant, VaSignedText};
use crate::subscription;
use crate::validation::{judge_completion, unreadable_body, validate_value};

/// A request ready to send: join `path` to the API's base URL and send `body` as is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedRequest {
    /// HTTP method: every operation of the spec is a `POST`.
    pub method: String,
    /// Path to join to the base URL (spec 4.1-4.4).
    pub path: String,
    /// Headers, in order.
    pub headers: Vec<(String, String)>,
    /// The exact body text to send.
    pub body: String,
    /// The fields prepare wrote a value of its own choosing into (a pay-in's
    /// payinDateTime, typePost, the default region, optional fields left out as `""`),
    /// in body order: the values the caller did not give (DESIGN.md section 5). Empty
    /// for the other requests, whose values are all the caller's.
    pub filled: Vec<String>,
}

impl PreparedRequest {
    /// `{"method","path","headers":[[name,value],...],"body","filled":[name,...]}` as
    /// compact JSON.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(self.body.len() + 256);
        out.push_str("{\"method\":");
        write_string(&mut out, &self.method);
        out.push_str(",\"path\":");
        write_string(&mut out, &self.path);
        out.push_str(",\"headers\":[");
        for (i, (name, value)) in self.headers.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('[');
            write_string(&mut out, name);
            out.push(',');
            write_string(&mut out, value);
            out.push(']');
        }
        out.push_str("],\"body\":");
        write_string(&mut out, &self.body);
        out.push_str(",\"filled\":[");
        for (i, name) in self.filled.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_string(&mut out, name);
        }
        out.push_str("]}");
        out
    }
}

/// Why a request could not be prepared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrepareError {
    /// The request is invalid: the report says why; nothing to send.
    Invalid(Report),
    /// A credential or argument is unusable (never carries the secret).
    Signing(SigningError),
}

impl PrepareError {
    /// ERR_INVALID_REQUEST for an invalid request, else the signing error's code.
    pub fn code(&self) -> Code {
        match self {
            PrepareError::Invalid(_) => Code::InvalidRequest,
            PrepareError::Signing(e) => e.code(),
        }
    }

    /// The message in `locale`: how many errors the report holds, or the signing
    /// error's message.
    pub fn message(&self, locale: Locale) -> String {
        match self {
            PrepareError::Invalid(r) => r.invalid_message(locale),
            PrepareError::Signing(e) => e.message(locale),
        }
    }
}

impl std::fmt::Display for PrepareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Locale::En))
    }
}

impl std::error::Error for PrepareError {}

impl From<SigningError> for PrepareError {
    fn from(e: SigningError) -> Self {
        PrepareError::Signing(e)
    }
}

/// Options of the `prepare_*` functions.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrepareOptions {
    /// Turn warnings into errors.
    pub strict: bool,
    /// Language of report messages.
    pub locale: Locale,
    /// Largest body accepted, in bytes; `None` for the default of 1 MiB
    /// ([`Limits::for_body`] says what each value means; `Some(0)` accepts no body).
    pub max_bytes: Option<usize>,
    /// Pay-in only: wrap the body as `{"data": {...}}`, as the provider's samples do
    /// (spec 4.4).
    pub wrap_data: bool,
    /// Virtual accounts only: the text X-Signature covers (DESIGN.md 9 row 30), the
    /// spec's by default; `ReferenceId` signs the body's owner.referenceId too.
    pub va_signature: VaSignatureVariant,
}

impl PrepareOptions {
    /// The limits a body is read under with these options ([`Limits::for_body`] of
    /// `max_bytes`).
    pub fn limits(&self) -> Limits {
        Limits::for_body(self.max_bytes)
    }

    fn validate_options<'k>(&self, payin_key: Option<&'k Secret>) -> ValidateOptions<'k> {
        ValidateOptions {
            strict: self.strict,
            locale: self.locale,
            max_bytes: self.max_bytes,
            payin_key,
            before_prepare: false,
        }
    }
}

const JSON: (&str, &str) = ("Content-Type", "application/json");

fn header(name: &str, value: &str) -> (String, String) {
    (name.to_string(), value.to_string())
}

/// Parses `body` under the options' limits, or returns the report of why it cannot be.
fn read<'b>(body: &'b [u8], options: &ValidateOptions<'_>) -> Result<Value<'b>, PrepareError> {
    json::parse(body, options.limits()).map_err(|e| PrepareError::Invalid(unreadable_body(&e, body, options)))
}

fn check(kind: Kind, value: &Value<'_>, options: &ValidateOptions<'_>) -> Result<(), PrepareError> {
    let report = validate_value(kind, value, options);
    if report.valid {
        Ok(())
    } else {
        Err(PrepareError::Invalid(report))
    }
}

/// Spec 4.1 and 5.1: `POST /merchant-payin-accounts/v1/accounts` with X-Api-Key,
/// X-Timestamp, X-Signature and X-Account-deposit-mode. The body is sent as given
/// (the signature does not cover it). With `options.va_signature` set to
/// [`VaSignatureVariant::ReferenceId`], X-Signature also covers the body's
/// owner.referenceId (its JSON string's value), which validation has already checked
/// (DESIGN.md 9 row 30).
pub fn prepare_virtual_account(
    body: &[u8],
    api_key: &str,
    secret: &Secret,
    deposit_mode: DepositMode,
    now: UnixSeconds,
    options: &PrepareOptions,
) -> Result<PreparedRequest, PrepareError> {
    let vopts = options.validate_options(None);
    let value = read(body, &vopts)?;
    check(Kind::VirtualAccount, &value, &vopts)?;
    let text = match options.va_signature {
        VaSignatureVariant::Spec => VaSignedText::Spec,
        VaSignatureVariant::ReferenceId => {
            // A valid body has one; the report is the answer if it somehow has not.
            let id = crate::virtual_account::owner_reference_id(&value)
                .ok_or_else(|| PrepareError::Invalid(validate_value(Kind::VirtualAccount, &value, &vopts)))?;
            VaSignedText::reference_id(id)?
        }
    };
    let mut headers = signing::virtual_account_headers_with(api_key, secret, now, deposit_mode, text)?;
    headers.push(header(JSON.0, JSON.1));
    Ok(PreparedRequest {
        method: "POST".to_string(),
        path: VIRTUAL_ACCOUNT_PATH.to_string(),
        headers,
        body: String::from_utf8_lossy(body).into_owned(),
        filled: Vec::new(),
    })
}

/// Spec 4.2 and 5.2: `POST /api/v1/subscription` with `Authorization: Bearer <hash>`.
pub fn prepare_subscription(
    body: &[u8],
    key: &Secret,
    options: &PrepareOptions,
) -> Result<PreparedRequest, PrepareError> {
    prepare_subscription_kind(Kind::Subscription, SUBSCRIPTION_PATH, body, key, options)
}

/// Spec 4.3 and 5.2: `POST /api/v1/subscription/cancel` with `Authorization: Bearer <hash>`.
pub fn prepare_subscription_cancel(
    body: &[u8],
    key: &Secret,
    options: &PrepareOptions,
) -> Result<PreparedRequest, PrepareError> {
    prepare_subscription_kind(Kind::SubscriptionCancel, SUBSCRIPTION_CANCEL_PATH, body, key, options)
}

fn prepare_subscription_kind(
    kind: Kind,
    path: &str,
    body: &[u8],
    key: &Secret,
    options: &PrepareOptions,
) -> Result<PreparedRequest, PrepareError> {
    let vopts = options.validate_options(None);
    let value = read(body, &vopts)?;
    let Some(done) = complete(kind, &value, None, UnixSeconds::EPOCH, false) else {
        return Err(PrepareError::Invalid(validate_value(kind, &value, &vopts)));
    };
    let sent = json::parse(done.text.as_bytes(), done.limits(vopts.limits()))
        .map_err(|e| PrepareError::Invalid(unreadable_body(&e, done.text.as_bytes(), &vopts)))?;
    check(kind, &sent, &vopts)?;
    let parts = subscription::authorization_parts(&sent)
        .ok_or_else(|| PrepareError::Invalid(validate_value(kind, &sent, &vopts)))?;
    // Validation passed, so merchantId is a whole number within range: this is a guard.
    let merchant_id = canonical_integer(parts.0).ok_or_else(|| SigningError::InvalidField {
        name: "merchantId",
        code: Code::InvalidType,
        params: vec![("expected", "integer".to_string())],
    })?;
    let authorization = signing::subscription_authorization(merchant_id, parts.1, parts.2, parts.3, key)?;
    Ok(PreparedRequest {
        method: "POST".to_string(),
        path: path.to_string(),
        headers: vec![header("Authorization", &authorization), header(JSON.0, JSON.1)],
        body: done.text,
        filled: done.filled,
    })
}

/// The operations' paths, where a prepared request's `path` comes from (spec 4.1-4.4).
pub use crate::endpoints::{PAYIN_PATH, SUBSCRIPTION_CANCEL_PATH, SUBSCRIPTION_PATH, VIRTUAL_ACCOUNT_PATH};

/// Spec 4.4 and 5.3: completes, signs and validates a pay-in body (DESIGN.md section 5).
///
/// Completion: optional fields left out become `""` (row 6), `typePost` becomes `json`,
/// a missing or blank `payinDateTime` becomes today's date in the pay-in country of
/// payinCurrency at `now` (its UTC offset is in [`crate::country`]; for a currency of
/// no pay-in country, the earliest of their dates), a blank `payinCustomerRegion`
/// becomes the country's default region (Lima for Peru, row 20); the result's
/// [`PreparedRequest::filled`] names each of those fields. payinMerchantID, payinAmount,
/// payinProductAmount and payinExpirationTime are written as JSON strings, as every
/// provider sample and public integration sends them (row 9; a null expiration stays
/// null, row 8), the amounts in their canonical two-decimal text (`29.9` or `"29.9"` in,
/// `"29.90"` out, row 10); a whole number in a free-text field
/// (payinMerchantOperationNumber, payinProductID, ...) is written as the string of its
/// JSON text (row 28); payinVerification is computed over that same merchant, amount and
/// operation-number text (any value the caller gave is replaced). Values the spec
/// requires from the merchant (names, e-mail, phone, products, ...) are never invented:
/// they stay errors. The completed body is then validated with the key and refused with
/// its report if invalid. [`crate::validate`] with `before_prepare` judges this same
/// completion.
pub fn prepare_payin(
    body: &[u8],
    key: &Secret,
    now: UnixSeconds,
    options: &PrepareOptions,
) -> Result<PreparedRequest, PrepareError> {
    let vopts = options.validate_options(Some(key));
    let root = read(body, &vopts)?;
    let Some(done) = complete(Kind::Payin, &root, Some(key), now, options.wrap_data) else {
        return Err(PrepareError::Invalid(validate_value(Kind::Payin, &root, &vopts)));
    };
    let report = judge_completion(Kind::Payin, &done, &vopts);
    if !report.valid {
        return Err(PrepareError::Invalid(report));
    }
    Ok(PreparedRequest {
        method: "POST".to_string(),
        path: PAYIN_PATH.to_string(),
        headers: vec![header(JSON.0, JSON.1)],
        body: done.text,
        filled: done.filled,
    })
}

/// DESIGN.md 9 row 36, an extension beyond the spec: the pay-in status query of
/// merchant `merchant_id` ([`crate::payin::status`]), `POST` to its path under the status
/// base URL with the `authorization` SHA-256 and the query's body. The query was checked
/// against the current day when it was made ([`PayinStatusQuery::new`]; the bindings
/// and the CLI pass [`crate::country::earliest_payin_date`] of their `now`).
pub fn prepare_payin_status(
    merchant_id: u64,
    key: &Secret,
    query: &PayinStatusQuery,
) -> Result<PreparedRequest, SigningError> {
    Ok(PreparedRequest {
        method: "POST".to_string(),
        path: payin::status::payin_status_path(merchant_id),
        headers: payin::status::payin_status_headers(merchant_id, key)?,
        body: query.body(),
        filled: Vec::new(),
    })
}
