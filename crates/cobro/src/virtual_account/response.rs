//! Spec 2.2 and 7.1: the answer to a virtual-account creation (placeholder: being written).

use serde::Serialize;

use crate::parse::ParseError;

/// The answer to a virtual-account request: the account, or the API's error object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum VirtualAccountAnswer {}

/// Parses a virtual-account answer given its HTTP status.
pub fn parse_virtual_account_response(_http_status: u16, body: &[u8]) -> Result<VirtualAccountAnswer, ParseError> {
    crate::parse::read(body)?;
    Err(ParseError::new(crate::Code::InvalidType, "", "not written yet"))
}
