//! The answer to a pay-in creation (spec 2.8, 4.4, 7.3; DESIGN.md section 6): which
//! experience to show the shopper, the voucher with its decoded voucherConfig, the QR
//! image as PNG bytes, and the deeplinks (the records are in `shapes.rs`).

use crate::convert::from_core;
use crate::errors::CobroError;
use crate::shapes::PayinResponse;

/// Parses the answer to a pay-in creation (spec 2.8, 4.4, 7.3). A refused creation
/// (`payinErrorCode` other than `0000`) is a value (`Experience.Failed`), not an error;
/// a body that is not such an answer throws `Parse` naming the field.
#[uniffi::export]
pub fn parse_payin_response(body: Vec<u8>) -> Result<PayinResponse, CobroError> {
    Ok(from_core(&cobro::payin::response::parse_payin_response(&body)?))
}
