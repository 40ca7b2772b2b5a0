//! The subscription API's answers (spec 2.3), its error object (7.2) and the subscription
//! webhook (PROVIDER_FACTS.md "Notifications"), as the provider writes them.

use serde::Serialize;

use super::{Answer, to_json};
use crate::messages::Locale;
use crate::report::Report;
use crate::subscription::response::{SubscriptionStatus, subscription_error_code};

mod decision;

pub use decision::{Facts, INTERNAL_ERROR, Merchant, Stored, decide, refusal};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CreatedBody<'a> {
    subscription_id: i64,
    status: &'a str,
    deep_link: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CancelledBody<'a> {
    subscription_id: i64,
    status: &'a str,
}

/// The answer to a created subscription (spec 2.3, HTTP 200): status PENDING, and the
/// `deepLink` the customer opens (an empty string for device WEB).
pub fn created(subscription_id: i64, deep_link: &str) -> Answer {
    let body = CreatedBody {
        subscription_id,
        status: SubscriptionStatus::Pending.as_str(),
        deep_link,
    };
    Answer::json(200, &body)
}

/// Whether a subscription created from `device` (spec 2.3: MOBILE or WEB) is answered
/// with a `deepLink` to open: a MOBILE one is; a WEB one gets an empty string.
pub fn gives_deep_link(device: &str) -> bool {
    device == "MOBILE"
}

/// The answer to a cancelled subscription (spec 2.3, HTTP 200): status CANCELLED.
pub fn cancelled(subscription_id: i64) -> Answer {
    let body = CancelledBody {
        subscription_id,
        status: SubscriptionStatus::Cancelled.as_str(),
    };
    Answer::json(200, &body)
}

/// One element of `errorFieldDetails` (spec 7.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldDetail {
    /// The affected field.
    pub field: String,
    /// The message.
    pub error_message: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ErrorBody<'a> {
    error_code: &'a str,
    error_message: &'a str,
    #[serde(skip_serializing_if = "<[FieldDetail]>::is_empty")]
    error_field_details: &'a [FieldDetail],
}

/// The HTTP status of a subscription error code. The spec gives none (7.3), and neither
/// does the provider: E401 and B401 are 401; B422 is 422; B405 and B409 are 409 (a
/// state conflict); 9025 is 404 (no such record); B500 and 9099 are 500; the other B4xx
/// codes are 400.
pub fn http_status(code: &str) -> u16 {
    match code {
        "E401" | "B401" => 401,
        "B422" => 422,
        "B405" | "B409" => 409,
        "9025" => 404,
        INTERNAL_ERROR | "9099" => 500,
        _ => 400,
    }
}

/// The spec 7.2 error object for `code`, its message the catalogue's meaning (spec
/// 7.2's table), with `details` as `errorFieldDetails` (omitted when empty).
pub fn error(code: &str, details: &[FieldDetail]) -> Answer {
    let message = subscription_error_code(code).map_or("Generic error", |c| c.info.meaning);
    let body = ErrorBody {
        error_code: code,
        error_message: message,
        error_field_details: details,
    };
    Answer::json(http_status(code), &body)
}

/// The refusal of an invalid request: B400 with every error of the report in
/// `errorFieldDetails` (field path and cobro's message in `locale`), as the provider's
/// B400 sample lists its field. Warnings never refuse a request.
pub fn validation_refusal(report: &Report, locale: Locale) -> Answer {
    let details: Vec<FieldDetail> = report
        .errors
        .iter()
        .map(|issue| FieldDetail {
            field: issue.path.to_string(),
            error_message: issue.message_in(locale),
        })
        .collect();
    error("B400", &details)
}

/// The facts of a subscription webhook (PROVIDER_FACTS.md: subscriptionId, chargeType,
/// customerId, originType, status, statusDescription, errorDetails, metadata).
#[derive(Debug, Clone)]
pub struct Webhook<'a> {
    /// `subscriptionId`.
    pub subscription_id: i64,
    /// `chargeType`: ON_DEMAND or RECURRENT.
    pub charge_type: &'a str,
    /// `customerId`: the customer's mobile number.
    pub customer_id: &'a str,
    /// `originType`: MOBILE or WEB.
    pub origin_type: &'a str,
    /// The new status; a failure (DENIED, FAILED, EXPIRED) is written as the provider's
    /// error samples are: no `status`, with `errorDetails`.
    pub status: SubscriptionStatus,
    /// `metadata` of the creation request, `{key, value}` in order.
    pub metadata: &'a [(String, String)],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WebhookBody<'a> {
    subscription_id: i64,
    charge_type: &'a str,
    customer_id: &'a str,
    origin_type: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<&'a str>,
    status_description: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error_details: Option<WebhookError<'a>>,
    #[serde(skip_serializing_if = "<[Entry<'_>]>::is_empty")]
    metadata: &'a [Entry<'a>],
}

#[derive(Serialize)]
struct WebhookError<'a> {
    code: &'a str,
    message: &'a str,
}

#[derive(Serialize)]
struct Entry<'a> {
    key: &'a str,
    value: &'a str,
}

/// The provider's Spanish description of a status (the samples' text for PENDING).
fn description(status: &SubscriptionStatus) -> &'static str {
    match status {
        SubscriptionStatus::Pending => "En espera de procesamiento o confirmación",
        SubscriptionStatus::Authorized => "La suscripción fue autorizada por el cliente",
        SubscriptionStatus::Cancelled => "La suscripción fue cancelada",
        SubscriptionStatus::Expired => "La suscripción expiró sin ser autorizada",
        SubscriptionStatus::Denied => "La suscripción fue denegada por el processor",
        _ => "La suscripción no pudo completarse",
    }
}

/// The subscription webhook's JSON text, keys in the provider's sample order. DENIED,
/// FAILED and EXPIRED carry `errorDetails` {9099, Error} and no `status`, as the
/// provider's error samples do; the others carry their status.
pub fn webhook(w: &Webhook<'_>) -> String {
    let failed = matches!(
        w.status,
        SubscriptionStatus::Denied | SubscriptionStatus::Failed | SubscriptionStatus::Expired
    );
    let metadata: Vec<Entry<'_>> = w.metadata.iter().map(|(key, value)| Entry { key, value }).collect();
    let body = WebhookBody {
        subscription_id: w.subscription_id,
        charge_type: w.charge_type,
        customer_id: w.customer_id,
        origin_type: w.origin_type,
        status: (!failed).then(|| w.status.as_str()),
        status_description: description(&w.status),
        error_details: failed.then_some(WebhookError {
            code: "9099",
            message: "Error",
        }),
        metadata: &metadata,
    };
    to_json(&body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subscription::response::{SubscriptionAnswer, parse_subscription_response};
    use crate::subscription::webhook::parse_subscription_webhook;

    #[test]
    fn answers_parse_as_what_they_are() {
        let created = created(7, "https://wallet.example/s/7");
        assert!(matches!(
            parse_subscription_response(created.body.as_bytes()).unwrap(),
            SubscriptionAnswer::Created { subscription_id: 7, .. }
        ));
        assert!(matches!(
            parse_subscription_response(cancelled(7).body.as_bytes()).unwrap(),
            SubscriptionAnswer::Cancelled { subscription_id: 7, .. }
        ));
        assert!(gives_deep_link("MOBILE") && !gives_deep_link("WEB"));
        let refused = error("B405", &[]);
        assert_eq!(refused.status, 409);
        match parse_subscription_response(refused.body.as_bytes()).unwrap() {
            SubscriptionAnswer::Error {
                error_code, meaning, ..
            } => {
                assert_eq!(error_code.as_deref(), Some("B405"));
                assert!(meaning.is_some());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_validation_refusal_lists_each_field() {
        let report = crate::validate(crate::Kind::Subscription, b"{}", &crate::ValidateOptions::default());
        let answer = validation_refusal(&report, Locale::Es);
        assert_eq!(answer.status, 400);
        match parse_subscription_response(answer.body.as_bytes()).unwrap() {
            SubscriptionAnswer::Error {
                error_field_details, ..
            } => assert_eq!(error_field_details.len(), report.errors.len()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn webhooks_parse_with_their_status_or_error() {
        let metadata = [("ref".to_string(), "A-1".to_string())];
        let mut w = Webhook {
            subscription_id: 9,
            charge_type: "ON_DEMAND",
            customer_id: "987654321",
            origin_type: "MOBILE",
            status: SubscriptionStatus::Authorized,
            metadata: &metadata,
        };
        let ok = parse_subscription_webhook(webhook(&w).as_bytes()).unwrap();
        assert_eq!(ok.status, Some(SubscriptionStatus::Authorized));
        assert!(!ok.is_error);
        assert_eq!(ok.metadata.len(), 1);
        w.status = SubscriptionStatus::Denied;
        let denied = parse_subscription_webhook(webhook(&w).as_bytes()).unwrap();
        assert!(denied.is_error);
        assert_eq!(denied.status, None);
    }
}
