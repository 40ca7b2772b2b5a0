//! Spec 5.2: the subscription Authorization header.

use crate::field;

use subtle::ConstantTimeEq;

use super::{Secret, SigningError, hex, rule, sha512_with_key, unhex};

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

/// Whether the Authorization header value `given` (`Bearer ` and hex, either case; the
/// scheme name in any case) is the spec 5.2 hash of the texts as they appear in a body,
/// for the receiving side; compared in constant time on the decoded bytes.
pub fn verify_subscription_authorization(
    given: &str,
    merchant_id: &str,
    subscription_type: &str,
    customer_id: &str,
    processor_code: &str,
    key: &Secret,
) -> bool {
    let Some((scheme, token)) = given.split_once(' ') else {
        return false;
    };
    if !scheme.eq_ignore_ascii_case("Bearer") {
        return false;
    }
    let parts = [merchant_id, subscription_type, customer_id, processor_code].map(str::as_bytes);
    let expected = sha512_with_key(&parts, key);
    unhex::<64>(token.trim()).is_some_and(|g| bool::from(expected.ct_eq(&g)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_authorization_verifies_only_with_its_own_texts_and_key() {
        let key = Secret::new("fake-test-key-not-real").unwrap();
        let header = subscription_authorization(674, "ON_DEMAND", "987654321", "Wallet_on_file", &key).unwrap();
        let ok = |given: &str, customer: &str| {
            verify_subscription_authorization(given, "674", "ON_DEMAND", customer, "Wallet_on_file", &key)
        };
        assert!(ok(&header, "987654321"));
        assert!(ok(
            &header
                .replacen("Bearer", "bearer", 1)
                .to_uppercase()
                .replacen("BEARER", "Bearer", 1),
            "987654321"
        ));
        assert!(!ok(&header, "987654322"));
        assert!(!ok(header.trim_start_matches("Bearer "), "987654321"));
        assert!(!ok("Bearer zz", "987654321"));
        let other = Secret::new("another-fake-key").unwrap();
        assert!(!verify_subscription_authorization(
            &header,
            "674",
            "ON_DEMAND",
            "987654321",
            "Wallet_on_file",
            &other
        ));
    }
}
