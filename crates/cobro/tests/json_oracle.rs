//! Differential test of cobro's JSON reader against serde_json, the oracle: on random
//! JSON and on random edits of it, both accept the same texts and read the same values.
//! Known, intended differences are excluded explicitly: numbers beyond f64 (cobro keeps
//! the text and lets the rules judge it, DESIGN.md 9 row 27) and nesting past cobro's
//! limit of 64 (serde_json's is 128).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;
#[path = "support/serde_oracle.rs"]
mod serde_oracle;

use cobro::Limits;
use cobro::json::{parse, write_value};
use proptest::prelude::*;
use serde_oracle::{same, to_serde};

fn agree(bytes: &[u8]) -> Result<(), TestCaseError> {
    let ours = parse(bytes, Limits::default());
    let theirs = serde_json::from_slice::<serde_json::Value>(bytes);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => prop_assert!(same(&to_serde(a), b), "values differ: {:?} vs {:?}", to_serde(a), b),
        (Err(_), Err(_)) => {}
        (Ok(_), Err(e)) if e.to_string().contains("number out of range") => {}
        (Err(cobro::JsonError::TooDeep { .. }), Ok(_)) => {}
        _ => prop_assert!(
            false,
            "disagree on {:?}: ours {:?}, serde {:?}",
            String::from_utf8_lossy(bytes),
            ours.is_ok(),
            theirs.is_ok()
        ),
    }
    Ok(())
}

fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let strings = prop_oneof!["\\PC*", "[\"\\\\\u{0}-\u{1f}a-z\u{e9}\u{1F600}]{0,8}"].boxed();
    common::arb_json(strings, "[a-c]{0,2}", 5, 6)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn same_verdict_and_value_on_valid_json(v in arb_json(), pretty in any::<bool>()) {
        let text = if pretty { serde_json::to_string_pretty(&v).unwrap() } else { serde_json::to_string(&v).unwrap() };
        agree(text.as_bytes())?;
        let parsed = parse(text.as_bytes(), Limits::default()).unwrap();
        let mut written = String::new();
        write_value(&mut written, &parsed);
        prop_assert!(same(&serde_json::from_str::<serde_json::Value>(&written).unwrap(), &v));
    }

    #[test]
    fn same_verdict_on_edited_json(
        v in arb_json(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(
            b"{}[]\",:\\/ \t\n0123456789.eE+-truefalsnul\x00\x7f\xc3\xa9\xff".to_vec())), 1..4),
    ) {
        let mut bytes = serde_json::to_vec(&v).unwrap();
        for (at, op, b) in edits {
            let i = if bytes.is_empty() { 0 } else { at.index(bytes.len()) };
            match op {
                0 if !bytes.is_empty() => { bytes.remove(i); }
                1 => bytes.insert(i, b),
                _ if !bytes.is_empty() => bytes[i] = b,
                _ => bytes.push(b),
            }
        }
        agree(&bytes)?;
    }

    #[test]
    fn same_verdict_on_number_and_string_fragments(s in "[-+0-9.eE]{1,8}|\"([a-z]|\\\\[\"\\\\/bfnrtu]|\\\\u[0-9a-fA-F]{4}|\\\\u[dD][89abAB][0-9a-f]{2}){0,4}\"") {
        agree(s.as_bytes())?;
    }
}

#[test]
fn specific_edge_cases_agree() {
    for text in [
        "",
        " ",
        "0",
        "-0",
        "-",
        "01",
        "1.",
        ".1",
        "1e",
        "1e+",
        "1E-2",
        "-0.0e0",
        "[1,]",
        "{\"a\":1,}",
        "[",
        "]",
        "\"\\u00\"",
        "\"\\ud83d\\ude00\"",
        "\"\\udc00\"",
        "\"\\ud800\\u0041\"",
        "\u{feff}1",
        "tru",
        "nulll",
        "[]x",
        "{\"a\" 1}",
        "{1:2}",
        "\"\t\"",
        "\"\\x\"",
        "1 2",
        "\n[\n]\n",
    ] {
        agree(text.as_bytes()).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    }
}
