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

fn load() -> Vec<Case> {
    let path = common::vectors_dir().join("signing/subscription-authorization.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let file: File = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    file.cases
}

#[test]
fn every_subscription_authorization_vector_matches() {
    let cases = load();
    assert!(cases.len() >= 6, "only {} cases", cases.len());
    assert!(cases.iter().any(|c| !c.key.is_ascii()), "no non-ASCII key");
    assert!(
        cases.iter().any(|c| !c.customer_id.is_ascii()),
        "no non-ASCII customer id"
    );
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
    for bad_type in ["WEEKLY", "recurrent", ""] {
        let err = subscription_authorization(1234, bad_type, "987654321", "Wallet_on_file", &key).unwrap_err();
        assert!(
            matches!(err, SigningError::InvalidArgument { name: "type", .. }),
            "{bad_type}: {err:?}"
        );
        assert_eq!(err.code(), "ERR_INVALID_ARGUMENT");
    }
    assert_eq!(
        subscription_authorization(1234, "RECURRENT", "", "Wallet_on_file", &key).unwrap_err(),
        SigningError::EmptyArgument { name: "customer_id" }
    );
    assert_eq!(
        subscription_authorization(1234, "RECURRENT", "987654321", "", &key).unwrap_err(),
        SigningError::EmptyArgument { name: "processor_code" }
    );
}
