use std::collections::BTreeSet;

use super::*;

#[test]
fn every_type_reads_and_every_name_is_described_once() {
    let mut names = BTreeSet::new();
    let all: Vec<&str> = records()
        .map(|r| r.name)
        .chain(unions().map(|u| u.name))
        .chain(enums().map(|e| e.name))
        .collect();
    for name in &all {
        assert!(names.insert(*name), "{name} is described twice");
    }
    for r in records() {
        let mut fields = BTreeSet::new();
        for f in all_fields(r) {
            assert!(
                Ty::parse(f.ty).is_some(),
                "{}.{}: {} is not a type",
                r.name,
                f.name,
                f.ty
            );
            assert!(fields.insert(f.name), "{}.{} twice", r.name, f.name);
            assert!(
                !f.doc.ends_with(' ') && (f.doc.is_empty() || f.doc.ends_with('.')),
                "{}.{}",
                r.name,
                f.name
            );
        }
        if let Some(parent) = r.extends {
            assert!(record(parent).is_some(), "{} extends {parent}", r.name);
        }
    }
    for u in unions() {
        for v in u.variants {
            let r = record(v.record).unwrap();
            assert!(
                r.fields.iter().all(|f| f.name != u.tag),
                "{}: the tag is not a field",
                r.name
            );
        }
    }
}

#[test]
fn the_personal_fields_are_the_personal_types() {
    let listed = personal_fields();
    let depositor = listed.iter().find(|(r, _)| *r == "Depositor").unwrap();
    assert_eq!(depositor.1, ["full_name", "document_number"]);
    assert!(listed.iter().all(|(r, _)| *r != "DepositStatus"));
    assert_eq!(Ty::parse("list<personal>?").map(|t| t.is_personal()), Some(true));
    assert_eq!(Ty::parse("list<nothing>"), None);
}

/// Names no language of the bindings reserves (Python, Rust, Kotlin, Swift, TypeScript),
/// beside `type`, which each generator handles.
const RESERVED: &[&str] = &[
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "def",
    "default",
    "del",
    "do",
    "elif",
    "else",
    "enum",
    "except",
    "extends",
    "false",
    "final",
    "finally",
    "fn",
    "for",
    "from",
    "fun",
    "func",
    "function",
    "global",
    "if",
    "impl",
    "import",
    "in",
    "interface",
    "is",
    "lambda",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "new",
    "nonlocal",
    "not",
    "null",
    "object",
    "or",
    "package",
    "pass",
    "pub",
    "raise",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "switch",
    "this",
    "throw",
    "trait",
    "true",
    "try",
    "typeof",
    "use",
    "val",
    "var",
    "void",
    "when",
    "where",
    "while",
    "with",
    "yield",
];

/// What the generators can write: each rule below is one a generated file would break
/// on (a keyword, a comment closed early, a Python union that cannot be null).
#[test]
fn the_description_is_one_every_generator_can_write() {
    let variants: Vec<&str> = unions().flat_map(|u| u.variants.iter().map(|v| v.record)).collect();
    let mut seen = BTreeSet::new();
    for v in &variants {
        assert!(seen.insert(*v), "{v} is a variant of two unions");
        assert!(record(v).unwrap().extends.is_none(), "{v}: a variant extends no record");
    }
    let text_ok = |t: &str| !t.contains('\\') && !t.contains("*/") && !t.contains("\"\"\"") && t.is_ascii();
    for r in records() {
        assert!(!r.doc.is_empty() && text_ok(r.doc), "{}", r.name);
        for f in r.fields {
            assert!(!RESERVED.contains(&f.name), "{}.{} is a reserved word", r.name, f.name);
            assert!(
                !f.doc.is_empty() || f.wire.is_some(),
                "{}.{} has no documentation",
                r.name,
                f.name
            );
            assert!(text_ok(f.doc), "{}.{}", r.name, f.name);
            assert!(
                f.ty == "bytes" || !f.ty.contains("bytes"),
                "{}.{}: bytes only as a plain field",
                r.name,
                f.name
            );
            let named =
                f.ty.trim_end_matches('?')
                    .trim_start_matches("list<")
                    .trim_end_matches('>');
            assert!(
                !variants.contains(&named),
                "{}.{}: a variant is no field's type",
                r.name,
                f.name
            );
            assert!(
                union(named).is_none() || !f.ty.contains(['?', '<']),
                "{}.{}: a union is neither null nor listed",
                r.name,
                f.name
            );
        }
    }
    for e in enums() {
        assert!(text_ok(e.doc), "{}", e.name);
        for (value, case, doc) in e.values {
            assert!(
                value.is_ascii() && !value.contains(['"', '\\']) && text_ok(doc),
                "{}.{value}",
                e.name
            );
            assert!(case.chars().all(|c| c.is_ascii_alphanumeric()), "{}.{case}", e.name);
        }
    }
    assert_eq!(Ty::parse("str??"), None);
}

/// Every key is lower snake case, so [`camel`] gives each its own name, the one uniffi's
/// rule gives (a `_` before a digit or a repeated `_` would not round-trip).
#[test]
fn every_key_has_one_camel_name() {
    let names = camel_names();
    let mut camels = BTreeSet::new();
    for (key, camel_name) in &names {
        let words: Vec<&str> = key.split('_').collect();
        assert!(
            words
                .iter()
                .all(|w| w.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                    && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())),
            "{key} is not lower snake case"
        );
        assert!(camels.insert(camel_name.as_str()), "{camel_name} names two keys");
    }
    assert_eq!(camel("payin_state_id"), "payinStateId");
    assert_eq!(camel("nro_order"), "nroOrder");
    assert_eq!(camel("kind"), "kind");
    assert!(names.iter().any(|(k, c)| *k == "delay_ms" && c == "delayMs"));
    assert!(names.iter().any(|(k, _)| *k == "outcome"));
}
