//! Spec 5.2: the subscription Authorization header.

use crate::field;

use super::{Secret, SigningError, hex, rule, sha512_with_key};

/// The subscription type values of spec 2.3, accepted by [`subscription_authorization`].
pub const SUBSCRIPTION_TYPES: [&str; 2] = field::SUBSCRIPTION_TYPES;

/// Spec 5.2: `Bearer ` + lowercase hex SHA-512 of merchantId, type, customerId,
/// processorCode, then the key. DESIGN.md 9 row 32: each argument is refused exactly
/// where validation refuses the same field of a body, with the same code (merchant id 0:
/// ERR_OUT_OF_RANGE; type `recurrent`: ERR_INVALID_FIELD; customerId `+51...`:
/// ERR_INVALID_FORMAT; a blank one: ERR_EMPTY_FIELD).
pub fn subscription_authorization(
    merchant_id: u64,
    subscription_type: &str,
    customer_id: &str,
    processor_code: &str,
    key: &Secret,
) -> Result<String, SigningError> {
    rule("merchant_id", field::merchant_id(merchant_id))?;
    rule("type", field::subscription_type(subscription_type))?;
    rule("customer_id", field::customer_id(customer_id))?;
    rule("processor_code", field::processor_code(processor_code))?;
    Ok(subscription_authorization_text(
        &merchant_id.to_string(),
        subscription_type,
        customer_id,
        processor_code,
        key,
    ))
}

/// Spec 5.2 over the texts as they appear in a body (see [`subscription_authorization`]).
pub fn subscription_authorization_text(
    merchant_id: &str,
    subscription_type: &str,
    customer_id: &str,
    processor_code: &str,
    key: &Secret,
) -> String {
    let parts = [merchant_id, subscription_type, customer_id, processor_code].map(str::as_bytes);
    let digest = sha512_with_key(&parts, key);
    format!("Bearer {}", hex(&digest))
}
