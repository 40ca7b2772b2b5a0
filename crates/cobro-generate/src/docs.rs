//! The documentation text of the description, as each language writes it.

use std::fmt::Write;

use cobro::shape::{self, Field, Record, Ty, Union};

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

/// The field's documentation: its own, or for a field read straight from the provider's
/// key with none, that key; for a field of an open set, followed by the set's and its
/// known values.
pub(crate) fn field_doc(field: &Field) -> String {
    let mut doc = match (field.doc, field.wire) {
        ("", Some(wire)) => format!("`{}`, as received.", wire.key),
        (doc, _) => doc.to_string(),
    };
    let named = field.ty.trim_end_matches('?');
    let named = named
        .strip_prefix("list<")
        .and_then(|t| t.strip_suffix('>'))
        .unwrap_or(named);
    if let Some(e) = shape::enumeration(named).filter(|e| e.open) {
        let known: Vec<String> = e.values.iter().map(|(v, _, _)| format!("`{v}`")).collect();
        if !doc.is_empty() {
            doc.push(' ');
        }
        doc.push_str(e.doc);
        // The set's own text may name its values already.
        if known.first().is_some_and(|first| !e.doc.contains(first.as_str())) {
            doc.push_str(" Known values: ");
            doc.push_str(&known.join(", "));
            doc.push('.');
        }
    }
    doc
}

/// A union's documentation where its variants carry their tag (Python, TypeScript).
pub(crate) fn union_doc(union: &Union) -> String {
    format!("{} Told apart by `{}`.", union.doc, union.tag)
}

/// `text` for Kotlin, Swift and TypeScript: a field named in backquotes (`error_code`,
/// `state.is_final`) is written as those languages name it (`errorCode`,
/// `state.isFinal`, [`shape::camel`]).
pub(crate) fn camelized(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 && is_field_path(part) {
            let path: Vec<String> = part.split('.').map(shape::camel).collect();
            out.push_str(&path.join("."));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// Whether `text` is a dotted path of snake-case names, one of them a described field.
fn is_field_path(text: &str) -> bool {
    let names: Vec<&str> = text.split('.').collect();
    names.iter().all(|n| {
        !n.is_empty()
            && n.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    }) && names
        .iter()
        .any(|n| shape::records().any(|r| shape::all_fields(r).iter().any(|f| f.name == *n)))
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

/// A docstring of `text` at `indent`, wrapped to 88 characters.
pub(crate) fn docstring(out: &mut String, indent: &str, text: &str) {
    let lines = wrap(&python(text), 82 - indent.len());
    let last = lines.len().saturating_sub(1);
    for (i, line) in lines.iter().enumerate() {
        let open = if i == 0 { "\"\"\"" } else { "" };
        let close = if i == last { "\"\"\"" } else { "" };
        let _ = writeln!(out, "{indent}{open}{line}{close}");
    }
}

/// A JSDoc comment of `text` at `indent`, wrapped to 88 characters.
pub(crate) fn jsdoc(out: &mut String, indent: &str, text: &str) {
    let lines = wrap(text, 80 - indent.len());
    if let [one] = lines.as_slice()
        && one.len() + indent.len() + 7 <= 88
    {
        let _ = writeln!(out, "{indent}/** {one} */");
        return;
    }
    let _ = writeln!(out, "{indent}/**");
    for line in lines {
        let _ = writeln!(out, "{indent} * {line}");
    }
    let _ = writeln!(out, "{indent} */");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_and_marks_code() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(python("`x` or null, nullable"), "``x`` or ``None``, nullable");
        assert_eq!(
            camelized("see `error_code` and `state.is_final`, not `a_b`"),
            "see `errorCode` and `state.isFinal`, not `a_b`"
        );
    }
}
