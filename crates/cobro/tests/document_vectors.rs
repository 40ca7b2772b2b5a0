//! The shared document vectors of `tests/vectors/documents/` (the same files the
//! Python, Node and Kotlin tests run): for each case, `validate`, `is_valid` and
//! `compact` of its number type agree with the file. Failures name the case's index.
//! DESIGN.md 9 row 33 and STYLE.md 8-9.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::document::{DocumentWarning, find, numbers};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(rename = "description")]
    _description: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    #[serde(rename = "note")]
    _note: String,
    country: String,
    #[serde(rename = "type")]
    number_type: String,
    number: String,
    valid: bool,
    compact: String,
    code: Option<String>,
    warnings: Vec<String>,
}

/// The name a warning has in the vectors (its serde name, as the bindings expose it).
fn warning_name(w: DocumentWarning) -> String {
    serde_json::to_value(w).unwrap().as_str().unwrap().to_string()
}

#[test]
fn every_document_vector_passes() {
    let files = common::vector_files("documents");
    assert!(!files.is_empty());
    let mut covered = std::collections::BTreeSet::new();
    for path in files {
        let file: File = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for (i, c) in file.cases.iter().enumerate() {
            let at = format!("{name} case {i} ({} {} {:?})", c.country, c.number_type, c.number);
            let t = find(&c.country, &c.number_type).unwrap_or_else(|e| panic!("{at}: {e}"));
            covered.insert((t.country, t.name));
            assert_eq!((t.compact)(&c.number), c.compact, "{at}: compact");
            assert_eq!(t.is_valid(&c.number), c.valid, "{at}: is_valid");
            match (t.validate)(&c.number) {
                Ok(valid) => {
                    assert!(c.valid && c.code.is_none(), "{at}: valid, expected {:?}", c.code);
                    // The lengths ERR_INVALID_LENGTH's message gives hold every valid number.
                    let n = valid.compact.chars().count();
                    assert!(t.length.0 <= n && n <= t.length.1, "{at}: {n} outside {:?}", t.length);
                    assert_eq!(valid.compact, c.compact, "{at}: validate's compact");
                    let warnings: Vec<String> = valid.warnings.into_iter().map(warning_name).collect();
                    assert_eq!(warnings, c.warnings, "{at}: warnings");
                }
                Err(e) => {
                    assert_eq!(Some(e.code().as_str()), c.code.as_deref(), "{at}: code");
                    if e == cobro::document::DocumentError::InvalidLength {
                        let n = c.compact.chars().count();
                        assert!(n < t.length.0 || t.length.1 < n, "{at}: {n} within {:?}", t.length);
                    }
                    let message = e.message(t, "number", cobro::Locale::Es);
                    // The message never repeats the number (personal data).
                    assert!(
                        c.number.len() < 4 || !message.contains(c.number.as_str()),
                        "{at}: {message}"
                    );
                    assert!(!c.valid && c.warnings.is_empty(), "{at}: invalid");
                }
            }
        }
    }
    // Every number type has at least one case.
    for n in numbers() {
        assert!(
            covered.contains(&(n.country, n.name)),
            "no vector for {} {}",
            n.country,
            n.name
        );
    }
}
