//! Catalogues of the service's codes and states as data (DESIGN.md section 6,
//! PROVIDER_FACTS.md "Error catalogues" and "Status catalogues"): what a code means and
//! what it asks of the merchant. Lookups answer null for a code the core does not list.
//! `codes()` is cobro's own catalogue: every code a report or an exception carries.

use std::collections::HashMap;

use cobro::catalog as core;

use crate::records::{MessageLocale, Severity};

/// One code of cobro's catalogue (the core's `Code`, DESIGN.md section 3): every code a
/// report issue or a `CobroException` carries is one of these.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CatalogueCode {
    /// The code, e.g. `ERR_MISSING_FIELD`.
    pub code: String,
    /// The severity of its report issues; null for a code raised only as an error.
    pub severity: Option<Severity>,
    /// Where it is raised: `report`, or the error class as the core names it
    /// (`ParseError` is `CobroException.Parse`, `DocumentError` is `Document`,
    /// `ValidationError` is `Validation`; `SigningError`, `VerificationError` and
    /// `CobroError` belong to functions this binding does not export).
    pub classes: Vec<String>,
    /// What it means, in English.
    pub meaning: String,
    /// The names of its params (`Issue.params`), in the order the template uses them.
    pub params: Vec<String>,
    /// The message template in each locale: `{path}` is the field, `{name}` a param.
    pub templates: HashMap<MessageLocale, String>,
}

impl From<cobro::Code> for CatalogueCode {
    fn from(c: cobro::Code) -> CatalogueCode {
        CatalogueCode {
            code: c.as_str().to_string(),
            severity: c.severity().map(Severity::from),
            classes: c.classes().iter().map(|k| k.as_str().to_string()).collect(),
            meaning: c.meaning(),
            params: c.params().into_iter().map(str::to_string).collect(),
            templates: cobro::Locale::ALL
                .into_iter()
                .map(|l| (MessageLocale::from(l), c.template(l).to_string()))
                .collect(),
        }
    }
}

/// Every code of cobro's catalogue, in the core's order (the data of the core's
/// `catalogue_json`, as records).
#[uniffi::export]
pub fn codes() -> Vec<CatalogueCode> {
    cobro::Code::ALL.iter().map(|&c| CatalogueCode::from(c)).collect()
}

/// What a code asks of the merchant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Disposition {
    /// The operation succeeded.
    Success,
    /// The request or the merchant's settings must change before trying again.
    MerchantFix,
    /// A passing condition (a fault on the service's side, or a step the customer has
    /// not taken yet, as pay-in code 0044): the same request may succeed later.
    Retry,
    /// Not an outcome yet: wait for a notification.
    Pending,
    /// The shopper's payment was refused: ask for another payment.
    Declined,
}

impl From<core::Disposition> for Disposition {
    fn from(d: core::Disposition) -> Disposition {
        match d {
            core::Disposition::Success => Disposition::Success,
            core::Disposition::MerchantFix => Disposition::MerchantFix,
            core::Disposition::Retry => Disposition::Retry,
            core::Disposition::Pending => Disposition::Pending,
            core::Disposition::Declined => Disposition::Declined,
        }
    }
}

/// One entry of a code catalogue.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CodeInfo {
    /// The code as the service writes it (`0010`, `B405`, `ERR_INVALID_SIGNATURE`).
    pub code: String,
    /// What it means, in English.
    pub meaning: String,
    /// What it asks of the merchant.
    pub disposition: Disposition,
}

impl From<&core::CodeInfo> for CodeInfo {
    fn from(c: &core::CodeInfo) -> CodeInfo {
        CodeInfo {
            code: c.code.to_string(),
            meaning: c.meaning.to_string(),
            disposition: c.disposition.into(),
        }
    }
}

/// A pay-in state (payinStateID, PROVIDER_FACTS.md "Status catalogues"; spec 3). Key on
/// the id: the descriptions on the wire vary in case and wording.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PayinState {
    /// payinStateID.
    pub id: i64,
    /// The provider's Spanish name (`Autorizado`).
    pub name: String,
    /// An English name (`authorized`).
    pub name_en: String,
    /// What the state means for the merchant.
    pub meaning: String,
    /// Whether the money was received and is kept at this point (5 and 9 only).
    pub paid: bool,
    /// Whether the state can no longer change.
    pub is_final: bool,
}

impl From<&cobro::payin::catalog::PayinStateInfo> for PayinState {
    fn from(s: &cobro::payin::catalog::PayinStateInfo) -> PayinState {
        PayinState {
            id: s.id,
            name: s.name.to_string(),
            name_en: s.name_en.to_string(),
            meaning: s.meaning.to_string(),
            paid: s.paid,
            is_final: s.is_final,
        }
    }
}

/// A subscription operation (spec 4.2, 4.3). Named for subscriptions: Kotlin's and
/// Swift's namespace is flat, and `Operation` alone says nothing there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum SubscriptionOperation {
    /// Create subscription (4.2).
    Create,
    /// Cancel subscription (4.3).
    Cancel,
}

impl From<cobro::subscription::response::Operation> for SubscriptionOperation {
    fn from(o: cobro::subscription::response::Operation) -> SubscriptionOperation {
        match o {
            cobro::subscription::response::Operation::Create => SubscriptionOperation::Create,
            cobro::subscription::response::Operation::Cancel => SubscriptionOperation::Cancel,
        }
    }
}

/// One code of spec 7.2's table: meaning, disposition, and the operations that can
/// answer it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SubscriptionCode {
    /// The code (`B400`..`B500`, `E401`, `9025`, `9099`).
    pub code: String,
    /// What it means, in English.
    pub meaning: String,
    /// What it asks of the merchant.
    pub disposition: Disposition,
    /// Where the spec says it can occur.
    pub operations: Vec<SubscriptionOperation>,
}

impl From<&cobro::subscription::response::SubscriptionCode> for SubscriptionCode {
    fn from(c: &cobro::subscription::response::SubscriptionCode) -> SubscriptionCode {
        SubscriptionCode {
            code: c.info.code.to_string(),
            meaning: c.info.meaning.to_string(),
            disposition: c.info.disposition.into(),
            operations: c.operations.iter().map(|&o| o.into()).collect(),
        }
    }
}

/// What a pay-in creation code (`payinErrorCode`, spec 7.3) means, or null.
#[uniffi::export]
pub fn payin_creation_code(code: String) -> Option<CodeInfo> {
    cobro::payin::catalog::payin_creation_code(&code).map(CodeInfo::from)
}

/// Every pay-in creation code, in the catalogue's order.
#[uniffi::export]
pub fn payin_creation_codes() -> Vec<CodeInfo> {
    cobro::payin::catalog::PAYIN_CREATION_CODES
        .iter()
        .map(CodeInfo::from)
        .collect()
}

/// What a payment confirmation code (`errorDetails.codeErrorTrx` of a payment
/// notification, 9000-9099) means, or null.
#[uniffi::export]
pub fn payment_confirmation_code(code: String) -> Option<CodeInfo> {
    cobro::payin::catalog::payment_confirmation_code(&code).map(CodeInfo::from)
}

/// Every payment confirmation code, in the catalogue's order.
#[uniffi::export]
pub fn payment_confirmation_codes() -> Vec<CodeInfo> {
    cobro::payin::catalog::PAYMENT_CONFIRMATION_CODES
        .iter()
        .map(CodeInfo::from)
        .collect()
}

/// The pay-in state `id` (payinStateID), or null.
#[uniffi::export]
pub fn payin_state(id: i64) -> Option<PayinState> {
    cobro::payin::catalog::payin_state(id).map(PayinState::from)
}

/// Every pay-in state, by id.
#[uniffi::export]
pub fn payin_states() -> Vec<PayinState> {
    cobro::payin::catalog::PAYIN_STATES
        .iter()
        .map(PayinState::from)
        .collect()
}

/// What a subscription error code (spec 7.2: B400..B500, E401, 9025, 9099) means, or
/// null.
#[uniffi::export]
pub fn subscription_error_code(code: String) -> Option<SubscriptionCode> {
    cobro::subscription::response::subscription_error_code(&code).map(SubscriptionCode::from)
}

/// Every subscription error code, in the spec's order (7.2).
#[uniffi::export]
pub fn subscription_error_codes() -> Vec<SubscriptionCode> {
    cobro::subscription::response::SUBSCRIPTION_ERROR_CODES
        .iter()
        .map(SubscriptionCode::from)
        .collect()
}

/// What a virtual-account error code (spec 7.1 `error.details[].code`) means, or null.
#[uniffi::export]
pub fn virtual_account_error_code(code: String) -> Option<CodeInfo> {
    cobro::virtual_account::catalog::virtual_account_error_code(&code).map(CodeInfo::from)
}

/// Every virtual-account error code, header errors first (PROVIDER_FACTS.md).
#[uniffi::export]
pub fn virtual_account_error_codes() -> Vec<CodeInfo> {
    cobro::virtual_account::catalog::VIRTUAL_ACCOUNT_ERROR_CODES
        .iter()
        .map(|c| CodeInfo::from(&c.info))
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests fail loudly

    use super::*;

    #[test]
    fn codes_are_the_core_catalogue() {
        let json: serde_json::Value = serde_json::from_str(&cobro::catalogue_json()).unwrap();
        let core = json["codes"].as_array().unwrap();
        let ours = codes();
        assert_eq!(ours.len(), core.len());
        for (entry, c) in ours.iter().zip(core) {
            assert_eq!(entry.code, c["code"]);
            let severity = entry.severity.map(|s| format!("{s:?}").to_lowercase());
            assert_eq!(severity.as_deref(), c["severity"].as_str());
            assert_eq!(
                entry.classes,
                c["classes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap())
                    .collect::<Vec<_>>()
            );
            assert_eq!(entry.meaning, c["meaning"]);
            assert_eq!(
                entry.params,
                c["params"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap())
                    .collect::<Vec<_>>()
            );
            for locale in cobro::Locale::ALL {
                assert_eq!(
                    entry.templates[&MessageLocale::from(locale)],
                    c["templates"][locale.tag()]
                );
            }
        }
    }
}
