//! What prepare adds to a body (DESIGN.md section 5: the fields left out, canonical
//! amounts, the `{"data": ...}` wrapper) never makes a body within the caller's limits
//! too large or too deep: the size limit bounds the body the caller gave. Validation
//! before prepare agrees.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use cobro::{
    Kind, PrepareOptions, Secret, UnixSeconds, ValidateOptions, prepare_payin, prepare_subscription, validate,
};

const PAYIN: &str = r#"{"payinMerchantID":1234,"payinAmount":1,"payinCurrency":"PEN","payinMerchantOperationNumber":"ORDER-0001","payinMethod":"BankTransfer","payinTransactionOKURL":"https://shop.example.com/ok","payinTransactionErrorURL":"https://shop.example.com/error","payinExpirationTime":60,"payinLanguage":"es","payinCustomerEmail":"ana@example.com","payinCustomerName":"Ana","payinCustomerLastName":"Perez","payinCustomerTypeDocument":"DNI","payinCustomerDocument":"12345678","payinCustomerPhone":"987654321","payinDiscountCoupon":"NONE","payinProductID":"SKU-1","payinProductDescription":"Zapatillas","payinProductAmount":1,"payinProductSku":"SKU-1","payinProductQuantity":"1","URLMonnet":"https://cert.example.com/api-payin/v1/online-payments"}"#;

const SUBSCRIPTION: &str = r#"{"merchantId":1234,"subscriptionDetails":{"type":"RECURRENT","device":"MOBILE","customerId":"987654321","processorCode":"Wallet_on_file","periodicity":"1","amount":5}}"#;

fn key() -> Secret {
    Secret::new("fake-payin-key-limits").unwrap()
}

fn now() -> UnixSeconds {
    UnixSeconds::new(1_763_769_600).unwrap()
}

fn before_prepare(kind: Kind, body: &str, max_bytes: usize) -> Vec<String> {
    let options = ValidateOptions {
        max_bytes: Some(max_bytes),
        before_prepare: true,
        ..Default::default()
    };
    let report = validate(kind, body.as_bytes(), &options);
    report
        .errors
        .iter()
        .map(|i| format!("{} at {}", i.code, i.path))
        .collect()
}

#[test]
fn a_payin_at_the_size_limit_is_prepared() {
    for wrap_data in [false, true] {
        for body in [PAYIN.to_string(), format!("{{\"data\":{PAYIN}}}")] {
            let options = PrepareOptions {
                max_bytes: Some(body.len()),
                wrap_data,
                ..Default::default()
            };
            let prepared = prepare_payin(body.as_bytes(), &key(), now(), &options)
                .unwrap_or_else(|e| panic!("wrap_data {wrap_data}, {body}: {e:?}"));
            assert!(prepared.body.len() > body.len(), "prepare completes the body");
            assert_eq!(before_prepare(Kind::Payin, &body, body.len()), Vec::<String>::new());
        }
    }
}

#[test]
fn a_payin_one_byte_past_the_size_limit_is_refused() {
    let options = PrepareOptions {
        max_bytes: Some(PAYIN.len() - 1),
        ..Default::default()
    };
    let refused = prepare_payin(PAYIN.as_bytes(), &key(), now(), &options).unwrap_err();
    assert!(format!("{refused:?}").contains("BodyTooLarge"), "{refused:?}");
    assert_eq!(
        before_prepare(Kind::Payin, PAYIN, PAYIN.len() - 1),
        vec!["ERR_BODY_TOO_LARGE at ".to_string()]
    );
}

#[test]
fn a_subscription_at_the_size_limit_is_prepared() {
    let options = PrepareOptions {
        max_bytes: Some(SUBSCRIPTION.len()),
        ..Default::default()
    };
    let prepared = prepare_subscription(SUBSCRIPTION.as_bytes(), &key(), &options).unwrap();
    assert!(prepared.body.contains("\"amount\":5.00"), "{}", prepared.body);
    assert_eq!(
        before_prepare(Kind::Subscription, SUBSCRIPTION, SUBSCRIPTION.len()),
        Vec::<String>::new()
    );
}

/// The deepest body the limits accept, `{"data": ...}` added by `wrap_data`.
#[test]
fn the_wrapper_adds_no_nesting_error() {
    // The root object holds the arrays: the body's depth is the limit.
    let arrays = cobro::Limits::MAX_DEPTH - 1;
    let deep = format!("{}{}", "[".repeat(arrays), "]".repeat(arrays));
    let body = PAYIN.replacen('{', &format!("{{\"x\":{deep},"), 1);
    let options = PrepareOptions {
        wrap_data: true,
        ..Default::default()
    };
    prepare_payin(body.as_bytes(), &key(), now(), &PrepareOptions::default()).unwrap();
    let prepared = prepare_payin(body.as_bytes(), &key(), now(), &options).unwrap();
    assert!(prepared.body.starts_with("{\"data\":{"));
}

/// West of Greenwich, the first hours after the epoch are still 1969 (UTC-5 in Peru).
#[test]
fn the_date_before_the_epoch_is_that_days() {
    for (seconds, date) in [(0, "1969-12-31"), (17_999, "1969-12-31"), (18_000, "1970-01-01")] {
        let now = UnixSeconds::new(seconds).unwrap();
        let prepared = prepare_payin(PAYIN.as_bytes(), &key(), now, &PrepareOptions::default()).unwrap();
        assert!(
            prepared.body.contains(&format!("\"payinDateTime\":\"{date}\"")),
            "{seconds}: {}",
            prepared.body
        );
    }
}
