//! The documentation text of the description, as each language writes it.

use cobro::shape::{self, Field, Record, Ty};

/// `text` in lines of at most `width` characters (a longer word stands alone).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The record's documentation, with the sentence that names its personal fields.
pub(crate) fn record_doc(record: &Record) -> String {
    let personal: Vec<String> = shape::all_fields(record)
        .into_iter()
        .filter(|f| Ty::parse(f.ty).is_some_and(|t| t.is_personal()))
        .map(|f| format!("`{}`", f.name))
        .collect();
    match personal.as_slice() {
        [] => record.doc.to_string(),
        [one] => format!(
            "{} Personal data: {one} is shown as `[REDACTED]` when printed.",
            record.doc
        ),
        [rest @ .., last] => format!(
            "{} Personal data: {} and {last} are shown as `[REDACTED]` when printed.",
            record.doc,
            rest.join(", ")
        ),
    }
}

/// The field's documentation; for a field of an open set, followed by the set's.
pub(crate) fn field_doc(field: &Field) -> String {
    let open = shape::enumeration(field.ty.trim_end_matches('?')).filter(|e| e.open);
    match open {
        Some(e) if field.doc.is_empty() => e.doc.to_string(),
        Some(e) => format!("{} {}", field.doc, e.doc),
        None => field.doc.to_string(),
    }
}

/// Python's reStructuredText: double backquotes for code, ``None`` for null.
pub(crate) fn python(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            out.push_str("``");
            out.push_str(part);
            out.push_str("``");
        } else {
            out.push_str(&replace_word(part, "null", "``None``"));
        }
    }
    out
}

/// `text` with each whole word `word` replaced by `by`.
fn replace_word(text: &str, word: &str, by: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let (before, after) = rest.split_at(at);
        let tail = after.get(word.len()..).unwrap_or("");
        let starts = before.chars().last().is_none_or(|c| !c.is_alphanumeric());
        let ends = tail.chars().next().is_none_or(|c| !c.is_alphanumeric());
        out.push_str(before);
        out.push_str(if starts && ends { by } else { word });
        rest = tail;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_and_marks_code() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(python("`x` or null, nullable"), "``x`` or ``None``, nullable");
    }
}
