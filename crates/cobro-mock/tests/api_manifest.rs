//! The public API written once (tests/api/manifest.json) against this crate: the
//! functions the manifest answers with an item of `cobro_mock` (`languages.rust.path`)
//! are the items of the table below, which the compiler checks. The core's own
//! `tests/api_manifest.rs` checks every other path, and leaves these to this test.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::path::Path;

use serde_json::Value;

/// The items of this crate that answer manifest functions, as written; the `use` makes
/// the compiler check each path.
fn rust_items() -> Vec<String> {
    #[allow(unused_imports)]
    use cobro_mock::start as _;
    vec!["cobro_mock::start".to_string()]
}

#[test]
fn every_manifest_path_into_the_mock_is_an_item() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/api/manifest.json");
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut paths: Vec<String> = manifest["functions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["languages"]["rust"]["path"].as_str())
        .filter(|p| p.starts_with("cobro_mock::"))
        .map(str::to_string)
        .collect();
    paths.sort();
    assert_eq!(
        paths,
        rust_items(),
        "the manifest's paths into cobro_mock and this test's table differ"
    );
}
