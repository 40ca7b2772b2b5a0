//! Helpers shared by the integration tests: the location of the shared vectors.
#![allow(dead_code)]

use std::path::PathBuf;

/// `tests/vectors` at the workspace root.
pub fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

/// Every `*.json` file of `tests/vectors/<sub>`, sorted.
pub fn vector_files(sub: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(vectors_dir().join(sub))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

/// Decodes lowercase or upper-case hex.
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Random JSON values for property tests: scalars (with `strings` as the string
/// leaves), arrays and objects (keys from `keys`), nested up to `depth`.
pub fn arb_json(
    strings: proptest::strategy::BoxedStrategy<String>,
    keys: &'static str,
    depth: u32,
    width: usize,
) -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
    use proptest::prelude::*;
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(serde_json::Value::from),
        strings.prop_map(serde_json::Value::String),
    ];
    leaf.prop_recursive(depth, 48, width as u32, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..width).prop_map(serde_json::Value::Array),
            prop::collection::vec((keys, inner), 0..width)
                .prop_map(|kv| serde_json::Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// Replaces, removes or adds one member somewhere in `v`, steered by `path`.
pub fn edit(v: &mut serde_json::Value, path: &[proptest::sample::Index], op: u8, new: serde_json::Value) {
    match v {
        serde_json::Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let Some((first, rest)) = path.split_first() else {
                return;
            };
            let k = first.get(&keys).clone();
            match (op, rest.is_empty()) {
                (0, true) => {
                    map.remove(&k);
                }
                (1, true) => {
                    map.insert(format!("{k}X"), new);
                }
                (_, true) => {
                    map.insert(k, new);
                }
                (_, false) => edit(map.get_mut(&k).unwrap(), rest, op, new),
            }
        }
        serde_json::Value::Array(items) if !items.is_empty() => {
            let Some((first, rest)) = path.split_first() else {
                return;
            };
            let i = first.index(items.len());
            if rest.is_empty() {
                items[i] = new
            } else {
                edit(&mut items[i], rest, op, new)
            }
        }
        other => *other = new,
    }
}
