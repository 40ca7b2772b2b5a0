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

/// A name given twice to the same schema is one definition; given to another schema,
/// it is refused like a repeated key.
#[test]
fn a_name_holds_one_schema() {
    let mut defs = Defs::json_schema();
    let first = defs.name("Kind", one_of(["A", "B"]));
    assert_eq!(defs.name("Kind", one_of(["A", "B"])), first);
    assert_eq!(Node::from(first).pretty(), "{\n  \"$ref\": \"#/$defs/Kind\"\n}\n");
    defs.name("Kind", one_of(["C"]));
    assert_eq!(Node::from(defs.into_obj()).repeated_keys(), ["/Kind"]);
}

/// The parts of a schema that give a value its type, which generators read: not the
/// conditions (`if`, `then`, `else`, `not`, `allOf`), which only constrain.
fn typing_parts(schema: &serde_json::Value) -> Vec<(String, &serde_json::Value)> {
    let mut out = Vec::new();
    if let Some(properties) = schema.get("properties").and_then(|p| p.as_object()) {
        out.extend(properties.iter().map(|(k, v)| (k.clone(), v)));
    }
    for key in ["items", "additionalProperties"] {
        if let Some(part) = schema.get(key).filter(|p| p.is_object()) {
            out.push((key.to_string(), part));
        }
    }
    for key in ["anyOf", "oneOf"] {
        for branch in schema.get(key).and_then(|b| b.as_array()).into_iter().flatten() {
            out.push((key.to_string(), branch));
        }
    }
    out
}

/// Walks the typing parts under `schema`, asserting that each object with properties
/// and each enumeration is a reference to a named schema, and, when `typed`, that each
/// part has a type.
fn check_named(at: &str, schema: &serde_json::Value, typed: bool) {
    for (key, part) in typing_parts(schema) {
        let at = format!("{at}/{key}");
        if part.get("$ref").is_some() {
            continue;
        }
        assert!(
            part.get("properties").is_none() && part.get("enum").is_none(),
            "{at} is an object or enumeration with no name"
        );
        if typed {
            let branches = ["anyOf", "oneOf"].iter().any(|k| part.get(k).is_some());
            assert!(
                part.get("type").is_some() || branches || at.ends_with("anyOf") || at.ends_with("oneOf"),
                "{at} has no type"
            );
        }
        check_named(&at, part, typed);
    }
}

/// Generators make a class of each named schema and type each member from its schema:
/// every object and enumeration of a document is named, and every member of a request
/// has a type outside the conditions.
#[test]
fn every_object_is_named_and_every_request_member_typed() {
    for kind in Kind::ALL {
        let doc: serde_json::Value = serde_json::from_str(&schema(kind)).unwrap();
        check_named(kind.as_str(), &doc, true);
        for (name, named) in doc["$defs"].as_object().unwrap() {
            check_named(name, named, true);
        }
    }
    let doc: serde_json::Value = serde_json::from_str(&openapi()).unwrap();
    for (name, named) in doc["components"]["schemas"].as_object().unwrap() {
        let request = Kind::ALL
            .iter()
            .any(|k| schema(*k).contains(&format!("\"title\": \"{name}\"")));
        check_named(name, named, request);
    }
}
