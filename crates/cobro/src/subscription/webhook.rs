//! The subscription webhook (PROVIDER_FACTS.md "Notifications"; the spec says webhooks
//! exist and replicate the creation metadata, 6). No signature: the provider recommends
//! IP allow-listing; it expects an HTTP 200 reply.
//!
//! Required (DESIGN.md 9 row 31: only what identifies the event): `subscriptionId`.
//! Every other documented field is optional, and typed when present: `chargeType`,
//! `customerId`, `originType`, `status` (absent in the provider's error samples),
//! `statusDescription`, `errorDetails` with its `code` and `message`, and `metadata`
//! with each element's `key` and `value`. A handler that reads only the id and the
//! status is never refused for a field it does not read; a present field of the wrong
//! type is still a [`ParseError`] naming it.

use serde::Serialize;

use crate::personal::Personal;
use crate::reader::{self, Fields, ParseError, index_path};
use crate::subscription::response::{SubscriptionCode, SubscriptionStatus, subscription_error_code, subscription_id};

/// A subscription webhook notification (DESIGN.md 9 row 31 for what may be absent).
/// The customer's number and the metadata values are [`Personal`]: `Debug` prints them
/// `[REDACTED]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SubscriptionWebhook {
    /// `subscriptionId` (a number or a digit string); the one required field.
    pub subscription_id: i64,
    /// `chargeType` (ON_DEMAND, RECURRENT), as sent; `None` when absent.
    pub charge_type: Option<String>,
    /// `customerId`: the customer's mobile number (a number is kept as its text);
    /// `None` when absent; personal.
    pub customer_id: Option<Personal>,
    /// `originType` (MOBILE, WEB), as sent; `None` when absent.
    pub origin_type: Option<String>,
    /// `status`: absent in the provider's error samples.
    pub status: Option<SubscriptionStatus>,
    /// `statusDescription`: the service's text (Spanish in the samples); `None` when
    /// absent.
    pub status_description: Option<String>,
    /// `errorDetails`, when the notification reports a failure.
    pub error_details: Option<WebhookError>,
    /// `metadata` echoed from the creation request (spec 2.3), in wire order; empty when
    /// absent.
    pub metadata: Vec<WebhookMetadata>,
    /// Whether the notification reports a failure: `errorDetails` is present (with or
    /// without a code), or the status is FAILED or DENIED. The error samples carry no
    /// status, so `errorDetails` is the signal the provider shows.
    pub is_error: bool,
}

/// `errorDetails` of a subscription webhook.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WebhookError {
    /// `code` (a string or a number, as text; `"9099"` in the samples); `None` when
    /// absent (DESIGN.md 9 row 31).
    pub code: Option<String>,
    /// `message`.
    pub message: Option<String>,
    /// The code's spec 7.2 entry, when it is one.
    pub meaning: Option<SubscriptionCode>,
}

/// One `metadata` element (spec 2.3: `{key, value}`); either may be absent (DESIGN.md 9
/// row 31).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WebhookMetadata {
    /// `key`.
    pub key: Option<String>,
    /// `value` (a number is kept as its text): free text; personal.
    pub value: Option<Personal>,
}

impl SubscriptionWebhook {
    /// Whether the notification reports a failure (see the `is_error` field).
    pub fn is_error(&self) -> bool {
        self.is_error
    }
}

/// Parses a subscription webhook body; see the module documentation for the one
/// required field (DESIGN.md 9 row 31).
pub fn parse_subscription_webhook(body: &[u8]) -> Result<SubscriptionWebhook, ParseError> {
    let root = reader::read(body)?;
    let f = Fields::of(&root, "")?;
    let subscription_id = subscription_id(f)?;
    let charge_type = f.opt_str("chargeType")?.map(str::to_string);
    let customer_id = f.opt_text("customerId")?.map(Personal::from);
    let origin_type = f.opt_str("originType")?.map(str::to_string);
    let status = f.opt_str("status")?.map(SubscriptionStatus::from_wire);
    let status_description = f.opt_str("statusDescription")?.map(str::to_string);
    let error_details = match f.opt_obj("errorDetails", "errorDetails")? {
        None => None,
        Some(e) => {
            let code = e.opt_text("code")?.map(str::to_string);
            Some(WebhookError {
                meaning: code.as_deref().and_then(subscription_error_code).copied(),
                code,
                message: e.opt_str("message")?.map(str::to_string),
            })
        }
    };
    let mut metadata = Vec::new();
    for (i, item) in f.opt_array("metadata")?.unwrap_or_default().iter().enumerate() {
        let at = index_path("metadata", i);
        let m = Fields::of(item, &at)?;
        metadata.push(WebhookMetadata {
            key: m.opt_str("key")?.map(str::to_string),
            value: m.opt_text("value")?.map(Personal::from),
        });
    }
    let is_error =
        error_details.is_some() || matches!(status, Some(SubscriptionStatus::Failed | SubscriptionStatus::Denied));
    Ok(SubscriptionWebhook {
        subscription_id,
        charge_type,
        customer_id,
        origin_type,
        status,
        status_description,
        error_details,
        metadata,
        is_error,
    })
}
