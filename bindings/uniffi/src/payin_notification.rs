//! The pay-in payment notification (PROVIDER_FACTS.md "Notifications"), parsed without
//! verification: verifying payinVerification needs the merchant's key, which does not
//! belong in an app (the binding's README). Only the merchant's server can believe a
//! notification; an app may parse one its server forwarded, to show the state.

use cobro::payin::notification as core;

use crate::catalog::{CodeInfo, PayinState};
use crate::errors::CobroError;
use crate::personal::Personal;

/// A pay-in payment notification; field names follow the wire names. The fields that
/// are not optional are the required ones (DESIGN.md 9 row 31).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PayinNotification {
    /// payinStateID (a JSON number or a string of digits on the wire).
    pub payin_state_id: i64,
    /// payinState, exactly as received; do not match on it, use `state`.
    pub payin_state: Option<String>,
    /// The catalogue's entry for payinStateID; null for an id it does not list.
    pub state: Option<PayinState>,
    /// payinStatusErrorCode, as text: reserved by the provider, never interpreted.
    pub payin_status_error_code: Option<String>,
    /// payinStatusErrorMessage, as text: reserved like payinStatusErrorCode.
    pub payin_status_error_message: Option<String>,
    /// payinMerchantID as text, exactly as received.
    pub payin_merchant_id: String,
    /// payinAmount exactly as received (`30.0`).
    pub payin_amount: String,
    /// The amount with exactly two decimals (`30.00`); null when it is not an amount.
    pub payin_amount_two_decimals: Option<String>,
    /// payinCurrency (ISO 4217, as received).
    pub payin_currency: String,
    /// payinMerchantOperationNumber: the merchant's sale reference.
    pub payin_merchant_operation_number: String,
    /// payinMethod (`Cash`, `TCTD`, `BankTransfer`...).
    pub payin_method: Option<String>,
    /// payinVerification as received; not checked here (that needs the merchant's key).
    pub payin_verification: Option<String>,
    /// additionalInformation: each element as its compact JSON text (personal: the
    /// processor's data may hold the payer's); null when absent.
    pub additional_information: Option<Vec<Personal>>,
    /// errorDetails: why the payment confirmation failed; null when absent.
    pub error_details: Option<PaymentErrorDetails>,
}

impl From<core::PayinNotification> for PayinNotification {
    fn from(n: core::PayinNotification) -> PayinNotification {
        PayinNotification {
            payin_state_id: n.payin_state_id,
            payin_state: n.payin_state,
            state: n.state.as_ref().map(PayinState::from),
            payin_status_error_code: n.payin_status_error_code,
            payin_status_error_message: n.payin_status_error_message,
            payin_merchant_id: n.payin_merchant_id,
            payin_amount: n.payin_amount,
            payin_amount_two_decimals: n.payin_amount_two_decimals,
            payin_currency: n.payin_currency,
            payin_merchant_operation_number: n.payin_merchant_operation_number,
            payin_method: n.payin_method,
            payin_verification: n.payin_verification,
            additional_information: n
                .additional_information
                .map(|items| items.into_iter().map(Personal::from).collect()),
            error_details: n.error_details.map(|d| PaymentErrorDetails {
                confirmation: d.confirmation.as_ref().map(CodeInfo::from),
                code_error_trx: d.code_error_trx,
                message_error_trx: d.message_error_trx,
            }),
        }
    }
}

/// errorDetails of a payment notification.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PaymentErrorDetails {
    /// codeErrorTrx, as text: a payment confirmation code (9000-9099); null when absent.
    pub code_error_trx: Option<String>,
    /// messageErrorTrx, the provider's description, as received.
    pub message_error_trx: Option<String>,
    /// The catalogue's entry for codeErrorTrx; null for a code it does not list.
    pub confirmation: Option<CodeInfo>,
}

/// Parses a pay-in payment notification WITHOUT verifying it (see the module
/// documentation); throws `Parse` naming the field for a body that is not one.
#[uniffi::export]
pub fn parse_payin_notification(body: Vec<u8>) -> Result<PayinNotification, CobroError> {
    Ok(core::parse_payin_notification(&body)?.into())
}
