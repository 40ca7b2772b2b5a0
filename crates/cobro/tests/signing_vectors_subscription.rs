//! Runs `tests/vectors/signing/subscription-authorization.json` (spec 5.2: the
//! subscription Authorization header) through `cobro::subscription_authorization`. The
//! expected values were computed independently with Python's hashlib.sha512 over the
//! UTF-8 concatenation of merchant id, type, customerId, processorCode and key.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use cobro::signing::subscription_authorization_text;
use cobro::{Secret, SigningError, subscription_authorization};
use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    cases: Vec<Case>,
    errors: Vec<Refused>,
}

/// Arguments that must be refused with the code validation gives the same field
/// (DESIGN.md 9 row 32).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Refused {
    name: String,
    #[serde(rename = "note")]
    _note: String,
    merchant_id: u64,
    #[serde(rename = "type")]
    kind: String,
    customer_id: String,
    processor_code: String,
    error: String,
    #[serde(rename = "field")]
    _field: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    merchant_id: u64,
    #[serde(rename = "type")]
    kind: String,
    customer_id: String,
    processor_code: String,
    key: String,
    expected: String,
}

fn load_file() -> File {
    let path = common::vectors_dir().join("signing/subscription-authorization.json");
    let text = std::fs::read_to_string(&path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn load() -> Vec<Case> {
    load_file().cases
}

#[test]
fn refused_arguments_carry_the_validation_code() {
    let errors = load_file().errors;
    assert!(errors.len() >= 8, "only {} error cases", errors.len());
    let key = Secret::new("fake-test-key").unwrap();
    for c in &errors {
        let err =
            subscription_authorization(c.merchant_id, &c.kind, &c.customer_id, &c.processor_code, &key).unwrap_err();
        assert_eq!(err.code(), c.error, "{}", c.name);
    }
}

#[test]
fn every_subscription_authorization_vector_matches() {
    let cases = load();
    assert!(cases.len() >= 6, "only {} cases", cases.len());
    assert!(cases.iter().any(|c| !c.key.is_ascii()), "no non-ASCII key");
    for c in &cases {
        let hex = c.expected.strip_prefix("Bearer ").unwrap();
        assert_eq!(hex.len(), 128, "{}", c.name);
        assert!(
            hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
            "{}: expected must be lowercase hex",
            c.name
        );
        let key = Secret::new(c.key.as_str()).unwrap();
        let got = subscription_authorization(c.merchant_id, &c.kind, &c.customer_id, &c.processor_code, &key).unwrap();
        assert_eq!(got, c.expected, "{}", c.name);
        // The body-text form gives the same header for the same texts.
        let text = subscription_authorization_text(
            &c.merchant_id.to_string(),
            &c.kind,
            &c.customer_id,
            &c.processor_code,
            &key,
        );
        assert_eq!(text, c.expected, "{} (text form)", c.name);
    }
}

#[test]
fn a_different_key_or_field_changes_the_header() {
    let cases = load();
    let c = &cases[0];
    let key = Secret::new(c.key.as_str()).unwrap();
    let other_key = Secret::new(format!("{}x", c.key)).unwrap();
    let base = subscription_authorization(c.merchant_id, &c.kind, &c.customer_id, &c.processor_code, &key).unwrap();
    let with_other_key =
        subscription_authorization(c.merchant_id, &c.kind, &c.customer_id, &c.processor_code, &other_key).unwrap();
    let with_other_merchant =
        subscription_authorization(c.merchant_id + 1, &c.kind, &c.customer_id, &c.processor_code, &key).unwrap();
    assert_ne!(base, with_other_key);
    assert_ne!(base, with_other_merchant);
}

#[test]
fn bad_arguments_are_refused() {
    assert_eq!(Secret::new("").err(), Some(SigningError::EmptySecret));
    assert_eq!(
        Secret::new("fake-test-key\n").err(),
        Some(SigningError::SecretWhitespace)
    );
    let key = Secret::new("fake-test-key").unwrap();
    // DESIGN.md 9 row 32: the codes validation gives these fields of a body.
    for (bad_type, code) in [("WEEKLY", "ERR_INVALID_FIELD"), ("recurrent", "ERR_INVALID_FIELD")] {
        let err = subscription_authorization(1234, bad_type, "987654321", "Wallet_on_file", &key).unwrap_err();
        assert!(
            matches!(err, SigningError::InvalidField { name: "type", .. }),
            "{bad_type}: {err:?}"
        );
        assert_eq!(err.code(), code);
    }
    let err = subscription_authorization(1234, "recurrent", "987654321", "Wallet_on_file", &key).unwrap_err();
    assert_eq!(
        err.to_string(),
        "type must be one of: ON_DEMAND, RECURRENT; it differs from RECURRENT only in letter case, and values are case-sensitive"
    );
    assert_eq!(
        subscription_authorization(1234, "RECURRENT", "", "Wallet_on_file", &key)
            .unwrap_err()
            .code(),
        "ERR_EMPTY_FIELD"
    );
    assert_eq!(
        subscription_authorization(1234, "RECURRENT", "987654321", "", &key)
            .unwrap_err()
            .code(),
        "ERR_EMPTY_FIELD"
    );
}
