//! The answer to a virtual-account creation (spec 2.2, 7.1) and the deposit
//! notification (PROVIDER_FACTS.md) as records.

use crate::convert::from_core;
use crate::errors::CobroError;
use crate::shapes::{DepositNotification, VirtualAccountAnswer};

/// Parses the answer to a virtual-account creation (spec 4.1) given its HTTP status
/// (null when unknown: the core's default, 200); the error object is a value
/// (`Refused`); throws `Parse` for a body that is no answer.
#[uniffi::export(default(http_status = None))]
pub fn parse_virtual_account_response(
    body: Vec<u8>,
    http_status: Option<u16>,
) -> Result<VirtualAccountAnswer, CobroError> {
    let status = http_status.unwrap_or(cobro::parse::DEFAULT_HTTP_STATUS);
    Ok(from_core(
        &cobro::virtual_account::response::parse_virtual_account_response(status, &body)?,
    ))
}

/// Parses a virtual-account deposit notification; throws `Parse` naming the field for
/// a body that is not one.
#[uniffi::export]
pub fn parse_deposit_notification(body: Vec<u8>) -> Result<DepositNotification, CobroError> {
    Ok(from_core(
        &cobro::virtual_account::notification::parse_deposit_notification(&body)?,
    ))
}
