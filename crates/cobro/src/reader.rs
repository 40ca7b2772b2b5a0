//! The field reader every parser of the service's answers and notifications shares
//! (DESIGN.md section 6), and the error type they return.
//!
//! Parsers are lenient where the provider is loose and strict where a value matters:
//! unknown fields are ignored, numbers sent as strings are read (the provider sends
//! `"5"` for integers), a missing required field or a value of the wrong shape is a
//! [`ParseError`] naming the field's path, and a repeated key is an error (which copy
//! wins is not defined, and notifications are verified on their values).

use std::fmt;

use crate::code::Code;
use crate::json::{self, JsonError, Value};
use crate::limits::Limits;
use crate::messages::Locale;
use crate::rules::Members;

/// Why a body could not be read as the expected answer or notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What went wrong, as a code of the catalogue: ERR_MALFORMED_JSON,
    /// ERR_INVALID_UTF8, ERR_BODY_TOO_LARGE, ERR_NESTING_TOO_DEEP, ERR_MISSING_FIELD,
    /// ERR_INVALID_TYPE, ERR_INVALID_VALUE or ERR_DUPLICATE_FIELD.
    pub code: Code,
    /// The field's dotted path (`experienceVoucher.voucherConfig.bankList[0].bankCode`);
    /// `""` for the whole body.
    pub path: String,
    /// What was expected there, in a few words (never the value found).
    pub expected: &'static str,
    /// Byte offset, for unreadable JSON: in the body when `path` is `""`, else in the
    /// JSON text held by the string field at `path` (voucherConfig, spec 2.8).
    pub offset: Option<usize>,
    /// For a body past a limit: the body's size and the limit (ERR_BODY_TOO_LARGE), or
    /// the nesting limit (ERR_NESTING_TOO_DEEP).
    pub limit: Option<(Option<usize>, usize)>,
}

impl ParseError {
    /// An error at `path`.
    pub(crate) fn new(code: Code, path: &str, expected: &'static str) -> ParseError {
        ParseError {
            code,
            path: path.to_string(),
            expected,
            offset: None,
            limit: None,
        }
    }

    pub(crate) fn body(e: &JsonError) -> ParseError {
        let (code, expected, offset, limit) = match e {
            JsonError::TooLarge { size, limit } => (
                Code::BodyTooLarge,
                "a body within the size limit",
                None,
                Some((Some(*size), *limit)),
            ),
            JsonError::InvalidUtf8 { offset } => (Code::InvalidUtf8, "UTF-8 text", Some(*offset), None),
            JsonError::Syntax { offset, expected } => (Code::MalformedJson, *expected, Some(*offset), None),
            JsonError::TooDeep { offset, limit } => (
                Code::NestingTooDeep,
                "shallower nesting",
                Some(*offset),
                Some((None, *limit)),
            ),
        };
        ParseError {
            code,
            path: String::new(),
            expected,
            offset,
            limit,
        }
    }

    /// The params of the code's template (as a report issue's `params`).
    pub fn params(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        match self.code {
            // The phrases name a type with its article ("a string"); the template
            // says "of type".
            Code::InvalidType => {
                let bare = self
                    .expected
                    .strip_prefix("an ")
                    .or_else(|| self.expected.strip_prefix("a "));
                out.push(("expected", bare.unwrap_or(self.expected).to_string()));
            }
            Code::MalformedJson | Code::InvalidValue => out.push(("expected", self.expected.to_string())),
            _ => {}
        }
        if let Some(offset) = self.offset {
            out.push(("offset", offset.to_string()));
        }
        if let Some((size, limit)) = self.limit {
            if let Some(size) = size {
                out.push(("size", size.to_string()));
            }
            out.push(("limit", limit.to_string()));
        }
        out
    }

    /// The message in `locale`: it names the field and what was expected, never the
    /// value found.
    pub fn message(&self, locale: Locale) -> String {
        crate::messages::render(self.code, &self.path, &self.params(), locale)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Locale::En))
    }
}

impl std::error::Error for ParseError {}

/// Reads `body` as JSON under the default limits (DESIGN.md section 8).
pub(crate) fn read(body: &[u8]) -> Result<Value<'_>, ParseError> {
    json::parse(body, Limits::default()).map_err(|e| ParseError::body(&e))
}

/// Reads a JSON text nested inside a string field (voucherConfig), under the same limits.
pub(crate) fn read_nested<'t>(text: &'t str, path: &str) -> Result<Value<'t>, ParseError> {
    json::parse_str(text, Limits::default()).map_err(|e| {
        let mut err = ParseError::body(&e);
        err.path = path.to_string();
        err
    })
}

/// The fields of one JSON object, with the path they are reported at.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fields<'v, 'p> {
    members: &'v Members<'v>,
    path: &'p str,
}

/// `parent.key`, or `key` at the root.
pub(crate) fn join_path(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

/// `parent[i]`.
pub(crate) fn index_path(parent: &str, i: usize) -> String {
    format!("{parent}[{i}]")
}

impl<'v, 'p> Fields<'v, 'p> {
    /// The object `value` at `path`, or ERR_INVALID_TYPE.
    pub(crate) fn of(value: &'v Value<'v>, path: &'p str) -> Result<Fields<'v, 'p>, ParseError> {
        match value {
            Value::Object(members) => Ok(Fields { members, path }),
            _ => Err(ParseError::new(Code::InvalidType, path, "an object")),
        }
    }

    /// The path of field `key`.
    pub(crate) fn path_of(&self, key: &str) -> String {
        join_path(self.path, key)
    }

    /// The value of `key` (null counts as absent); a repeated key is an error.
    pub(crate) fn get(&self, key: &str) -> Result<Option<&'v Value<'v>>, ParseError> {
        let mut found = None;
        for (k, v) in self.members {
            if k == key {
                if found.is_some() {
                    return Err(ParseError::new(Code::DuplicateField, &self.path_of(key), "one value"));
                }
                found = Some(v);
            }
        }
        Ok(found.filter(|v| !matches!(v, Value::Null)))
    }

    fn required(&self, key: &str, expected: &'static str) -> Result<&'v Value<'v>, ParseError> {
        self.get(key)?
            .ok_or_else(|| ParseError::new(Code::MissingField, &self.path_of(key), expected))
    }

    /// A required string.
    pub(crate) fn str(&self, key: &str) -> Result<&'v str, ParseError> {
        match self.required(key, "a string")? {
            Value::String(s) => Ok(s),
            _ => Err(ParseError::new(Code::InvalidType, &self.path_of(key), "a string")),
        }
    }

    /// An optional string.
    pub(crate) fn opt_str(&self, key: &str) -> Result<Option<&'v str>, ParseError> {
        match self.get(key)? {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(ParseError::new(Code::InvalidType, &self.path_of(key), "a string")),
        }
    }

    /// A string or a number, as its text (codes like `payinErrorCode`, ids sent either
    /// way by the provider).
    pub(crate) fn text(&self, key: &str) -> Result<&'v str, ParseError> {
        match self.required(key, "a string or number")? {
            Value::String(s) => Ok(s),
            Value::Number(n) => Ok(n),
            _ => Err(ParseError::new(
                Code::InvalidType,
                &self.path_of(key),
                "a string or number",
            )),
        }
    }

    /// An optional string or number, as its text.
    pub(crate) fn opt_text(&self, key: &str) -> Result<Option<&'v str>, ParseError> {
        match self.get(key)? {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(Value::Number(n)) => Ok(Some(n)),
            Some(_) => Err(ParseError::new(
                Code::InvalidType,
                &self.path_of(key),
                "a string or number",
            )),
        }
    }

    /// A required whole number, sent as a JSON number or a string of digits (the
    /// provider sends `"5"`); at most `i64::MAX`.
    pub(crate) fn int(&self, key: &str) -> Result<i64, ParseError> {
        let text = self.text(key)?;
        parse_int(text).ok_or_else(|| ParseError::new(Code::InvalidValue, &self.path_of(key), "a whole number"))
    }

    /// An optional whole number (see [`Fields::int`]).
    pub(crate) fn opt_int(&self, key: &str) -> Result<Option<i64>, ParseError> {
        match self.opt_text(key)? {
            None => Ok(None),
            Some(text) => parse_int(text)
                .map(Some)
                .ok_or_else(|| ParseError::new(Code::InvalidValue, &self.path_of(key), "a whole number")),
        }
    }

    /// A required object.
    pub(crate) fn obj(&self, key: &str, path: &'p str) -> Result<Fields<'v, 'p>, ParseError> {
        Fields::of(self.required(key, "an object")?, path)
    }

    /// An optional object (null counts as absent): what a notification's parser reads
    /// for the objects DESIGN.md 9 row 31 leaves optional.
    pub(crate) fn opt_obj(&self, key: &str, path: &'p str) -> Result<Option<Fields<'v, 'p>>, ParseError> {
        self.get(key)?.map(|v| Fields::of(v, path)).transpose()
    }

    /// A required array.
    pub(crate) fn array(&self, key: &str) -> Result<&'v [Value<'v>], ParseError> {
        match self.required(key, "an array")? {
            Value::Array(items) => Ok(items),
            _ => Err(ParseError::new(Code::InvalidType, &self.path_of(key), "an array")),
        }
    }

    /// An optional array.
    pub(crate) fn opt_array(&self, key: &str) -> Result<Option<&'v [Value<'v>]>, ParseError> {
        match self.get(key)? {
            None => Ok(None),
            Some(Value::Array(items)) => Ok(Some(items)),
            Some(_) => Err(ParseError::new(Code::InvalidType, &self.path_of(key), "an array")),
        }
    }
}

/// Digits (an optional leading `-`) within `i64`.
pub(crate) fn parse_int(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Sorts `items` by their display order, as numbers: stable (ties keep the wire order),
/// a missing order last (spec 2.8 lists carry `order`/`nroOrder`).
pub(crate) fn sort_by_order<T>(items: &mut [T], order: impl Fn(&T) -> Option<i64>) {
    items.sort_by_key(|item| match order(item) {
        Some(n) => (0, n),
        None => (1, 0),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_leniently_and_name_paths() {
        let v = json::parse_str(r#"{"a":"5","b":7,"c":null,"d":{"e":[1]},"f":true}"#, Limits::default()).unwrap();
        let f = Fields::of(&v, "").unwrap();
        assert_eq!(f.int("a").unwrap(), 5);
        assert_eq!(f.int("b").unwrap(), 7);
        assert_eq!(f.opt_str("c").unwrap(), None);
        let e = f.str("c").unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (Code::MissingField, "c"));
        let d = f.obj("d", "d").unwrap();
        assert_eq!(d.array("e").unwrap().len(), 1);
        let e = f.str("f").unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (Code::InvalidType, "f"));
        assert_eq!(e.to_string(), "f must be of type string");
        assert_eq!(e.message(Locale::Es), "f debe ser de tipo string");
    }

    #[test]
    fn repeated_keys_are_errors() {
        let v = json::parse_str(r#"{"a":1,"a":2}"#, Limits::default()).unwrap();
        let e = Fields::of(&v, "x").unwrap().int("a").unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (Code::DuplicateField, "x.a"));
    }

    #[test]
    fn order_sort_is_stable_with_missing_last() {
        let mut items = vec![("a", Some(2)), ("b", None), ("c", Some(1)), ("d", Some(2)), ("e", None)];
        sort_by_order(&mut items, |i| i.1);
        let names: Vec<&str> = items.iter().map(|i| i.0).collect();
        assert_eq!(names, ["c", "a", "d", "b", "e"]);
    }

    #[test]
    fn unreadable_bodies() {
        let e = read(b"{").unwrap_err();
        assert_eq!((e.code, e.offset), (Code::MalformedJson, Some(1)));
        assert_eq!(read(b"\xff").unwrap_err().code, Code::InvalidUtf8);
        assert_eq!(
            read(b"{").unwrap_err().to_string(),
            "the body is not valid JSON: expected a string key at byte 1"
        );
    }

    #[test]
    fn unreadable_nested_text_names_its_field_and_the_offset_in_it() {
        let e = read_nested("{x", "experienceVoucher.voucherConfig").unwrap_err();
        assert_eq!((e.code, e.offset), (Code::MalformedJson, Some(1)));
        let text = e.to_string();
        assert_eq!(
            text,
            "experienceVoucher.voucherConfig is not valid JSON: expected a string key at byte 1"
        );
    }
}
