//! Every `prepare_*`. The first byte chooses (bits 0-1 the request: virtual account,
//! subscription, cancellation, pay-in; 2 strict; 3 Spanish; 4 pay-in wrapped in `data`;
//! 5 the referenceId signature variant; 6 deposit mode ANY); the rest is the body.
//! Never panics; a prepared request validates, as sent, with the same options, and
//! writes as JSON; validation before prepare agrees with prepare (valid when prepare
//! accepts, the same errors when it refuses a body it read flat).
#![no_main]

use cobro::{
    DepositMode, Kind, Locale, PrepareError, PrepareOptions, Secret, UnixSeconds, VaSignatureVariant, ValidateOptions,
    prepare_payin, prepare_subscription, prepare_subscription_cancel, prepare_virtual_account, validate,
};
use cobro_fuzz::Selector;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    let s = Selector(selector);
    let options = PrepareOptions {
        strict: s.bit(2),
        locale: if s.bit(3) { Locale::Es } else { Locale::En },
        max_bytes: None,
        wrap_data: s.bit(4),
        va_signature: if s.bit(5) {
            VaSignatureVariant::ReferenceId
        } else {
            VaSignatureVariant::Spec
        },
    };
    let key = cobro_fuzz::payin_key();
    let kind = Kind::ALL[s.pick(0, Kind::ALL.len())];
    let result = match kind {
        Kind::VirtualAccount => {
            let secret = Secret::new("fake-va-secret-for-fuzzing").expect("a usable secret");
            let mode = if s.bit(6) { DepositMode::Any } else { DepositMode::Owner };
            let now = UnixSeconds::new(1_763_769_600).expect("seconds");
            prepare_virtual_account(body, "fake-api-key", &secret, mode, now, &options)
        }
        Kind::Subscription => prepare_subscription(body, &key, &options),
        Kind::SubscriptionCancel => prepare_subscription_cancel(body, &key, &options),
        Kind::Payin => {
            let now = UnixSeconds::new(1_893_585_600).expect("a time");
            prepare_payin(body, &key, now, &options)
        }
    };
    let before = validate(
        kind,
        body,
        &ValidateOptions {
            strict: options.strict,
            locale: options.locale,
            max_bytes: options.max_bytes,
            payin_key: None,
            before_prepare: true,
        },
    );
    match &result {
        Ok(_) => assert!(
            before.valid,
            "prepared, yet invalid before prepare: {}",
            before.to_json()
        ),
        Err(PrepareError::Invalid(report)) if !options.wrap_data => {
            let pairs = |r: &cobro::Report| -> Vec<(String, String)> {
                r.errors
                    .iter()
                    .map(|i| (i.code.as_str().to_string(), i.path.to_string()))
                    .collect()
            };
            assert_eq!(pairs(&before), pairs(report), "before prepare and prepare disagree");
        }
        _ => {}
    }
    match result {
        Ok(request) => {
            let validate_options = ValidateOptions {
                strict: options.strict,
                locale: options.locale,
                max_bytes: options.max_bytes,
                payin_key: Some(&key),
                before_prepare: false,
            };
            let report = validate(kind, request.body.as_bytes(), &validate_options);
            assert!(
                report.valid,
                "a prepared {kind:?} body does not validate: {}",
                report.to_json()
            );
            cobro_fuzz::assert_json(&request.to_json());
        }
        Err(PrepareError::Invalid(report)) => {
            assert!(
                !report.valid && !report.errors.is_empty(),
                "refused with a valid report"
            );
            cobro_fuzz::assert_json(&report.to_json());
        }
        Err(PrepareError::Signing(e)) => assert!(!e.to_string().is_empty()),
    }
});
