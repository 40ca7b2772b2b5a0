//! Spec 5.3: the pay-in payinVerification hash.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::amount::Amount;
use crate::field;

use super::{Secret, SigningError, decimal, hex, rule, sha512_with_key, unhex};

/// Spec 5.3: payinVerification, over the texts exactly as they appear in the body.
/// Used by validation and notification checks, where the body's own text is what the
/// provider hashed.
pub fn payin_verification_text(
    merchant_id: &str,
    operation_number: &str,
    amount: &str,
    currency: &str,
    key: &Secret,
) -> String {
    hex(&sha512_with_key(
        &[
            merchant_id.as_bytes(),
            operation_number.as_bytes(),
            amount.as_bytes(),
            currency.as_bytes(),
        ],
        key,
    ))
}

/// Spec 5.3: payinVerification, the lowercase hex SHA-512 of payinMerchantID,
/// payinMerchantOperationNumber, payinAmount (canonical two-decimal text) and
/// payinCurrency, then the key. DESIGN.md 9 row 32: the merchant id, operation number
/// and currency are refused exactly where validation refuses them in a body (merchant id
/// 0: ERR_OUT_OF_RANGE; `pen`: ERR_INVALID_CURRENCY; 51 characters: ERR_INVALID_LENGTH).
pub fn payin_verification(
    merchant_id: u64,
    operation_number: &str,
    amount: Amount,
    currency: &str,
    key: &Secret,
) -> Result<String, SigningError> {
    rule("merchant_id", field::merchant_id(merchant_id))?;
    rule("operation_number", field::operation_number(operation_number))?;
    rule("currency", field::currency(currency))?;
    let (mut id_buf, mut amount_buf) = ([0u8; 20], [0u8; 24]);
    let parts = [
        decimal(merchant_id, &mut id_buf),
        operation_number.as_bytes(),
        amount.canonical_bytes(&mut amount_buf),
        currency.as_bytes(),
    ];
    Ok(hex(&sha512_with_key(&parts, key)))
}

/// The pay-in status query's `authorization` header, an extension beyond the spec
/// (DESIGN.md 9 row 36; PROVIDER_FACTS.md "Beyond the spec"): the lowercase hex SHA-256
/// of the merchant id's decimal text, then the pay-in key. It covers no time and no
/// body, so it can be replayed: keep it as secret as the key.
pub fn payin_status_authorization(merchant_id: u64, key: &Secret) -> Result<String, SigningError> {
    rule("merchant_id", field::merchant_id(merchant_id))?;
    Ok(hex(&status_digest(&merchant_id.to_string(), key)))
}

/// Whether `given` (hex, either case) is the status query's `authorization` for the
/// merchant id's text, for the receiving side; compared in constant time on the
/// decoded bytes.
pub fn verify_payin_status_authorization(given: &str, merchant_id: &str, key: &Secret) -> bool {
    let expected = status_digest(merchant_id, key);
    unhex::<32>(given.trim()).is_some_and(|g| bool::from(expected.ct_eq(&g)))
}

fn status_digest(merchant_id: &str, key: &Secret) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(merchant_id.as_bytes());
    h.update(key.bytes());
    h.finalize().into()
}

/// Whether `given` (hex, either case) is the payinVerification of the texts; compared
/// in constant time on the decoded bytes.
pub fn verify_payin_verification(
    merchant_id: &str,
    operation_number: &str,
    amount: &str,
    currency: &str,
    given: &str,
    key: &Secret,
) -> bool {
    let parts = [merchant_id, operation_number, amount, currency].map(str::as_bytes);
    let expected = sha512_with_key(&parts, key);
    match unhex::<64>(given) {
        Some(g) => bool::from(expected.ct_eq(&g)),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::signing::sha512_hex;

    fn key() -> Secret {
        Secret::new("fake-test-key-not-real").unwrap()
    }

    #[test]
    fn payin_hash_is_sha512_of_concatenation() {
        let a = Amount::parse("150.5").unwrap();
        let got = payin_verification(1234, "OP-1", a, "PEN", &key()).unwrap();
        assert_eq!(got, sha512_hex(b"1234OP-1150.50PENfake-test-key-not-real"));
        assert!(verify_payin_verification(
            "1234",
            "OP-1",
            "150.50",
            "PEN",
            &got.to_uppercase(),
            &key()
        ));
        assert!(!verify_payin_verification("1234", "OP-1", "150.5", "PEN", &got, &key()));
        assert!(!verify_payin_verification("1234", "OP-1", "150.50", "PEN", "", &key()));
    }
}
