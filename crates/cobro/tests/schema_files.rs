//! Every file of `schemas/`, read with cobro's own strict JSON reader: valid JSON, and no
//! object holds a key twice (type generators and strict readers refuse a document that
//! does, as cobro refuses such a request).
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // test code

use std::collections::HashSet;

use cobro::Limits;
use cobro::json::{self, Value};

/// The keys held twice in `value`, with the path of keys to each.
fn repeated(value: &Value<'_>, at: &str, out: &mut Vec<String>) {
    match value {
        Value::Object(members) => {
            let mut seen = HashSet::new();
            for (key, member) in members {
                if !seen.insert(key.as_ref()) {
                    out.push(format!("{at}/{key}"));
                }
                repeated(member, &format!("{at}/{key}"), out);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| repeated(item, at, out)),
        _ => {}
    }
}

#[test]
fn no_schema_file_repeats_a_key() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../schemas");
    let mut read = 0;
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let limits = Limits {
            max_bytes: 16 << 20,
            max_depth: 128,
        };
        let value = json::parse(&bytes, limits).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let mut found = Vec::new();
        repeated(&value, "", &mut found);
        assert!(found.is_empty(), "{}: keys held twice at {found:?}", path.display());
        read += 1;
    }
    assert!(read >= 5, "only {read} schema files read");
}
