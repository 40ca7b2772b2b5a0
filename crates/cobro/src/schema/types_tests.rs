#![allow(clippy::unwrap_used, clippy::panic)] // tests fail loudly

use super::*;
use crate::payin::fields::Blank;
use crate::shape::issue_codes;

fn fields(name: &str) -> Vec<RequestField> {
    match request_type(name).unwrap().body {
        RequestBody::Object(fields) => fields,
        RequestBody::Alias(_) => panic!("{name} is an alias"),
    }
}

fn required(name: &str) -> Vec<String> {
    fields(name).into_iter().filter(|f| f.required).map(|f| f.key).collect()
}

#[test]
fn the_payin_types_are_the_field_list() {
    let payin = fields(shape::PAYIN);
    let keys: Vec<&str> = payin.iter().map(|f| f.key.as_str()).collect();
    let listed: Vec<&str> = FIELDS.iter().map(|f| f.name).collect();
    assert_eq!(keys, listed);
    for (f, spec) in payin.iter().zip(FIELDS) {
        assert_eq!(f.required, spec.blank != Blank::Optional, "{}", f.key);
        // A number in a free-text field draws a warning: the type says text.
        if spec.number_as_text {
            assert_eq!(f.ty, RequestTy::Text, "{}", f.key);
        }
    }
    let ty = |key: &str| payin.iter().find(|f| f.key == key).unwrap().ty.clone();
    assert_eq!(ty("payinAmount"), RequestTy::AmountText);
    assert_eq!(
        ty("payinMerchantID"),
        RequestTy::Union(vec![RequestTy::Integer, RequestTy::Text])
    );
    assert_eq!(ty("typePost"), RequestTy::Literal(vec!["json".into()]));
    assert_eq!(ty("subscription"), RequestTy::Named("PayinSubscription".into()));
    let unsigned = required(shape::UNSIGNED_PAYIN);
    for key in [
        "payinVerification",
        "typePost",
        "payinDateTime",
        "payinCustomerAddress",
        "payinDiscountCoupon",
    ] {
        assert!(!unsigned.iter().any(|k| k == key), "{key}");
    }
    assert!(unsigned.iter().any(|k| k == "payinCustomerEmail"));
}

#[test]
fn prepare_payin_writes_every_key_the_unsigned_type_leaves_out() {
    let mut body = String::from("{");
    for f in fields(shape::UNSIGNED_PAYIN).iter().filter(|f| f.required) {
        let value = match f.key.as_str() {
            "payinMerchantID" => "\"1234\"",
            "payinAmount" => "\"10.00\"",
            "payinCurrency" => "\"DOP\"",
            "payinExpirationTime" => "\"60\"",
            "payinLanguage" => "\"es\"",
            "payinCustomerEmail" => "\"a@example.com\"",
            "payinCustomerPhone" => "\"8095551234\"",
            "payinTransactionOKURL" | "payinTransactionErrorURL" | "URLMonnet" => {
                "\"https://example.com/api-payin/v3/online-payments\""
            }
            _ => "\"x\"",
        };
        if body.len() > 1 {
            body.push(',');
        }
        body.push_str(&format!("\"{}\":{value}", f.key));
    }
    body.push('}');
    let key = crate::Secret::new("fake-test-key-not-real").unwrap();
    let now = crate::UnixSeconds::new(1_767_355_200).unwrap();
    let sent = match crate::prepare_payin(body.as_bytes(), &key, now, &crate::PrepareOptions::default()) {
        Ok(p) => p.body,
        Err(crate::PrepareError::Invalid(report)) => {
            let missing: Vec<String> = report
                .errors
                .iter()
                .filter(|i| i.code == crate::Code::MissingField)
                .map(|i| i.path.to_string())
                .collect();
            assert!(missing.is_empty(), "{missing:?}");
            return;
        }
        Err(e) => panic!("{e:?}"),
    };
    for key in required(shape::PAYIN) {
        assert!(sent.contains(&format!("\"{key}\":")), "{key}");
    }
}

#[test]
fn the_other_requests_and_their_parts() {
    assert_eq!(required(shape::VIRTUAL_ACCOUNT), ["owner", "account"]);
    assert_eq!(required("Owner"), ["referenceId", "type", "document", "email", "phone"]);
    // Required only for a PERSON or a COMPANY: optional in the type.
    let owner = fields("Owner");
    let first = owner.iter().find(|f| f.key == "firstName").unwrap();
    assert!(!first.required);
    assert_eq!(first.ty, RequestTy::Nullable(Box::new(RequestTy::Text)));
    assert_eq!(required("OwnerDocument"), ["type", "number"]);
    assert_eq!(required("OwnerPhone"), ["countryCode", "number"]);
    let meta = fields(shape::VIRTUAL_ACCOUNT).pop().unwrap();
    assert_eq!(
        meta.ty,
        RequestTy::Nullable(Box::new(RequestTy::Named("VirtualAccountMetadata".into())))
    );
    assert_eq!(
        request_type("VirtualAccountMetadata").unwrap().body,
        RequestBody::Alias(RequestTy::Map(Box::new(RequestTy::Text)))
    );
    assert_eq!(required(shape::SUBSCRIPTION), ["merchantId", "subscriptionDetails"]);
    let details = fields("SubscriptionDetails");
    let amount = details.iter().find(|f| f.key == "amount").unwrap();
    assert_eq!(amount.ty, RequestTy::Nullable(Box::new(RequestTy::Amount)));
    assert_eq!(
        required("SubscriptionCancelDetails"),
        ["type", "customerId", "processorCode"]
    );
    assert!(required(shape::PAYIN_STATUS).is_empty());
    assert_eq!(fields(shape::PAYIN_STATUS).len(), 3);
    let all = super::requests();
    let names: Vec<&str> = all.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names.get(..6).unwrap(), shape::REQUEST_NAMES);
    for (i, t) in all.iter().enumerate() {
        assert!(!names[..i].contains(&t.name.as_str()), "{} twice", t.name);
        assert!(
            crate::shape::record(&t.name).is_none(),
            "{} is an answer's name",
            t.name
        );
        assert!(t.doc.ends_with('.'), "{}", t.name);
    }
}

#[test]
fn issue_codes_are_the_report_codes() {
    let codes: Vec<&str> = issue_codes().collect();
    assert!(codes.contains(&"ERR_MISSING_FIELD") && codes.contains(&"WARN_UNKNOWN_FIELD"));
    assert!(!codes.contains(&"ERR_INTERNAL"));
}
