//! Hostile input for every entry point (DESIGN.md section 8, STYLE.md 10): random bytes,
//! random JSON, and random edits of every validation vector's body go through
//! `validate` for every kind and through every `prepare_*`; nothing may panic and every
//! report must be well formed. Fixed cases cover huge, deep, NUL and non-UTF-8 bodies.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::{
    CivilDate, Code, DepositMode, Kind, PrepareError, PrepareOptions, Report, Secret, Severity, UnixSeconds,
    ValidateOptions, prepare_payin, prepare_subscription, prepare_subscription_cancel, prepare_virtual_account,
    validate,
};
use proptest::prelude::*;

fn well_formed(report: &Report, strict: bool) -> Result<(), TestCaseError> {
    prop_assert_eq!(report.valid, report.errors.is_empty());
    for issue in &report.errors {
        prop_assert_eq!(issue.severity, Severity::Error);
        prop_assert!(
            strict || !issue.code.is_warning(),
            "warning {} among errors",
            issue.code
        );
    }
    for issue in &report.warnings {
        prop_assert_eq!(issue.severity, Severity::Warning);
        prop_assert!(issue.code.is_warning());
    }
    for issue in report.issues() {
        prop_assert!(Code::ALL.contains(&issue.code));
        let message = issue.message();
        let unfilled = message.is_empty() || message.contains('{');
        prop_assert!(!unfilled, "message with an unfilled param");
    }
    let json: serde_json::Value =
        serde_json::from_str(&report.to_json()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(json["valid"].as_bool(), Some(report.valid));
    Ok(())
}

fn every_entry_point(body: &[u8]) -> Result<(), TestCaseError> {
    for kind in Kind::ALL {
        for strict in [false, true] {
            let options = ValidateOptions {
                strict,
                ..Default::default()
            };
            well_formed(&validate(kind, body, &options), strict)?;
        }
    }
    let key = Secret::new("fake-robustness-key").map_err(|e| TestCaseError::fail(e.to_string()))?;
    let now = UnixSeconds::new(1_763_769_600).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let options = PrepareOptions::default();
    let results = [
        prepare_virtual_account(body, "fake-api-key", &key, DepositMode::Owner, now, &options),
        prepare_subscription(body, &key, &options),
        prepare_subscription_cancel(body, &key, &options),
        prepare_payin(body, &key, now, &options),
        prepare_payin(
            body,
            &key,
            now,
            &PrepareOptions {
                wrap_data: true,
                ..options
            },
        ),
    ];
    // Validation before prepare agrees with prepare: valid when prepare accepts, the same
    // errors when it refuses (the wrapped pay-in, last, is written otherwise).
    let kinds = [
        Kind::VirtualAccount,
        Kind::Subscription,
        Kind::SubscriptionCancel,
        Kind::Payin,
    ];
    let pairs = |r: &Report| -> Vec<(String, String)> {
        r.errors
            .iter()
            .map(|i| (i.code.as_str().to_string(), i.path.to_string()))
            .collect()
    };
    for (kind, result) in kinds.into_iter().zip(&results) {
        let before = ValidateOptions {
            before_prepare: true,
            ..Default::default()
        };
        let before = validate(kind, body, &before);
        match result {
            Ok(_) => prop_assert!(before.valid, "{:?}: prepared, yet {}", kind, before.to_json()),
            Err(PrepareError::Invalid(report)) => prop_assert_eq!(pairs(&before), pairs(report), "{:?}", kind),
            Err(PrepareError::Signing(_)) => {}
        }
    }
    for result in results {
        match result {
            Ok(prepared) => {
                let sent: serde_json::Value =
                    serde_json::from_str(&prepared.body).map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert!(sent.is_object());
                prop_assert!(!prepared.to_json().contains("fake-robustness-key"));
            }
            Err(PrepareError::Invalid(report)) => {
                prop_assert!(!report.valid);
                well_formed(&report, false)?;
            }
            Err(PrepareError::Signing(_)) => {}
        }
    }
    Ok(())
}

/// The bodies of every validation vector, as seeds for random edits (read once).
fn seeds() -> &'static [serde_json::Value] {
    static SEEDS: std::sync::OnceLock<Vec<serde_json::Value>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(|| {
        // Bodies given as JSON; those serde_json cannot hold (numbers beyond f64) are left
        // out of the seeds.
        let mut out: Vec<serde_json::Value> = common::validation_cases()
            .iter()
            .filter(|c| c.json)
            .filter_map(|c| serde_json::from_slice(&c.body).ok())
            .collect();
        out.retain(serde_json::Value::is_object);
        out.push(serde_json::json!({"owner": {}, "account": {}, "merchantId": 1, "subscriptionDetails": {}}));
        out
    })
}

fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let specials = [
        "", " ", "0", "00.00", "150.000", "1e2", "PEN", "PE", "Wallet", "K", "\u{0}", "١٢٣", "²",
    ];
    let strings = prop_oneof![
        "\\PC{0,12}",
        prop::sample::select(specials.to_vec()).prop_map(str::to_string)
    ]
    .boxed();
    common::arb_json(strings, "[a-zA-Z]{0,6}", 3, 4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        every_entry_point(&bytes)?;
    }

    #[test]
    fn random_json(v in arb_json()) {
        every_entry_point(serde_json::to_string(&v).unwrap().as_bytes())?;
    }

    #[test]
    fn random_edits_of_vector_bodies(
        seed in any::<prop::sample::Index>(),
        path in prop::collection::vec(any::<prop::sample::Index>(), 1..4),
        op in 0u8..3,
        new in arb_json(),
    ) {
        let mut body = seed.get(seeds()).clone();
        common::edit(&mut body, &path, op, new);
        every_entry_point(serde_json::to_string(&body).unwrap().as_bytes())?;
    }
}

#[test]
fn fixed_hostile_bodies() {
    let mut cases: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"\xff\xfe".to_vec(),
        b"{\"payinCustomerName\":\"a\x00b\"}".to_vec(),
        b"{\"payinCustomerName\":\"a\\u0000b\"}".to_vec(),
        b"{\"payinAmount\":1e400,\"payinMerchantID\":123456789012345678901234567890}".to_vec(),
        b"{\"merchantId\":-0,\"subscriptionDetails\":{\"amount\":-1e-400}}".to_vec(),
        "[".repeat(10_000).into_bytes(),
        format!("{{\"x\":{}1{}}}", "[".repeat(10_000), "]".repeat(10_000)).into_bytes(),
        format!("{{\"data\":{}}}", "{\"data\":".repeat(5_000)).into_bytes(),
        format!("\"{}\"", "a".repeat(2 << 20)).into_bytes(),
        format!("{{{}\"a\":1}}", "\"a\":1,".repeat(50_000)).into_bytes(),
        format!("{{\"metadata\":{{{}\"k\":\"v\"}}}}", "\"k\":\"v\",".repeat(50_000)).into_bytes(),
    ];
    cases.push(
        format!(
            "{{\"metadata\":[{}]}}",
            "{\"key\":\"k\",\"value\":\"v\"},".repeat(20_000) + "1"
        )
        .into_bytes(),
    );
    for body in cases {
        every_entry_point(&body).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Signing entry points take any text: they return a value or a typed error.
    #[test]
    fn signing_entry_points_take_any_text(
        a in "\\PC{0,20}", b in "\\PC{0,20}", c in "\\PC{0,20}", n in any::<i64>(), m in any::<u64>(),
        headers in prop::collection::vec(("\\PC{0,16}", "\\PC{0,40}"), 0..6),
    ) {
        let _ = cobro::Amount::parse(&a);
        let _ = CivilDate::parse(&a);
        let _ = UnixSeconds::new(n);
        if let Ok(key) = Secret::new(a.clone()) {
            let shown = format!("{key:?}{key}");
            let leaked = shown.contains(&a) && !"Secret([REDACTED])".contains(&a);
            prop_assert!(!leaked, "the secret is shown");
            if let Ok(amount) = cobro::Amount::parse(&b) {
                let _ = cobro::payin_verification(m, &b, amount, &c, &key);
            }
            let _ = cobro::subscription_authorization(m, &b, &c, &a, &key);
            prop_assert!(!cobro::verify_payin_verification(&a, &b, &c, &a, &b, &key));
            if let Ok(ts) = UnixSeconds::new(n) {
                let _ = cobro::virtual_account_signature(ts, &b, &key);
                let _ = cobro::verify_virtual_account_headers(&headers, &key, ts, m);
            }
        }
    }
}
