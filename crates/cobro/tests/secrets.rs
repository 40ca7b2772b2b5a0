//! No secret appears in any Debug or Display output, error, report or prepared request
//! (DESIGN.md section 4; STYLE.md 8).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use cobro::{
    DepositMode, Kind, PrepareOptions, Secret, UnixSeconds, ValidateOptions, prepare_payin, prepare_subscription,
    prepare_subscription_cancel, prepare_virtual_account, validate,
};

const KEY: &str = "fake-secret-value-SHOULD-NOT-LEAK";

fn assert_clean(what: &str, text: &str) {
    assert!(!text.contains(KEY), "{what} shows the secret: {text}");
    assert!(
        !text.contains("SHOULD-NOT-LEAK"),
        "{what} shows part of the secret: {text}"
    );
}

#[test]
fn secret_is_redacted_everywhere() {
    let key = Secret::new(KEY).unwrap();
    assert_clean("Debug", &format!("{key:?}"));
    assert_clean("Display", &format!("{key}"));
    assert_clean("alternate Debug", &format!("{key:#?}"));
    let options = ValidateOptions {
        payin_key: Some(&key),
        ..Default::default()
    };
    assert_clean("ValidateOptions Debug", &format!("{options:?}"));
    for bad in [format!("{KEY}\n"), format!(" {KEY}")] {
        let err = Secret::new(bad).unwrap_err();
        assert_clean("SigningError Display", &err.to_string());
        assert_clean("SigningError Debug", &format!("{err:?}"));
    }
}

#[test]
fn reports_errors_and_prepared_requests_never_show_the_secret() {
    let key = Secret::new(KEY).unwrap();
    let now = UnixSeconds::new(1_763_769_600).unwrap();
    let bodies: [&[u8]; 4] = [b"{}", b"not json", br#"{"payinVerification":"x"}"#, br#"{"data":{}}"#];
    for body in bodies {
        for kind in Kind::ALL {
            let options = ValidateOptions {
                payin_key: Some(&key),
                ..Default::default()
            };
            let report = validate(kind, body, &options);
            assert_clean("report", &report.to_json());
            assert_clean("report Debug", &format!("{report:?}"));
        }
        let o = PrepareOptions::default();
        let results = [
            prepare_virtual_account(body, "fake-api-key", &key, DepositMode::Any, now, &o),
            prepare_subscription(body, &key, &o),
            prepare_subscription_cancel(body, &key, &o),
            prepare_payin(body, &key, now, &o),
        ];
        for r in results {
            match r {
                Ok(p) => assert_clean("prepared request", &format!("{p:?}{}", p.to_json())),
                Err(e) => assert_clean("prepare error", &format!("{e:?}{e}")),
            }
        }
    }
    let empty = prepare_virtual_account(b"{}", "", &key, DepositMode::Any, now, &PrepareOptions::default());
    assert_clean("prepare error", &format!("{empty:?}"));
}
