//! Spec 2.3 and 7.2: answers to subscription creation and cancellation (placeholder).

use serde::Serialize;

use crate::parse::ParseError;

/// The answer to a subscription request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum SubscriptionAnswer {}

/// Parses a subscription answer (creation or cancellation, or the error object).
pub fn parse_subscription_response(body: &[u8]) -> Result<SubscriptionAnswer, ParseError> {
    crate::parse::read(body)?;
    Err(ParseError::new(crate::Code::InvalidType, "", "not written yet"))
}
