//! Runs every response and notification vector of `tests/vectors/responses/` through
//! `cobro::parse::parse_document` and compares the typed value, serialized, with the
//! expected JSON (or the expected error code and path). Failures name the vector.
//!
//! A file: `{"document": "<kind>", "cases": [{"name", "note"?, "http_status"?,
//! "body" | "body_text" | "body_hex", "expected" | "error": {"code", "path"}}]}`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use std::collections::BTreeSet;

use cobro::parse::{DocumentKind, parse_document};
use serde::Deserialize;
use serde_json::value::RawValue;

#[derive(Deserialize)]
struct File {
    document: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    #[serde(default, rename = "note")]
    _note: Option<String>,
    #[serde(default)]
    http_status: Option<u16>,
    #[serde(default)]
    body: Option<Box<RawValue>>,
    #[serde(default)]
    body_text: Option<String>,
    #[serde(default)]
    body_hex: Option<String>,
    #[serde(default)]
    expected: Option<serde_json::Value>,
    #[serde(default)]
    error: Option<ExpectedError>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectedError {
    code: String,
    path: String,
}

#[test]
fn every_response_vector_passes() {
    let mut failures = Vec::new();
    let mut count = 0;
    let mut kinds = BTreeSet::new();
    for path in common::vector_files("responses") {
        let file_name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file: File = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{file_name}: {e}"));
        let kind = DocumentKind::from_name(&file.document).unwrap_or_else(|| panic!("{file_name}: unknown document"));
        kinds.insert(kind.as_str());
        for case in file.cases {
            count += 1;
            let id = format!("{file_name} / {}", case.name);
            let body = match (&case.body, &case.body_text, &case.body_hex) {
                (Some(raw), None, None) => raw.get().as_bytes().to_vec(),
                (None, Some(t), None) => t.as_bytes().to_vec(),
                (None, None, Some(h)) => common::unhex(h),
                _ => panic!("{id}: exactly one of body, body_text, body_hex"),
            };
            let result = parse_document(kind, case.http_status.unwrap_or(200), &body);
            match (result, &case.expected, &case.error) {
                (Ok(parsed), Some(want), None) => {
                    let got = serde_json::to_value(&parsed).unwrap();
                    if &got != want {
                        failures.push(format!("{id}\n  expected {want}\n  got      {got}"));
                    }
                }
                (Err(e), None, Some(want)) => {
                    if e.code.as_str() != want.code || e.path != want.path {
                        failures.push(format!(
                            "{id}: expected {} at {:?}, got {} at {:?}",
                            want.code, want.path, e.code, e.path
                        ));
                    }
                }
                (Ok(parsed), None, Some(want)) => failures.push(format!(
                    "{id}: expected {} at {:?}, parsed {}",
                    want.code,
                    want.path,
                    serde_json::to_string(&parsed).unwrap()
                )),
                (Err(e), Some(_), None) => failures.push(format!("{id}: expected a value, got {e}")),
                _ => panic!("{id}: exactly one of expected, error"),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let all: BTreeSet<&str> = DocumentKind::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(kinds, all, "every document kind has vectors");
}
