//! The keys of parsed values as JavaScript reads them (DESIGN.md 9 row 43): each of the
//! core's snake_case keys as `cobro::shape::camel` writes it, the names Kotlin reads too.
//!
//! The names come from a table made once per process from the core's description of the
//! shapes (`cobro::shape::camel_names`), so a call looks a key up rather than rewriting
//! it, and a key of one word (most of them) is not even looked up. The validation report
//! never passes here: it keeps its keys, params included, in every language.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use napi_derive::napi;

/// FNV-1a: the table's keys are the core's own field names, never a stranger's text, so
/// a hash that resists chosen collisions buys nothing, and this one costs a few
/// nanoseconds per key where the default costs several times that, on every field of
/// every parsed value.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The table's type.
type Table = HashMap<&'static str, Box<str>, BuildHasherDefault<Fnv>>;

/// The core's keys that have a `_`, each with its JavaScript name.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        cobro::shape::camel_names()
            .into_iter()
            .filter(|(key, _)| key.contains('_'))
            .map(|(key, name)| (key, name.into_boxed_str()))
            .collect()
    })
}

/// The JavaScript name of the core's key `key`. A key the description does not hold is
/// given as it is: every record the binding hands over is described (the `shapes` test
/// of the core reads every parsed vector against the description, and the Node tests
/// find no `_` in any key of a parsed value).
pub fn js_key(key: &'static str) -> &'static str {
    if !key.as_bytes().contains(&b'_') {
        return key;
    }
    table().get(key).map_or(key, |name| name)
}

/// Every key of the description with its JavaScript name, `[core, js]` pairs in the
/// description's order: the one mapping, which the package's tests compare the vectors'
/// JSON through. Internal to the package (not typed, removed from its exports by
/// `cobro.js`).
#[napi(skip_typescript)]
pub fn key_names() -> Vec<Vec<String>> {
    cobro::shape::camel_names()
        .into_iter()
        .map(|(key, name)| vec![key.to_string(), name])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_looked_up_in_the_description() {
        assert_eq!(js_key("payin_state_id"), "payinStateId");
        assert_eq!(js_key("delay_ms"), "delayMs");
        assert_eq!(js_key("http_status"), "httpStatus");
        assert_eq!(js_key("qr_png"), "qrPng");
        assert_eq!(js_key("kind"), "kind");
        assert_eq!(js_key("not_described_here"), "not_described_here");
        for pair in key_names() {
            let [key, name] = pair.as_slice() else {
                panic!("{pair:?}")
            };
            assert_eq!(*name, cobro::shape::camel(key));
            if key.contains('_') {
                assert_eq!(table().get(key.as_str()).map(|n| &**n), Some(name.as_str()));
            }
        }
    }
}
