//! Writing JSON text: strings escaped as RFC 8259 requires (as `serde_json` does), the
//! reader's values in compact form, and the scan for text that needs no escape, which
//! the reader and the bindings' writers share.

use super::Value;

/// The length of the longest prefix of `bytes` that a JSON string holds as it is: no
/// quote, backslash or control character (below U+0020). `plain_prefix(b) == b.len()`
/// means `b` needs no escape. Eight bytes at a time (bit tricks on a `u64`), then byte by
/// byte for the tail; the reader and the bindings' writers use it.
#[inline]
pub fn plain_prefix(bytes: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    let mut done = 0;
    for chunk in chunks.by_ref() {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let v = u64::from_le_bytes(word);
        // The high bit of a byte of the mask is set where `v`'s byte is a quote (the
        // byte of `quote` is zero), a backslash, or below 0x20. The lowest set bit is
        // always a true hit: a false one can only follow a true one, through the borrow.
        let quote = v ^ (ONES * u64::from(b'"'));
        let backslash = v ^ (ONES * u64::from(b'\\'));
        let hits = ((quote.wrapping_sub(ONES) & !quote)
            | (backslash.wrapping_sub(ONES) & !backslash)
            | (v.wrapping_sub(ONES * 0x20) & !v))
            & HIGH;
        if hits != 0 {
            return done + (hits.trailing_zeros() / 8) as usize;
        }
        done += 8;
    }
    done + chunks
        .remainder()
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .unwrap_or(chunks.remainder().len())
}

/// Writes `s` as a JSON string literal (quotes included) onto `out`, escaping only what
/// RFC 8259 requires, the way `serde_json` does.
pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    let mut run = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc: Option<&str> = match b {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            0x08 => Some("\\b"),
            0x0c => Some("\\f"),
            0x00..=0x1f => None,
            _ => continue,
        };
        out.push_str(s.get(run..i).unwrap_or_default());
        match esc {
            Some(e) => out.push_str(e),
            None => {
                out.push_str("\\u00");
                out.push(hex_digit(b >> 4));
                out.push(hex_digit(b & 0xf));
            }
        }
        run = i + 1;
    }
    out.push_str(s.get(run..).unwrap_or_default());
    out.push('"');
}

/// The lowercase hex digit of the low four bits of `nibble`.
pub(crate) fn hex_digit(nibble: u8) -> char {
    char::from_digit(u32::from(nibble & 0xf), 16).unwrap_or('0')
}

/// Writes `value` as compact JSON onto `out`: member order kept, numbers as written.
pub fn write_value(out: &mut String, value: &Value<'_>) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(true) => out.push_str("true"),
        Value::Bool(false) => out.push_str("false"),
        Value::Number(n) => out.push_str(n),
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item);
            }
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, k);
                out.push(':');
                write_value(out, v);
            }
            out.push('}');
        }
    }
}
