//! The Rust example of README.md, compiled and run. The code between the markers must
//! appear verbatim in README.md (the second test checks it), so the README cannot drift.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code: a failure is a panic

// README example: begin
use cobro::{Amount, Kind, Secret, ValidateOptions, payin_verification, validate};

/// Validates a pay-in body (checking payinVerification with the key) and computes the
/// hash a body for the same sale must carry.
fn check_payin(body: &[u8], key: &Secret) -> Result<(bool, String), Box<dyn std::error::Error>> {
    let options = ValidateOptions {
        payin_key: Some(key),
        ..ValidateOptions::default()
    };
    let report = validate(Kind::Payin, body, &options);
    for issue in report.issues() {
        eprintln!("{} at {}: {}", issue.code, issue.path, issue.message());
    }
    // Spec 5.3: SHA-512 of merchant id, operation number, amount (canonical: 150.50), currency, key.
    let hash = payin_verification(1234, "ORDER-0001", Amount::parse("150.5")?, "PEN", key)?;
    Ok((report.valid, hash))
}
// README example: end

const BODY: &[u8] = include_bytes!("../../../examples/payin-pe-banktransfer.json");
const README: &str = include_str!("../../../README.md");
const THIS_FILE: &str = include_str!("readme_example.rs");

#[test]
fn readme_example_runs() {
    let key = Secret::new("fake-payin-key-for-examples").unwrap();
    let (valid, hash) = check_payin(BODY, &key).unwrap();
    // The example body carries the hash of the same sale, computed independently.
    assert!(std::str::from_utf8(BODY).unwrap().contains(&hash));
    assert!(valid);
}

#[test]
fn readme_shows_this_example_verbatim() {
    let begin = THIS_FILE.find("// README example: begin\n").unwrap() + "// README example: begin\n".len();
    let end = THIS_FILE.find("// README example: end").unwrap();
    let code = &THIS_FILE[begin..end];
    assert!(
        README.contains(code),
        "README.md's Rust example differs from tests/readme_example.rs"
    );
}
