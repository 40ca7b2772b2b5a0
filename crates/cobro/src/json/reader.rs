//! The single-pass reader behind [`super::parse`] and [`is_number`].

use std::borrow::Cow;
use std::cell::Cell;

use super::writer::plain_prefix;
use super::{JsonError, Value};
use crate::limits::Limits;

pub(super) struct Reader<'a> {
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

/// [`super::parse_str`].
pub(super) fn read(text: &str, limits: Limits) -> Result<Value<'_>, JsonError> {
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
