//! The pay-in payment notification (PROVIDER_FACTS.md; placeholder: being written).

use serde::Serialize;

use crate::parse::ParseError;

/// A pay-in payment notification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PayinNotification {}

/// Parses a pay-in payment notification (without verifying it).
pub fn parse_payin_notification(body: &[u8]) -> Result<PayinNotification, ParseError> {
    crate::parse::read(body)?;
    Err(ParseError::new(crate::Code::InvalidType, "", "not written yet"))
}
