//! The three notifications the provider sends (PROVIDER_FACTS.md; spec 6 says "not
//! shown"), as `payin::notification`, `subscription::webhook` and
//! `virtual_account::notification` read them: only what DESIGN.md 9 row 31 makes
//! required is required.

use super::super::node::Obj;
use super::super::{object, patterns, string, unexpressed};
use super::wire::{code, codes, known, list, opt_code, opt_text, or_null, text, whole};
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
pub(super) fn payin() -> Obj {
    let ids: Vec<String> = PAYIN_STATES.iter().map(|s| s.id.to_string()).collect();
    let error_details = object(
        &[],
        Obj::new()
            .with("codeErrorTrx", codes(opt_code(), PAYMENT_CONFIRMATION_CODES.iter()))
            .with("messageErrorTrx", opt_text()),
    );
    object(
        &[
            "payinStateID",
            "payinMerchantID",
            "payinAmount",
            "payinCurrency",
            "payinMerchantOperationNumber",
        ],
        Obj::new()
            .with("payinStateID", known(whole(), ids.iter().map(String::as_str)))
            .with("payinState", opt_text())
            .with("payinStatusErrorCode", opt_code())
            .with("payinStatusErrorMessage", opt_code())
            .with("payinMerchantID", code())
            .with("payinAmount", amount())
            .with("payinCurrency", text())
            .with("payinMerchantOperationNumber", code())
            .with("payinMethod", opt_text())
            .with(
                "payinVerification",
                unexpressed(
                    opt_text(),
                    &["ERR_MISSING_SIGNATURE, ERR_INVALID_SIGNATURE: lowercase hex SHA-512 of payinMerchantID + payinMerchantOperationNumber + payinAmount + payinCurrency + the key, over the amount as received or with two decimals; empty or absent never verifies"],
                ),
            )
            .with("additionalInformation", or_null(list(Obj::new())))
            .with("errorDetails", or_null(error_details)),
    )
    .with("description", "A pay-in's payment state changed (PROVIDER_FACTS.md): payinStateID keys the state (names vary on the wire). Reply HTTP 200.")
}

/// The subscription webhook: no signature (the provider recommends allow-listing its
/// addresses).
pub(super) fn subscription() -> Obj {
    let error_details = object(&[], Obj::new().with("code", opt_code()).with("message", opt_text()));
    let entry = object(&[], Obj::new().with("key", opt_text()).with("value", opt_code()));
    object(
        &["subscriptionId"],
        Obj::new()
            .with("subscriptionId", super::answers::subscription_id())
            .with("chargeType", opt_text())
            .with("customerId", opt_code())
            .with("originType", opt_text())
            .with("status", known(opt_text(), SubscriptionStatus::NAMED))
            .with("statusDescription", opt_text())
            .with("errorDetails", or_null(error_details))
            .with("metadata", or_null(list(entry))),
    )
    .with("description", "A subscription's status changed or a charge was made (PROVIDER_FACTS.md); the creation's metadata is replicated. Unsigned. Reply HTTP 200.")
}

/// The virtual-account deposit notification: no signature.
pub(super) fn deposit() -> Obj {
    let account = object(
        &[],
        Obj::new()
            .with("id", opt_code())
            .with("category", opt_text())
            .with("type", opt_text())
            .with("number", opt_code())
            .with("name", opt_text()),
    );
    let owner = object(
        &[],
        Obj::new()
            .with("fullName", opt_text())
            .with("documentType", opt_text())
            .with("documentNumber", opt_code())
            .with("referenceId", opt_code()),
    );
    let depositor = object(
        &[],
        Obj::new()
            .with("fullName", opt_text())
            .with("documentType", opt_text())
            .with("documentNumber", opt_code()),
    );
    let details = object(
        &[],
        Obj::new()
            .with("account", or_null(account))
            .with("owner", or_null(owner))
            .with("depositor", or_null(depositor)),
    );
    let status = object(
        &["code"],
        Obj::new()
            .with("code", known(whole(), ["5", "6"]))
            .with("description", opt_text()),
    );
    let received_at = Obj::new().with(
        "anyOf",
        vec![
            string().with("pattern", patterns::iso_datetime()).into(),
            Obj::new().with("type", "null").into(),
        ],
    );
    object(
        &["operationId", "status", "amount", "currency"],
        Obj::new()
            .with("version", opt_code())
            .with("operationId", code())
            .with("status", status)
            .with("merchantId", opt_code())
            .with("amount", amount())
            .with("currency", text())
            .with("payinMethod", known(opt_text(), ["VA"]))
            .with("depositDetails", or_null(details))
            .with("errors", or_null(list(Obj::new())))
            .with("receivedAt", received_at),
    )
    .with("description", "A deposit reached a virtual account (PROVIDER_FACTS.md): status.code 5 approved, 6 not. Unsigned. Reply HTTP 200.")
}
