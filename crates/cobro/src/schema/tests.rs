//! The schemas' own tests: well-formed JSON, the annotations name real codes, and the
//! class constants agree with the checks they mirror.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests may unwrap

use super::*;
use crate::Code;

fn unexpressed_texts(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                if k == "x-cobro-unexpressed" {
                    for t in v.as_array().unwrap() {
                        out.push(t.as_str().unwrap().to_string());
                    }
                } else {
                    unexpressed_texts(v, out);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| unexpressed_texts(v, out)),
        _ => {}
    }
}

#[test]
fn every_schema_is_json_and_names_real_codes() {
    for kind in Kind::ALL {
        let text = schema(kind);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["$schema"], DRAFT);
        assert_eq!(text, schema(kind), "the same text every time");
        let mut notes = Vec::new();
        unexpressed_texts(&value, &mut notes);
        assert!(!notes.is_empty());
        for note in notes {
            let first = note.split([':', ',']).next().unwrap();
            assert!(
                Code::ALL.iter().any(|c| c.as_str() == first) || first.starts_with("DESIGN.md"),
                "{kind:?}: {note}"
            );
        }
    }
}

#[test]
fn metadata_classes_are_the_checks() {
    let key = regex::Regex::new(&format!("^[{}]$", crate::metadata::KEY_CLASS)).unwrap();
    let value = regex::Regex::new(&format!("^[{}]$", crate::metadata::VALUE_ASCII_CLASS)).unwrap();
    for b in 0u8..0x80 {
        let s = char::from(b).to_string();
        assert_eq!(key.is_match(&s), crate::metadata::is_valid_key(&s), "{b:#x}");
        assert_eq!(value.is_match(&s), crate::metadata::is_valid_value(&s), "{b:#x}");
    }
}

/// The README lists what JSON Schema cannot state: every code an `x-cobro-unexpressed`
/// annotation of any document names is in its section.
#[test]
fn readme_names_every_unexpressed_code() {
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md")).unwrap();
    let section = readme
        .split("### JSON Schema and OpenAPI for other languages")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .unwrap();
    let mut notes = Vec::new();
    let mut documents: Vec<String> = Kind::ALL.iter().map(|&k| schema(k)).collect();
    documents.push(openapi());
    for text in documents {
        unexpressed_texts(&serde_json::from_str(&text).unwrap(), &mut notes);
    }
    for note in notes {
        let head = note.split(':').next().unwrap();
        for code in head
            .split(", ")
            .filter(|c| c.starts_with("ERR_") || c.starts_with("WARN_"))
        {
            assert!(section.contains(code), "README does not list {code} ({note})");
        }
    }
}

/// No object of a generated document holds a key twice: the builder refuses a second
/// member, and every document is built without a refusal.
#[test]
fn no_document_repeats_a_key() {
    for kind in Kind::ALL {
        assert_eq!(document(kind).repeated_keys(), Vec::<String>::new(), "{kind:?}");
    }
    assert_eq!(openapi::document().repeated_keys(), Vec::<String>::new());
    let refused = Obj::new().with("a", 1u64).with("b", 2u64).with("a", 3u64);
    assert_eq!(Node::from(refused.clone()).repeated_keys(), ["/a"]);
    assert_eq!(Node::from(refused).pretty(), "{\n  \"a\": 1,\n  \"b\": 2\n}\n");
    let listed = Obj::new()
        .with("x", texts(["one"]))
        .with_listed("x", vec!["one".into(), "two".into()]);
    assert_eq!(
        Node::from(listed).pretty(),
        "{\n  \"x\": [\n    \"one\",\n    \"two\"\n  ]\n}\n"
    );
}
