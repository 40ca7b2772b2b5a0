//! Junk into every document and account-number module, found by listing them through
//! `cobro::document::numbers()` (STYLE.md 10): nothing panics, `is_valid` agrees with
//! `validate`, `compact` is idempotent, a valid number's display form compacts back to
//! the same number and is valid itself, and an invalid one is formatted unchanged.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use cobro::document::{DocumentError, numbers};
use proptest::prelude::*;

fn junk() -> Vec<String> {
    let mut out: Vec<String> = [
        "",
        " ",
        "-",
        ".",
        "/",
        "0",
        "00000000000",
        "K",
        "k",
        "😀",
        "\u{0}",
        "12\u{0}34",
        "²³¹",
        "١٢٣٤٥٦٧٨",
        "１２３",
        "ñÑ&",
        "\u{2013}\u{2014}",
        "20-12345678-3",
        "AAAA000000AAA",
        "XAXX010101000",
        "ÀÉÎ",
        "12345678901234567890123",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    out.push("9".repeat(10_240));
    out.push("😀".repeat(2_560));
    out.push("1-".repeat(5_120));
    out
}

fn check(number: &str) {
    for n in numbers() {
        let result = (n.validate)(number);
        assert_eq!(n.is_valid(number), result.is_ok(), "{} {}", n.country, n.name);
        let compact = (n.compact)(number);
        assert_eq!(
            (n.compact)(&compact),
            compact,
            "{} {}: compact is idempotent",
            n.country,
            n.name
        );
        let formatted = (n.format)(number);
        if let Ok(valid) = result {
            assert_eq!(
                (n.compact)(&formatted),
                valid.compact.as_str(),
                "{} {}: format compacts back",
                n.country,
                n.name
            );
            assert!(
                n.is_valid(&formatted),
                "{} {}: the display form is valid",
                n.country,
                n.name
            );
        } else {
            let _: DocumentError = result.unwrap_err();
            assert_eq!(
                formatted, number,
                "{} {}: an invalid number is formatted unchanged",
                n.country, n.name
            );
        }
    }
}

#[test]
fn junk_never_panics() {
    for j in junk() {
        check(&j);
    }
}

#[test]
fn every_country_of_the_table_has_numbers_listed_once() {
    let mut seen = std::collections::BTreeSet::new();
    for n in numbers() {
        assert!(
            seen.insert((n.country, n.name)),
            "{} {} listed twice",
            n.country,
            n.name
        );
        assert!(cobro::document::lookup(n.country, n.name).is_some());
        assert!(!n.description.is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_text(s in "\\PC{0,40}") {
        check(&s);
    }

    #[test]
    fn random_digit_strings(s in "[0-9 .\\-/kKA-Z]{0,26}") {
        check(&s);
    }
}
