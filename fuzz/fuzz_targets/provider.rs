//! The provider's side (`cobro::provider`) over any body: the refusal each API writes
//! for the body's validation report, and the answers built from its texts. The first
//! byte chooses (bits 0-1 the kind, bit 2 Spanish); the rest is the body. Never panics;
//! every body written parses with cobro's own parser as what it is, a refusal lists
//! every error (virtual accounts, subscriptions) or names a catalogue code (pay-ins).
#![no_main]

use cobro::provider::{payin, subscription, virtual_account};
use cobro::subscription::response::SubscriptionAnswer;
use cobro::virtual_account::response::VirtualAccountAnswer;
use cobro::{Kind, Locale, ValidateOptions, validate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    let s = cobro_fuzz::Selector(selector);
    let locale = if s.bit(2) { Locale::Es } else { Locale::En };
    let kind = Kind::ALL[s.pick(0, Kind::ALL.len())];
    let report = validate(
        kind,
        body,
        &ValidateOptions {
            locale,
            ..ValidateOptions::default()
        },
    );
    if report.valid {
        return;
    }
    match kind {
        Kind::VirtualAccount => {
            let stamp = virtual_account::Stamp {
                timestamp: "2026-01-01T00:00:00Z",
                trace_id: "fuzz",
            };
            let a = virtual_account::validation_refusal(&report, locale, stamp);
            match cobro::parse_virtual_account_response(a.status, a.body.as_bytes()) {
                Ok(VirtualAccountAnswer::Error(e)) => assert_eq!(e.details.len(), report.errors.len()),
                other => panic!("{other:?}: {}", a.body),
            }
        }
        Kind::Subscription | Kind::SubscriptionCancel => {
            let a = subscription::validation_refusal(&report, locale);
            match cobro::parse_subscription_response(a.body.as_bytes()) {
                Ok(SubscriptionAnswer::Error {
                    error_field_details, ..
                }) => {
                    assert_eq!(error_field_details.len(), report.errors.len())
                }
                other => panic!("{other:?}: {}", a.body),
            }
        }
        Kind::Payin => {
            let a = payin::validation_refusal(&report, locale);
            let parsed = cobro::parse_payin_response(a.body.as_bytes()).expect("a refusal parses");
            assert!(!parsed.success);
            assert!(parsed.meaning.is_some(), "{}", parsed.error_code);
        }
    }
    // Texts of the body as the answers' facts: whatever they hold, the bodies parse.
    let text = String::from_utf8_lossy(body);
    let short: String = text.chars().take(40).collect();
    let created = subscription::created(7, &short);
    assert!(
        cobro::parse_subscription_response(created.body.as_bytes()).is_ok(),
        "{}",
        created.body
    );
    let refused = payin::refusal("0015", &text);
    assert!(cobro::parse_payin_response(refused.body.as_bytes()).is_ok());
});
