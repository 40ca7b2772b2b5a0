//! Request bodies: a string, a Buffer/Uint8Array (the exact bytes), or a plain object
//! or array written as compact JSON text.
//!
//! `cobro.js` writes objects with `JSON.stringify` (V8's is several times faster than a
//! walk through napi) and sends the text. Only an object `JSON.stringify` cannot write
//! (a bigint, a cycle, nesting deeper than its stack allows) reaches the walk here, which
//! follows `JSON.stringify` (own enumerable keys in order; `undefined`, functions and
//! symbols left out of objects and written as `null` in arrays; non-finite numbers as
//! `null`; numbers as JS writes them, `1e+21` included) and adds what it cannot: a bigint
//! is written as its digits, and the walk stops descending past the core's nesting limit
//! and stops writing past the size limit, so a cyclic or huge object gets the core's
//! report (ERR_NESTING_TOO_DEEP, ERR_BODY_TOO_LARGE), never a hang. `toJSON` methods are
//! not called here.

use std::borrow::Cow;

use napi::bindgen_prelude::{BigInt, Either3, FromNapiValue, JsObjectValue, Object, Uint8Array};
use napi::{JsValue, Unknown, ValueType};

use crate::errors::{Res, type_error};

/// A body as JS gives it.
pub type Body<'a> = Either3<String, Uint8Array, Unknown<'a>>;

/// The bytes of `body`; an object is written within `max_bytes` (0: the core's default).
pub fn bytes<'b>(body: &'b Body<'_>, max_bytes: usize) -> Res<Cow<'b, [u8]>> {
    match body {
        Either3::A(text) => Ok(Cow::Borrowed(text.as_bytes())),
        // Copied at once: a view of a SharedArrayBuffer may change under another thread,
        // and the core must see one fixed text.
        Either3::B(array) => Ok(Cow::Owned(array.to_vec())),
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
                out.extend_from_slice(js_number_text(n).as_bytes());
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

/// A finite number as JavaScript writes it (ECMAScript Number::toString, radix 10): the
/// shortest round-trip digits, plainly from 1e-6 up to below 1e21, with an exponent
/// (`1e+21`, `1.5e-7`) outside; `-0` is `0`.
pub fn js_number_text(n: f64) -> String {
    if n == 0.0 {
        return "0".to_string();
    }
    // `{:e}` gives the shortest round-trip digits: `-1.2345e-7`.
    let sci = format!("{n:e}");
    let (sign, sci) = sci.strip_prefix('-').map_or(("", sci.as_str()), |rest| ("-", rest));
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((sci, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let k = i64::try_from(digits.len()).unwrap_or(i64::MAX);
    // The decimal point sits after `point` digits: value = 0.digits x 10^point.
    let point = exponent.parse::<i64>().unwrap_or(0).saturating_add(1);
    let zeros = |count: i64| "0".repeat(usize::try_from(count).unwrap_or(0));
    let body = if k <= point && point <= 21 {
        format!("{digits}{}", zeros(point - k))
    } else if 0 < point && point <= 21 {
        let at = usize::try_from(point).unwrap_or(0);
        let (int, frac) = digits.split_at_checked(at).unwrap_or((digits.as_str(), ""));
        format!("{int}.{frac}")
    } else if -6 < point && point <= 0 {
        format!("0.{}{digits}", zeros(-point))
    } else {
        let e = point - 1;
        let exp_sign = if e < 0 { '-' } else { '+' };
        let (first, rest) = digits.split_at_checked(1).unwrap_or((digits.as_str(), ""));
        let rest = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        format!("{first}{rest}e{exp_sign}{}", e.abs())
    };
    format!("{sign}{body}")
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

#[cfg(test)]
mod tests {
    use super::js_number_text;

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        for (n, text) in [
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (150.5, "150.5"),
            (-2.25, "-2.25"),
            (0.1 + 0.2, "0.30000000000000004"),
            (123_456_789_012_345_680_000.0, "123456789012345680000"),
            (1e21, "1e+21"),
            (1.5e22, "1.5e+22"),
            (1e-6, "0.000001"),
            (1.5e-7, "1.5e-7"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (9_007_199_254_740_993.0, "9007199254740992"),
        ] {
            assert_eq!(js_number_text(n), text, "{n}");
        }
    }
}
