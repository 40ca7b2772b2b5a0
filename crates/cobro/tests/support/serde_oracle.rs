//! serde_json as the oracle of cobro's JSON reader: a reader value as serde_json's, and
//! equality up to float rounding. Shared by the differential test (tests/json_oracle.rs)
//! and the fuzz target (fuzz/fuzz_targets/json_parse.rs), so both judge alike.

use cobro::json::Value;
use serde_json::Value as J;

/// `v` as serde_json reads the same text. A repeated key: the last one wins, as in
/// serde_json's map. Only called on text serde_json read whole, so every number is in
/// range.
pub fn to_serde(v: &Value<'_>) -> J {
    match v {
        Value::Null => J::Null,
        Value::Bool(b) => J::Bool(*b),
        Value::Number(n) => serde_json::from_str(n).expect("a number serde_json read in place"),
        Value::String(s) => J::String(s.to_string()),
        Value::Array(items) => J::Array(items.iter().map(to_serde).collect()),
        Value::Object(members) => {
            let mut map = serde_json::Map::new();
            for (k, v) in members {
                map.insert(k.to_string(), to_serde(v));
            }
            J::Object(map)
        }
    }
}

/// Equality where floats may differ in the last digit: serde_json's default float
/// parser is not correctly rounded, and cobro does not compute floats at all.
pub fn same(a: &J, b: &J) -> bool {
    match (a, b) {
        (J::Number(x), J::Number(y)) => match (x.as_f64(), y.as_f64()) {
            _ if x == y => true,
            (Some(p), Some(q)) => (p - q).abs() <= p.abs().max(q.abs()) * 1e-14,
            _ => false,
        },
        (J::Array(x), J::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        (J::Object(x), J::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}
