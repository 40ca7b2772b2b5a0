//! The answers of the virtual-account and subscription APIs (spec 2.2, 2.3, 7.1, 7.2)
//! as `virtual_account::response` and `subscription::response` read them.

use super::super::node::{Defs, Node, Obj};
use super::super::{integer, object, patterns, string, unexpressed};
use super::wire::{code, codes, known, list, opt_code, opt_text, or_null, text, wire, wire_object};
use crate::field::SUBSCRIPTION_ID;
use crate::subscription::response::{SUBSCRIPTION_ERROR_CODES, SubscriptionStatus};
use crate::virtual_account::catalog::VIRTUAL_ACCOUNT_ERROR_CODES;
use crate::virtual_account::response::{VirtualAccountErrorType, VirtualAccountStatus};

/// Spec 2.2 and 7.1: an ISO 8601 date-time as the service writes them.
fn iso_datetime() -> Obj {
    string().with("pattern", patterns::iso_datetime())
}

/// Spec 2.2: the created account; the request's data echoed (possibly normalized) with
/// what the service adds.
pub(super) fn virtual_account(defs: &mut Defs) -> Obj {
    let document = object(&[], Obj::new().with("type", opt_text()).with("number", opt_code()));
    let phone = object(
        &[],
        Obj::new().with("countryCode", opt_code()).with("number", opt_code()),
    );
    let mut owner = Obj::new()
        .with("referenceId", opt_text())
        .with("type", opt_text())
        .with("document", or_null(defs.name("OwnerDocumentEcho", document)))
        .with("phone", or_null(defs.name("OwnerPhoneEcho", phone)));
    for key in ["firstName", "lastName", "companyName", "email"] {
        owner.push(key, opt_text());
    }
    let account = wire(defs, "AccountEcho", |key| match key {
        "number" => Some(code()),
        "category" | "type" | "name" | "country" | "currency" => Some(opt_text()),
        _ => None,
    });
    let metadata = Obj::new().with("type", "object").with("additionalProperties", string());
    let metadata = unexpressed(
        metadata,
        &["ERR_DUPLICATE_FIELD: a key repeated in the echoed metadata"],
    );
    let owner = or_null(defs.name("OwnerEcho", object(&[], owner)));
    wire_object("VirtualAccountCreated", |key| match key {
        "id" | "traceId" => Some(text()),
        "timestamp" => Some(iso_datetime()),
        "status" => Some(known(text(), VirtualAccountStatus::NAMED)),
        "owner" => Some(owner.clone()),
        "account" => Some(account.clone()),
        "metadata" => Some(or_null(metadata.clone())),
        "resultUrl" => Some(opt_text()),
        _ => None,
    })
    .with("description", "Spec 2.2: the created account (the request echoed, possibly normalized, with id, traceId, timestamp, status and account.number). Persist these values.")
}

/// Spec 7.1: the error object, whatever the HTTP status.
pub(super) fn virtual_account_error(defs: &mut Defs) -> Obj {
    let detail = wire(defs, "VirtualAccountErrorDetail", |key| match key {
        "code" => Some(codes(code(), VIRTUAL_ACCOUNT_ERROR_CODES.iter().map(|c| &c.info))),
        "message" => Some(text()),
        "field" => Some(opt_text()),
        _ => None,
    });
    let error = wire(defs, "VirtualAccountRefused", |key| match key {
        "type" => Some(known(text(), VirtualAccountErrorType::NAMED)),
        "summary" | "traceId" => Some(text()),
        "details" => Some(list(detail.clone())),
        "timestamp" => Some(iso_datetime()),
        _ => None,
    });
    object(&["error"], Obj::new().with("error", error))
        .with("description", "Spec 7.1: the virtual-account error object. error.type is read as an open string (the provider's table also writes auth_error, business_error, system_error).")
}

/// What `parse_virtual_account_response` reads from a 2xx answer: the error object
/// when the body holds `error`, else the account.
pub(super) fn virtual_account_answer(defs: &Defs) -> Obj {
    Obj::new().with(
        "anyOf",
        vec![
            Node::from(defs.reference("VirtualAccountError")),
            defs.reference("VirtualAccount").into(),
        ],
    )
}

/// `subscriptionId`: a whole number in `field::SUBSCRIPTION_ID`, as a number or digits
/// (`subscription::response::subscription_id`, which the webhook reads too).
pub(super) fn subscription_id() -> Obj {
    let (min, max) = SUBSCRIPTION_ID;
    integer(min, max)
}

/// Spec 2.3 and 4.2: the creation answer; `deepLink` is empty for WEB.
pub(super) fn subscription_created() -> Obj {
    subscription_status("SubscriptionCreated", ["PENDING"])
}

/// The record `name` of a subscription id and status, the status with `known` values.
fn subscription_status<'a>(name: &str, statuses: impl IntoIterator<Item = &'a str> + Clone) -> Obj {
    wire_object(name, |key| match key {
        "subscriptionId" => Some(subscription_id()),
        "status" => Some(known(text(), statuses.clone())),
        "deepLink" => Some(opt_text()),
        _ => None,
    })
}

/// Spec 2.3 and 4.3: the cancellation answer.
pub(super) fn subscription_cancelled() -> Obj {
    subscription_status("SubscriptionCancelled", ["CANCELLED"])
}

/// Spec 7.2: the error object.
pub(super) fn subscription_error(defs: &mut Defs) -> Obj {
    let detail = wire(defs, "SubscriptionFieldDetail", |key| match key {
        "field" | "errorMessage" => Some(text()),
        _ => None,
    });
    wire_object("SubscriptionRefused", |key| match key {
        "errorCode" => Some(codes(opt_code(), SUBSCRIPTION_ERROR_CODES.iter().map(|c| &c.info))),
        "errorMessage" => Some(text()),
        "errorFieldDetails" => Some(or_null(list(detail.clone()))),
        _ => None,
    })
}

/// What `parse_subscription_response` reads: the error object when the body holds
/// `errorCode` or `errorMessage`, else an answer with an id and a status.
pub(super) fn subscription_answer(defs: &mut Defs) -> Obj {
    let status = subscription_status("SubscriptionCreated", SubscriptionStatus::NAMED);
    Obj::new().with(
        "anyOf",
        vec![
            Node::from(defs.reference("SubscriptionError")),
            defs.name("SubscriptionStatusAnswer", status).into(),
        ],
    )
}
