//! `validate` of every kind, with and without a pay-in key, strict or not, in English
//! or Spanish, under the default size limit or one around the body's size. The first
//! byte chooses (bits 0-1 the kind, 2 the key, 3 strict, 4 Spanish, 5 a size limit of
//! the body's size less bits 6-7); the rest is the body. Never panics, the report is
//! consistent and writes as JSON, and the body is refused for its size exactly when
//! the limits say it is too large.
#![no_main]

use cobro::{Code, Kind, Locale, ValidateOptions, validate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    let s = cobro_fuzz::Selector(selector);
    let key = cobro_fuzz::payin_key();
    let options = ValidateOptions {
        strict: s.bit(3),
        locale: if s.bit(4) { Locale::Es } else { Locale::En },
        max_bytes: s.bit(5).then(|| body.len().saturating_sub(usize::from(selector >> 6))),
        payin_key: s.bit(2).then_some(&key),
        before_prepare: false,
    };
    let kind = Kind::ALL[s.pick(0, Kind::ALL.len())];
    let report = validate(kind, body, &options);
    assert_eq!(
        report.valid,
        report.errors.is_empty(),
        "valid disagrees with the errors"
    );
    let refused = report
        .errors
        .first()
        .is_some_and(|i| i.code == Code::BodyTooLarge && i.path.is_empty());
    assert_eq!(
        refused,
        options.limits().too_large(body.len()),
        "the size limit disagrees with the report"
    );
    if !body.is_empty() && std::str::from_utf8(body).is_err() {
        assert!(!report.valid, "a body that is not UTF-8 passed");
    }
    cobro_fuzz::assert_json(&report.to_json());
});
