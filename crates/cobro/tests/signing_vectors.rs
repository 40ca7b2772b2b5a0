//! Known-answer tests from `tests/vectors/signing/`: SHA-512 (FIPS 180-4 examples),
//! HMAC-SHA-512 (RFC 4231 cases 1-7), and the spec's three signatures (5.1-5.3) with
//! expected values computed by an independent implementation. Failures name the case.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::signing::{hmac_sha512_hex, sha512_hex};
use cobro::{
    Amount, DepositMode, Secret, SigningError, UnixSeconds, VaSignatureVariant, VaSignedText, payin_verification,
    verify_virtual_account_headers, verify_virtual_account_headers_with, virtual_account_headers_with,
    virtual_account_message_with, virtual_account_signature, virtual_account_signature_with,
};
use serde_json::Value;

fn load(name: &str) -> Value {
    let path = common::vectors_dir().join("signing").join(name);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v[k].as_str().unwrap_or_else(|| panic!("missing {k}"))
}

#[test]
fn sha512_fips_180_4() {
    let file = load("sha512-fips180.json");
    let cases = file["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4);
    for (i, c) in cases.iter().enumerate() {
        let msg = s(c, "message_utf8").repeat(c["repeat"].as_u64().unwrap_or(1) as usize);
        assert_eq!(sha512_hex(msg.as_bytes()), s(c, "digest"), "case {i}: {}", s(c, "name"));
    }
}

#[test]
fn hmac_sha512_rfc_4231() {
    let file = load("hmac-sha512-rfc4231.json");
    let cases = file["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 7);
    for (i, c) in cases.iter().enumerate() {
        let mac = hmac_sha512_hex(&common::unhex(s(c, "key_hex")), &common::unhex(s(c, "data_hex")));
        let want = s(c, "mac");
        assert_eq!(&mac[..want.len()], want, "case {i}: {}", s(c, "name"));
    }
}

#[test]
fn payin_verification_vectors() {
    let file = load("payin-verification.json");
    for c in file["cases"].as_array().unwrap() {
        let amount = Amount::parse(s(c, "amount")).unwrap();
        assert_eq!(amount.to_string(), s(c, "canonical_amount"), "{}", s(c, "name"));
        let key = Secret::new(s(c, "key")).unwrap();
        let got = payin_verification(
            c["merchant_id"].as_u64().unwrap(),
            s(c, "operation_number"),
            amount,
            s(c, "currency"),
            &key,
        )
        .unwrap();
        assert_eq!(got, s(c, "expected"), "{}", s(c, "name"));
    }
    for c in file["errors"].as_array().unwrap() {
        let name = s(c, "name");
        let key = Secret::new("fake-payin-key-0001").unwrap();
        let got = Amount::parse(c["amount"].as_str().unwrap_or("1.00"))
            .map_err(cobro::SigningError::InvalidAmount)
            .and_then(|amount| {
                payin_verification(
                    c["merchant_id"].as_u64().unwrap_or(1),
                    c["operation_number"].as_str().unwrap_or("OP"),
                    amount,
                    c["currency"].as_str().unwrap_or("PEN"),
                    &key,
                )
            });
        assert_eq!(got.map_err(|e| e.code().as_str()), Err(s(c, "error")), "{name}");
    }
}

/// The signed text a case selects: its `variant` name and `reference_id`, as every
/// language passes them (DESIGN.md 9 row 30); neither means the spec's text.
fn signed_text(c: &Value) -> Result<VaSignedText<'_>, SigningError> {
    let variant = c["variant"].as_str().map(VaSignatureVariant::parse).transpose()?;
    VaSignedText::from_parts(variant, c["reference_id"].as_str())
}

#[test]
fn virtual_account_signature_vectors() {
    let file = load("virtual-account-signature.json");
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.iter().any(|c| c["variant"] == "reference_id"));
    for c in cases {
        let name = s(c, "name");
        let ts = UnixSeconds::new(c["timestamp"].as_i64().unwrap()).unwrap();
        let secret = Secret::new(s(c, "secret")).unwrap();
        let text = signed_text(c).unwrap();
        assert_eq!(
            virtual_account_message_with(ts, s(c, "api_key"), text),
            s(c, "message"),
            "{name}"
        );
        let got = virtual_account_signature_with(ts, s(c, "api_key"), &secret, text).unwrap();
        assert_eq!(got, s(c, "expected"), "{name}");
        let headers = virtual_account_headers_with(s(c, "api_key"), &secret, ts, DepositMode::Owner, text).unwrap();
        assert_eq!(headers[2], ("X-Signature".to_string(), got), "{name}");
        assert_eq!(
            verify_virtual_account_headers_with(&headers, &secret, ts, 120, text),
            Ok(()),
            "{name}"
        );
        if text == VaSignedText::Spec {
            // The functions without a variant sign the spec's text.
            assert_eq!(cobro::virtual_account_message(ts, s(c, "api_key")), s(c, "message"));
            assert_eq!(
                virtual_account_signature(ts, s(c, "api_key"), &secret).unwrap(),
                s(c, "expected"),
                "{name}"
            );
        }
    }
    for c in file["variant_errors"].as_array().unwrap() {
        assert_eq!(
            signed_text(c).unwrap_err().code().as_str(),
            s(c, "error"),
            "{}",
            s(c, "name")
        );
    }
    let secret = Secret::new("fake-va-secret-1").unwrap();
    let cases = file["verify_cases"].as_array().unwrap();
    assert!(cases.len() >= 20);
    for c in cases {
        let headers: Vec<(String, String)> = c["headers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| (h[0].as_str().unwrap().to_string(), h[1].as_str().unwrap().to_string()))
            .collect();
        let now = UnixSeconds::new(c["now"].as_i64().unwrap()).unwrap();
        let window = c["window_seconds"].as_u64().unwrap();
        let text = signed_text(c).unwrap();
        let got = match verify_virtual_account_headers_with(&headers, &secret, now, window, text) {
            Ok(()) => "ok".to_string(),
            Err(e) => e.code().to_string(),
        };
        assert_eq!(got, s(c, "result"), "{}", s(c, "name"));
        if text == VaSignedText::Spec {
            let plain = verify_virtual_account_headers(&headers, &secret, now, window).map_err(|e| e.code().as_str());
            assert_eq!(plain.err().unwrap_or("ok"), s(c, "result"), "{}", s(c, "name"));
        }
    }
}
