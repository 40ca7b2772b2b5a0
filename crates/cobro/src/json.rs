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
use std::cell::Cell;

/// Limits applied before and while reading a body (DESIGN.md section 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest body accepted, in bytes.
    pub max_bytes: usize,
    /// Deepest nesting of arrays and objects accepted; the top-level value is depth 1.
    pub max_depth: usize,
}

/// Default body size limit: 1 MiB.
pub const DEFAULT_MAX_BYTES: usize = 1 << 20;
/// Nesting limit applied to every value. The deepest body of the spec has depth 3.
pub const MAX_DEPTH: usize = 64;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: DEFAULT_MAX_BYTES,
            max_depth: MAX_DEPTH,
        }
    }
}

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
    if text.len() > limits.max_bytes {
        return Err(JsonError::TooLarge {
            size: text.len(),
            limit: limits.max_bytes,
        });
    }
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        max_depth: limits.max_depth,
        // About one member per 32 bytes of text: the request bodies grow it rarely.
        members: Vec::with_capacity((text.len() / 32).clamp(4, 256)),
        items: Vec::new(),
        failure: Cell::new(None),
    };
    reader.skip_ws();
    let value = reader.value(1).and_then(|value| {
        reader.skip_ws();
        if reader.pos == reader.bytes.len() {
            Ok(value)
        } else {
            Err(reader.syntax("end of input"))
        }
    });
    value.map_err(|Stop| {
        reader.failure.take().unwrap_or(JsonError::Syntax {
            offset: reader.pos,
            expected: "a value",
        })
    })
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    max_depth: usize,
    /// Members of the objects being read, innermost last: an object's members are moved
    /// out into a vector of their exact size when it closes (one allocation per object
    /// instead of a vector grown member by member).
    members: Vec<(Cow<'a, str>, Value<'a>)>,
    /// The same for the items of arrays.
    items: Vec<Value<'a>>,
    /// Why reading stopped, set where it stopped: the functions return the small
    /// [`Stop`] rather than a `JsonError`, which keeps their results small to move.
    failure: Cell<Option<JsonError>>,
}

/// The entries of `stack` from `base` on, moved out: the whole vector when `base` is 0
/// (the outermost container, or one opened before any entry was pushed: no
/// allocation), else a vector of their exact size.
fn take_from<T>(stack: &mut Vec<T>, base: usize) -> Vec<T> {
    if base == 0 {
        std::mem::take(stack)
    } else {
        stack.split_off(base)
    }
}

/// Reading stopped; the reason is in [`Reader::failure`].
struct Stop;

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Records a syntax error at `pos`; the caller returns the [`Stop`].
    #[cold]
    fn syntax(&self, expected: &'static str) -> Stop {
        self.failure.set(Some(JsonError::Syntax {
            offset: self.pos,
            expected,
        }));
        Stop
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    /// Reads one value. Inlined into the object and array loops, so that a scalar is
    /// built where it is stored: only nested containers go through a call, whose
    /// returned `Value` the CPU must reload (a cost measured on the benches' bodies).
    #[inline(always)]
    fn value(&mut self, depth: usize) -> Result<Value<'a>, Stop> {
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            _ => Err(self.syntax("a value")),
        }
    }

    #[inline]
    fn literal(&mut self, word: &'static str, value: Value<'a>) -> Result<Value<'a>, Stop> {
        let end = self.pos + word.len();
        if self.bytes.get(self.pos..end) == Some(word.as_bytes()) {
            self.pos = end;
            Ok(value)
        } else {
            Err(self.syntax("a value"))
        }
    }

    fn enter(&self, depth: usize) -> Result<(), Stop> {
        if depth > self.max_depth {
            self.failure.set(Some(JsonError::TooDeep {
                offset: self.pos,
                limit: self.max_depth,
            }));
            Err(Stop)
        } else {
            Ok(())
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value<'a>, Stop> {
        self.enter(depth)?;
        self.pos += 1;
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value::Array(Vec::new()));
        }
        let base = self.items.len();
        loop {
            self.skip_ws();
            let item = self.value(depth + 1)?;
            self.items.push(item);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Array(take_from(&mut self.items, base)));
                }
                _ => return Err(self.syntax("',' or ']'")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value<'a>, Stop> {
        self.enter(depth)?;
        self.pos += 1;
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::Object(Vec::new()));
        }
        let base = self.members.len();
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return Err(self.syntax("a string key"));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return Err(self.syntax("':'"));
            }
            self.pos += 1;
            self.skip_ws();
            // A string, the most common member value, is read here rather than through
            // `value`: one copy of the member fewer (3-7% of a validation on the benches'
            // bodies).
            if self.peek() == Some(b'"') {
                let s = self.string()?;
                self.members.push((key, Value::String(s)));
            } else {
                let value = self.value(depth + 1)?;
                self.members.push((key, value));
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(take_from(&mut self.members, base)));
                }
                _ => return Err(self.syntax("',' or '}'")),
            }
        }
    }

    /// Moves `pos` to the next byte that ends a run of plain string content (see
    /// [`plain_prefix`]), or to the end of the text.
    fn skip_plain(&mut self) {
        self.pos += plain_prefix(self.bytes.get(self.pos..).unwrap_or_default());
    }

    /// Reads a string starting at its opening quote. Borrowed when it holds no escape.
    /// Inlined: the keys and string values of objects are built where they are stored.
    #[inline(always)]
    fn string(&mut self) -> Result<Cow<'a, str>, Stop> {
        let start = self.pos + 1;
        match self.plain_string()? {
            Some(s) => Ok(Cow::Borrowed(s)),
            None => self.escaped_string(start).map(Cow::Owned),
        }
    }

    /// Reads a string starting at its opening quote when it holds no escape (the common
    /// case, kept small so that it inlines); `None`, with `pos` on the first backslash,
    /// when it does.
    #[inline]
    fn plain_string(&mut self) -> Result<Option<&'a str>, Stop> {
        self.pos += 1;
        let start = self.pos;
        self.skip_plain();
        match self.peek() {
            Some(b'"') => {
                let s = self.text.get(start..self.pos).ok_or_else(|| self.syntax("'\"'"))?;
                self.pos += 1;
                Ok(Some(s))
            }
            Some(b'\\') => Ok(None),
            Some(_) => Err(self.syntax("an escaped control character")),
            None => Err(self.syntax("'\"'")),
        }
    }

    /// Reads the rest of a string that began at `start` and holds an escape at `pos`.
    #[cold]
    fn escaped_string(&mut self, start: usize) -> Result<String, Stop> {
        let mut out = String::from(self.text.get(start..self.pos).ok_or_else(|| self.syntax("'\"'"))?);
        loop {
            let run = self.pos;
            self.skip_plain();
            out.push_str(self.text.get(run..self.pos).ok_or_else(|| self.syntax("'\"'"))?);
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    self.escape(&mut out)?;
                }
                Some(_) => return Err(self.syntax("an escaped control character")),
                None => return Err(self.syntax("'\"'")),
            }
        }
    }

    fn escape(&mut self, out: &mut String) -> Result<(), Stop> {
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.pos += 1;
                let first = self.hex4()?;
                let c = match first {
                    0xD800..=0xDBFF => {
                        if self.bytes.get(self.pos..self.pos + 2) != Some(b"\\u") {
                            return Err(self.syntax("a low surrogate escape"));
                        }
                        self.pos += 2;
                        let second = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&second) {
                            return Err(self.syntax("a low surrogate escape"));
                        }
                        0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    }
                    0xDC00..=0xDFFF => return Err(self.syntax("a high surrogate first")),
                    other => other,
                };
                out.push(char::from_u32(c).ok_or_else(|| self.syntax("a valid code point"))?);
                return Ok(());
            }
            _ => return Err(self.syntax("a valid escape")),
        };
        self.pos += 1;
        out.push(c);
        Ok(())
    }

    fn hex4(&mut self) -> Result<u32, Stop> {
        let mut v = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(b @ b'0'..=b'9') => b - b'0',
                Some(b @ b'a'..=b'f') => b - b'a' + 10,
                Some(b @ b'A'..=b'F') => b - b'A' + 10,
                _ => return Err(self.syntax("four hex digits")),
            };
            v = v * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(v)
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos - start
    }

    #[inline]
    fn number(&mut self) -> Result<Value<'a>, Stop> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.syntax("a digit")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(self.syntax("a digit after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.syntax("a digit in the exponent"));
            }
        }
        let text = self.text.get(start..self.pos).ok_or_else(|| self.syntax("a number"))?;
        Ok(Value::Number(text))
    }
}

/// Whether `text` is exactly one JSON number (RFC 8259 grammar: `-0.5e+3` yes, `+1`,
/// `01`, `.5`, `1.`, `NaN`, `Infinity` no). The bindings use it to put the text of a
/// host number (a Python `Decimal` or `float`) into a [`Value::Number`] as the reader would.
pub fn is_number(text: &str) -> bool {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        max_depth: 0,
        members: Vec::new(),
        items: Vec::new(),
        failure: Cell::new(None),
    };
    matches!(reader.peek(), Some(b'-' | b'0'..=b'9')) && reader.number().is_ok() && reader.pos == text.len()
}

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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(matches!(p(&deep), Err(JsonError::TooDeep { limit: MAX_DEPTH, .. })));
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
