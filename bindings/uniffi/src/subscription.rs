//! The answers to subscription requests (spec 2.3, 7.2) and the subscription webhook
//! (PROVIDER_FACTS.md) as records.

use crate::convert::from_core;
use crate::errors::CobroError;
use crate::shapes::{SubscriptionAnswer, SubscriptionWebhook};

/// Parses the answer to a subscription creation or cancellation (spec 2.3, 7.2); the
/// error object is a value (`Refused`); throws `Parse` for a body that is no answer.
#[uniffi::export]
pub fn parse_subscription_response(body: Vec<u8>) -> Result<SubscriptionAnswer, CobroError> {
    Ok(from_core(&cobro::subscription::response::parse_subscription_response(
        &body,
    )?))
}

/// Parses a subscription webhook; throws `Parse` naming the field for a body that is
/// not one.
#[uniffi::export]
pub fn parse_subscription_webhook(body: Vec<u8>) -> Result<SubscriptionWebhook, CobroError> {
    Ok(from_core(&cobro::subscription::webhook::parse_subscription_webhook(
        &body,
    )?))
}
