//! The subscription webhook (PROVIDER_FACTS.md "Notifications"; the spec says webhooks
//! exist and replicate the creation metadata, 6). No signature: the provider recommends
//! IP allow-listing; it expects an HTTP 200 reply.
//!
//! Required (a decision from the provider's four samples, which all carry them):
//! `subscriptionId`, `chargeType`, `customerId`, `originType`, `statusDescription`.
//! Optional: `status` (absent in the error samples), `errorDetails`, `metadata`.

use serde::Serialize;

use crate::parse::{self, Fields, ParseError, index_path};
use crate::subscription::response::{SubscriptionCode, SubscriptionStatus, subscription_error_code, subscription_id};

/// A subscription webhook notification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SubscriptionWebhook {
    /// `subscriptionId` (a number or a digit string).
    pub subscription_id: i64,
    /// `chargeType` (ON_DEMAND, RECURRENT), as sent.
    pub charge_type: String,
    /// `customerId`: the customer's mobile number (a number is kept as its text).
    pub customer_id: String,
    /// `originType` (MOBILE, WEB), as sent.
    pub origin_type: String,
    /// `status`: absent in the provider's error samples.
    pub status: Option<SubscriptionStatus>,
    /// `statusDescription`: the service's text (Spanish in the samples).
    pub status_description: String,
    /// `errorDetails`, when the notification reports a failure.
    pub error_details: Option<WebhookError>,
    /// `metadata` echoed from the creation request (spec 2.3), in wire order; empty when
    /// absent.
    pub metadata: Vec<WebhookMetadata>,
    /// Whether the notification reports a failure: `errorDetails` is present, or the
    /// status is FAILED or DENIED (a decision: the error samples carry no status, so
    /// `errorDetails` is the signal the provider shows).
    pub is_error: bool,
}

/// `errorDetails` of a subscription webhook.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WebhookError {
    /// `code` (a string or a number, as text; `"9099"` in the samples).
    pub code: String,
    /// `message`.
    pub message: Option<String>,
    /// The code's spec 7.2 entry, when it is one.
    pub meaning: Option<SubscriptionCode>,
}

/// One `metadata` element (spec 2.3: `{key, value}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WebhookMetadata {
    /// `key`.
    pub key: String,
    /// `value` (a number is kept as its text).
    pub value: String,
}

impl SubscriptionWebhook {
    /// Whether the notification reports a failure (see the `is_error` field).
    pub fn is_error(&self) -> bool {
        self.is_error
    }
}

/// Parses a subscription webhook body; see the module documentation for the required
/// fields.
pub fn parse_subscription_webhook(body: &[u8]) -> Result<SubscriptionWebhook, ParseError> {
    let root = parse::read(body)?;
    let f = Fields::of(&root, "")?;
    let subscription_id = subscription_id(f)?;
    let charge_type = f.str("chargeType")?.to_string();
    let customer_id = f.text("customerId")?.to_string();
    let origin_type = f.str("originType")?.to_string();
    let status = f.opt_str("status")?.map(SubscriptionStatus::from_wire);
    let status_description = f.str("statusDescription")?.to_string();
    let error_details = match f.get("errorDetails")? {
        None => None,
        Some(v) => {
            let e = Fields::of(v, "errorDetails")?;
            let code = e.text("code")?.to_string();
            Some(WebhookError {
                meaning: subscription_error_code(&code).copied(),
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
            key: m.str("key")?.to_string(),
            value: m.text("value")?.to_string(),
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
