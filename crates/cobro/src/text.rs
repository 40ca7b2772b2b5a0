//! Text primitives every rule shares: lengths in code points, digits, blanks, the lists
//! of allowed values in params, and the letter-case hint (DESIGN.md 9 rows 1, 6, 22).

/// Length in Unicode code points (DESIGN.md 9 row 1).
pub(crate) fn char_count(s: &str) -> usize {
    if s.is_ascii() { s.len() } else { s.chars().count() }
}

/// Non-empty and ASCII digits only.
pub(crate) fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Empty or only whitespace (DESIGN.md 9 row 6: blank counts as empty).
pub(crate) fn is_blank(s: &str) -> bool {
    s.chars().all(char::is_whitespace)
}

/// Joins allowed values for the `allowed` param: `A, B, C`.
pub(crate) fn list(values: &[&str]) -> String {
    join(values.iter().copied(), ", ")
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
pub(crate) fn push_case_hint<'a>(
    params: &mut Vec<(&'static str, String)>,
    s: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) {
    if let Some(same) = case_variant_of(s, candidates) {
        params.push(("case_of", same.to_string()));
    }
}

/// The value of `candidates` that `s` equals when letter case is ignored, if any: the
/// value a merchant most likely meant (DESIGN.md 9 row 22: codes are case-sensitive, and
/// the message says when case is the only difference).
fn case_variant_of<'a>(s: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates.into_iter().find(|c| *c != s && c.eq_ignore_ascii_case(s))
}
