//! Catalogues of the service's codes and states as data (DESIGN.md section 6,
//! PROVIDER_FACTS.md "Error catalogues" and "Status catalogues"): what a code means and
//! what it asks of the merchant. Lookups answer null for a code the core does not list.
//! `codes()` is cobro's own catalogue: every code a report or an exception carries.

use std::collections::HashMap;

use crate::convert::{all_from_core, from_core};
use crate::records::{MessageLocale, Severity};
use crate::shapes::{CodeInfo, PayinState, SubscriptionCode};

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

/// What a pay-in creation code (`payinErrorCode`, spec 7.3) means, or null.
#[uniffi::export]
pub fn payin_creation_code(code: String) -> Option<CodeInfo> {
    cobro::payin::catalog::payin_creation_code(&code).map(from_core)
}

/// Every pay-in creation code, in the catalogue's order.
#[uniffi::export]
pub fn payin_creation_codes() -> Vec<CodeInfo> {
    all_from_core(cobro::payin::catalog::PAYIN_CREATION_CODES)
}

/// What a payment confirmation code (`errorDetails.codeErrorTrx` of a payment
/// notification, 9000-9099) means, or null.
#[uniffi::export]
pub fn payment_confirmation_code(code: String) -> Option<CodeInfo> {
    cobro::payin::catalog::payment_confirmation_code(&code).map(from_core)
}

/// Every payment confirmation code, in the catalogue's order.
#[uniffi::export]
pub fn payment_confirmation_codes() -> Vec<CodeInfo> {
    all_from_core(cobro::payin::catalog::PAYMENT_CONFIRMATION_CODES)
}

/// The pay-in state `id` (payinStateID), or null.
#[uniffi::export]
pub fn payin_state(id: i64) -> Option<PayinState> {
    cobro::payin::catalog::payin_state(id).map(from_core)
}

/// Every pay-in state, by id.
#[uniffi::export]
pub fn payin_states() -> Vec<PayinState> {
    all_from_core(cobro::payin::catalog::PAYIN_STATES)
}

/// What a subscription error code (spec 7.2: B400..B500, E401, 9025, 9099) means, or
/// null.
#[uniffi::export]
pub fn subscription_error_code(code: String) -> Option<SubscriptionCode> {
    cobro::subscription::response::subscription_error_code(&code).map(from_core)
}

/// Every subscription error code, in the spec's order (7.2).
#[uniffi::export]
pub fn subscription_error_codes() -> Vec<SubscriptionCode> {
    all_from_core(cobro::subscription::response::SUBSCRIPTION_ERROR_CODES)
}

/// What a virtual-account error code (spec 7.1 `error.details[].code`) means, or null.
#[uniffi::export]
pub fn virtual_account_error_code(code: String) -> Option<CodeInfo> {
    cobro::virtual_account::catalog::virtual_account_error_code(&code).map(from_core)
}

/// Every virtual-account error code, header errors first (PROVIDER_FACTS.md).
#[uniffi::export]
pub fn virtual_account_error_codes() -> Vec<CodeInfo> {
    all_from_core(
        cobro::virtual_account::catalog::VIRTUAL_ACCOUNT_ERROR_CODES
            .iter()
            .map(|c| &c.info),
    )
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

    // Every entry of every table converts (`convert::from_core` would report a bug),
    // with its code or id kept.
    #[test]
    fn every_table_converts() {
        let creation = payin_creation_codes();
        assert_eq!(creation.len(), cobro::payin::catalog::PAYIN_CREATION_CODES.len());
        assert_eq!(payin_creation_code("0000".into()).unwrap().code, "0000");
        assert!(!payment_confirmation_codes().is_empty());
        let states = payin_states();
        assert_eq!(states.len(), cobro::payin::catalog::PAYIN_STATES.len());
        assert!(payin_state(5).unwrap().paid);
        let subscription = subscription_error_codes();
        assert!(subscription.iter().all(|c| !c.operations.is_empty()));
        assert!(!virtual_account_error_codes().is_empty());
        assert_eq!(
            crate::documents::document_types().len(),
            cobro::document::numbers().count()
        );
    }
}
