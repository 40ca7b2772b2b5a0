//! Runs every validation vector of `tests/vectors/validation/` (the same files the
//! Python, Node and Kotlin tests run) and names each failing vector.
//!
//! A vector: `{"name", "base" with "remove"? and "set"? | "body" | "body_text" |
//! "body_hex", "options"?, "errors", "warnings", "report"?}` inside `{"kind", "bases",
//! "cases": [...]}` (the body is read by `common::validation_cases`; the format is in
//! `tests/vectors/README.md`). `errors` and `warnings` are ordered lists of
//! `[code, path]`; `report`, when given, is the exact report JSON.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use std::collections::BTreeSet;

use cobro::{Code, CodeClass, Kind, Locale, Secret, ValidateOptions, validate};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;

/// A case's expectations; the members that give its body are read by
/// `common::validation_cases` and only named here, so that a misspelt member is refused.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    #[serde(default, rename = "note")]
    _note: Option<String>,
    #[serde(default, rename = "base")]
    _base: Option<IgnoredAny>,
    #[serde(default, rename = "remove")]
    _remove: Option<IgnoredAny>,
    #[serde(default, rename = "set")]
    _set: Option<IgnoredAny>,
    #[serde(default, rename = "body")]
    _body: Option<IgnoredAny>,
    #[serde(default, rename = "body_text")]
    _body_text: Option<IgnoredAny>,
    #[serde(default, rename = "body_hex")]
    _body_hex: Option<IgnoredAny>,
    #[serde(default)]
    options: Options,
    errors: Vec<(String, String)>,
    warnings: Vec<(String, String)>,
    #[serde(default)]
    report: Option<Box<RawValue>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Options {
    #[serde(default)]
    strict: bool,
    #[serde(default)]
    locale: Option<String>,
    #[serde(default)]
    payin_key: Option<String>,
    #[serde(default)]
    max_bytes: Option<usize>,
    #[serde(default)]
    before_prepare: bool,
}

struct Loaded {
    file: String,
    kind: Kind,
    case: Case,
    body: Vec<u8>,
}

fn load_all() -> Vec<Loaded> {
    common::validation_cases()
        .into_iter()
        .map(|v| {
            let kind = Kind::from_name(&v.kind).unwrap_or_else(|| panic!("{}: unknown kind", v.file));
            let case: Case = serde_json::from_str(v.case.get()).unwrap_or_else(|e| panic!("{}: {e}", v.file));
            Loaded {
                file: v.file,
                kind,
                case,
                body: v.body,
            }
        })
        .collect()
}

/// Fields that hold personal data: their values must never appear in a message or a
/// param (DESIGN.md section 3).
const PERSONAL: &[&str] = &[
    "email",
    "number",
    "firstName",
    "lastName",
    "companyName",
    "referenceId",
    "customerId",
    "payinCustomerEmail",
    "payinCustomerDocument",
    "payinCustomerPhone",
    "payinCustomerName",
    "payinCustomerLastName",
    "payinCustomerAddress",
    "payinCustomerShippingName",
    "payinCustomerShippingPhone",
];

fn personal_values(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                match v {
                    serde_json::Value::String(s) if PERSONAL.contains(&k.as_str()) && s.chars().count() >= 4 => {
                        out.push(s.clone())
                    }
                    other => personal_values(other, out),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|i| personal_values(i, out)),
        _ => {}
    }
}

fn pairs(issues: &[cobro::Issue]) -> Vec<(String, String)> {
    issues
        .iter()
        .map(|i| (i.code.as_str().to_string(), i.path.to_string()))
        .collect()
}

#[test]
fn every_validation_vector_passes() {
    let all = load_all();
    assert!(all.len() >= 200, "only {} validation vectors", all.len());
    let mut failures = Vec::new();
    let mut names = BTreeSet::new();
    let mut personal_checked = 0;
    for v in &all {
        let id = format!("{} / {}", v.file, v.case.name);
        assert!(names.insert(id.clone()), "duplicate vector name {id}");
        let key = v.case.options.payin_key.as_deref().map(|k| Secret::new(k).unwrap());
        let locale = match v.case.options.locale.as_deref() {
            None => Locale::En,
            Some(t) => Locale::from_tag(t).unwrap(),
        };
        let options = ValidateOptions {
            strict: v.case.options.strict,
            locale,
            max_bytes: v.case.options.max_bytes,
            payin_key: key.as_ref(),
            before_prepare: v.case.options.before_prepare,
        };
        let report = validate(v.kind, &v.body, &options);
        let (errors, warnings) = (pairs(&report.errors), pairs(&report.warnings));
        if errors != v.case.errors || warnings != v.case.warnings || report.valid != v.case.errors.is_empty() {
            failures.push(format!(
                "{id}\n  expected errors {:?}\n  got      errors {:?}\n  expected warnings {:?}\n  got      warnings {:?}",
                v.case.errors, errors, v.case.warnings, warnings
            ));
            continue;
        }
        if let Some(expected) = &v.case.report {
            let want: serde_json::Value = serde_json::from_str(expected.get()).unwrap();
            let got: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
            if want != got {
                failures.push(format!("{id}\n  expected report {want}\n  got      report {got}"));
            }
        }
        for issue in report.issues() {
            let message = issue.message();
            if message.contains('?') || message.contains('{') || message.is_empty() {
                failures.push(format!("{id}: message with an unfilled param: {message}"));
            }
        }
        let mut personal = Vec::new();
        if let Ok(body) = serde_json::from_slice::<serde_json::Value>(&v.body) {
            personal_values(&body, &mut personal);
        }
        personal_checked += personal.len();
        // In every locale, not only the vector's: a translation must not show a value
        // the English message leaves out.
        for issue in report.issues() {
            for shown_in in Locale::ALL {
                let shown = format!("{} {:?}", issue.message_in(shown_in), issue.params);
                if let Some(p) = personal.iter().find(|p| shown.contains(p.as_str())) {
                    failures.push(format!(
                        "{id}: {} in {} shows the value {p:?} of a personal field",
                        issue.code,
                        shown_in.tag()
                    ));
                }
            }
        }
        for other_locale in Locale::ALL.into_iter().filter(|l| *l != locale) {
            let other = ValidateOptions {
                locale: other_locale,
                ..options
            };
            let translated = validate(v.kind, &v.body, &other);
            if pairs(&translated.errors) != errors || pairs(&translated.warnings) != warnings {
                failures.push(format!("{id}: locale {} reports different issues", other_locale.tag()));
            }
        }
    }
    assert!(
        personal_checked > 1000,
        "only {personal_checked} personal values were checked"
    );
    assert!(
        failures.is_empty(),
        "{} of {} vectors failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// Every code a report can hold (the catalogue's `report` class) is produced by a
/// validation vector; tests/catalogue.rs covers the error classes.
#[test]
fn every_report_code_is_produced_by_some_vector() {
    let mut seen = BTreeSet::new();
    for v in load_all() {
        for (code, _) in v.case.errors.iter().chain(v.case.warnings.iter()) {
            let c = Code::from_name(code).unwrap_or_else(|| panic!("{}: unknown code {code}", v.case.name));
            seen.insert(c);
        }
    }
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| c.classes().contains(&CodeClass::Report) && !seen.contains(c))
        .map(|c| c.as_str())
        .collect();
    assert!(missing.is_empty(), "codes no vector produces: {missing:?}");
}
