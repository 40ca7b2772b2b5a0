//! The receiving side's checks. First byte even: `verify_payin_notification_detailed`,
//! the first line the key, the rest the notification. Odd: the virtual-account headers,
//! lines of `secret`, `now` (Unix seconds), the referenceId (empty: the spec's text),
//! then one `Name: value` header a line. Never panics; headers made by
//! `virtual_account_headers_with` from the same parts always verify.
#![no_main]

use cobro::payin::notification::verify_payin_notification_detailed;
use cobro::{
    CodeClass, DepositMode, Secret, UnixSeconds, VaSignedText, verify_virtual_account_headers_with,
    virtual_account_headers_with,
};
use cobro_fuzz::first_line;
use libfuzzer_sys::fuzz_target;

const WINDOW: u64 = cobro::signing::DEFAULT_WINDOW_SECONDS;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    if selector % 2 == 0 {
        let (key, body) = first_line(rest);
        let Some(key) = std::str::from_utf8(key).ok().and_then(|k| Secret::new(k).ok()) else {
            return;
        };
        match verify_payin_notification_detailed(body, &key) {
            Ok(v) => assert!(v.notification.payin_verification.is_some_and(|h| !h.trim().is_empty())),
            // The catalogue says which classes raise the code.
            Err(e) => assert!(
                !e.to_string().is_empty()
                    && [CodeClass::VerificationError, CodeClass::ParseError]
                        .iter()
                        .any(|c| e.code().classes().contains(c))
            ),
        }
        return;
    }
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut lines = text.split('\n');
    let (Some(secret), Some(now), Some(reference_id)) = (lines.next(), lines.next(), lines.next()) else {
        return;
    };
    let Ok(secret) = Secret::new(secret) else {
        return;
    };
    let Some(now) = now.parse::<i64>().ok().and_then(|n| UnixSeconds::new(n).ok()) else {
        return;
    };
    let signed = if reference_id.is_empty() {
        VaSignedText::Spec
    } else {
        match VaSignedText::reference_id(reference_id) {
            Ok(t) => t,
            Err(_) => return,
        }
    };
    let headers: Vec<(&str, &str)> = lines
        .map(|l| l.split_once(':').map_or((l, ""), |(n, v)| (n, v.trim_start())))
        .collect();
    if let Err(e) = verify_virtual_account_headers_with(&headers, &secret, now, WINDOW, signed) {
        assert!(!e.to_string().is_empty() && e.code().classes().contains(&CodeClass::VerificationError));
    }
    // Round trip: what the signing side sends for these parts is accepted.
    let api_key = headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("X-Api-Key"))
        .map_or("", |h| h.1);
    let mode = if selector & 2 == 0 {
        DepositMode::Owner
    } else {
        DepositMode::Any
    };
    if let Ok(made) = virtual_account_headers_with(api_key, &secret, now, mode, signed) {
        assert_eq!(
            verify_virtual_account_headers_with(&made, &secret, now, WINDOW, signed),
            Ok(()),
            "made headers do not verify: {made:?}"
        );
    }
});
