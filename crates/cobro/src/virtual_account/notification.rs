//! The virtual-account deposit notification (PROVIDER_FACTS.md; placeholder: being written).

use serde::Serialize;

use crate::parse::ParseError;

/// A deposit into a virtual account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositNotification {}

/// Parses a deposit notification.
pub fn parse_deposit_notification(body: &[u8]) -> Result<DepositNotification, ParseError> {
    crate::parse::read(body)?;
    Err(ParseError::new(crate::Code::InvalidType, "", "not written yet"))
}
