//! `validate_payin`: the report `validate` gives, and what became of the check of
//! payinVerification against the key (DESIGN.md 9 row 18): matched, did not match, or
//! not checked because an input failed its own checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use cobro::{Code, Kind, Secret, SignatureCheck, ValidateOptions, validate, validate_payin};

/// The key the example's payinVerification was computed with (fake).
const EXAMPLE_KEY: &str = "fake-payin-key-for-examples";
/// Another fake key.
const OTHER_KEY: &str = "fake-payin-key-0001";

const EXAMPLE: &str = include_str!("../../../examples/payin-pe-banktransfer.json");

/// The example with `from` replaced by `to` (which must occur once).
fn edited(from: &str, to: &str) -> String {
    assert_eq!(EXAMPLE.matches(from).count(), 1, "{from}");
    EXAMPLE.replace(from, to)
}

/// `validate_payin` of `body` under `key`, after checking its report is `validate`'s.
fn check(body: &[u8], key: Option<&str>, strict: bool) -> Option<SignatureCheck> {
    let secret = key.map(|k| Secret::new(k).unwrap());
    let options = ValidateOptions {
        strict,
        payin_key: secret.as_ref(),
        ..ValidateOptions::default()
    };
    let (report, check) = validate_payin(body, &options);
    assert_eq!(report, validate(Kind::Payin, body, &options));
    let mismatch = report
        .errors
        .iter()
        .any(|i| i.code == Code::InvalidSignature && i.path.as_text() == "payinVerification");
    assert_eq!(mismatch, check == Some(SignatureCheck::DoesNotMatch), "{report:?}");
    check
}

fn not_checked(invalid: &[&'static str]) -> Option<SignatureCheck> {
    Some(SignatureCheck::NotChecked {
        invalid: invalid.to_vec(),
    })
}

#[test]
fn no_key_no_check() {
    assert_eq!(check(EXAMPLE.as_bytes(), None, false), None);
    assert_eq!(check(b"{", None, false), None);
}

#[test]
fn the_right_key_matches_and_another_does_not() {
    assert_eq!(
        check(EXAMPLE.as_bytes(), Some(EXAMPLE_KEY), false),
        Some(SignatureCheck::Matches)
    );
    assert_eq!(
        check(EXAMPLE.as_bytes(), Some(OTHER_KEY), false),
        Some(SignatureCheck::DoesNotMatch)
    );
    let wrapped = format!("{{\"data\": {EXAMPLE}}}");
    assert_eq!(
        check(wrapped.as_bytes(), Some(EXAMPLE_KEY), false),
        Some(SignatureCheck::Matches)
    );
}

/// A warning on a signed text (here the amount sent as a JSON number) leaves it checked,
/// under `strict` too: the hash covers the text as written.
#[test]
fn warnings_on_a_signed_text_leave_it_checked() {
    let number = edited(r#""payinAmount": "150.50""#, r#""payinAmount": 150.50"#);
    for strict in [false, true] {
        assert_eq!(
            check(number.as_bytes(), Some(EXAMPLE_KEY), strict),
            Some(SignatureCheck::Matches)
        );
        assert_eq!(
            check(number.as_bytes(), Some(OTHER_KEY), strict),
            Some(SignatureCheck::DoesNotMatch)
        );
    }
}

#[test]
fn an_invalid_input_is_named_and_not_checked() {
    let amount = edited(r#""payinAmount": "150.50""#, r#""payinAmount": "-1""#);
    assert_eq!(
        check(amount.as_bytes(), Some(EXAMPLE_KEY), false),
        not_checked(&["payinAmount"])
    );
    let two = edited(r#""payinMerchantID": "1234""#, r#""payinMerchantID": "12a""#)
        .replace(r#""payinCurrency": "PEN""#, r#""payinCurrency": "pen""#);
    assert_eq!(
        check(two.as_bytes(), Some(OTHER_KEY), false),
        not_checked(&["payinMerchantID", "payinCurrency"])
    );
    let hash = edited(r#""payinVerification": "7cf3"#, r#""payinVerification": "x7cf3"#);
    assert_eq!(
        check(hash.as_bytes(), Some(EXAMPLE_KEY), false),
        not_checked(&["payinVerification"])
    );
    let missing = edited(r#""payinMerchantOperationNumber": "ORDER-0001","#, "");
    assert_eq!(
        check(missing.as_bytes(), Some(EXAMPLE_KEY), false),
        not_checked(&["payinMerchantOperationNumber"])
    );
}

#[test]
fn a_body_that_is_not_a_payin_object_is_not_checked() {
    for body in [&b""[..], b"{", b"[]", br#"{"data": 5}"#, b"\xff"] {
        assert_eq!(check(body, Some(EXAMPLE_KEY), false), not_checked(&[]), "{body:?}");
    }
    let too_large = vec![b' '; 2 << 20];
    assert_eq!(check(&too_large, Some(EXAMPLE_KEY), false), not_checked(&[]));
}
