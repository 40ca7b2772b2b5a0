//! Validates the provider's own pay-in request samples (read at run time from
//! `shared/provider-samples.json` beside the workspace; never copied into the project)
//! and checks that exactly the problems the spec predicts are reported.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use std::collections::BTreeSet;
use std::path::PathBuf;

use cobro::{Kind, ValidateOptions, validate};

fn sample_body(name: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/provider-samples.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("note: {} is absent; provider sample test skipped", path.display());
        return None;
    };
    let all: serde_json::Value = serde_json::from_str(&text).unwrap();
    let sample = all["samples"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("sample {name} not in {}", path.display()));
    Some(sample["body"].as_str().unwrap().to_string())
}

fn codes(issues: &[cobro::Issue]) -> BTreeSet<(String, String)> {
    issues
        .iter()
        .map(|i| (i.code.as_str().to_string(), i.path.clone()))
        .collect()
}

fn set(items: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    items.iter().map(|(c, p)| (c.to_string(), p.to_string())).collect()
}

/// The official Peru bank-transfer sample is a template of placeholders. By spec:
/// - payinMerchantID "00": a number sent as a string (DESIGN.md 9 row 9) and not a
///   merchant (ids are >= 1);
/// - payinAmount "00.00": not greater than zero (row 10);
/// - payinVerification "string": not 128 hex characters (row 18);
/// - payinExpirationTime "000": a string, and below 1 (row 8);
/// - payinCustomerPhone "0000": not 9 digits (spec 2.4, 8);
/// - payinLanguage "ES": upper case (row 22);
/// - payinDateTime "YYYY-MM-DD": a placeholder, not a date.
///
/// Everything else (PEN, BankTransfer, DNI, https URLs, v1 URLMonnet, "Peru", the
/// non-empty coupon "string", products "0000") passes.
#[test]
fn official_peru_bank_transfer_sample() {
    let Some(body) = sample_body("payin_create_request_peru_banktransfer") else {
        return;
    };
    let report = validate(Kind::Payin, body.as_bytes(), &ValidateOptions::default());
    assert!(!report.valid);
    assert_eq!(
        codes(&report.errors),
        set(&[
            ("ERR_OUT_OF_RANGE", "payinMerchantID"),
            ("ERR_INVALID_AMOUNT", "payinAmount"),
            ("ERR_INVALID_FORMAT", "payinVerification"),
            ("ERR_OUT_OF_RANGE", "payinExpirationTime"),
            ("ERR_INVALID_PHONE_NUMBER", "payinCustomerPhone"),
        ])
    );
    assert_eq!(
        codes(&report.warnings),
        set(&[
            ("WARN_NUMERIC_STRING", "payinMerchantID"),
            ("WARN_NUMERIC_STRING", "payinExpirationTime"),
            ("WARN_LANGUAGE_CASE", "payinLanguage"),
            ("WARN_DATE_FORMAT", "payinDateTime"),
        ])
    );
}

/// The Spanish guide's realistic Peru sample: the numbers are strings, the language is
/// upper case, the hash is an elided placeholder, and payinDiscountCoupon is empty,
/// which DESIGN.md 9 row 7 refuses for Peru.
#[test]
fn guide_peru_bank_transfer_sample() {
    let Some(body) = sample_body("guide_payin_create_request_peru_banktransfer") else {
        return;
    };
    let report = validate(Kind::Payin, body.as_bytes(), &ValidateOptions::default());
    assert_eq!(
        codes(&report.errors),
        set(&[
            ("ERR_INVALID_FORMAT", "payinVerification"),
            ("ERR_EMPTY_FIELD", "payinDiscountCoupon"),
        ])
    );
    assert_eq!(
        codes(&report.warnings),
        set(&[
            ("WARN_NUMERIC_STRING", "payinMerchantID"),
            ("WARN_NUMERIC_STRING", "payinAmount"),
            ("WARN_NUMERIC_STRING", "payinExpirationTime"),
            ("WARN_LANGUAGE_CASE", "payinLanguage"),
        ])
    );
}
