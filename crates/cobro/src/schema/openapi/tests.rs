//! The OpenAPI document's own tests: JSON, every reference resolves, the committed copy
//! is current.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests may unwrap

use super::*;

fn refs(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                match (k.as_str(), v) {
                    ("$ref", serde_json::Value::String(s)) => out.push(s.clone()),
                    _ => refs(v, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

#[test]
fn every_reference_resolves_and_the_text_is_stable() {
    let text = openapi();
    assert_eq!(text, openapi());
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let mut found = Vec::new();
    refs(&doc, &mut found);
    assert!(found.len() > 20);
    for r in found {
        let pointer = r.strip_prefix('#').unwrap();
        assert!(doc.pointer(pointer).is_some(), "{r} does not resolve");
    }
    for kind in Kind::ALL {
        assert!(doc["components"]["schemas"][component_name(kind)].is_object());
    }
    for path in [
        VIRTUAL_ACCOUNT_PATH,
        SUBSCRIPTION_PATH,
        SUBSCRIPTION_CANCEL_PATH,
        PAYIN_PATH,
    ] {
        assert!(doc["paths"][path]["post"].is_object(), "{path}");
    }
}

/// Every key of an answer or a notification has the schema of what the reader accepts
/// there: none fell back to the empty schema (`wire_object`'s default, which accepts
/// anything).
#[test]
fn every_answer_and_notification_key_has_its_schema() {
    fn walk(at: &str, node: &serde_json::Value) {
        if let Some(properties) = node.get("properties").and_then(|p| p.as_object()) {
            for (key, schema) in properties {
                assert!(
                    schema.as_object().is_some_and(|o| !o.is_empty()),
                    "{at}.{key} has no schema"
                );
                walk(&format!("{at}.{key}"), schema);
            }
        }
        for nested in ["anyOf", "items"] {
            match node.get(nested) {
                Some(serde_json::Value::Array(all)) => all.iter().for_each(|n| walk(at, n)),
                Some(one @ serde_json::Value::Object(_)) => walk(at, one),
                _ => {}
            }
        }
    }
    let doc: serde_json::Value = serde_json::from_str(&openapi()).unwrap();
    for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
        walk(name, schema);
    }
}
