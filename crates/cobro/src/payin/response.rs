//! Spec 2.8 and 4.4: the answer to a pay-in creation (placeholder: being written).

use serde::Serialize;

use crate::parse::ParseError;

/// The answer to a pay-in request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PayinResponse {}

/// Parses a pay-in answer.
pub fn parse_payin_response(body: &[u8]) -> Result<PayinResponse, ParseError> {
    crate::parse::read(body)?;
    Err(ParseError::new(crate::Code::InvalidType, "", "not written yet"))
}
