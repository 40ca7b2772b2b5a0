//! The answer to the pay-in status query, an extension beyond the spec (DESIGN.md 9 row
//! 36). An app gets the parser only: the query is signed with the merchant's key, which
//! does not belong in an app (the binding's README); the merchant's server asks, and an
//! app may parse the answer its server forwarded.

use crate::convert::from_core;
use crate::errors::CobroError;
use crate::shapes::PayinStatus;

/// Parses the answer to the pay-in status query; throws `Parse` naming the field for a
/// body that is not one.
#[uniffi::export]
pub fn parse_payin_status(body: Vec<u8>) -> Result<PayinStatus, CobroError> {
    Ok(from_core(&cobro::payin::status::parse_payin_status(&body)?))
}
