//! A repeated payinMerchantOperationNumber (DESIGN.md section 9 row 34). The provider
//! documents no answer; cobro's choice, which `cobro mock` applies, is to answer the
//! request that created the pay-in, sent again, with its first answer, and to refuse
//! any other request under a used number ([`Refusal::DuplicateOperation`]). A client
//! that lost an answer can then retry the same bytes and never create a second pay-in.
//!
//! What "the same" means is decided here, once: the same JSON value of the pay-in
//! object, as cobro's JSON reader reads it ([`crate::json::Value`]).
//!
//! - The pay-in object is compared, so a `{"data": {...}}` body and the flat body with
//!   the same members are the same request: validation reads both as one pay-in
//!   ([`crate::payin::payin_object`]).
//! - Member order and whitespace do not count; the order of an array's items does.
//! - Strings are compared unescaped: `"\u0041"` and `"A"` are the same text.
//! - Numbers are compared by their text, as the reader keeps them: `1.50` and `1.5`
//!   differ, `100` and `1e2` differ, and a number never equals a string of its digits.
//!   cobro never reads an amount through a float, so two texts are two requests.
//!
//! A store keeps a [`RequestDigest`] of the request, a fixed 64 bytes whatever the
//! body, rather than the body itself.

use std::borrow::Cow;

use sha2::{Digest, Sha512};

use crate::json::Value;
use crate::payin::payin_object;

#[cfg(doc)]
use super::Refusal;

/// The SHA-512 of a pay-in request's canonical encoding: two requests have the same
/// digest exactly when [`is_replay`] calls them the same (up to SHA-512 collisions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RequestDigest([u8; RequestDigest::LEN]);

/// One step of the walk over a value: a value to encode, or an object key.
enum Step<'v, 'a> {
    Value(&'v Value<'a>),
    Key(&'v str),
}

impl RequestDigest {
    /// The digest's size in bytes.
    pub const LEN: usize = 64;

    /// The digest of the request whose body reads as `root`: its pay-in object
    /// ([`crate::payin::payin_object`]) encoded canonically and hashed as it is walked.
    ///
    /// The encoding is a prefix code, so two values encode alike only when they are the
    /// same value: each value is a tag byte (`n`, `t`, `f`; `d` a number, `s` a string,
    /// `[` an array, `{` an object) followed, for a number or a string, by its length in
    /// bytes (8 bytes, big-endian) and its UTF-8 text, and for an array or an object by
    /// its count, then its items in order or its members sorted by key (each key
    /// encoded as a string, then its value). The walk keeps its own stack, so no nesting
    /// depth can exhaust the thread's, and reads every byte once, besides sorting each
    /// object's members.
    pub fn of(root: &Value<'_>) -> RequestDigest {
        let mut hasher = Sha512::new();
        let mut stack = vec![Step::Value(payin_object(root))];
        while let Some(step) = stack.pop() {
            let value = match step {
                Step::Key(key) => {
                    sized(&mut hasher, b's', key.len());
                    hasher.update(key.as_bytes());
                    continue;
                }
                Step::Value(value) => value,
            };
            match value {
                Value::Null => hasher.update(b"n"),
                Value::Bool(true) => hasher.update(b"t"),
                Value::Bool(false) => hasher.update(b"f"),
                Value::Number(text) => {
                    sized(&mut hasher, b'd', text.len());
                    hasher.update(text.as_bytes());
                }
                Value::String(text) => {
                    sized(&mut hasher, b's', text.len());
                    hasher.update(text.as_bytes());
                }
                Value::Array(items) => {
                    sized(&mut hasher, b'[', items.len());
                    stack.extend(items.iter().rev().map(Step::Value));
                }
                Value::Object(members) => {
                    sized(&mut hasher, b'{', members.len());
                    // A stable sort: repeated keys keep their order (validation refuses
                    // them, so no stored request has any).
                    let mut sorted: Vec<&(Cow<'_, str>, Value<'_>)> = members.iter().collect();
                    sorted.sort_by(|a, b| a.0.cmp(&b.0));
                    for (key, member) in sorted.into_iter().rev() {
                        stack.push(Step::Value(member));
                        stack.push(Step::Key(key));
                    }
                }
            }
        }
        RequestDigest(hasher.finalize().into())
    }

    /// The digest's bytes.
    pub fn as_bytes(&self) -> &[u8; RequestDigest::LEN] {
        &self.0
    }
}

/// Feeds `tag` and `len` (8 bytes, big-endian) to `hasher`.
fn sized(hasher: &mut Sha512, tag: u8, len: usize) {
    hasher.update([tag]);
    hasher.update(u64::try_from(len).unwrap_or(u64::MAX).to_be_bytes());
}

/// Whether a request whose body reads as `request`, under an operation number the
/// merchant already used for a pay-in created by the request with digest `first`, is
/// that request again (DESIGN.md section 9 row 34; the module's doc says what "the same"
/// means). A replay is answered with the first answer, byte for byte, and creates
/// nothing; any other request is [`Refusal::DuplicateOperation`].
pub fn is_replay(first: &RequestDigest, request: &Value<'_>) -> bool {
    RequestDigest::of(request) == *first
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;
    use crate::json::parse;

    fn digest(text: &str) -> RequestDigest {
        RequestDigest::of(&parse(text.as_bytes(), Limits::for_body(None)).unwrap())
    }

    fn same(a: &str, b: &str) -> bool {
        let first = digest(a);
        is_replay(&first, &parse(b.as_bytes(), Limits::for_body(None)).unwrap())
    }

    const REQUEST: &str = r#"{"payinMerchantID":"1234","payinAmount":"150.50","payinMerchantOperationNumber":"ORDER-1","n":[1,{"b":true,"a":null}]}"#;

    #[test]
    fn reordered_members_and_whitespace_are_the_same_request() {
        assert!(same(REQUEST, REQUEST));
        let reordered = r#"{ "n" : [ 1 , { "a" : null , "b" : true } ] ,
            "payinMerchantOperationNumber": "ORDER-1", "payinAmount": "150.50",
            "payinMerchantID": "1234" }"#;
        assert!(same(REQUEST, reordered));
    }

    #[test]
    fn the_wrapped_and_flat_forms_are_the_same_request() {
        assert!(same(REQUEST, &format!(r#"{{"data": {REQUEST}}}"#)));
        // A root with another member beside `data` is not a wrapper.
        assert!(!same(REQUEST, &format!(r#"{{"data": {REQUEST}, "x": 1}}"#)));
    }

    #[test]
    fn any_changed_value_is_another_request() {
        for other in [
            REQUEST.replace("150.50", "150.51"),
            REQUEST.replace("ORDER-1", "ORDER-2"),
            REQUEST.replace("true", "false"),
            REQUEST.replace("null", "\"\""),
            REQUEST.replace("[1,", "[2,"),
            REQUEST.replace(r#""payinMerchantID":"1234","#, ""),
            REQUEST.replace('}', r#","extra":"x"}"#),
        ] {
            assert!(!same(REQUEST, &other), "{other}");
        }
        // An array's order counts.
        assert!(!same(r#"{"a":[1,2]}"#, r#"{"a":[2,1]}"#));
    }

    #[test]
    fn numbers_are_compared_by_their_text() {
        assert!(same(r#"{"a":1.50}"#, r#"{"a":1.50}"#));
        assert!(!same(r#"{"a":1.50}"#, r#"{"a":1.5}"#));
        assert!(!same(r#"{"a":100}"#, r#"{"a":1e2}"#));
        assert!(!same(r#"{"a":150}"#, r#"{"a":"150"}"#));
    }

    #[test]
    fn strings_are_compared_unescaped() {
        assert!(same(r#"{"a":"A\u00e9"}"#, r#"{"\u0061":"Aé"}"#));
    }

    #[test]
    fn the_encoding_is_unambiguous() {
        // Text that would run together without the lengths and counts.
        assert!(!same(r#"{"ab":"c"}"#, r#"{"a":"bc"}"#));
        assert!(!same(r#"{"a":[[],[]]}"#, r#"{"a":[[[]]]}"#));
        assert!(!same(r#"{"a":{"b":{}}}"#, r#"{"a":{},"b":{}}"#));
        assert!(!same(r#"{"a":["b","c"]}"#, r#"{"a":["bc"]}"#));
    }

    #[test]
    fn deep_nesting_is_walked_without_recursion() {
        let deep = Value::Array(vec![]);
        let deep = (0..100_000).fold(deep, |v, _| Value::Array(vec![v]));
        let digest = RequestDigest::of(&deep);
        assert_eq!(digest.as_bytes().len(), RequestDigest::LEN);
        // Dropping the value recurses: forget it rather than overflow the test's stack.
        std::mem::forget(deep);
    }
}
