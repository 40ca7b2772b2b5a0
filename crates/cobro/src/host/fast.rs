//! What the bindings' fast paths need of the core, and only that. It exists for the
//! Python and Node bindings of this repository and is not a stable API: it changes with
//! them, without notice, and is hidden from the documentation.
//!
//! A binding turns a host value (a Python `str` or `dict`, a JS object) into what the
//! core reads, and must give the report the core would give for the same JSON text.
//! So it writes strings and numbers exactly as the core's writer and reader do
//! ([`write_string`], [`plain_prefix`], [`is_number`]), and applies the core's limits
//! ([`Limits`]) and the policies here for bodies it can only measure in part
//! ([`encode_whole`], [`TextBudget`]) rather than rules of its own.

pub use crate::json::reader::is_number;
pub use crate::json::writer::{plain_prefix, write_string};
pub use crate::limits::Limits;

/// How many times the size limit a text body may be, in code points, and still be
/// encoded whole (see [`encode_whole`]). A code point takes at most 4 bytes of UTF-8, so
/// the copy stays within 16 times the limit, while a body a few times too large (the
/// usual oversized body: a payload pasted twice, an attachment) gets its exact size in
/// its ERR_BODY_TOO_LARGE, as the same body given as bytes does.
pub const ENCODE_WHOLE: usize = 4;

/// Whether a text body of `code_points` code points whose UTF-8 size is not known
/// without encoding it (a Python `str`) is encoded whole for the core, which then
/// reports its exact size. A text of more code points than the limit has bytes is too
/// large whatever it holds (a code point takes at least one byte); past
/// [`ENCODE_WHOLE`] times the limit only its first [`Limits::read_at_most`] bytes are
/// given to the core, which refuses them for their size, reported as that many bytes.
pub fn encode_whole(limits: &Limits, code_points: usize) -> bool {
    code_points <= limits.max_bytes.saturating_mul(ENCODE_WHOLE)
}

/// The most bytes one byte of a string takes in JSON text: a control character is
/// written `\u00XX` ([`write_string`]).
const MAX_ESCAPED_BYTES: usize = 6;

/// The most bytes of text that separate a value from the one before it: a `,` and, for
/// a member of an object, the `:` after its key.
const SEPARATORS: usize = 2;

/// An upper bound of the size of the JSON text a host body would be written as, kept
/// while a binding builds the core's tree of it without writing the text
/// ([`crate::validate_value`]). The core judges the size of a text; a tree has none. As
/// long as the bound stays within the size limit the text would too, so the tree gets
/// the report the text would get; once a step returns `false` the binding writes the
/// text instead and the core judges its exact size.
///
/// Every value is counted with the separators before it, every string as if each of its
/// bytes were escaped: a body of short plain strings is counted at a few times its size,
/// so the bound gives up on some bodies within the limit (they take the text path), and
/// on none past it.
#[derive(Debug, Clone, Copy)]
pub struct TextBudget {
    /// Bytes the text may still take.
    left: usize,
}

impl TextBudget {
    /// A budget of the size limit of `limits`.
    pub fn new(limits: &Limits) -> TextBudget {
        TextBudget { left: limits.max_bytes }
    }

    fn spend(&mut self, bytes: usize) -> bool {
        match self.left.checked_sub(bytes) {
            Some(left) => {
                self.left = left;
                true
            }
            None => false,
        }
    }

    /// Counts a string (or an object's key) of `utf8_bytes` bytes of UTF-8, quotes
    /// included; `false` when the text could pass the limit.
    pub fn string(&mut self, utf8_bytes: usize) -> bool {
        self.spend(
            utf8_bytes
                .saturating_mul(MAX_ESCAPED_BYTES)
                .saturating_add(2 + SEPARATORS),
        )
    }

    /// Whether a string of `code_points` code points could still be counted: checked
    /// before its UTF-8 is made, which for a host string may be a copy. A code point
    /// takes at least one byte.
    pub fn may_take_string(&self, code_points: usize) -> bool {
        code_points
            .saturating_mul(MAX_ESCAPED_BYTES)
            .saturating_add(2 + SEPARATORS)
            <= self.left
    }

    /// Counts a number written as `text_bytes` bytes of text.
    pub fn number(&mut self, text_bytes: usize) -> bool {
        self.spend(text_bytes.saturating_add(SEPARATORS))
    }

    /// Counts `true`, `false` or `null`.
    pub fn literal(&mut self) -> bool {
        self.spend("false".len() + SEPARATORS)
    }

    /// Counts an object or an array: its brackets (its members are counted one by one).
    pub fn container(&mut self) -> bool {
        self.spend(2 + SEPARATORS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{Value, parse_str, write_value};

    /// Counts `value` as a binding would while building it; `false` when it gave up.
    fn count(value: &Value<'_>, budget: &mut TextBudget) -> bool {
        match value {
            Value::Null | Value::Bool(_) => budget.literal(),
            Value::Number(n) => budget.number(n.len()),
            Value::String(s) => budget.may_take_string(s.chars().count()) && budget.string(s.len()),
            Value::Array(items) => budget.container() && items.iter().all(|v| count(v, budget)),
            Value::Object(members) => {
                budget.container()
                    && members.iter().all(|(k, v)| {
                        budget.may_take_string(k.chars().count()) && budget.string(k.len()) && count(v, budget)
                    })
            }
        }
    }

    /// Whatever the tree, a text it would be written as is never past a limit its count
    /// stayed within: the worst cases are escapes, empty strings and containers.
    #[test]
    fn a_counted_tree_never_writes_a_text_past_the_limit() {
        let bodies = [
            r#"{"a":"\u0001\u0002\u0003","b":[[],{},[[]]],"c":false,"d":""}"#,
            r#"[false,false,null,true,0,-1.5e3]"#,
            r#"{"":{"":{"":[""]}}}"#,
            r#"{"customerId":"12345","merchantId":"1","reason":"ñandú \"x\""}"#,
        ];
        for text in bodies {
            let value = parse_str(text, Limits::default()).unwrap();
            let mut written = String::new();
            write_value(&mut written, &value);
            let mut within = 0;
            for max in 0..written.len() * 8 {
                let limits = Limits::for_body(Some(max));
                if count(&value, &mut TextBudget::new(&limits)) {
                    assert!(!limits.too_large(written.len()), "{text} counted within {max}");
                    within += 1;
                }
            }
            assert!(within > 0, "{text} is never counted within a limit");
        }
    }

    #[test]
    fn a_text_a_few_times_too_large_is_encoded_whole() {
        let limits = Limits::for_body(Some(10));
        assert!(encode_whole(&limits, 10) && encode_whole(&limits, 40));
        assert!(!encode_whole(&limits, 41));
        assert!(encode_whole(&Limits::for_body(Some(usize::MAX)), usize::MAX));
        assert!(!encode_whole(&Limits::for_body(Some(0)), 1));
    }
}
