//! Hostile input for the virtual-account and subscription answer and notification
//! parsers (DESIGN.md section 8): random bytes, random JSON built from the fields they
//! read, and random edits of their vector bodies. Nothing may panic; every error carries
//! a code of the catalogue; every value serializes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::parse::{DocumentKind, parse_document};
use cobro::{Code, CodeClass};
use proptest::prelude::*;

const KINDS: [DocumentKind; 4] = [
    DocumentKind::VirtualAccountResponse,
    DocumentKind::SubscriptionResponse,
    DocumentKind::SubscriptionWebhook,
    DocumentKind::DepositNotification,
];

fn every_parser(body: &[u8], http_status: u16) -> Result<(), TestCaseError> {
    for kind in KINDS {
        match parse_document(kind, http_status, body) {
            Ok(value) => {
                serde_json::to_string(&value).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            Err(e) => {
                prop_assert!(Code::ALL.contains(&e.code));
                // The catalogue says which codes a parser raises.
                prop_assert!(
                    e.code.classes().contains(&CodeClass::ParseError),
                    "unexpected code {}",
                    e.code
                );
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }
    // The typed entry points agree with the dispatch.
    let code = |kind| parse_document(kind, http_status, body).err().map(|e| e.code);
    let va = cobro::virtual_account::response::parse_virtual_account_response(http_status, body);
    prop_assert_eq!(va.err().map(|e| e.code), code(DocumentKind::VirtualAccountResponse));
    let sub = cobro::subscription::response::parse_subscription_response(body);
    prop_assert_eq!(sub.err().map(|e| e.code), code(DocumentKind::SubscriptionResponse));
    let hook = cobro::subscription::webhook::parse_subscription_webhook(body);
    prop_assert_eq!(hook.err().map(|e| e.code), code(DocumentKind::SubscriptionWebhook));
    let deposit = cobro::virtual_account::notification::parse_deposit_notification(body);
    prop_assert_eq!(deposit.err().map(|e| e.code), code(DocumentKind::DepositNotification));
    Ok(())
}

/// Keys the four parsers read, so random objects reach their fields.
const KEYS: &str = "(id|traceId|timestamp|status|owner|account|number|metadata|resultUrl|error|type|summary|details|code|message|field|subscriptionId|deepLink|errorCode|errorMessage|errorFieldDetails|chargeType|customerId|originType|statusDescription|errorDetails|key|value|version|operationId|description|merchantId|amount|currency|payinMethod|depositDetails|owner|depositor|fullName|documentType|documentNumber|referenceId|errors|receivedAt|[a-z]{0,3})";

fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let specials = [
        "",
        "5",
        "6",
        "-1",
        "200.00",
        "1e2",
        "PENDING",
        "CANCELLED",
        "ACTIVE",
        "B405",
        "ERR_MISSING_FIELD",
        "2030-01-02T03:04:05Z",
        "2030-13-02T03:04:05Z",
        "\u{0}",
        "١٢٣",
    ];
    let strings = prop_oneof![
        "\\PC{0,12}",
        prop::sample::select(specials.to_vec()).prop_map(str::to_string)
    ]
    .boxed();
    common::arb_json(strings, KEYS, 4, 5)
}

fn seeds() -> &'static [serde_json::Value] {
    static SEEDS: std::sync::OnceLock<Vec<serde_json::Value>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut out = Vec::new();
        for path in common::vector_files("responses") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let mine = [
                "virtual-account-response",
                "subscription-response",
                "subscription-webhook",
                "deposit-notification",
            ];
            if !mine.iter().any(|m| name.starts_with(m)) {
                continue;
            }
            let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for case in file["cases"].as_array().unwrap() {
                if case["body"].is_object() {
                    out.push(case["body"].clone());
                }
            }
        }
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200), status in any::<u16>()) {
        every_parser(&bytes, status)?;
    }

    #[test]
    fn random_json(v in arb_json(), status in prop::sample::select(vec![200u16, 201, 400, 401, 500, 0])) {
        every_parser(serde_json::to_string(&v).unwrap().as_bytes(), status)?;
    }

    #[test]
    fn random_edits_of_vector_bodies(
        seed in any::<prop::sample::Index>(),
        path in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
        op in 0u8..3,
        new in arb_json(),
        status in prop::sample::select(vec![200u16, 400]),
    ) {
        let mut body = seed.get(seeds()).clone();
        common::edit(&mut body, &path, op, new);
        every_parser(serde_json::to_string(&body).unwrap().as_bytes(), status)?;
    }
}

#[test]
fn fixed_hostile_bodies() {
    let deep = format!("{}{}", "{\"error\":".repeat(100), "}".repeat(100));
    let huge_number = r#"{"subscriptionId":123456789012345678901234567890,"status":"PENDING"}"#;
    let nul = "{\"subscriptionId\":1,\"status\":\"PEN\u{0}DING\"}";
    let big = format!("{{\"id\":\"{}\"}}", "a".repeat(2 * 1024 * 1024));
    for body in [
        deep.as_str(),
        huge_number,
        nul,
        big.as_str(),
        "null",
        "[]",
        "\"\"",
        "1e400",
    ] {
        for status in [200, 400] {
            every_parser(body.as_bytes(), status).unwrap();
        }
    }
    let e = parse_document(DocumentKind::DepositNotification, 200, big.as_bytes()).unwrap_err();
    assert_eq!(e.code, Code::BodyTooLarge);
}
