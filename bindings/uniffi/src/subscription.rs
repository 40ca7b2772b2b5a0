//! The answers to subscription requests (spec 2.3, 7.2) and the subscription webhook
//! (PROVIDER_FACTS.md) as records.

use cobro::subscription::{response as core, webhook};

use crate::catalog::SubscriptionCode;
use crate::errors::CobroError;
use crate::personal::{self, Personal};

/// The answer to a subscription request (spec 2.3, 4.2, 4.3, 7.2).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum SubscriptionAnswer {
    /// Spec 4.2: the subscription was created (status PENDING).
    Created {
        /// `subscriptionId`.
        subscription_id: i64,
        /// `status` as received (PENDING).
        status: String,
        /// `deepLink`: the URL the customer opens to authorize (device MOBILE); null
        /// when absent or empty (device WEB).
        deep_link: Option<String>,
    },
    /// Spec 4.3: the subscription was cancelled.
    Cancelled {
        /// `subscriptionId`.
        subscription_id: i64,
        /// `status` as received (CANCELLED).
        status: String,
    },
    /// Spec 7.2: the service refused the request (the error object).
    Refused {
        /// `errorCode`: the business code (optional in the spec).
        error_code: Option<String>,
        /// `errorMessage`.
        error_message: String,
        /// `errorFieldDetails`, in wire order.
        error_field_details: Vec<SubscriptionFieldDetail>,
        /// The code's entry in spec 7.2's table, when known.
        meaning: Option<SubscriptionCode>,
    },
}

impl From<core::SubscriptionAnswer> for SubscriptionAnswer {
    fn from(a: core::SubscriptionAnswer) -> SubscriptionAnswer {
        match a {
            core::SubscriptionAnswer::Created {
                subscription_id,
                status,
                deep_link,
            } => SubscriptionAnswer::Created {
                subscription_id,
                status: status.as_str().to_string(),
                deep_link,
            },
            core::SubscriptionAnswer::Cancelled {
                subscription_id,
                status,
            } => SubscriptionAnswer::Cancelled {
                subscription_id,
                status: status.as_str().to_string(),
            },
            core::SubscriptionAnswer::Error {
                error_code,
                error_message,
                error_field_details,
                meaning,
            } => SubscriptionAnswer::Refused {
                error_code,
                error_message,
                error_field_details: error_field_details
                    .into_iter()
                    .map(|d| SubscriptionFieldDetail {
                        field: d.field,
                        error_message: d.error_message,
                    })
                    .collect(),
                meaning: meaning.as_ref().map(SubscriptionCode::from),
            },
        }
    }
}

/// Spec 7.2: one element of `errorFieldDetails` (named for subscriptions: Kotlin's and
/// Swift's namespace is flat).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SubscriptionFieldDetail {
    /// `field`: the affected field (`subscriptionDetails.device`).
    pub field: String,
    /// `errorMessage`: the service's text.
    pub error_message: String,
}

/// A subscription webhook notification (PROVIDER_FACTS.md). Only `subscriptionId` is
/// required (DESIGN.md 9 row 31): every other field is null (`metadata` empty) when
/// absent.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SubscriptionWebhook {
    /// `subscriptionId`.
    pub subscription_id: i64,
    /// `chargeType` (ON_DEMAND, RECURRENT), as sent.
    pub charge_type: Option<String>,
    /// `customerId`: the customer's mobile number, as text; personal.
    pub customer_id: Option<Personal>,
    /// `originType` (MOBILE, WEB), as sent.
    pub origin_type: Option<String>,
    /// `status` as received (PENDING, AUTHORIZED, FAILED, DENIED...); null when absent.
    pub status: Option<String>,
    /// `statusDescription`: the service's text.
    pub status_description: Option<String>,
    /// `errorDetails`, when the notification reports a failure.
    pub error_details: Option<WebhookError>,
    /// `metadata` echoed from the creation request (spec 2.3), in wire order.
    pub metadata: Vec<WebhookMetadata>,
    /// Whether the notification reports a failure (errorDetails, or FAILED or DENIED).
    pub is_error: bool,
}

impl From<webhook::SubscriptionWebhook> for SubscriptionWebhook {
    fn from(w: webhook::SubscriptionWebhook) -> SubscriptionWebhook {
        SubscriptionWebhook {
            subscription_id: w.subscription_id,
            charge_type: w.charge_type,
            customer_id: personal::optional(w.customer_id),
            origin_type: w.origin_type,
            status: w.status.map(|s| s.as_str().to_string()),
            status_description: w.status_description,
            error_details: w.error_details.map(|e| WebhookError {
                meaning: e.meaning.as_ref().map(SubscriptionCode::from),
                code: e.code,
                message: e.message,
            }),
            metadata: w
                .metadata
                .into_iter()
                .map(|m| WebhookMetadata {
                    key: m.key,
                    value: personal::optional(m.value),
                })
                .collect(),
            is_error: w.is_error,
        }
    }
}

/// `errorDetails` of a subscription webhook (a record of the answer, not an exception).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct WebhookError {
    /// `code`, as text (`9099` in the samples).
    pub code: Option<String>,
    /// `message`, the service's text.
    pub message: Option<String>,
    /// The code's spec 7.2 entry, when it is one.
    pub meaning: Option<SubscriptionCode>,
}

/// One `metadata` element (spec 2.3: `{key, value}`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct WebhookMetadata {
    /// `key`.
    pub key: Option<String>,
    /// `value`, as text: free text; personal.
    pub value: Option<Personal>,
}

/// Parses the answer to a subscription creation or cancellation (spec 2.3, 7.2); the
/// error object is a value (`Refused`); throws `Parse` for a body that is no answer.
#[uniffi::export]
pub fn parse_subscription_response(body: Vec<u8>) -> Result<SubscriptionAnswer, CobroError> {
    Ok(core::parse_subscription_response(&body)?.into())
}

/// Parses a subscription webhook; throws `Parse` naming the field for a body that is
/// not one.
#[uniffi::export]
pub fn parse_subscription_webhook(body: Vec<u8>) -> Result<SubscriptionWebhook, CobroError> {
    Ok(webhook::parse_subscription_webhook(&body)?.into())
}
