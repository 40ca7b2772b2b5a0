//! The virtual-account signature variant in the CLI (DESIGN.md 9 row 30):
//! `cobro sign virtual-account --reference-id ID` and `cobro prepare virtual-account
//! --signature spec|reference-id`. Expected values were computed with Python's hmac
//! (`hmac.new(secret, message, hashlib.sha512).hexdigest()`) and are hard-coded here.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code: a failure is a panic

use std::process::{Command, Output, Stdio};

/// The virtual-account secret of the tests (fake).
const VA_SECRET: &str = "fake-va-secret-for-tests";
/// hmac_sha512(VA_SECRET, "1767225600" "fake-api-key"): the spec's text.
const SPEC_SIGNATURE: &str = "e8916041de4d5a5f6aa4e0f96089fae9ac51c791a417411cbc3e13cf8e5513b602a54a3b2fecae211c47ef811819514bb00faf3b1156a9ecb9c63f310db08938";
/// hmac_sha512(VA_SECRET, "1767225600" "fake-api-key" "user-1").
const REFERENCE_ID_SIGNATURE: &str = "ce0e547af7355a6c5022ef990ab6422de60eeffc77e9a4a262f31d418e99784f1a8ad7746c3c1423ffcd7b854f897f2c64892fb447e51ea8da0b669cfdf43c62";
/// hmac_sha512(VA_SECRET, "1767225600" "fake-api-key" "user-0001"): the example body's
/// owner.referenceId.
const EXAMPLE_REFERENCE_ID_SIGNATURE: &str = "e495d548ab3d34c81ac561c425052d8e66b17b56a78fe846a80de1a4d4dd209817e33e5495083ef3f76a785b474f81a76ae83f09614331f80b4a7e7b08262df0";

/// Runs `cobro args` with the test secret as the only credential.
fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cobro"))
        .args(args)
        .env_remove("COBRO_PAYIN_KEY")
        .env("COBRO_VA_SECRET", VA_SECRET)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Exit code, stdout and stderr; the secret must show in neither.
fn outcome(o: &Output) -> (i32, String, String) {
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(!out.contains(VA_SECRET) && !err.contains(VA_SECRET));
    (o.status.code().unwrap(), out, err)
}

const SIGN: [&str; 6] = [
    "sign",
    "virtual-account",
    "--api-key",
    "fake-api-key",
    "--timestamp",
    "1767225600",
];

#[test]
fn sign_without_a_reference_id_signs_the_spec_text() {
    assert_eq!(outcome(&run(&SIGN)), (0, format!("{SPEC_SIGNATURE}\n"), String::new()));
}

#[test]
fn sign_with_a_reference_id_signs_it_too() {
    let args = [&SIGN[..], &["--reference-id", "user-1"]].concat();
    assert_eq!(
        outcome(&run(&args)),
        (0, format!("{REFERENCE_ID_SIGNATURE}\n"), String::new())
    );
    let args = [&args[..], &["--message"]].concat();
    assert_eq!(
        outcome(&run(&args)),
        (0, "1767225600fake-api-keyuser-1\n".to_string(), String::new())
    );
    let message = [&SIGN[..], &["--message"]].concat();
    assert_eq!(
        outcome(&run(&message)),
        (0, "1767225600fake-api-key\n".to_string(), String::new())
    );
}

#[test]
fn sign_refuses_a_reference_id_validation_refuses() {
    let long = "x".repeat(37);
    for bad in ["", long.as_str()] {
        let args = [&SIGN[..], &["--reference-id", bad]].concat();
        let (code, out, err) = outcome(&run(&args));
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(
            err.contains("--reference-id") && err.contains("between 1 and 36 characters"),
            "{err}"
        );
        if !bad.is_empty() {
            assert!(!err.contains(bad), "{err}");
        }
    }
}

fn prepare(signature: Option<&str>) -> Output {
    let example = format!("{}/../../examples/virtual-account-pe.json", env!("CARGO_MANIFEST_DIR"));
    let mut args = vec![
        "prepare",
        "virtual-account",
        example.as_str(),
        "--api-key",
        "fake-api-key",
        "--deposit-mode",
        "OWNER",
        "--now",
        "1767225600",
    ];
    if let Some(s) = signature {
        args.extend(["--signature", s]);
    }
    run(&args)
}

fn signature_header(o: &Output) -> String {
    let (code, out, err) = outcome(o);
    assert_eq!(code, 0, "{err}");
    let request: serde_json::Value = serde_json::from_str(&out).unwrap();
    let headers = request["headers"].as_array().unwrap();
    let h = headers.iter().find(|h| h[0] == "X-Signature").unwrap();
    h[1].as_str().unwrap().to_string()
}

#[test]
fn prepare_signs_the_spec_text_by_default_and_the_reference_id_on_request() {
    assert_eq!(signature_header(&prepare(None)), SPEC_SIGNATURE);
    assert_eq!(signature_header(&prepare(Some("spec"))), SPEC_SIGNATURE);
    assert_eq!(
        signature_header(&prepare(Some("reference-id"))),
        EXAMPLE_REFERENCE_ID_SIGNATURE
    );
}

#[test]
fn prepare_refuses_an_unknown_signature_variant() {
    let (code, out, err) = outcome(&prepare(Some("reference_id")));
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--signature") && err.contains("reference-id"), "{err}");
}
