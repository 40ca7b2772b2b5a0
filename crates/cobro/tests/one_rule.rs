//! DESIGN.md 9 row 32: one rule for one value. Every argument the signing vectors say a
//! signing function refuses (`errors` of `tests/vectors/signing/payin-verification.json`
//! and `subscription-authorization.json`), put into the same field of an otherwise valid
//! body, draws the same code from validation at that field.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::{Kind, ValidateOptions, validate};
use serde_json::{Value, json};

fn load(path: &str) -> Value {
    let path = common::vectors_dir().join(path);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn error_codes_at(kind: Kind, body: &Value, field: &str) -> Vec<String> {
    let report = validate(kind, body.to_string().as_bytes(), &ValidateOptions::default());
    report
        .errors
        .iter()
        .filter(|i| i.path == field)
        .map(|i| i.code.as_str().to_string())
        .collect()
}

#[test]
fn refused_payin_arguments_are_refused_in_a_body_with_the_same_code() {
    let valid = load("validation/payin-valid.json")["bases"]["pe-transfer"].clone();
    assert!(validate(Kind::Payin, valid.to_string().as_bytes(), &ValidateOptions::default()).valid);
    let errors = load("signing/payin-verification.json")["errors"]
        .as_array()
        .unwrap()
        .clone();
    let mut checked = 0;
    for c in &errors {
        let mut body = valid.clone();
        for (arg, field) in [
            ("merchant_id", "payinMerchantID"),
            ("operation_number", "payinMerchantOperationNumber"),
            ("amount", "payinAmount"),
            ("currency", "payinCurrency"),
        ] {
            if let Some(v) = c.get(arg) {
                body[field] = v.clone();
            }
        }
        let field = c["field"].as_str().unwrap();
        let codes = error_codes_at(Kind::Payin, &body, field);
        assert_eq!(codes, [c["error"].as_str().unwrap()], "{}", c["name"]);
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn refused_subscription_arguments_are_refused_in_a_body_with_the_same_code() {
    let errors = load("signing/subscription-authorization.json")["errors"]
        .as_array()
        .unwrap()
        .clone();
    assert!(!errors.is_empty());
    for c in &errors {
        let body = json!({
            "merchantId": c["merchant_id"],
            "subscriptionDetails": {
                "type": c["type"],
                "device": "MOBILE",
                "customerId": c["customer_id"],
                "processorCode": c["processor_code"],
                "periodicity": "1",
                "amount": 10.00,
            }
        });
        for kind in [Kind::Subscription, Kind::SubscriptionCancel] {
            let mut body = body.clone();
            if kind == Kind::SubscriptionCancel {
                let details = body["subscriptionDetails"].as_object_mut().unwrap();
                for extra in ["device", "periodicity", "amount"] {
                    details.remove(extra);
                }
            }
            let codes = error_codes_at(kind, &body, c["field"].as_str().unwrap());
            assert_eq!(codes, [c["error"].as_str().unwrap()], "{} ({kind:?})", c["name"]);
        }
    }
}
