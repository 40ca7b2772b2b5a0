//! The spec's regular expressions (spec 2.1 account.name formats, metadata keys) as a
//! test oracle for the hand-written checks the library uses instead of the regex crate.
//! DESIGN.md 9 row 4: the patterns win over the prose; the CCI dot is a literal dot.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use cobro::virtual_account::{is_valid_account_name, is_valid_metadata_key};
use proptest::prelude::*;
use regex::Regex;

/// Spec 2.1, written as the spec gives them (the CCI dot escaped: it is literal).
const CVU: &str = r"^[a-zA-Z0-9._-]{6,20}$";
const CLABE: &str = r"^[A-Za-z]{1,9} [A-Za-z]{1,10}$";
const CCI: &str = r"^[A-Za-z]{1,9}\.[A-Za-z]{1,10}$";
/// Spec 2.1 / 8, DESIGN.md 9 row 5.
const METADATA_KEY: &str = r"^[A-Za-z0-9_-]{1,20}$";

/// Whether the spec's `pattern` matches `s` (a pattern that does not compile matches
/// nothing, and `patterns_compile` fails).
fn spec_match(pattern: &str, s: &str) -> bool {
    Regex::new(pattern).is_ok_and(|re| re.is_match(s))
}

fn check_all(s: &str) {
    for (account_type, pattern) in [("CVU", CVU), ("CLABE", CLABE), ("CCI", CCI)] {
        assert_eq!(
            is_valid_account_name(account_type, s),
            spec_match(pattern, s),
            "{account_type} {s:?}"
        );
    }
    assert_eq!(
        is_valid_metadata_key(s),
        spec_match(METADATA_KEY, s),
        "metadata key {s:?}"
    );
}

#[test]
fn patterns_compile() {
    for p in [CVU, CLABE, CCI, METADATA_KEY] {
        assert!(Regex::new(p).is_ok(), "{p}");
    }
    assert!(spec_match(CCI, "Ana.Perez") && !spec_match(CCI, "AnaXPerez"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The characters the formats are about, in any mix and length around the limits.
    #[test]
    fn near_alphabet(s in "[A-Za-z0-9 ._-]{0,24}") {
        check_all(&s);
    }

    /// Two words around one separator, lengths around the 9/10 limits.
    #[test]
    fn two_words(s in "[A-Za-z]{0,11}[ .xé]{1,2}[A-Za-z]{0,12}") {
        check_all(&s);
    }

    /// Anything printable, including non-ASCII letters, tabs and newlines.
    #[test]
    fn anything(s in "[a-zA-Zñé0-9 ._\\-\t\n\\\\$]{0,22}|\\PC{0,22}") {
        check_all(&s);
    }
}

#[test]
fn edge_cases() {
    for s in [
        "",
        "abcde",
        "abcdef",
        "abcdefghij0123456789",
        "abcdefghij01234567890",
        "a b",
        "abcdefghi abcdefghij",
        "abcdefghij abcdefghij",
        "abcdefghi abcdefghijk",
        "a.b",
        "a.b\n",
        "Ana Perez\n",
        "Ana.Perez.",
        "Ana..Perez",
        "AnaXPerez",
        "ñandu.perez",
        "key_1-2",
        "a\u{0}b",
    ] {
        check_all(s);
    }
}
