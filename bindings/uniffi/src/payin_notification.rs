//! The pay-in payment notification (PROVIDER_FACTS.md "Notifications"), parsed without
//! verification: verifying payinVerification needs the merchant's key, which does not
//! belong in an app (the binding's README). Only the merchant's server can believe a
//! notification; an app may parse one its server forwarded, to show the state.

use crate::convert::from_core;
use crate::errors::CobroError;
use crate::shapes::PayinNotification;

/// Parses a pay-in payment notification WITHOUT verifying it (see the module
/// documentation); throws `Parse` naming the field for a body that is not one.
#[uniffi::export]
pub fn parse_payin_notification(body: Vec<u8>) -> Result<PayinNotification, CobroError> {
    Ok(from_core(&cobro::payin::notification::parse_payin_notification(&body)?))
}
