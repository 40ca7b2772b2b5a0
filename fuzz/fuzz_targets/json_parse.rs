//! Differential target: cobro's JSON reader against serde_json, the oracle. Both must
//! accept the same texts and read the same values, apart from the differences cobro
//! intends (each excused below by name), and cobro's writer must write back what it read.
#![no_main]

use cobro::Limits;
use cobro::json::{JsonError, parse, write_value};
use libfuzzer_sys::fuzz_target;
use serde_json::Value as J;

// The oracle the core's differential test uses, so both judge alike.
#[path = "../../crates/cobro/tests/support/serde_oracle.rs"]
mod serde_oracle;
use serde_oracle::{same, to_serde};

fuzz_target!(|data: &[u8]| {
    let limits = Limits::default();
    let ours = parse(data, limits);
    // Into `Value`, not `IgnoredAny`: only a full read checks UTF-8 inside strings.
    let theirs = serde_json::from_slice::<J>(data);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            let a = to_serde(a);
            assert!(same(&a, b), "values differ: cobro {a:?}, serde_json {b:?}");
        }
        (Err(_), Err(_)) => {}
        // cobro keeps a number's text and lets the rules judge its value; serde_json
        // refuses one beyond f64 (`1e999`).
        (Ok(_), Err(e)) if e.to_string().starts_with("number out of range") => {}
        // cobro's limits, which serde_json does not have (its own nesting limit is 128).
        (Err(JsonError::TooLarge { size, limit }), Ok(_)) => {
            assert!(*size > *limit && *limit == limits.max_bytes && *size == data.len());
        }
        (Err(JsonError::TooDeep { limit, .. }), Ok(_)) => assert_eq!(*limit, limits.max_depth),
        _ => panic!(
            "cobro and serde_json disagree: cobro {:?}, serde_json {:?}",
            ours.as_ref().map(|_| "accepts"),
            theirs.as_ref().map(|_| "accepts")
        ),
    }
    match &ours {
        Ok(value) => {
            assert!(std::str::from_utf8(data).is_ok(), "accepted input that is not UTF-8");
            // What the writer writes reads back as the same value (compact, so it may
            // be shorter than the input, never deeper).
            let mut written = String::new();
            write_value(&mut written, value);
            let unlimited = Limits::for_body(Some(usize::MAX));
            let again = parse(written.as_bytes(), unlimited).expect("cobro refuses what it wrote");
            assert!(again == *value, "written text reads back differently: {written:?}");
        }
        Err(JsonError::InvalidUtf8 { offset }) => {
            assert!(std::str::from_utf8(data).is_err(), "valid UTF-8 called invalid");
            assert!(*offset <= data.len());
        }
        Err(JsonError::Syntax { offset, .. } | JsonError::TooDeep { offset, .. }) => assert!(*offset <= data.len()),
        Err(JsonError::TooLarge { .. }) => {}
    }
});
