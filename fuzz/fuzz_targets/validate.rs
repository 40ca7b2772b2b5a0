//! `validate` of every kind, with and without a pay-in key, strict or not, in English
//! or Spanish. The first byte chooses (bits 0-1 the kind, 2 the key, 3 strict, 4
//! Spanish); the rest is the body. Never panics, and the report is consistent and
//! writes as JSON.
#![no_main]

use cobro::{Kind, Locale, ValidateOptions, validate};
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
        max_bytes: None,
        payin_key: s.bit(2).then_some(&key),
    };
    let kind = Kind::ALL[s.pick(0, Kind::ALL.len())];
    let report = validate(kind, body, &options);
    assert_eq!(
        report.valid,
        report.errors.is_empty(),
        "valid disagrees with the errors"
    );
    if !body.is_empty() && std::str::from_utf8(body).is_err() {
        assert!(!report.valid, "a body that is not UTF-8 passed");
    }
    cobro_fuzz::assert_json(&report.to_json());
});
