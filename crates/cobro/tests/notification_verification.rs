//! Runs `tests/vectors/signing/payin-notification-verification.json` through
//! `verify_payin_notification` (PROVIDER_FACTS.md: payinVerification is the SHA-512 of
//! payinMerchantID + payinMerchantOperationNumber + payinAmount + payinCurrency + key;
//! expected hashes computed with Python's hashlib), and feeds random bytes and random
//! JSON to the pay-in notification parser and verifier: no panic, every error has a
//! code of the catalogue, no message shows the key.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::payin::notification::{
    NotificationError, SignedAmount, parse_payin_notification, verify_payin_notification,
    verify_payin_notification_detailed,
};
use cobro::{Code, Secret};
use proptest::prelude::*;
use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    #[serde(default, rename = "note")]
    _note: Option<String>,
    body_text: String,
    key: String,
    result: String,
    #[serde(default)]
    signed_amount: Option<String>,
}

fn cases() -> Vec<Case> {
    let path = common::vectors_dir().join("signing/payin-notification-verification.json");
    let file: File = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    file.cases
}

#[test]
fn verification_vectors() {
    let cases = cases();
    assert!(cases.len() >= 25, "{} cases", cases.len());
    let mut failures = Vec::new();
    for c in &cases {
        let key = Secret::new(c.key.as_str()).unwrap();
        let body = c.body_text.as_bytes();
        let detailed = verify_payin_notification_detailed(body, &key);
        let plain = verify_payin_notification(body, &key);
        let got = match &detailed {
            Ok(_) => "ok".to_string(),
            Err(e) => e.code().to_string(),
        };
        if got != c.result {
            failures.push(format!("{}: expected {}, got {got}", c.name, c.result));
            continue;
        }
        assert_eq!(plain, detailed.clone().map(|v| v.notification), "{}", c.name);
        if let Ok(v) = &detailed {
            let want = match c.signed_amount.as_deref() {
                Some("as_received") => SignedAmount::AsReceived,
                Some("two_decimals") => SignedAmount::TwoDecimals,
                other => panic!("{}: signed_amount {other:?}", c.name),
            };
            assert_eq!(v.signed_amount, want, "{}", c.name);
            assert_eq!(
                Ok(&v.notification),
                parse_payin_notification(body).as_ref(),
                "{}",
                c.name
            );
        }
        if let Err(e) = &detailed {
            let shown = format!("{e} {e:?}");
            assert!(!shown.contains(&c.key), "{}: the key is shown", c.name);
            assert!(c.signed_amount.is_none(), "{}", c.name);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    let results: Vec<&str> = cases.iter().map(|c| c.result.as_str()).collect();
    for needed in [
        "ok",
        "ERR_MISSING_SIGNATURE",
        "ERR_INVALID_SIGNATURE",
        "ERR_MISSING_FIELD",
    ] {
        assert!(results.contains(&needed), "no case for {needed}");
    }
}

#[test]
fn empty_verification_is_never_a_pass() {
    let key = Secret::new("k").unwrap();
    for hash in [r#""""#, r#"" ""#, "null"] {
        let body = format!(
            r#"{{"payinStateID":"5","payinMerchantID":"1","payinAmount":"1.0","payinCurrency":"PEN","payinMerchantOperationNumber":"o","payinVerification":{hash}}}"#
        );
        let e = verify_payin_notification(body.as_bytes(), &key).unwrap_err();
        assert_eq!(e, NotificationError::MissingSignature, "{hash}");
    }
}

fn check_error(e: &NotificationError) -> Result<(), TestCaseError> {
    let code = e.code();
    prop_assert!(Code::ALL.contains(&code), "unknown code {}", code);
    prop_assert!(!e.to_string().is_empty());
    prop_assert!(!format!("{e}").contains("proptest-key"), "the key is shown");
    Ok(())
}

fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let strings = prop_oneof![
        Just("5".to_string()),
        Just("30.0".to_string()),
        Just("9051".to_string()),
        Just(String::new()),
        "[0-9a-f]{128}",
        "\\PC{0,12}",
    ]
    .boxed();
    common::arb_json(
        strings,
        "payinStateID|payinState|payinStatusErrorCode|payinStatusErrorMessage|payinMerchantID|payinAmount|payinCurrency|payinMerchantOperationNumber|payinMethod|payinVerification|additionalInformation|errorDetails|codeErrorTrx|messageErrorTrx|x",
        4,
        14,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let key = Secret::new("proptest-key").unwrap();
        if let Err(e) = parse_payin_notification(&bytes) {
            check_error(&NotificationError::Parse(e))?;
        }
        if let Err(e) = verify_payin_notification(&bytes, &key) {
            check_error(&e)?;
        }
    }

    #[test]
    fn random_json(v in arb_json()) {
        let key = Secret::new("proptest-key").unwrap();
        let body = serde_json::to_vec(&v).unwrap();
        match parse_payin_notification(&body) {
            Ok(n) => {
                prop_assert_eq!(n.state.map(|s| s.id), cobro::payin::catalog::payin_state(n.payin_state_id).map(|s| s.id));
                prop_assert!(!n.payin_amount.is_empty());
            }
            Err(e) => check_error(&NotificationError::Parse(e))?,
        }
        // A random 128-hex hash essentially never matches: the verifier must say so.
        match verify_payin_notification(&body, &key) {
            Ok(_) => prop_assert!(false, "a random body verified"),
            Err(e) => check_error(&e)?,
        }
    }

    /// A complete notification with random field texts, signed over its own texts,
    /// always verifies; one changed character in the amount never does.
    #[test]
    fn signed_bodies_verify(
        merchant in "[1-9][0-9]{0,5}",
        operation in "[A-Za-z0-9-]{1,20}",
        int in "[1-9][0-9]{0,6}",
        frac in "[0-9]{0,2}",
        currency in "[A-Z]{3}",
    ) {
        use sha2::Digest;
        let amount = if frac.is_empty() { int.clone() } else { format!("{int}.{frac}") };
        let key = Secret::new("proptest-key").unwrap();
        let hash = |a: &str| {
            let text = format!("{merchant}{operation}{a}{currency}proptest-key");
            sha2::Sha512::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect::<String>()
        };
        let body = |a: &str, h: &str| serde_json::json!({
            "payinStateID": "5", "payinMerchantID": merchant, "payinAmount": a, "payinCurrency": currency,
            "payinMerchantOperationNumber": operation, "payinVerification": h,
        }).to_string();
        let ok = verify_payin_notification_detailed(body(&amount, &hash(&amount)).as_bytes(), &key).unwrap();
        prop_assert_eq!(ok.signed_amount, SignedAmount::AsReceived);
        let tampered = format!("1{amount}");
        let e = verify_payin_notification(body(&tampered, &hash(&amount)).as_bytes(), &key).unwrap_err();
        prop_assert_eq!(e, NotificationError::InvalidSignature);
    }
}
