//! Request bodies: a string, a Buffer/Uint8Array (the exact bytes), or a plain object
//! or array written as compact JSON text. Other views of memory (`Float64Array`,
//! `DataView`...) are refused with a `TypeError`: their bytes are not text. `cobro.js`
//! passes an `ArrayBuffer` on as a `Uint8Array` over it, and a string with a lone
//! surrogate as its generalized UTF-8 (the surrogate as the three bytes UTF-8 would give
//! it), which the core refuses as ERR_INVALID_UTF8 instead of reading a U+FFFD in its
//! place.
//!
//! `cobro.js` writes objects with `JSON.stringify` (V8 writes them without a call across
//! the boundary per value, as a walk through napi would make) and sends the text. Only an object `JSON.stringify` cannot write
//! (a bigint, a cycle, nesting deeper than its stack allows) or one holding a number JSON
//! cannot hold reaches the walk here, which follows `JSON.stringify` (own enumerable keys
//! in order; `undefined`, functions and symbols left out of objects and written as `null`
//! in arrays; numbers as JS writes them, `1e+21` included; lone surrogates escaped as
//! `\udXXX`) and adds what it cannot: a bigint is written as its digits, a NaN or an
//! infinity stops the walk with its path (the core's ERR_INVALID_TYPE, not a `null`
//! that reads as an absent field), and the walk stops descending past the core's nesting
//! limit and stops writing past the size limit, so a cyclic or huge object gets the
//! core's report (ERR_NESTING_TOO_DEEP, ERR_BODY_TOO_LARGE), never a hang. `toJSON`
//! methods are not called here. The limits are the core's ([`Limits`], of the call's
//! options).

use std::borrow::Cow;

use cobro::amount::AmountPlace;
use cobro::host::fast::Limits;
use cobro::{HostBodyError, PathStep};
use napi::bindgen_prelude::{BigInt, Either3, FromNapiValue, JsObjectValue, Object, Uint8Array, Utf16String};
use napi::{JsValue, Unknown, ValueType};

use crate::errors::{Fail, Res, type_error};

/// A body as JS gives it.
pub type Body<'a> = Either3<String, Uint8Array, Unknown<'a>>;

/// What the body's types allow, for the `TypeError` of any other.
const BODY_TYPES: &str = "a string, a Buffer/Uint8Array, an ArrayBuffer or a plain object";

/// A body read for the core: its bytes, or what makes it one the core cannot read.
pub enum Read<'b> {
    /// The bytes for the core.
    Bytes(Cow<'b, [u8]>),
    /// Past the size limit (measured, not copied), or holding a number JSON cannot hold.
    Host(HostBodyError),
}

/// `body` for the core within `limits`: bytes past the size limit are measured, never
/// copied; an object is written as JSON text.
pub fn bytes<'b>(body: &'b Body<'_>, limits: &Limits) -> Res<Read<'b>> {
    read(body, limits, false)
}

/// [`bytes`] of a body prepare completes, signs and sends (or judges so, before
/// prepare): a number in an amount field ([`cobro::amount::AmountPlace`]) whose
/// text cannot be an exact two-decimal amount throws the `SigningError` that number
/// throws as an amount argument (DESIGN.md 4), since prepare would sign a text no one
/// meant. `body.js` sends such an object here rather than its `JSON.stringify` text.
pub fn bytes_to_send<'b>(body: &'b Body<'_>, limits: &Limits) -> Res<Read<'b>> {
    read(body, limits, true)
}

fn read<'b>(body: &'b Body<'_>, limits: &Limits, exact_amounts: bool) -> Res<Read<'b>> {
    match body {
        Either3::A(text) => Ok(Read::Bytes(Cow::Borrowed(text.as_bytes()))),
        Either3::B(array) if limits.too_large(array.len()) => {
            Ok(Read::Host(HostBodyError::TooLarge { size: array.len() }))
        }
        // Copied at once: a view of a SharedArrayBuffer may change under another thread,
        // and the core must see one fixed text.
        Either3::B(array) => Ok(Read::Bytes(Cow::Owned(array.to_vec()))),
        Either3::C(value) => {
            if value.get_type()? != ValueType::Object
                || value.is_typedarray()?
                || value.is_dataview()?
                || value.is_arraybuffer()?
            {
                return Err(type_error("body", BODY_TYPES));
            }
            let mut out = Vec::with_capacity(1024);
            let place = exact_amounts.then_some(AmountPlace::Root);
            match write(value, &mut out, (0, place), limits) {
                Ok(()) => Ok(Read::Bytes(Cow::Owned(out))),
                Err(Stop::Fail(e)) => Err(e),
                Err(Stop::NonFinite(mut at, value)) => {
                    at.reverse();
                    Ok(Read::Host(HostBodyError::NonFinite { at, value }))
                }
            }
        }
    }
}

/// `body` as a document for the core's parsers, read as [`bytes`] reads it under the
/// parsers' limits ([`Limits::default`]).
pub fn document_bytes<'b>(body: &'b Body<'_>) -> Res<Read<'b>> {
    bytes(body, &Limits::default())
}

/// Why the walk stopped.
enum Stop {
    /// A failure to throw.
    Fail(Fail),
    /// A number JSON cannot hold, with the steps to it from the innermost out.
    NonFinite(Vec<PathStep>, f64),
}

impl From<Fail> for Stop {
    fn from(e: Fail) -> Stop {
        Stop::Fail(e)
    }
}

impl From<napi::Error> for Stop {
    fn from(e: napi::Error) -> Stop {
        Stop::Fail(Fail::Napi(e))
    }
}

/// `result` with `step` added to the path of a number JSON cannot hold.
fn at<T>(result: Result<T, Stop>, step: impl FnOnce() -> PathStep) -> Result<T, Stop> {
    result.map_err(|stop| match stop {
        Stop::NonFinite(mut steps, n) => {
            steps.push(step());
            Stop::NonFinite(steps, n)
        }
        other => other,
    })
}

/// Whether a member of this type is left out of an object (as `JSON.stringify` does).
fn skipped(t: ValueType) -> bool {
    matches!(t, ValueType::Undefined | ValueType::Function | ValueType::Symbol)
}

/// Writes `value` as JSON; `place` is its depth and, when amounts must be exact, where
/// it sits in the body.
fn write(
    value: &Unknown<'_>,
    out: &mut Vec<u8>,
    place: (usize, Option<AmountPlace>),
    limits: &Limits,
) -> Result<(), Stop> {
    let (depth, exact) = place;
    if limits.too_large(out.len()) {
        return Ok(());
    }
    match value.get_type()? {
        ValueType::Boolean => {
            let b = bool::from_unknown(*value)?;
            out.extend_from_slice(if b { b"true" } else { b"false" });
        }
        ValueType::Number => {
            let n = f64::from_unknown(*value)?;
            if !n.is_finite() {
                return Err(Stop::NonFinite(Vec::new(), n));
            }
            out.extend_from_slice(js_number_text(n).as_bytes());
        }
        ValueType::BigInt => write_bigint(&BigInt::from_unknown(*value)?, out)?,
        ValueType::String => write_string(&Utf16String::from_unknown(*value)?, out),
        ValueType::Object if depth > limits.max_depth => out.extend_from_slice(b"null"),
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
                        // No element of an array is an amount field.
                        let inside = exact.map(|_| AmountPlace::Elsewhere);
                        at(write(&item, out, (depth + 1, inside), limits), || {
                            PathStep::Index(usize::try_from(i).unwrap_or(usize::MAX))
                        })?;
                    }
                    if limits.too_large(out.len()) {
                        break;
                    }
                }
                out.push(b']');
            } else {
                out.push(b'{');
                let mut first = true;
                let keys = object.get_property_names()?;
                for i in 0..keys.get_array_length()? {
                    // Keys read as UTF-16, so a lone surrogate in one is escaped, not replaced.
                    let key: Unknown<'_> = keys.get_element(i)?;
                    let member: Unknown<'_> = object.get_property(key)?;
                    if skipped(member.get_type()?) {
                        continue;
                    }
                    if !first {
                        out.push(b',');
                    }
                    first = false;
                    let key = Utf16String::from_unknown(key)?;
                    let inside = match exact {
                        Some(here) => {
                            let name = String::from_utf16_lossy(&key);
                            if here.is_amount(&name) && member.get_type()? == ValueType::Number {
                                exact_amount(&name, f64::from_unknown(member)?)?;
                            }
                            Some(here.member(&name))
                        }
                        None => None,
                    };
                    write_string(&key, out);
                    out.push(b':');
                    at(write(&member, out, (depth + 1, inside), limits), || {
                        PathStep::Key(String::from_utf16_lossy(&key))
                    })?;
                    if limits.too_large(out.len()) {
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

/// The keys of every kind's amount fields ([`cobro::amount::AMOUNT_FIELDS`]), for
/// `body.js` to tell which objects to send here for [`bytes_to_send`].
#[napi_derive::napi(skip_typescript)]
pub fn amount_fields() -> Vec<String> {
    cobro::amount::AMOUNT_FIELDS.iter().map(|f| f.to_string()).collect()
}

/// Throws, for a finite number `n` in the amount field `key`, the error the same number
/// throws as an amount argument when its text cannot be an exact two-decimal amount: the
/// same code and params, its message naming the field rather than the argument.
fn exact_amount(key: &str, n: f64) -> Result<(), Stop> {
    if !n.is_finite() {
        return Ok(());
    }
    match cobro::Amount::from_js_number_text(&js_number_text(n)) {
        Err(
            e @ (cobro::AmountError::NotExact | cobro::AmountError::TooManyDecimals | cobro::AmountError::Exponent),
        ) => {
            let argument = cobro::SigningError::InvalidAmount(e);
            let error = match cobro::amount::AMOUNT_FIELDS.iter().find(|f| **f == key) {
                Some(name) => cobro::SigningError::InvalidField {
                    name,
                    code: argument.code(),
                    params: argument.params(),
                },
                None => argument,
            };
            Err(Stop::Fail(crate::errors::signing(&error)))
        }
        _ => Ok(()),
    }
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

/// Writes the UTF-16 text `units` as a JSON string, as `JSON.stringify` does: `"` and
/// `\\` escaped, control characters and lone surrogates as `\\uXXXX`.
fn write_string(units: &[u16], out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let escape = |out: &mut Vec<u8>, unit: u16| {
        out.extend_from_slice(b"\\u");
        for shift in [12, 8, 4, 0] {
            out.push(HEX.get(usize::from((unit >> shift) & 0x0f)).copied().unwrap_or(b'0'));
        }
    };
    out.push(b'"');
    let mut buf = [0u8; 4];
    for c in char::decode_utf16(units.iter().copied()) {
        match c {
            Ok('"') => out.extend_from_slice(b"\\\""),
            Ok('\\') => out.extend_from_slice(b"\\\\"),
            Ok('\n') => out.extend_from_slice(b"\\n"),
            Ok('\r') => out.extend_from_slice(b"\\r"),
            Ok('\t') => out.extend_from_slice(b"\\t"),
            Ok(c) if u32::from(c) < 0x20 => escape(out, u16::try_from(u32::from(c)).unwrap_or(0)),
            Ok(c) => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
            Err(lone) => escape(out, lone.unpaired_surrogate()),
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
