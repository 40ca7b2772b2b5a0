//! The public API written once (tests/api/manifest.json) against Rust: every function
//! of the manifest names the core item that answers it (`languages.rust.path`), and the
//! table below names the same items. The table is compiled, so a path that does not
//! exist fails the build; the comparison fails when the manifest and the table differ,
//! so a function added to the manifest needs its Rust answer, and the reverse.
//!
//! A path into another crate of the workspace (the mock's `cobro_mock::start`) cannot be
//! named from the core's tests: that crate's own `tests/api_manifest.rs` checks the
//! manifest's paths into it the same way, and this test only that it is one of them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

/// The other crates of the workspace whose items answer manifest functions, each with a
/// `tests/api_manifest.rs` of its own.
const CHECKED_ELSEWHERE: [&str; 1] = ["cobro_mock::"];

/// `(path as written, a use of the item)`: the use makes the compiler check the path.
macro_rules! items {
    ($($path:path),* $(,)?) => {
        vec![$({
            #[allow(unused_imports)]
            use $path as _;
            stringify!($path).replace(' ', "")
        }),*]
    };
}

fn rust_items() -> Vec<String> {
    items![
        cobro::validate,
        cobro::payin_verification,
        cobro::subscription_authorization,
        cobro::virtual_account_message,
        cobro::virtual_account_signature,
        cobro::virtual_account_headers,
        cobro::verify_virtual_account_headers,
        cobro::verify_payin_notification,
        cobro::prepare_virtual_account,
        cobro::prepare_subscription,
        cobro::prepare_subscription_cancel,
        cobro::prepare_payin,
        cobro::prepare_payin_status,
        cobro::receive::receive,
        cobro::retry::retry_advice,
        cobro::parse_document,
        cobro::parse_virtual_account_response,
        cobro::parse_subscription_response,
        cobro::parse_payin_response,
        cobro::parse_payin_notification,
        cobro::parse_payin_status,
        cobro::parse_subscription_webhook,
        cobro::parse_deposit_notification,
        cobro::payin::catalog::payin_creation_code,
        cobro::payin::catalog::PAYIN_CREATION_CODES,
        cobro::payin::catalog::payment_confirmation_code,
        cobro::payin::catalog::PAYMENT_CONFIRMATION_CODES,
        cobro::payin::catalog::payin_state,
        cobro::payin::catalog::PAYIN_STATES,
        cobro::subscription::response::subscription_error_code,
        cobro::subscription::response::SUBSCRIPTION_ERROR_CODES,
        cobro::virtual_account::catalog::virtual_account_error_code,
        cobro::virtual_account::catalog::VIRTUAL_ACCOUNT_ERROR_CODES,
        cobro::subscription::lifecycle::can_cancel,
        cobro::subscription::lifecycle::may_request_subscription,
        cobro::subscription::lifecycle::may_charge,
        cobro::payin::lifecycle::payin_state_is_final,
        cobro::payin::lifecycle::next_states,
        cobro::payin::lifecycle::payin_transition,
        cobro::virtual_account::lifecycle::virtual_account_transition,
        cobro::document::find,
        cobro::document::numbers,
        cobro::catalogue_json,
        cobro::schema::schema,
        cobro::schema::openapi,
    ]
}

#[test]
fn every_manifest_function_has_its_rust_answer() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/api/manifest.json");
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut by_path: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut omitted = Vec::new();
    for f in manifest["functions"].as_array().unwrap() {
        let name = f["name"].as_str().unwrap().to_string();
        let rust = &f["languages"]["rust"];
        match (rust["path"].as_str(), rust["omitted"].as_str()) {
            (Some(p), None) if CHECKED_ELSEWHERE.iter().any(|c| p.starts_with(c)) => {}
            (Some(p), None) => {
                assert!(p.starts_with("cobro::"), "{name}: {p} is not a path of the core");
                by_path.entry(p.to_string()).or_default().push(name);
            }
            (None, Some(why)) if !why.is_empty() => omitted.push(name),
            _ => panic!("{name}: languages.rust must give a path or the reason it is omitted"),
        }
    }
    let table: Vec<String> = rust_items();
    let in_manifest: Vec<&String> = by_path.keys().collect();
    let mut sorted_table: Vec<&String> = table.iter().collect();
    sorted_table.sort();
    sorted_table.dedup();
    assert_eq!(
        in_manifest, sorted_table,
        "the manifest's Rust paths and this test's table differ"
    );
    println!(
        "{} manifest functions answered by {} Rust items; omitted in Rust: {omitted:?}",
        by_path.values().map(Vec::len).sum::<usize>(),
        by_path.len()
    );
}

/// A type of the description as the manifest writes it: an open set is `str`.
fn manifest_type(ty: &str) -> String {
    let (inner, optional) = ty.strip_suffix('?').map_or((ty, ""), |t| (t, "?"));
    if let Some(element) = inner.strip_prefix("list<").and_then(|t| t.strip_suffix('>')) {
        return format!("list<{}>{optional}", manifest_type(element));
    }
    match cobro::shape::enumeration(inner) {
        Some(e) if e.open => format!("str{optional}"),
        _ => ty.to_string(),
    }
}

/// The manifest's records, unions and enums agree with the core's description of the
/// shapes (`cobro::shape`), from which the bindings' records are generated: every
/// described record is in the manifest with the same fields and types in the same
/// order, every union with the same variants and Kotlin names, every closed enum with
/// the same values.
#[test]
fn the_manifest_records_are_the_described_shapes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/api/manifest.json");
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let by_name = |list: &str, name: &str| -> Value {
        manifest[list]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("the manifest's {list} have no {name}"))
    };
    for r in cobro::shape::records() {
        let entry = by_name("records", r.name);
        let fields: Vec<(String, String)> = entry["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["name"].as_str().unwrap().to_string(),
                    f["type"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let described: Vec<(String, String)> = cobro::shape::all_fields(r)
            .into_iter()
            .map(|f| (f.name.to_string(), manifest_type(f.ty)))
            .collect();
        assert_eq!(fields, described, "{}", r.name);
        let variant_of = cobro::shape::variant_of(r.name).map(|(u, _)| u.name);
        assert_eq!(entry["variant_of"].as_str(), variant_of, "{}: variant_of", r.name);
    }
    for u in cobro::shape::unions() {
        let entry = by_name("unions", u.name);
        assert_eq!(entry["tag"], u.tag, "{}", u.name);
        let variants: Vec<(&str, &str, &str)> = entry["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                (
                    v["tag"].as_str().unwrap(),
                    v["record"].as_str().unwrap(),
                    v["kotlin"].as_str().unwrap(),
                )
            })
            .collect();
        let described: Vec<(&str, &str, &str)> = u.variants.iter().map(|v| (v.tag, v.record, v.case)).collect();
        assert_eq!(variants, described, "{}", u.name);
    }
    for e in cobro::shape::enums().filter(|e| !e.open) {
        let entry = by_name("enums", e.name);
        let values: Vec<&str> = entry["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        let described: Vec<&str> = e.values.iter().map(|(v, _, _)| *v).collect();
        assert_eq!(values, described, "{}", e.name);
    }
}

/// The manifest's request types agree with the core's description of the requests
/// (`cobro::schema::requests`), from which the bindings' types are generated: the same
/// names in the same order, each object with the same keys, required or not, and each
/// alias of values with the same values.
#[test]
fn the_manifest_requests_are_the_described_requests() {
    use cobro::shape::{RequestBody, RequestTy};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/api/manifest.json");
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let section = &manifest["requests"];
    assert_eq!(section["issue_code"]["name"], cobro::shape::ISSUE_CODE);
    let listed = section["types"].as_array().unwrap();
    let described = cobro::schema::requests();
    let names = |v: &Value| v["name"].as_str().unwrap().to_string();
    assert_eq!(
        listed.iter().map(names).collect::<Vec<_>>(),
        described.iter().map(|t| t.name.clone()).collect::<Vec<_>>()
    );
    for (entry, t) in listed.iter().zip(&described) {
        let top = cobro::shape::REQUEST_NAMES.contains(&t.name.as_str());
        assert_eq!(entry["top_level"].as_bool().unwrap_or(false), top, "{}", t.name);
        match &t.body {
            RequestBody::Object(fields) => {
                let keys: Vec<(String, bool)> = entry["keys"]
                    .as_array()
                    .unwrap_or_else(|| panic!("{}: keys", t.name))
                    .iter()
                    .map(|k| (names(k), k["required"].as_bool().unwrap()))
                    .collect();
                let own: Vec<(String, bool)> = fields.iter().map(|f| (f.key.clone(), f.required)).collect();
                assert_eq!(keys, own, "{}", t.name);
            }
            RequestBody::Alias(RequestTy::Literal(values)) => {
                assert_eq!(entry["alias"], "values", "{}", t.name);
                let listed: Vec<&str> = entry["values"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap())
                    .collect();
                assert_eq!(listed, *values, "{}", t.name);
            }
            RequestBody::Alias(_) => assert_eq!(entry["alias"], "map", "{}", t.name),
        }
    }
}
