//! Request bodies: a string, a Buffer/Uint8Array (the exact bytes), or a plain object
//! or array, written as compact JSON text by walking it here, with the semantics of
//! `JSON.stringify` (own enumerable keys in order; `undefined`, functions and symbols
//! left out of objects and written as `null` in arrays; non-finite numbers as `null`),
//! except that a number is written in its shortest round-trip decimal form without an
//! exponent and a bigint as its digits. The walk stops descending past the core's
//! nesting limit and stops writing past the size limit, so a cyclic or huge object gets
//! the core's report (ERR_NESTING_TOO_DEEP, ERR_BODY_TOO_LARGE), never a hang.

use std::borrow::Cow;

use napi::bindgen_prelude::{BigInt, Either3, FromNapiValue, JsObjectValue, Object, Uint8Array};
use napi::{JsValue, Unknown, ValueType};

use crate::args::number_text;
use crate::errors::{Res, type_error};

/// A body as JS gives it.
pub type Body<'a> = Either3<String, Uint8Array, Unknown<'a>>;

/// The bytes of `body`; an object is written within `max_bytes` (0: the core's default).
pub fn bytes<'b>(body: &'b Body<'_>, max_bytes: usize) -> Res<Cow<'b, [u8]>> {
    match body {
        Either3::A(text) => Ok(Cow::Borrowed(text.as_bytes())),
        Either3::B(array) => Ok(Cow::Borrowed(array)),
        Either3::C(value) => {
            match value.get_type()? {
                ValueType::Object => {}
                _ => return Err(type_error("body", "a string, a Buffer/Uint8Array or a plain object")),
            }
            let limit = if max_bytes == 0 {
                cobro::DEFAULT_MAX_BYTES
            } else {
                max_bytes
            };
            let mut out = Vec::with_capacity(1024);
            write(value, &mut out, 0, limit)?;
            Ok(Cow::Owned(out))
        }
    }
}

/// Whether a member of this type is left out of an object (as `JSON.stringify` does).
fn skipped(t: ValueType) -> bool {
    matches!(t, ValueType::Undefined | ValueType::Function | ValueType::Symbol)
}

fn write(value: &Unknown<'_>, out: &mut Vec<u8>, depth: usize, limit: usize) -> Res<()> {
    if out.len() > limit {
        return Ok(());
    }
    match value.get_type()? {
        ValueType::Boolean => {
            let b = bool::from_unknown(*value)?;
            out.extend_from_slice(if b { b"true" } else { b"false" });
        }
        ValueType::Number => {
            let n = f64::from_unknown(*value)?;
            if n.is_finite() {
                out.extend_from_slice(number_text(n).as_bytes());
            } else {
                out.extend_from_slice(b"null");
            }
        }
        ValueType::BigInt => write_bigint(&BigInt::from_unknown(*value)?, out)?,
        ValueType::String => write_string(&String::from_unknown(*value)?, out),
        ValueType::Object if depth > cobro::MAX_DEPTH => out.extend_from_slice(b"null"),
        ValueType::Object => {
            let object = Object::from_unknown(*value)?;
            if value.is_array()? {
                out.push(b'[');
                for i in 0..object.get_array_length()? {
                    if i > 0 {
                        out.push(b',');
                    }
                    let item: Unknown<'_> = object.get_element(i)?;
                    if skipped(item.get_type()?) {
                        out.extend_from_slice(b"null");
                    } else {
                        write(&item, out, depth + 1, limit)?;
                    }
                    if out.len() > limit {
                        break;
                    }
                }
                out.push(b']');
            } else {
                out.push(b'{');
                let mut first = true;
                for key in Object::keys(&object)? {
                    let member: Unknown<'_> = object.get_named_property(&key)?;
                    if skipped(member.get_type()?) {
                        continue;
                    }
                    if !first {
                        out.push(b',');
                    }
                    first = false;
                    write_string(&key, out);
                    out.push(b':');
                    write(&member, out, depth + 1, limit)?;
                    if out.len() > limit {
                        break;
                    }
                }
                out.push(b'}');
            }
        }
        _ => out.extend_from_slice(b"null"),
    }
    Ok(())
}

fn write_bigint(b: &BigInt, out: &mut Vec<u8>) -> Res<()> {
    let (negative, n, lossless) = b.get_u64();
    if !lossless {
        return Err(type_error("a bigint in the body", "within 64 bits"));
    }
    if negative {
        out.push(b'-');
    }
    out.extend_from_slice(n.to_string().as_bytes());
    Ok(())
}

/// Writes `s` as a JSON string: `"` and `\` escaped, control characters as `\u00XX`.
fn write_string(s: &str, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    for &b in s.as_bytes() {
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0..=0x1f => {
                out.extend_from_slice(b"\\u00");
                for nibble in [b >> 4, b & 0x0f] {
                    out.push(HEX.get(usize::from(nibble)).copied().unwrap_or(b'0'));
                }
            }
            _ => out.push(b),
        }
    }
    out.push(b'"');
}
