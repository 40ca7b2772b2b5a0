//! The pay-in payment notification (PROVIDER_FACTS.md "Notifications"; the spec says
//! "not shown", section 6), and its verification.
//!
//! The provider POSTs it to the merchant's URL when a pay-in changes state and expects
//! an HTTP 200 reply. It is the only proof of payment the merchant gets (spec 4.4: the
//! redirect to payinTransactionOKURL proves nothing), so it must be verified before it
//! is believed: [`verify_payin_notification`].
//!
//! # Required and optional fields (DESIGN.md 9 row 31)
//!
//! Required: payinStateID, payinMerchantID, payinAmount, payinCurrency and
//! payinMerchantOperationNumber: what identifies the event (the order and its new
//! state) and the texts payinVerification covers. Every other documented field is
//! optional, and typed when present: payinState (the id is what counts), payinMethod,
//! payinVerification, the two reserved fields, additionalInformation and errorDetails
//! with its codeErrorTrx and messageErrorTrx.
//!
//! payinVerification is optional for parsing only: [`verify_payin_notification`]
//! needs it, and an empty, blank or absent hash is ERR_MISSING_SIGNATURE there, never
//! a pass (PROVIDER_FACTS.md "Signing details").
//!
//! Fields are read in the order PROVIDER_FACTS.md lists them, so with several problems
//! the first in that order is reported. Unknown fields are ignored.

use std::fmt;

use serde::Serialize;

use super::catalog::{self, PayinStateInfo, payment_confirmation_code};
use crate::amount::Amount;
use crate::catalog::CodeInfo;
use crate::code::Code;
use crate::json::{self, Value};
use crate::messages::Locale;
use crate::personal::Personal;
use crate::reader::{self, Fields, ParseError};
use crate::signing::{self, Secret};

/// A pay-in payment notification (PROVIDER_FACTS.md "Notifications"). Field names follow
/// the wire names in snake case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PayinNotification {
    /// payinStateID: a JSON number or a string of digits (the provider sends `"5"`).
    pub payin_state_id: i64,
    /// payinState, the state's description exactly as received. It varies in case and
    /// wording (`Autorizado`, `AUTORIZADO`, `Aprobado`): do not match on it; use
    /// [`PayinNotification::state`].
    pub payin_state: Option<String>,
    /// The catalogue's entry for payinStateID (name, meaning, whether paid, whether
    /// final); `None` for an id the catalogue does not list.
    pub state: Option<PayinStateInfo>,
    /// payinStatusErrorCode, as text (string or number). Reserved by the provider "for
    /// future use", not to be evaluated (the samples send `"00"`); kept raw, never
    /// interpreted.
    pub payin_status_error_code: Option<String>,
    /// payinStatusErrorMessage, as text. Reserved like payinStatusErrorCode.
    pub payin_status_error_message: Option<String>,
    /// payinMerchantID as text (a number's text or the string's content), exactly as
    /// received: it is one of the texts payinVerification covers.
    pub payin_merchant_id: String,
    /// payinAmount exactly as received (`"30.0"`; a JSON number's text), checked to be a
    /// plain unsigned decimal (digits, optionally a dot and digits). Compare with the
    /// order's amount through [`PayinNotification::payin_amount_two_decimals`].
    pub payin_amount: String,
    /// The amount rendered with exactly two decimals (`"30.0"` gives `"30.00"`), the
    /// form requests use (DESIGN.md 4); `None` when the text is not an [`Amount`]
    /// (zero, more than two decimals, more than 15 integer digits).
    pub payin_amount_two_decimals: Option<String>,
    /// payinCurrency (ISO 4217, as received).
    pub payin_currency: String,
    /// payinMerchantOperationNumber, the merchant's sale reference, as text.
    pub payin_merchant_operation_number: String,
    /// payinMethod (`Cash`, `TCTD`, `BankTransfer`...).
    pub payin_method: Option<String>,
    /// payinVerification as received (hex SHA-512); may be empty or absent at parse
    /// time, which [`verify_payin_notification`] reports as ERR_MISSING_SIGNATURE.
    pub payin_verification: Option<String>,
    /// additionalInformation: "supplementary data from the processor" whose shape the
    /// provider does not describe (the samples send `[]`). Decided here: each element is
    /// kept as its compact JSON text (numbers as written, member order kept), for the
    /// merchant to read with its own JSON reader. `None` when absent or null. Personal
    /// (processors put the payer's details there): `Debug` prints each `[REDACTED]`.
    pub additional_information: Option<Vec<Personal>>,
    /// errorDetails: why the payment confirmation failed; `None` when absent or null.
    pub error_details: Option<PaymentErrorDetails>,
}

/// errorDetails of a payment notification (PROVIDER_FACTS.md: an object
/// `{codeErrorTrx, messageErrorTrx}`, or null).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PaymentErrorDetails {
    /// codeErrorTrx, as text (string or number): a payment confirmation code, 9000-9099;
    /// `None` when absent (DESIGN.md 9 row 31).
    pub code_error_trx: Option<String>,
    /// messageErrorTrx, the provider's description, as received.
    pub message_error_trx: Option<String>,
    /// The catalogue's entry for codeErrorTrx ([`payment_confirmation_code`]); `None`
    /// for a code it does not list.
    pub confirmation: Option<CodeInfo>,
}

/// Parses a pay-in payment notification without verifying it (module doc for which
/// fields are required, DESIGN.md 9 row 31). Use [`verify_payin_notification`] before acting on it.
pub fn parse_payin_notification(body: &[u8]) -> Result<PayinNotification, ParseError> {
    let root = reader::read(body)?;
    let f = Fields::of(&root, "")?;
    let payin_state_id = f.int("payinStateID")?;
    let payin_state = f.opt_str("payinState")?.map(str::to_string);
    let payin_status_error_code = f.opt_text("payinStatusErrorCode")?.map(str::to_string);
    let payin_status_error_message = f.opt_text("payinStatusErrorMessage")?.map(str::to_string);
    let payin_merchant_id = f.text("payinMerchantID")?.to_string();
    let payin_amount = f.text("payinAmount")?;
    if !is_plain_decimal(payin_amount) {
        return Err(ParseError::new(
            Code::InvalidValue,
            "payinAmount",
            "a decimal number such as 30.0",
        ));
    }
    let payin_currency = f.str("payinCurrency")?.to_string();
    let payin_merchant_operation_number = f.text("payinMerchantOperationNumber")?.to_string();
    let payin_method = f.opt_str("payinMethod")?.map(str::to_string);
    let payin_verification = f.opt_str("payinVerification")?.map(str::to_string);
    let additional_information = f
        .opt_array("additionalInformation")?
        .map(|items| items.iter().map(|item| Personal::new(compact(item))).collect());
    let error_details = match f.get("errorDetails")? {
        None => None,
        Some(value) => Some(error_details(value)?),
    };
    Ok(PayinNotification {
        payin_state_id,
        state: catalog::payin_state(payin_state_id).copied(),
        payin_state,
        payin_status_error_code,
        payin_status_error_message,
        payin_merchant_id,
        payin_amount_two_decimals: Amount::parse(payin_amount).ok().map(|a| a.to_string()),
        payin_amount: payin_amount.to_string(),
        payin_currency,
        payin_merchant_operation_number,
        payin_method,
        payin_verification,
        additional_information,
        error_details,
    })
}

fn error_details(value: &Value<'_>) -> Result<PaymentErrorDetails, ParseError> {
    let f = Fields::of(value, "errorDetails").map_err(|mut e| {
        e.expected = "an object or null";
        e
    })?;
    let code_error_trx = f.opt_text("codeErrorTrx")?.map(str::to_string);
    let message_error_trx = f.opt_str("messageErrorTrx")?.map(str::to_string);
    Ok(PaymentErrorDetails {
        confirmation: code_error_trx.as_deref().and_then(payment_confirmation_code).copied(),
        code_error_trx,
        message_error_trx,
    })
}

/// Digits, optionally followed by a dot and digits: `30`, `30.0`, `200000.00`. No sign,
/// exponent, grouping or spaces.
pub(crate) fn is_plain_decimal(text: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match text.split_once('.') {
        Some((int, frac)) => digits(int) && digits(frac),
        None => digits(text),
    }
}

/// The field of `n` a verification refuses to hash: the hash covers the four texts
/// joined with no separator, so any spelling but one of the amount (no leading zero)
/// and the currency (three capital letters) would let a signed text be cut into other
/// fields at their edges (a zero moved from the operation number to the amount, a
/// letter from the amount to the currency) and pass for another order's. (Digits moved
/// between the merchant id and the operation number are the receiver's to refuse, given
/// the merchant's id: `crate::receive`.)
fn ambiguous_field(n: &PayinNotification) -> Option<ParseError> {
    let whole = |t: &str| !t.is_empty() && !t.starts_with('0') && t.bytes().all(|b| b.is_ascii_digit());
    let int = n.payin_amount.split('.').next().unwrap_or_default();
    let currency = n.payin_currency.len() == 3 && n.payin_currency.bytes().all(|b| b.is_ascii_uppercase());
    let refused = |field, expected| Some(ParseError::new(Code::InvalidValue, field, expected));
    if !(int == "0" || whole(int)) {
        refused("payinAmount", "a decimal number with no leading zero, such as 30.0")
    } else if !currency {
        refused("payinCurrency", "a currency code such as PEN")
    } else {
        None
    }
}

fn compact(value: &Value<'_>) -> String {
    let mut out = String::new();
    json::write_value(&mut out, value);
    out
}

/// Which amount text the notification's payinVerification was computed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SignedAmount {
    /// payinAmount exactly as received (`30.0`).
    AsReceived,
    /// Its two-decimal rendering (`30.00`), the form requests are signed with.
    TwoDecimals,
}

/// A notification whose payinVerification matched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerifiedNotification {
    /// The notification.
    pub notification: PayinNotification,
    /// Which amount text the hash covered.
    pub signed_amount: SignedAmount,
}

/// Why a pay-in notification is not accepted. Neither the code nor the message ever
/// shows the key, the hash or a value of the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotificationError {
    /// The body is not a readable pay-in notification.
    Parse(ParseError),
    /// payinVerification is empty, blank or absent: the notification cannot be
    /// authenticated (both official samples look like this; never treated as a pass).
    MissingSignature,
    /// payinVerification does not match (wrong key, altered field, not 128 hex
    /// characters).
    InvalidSignature,
}

impl NotificationError {
    /// The code in the catalogue: the parse error's code, ERR_MISSING_SIGNATURE or
    /// ERR_INVALID_SIGNATURE.
    pub fn code(&self) -> Code {
        match self {
            NotificationError::Parse(e) => e.code,
            NotificationError::MissingSignature => Code::MissingSignature,
            NotificationError::InvalidSignature => Code::InvalidSignature,
        }
    }

    /// The message in `locale`.
    pub fn message(&self, locale: Locale) -> String {
        match self {
            NotificationError::Parse(e) => e.message(locale),
            NotificationError::MissingSignature => {
                crate::messages::render::<_, &str>(Code::MissingSignature, "payinVerification", &[], locale)
            }
            NotificationError::InvalidSignature => {
                crate::messages::render(Code::InvalidSignature, "payinVerification", &SIGNED_PARAMS, locale)
            }
        }
    }
}

/// What payinVerification covers (spec 5.3), as the params of ERR_INVALID_SIGNATURE.
pub(crate) const SIGNED_PARAMS: [(&str, &str); 2] = [
    ("scheme", "SHA-512"),
    (
        "signed",
        "payinMerchantID, payinMerchantOperationNumber, payinAmount, payinCurrency",
    ),
];

impl fmt::Display for NotificationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Locale::En))
    }
}

impl std::error::Error for NotificationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotificationError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseError> for NotificationError {
    fn from(e: ParseError) -> NotificationError {
        NotificationError::Parse(e)
    }
}

/// Parses a pay-in payment notification and checks its payinVerification: the SHA-512
/// hex of payinMerchantID + payinMerchantOperationNumber + payinAmount + payinCurrency +
/// key (PROVIDER_FACTS.md), compared in constant time on decoded bytes (so hex case does
/// not matter).
///
/// Which amount text the provider hashes is not stated (PROVIDER_FACTS.md "Signing
/// details": notifications show `30.0` while requests are signed with `30.00`), so the
/// hash is accepted when it covers the amount as received or its two-decimal rendering;
/// both name the same value, so accepting either lets no one change what was paid.
/// An empty, blank or absent payinVerification is ERR_MISSING_SIGNATURE, never a pass.
pub fn verify_payin_notification(body: &[u8], key: &Secret) -> Result<PayinNotification, NotificationError> {
    verify_payin_notification_detailed(body, key).map(|v| v.notification)
}

/// [`verify_payin_notification`], also saying which amount text the hash covered.
pub fn verify_payin_notification_detailed(
    body: &[u8],
    key: &Secret,
) -> Result<VerifiedNotification, NotificationError> {
    let n = parse_payin_notification(body)?;
    if let Some(e) = ambiguous_field(&n) {
        return Err(e.into());
    }
    let given = match n.payin_verification.as_deref() {
        Some(v) if !v.trim().is_empty() => v,
        _ => return Err(NotificationError::MissingSignature),
    };
    let check = |amount: &str| {
        signing::verify_payin_verification(
            &n.payin_merchant_id,
            &n.payin_merchant_operation_number,
            amount,
            &n.payin_currency,
            given,
            key,
        )
    };
    let as_received = check(&n.payin_amount);
    let two_decimals = match n.payin_amount_two_decimals.as_deref() {
        Some(text) if text != n.payin_amount => check(text),
        _ => false,
    };
    let signed_amount = if as_received {
        SignedAmount::AsReceived
    } else if two_decimals {
        SignedAmount::TwoDecimals
    } else {
        return Err(NotificationError::InvalidSignature);
    };
    Ok(VerifiedNotification {
        notification: n,
        signed_amount,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_decimals() {
        for ok in ["30", "30.0", "30.00", "0.5", "0", "200000.0"] {
            assert!(is_plain_decimal(ok), "{ok}");
        }
        for bad in ["", ".", "30.", ".5", "-30", "+30", "3e1", "30,0", " 30", "30.0.0", "١٢"] {
            assert!(!is_plain_decimal(bad), "{bad}");
        }
    }

    #[test]
    fn errors_show_no_values() {
        let errors = [
            NotificationError::MissingSignature,
            NotificationError::InvalidSignature,
            NotificationError::Parse(ParseError::new(Code::MissingField, "payinAmount", "a string or number")),
        ];
        let codes: Vec<&str> = errors.iter().map(|e| e.code().as_str()).collect();
        assert_eq!(
            codes,
            ["ERR_MISSING_SIGNATURE", "ERR_INVALID_SIGNATURE", "ERR_MISSING_FIELD"]
        );
        for e in errors.iter().take(2) {
            assert!(e.to_string().starts_with("payinVerification "), "{e}");
        }
    }
}
