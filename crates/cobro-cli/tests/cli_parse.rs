//! Runs the built `cobro` binary for `parse`, `verify payin-notification` and
//! `document`: exit codes, the shopper view of a voucher, the QR file, JSON output, and
//! notification hashes computed independently (Python hashlib, hard-coded here).
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code: a failure is a panic

use std::path::PathBuf;
use std::process::{Command, Output};

/// The key of these tests (fake).
const KEY: &str = "fake-cli-notification-key";
/// sha512("674" "OP-9" "30.0" "PEN" KEY), computed with Python hashlib.
const HASH_AS_RECEIVED: &str = "cda3dfddc46848c11ada91a4427ea12886378a97d60397552544b668d9d7b3cea16cfa63e7536aaa14b30f93fc5de1e3e77674a09c62319f13f1db6ce3231f96";
/// sha512("674" "OP-9" "30.00" "PEN" KEY), computed with Python hashlib.
const HASH_TWO_DECIMALS: &str = "9ddc71700fc7bfbe41082bf3e1eb6e475577466d8e0c4e1a782edd758883bd5b7fc18406a04246575e836c6461266fe9187569048fbe2078a6d79d009232d008";

fn scratch(name: &str, content: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-parse-{}-{name}", std::process::id()));
    std::fs::write(&path, content).unwrap();
    path
}

fn run(args: &[&str], key: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cobro"));
    cmd.args(args)
        .env_remove("COBRO_PAYIN_KEY")
        .env_remove("COBRO_VA_SECRET");
    if let Some(k) = key {
        cmd.env("COBRO_PAYIN_KEY", k);
    }
    cmd.output().unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The body of the first vector of `file` whose expected experience is `kind`.
fn vector_body(file: &str, kind: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/vectors/responses/{file}", env!("CARGO_MANIFEST_DIR"));
    let all: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let case = all["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["expected"]["experience"]["kind"] == kind)
        .unwrap();
    serde_json::to_vec(&case["body"]).unwrap()
}

#[test]
fn a_cash_voucher_is_shown_as_the_shopper_sees_it() {
    let file = scratch("voucher.json", &vector_body("payin-response-voucher.json", "voucher"));
    let out = run(&["parse", "payin-response", file.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let shown = text(&out);
    assert!(shown.starts_with("created 0000: "), "{shown}");
    for line in ["Amount: ", "Pay before: ", "Payment code: ", "1. "] {
        assert!(shown.contains(line), "{line} missing in {shown}");
    }
    assert!(!shown.contains('<'), "markup shown: {shown}");
}

#[test]
fn qr_out_writes_the_png() {
    let file = scratch("qr.json", &vector_body("payin-response-qr.json", "qr"));
    let png = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-parse-{}-qr.png", std::process::id()));
    let out = run(
        &[
            "parse",
            "payin-response",
            file.to_str().unwrap(),
            "--qr-out",
            png.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(text(&out).contains("written to"));
    let redirect = scratch("redirect.json", &vector_body("payin-response.json", "redirect"));
    let out = run(
        &[
            "parse",
            "payin-response",
            redirect.to_str().unwrap(),
            "--qr-out",
            png.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "a redirect answer has no QR image");
}

#[test]
fn json_output_is_the_typed_value() {
    let file = scratch("qr2.json", &vector_body("payin-response-qr.json", "qr"));
    let out = run(&["parse", "payin-response", file.to_str().unwrap(), "--json"], None);
    let value: serde_json::Value = serde_json::from_str(&text(&out)).unwrap();
    assert_eq!(value["experience"]["kind"], "qr");
    assert!(
        value["experience"]["qr_png"]
            .as_str()
            .unwrap()
            .starts_with("iVBORw0KGgo"),
        "PNG as base64"
    );
}

#[test]
fn an_api_error_parses_and_junk_does_not() {
    let error = scratch(
        "err.json",
        br#"{"errorCode": "B405", "errorMessage": "Subscription not active"}"#,
    );
    let out = run(&["parse", "subscription-response", error.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out).contains("B405"));
    let junk = scratch("junk.json", b"{\"payinErrorCode\":");
    let out = run(&["parse", "payin-response", junk.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let missing = run(&["parse", "payin-response", "no-such-file.json"], None);
    assert_eq!(missing.status.code(), Some(2));
}

/// DESIGN.md 9 row 31: a webhook with only what a merchant's handler reads parses, in
/// both outputs; without subscriptionId it does not.
#[test]
fn a_webhook_with_only_its_id_and_status_parses() {
    let file = scratch("hook-min.json", br#"{"subscriptionId": 77, "status": "AUTHORIZED"}"#);
    let out = run(&["parse", "subscription-webhook", file.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(text(&out), "is_error: false\nstatus: AUTHORIZED\nsubscription_id: 77\n");
    let out = run(
        &["parse", "subscription-webhook", file.to_str().unwrap(), "--json"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&text(&out)).unwrap();
    assert_eq!(
        (v["subscription_id"].as_i64(), v["status"].as_str()),
        (Some(77), Some("AUTHORIZED"))
    );
    assert_eq!(v["charge_type"], serde_json::Value::Null);
    let no_id = scratch("hook-no-id.json", br#"{"status": "AUTHORIZED"}"#);
    let out = run(&["parse", "subscription-webhook", no_id.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("subscriptionId"));
}

fn notification(hash: &str) -> Vec<u8> {
    format!(
        r#"{{"payinStateID":"5","payinState":"Autorizado","payinMerchantID":"674","payinAmount":"30.0","payinCurrency":"PEN","payinMerchantOperationNumber":"OP-9","payinMethod":"Cash","payinVerification":"{hash}"}}"#
    )
    .into_bytes()
}

#[test]
fn verify_payin_notification_exit_codes() {
    for (name, hash, code) in [
        ("received", HASH_AS_RECEIVED, 0),
        ("two-decimals", HASH_TWO_DECIMALS, 0),
        ("upper", &HASH_AS_RECEIVED.to_uppercase(), 0),
        ("empty", "", 1),
        ("tampered", &HASH_AS_RECEIVED.replace('c', "d"), 1),
    ] {
        let file = scratch(&format!("n-{name}.json"), &notification(hash));
        let out = run(&["verify", "payin-notification", file.to_str().unwrap()], Some(KEY));
        assert_eq!(out.status.code(), Some(code), "{name}: {}", text(&out));
        let all = format!("{}{}", text(&out), String::from_utf8_lossy(&out.stderr));
        assert!(!all.contains(KEY), "the key is printed");
    }
    let file = scratch("n-nokey.json", &notification(HASH_AS_RECEIVED));
    let out = run(&["verify", "payin-notification", file.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2), "no key");
    let junk = scratch("n-junk.json", b"not json");
    let out = run(&["verify", "payin-notification", junk.to_str().unwrap()], Some(KEY));
    assert_eq!(out.status.code(), Some(2), "unreadable");
}

#[test]
fn document_command() {
    let out = run(&["document", "AR", "CUIT", "20-12345678-6", "--json"], None);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&text(&out)).unwrap();
    assert_eq!(v["valid"], true);
    assert_eq!(v["code"], serde_json::Value::Null);
    assert_eq!(v["compact"], "20123456786");
    assert_eq!(v["formatted"], "20-12345678-6");
    let out = run(&["document", "ARG", "CUIT", "20123456789", "--json"], None);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&text(&out)).unwrap();
    assert_eq!(v["code"], "ERR_INVALID_CHECKSUM");
    assert_eq!(
        run(&["document", "MX", "CLABE", "032180000118359719"], None)
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        run(&["document", "XX", "CUIT", "20123456786"], None).status.code(),
        Some(2)
    );
    assert_eq!(
        run(&["document", "AR", "SSN", "20123456786"], None).status.code(),
        Some(2)
    );
}

/// The member names of a JSON object, in the order they appear in its text.
struct KeyOrder(Vec<String>);

impl<'de> serde::Deserialize<'de> for KeyOrder {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> serde::de::Visitor<'de> for Keys {
            type Value = KeyOrder;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<KeyOrder, A::Error> {
                let mut keys = Vec::new();
                while let Some((key, _)) = map.next_entry::<String, serde::de::IgnoredAny>()? {
                    keys.push(key);
                }
                Ok(KeyOrder(keys))
            }
        }
        d.deserialize_map(Keys)
    }
}

/// The names of the first `{"a", "b", ...}` after `marker` in `text`.
fn documented_keys(text: &str, marker: &str) -> Vec<String> {
    let at = text.find(marker).unwrap();
    let rest = &text[at + marker.len()..];
    let open = rest.find('{').unwrap();
    let close = rest.find('}').unwrap();
    rest[open + 1..close]
        .split(',')
        .map(|k| k.trim().trim_matches('"').to_owned())
        .collect()
}

#[test]
fn document_json_members_in_the_documented_order() {
    let readme = include_str!("../../../README.md");
    let documented = documented_keys(readme, "`--json` prints `");
    assert_eq!(documented, ["valid", "code", "compact", "formatted", "warnings"]);
    let help = run(&["document", "--help"], None);
    assert_eq!(
        documented_keys(&text(&help), "--json"),
        documented,
        "the help says another order"
    );
    // Valid (code null), valid with a warning, invalid (a code, no warnings).
    for (args, exit) in [
        (["document", "AR", "CUIT", "20-12345678-6", "--json"], 0),
        (["document", "MX", "RFC", "GODE561231GR9", "--json"], 0),
        (["document", "AR", "CUIT", "20123456789", "--json"], 1),
    ] {
        let out = run(&args, None);
        assert_eq!(out.status.code(), Some(exit), "{args:?}");
        let KeyOrder(keys) = serde_json::from_str(&text(&out)).unwrap();
        assert_eq!(keys, documented, "{args:?}: {}", text(&out));
    }
}
