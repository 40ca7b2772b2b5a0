//! Runs the built `cobro` binary for the pay-in status query (DESIGN.md 9 row 36):
//! `cobro prepare payin-status` on every prepare vector (the request byte for byte, or
//! exit 2 naming the argument, never the key), and `cobro parse payin-status --json` on
//! every answer vector (the parsed value, or exit 2 naming the field).
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code: a failure is a panic

use std::path::PathBuf;
use std::process::{Command, Output};

fn vectors(folder: &str) -> Vec<serde_json::Value> {
    let path = format!(
        "{}/../../tests/vectors/{folder}/payin-status.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    file["cases"].as_array().unwrap().clone()
}

fn run(args: &[String], key: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cobro"))
        .args(args)
        .env_remove("COBRO_VA_SECRET")
        .env("COBRO_PAYIN_KEY", key)
        .output()
        .unwrap()
}

#[test]
fn prepare_payin_status_gives_each_vectors_request() {
    for case in vectors("prepare") {
        let name = case["name"].as_str().unwrap();
        let key = case["key"].as_str().unwrap();
        let mut args: Vec<String> = vec![
            "prepare".into(),
            "payin-status".into(),
            "--merchant-id".into(),
            case["merchant_id"].to_string(),
            "--now".into(),
            case["now"].to_string(),
        ];
        for (field, option) in [
            ("operation_number", "--operation-number"),
            ("start_date", "--start-date"),
            ("end_date", "--end-date"),
        ] {
            if let Some(value) = case[field].as_str() {
                args.push(format!("{option}={value}"));
            }
        }
        let out = run(&args, key);
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(
            !stdout.contains(key) && !stderr.contains(key),
            "{name}: the key was printed"
        );
        if case["expected"].is_object() {
            assert_eq!(out.status.code(), Some(0), "{name}: {stderr}");
            let got: serde_json::Value = serde_json::from_str(&stdout).unwrap();
            let want = &case["expected"];
            assert_eq!(got["path"], want["path"], "{name}");
            assert_eq!(got["body"], want["body"], "{name}");
            assert_eq!(got["headers"], want["headers"], "{name}");
        } else {
            assert_eq!(out.status.code(), Some(2), "{name}: {stdout}");
            let argument = case["error_argument"].as_str().unwrap();
            assert!(stderr.contains(argument), "{name}: {stderr}");
        }
    }
}

#[test]
fn parse_payin_status_reads_each_vectors_answer() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for (i, case) in vectors("responses").into_iter().enumerate() {
        let name = case["name"].as_str().unwrap();
        let path = dir.join(format!("cli-status-{}-{i}.json", std::process::id()));
        std::fs::write(&path, serde_json::to_vec(&case["body"]).unwrap()).unwrap();
        let args = [
            "parse".to_string(),
            "payin-status".to_string(),
            path.to_string_lossy().into_owned(),
            "--json".to_string(),
        ];
        let out = run(&args, "unused-fake-key");
        std::fs::remove_file(&path).unwrap();
        if case["expected"].is_object() {
            assert_eq!(out.status.code(), Some(0), "{name}");
            let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(got, case["expected"], "{name}");
        } else {
            assert_eq!(out.status.code(), Some(2), "{name}");
            let path = case["error"]["path"].as_str().unwrap();
            assert!(String::from_utf8_lossy(&out.stderr).contains(path), "{name}");
        }
    }
}

/// `--get` prints one field of the parsed value, by its dotted path: what a shell keeps.
#[test]
fn parse_get_prints_one_field() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let case = &vectors("responses")[0];
    let path = dir.join(format!("cli-status-get-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_vec(&case["body"]).unwrap()).unwrap();
    let file = path.to_string_lossy().into_owned();
    let get = |field: &str| {
        let args = ["parse", "payin-status", file.as_str(), "--get", field].map(String::from);
        run(&args, "unused-fake-key")
    };
    let out = get("operations[0].payin_merchant_operation_number");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "{}\n",
            case["expected"]["operations"][0]["payin_merchant_operation_number"]
                .as_str()
                .unwrap()
        )
    );
    assert_eq!(
        String::from_utf8_lossy(&get("operations[0].state.paid").stdout),
        "true\n"
    );
    let missing = get("operations[9].state");
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no such field"));
    std::fs::remove_file(&path).unwrap();
}
