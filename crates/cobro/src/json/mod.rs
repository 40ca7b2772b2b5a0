//! A single-pass JSON reader (RFC 8259) into a borrowed tree, built for validation.
//!
//! Why not `serde_json::Value`: the rules need what a `Value` loses. Amounts are judged
//! on their JSON text (`150.000` and `1e2` are not two-decimal amounts, DESIGN.md 9 row
//! 27), a repeated key must be seen (row 26), and one nesting limit must apply to every
//! value, known or unknown (DESIGN.md 8). This reader keeps numbers as their text,
//! strings borrowed from the input when they hold no escape, objects as ordered member
//! lists, and refuses oversized, non-UTF-8 and too-deep input with a byte offset. It is
//! differentially tested against `serde_json` (see `tests/json_oracle.rs`).

use std::borrow::Cow;

// Crate-visible so `host::fast` can re-export the writer's pieces the bindings use.
pub(crate) mod reader;
pub(crate) mod writer;

pub(crate) use writer::write_string;
pub use writer::write_value;

use crate::limits::Limits;

/// A JSON value borrowing from the input text.
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, exactly as written (its grammar is checked, its value is not computed).
    Number(&'a str),
    /// A string, unescaped.
    String(Cow<'a, str>),
    /// An array.
    Array(Vec<Value<'a>>),
    /// An object, members in input order; repeated keys are kept.
    Object(Vec<(Cow<'a, str>, Value<'a>)>),
}

impl Value<'_> {
    /// The JSON type name used in reports (`expected`/`found` params).
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }

    /// The string content, when this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The members, when this is an object.
    pub fn as_object(&self) -> Option<&[(Cow<'_, str>, Value<'_>)]> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }
}

/// Why a body could not be read as JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonError {
    /// The body is larger than [`Limits::max_bytes`].
    TooLarge {
        /// The body's size in bytes.
        size: usize,
        /// The limit in bytes.
        limit: usize,
    },
    /// The body is not UTF-8; `offset` is the first bad byte.
    InvalidUtf8 {
        /// Byte offset of the first invalid byte.
        offset: usize,
    },
    /// The body is not JSON; `offset` is where reading stopped.
    Syntax {
        /// Byte offset where the text stops being JSON.
        offset: usize,
        /// What was expected there, in a few words.
        expected: &'static str,
    },
    /// Arrays or objects nest deeper than [`Limits::max_depth`].
    TooDeep {
        /// Byte offset of the bracket that went past the limit.
        offset: usize,
        /// The limit.
        limit: usize,
    },
}

/// Reads `bytes` as one JSON value under `limits`: size first, then UTF-8 once for the
/// whole body, then one pass over the text.
pub fn parse(bytes: &[u8], limits: Limits) -> Result<Value<'_>, JsonError> {
    if bytes.len() > limits.max_bytes {
        return Err(JsonError::TooLarge {
            size: bytes.len(),
            limit: limits.max_bytes,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| JsonError::InvalidUtf8 {
        offset: e.valid_up_to(),
    })?;
    parse_str(text, limits)
}

/// Reads already-checked text as one JSON value under `limits`.
pub fn parse_str(text: &str, limits: Limits) -> Result<Value<'_>, JsonError> {
    reader::read(text, limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::reader::is_number;
    use super::writer::plain_prefix;

    fn p(s: &str) -> Result<Value<'_>, JsonError> {
        parse(s.as_bytes(), Limits::default())
    }

    #[test]
    fn is_number_follows_the_grammar() {
        for yes in [
            "0",
            "-0",
            "7",
            "150.50",
            "-0.5e+3",
            "1E2",
            "1e-7",
            "12345678901234567890123",
        ] {
            assert!(is_number(yes), "{yes}");
        }
        for no in [
            "", "-", "+1", "01", ".5", "1.", "1e", "NaN", "Infinity", "-inf", "1 ", " 1", "1,0", "0x10",
        ] {
            assert!(!is_number(no), "{no}");
        }
    }

    /// The word-at-a-time scan agrees with a byte-by-byte one for every byte value at
    /// every position of strings of 0 to 20 bytes, over a plain or a non-ASCII
    /// background, and with a second stop after the first.
    #[test]
    fn plain_prefix_agrees_with_a_byte_loop() {
        let naive = |b: &[u8]| {
            b.iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                .unwrap_or(b.len())
        };
        for background in [b'a', 0xC3, 0x7F, 0x20, 0xFF] {
            for len in 0..=20 {
                for at in 0..len {
                    for byte in 0..=255u8 {
                        let mut v = vec![background; len];
                        v[at] = byte;
                        assert_eq!(plain_prefix(&v), naive(&v), "{v:?}");
                        if at + 1 < len {
                            v[len - 1] = b'"';
                            assert_eq!(plain_prefix(&v), naive(&v), "{v:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn keeps_number_text_and_borrows_plain_strings() {
        let v = p(r#"{"a": 150.000, "b": "x", "c": "\u00e9\n"}"#).unwrap();
        let m = v.as_object().unwrap();
        assert_eq!(m[0].1, Value::Number("150.000"));
        assert!(matches!(&m[1].1, Value::String(Cow::Borrowed("x"))));
        assert_eq!(m[2].1.as_str(), Some("é\n"));
    }

    #[test]
    fn keeps_repeated_keys() {
        let v = p(r#"{"a":1,"a":2}"#).unwrap();
        assert_eq!(v.as_object().unwrap().len(), 2);
    }

    #[test]
    fn refuses_bad_input_with_offsets() {
        assert_eq!(
            p("{").unwrap_err(),
            JsonError::Syntax {
                offset: 1,
                expected: "a string key"
            }
        );
        assert!(matches!(p("01"), Err(JsonError::Syntax { offset: 1, .. })));
        assert!(matches!(p("1."), Err(JsonError::Syntax { .. })));
        assert!(matches!(p("\"\\ud800\""), Err(JsonError::Syntax { .. })));
        assert!(matches!(p("\"\u{1}\""), Err(JsonError::Syntax { .. })));
        assert!(matches!(
            parse(b"\"\xff\"", Limits::default()),
            Err(JsonError::InvalidUtf8 { offset: 1 })
        ));
        let deep = "[".repeat(10_000);
        assert!(matches!(
            p(&deep),
            Err(JsonError::TooDeep {
                limit: Limits::MAX_DEPTH,
                ..
            })
        ));
        let small = Limits {
            max_bytes: 3,
            max_depth: 4,
        };
        assert!(matches!(
            parse(b"1234", small),
            Err(JsonError::TooLarge { size: 4, limit: 3 })
        ));
    }

    #[test]
    fn surrogate_pairs_decode() {
        assert_eq!(p(r#""\ud83d\ude00""#).unwrap().as_str(), Some("😀"));
    }

    #[test]
    fn writes_back_what_it_read() {
        let src = r#"{"a":[1,-2.50e3,true,false,null],"b":"q\"\\\n\u0001é"}"#;
        let mut out = String::new();
        write_value(&mut out, &p(src).unwrap());
        assert_eq!(out, r#"{"a":[1,-2.50e3,true,false,null],"b":"q\"\\\n\u0001é"}"#);
    }
}
