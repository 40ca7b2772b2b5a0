//! The pay-in payment notification as the provider writes and signs it
//! (PROVIDER_FACTS.md "Notifications"): payinVerification covers the merchant, the
//! operation number, the amount and the currency.

use serde::Serialize;

use crate::amount::Amount;
use crate::payin::catalog::payin_state;
use crate::provider::to_json;
use crate::signing::{Secret, SigningError, payin_verification};

/// The facts of a payment notification (PROVIDER_FACTS.md "Notifications").
#[derive(Debug, Clone)]
pub struct Notification<'a> {
    /// `payinStateID` (PROVIDER_FACTS.md's catalogue: 5 paid, 6 denied...).
    pub state_id: i64,
    /// `payinMerchantID`.
    pub merchant_id: u64,
    /// `payinAmount`, written with two decimals.
    pub amount: Amount,
    /// `payinCurrency`.
    pub currency: &'a str,
    /// `payinMerchantOperationNumber`.
    pub operation_number: &'a str,
    /// `payinMethod`.
    pub method: &'a str,
    /// `errorDetails` {codeErrorTrx, messageErrorTrx}, or None (null).
    pub error: Option<(&'a str, &'a str)>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NotificationBody<'a> {
    #[serde(rename = "payinStateID")]
    payin_state_id: String,
    payin_state: &'a str,
    payin_status_error_code: &'a str,
    payin_status_error_message: &'a str,
    #[serde(rename = "payinMerchantID")]
    payin_merchant_id: String,
    payin_amount: String,
    payin_currency: &'a str,
    payin_merchant_operation_number: &'a str,
    payin_method: &'a str,
    payin_verification: String,
    additional_information: [(); 0],
    error_details: Option<TrxError<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TrxError<'a> {
    code_error_trx: &'a str,
    message_error_trx: &'a str,
}

/// The payment notification's JSON text, signed as the provider signs it:
/// payinVerification is the SHA-512 of payinMerchantID, payinMerchantOperationNumber,
/// payinAmount (two decimals, as written) and payinCurrency, then `key`. Integers are
/// written as strings, as the provider's samples do. Fails as
/// [`payin_verification`] does for an out-of-range merchant id or a bad currency.
pub fn notification(n: &Notification<'_>, key: &Secret) -> Result<String, SigningError> {
    let verification = payin_verification(n.merchant_id, n.operation_number, n.amount, n.currency, key)?;
    let body = NotificationBody {
        payin_state_id: n.state_id.to_string(),
        payin_state: payin_state(n.state_id).map_or("", |s| s.name),
        payin_status_error_code: "00",
        payin_status_error_message: "",
        payin_merchant_id: n.merchant_id.to_string(),
        payin_amount: n.amount.to_string(),
        payin_currency: n.currency,
        payin_merchant_operation_number: n.operation_number,
        payin_method: n.method,
        payin_verification: verification,
        additional_information: [],
        error_details: n.error.map(|(code, message)| TrxError {
            code_error_trx: code,
            message_error_trx: message,
        }),
    };
    Ok(to_json(&body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payin::notification::verify_payin_notification;

    #[test]
    fn a_notification_verifies_with_the_key() {
        let key = Secret::new("fake-payin-key-for-tests").unwrap();
        let n = Notification {
            state_id: 5,
            merchant_id: 674,
            amount: Amount::parse("30").unwrap(),
            currency: "PEN",
            operation_number: "OP-9",
            method: "Cash",
            error: None,
        };
        let text = notification(&n, &key).unwrap();
        let verified = verify_payin_notification(text.as_bytes(), &key).unwrap();
        assert_eq!(verified.payin_state_id, 5);
        assert!(text.contains(r#""payinAmount":"30.00""#), "{text}");
        let other = Secret::new("another-fake-key").unwrap();
        assert!(verify_payin_notification(text.as_bytes(), &other).is_err());
    }
}
