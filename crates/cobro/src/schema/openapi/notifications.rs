//! The three notifications the provider sends (PROVIDER_FACTS.md; spec 6 says "not
//! shown"), as `payin::notification`, `subscription::webhook` and
//! `virtual_account::notification` read them: only what DESIGN.md 9 row 31 makes
//! required is required. Beside them, the answer to the pay-in status query
//! (`payin::status`), whose operations are read like the pay-in notification.
//!
//! The keys, their order and which are required come from the description of the
//! shapes (`crate::shape`: the fields read from the provider's keys), the one the
//! bindings' records are generated from; each key's schema (what the reader accepts
//! there) is given here.

use super::super::node::{Defs, Obj};
use super::super::{patterns, string, unexpressed};
use super::wire::{code, codes, known, list, opt_code, opt_text, or_null, text, whole, wire, wire_object};
use crate::payin::catalog::{PAYIN_STATES, PAYMENT_CONFIRMATION_CODES};
use crate::subscription::response::SubscriptionStatus;

/// A notification's amount: digits, optionally a dot and digits, as a string or a
/// number (the samples write `"30.0"`).
fn amount() -> Obj {
    unexpressed(
        Obj::new().with(
            "anyOf",
            vec![
                Obj::new().with("type", "number").with("minimum", 0u64).into(),
                string().with("pattern", patterns::plain_decimal()).into(),
            ],
        ),
        &["ERR_INVALID_VALUE: judged on the JSON text: no sign or exponent"],
    )
}

/// The pay-in payment notification; payinVerification is the SHA-512 the merchant
/// checks (`verify_payin_notification`).
pub(super) fn payin(defs: &mut Defs) -> Obj {
    let ids: Vec<String> = PAYIN_STATES.iter().map(|s| s.id.to_string()).collect();
    let error_details = wire(defs, "PaymentErrorDetails", |key| match key {
        "codeErrorTrx" => Some(codes(opt_code(), PAYMENT_CONFIRMATION_CODES.iter())),
        "messageErrorTrx" => Some(opt_text()),
        _ => None,
    });
    wire_object("PayinNotification", |key| match key {
        "payinStateID" => Some(known(whole(), ids.iter().map(String::as_str))),
        "payinState" | "payinMethod" => Some(opt_text()),
        "payinStatusErrorCode" | "payinStatusErrorMessage" => Some(opt_code()),
        "payinMerchantID" | "payinMerchantOperationNumber" => Some(code()),
        "payinAmount" => Some(amount()),
        "payinCurrency" => Some(text()),
        "payinVerification" => Some(unexpressed(
            opt_text(),
            &["ERR_MISSING_SIGNATURE, ERR_INVALID_SIGNATURE: lowercase hex SHA-512 of payinMerchantID + payinMerchantOperationNumber + payinAmount + payinCurrency + the key, over the amount as received or with two decimals; empty or absent never verifies"],
        )),
        "additionalInformation" => Some(or_null(list(Obj::new()))),
        "errorDetails" => Some(or_null(error_details.clone())),
        _ => None,
    })
    .with("description", "A pay-in's payment state changed (PROVIDER_FACTS.md): payinStateID keys the state (names vary on the wire). Reply HTTP 200.")
}

/// The subscription webhook: no signature (the provider recommends allow-listing its
/// addresses).
pub(super) fn subscription(defs: &mut Defs) -> Obj {
    let error_details = wire(defs, "WebhookError", |key| match key {
        "code" => Some(opt_code()),
        "message" => Some(opt_text()),
        _ => None,
    });
    let entry = wire(defs, "WebhookMetadata", |key| match key {
        "key" => Some(opt_text()),
        "value" => Some(opt_code()),
        _ => None,
    });
    wire_object("SubscriptionWebhook", |key| match key {
        "subscriptionId" => Some(super::answers::subscription_id()),
        "chargeType" | "originType" | "statusDescription" => Some(opt_text()),
        "customerId" => Some(opt_code()),
        "status" => Some(known(opt_text(), SubscriptionStatus::NAMED)),
        "errorDetails" => Some(or_null(error_details.clone())),
        "metadata" => Some(or_null(list(entry.clone()))),
        _ => None,
    })
    .with("description", "A subscription's status changed or a charge was made (PROVIDER_FACTS.md); the creation's metadata is replicated. Unsigned. Reply HTTP 200.")
}

/// The virtual-account deposit notification: no signature.
pub(super) fn deposit(defs: &mut Defs) -> Obj {
    let account = wire(defs, "DepositAccount", |key| match key {
        "id" | "number" => Some(opt_code()),
        "category" | "type" | "name" => Some(opt_text()),
        _ => None,
    });
    let mut person = |record| {
        wire(defs, record, |key| match key {
            "fullName" | "documentType" => Some(opt_text()),
            "documentNumber" | "referenceId" => Some(opt_code()),
            _ => None,
        })
    };
    let owner = person("DepositOwner");
    let depositor = person("Depositor");
    let details = wire(defs, "DepositDetails", |key| match key {
        "account" => Some(or_null(account.clone())),
        "owner" => Some(or_null(owner.clone())),
        "depositor" => Some(or_null(depositor.clone())),
        _ => None,
    });
    let status = wire(defs, "DepositStatus", |key| match key {
        "code" => Some(known(whole(), ["5", "6"])),
        "description" => Some(opt_text()),
        _ => None,
    });
    let received_at = Obj::new().with(
        "anyOf",
        vec![
            string().with("pattern", patterns::iso_datetime()).into(),
            Obj::new().with("type", "null").into(),
        ],
    );
    wire_object("DepositNotification", |key| match key {
        "version" | "merchantId" => Some(opt_code()),
        "operationId" => Some(code()),
        "status" => Some(status.clone()),
        "amount" => Some(amount()),
        "currency" => Some(text()),
        "payinMethod" => Some(known(opt_text(), ["VA"])),
        "depositDetails" => Some(or_null(details.clone())),
        "errors" => Some(or_null(list(Obj::new()))),
        "receivedAt" => Some(received_at.clone()),
        _ => None,
    })
    .with("description", "A deposit reached a virtual account (PROVIDER_FACTS.md): status.code 5 approved, 6 not. Unsigned. Reply HTTP 200.")
}

/// The answer to the pay-in status query, an extension beyond the spec (DESIGN.md 9
/// row 36): the operations found, each read like the notification's fields.
pub(super) fn payin_status(defs: &mut Defs) -> Obj {
    let ids: Vec<String> = PAYIN_STATES.iter().map(|s| s.id.to_string()).collect();
    let operation = wire(defs, "PayinStatusOperation", |key| match key {
        "payinStateID" => Some(known(whole(), ids.iter().map(String::as_str))),
        "payinState" => Some(opt_text()),
        "payinAmount" => Some(amount()),
        "payinCurrency" => Some(text()),
        "payinMerchantOperationNumber" => Some(code()),
        "payinID" => Some(opt_code()),
        _ => None,
    });
    wire_object("PayinStatus", |key| match key {
        "payinMerchantID" => Some(code()),
        "operations" => Some(list(operation.clone())),
        _ => None,
    })
    .with("description", "An extension beyond the spec (DESIGN.md 9 row 36; PROVIDER_FACTS.md \"Beyond the spec\"): the answer to the pay-in status query, the operations the provider holds for it. Confirm a paid state here before releasing goods: a notification's signature does not cover its state.")
    .with("x-cobro-extension", true)
}
