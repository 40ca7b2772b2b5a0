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
        cobro::parse_document,
        cobro::parse_virtual_account_response,
        cobro::parse_subscription_response,
        cobro::parse_payin_response,
        cobro::parse_payin_notification,
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
