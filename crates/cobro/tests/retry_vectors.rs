//! Runs `tests/vectors/retry/`: for each attempt's outcome (a transport failure, or an
//! HTTP status and the body as received), what `retry_advice` advises: the action, the
//! delay, the answer's code and its catalogue disposition. Failures name the case.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::Kind;
use cobro::retry::{Outcome, TransportFailure, retry_advice};
use serde_json::Value;

#[test]
fn every_retry_vector() {
    let text = std::fs::read_to_string(common::vectors_dir().join("retry").join("retry.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.len() >= 30);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let kind = Kind::from_name(case["kind"].as_str().unwrap()).unwrap();
        let attempt = u32::try_from(case["attempt"].as_u64().unwrap()).unwrap();
        let outcome = match case["failure"].as_str() {
            Some(f) => Outcome::Failed(TransportFailure::from_name(f).unwrap()),
            None => Outcome::Answered {
                http_status: u16::try_from(case["http_status"].as_u64().unwrap()).unwrap(),
                body: case["body_text"].as_str().unwrap().as_bytes(),
            },
        };
        let got = serde_json::to_value(retry_advice(kind, attempt, outcome)).unwrap();
        let want = &case["expected"];
        for field in ["action", "delay_ms", "code"] {
            assert_eq!(got[field], want[field], "{name}: {field}");
        }
        assert_eq!(got["entry"]["disposition"], want["disposition"], "{name}: disposition");
        if !got["entry"].is_null() {
            assert_eq!(got["entry"]["code"], got["code"], "{name}: the entry is the code's");
        }
        assert!(!got["reason"].as_str().unwrap().is_empty(), "{name}: reason");
    }
}
