//! The catalogue of codes (DESIGN.md section 3) against what cobro really produces: every
//! code an expected result of a shared vector names is in the catalogue, under a class
//! that raises it, and every code of the catalogue is named by some vector, except the
//! three no input of the core can cause (a caught panic, a system clock before 1970, a
//! mock that cannot start), which are built here or by the mock's tests instead.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use std::collections::BTreeMap;
use std::path::Path;

use cobro::{Code, CodeClass, PrepareOptions, Secret, SigningError, UnixSeconds, catalogue_json, json};
use serde_json::Value;

/// Codes no request, answer or argument of the core can cause: raised by a binding when
/// the core panics (a bug) or when the system clock is before 1970, and by the mock
/// (crates/cobro-mock, whose tests produce it) when it cannot listen or read its config.
const NOT_FROM_INPUT: [Code; 3] = [Code::Internal, Code::ClockBeforeEpoch, Code::MockNotStarted];

/// Codes of arguments the vectors do not vary (keys, timestamps, a binding's host text
/// and dates) and of a refused `prepare_*` call as a whole: produced here from the core.
fn produced_by_arguments() -> Vec<Code> {
    let mut out = vec![
        Secret::new("").unwrap_err().code(),
        Secret::new(" key").unwrap_err().code(),
        UnixSeconds::new(-1).unwrap_err().code(),
        UnixSeconds::new(1_700_000_000_000).unwrap_err().code(),
        SigningError::not_unicode("key").code(),
    ];
    out.push(SigningError::InvalidDate { name: "today" }.code());
    let key = Secret::new("fake-key").unwrap();
    let refused = cobro::prepare_subscription_cancel(b"{}", &key, &PrepareOptions::default()).unwrap_err();
    out.push(refused.code());
    out
}

/// The classes that may raise a code a vector expects, by the vectors' folder and key:
/// verifying a notification reads it first, so its vectors expect parse codes too, and a
/// refused `prepare_*` call carries the report's codes.
fn classes_of(folder: &str, key: &str) -> &'static [CodeClass] {
    match (folder, key) {
        ("validation", _) | ("prepare", "errors" | "warnings") => &[CodeClass::Report],
        ("responses", _) => &[CodeClass::ParseError],
        ("documents", _) => &[CodeClass::DocumentError],
        ("signing", "result") | ("receive", _) | ("retry", _) => &[CodeClass::VerificationError, CodeClass::ParseError],
        ("signing", _) | ("prepare", _) => &[CodeClass::SigningError],
        _ => panic!("vectors of an unknown folder {folder}"),
    }
}

/// The codes the expected results of `value` name, with the key naming them; inputs
/// (bodies, headers) are skipped, since they hold the provider's codes as data.
/// Read with cobro's own reader: vectors hold numbers past f64 (`1e400`) on purpose.
/// The key is written `parent.key` (`error.code`).
fn expected_codes(value: &json::Value<'_>, key: &str, out: &mut Vec<(String, String)>) {
    match value {
        json::Value::Object(members) => {
            let parent = key.rsplit('.').next().unwrap_or(key);
            for (k, v) in members {
                if !matches!(k.as_ref(), "body" | "body_text" | "headers" | "base" | "bases") {
                    expected_codes(v, &format!("{parent}.{k}"), out);
                }
            }
        }
        json::Value::Array(items) => items.iter().for_each(|v| expected_codes(v, key, out)),
        json::Value::String(s) if (s.starts_with("ERR_") || s.starts_with("WARN_")) && !s.contains(' ') => {
            out.push((key.to_string(), s.to_string()));
        }
        _ => {}
    }
}

#[test]
fn every_code_is_in_the_catalogue_and_produced() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors");
    let mut seen: BTreeMap<Code, Vec<&[CodeClass]>> = BTreeMap::new();
    let mut unknown = Vec::new();
    for folder in std::fs::read_dir(&root).unwrap() {
        let folder = folder.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        let name = folder.file_name().unwrap().to_str().unwrap().to_string();
        for file in std::fs::read_dir(&folder).unwrap() {
            let file = file.unwrap().path();
            let bytes = std::fs::read(&file).unwrap();
            let limits = cobro::Limits::for_body(Some(64 << 20));
            let value = json::parse(&bytes, limits).unwrap();
            let mut codes = Vec::new();
            expected_codes(&value, "", &mut codes);
            for (key, text) in codes {
                // A vector of an answer expects the provider's codes as typed values
                // (`details[0].code` of a refusal); only its `error.code`, cobro's
                // verdict, counts.
                if name == "responses" && key != "error.code" {
                    continue;
                }
                // A retry vector expects the answer's code, which is the provider's.
                if name == "retry" && key.ends_with(".code") {
                    continue;
                }
                let key = key.rsplit('.').next().unwrap_or(&key).to_string();
                match Code::from_name(&text) {
                    Some(code) => seen.entry(code).or_default().push(classes_of(&name, &key)),
                    None if name == "responses" => {}
                    None => unknown.push(format!("{}: {text}", file.display())),
                }
            }
        }
    }
    assert!(unknown.is_empty(), "codes outside the catalogue: {unknown:?}");
    let mut misfiled = Vec::new();
    for (code, classes) in &seen {
        for allowed in classes {
            if !allowed.iter().any(|c| code.classes().contains(c)) {
                misfiled.push(format!("{code} is expected as one of {allowed:?}"));
            }
        }
    }
    misfiled.dedup();
    assert!(misfiled.is_empty(), "{misfiled:#?}");
    let by_arguments = produced_by_arguments();
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| !seen.contains_key(c) && !NOT_FROM_INPUT.contains(c) && !by_arguments.contains(c))
        .map(|c| c.as_str())
        .collect();
    assert!(missing.is_empty(), "codes no vector expects: {missing:?}");
    println!("{} of {} codes are expected by vectors", seen.len(), Code::ALL.len());
}

#[test]
fn codes_no_input_causes_are_built_by_the_core() {
    assert_eq!(SigningError::ClockBeforeEpoch.code(), Code::ClockBeforeEpoch);
    assert!(Code::Internal.classes() == [CodeClass::CobroError]);
    assert!(Code::MockNotStarted.classes() == [CodeClass::CobroError]);
    let catalogue: Value = serde_json::from_str(&catalogue_json()).unwrap();
    for code in NOT_FROM_INPUT {
        assert!(
            catalogue["codes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c["code"] == code.as_str())
        );
    }
}

#[test]
fn every_template_renders_every_param_in_every_locale() {
    for &code in Code::ALL {
        let params: Vec<(&'static str, String)> = code.params().iter().map(|p| (*p, "X".to_string())).collect();
        for locale in cobro::Locale::ALL {
            let issue = cobro::Issue {
                path: "f".into(),
                code,
                severity: cobro::Severity::Error,
                params: params.iter().map(|(k, v)| (*k, v.clone().into())).collect(),
                locale,
            };
            // A param the template names but the issue lacks renders as `?`.
            let text = issue.message();
            let marks = |t: &str| t.matches('?').count();
            assert!(
                !text.contains('{') && marks(&text) == marks(code.template(locale)),
                "{code} {locale:?}: {text}"
            );
        }
    }
}

/// The placeholders of a template, `{path}` included, sorted: the same multiset in two
/// templates means the same figures reach both messages, as often.
fn placeholders(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some((_, after)) = rest.split_once('{') {
        let (name, tail) = after.split_once('}').unwrap_or((after, ""));
        out.push(name);
        rest = tail;
    }
    out.sort_unstable();
    out
}

#[test]
fn every_code_has_a_portuguese_template_with_the_english_params() {
    use cobro::Locale;
    for &code in Code::ALL {
        let (en, es, pt) = (
            code.template(Locale::En),
            code.template(Locale::Es),
            code.template(Locale::Pt),
        );
        assert!(!pt.trim().is_empty(), "{code}");
        assert!(pt != en && pt != es, "{code} has no Portuguese text of its own: {pt}");
        assert_eq!(placeholders(pt), placeholders(en), "{code}: {pt}");
    }
    for param in cobro::code::OPTIONAL_PARAMS {
        let (en, pt) = (param.template(Locale::En), param.template(Locale::Pt));
        assert!(!pt.trim().is_empty() && pt != en, "{}", param.name);
        assert_eq!(placeholders(pt), placeholders(en), "{}: {pt}", param.name);
    }
    let catalogue: Value = serde_json::from_str(&catalogue_json()).unwrap();
    for entry in catalogue["codes"].as_array().unwrap() {
        let tags: Vec<&str> = entry["templates"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(tags, ["en", "es", "pt"], "{}", entry["code"]);
    }
}

/// Every Portuguese message is its template with the path and the params in place and
/// nothing else: rendered with sentinels for the path and each param (optional ones
/// too), removing the sentinels leaves exactly the template's own text. So a message
/// shows no more of a request than the params the English one shows, and those are the
/// rule's figures, never the field's value (the vectors check that on real bodies).
#[test]
fn no_portuguese_message_echoes_a_value() {
    use cobro::Locale;
    let optional: Vec<&str> = cobro::code::OPTIONAL_PARAMS.iter().map(|p| p.name).collect();
    for &code in Code::ALL {
        let mut names = code.params();
        names.extend(&optional);
        let issue = cobro::Issue {
            path: "«path»".into(),
            code,
            severity: cobro::Severity::Error,
            params: names.iter().map(|n| (*n, format!("«{n}»").into())).collect(),
            locale: Locale::Pt,
        };
        let text = issue.message();
        let mut expected = code.template(Locale::Pt).to_string();
        for param in &cobro::code::OPTIONAL_PARAMS {
            expected.push_str(param.template(Locale::Pt));
        }
        let shown = |t: &str| {
            let mut out = t.replace("{path}", "«path»");
            for n in &names {
                out = out.replace(&format!("{{{n}}}"), &format!("«{n}»"));
            }
            out
        };
        assert_eq!(text, shown(&expected), "{code}");
        assert_eq!(issue.message_in(Locale::Pt), text);
    }
}
