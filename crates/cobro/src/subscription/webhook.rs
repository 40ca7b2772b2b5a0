//! The subscription webhook notification (PROVIDER_FACTS.md; placeholder).

use serde::Serialize;

use crate::parse::ParseError;

/// A subscription webhook notification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SubscriptionWebhook {}

/// Parses a subscription webhook body.
pub fn parse_subscription_webhook(body: &[u8]) -> Result<SubscriptionWebhook, ParseError> {
    crate::parse::read(body)?;
    Err(ParseError::new(crate::Code::InvalidType, "", "not written yet"))
}
