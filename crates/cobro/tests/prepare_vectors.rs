//! Runs `tests/vectors/prepare/`: every prepared request must match, byte for byte, the
//! method, path, headers and body an independent implementation computed; refusals must
//! carry the expected errors. Failures name the case.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::{
    CivilDate, DepositMode, Kind, PayinStatusQuery, PrepareError, PrepareOptions, PreparedRequest, Secret, UnixSeconds,
    VaSignatureVariant, ValidateOptions, prepare_payin, prepare_payin_status, prepare_subscription,
    prepare_subscription_cancel, prepare_virtual_account, validate,
};
use serde_json::Value;

fn load(name: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(common::vectors_dir().join("prepare").join(name)).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    file["cases"].as_array().unwrap().clone()
}

fn check(case: &Value, result: Result<PreparedRequest, PrepareError>) {
    let name = case["name"].as_str().unwrap();
    match (result, &case["expected"], &case["errors"], &case["error_code"]) {
        (Ok(p), Value::Object(want), _, _) => {
            assert_eq!(p.method, want["method"].as_str().unwrap(), "{name}: method");
            assert_eq!(p.path, want["path"].as_str().unwrap(), "{name}: path");
            let headers: Vec<(String, String)> = want["headers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| (h[0].as_str().unwrap().to_string(), h[1].as_str().unwrap().to_string()))
                .collect();
            assert_eq!(p.headers, headers, "{name}: headers");
            assert_eq!(p.body, want["body"].as_str().unwrap(), "{name}: body");
            let filled: Vec<String> = serde_json::from_value(want["filled"].clone()).unwrap();
            assert_eq!(p.filled, filled, "{name}: filled");
            let json: Value = serde_json::from_str(&p.to_json()).unwrap();
            assert_eq!(json["body"].as_str(), Some(p.body.as_str()), "{name}: to_json");
            assert_eq!(json["filled"], want["filled"], "{name}: to_json filled");
        }
        (Err(PrepareError::Invalid(report)), _, Value::Array(errors), _) => {
            let got: Vec<(String, String)> = report
                .errors
                .iter()
                .map(|i| (i.code.as_str().to_string(), i.path.to_string()))
                .collect();
            let want: Vec<(String, String)> = errors
                .iter()
                .map(|e| (e[0].as_str().unwrap().to_string(), e[1].as_str().unwrap().to_string()))
                .collect();
            assert_eq!(got, want, "{name}: errors");
        }
        (Err(PrepareError::Signing(e)), _, _, Value::String(code)) => assert_eq!(e.code().as_str(), code, "{name}"),
        (other, _, _, _) => panic!("{name}: unexpected {other:?}"),
    }
}

#[test]
fn payin_vectors() {
    let cases = load("payin.json");
    assert!(cases.len() >= 10);
    for case in &cases {
        let key = Secret::new(case["key"].as_str().unwrap()).unwrap();
        let now = UnixSeconds::new(case["now"].as_i64().unwrap()).unwrap();
        let options = PrepareOptions {
            wrap_data: case["options"]["wrap_data"].as_bool().unwrap(),
            ..Default::default()
        };
        check(
            case,
            prepare_payin(case["body_text"].as_str().unwrap().as_bytes(), &key, now, &options),
        );
        agrees_with_validation(Kind::Payin, case, Some(&key));
    }
}

#[test]
fn subscription_vectors() {
    for case in &load("subscription.json") {
        let key = Secret::new(case["key"].as_str().unwrap()).unwrap();
        let body = case["body_text"].as_str().unwrap().as_bytes();
        let (kind, result) = match case["kind"].as_str().unwrap() {
            "subscription" => (
                Kind::Subscription,
                prepare_subscription(body, &key, &PrepareOptions::default()),
            ),
            _ => (
                Kind::SubscriptionCancel,
                prepare_subscription_cancel(body, &key, &PrepareOptions::default()),
            ),
        };
        check(case, result);
        agrees_with_validation(kind, case, None);
    }
}

#[test]
fn virtual_account_vectors() {
    for case in &load("virtual-account.json") {
        let secret = Secret::new(case["secret"].as_str().unwrap()).unwrap();
        let mode = DepositMode::from_name(case["deposit_mode"].as_str().unwrap()).unwrap();
        let now = UnixSeconds::new(case["now"].as_i64().unwrap()).unwrap();
        // DESIGN.md 9 row 30: no `variant` is the spec's text, the default.
        let options = PrepareOptions {
            va_signature: case["variant"]
                .as_str()
                .map(|v| VaSignatureVariant::from_name(v).unwrap())
                .unwrap_or_default(),
            ..Default::default()
        };
        let result = prepare_virtual_account(
            case["body_text"].as_str().unwrap().as_bytes(),
            case["api_key"].as_str().unwrap(),
            &secret,
            mode,
            now,
            &options,
        );
        check(case, result);
    }
}

/// Validation before prepare agrees with prepare: the body of a case prepare accepts
/// has no error before prepare and its prepared body none after; a refused body reports
/// before prepare the errors prepare refused it with.
fn agrees_with_validation(kind: Kind, case: &Value, key: Option<&Secret>) {
    let name = case["name"].as_str().unwrap();
    let body = case["body_text"].as_str().unwrap().as_bytes();
    let before = ValidateOptions {
        before_prepare: true,
        ..Default::default()
    };
    let report = validate(kind, body, &before);
    let got: Vec<(String, String)> = report
        .errors
        .iter()
        .map(|i| (i.code.as_str().to_string(), i.path.to_string()))
        .collect();
    match (&case["expected"], &case["errors"]) {
        (Value::Object(want), _) => {
            assert!(report.valid, "{name}: before prepare {got:?}");
            let after = ValidateOptions {
                payin_key: key,
                ..Default::default()
            };
            let sent = validate(kind, want["body"].as_str().unwrap().as_bytes(), &after);
            assert!(sent.valid, "{name}: after prepare {:?}", sent.errors);
        }
        (_, Value::Array(errors)) => {
            let want: Vec<(String, String)> = errors
                .iter()
                .map(|e| (e[0].as_str().unwrap().to_string(), e[1].as_str().unwrap().to_string()))
                .collect();
            assert_eq!(got, want, "{name}: before prepare");
        }
        _ => {}
    }
}

/// The status query: a refusal names the argument as well as the code.
#[test]
fn payin_status_vectors() {
    let cases = load("payin-status.json");
    assert!(cases.len() >= 10);
    let date = |v: &Value| v.as_str().map(|s| CivilDate::parse(s).unwrap());
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let key = Secret::new(case["key"].as_str().unwrap()).unwrap();
        let now = UnixSeconds::new(case["now"].as_i64().unwrap()).unwrap();
        let today = cobro::country::earliest_payin_date(now);
        let result = PayinStatusQuery::new(
            case["operation_number"].as_str(),
            date(&case["start_date"]),
            date(&case["end_date"]),
            today,
        )
        .map_err(PrepareError::from)
        .and_then(|query| {
            prepare_payin_status(case["merchant_id"].as_u64().unwrap(), &key, &query).map_err(PrepareError::from)
        });
        if let (Err(PrepareError::Signing(e)), Value::String(argument)) = (&result, &case["error_argument"]) {
            assert_eq!(e.argument(), argument, "{name}: argument");
        }
        check(case, result);
    }
}
