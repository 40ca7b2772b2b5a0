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
        .map(|i| (i.code.as_str().to_string(), i.path.to_string()))
        .collect()
}

fn set(items: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    items.iter().map(|(c, p)| (c.to_string(), p.to_string())).collect()
}

/// The official Peru bank-transfer sample is a template of placeholders. By spec:
/// - payinMerchantID "00": not a merchant (ids are >= 1; a string is fine, DESIGN.md 9
///   row 9);
/// - payinAmount "00.00": not greater than zero (row 10);
/// - payinVerification "string": not 128 hex characters (row 18);
/// - payinExpirationTime "000": below 1 (row 8);
/// - payinCustomerPhone "0000": not 9 digits (spec 2.4, 8);
/// - payinDateTime "YYYY-MM-DD": a placeholder, not a date.
///
/// Everything else (numbers as strings, "ES", PEN, BankTransfer, DNI, https URLs, v1
/// URLMonnet, "Peru", the non-empty coupon "string", products "0000") passes with no
/// issue (rows 9, 21, 22).
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
    assert_eq!(codes(&report.warnings), set(&[("WARN_DATE_FORMAT", "payinDateTime")]));
}

/// The Spanish guide's realistic Peru sample: the numbers are strings and the language
/// is upper case (no issue, DESIGN.md 9 rows 9 and 22), the hash is an elided
/// placeholder, and payinDiscountCoupon is empty, which row 7 refuses for Peru.
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
    assert_eq!(codes(&report.warnings), set(&[]));
}

/// The official Peru sample with real values in place of its placeholders, as a merchant
/// sends it: every number a string, `"ES"`, and URLMonnet on the current v3 path. It
/// validates with no issue at all (DESIGN.md 9 rows 9, 21, 22), its payinVerification
/// checked against the key; and so does the same body as an on-file charge
/// (payinMethod Wallet, processorCode `Yape_on_file`, a `subscription` with chargeType
/// and subscriptionId, payinProductDescription WEB: rows 13 and 25).
#[test]
fn real_values_in_the_official_peru_shape_draw_no_issue() {
    let Some(body) = sample_body("payin_create_request_peru_banktransfer") else {
        return;
    };
    let mut sample: serde_json::Value = serde_json::from_str(&body).unwrap();
    let real = [
        ("payinMerchantID", "674"),
        ("payinAmount", "150.50"),
        ("payinMerchantOperationNumber", "ORDER-0001"),
        ("payinCustomerName", "Ana"),
        ("payinCustomerLastName", "Prueba"),
        ("payinCustomerPhone", "912345678"),
        ("payinCustomerDocument", "12345678"),
        ("payinExpirationTime", "120"),
        ("payinDateTime", "2026-11-24"),
        ("payinCustomerZipCode", "15001"),
        ("payinProductID", "P-1"),
        ("payinProductAmount", "150.50"),
        ("payinProductQuantity", "1"),
        ("URLMonnet", "https://cert.example.com/api-payin/v3/online-payments"),
    ];
    for (field, value) in real {
        assert!(sample.get(field).is_some(), "{field} is not in the sample");
        sample[field] = serde_json::Value::from(value);
    }
    assert_eq!(sample["payinLanguage"], "ES");
    let key = cobro::Secret::new("fake-payin-key-0001").unwrap();
    let sign = |sample: &mut serde_json::Value| {
        let hash =
            cobro::payin_verification(674, "ORDER-0001", cobro::Amount::parse("150.50").unwrap(), "PEN", &key).unwrap();
        sample["payinVerification"] = serde_json::Value::from(hash);
    };
    let options = ValidateOptions {
        payin_key: Some(&key),
        ..ValidateOptions::default()
    };
    sign(&mut sample);
    let report = validate(Kind::Payin, sample.to_string().as_bytes(), &options);
    assert_eq!((codes(&report.errors), codes(&report.warnings)), (set(&[]), set(&[])));

    let mut on_file = sample.clone();
    on_file["payinMethod"] = "Wallet".into();
    on_file["payinProductDescription"] = "WEB".into();
    on_file["processorCode"] = "Yape_on_file".into();
    on_file["subscription"] = serde_json::json!({"chargeType": "ON_DEMAND", "subscriptionId": "3021"});
    let report = validate(Kind::Payin, on_file.to_string().as_bytes(), &options);
    assert_eq!((codes(&report.errors), codes(&report.warnings)), (set(&[]), set(&[])));
    // Strict too: nothing to turn into an error.
    let strict = ValidateOptions {
        strict: true,
        ..options
    };
    assert!(validate(Kind::Payin, on_file.to_string().as_bytes(), &strict).valid);
}

/// DESIGN.md 9 row 10: every pay-in request the provider's documentation shows sends
/// payinAmount as a string; none draws WARN_AMOUNT_FORMAT (a placeholder `"00.00"` is
/// its own error, not a format warning). And `prepare_payin` writes the amount of the
/// realistic sample back as the same two-decimal string.
#[test]
fn no_provider_sample_draws_an_amount_format_warning() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/provider-samples.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("note: {} is absent; provider sample test skipped", path.display());
        return;
    };
    let all: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut checked = 0;
    for sample in all["samples"].as_array().unwrap() {
        let name = sample["name"].as_str().unwrap();
        if !name.contains("payin_create_request") {
            continue;
        }
        let body = sample["body"].as_str().unwrap();
        let report = validate(Kind::Payin, body.as_bytes(), &ValidateOptions::default());
        let warned: Vec<_> = report
            .issues()
            .filter(|i| i.code == cobro::Code::AmountFormat)
            .collect();
        assert!(warned.is_empty(), "{name}: {warned:?}");
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} pay-in request samples found");

    let body = sample_body("guide_payin_create_request_peru_banktransfer").unwrap();
    let mut sample: serde_json::Value = serde_json::from_str(&body).unwrap();
    sample["payinDiscountCoupon"] = "NONE".into();
    sample.as_object_mut().unwrap().remove("payinVerification");
    let key = cobro::Secret::new("fake-payin-key-0001").unwrap();
    let now = cobro::UnixSeconds::new(1_795_780_800).unwrap();
    let prepared = cobro::prepare_payin(sample.to_string().as_bytes(), &key, now, &Default::default()).unwrap();
    assert!(prepared.body.contains(r#""payinAmount":"150.00""#), "{}", prepared.body);
}
