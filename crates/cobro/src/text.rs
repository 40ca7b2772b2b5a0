//! Text primitives every rule shares: lengths in code points, digits, blanks, the lists
//! of allowed values in params, and the letter-case hint (DESIGN.md 9 rows 1, 6, 22).

use std::borrow::Cow;

use crate::params::Params;

/// Length in Unicode code points (DESIGN.md 9 row 1).
pub(crate) fn char_count(s: &str) -> usize {
    if s.is_ascii() { s.len() } else { s.chars().count() }
}

/// Non-empty and ASCII digits only.
pub(crate) fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Unicode's White_Space characters as ranges: what `char::is_whitespace`, and so
/// [`is_blank`], counts as white space. The schemas' "not blank" pattern is built from
/// it, and a test proves it is `char::is_whitespace` over every code point.
pub(crate) const WHITE_SPACE: &[(char, char)] = &[
    ('\u{9}', '\u{d}'),
    (' ', ' '),
    ('\u{85}', '\u{85}'),
    ('\u{a0}', '\u{a0}'),
    ('\u{1680}', '\u{1680}'),
    ('\u{2000}', '\u{200a}'),
    ('\u{2028}', '\u{2029}'),
    ('\u{202f}', '\u{202f}'),
    ('\u{205f}', '\u{205f}'),
    ('\u{3000}', '\u{3000}'),
];

/// Empty or only whitespace (DESIGN.md 9 row 6: blank counts as empty).
pub(crate) fn is_blank(s: &str) -> bool {
    s.chars().all(char::is_whitespace)
}

/// Joins allowed values for the `allowed` param: `A, B, C`.
pub(crate) fn list(values: &[&str]) -> String {
    join(values.iter().copied(), ", ")
}

/// A fixed list of values a rule accepts, with its `allowed` param text (`A, B, C`)
/// joined at compile time ([`choices!`]), so an issue borrows the text instead of
/// joining it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Choices {
    /// The values, in the order the param lists them.
    pub(crate) values: &'static [&'static str],
    /// The values joined with `, `.
    pub(crate) list: &'static str,
}

/// The byte length of `values` joined with `sep` (for [`joined!`]).
pub(crate) const fn joined_len(values: &[&str], sep: &str) -> usize {
    let mut len = 0;
    let mut rest = values;
    while let [value, tail @ ..] = rest {
        len += value.len();
        if !tail.is_empty() {
            len += sep.len();
        }
        rest = tail;
    }
    len
}

/// The bytes of `values` joined with `sep`; `N` is [`joined_len`] (for [`joined!`]).
pub(crate) const fn joined_bytes<const N: usize>(values: &[&str], sep: &str) -> [u8; N] {
    let mut out = [0u8; N];
    let mut at = 0;
    let mut rest = values;
    while let [value, tail @ ..] = rest {
        at = copy_into(&mut out, at, value.as_bytes());
        if !tail.is_empty() {
            at = copy_into(&mut out, at, sep.as_bytes());
        }
        rest = tail;
    }
    out
}

/// Copies `bytes` into `out` from `at`; the position after them. Bytes past the end of
/// `out` are dropped (never the case for the lengths [`joined_len`] gives).
// `get_mut` is not a const fn; the index is checked on the line before.
#[allow(clippy::indexing_slicing)]
const fn copy_into<const N: usize>(out: &mut [u8; N], mut at: usize, bytes: &[u8]) -> usize {
    let mut rest = bytes;
    while let [b, tail @ ..] = rest {
        if at < N {
            out[at] = *b;
        }
        at += 1;
        rest = tail;
    }
    at
}

/// The `&'static str` of a constant array of texts joined with a separator, computed at
/// compile time: `joined!(VALUES, ", ")`.
macro_rules! joined {
    ($values:expr, $sep:expr) => {{
        const BYTES: [u8; $crate::text::joined_len(&$values, $sep)] = $crate::text::joined_bytes(&$values, $sep);
        match ::core::str::from_utf8(&BYTES) {
            Ok(text) => text,
            Err(_) => "",
        }
    }};
}
pub(crate) use joined;

/// The [`Choices`] of a constant array of texts: `choices!(VALUES)`.
macro_rules! choices {
    ($values:expr) => {
        $crate::text::Choices {
            values: &$values,
            list: $crate::text::joined!($values, ", "),
        }
    };
}
pub(crate) use choices;

/// The decimal digits of 0 to 999 one after the other (`0123...9101112...999`), so a
/// small figure of a param is a slice of static text ([`number`]).
const SMALL_NUMBERS: &str = {
    const BYTES: [u8; 2890] = small_numbers();
    match core::str::from_utf8(&BYTES) {
        Ok(text) => text,
        Err(_) => "",
    }
};

const fn small_numbers() -> [u8; 2890] {
    let mut out = [0u8; 2890];
    let mut n = 0usize;
    let mut at = 0usize;
    while n < 1000 {
        let digits = [(n / 100) as u8, (n / 10 % 10) as u8, (n % 10) as u8];
        let skip = if n < 10 {
            2
        } else if n < 100 {
            1
        } else {
            0
        };
        let mut rest: &[u8] = &digits;
        let mut i = 0;
        while let [d, tail @ ..] = rest {
            if i >= skip {
                at = copy_into(&mut out, at, &[b'0' + *d]);
            }
            i += 1;
            rest = tail;
        }
        n += 1;
    }
    out
}

/// `n` in decimal for a param: a slice of static text below 1000 (the figures rules
/// name are small), else a new string.
pub(crate) fn number<N: TryInto<u64> + ToString + Copy>(n: N) -> Cow<'static, str> {
    let Ok(small) = n.try_into() else {
        return Cow::Owned(n.to_string());
    };
    let (start, len) = match small {
        0..10 => (small, 1),
        10..100 => (10 + 2 * (small - 10), 2),
        100..1000 => (190 + 3 * (small - 100), 3),
        _ => return Cow::Owned(n.to_string()),
    };
    let start = start as usize;
    match SMALL_NUMBERS.get(start..start + len) {
        Some(text) => Cow::Borrowed(text),
        None => Cow::Owned(n.to_string()),
    }
}

/// Joins alternatives as `A|B|C`.
pub(crate) fn join_alternatives<'a, I>(values: I) -> String
where
    I: IntoIterator<Item = &'a str>,
    I::IntoIter: Clone,
{
    join(values, "|")
}

/// Joins `values` with `sep`, allocating once (built only when an issue is reported).
/// Alternatives in conditions use `|` (`A|B|C`), a notation that reads the same in
/// every locale.
pub(crate) fn join<'a, I>(values: I, sep: &str) -> String
where
    I: IntoIterator<Item = &'a str>,
    I::IntoIter: Clone,
{
    let values = values.into_iter();
    let mut out = String::with_capacity(values.clone().map(|v| v.len() + sep.len()).sum());
    for v in values {
        if !out.is_empty() {
            out.push_str(sep);
        }
        out.push_str(v);
    }
    out
}

/// Adds the `case_of` param when `s` differs from one of `candidates` only in letter
/// case (DESIGN.md 9 row 22: the message then says so).
pub(crate) fn push_case_hint(params: &mut Params, s: &str, candidates: impl IntoIterator<Item = &'static str>) {
    if let Some(same) = case_variant_of(s, candidates) {
        params.push(("case_of", Cow::Borrowed(same)));
    }
}

/// The value of `candidates` that `s` equals when letter case is ignored, if any: the
/// value a merchant most likely meant (DESIGN.md 9 row 22: codes are case-sensitive, and
/// the message says when case is the only difference).
pub(crate) fn case_variant_of<'a>(s: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates.into_iter().find(|c| *c != s && c.eq_ignore_ascii_case(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_lists_join_like_list() {
        const VALUES: [&str; 3] = ["A", "BB", "CCC"];
        const CHOICES: Choices = choices!(VALUES);
        assert_eq!(CHOICES.list, list(&VALUES));
        assert_eq!(joined!(VALUES, "|"), join(VALUES, "|"));
        const ONE: [&str; 1] = ["X"];
        assert_eq!(joined!(ONE, ", "), "X");
    }

    #[test]
    fn numbers_are_their_decimal_text() {
        for n in (0u64..1200).chain([u64::MAX, 12345]) {
            let text = number(n);
            assert_eq!(text, n.to_string());
            assert_eq!(matches!(text, Cow::Borrowed(_)), n < 1000, "{n}");
        }
    }
}
