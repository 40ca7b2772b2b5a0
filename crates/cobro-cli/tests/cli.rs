//! Runs the built `cobro` binary: exit codes, output formats, signatures against values
//! computed independently (Python hashlib/hmac, hard-coded here), and that no secret
//! ever reaches stdout or stderr.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code: a failure is a panic

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The key of the tests (fake).
const TEST_KEY: &str = "fake-cli-test-key";
/// The key the examples' payinVerification was computed with (fake).
const EXAMPLE_KEY: &str = "fake-payin-key-for-examples";
/// The virtual-account secret of the tests (fake).
const VA_SECRET: &str = "fake-va-secret-for-tests";

/// sha512("1234" "ORDER-0001" "150.50" "PEN" TEST_KEY), computed with Python hashlib.
const PAYIN_HASH: &str = "e2936c4bb4c7b4fb9e4647d72de8552c472a8dcd24e18670b562e84ba2dca8da683c247932ef8dd66e8d4b9ea1c8a2cfa51b602e00de6cf3dec79a68f19cc46e";
/// sha512("1234" "ORDER-0001" "150.50" "PEN" EXAMPLE_KEY), computed with Python hashlib.
const EXAMPLE_PAYIN_HASH: &str = "7cf34c0a135e1b831bcf77fb3b745b403d35166c8b8d31d68c35e38ade9acd0a8229425c6bf8d4f569b6661ccba1e64717ae75f3589c0aa4e9e30da82e6fa89f";
/// sha512("1234" "RECURRENT" "987654321" "Wallet_on_file" TEST_KEY), computed with Python hashlib.
const SUBSCRIPTION_HASH: &str = "dfce8b66d457fd8e7c1ed9a3fdde4ffdcc7db71b929e29af7c8701341e31e54f69dd880b07f35515a5c72b1de221a7e2e9d9887b6ca9a1e28cf560c5e49b89d8";
/// hmac_sha512(VA_SECRET, "1767225600" "fake-api-key"), computed with Python hmac.
const VA_SIGNATURE: &str = "e8916041de4d5a5f6aa4e0f96089fae9ac51c791a417411cbc3e13cf8e5513b602a54a3b2fecae211c47ef811819514bb00faf3b1156a9ecb9c63f310db08938";

fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A scratch file under the target directory, unique per test.
fn scratch(name: &str, content: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{}-{name}", std::process::id()));
    std::fs::write(&path, content).unwrap();
    path
}

/// Runs `cobro args` with exactly the credentials in `env` (inherited ones removed).
fn run_with(args: &[&str], env: &[(&str, &str)], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cobro"));
    cmd.args(args)
        .env_remove("COBRO_PAYIN_KEY")
        .env_remove("COBRO_VA_SECRET")
        .envs(env.iter().copied())
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    if let Some(bytes) = stdin {
        // The command may exit before reading its input (e.g. a missing key): ignore EPIPE.
        let _ = child.stdin.take().unwrap().write_all(bytes);
    }
    child.wait_with_output().unwrap()
}

fn run(args: &[&str]) -> Output {
    run_with(args, &[], None)
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

/// [code, path] of every error of a report.
fn error_codes(report: &serde_json::Value) -> Vec<(String, String)> {
    report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["code"].as_str().unwrap().to_string(),
                i["path"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

// ---- validate: verdicts on the examples (meaningful once the kinds are implemented)

#[test]
fn valid_examples_exit_0() {
    for (kind, file) in [
        ("payin", "payin-pe-banktransfer.json"),
        ("virtual-account", "virtual-account-pe.json"),
        ("subscription", "subscription-recurrent.json"),
    ] {
        let o = run(&["validate", kind, &example(file)]);
        assert_eq!(code(&o), 0, "{file}: {}", stdout(&o));
        assert!(stdout(&o).lines().last().unwrap().starts_with("valid"), "{file}");
    }
}

#[test]
fn invalid_example_exits_1_with_every_problem() {
    let file = example("virtual-account-invalid.json");
    let o = run(&["validate", "virtual-account", &file]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    let out = stdout(&o);
    assert!(out.lines().last().unwrap().starts_with("invalid: "), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("error   owner.firstName") && l.contains("ERR_MISSING_FIELD"))
    );

    let o = run(&["validate", "virtual-account", &file, "--json"]);
    assert_eq!(code(&o), 1);
    let report = json(&stdout(&o));
    assert_eq!(report["valid"], false);
    let errors = error_codes(&report);
    for expected in [
        ("ERR_MISSING_FIELD", "owner.firstName"),
        ("ERR_INVALID_EMAIL", "owner.email"),
        ("ERR_INVALID_ACCOUNT_NAME", "account.name"),
    ] {
        assert!(
            errors.iter().any(|(c, p)| (c.as_str(), p.as_str()) == expected),
            "{expected:?} not in {errors:?}"
        );
    }
}

#[test]
fn locale_es_changes_the_messages_not_the_codes() {
    let file = example("virtual-account-invalid.json");
    let en = json(&stdout(&run(&["validate", "virtual-account", &file, "--json"])));
    let es = json(&stdout(&run(&[
        "validate",
        "virtual-account",
        &file,
        "--json",
        "--locale",
        "es",
    ])));
    assert_eq!(error_codes(&en), error_codes(&es));
    assert!(!error_codes(&en).is_empty());
    assert_ne!(en["errors"][0]["message"], es["errors"][0]["message"]);
}

#[test]
fn payin_key_from_the_environment_checks_the_verification() {
    let file = example("payin-pe-banktransfer.json");
    let o = run_with(&["validate", "payin", &file], &[("COBRO_PAYIN_KEY", EXAMPLE_KEY)], None);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let o = run_with(
        &["validate", "payin", &file, "--json"],
        &[("COBRO_PAYIN_KEY", TEST_KEY)],
        None,
    );
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    let errors = error_codes(&json(&stdout(&o)));
    assert_eq!(
        errors,
        [("ERR_INVALID_SIGNATURE".to_string(), "payinVerification".to_string())]
    );
    assert!(!stdout(&o).contains(TEST_KEY) && !stderr(&o).contains(TEST_KEY));
}

/// The text output of `validate payin` with a key ends with a line saying whether
/// payinVerification was checked against it; without a key, or with --json, there is none.
#[test]
fn validate_payin_with_a_key_says_whether_the_signature_was_checked() {
    let file = example("payin-pe-banktransfer.json");
    let o = run_with(&["validate", "payin", &file], &[("COBRO_PAYIN_KEY", EXAMPLE_KEY)], None);
    assert_eq!(code(&o), 0);
    assert_eq!(
        stdout(&o),
        "valid\npayinVerification checked against the key: matches\n"
    );

    let o = run_with(&["validate", "payin", &file], &[("COBRO_PAYIN_KEY", TEST_KEY)], None);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o),
        "error   payinVerification  ERR_INVALID_SIGNATURE  payinVerification does not match the SHA-512 of \
         payinMerchantID, payinMerchantOperationNumber, payinAmount, payinCurrency and the key\n\
         invalid: 1 error\n\
         payinVerification checked against the key: does not match\n"
    );

    // The line is the CLI's own, in English like its other lines; the report is localized.
    let unsigned = example("payin-pe-banktransfer-unsigned.json");
    let o = run_with(
        &["validate", "payin", &unsigned, "--locale", "es"],
        &[("COBRO_PAYIN_KEY", TEST_KEY)],
        None,
    );
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o),
        "error   payinVerification  ERR_MISSING_FIELD  payinVerification es obligatorio\n\
         error   payinDateTime      ERR_EMPTY_FIELD    payinDateTime no debe estar vacío\n\
         inválido: 2 errores\n\
         payinVerification not checked against the key: first fix the errors of payinVerification\n"
    );

    let body = std::fs::read_to_string(&file)
        .unwrap()
        .replace(r#""payinAmount": "150.50""#, r#""payinAmount": "-150.50""#);
    let o = run_with(
        &["validate", "payin", "-"],
        &[("COBRO_PAYIN_KEY", EXAMPLE_KEY)],
        Some(body.as_bytes()),
    );
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o).lines().last(),
        Some("payinVerification not checked against the key: first fix the errors of payinAmount")
    );

    let o = run_with(
        &["validate", "payin", "-"],
        &[("COBRO_PAYIN_KEY", EXAMPLE_KEY)],
        Some(b"[]"),
    );
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o).lines().last(),
        Some("payinVerification not checked against the key: the body could not be read as a pay-in")
    );

    // No key, no line.
    let o = run(&["validate", "payin", &file]);
    assert_eq!(stdout(&o), "valid\n");
    // --json prints the report alone, as every binding's report.
    let o = run_with(
        &["validate", "payin", &file, "--json"],
        &[("COBRO_PAYIN_KEY", EXAMPLE_KEY)],
        None,
    );
    assert_eq!(stdout(&o), "{\"valid\":true,\"errors\":[],\"warnings\":[]}\n");
    // Other kinds take no key: the variable is ignored, as it always was.
    let o = run_with(
        &["validate", "subscription", &example("subscription-recurrent.json")],
        &[("COBRO_PAYIN_KEY", EXAMPLE_KEY)],
        None,
    );
    assert_eq!(stdout(&o), "valid\n");
}

/// `validate payin --key-file PATH` reads the key as `prepare payin` does: one trailing
/// newline dropped, the file winning over COBRO_PAYIN_KEY, and never printed.
#[test]
fn validate_payin_takes_the_key_from_key_file() {
    let file = example("payin-pe-banktransfer.json");
    let right = scratch("validate-right.key", format!("{EXAMPLE_KEY}\n").as_bytes());
    let wrong = scratch("validate-wrong.key", TEST_KEY.as_bytes());
    let o = run_with(
        &["validate", "payin", &file, "--key-file", right.to_str().unwrap()],
        &[("COBRO_PAYIN_KEY", TEST_KEY)],
        None,
    );
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert_eq!(
        stdout(&o).lines().last(),
        Some("payinVerification checked against the key: matches")
    );
    let o = run_with(
        &["validate", "payin", &file, "--key-file", wrong.to_str().unwrap()],
        &[("COBRO_PAYIN_KEY", EXAMPLE_KEY)],
        None,
    );
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o).lines().last(),
        Some("payinVerification checked against the key: does not match")
    );
    for key in [EXAMPLE_KEY, TEST_KEY] {
        assert!(!stdout(&o).contains(key) && !stderr(&o).contains(key));
    }

    // The lines of --jsonl are checked against it too.
    let o = run(&[
        "validate",
        "payin",
        "--jsonl",
        &example("payins.jsonl"),
        "--key-file",
        wrong.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o)
            .lines()
            .next()
            .unwrap()
            .contains("ERR_INVALID_SIGNATURE at payinVerification"),
        "{}",
        stdout(&o)
    );

    let o = run(&["validate", "payin", &file, "--key-file", "no/such.key"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).starts_with("error: cannot read --key-file no/such.key"),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "validate",
        "subscription",
        &example("subscription-recurrent.json"),
        "--key-file",
        right.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("only `cobro validate payin`"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
}

#[test]
fn jsonl_reports_each_line_then_a_summary() {
    let file = example("payins.jsonl");
    let o = run(&["validate", "payin", "--jsonl", &file]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[0], "line 1: valid");
    assert!(lines[1].starts_with("line 2: invalid (") && lines[1].contains("ERR_INVALID_EMAIL at payinCustomerEmail"));
    assert_eq!(lines[2], "line 3: valid");
    assert!(lines[3].starts_with("line 4: invalid (") && lines[3].contains("at payinCustomerName"));
    assert_eq!(lines[4], "line 5: valid");
    assert_eq!(lines[5], "5 bodies: 3 valid, 2 invalid");
}

// ---- validate: format and exit codes (independent of the kinds' rules)

#[test]
fn json_output_is_the_report_json_and_parses() {
    let o = run_with(&["validate", "payin", "-", "--json"], &[], Some(b"{\"a\": "));
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(out.ends_with("}\n") && out.lines().count() == 1, "{out:?}");
    let report = json(&out);
    assert_eq!(report["valid"], false);
    assert_eq!(
        error_codes(&report),
        [("ERR_MALFORMED_JSON".to_string(), String::new())]
    );
    assert_eq!(report["errors"][0]["severity"], "error");
    assert!(report["warnings"].as_array().unwrap().is_empty());
}

#[test]
fn human_output_names_the_body_and_summarizes() {
    let o = run_with(&["validate", "subscription"], &[], Some(b"not json"));
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("error   (body)  ERR_MALFORMED_JSON  "), "{out}");
    assert_eq!(lines[1], "invalid: 1 error");
}

#[test]
fn locale_es_translates_the_summary_line_too() {
    let file = example("virtual-account-invalid.json");
    let en = stdout(&run(&["validate", "virtual-account", &file]));
    let es = stdout(&run(&["validate", "virtual-account", &file, "--locale", "es"]));
    let (en_last, es_last) = (en.lines().last().unwrap(), es.lines().last().unwrap());
    let errors = en_last
        .strip_prefix("invalid: ")
        .unwrap()
        .strip_suffix(" errors")
        .unwrap();
    assert_eq!(es_last, format!("inválido: {errors} errores"), "{es}");

    let o = run_with(&["validate", "subscription", "--locale", "es"], &[], Some(b"not json"));
    assert_eq!(stdout(&o).lines().last(), Some("inválido: 1 error"));
    let valid = example("payin-pe-banktransfer.json");
    let o = run(&["validate", "payin", &valid, "--locale", "es"]);
    assert!(
        stdout(&o).lines().last().unwrap().starts_with("válido"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn locale_pt_reports_in_portuguese() {
    let file = example("payin-pe-banktransfer-unsigned.json");
    let o = run(&["validate", "payin", &file, "--locale", "pt"]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o),
        "error   payinVerification  ERR_MISSING_FIELD  payinVerification é obrigatório\n\
         error   payinDateTime      ERR_EMPTY_FIELD    payinDateTime não pode estar vazio\n\
         inválido: 2 erros\n"
    );
    let o = run_with(&["validate", "payin", "--locale", "pt"], &[], Some(b" \n"));
    assert_eq!(
        stdout(&o),
        "error   (body)  ERR_EMPTY_FIELD  o corpo não pode estar vazio\ninválido: 1 erro\n"
    );
    let o = run(&["validate", "payin", &file, "--locale", "fr"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("en, es, pt"), "{}", stderr(&o));
}

#[test]
fn an_empty_body_says_it_is_empty() {
    let empty = scratch("empty.json", b"");
    let o = run(&["validate", "payin", empty.to_str().unwrap()]);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o),
        "error   (body)  ERR_EMPTY_FIELD  the body must not be empty\ninvalid: 1 error\n"
    );
    let o = run_with(&["validate", "payin", "--locale", "es"], &[], Some(b" \n"));
    assert_eq!(
        stdout(&o),
        "error   (body)  ERR_EMPTY_FIELD  el cuerpo no debe estar vacío\ninválido: 1 error\n"
    );
    assert!(
        stderr(&o).is_empty(),
        "no notice when standard input is a pipe: {}",
        stderr(&o)
    );
}

/// With no FILE and a terminal as standard input, the command says where it reads from
/// (`script` from util-linux gives it a pseudo-terminal, and ends the input when its own
/// empty standard input ends).
#[cfg(target_os = "linux")]
#[test]
fn no_file_on_a_terminal_says_it_reads_standard_input() {
    let command = format!("{} validate payin", env!("CARGO_BIN_EXE_cobro"));
    let o = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env_remove("COBRO_PAYIN_KEY")
        .stdin(Stdio::null())
        .output()
        .expect("`script` (util-linux) runs the command on a pseudo-terminal");
    // The pseudo-terminal merges the command's stdout and stderr.
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("reading the body from standard input"), "{out}");
    assert!(out.contains("ERR_EMPTY_FIELD"), "{out}");
}

#[test]
fn jsonl_json_mode_numbers_lines_and_skips_blank_ones() {
    let valid = std::fs::read_to_string(example("payin-pe-banktransfer.json")).unwrap();
    let compact = json(&valid).to_string();
    let file = scratch("mixed.jsonl", format!("{compact}\n   \n{{oops\n").as_bytes());
    let o = run(&["validate", "payin", "--jsonl", file.to_str().unwrap(), "--json"]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(lines[1]["line"], 3);
    assert_eq!(lines[1]["report"]["errors"][0]["code"], "ERR_MALFORMED_JSON");
    assert_eq!(lines[2], json(r#"{"summary":{"total":2,"valid":1,"invalid":1}}"#));
    assert!(stderr(&o).is_empty(), "no progress bar when stderr is not a terminal");
}

#[test]
fn usage_errors_and_unreadable_files_exit_2() {
    assert_eq!(code(&run(&["validate", "invoice", "-"])), 2);
    assert_eq!(code(&run(&["validate", "payin", "--locale", "fr", "-"])), 2);
    assert_eq!(code(&run(&["validate"])), 2);
    let o = run(&["validate", "payin", "no/such/file.json"]);
    assert_eq!(code(&o), 2);
    assert!(stdout(&o).is_empty());
    let err = stderr(&o);
    assert!(
        err.starts_with("error: cannot read no/such/file.json") && err.lines().count() == 1,
        "{err}"
    );
    assert_eq!(code(&run(&["validate", "payin", "--jsonl", "no/such/file.jsonl"])), 2);
}

#[test]
fn a_bad_payin_key_is_exit_2_without_printing_it() {
    let bad = " fake-key-with-a-space";
    let o = run_with(
        &["validate", "payin", &example("payin-pe-banktransfer.json")],
        &[("COBRO_PAYIN_KEY", bad)],
        None,
    );
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert!(
        err.starts_with("error: COBRO_PAYIN_KEY") && err.lines().count() == 1,
        "{err}"
    );
    assert!(!err.contains("fake-key-with-a-space") && !stdout(&o).contains("fake-key-with-a-space"));
}

// ---- sign

fn sign_payin(amount: &str) -> Vec<String> {
    [
        "sign",
        "payin",
        "--merchant-id",
        "1234",
        "--operation-number",
        "ORDER-0001",
        "--amount",
        amount,
        "--currency",
        "PEN",
    ]
    .map(String::from)
    .to_vec()
}

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn sign_payin_matches_an_independent_sha512() {
    for amount in ["150.50", "150.5"] {
        let o = run_with(&args(&sign_payin(amount)), &[("COBRO_PAYIN_KEY", TEST_KEY)], None);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert_eq!(stdout(&o), format!("{PAYIN_HASH}\n"));
    }
}

#[test]
fn sign_payin_reproduces_the_example_body_hash() {
    let body = json(&std::fs::read_to_string(example("payin-pe-banktransfer.json")).unwrap());
    assert_eq!(body["payinVerification"], EXAMPLE_PAYIN_HASH);
    let o = run_with(&args(&sign_payin("150.50")), &[("COBRO_PAYIN_KEY", EXAMPLE_KEY)], None);
    assert_eq!(stdout(&o).trim_end(), EXAMPLE_PAYIN_HASH);
}

#[test]
fn sign_payin_bad_amount_is_exit_2() {
    let o = run_with(&args(&sign_payin("1e2")), &[("COBRO_PAYIN_KEY", TEST_KEY)], None);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("exponent"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
}

#[test]
fn missing_key_is_exit_2_with_what_to_do() {
    let o = run(&args(&sign_payin("150.50")));
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "error: COBRO_PAYIN_KEY is not set; export it or pass --key-file PATH\n"
    );
    let o = run(&["sign", "virtual-account", "--api-key", "fake-api-key"]);
    assert_eq!(code(&o), 2);
    assert_eq!(
        stderr(&o),
        "error: COBRO_VA_SECRET is not set; export it or pass --secret-file PATH\n"
    );
}

#[test]
fn key_file_loses_one_trailing_newline_only() {
    let file = scratch("payin.key", format!("{TEST_KEY}\n").as_bytes());
    let mut a = sign_payin("150.50");
    a.extend(["--key-file".to_string(), file.to_str().unwrap().to_string()]);
    let o = run(&args(&a));
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{PAYIN_HASH}\n"));

    let file = scratch("payin2.key", format!("{TEST_KEY}\n\n").as_bytes());
    let mut a = sign_payin("150.50");
    a.extend(["--key-file".to_string(), file.to_str().unwrap().to_string()]);
    let o = run(&args(&a));
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("whitespace") && !stderr(&o).contains(TEST_KEY));
}

#[test]
fn key_file_wins_over_the_environment() {
    let file = scratch("payin3.key", TEST_KEY.as_bytes());
    let mut a = sign_payin("150.50");
    a.extend(["--key-file".to_string(), file.to_str().unwrap().to_string()]);
    let o = run_with(&args(&a), &[("COBRO_PAYIN_KEY", EXAMPLE_KEY)], None);
    assert_eq!(stdout(&o), format!("{PAYIN_HASH}\n"));
}

#[test]
fn a_key_is_never_taken_from_an_argument() {
    let mut a = sign_payin("150.50");
    a.extend(["--key".to_string(), TEST_KEY.to_string()]);
    let o = run(&args(&a));
    assert_eq!(code(&o), 2);
}

#[test]
fn sign_subscription_prints_the_bearer_header_value() {
    let o = run_with(
        &[
            "sign",
            "subscription",
            "--merchant-id",
            "1234",
            "--type",
            "RECURRENT",
            "--customer-id",
            "987654321",
            "--processor-code",
            "Wallet_on_file",
        ],
        &[("COBRO_PAYIN_KEY", TEST_KEY)],
        None,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("Bearer {SUBSCRIPTION_HASH}\n"));
}

#[test]
fn sign_subscription_refuses_an_unknown_type() {
    let o = run_with(
        &[
            "sign",
            "subscription",
            "--merchant-id",
            "1",
            "--type",
            "WEEKLY",
            "--customer-id",
            "9",
            "--processor-code",
            "P",
        ],
        &[("COBRO_PAYIN_KEY", TEST_KEY)],
        None,
    );
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("ON_DEMAND, RECURRENT"), "{}", stderr(&o));
}

/// DESIGN.md 9 row 32: `sign payin` refuses what validation refuses for the same field
/// (merchant id 0, currency `pen`, a 51-character operation number), and signs nothing.
#[test]
fn sign_payin_refuses_what_validation_refuses() {
    let long = "X".repeat(51);
    for (flag, value, says) in [
        ("--merchant-id", "0", "merchant_id must be a whole number between 1 and"),
        ("--currency", "pen", "currency must be an ISO 4217 code"),
        (
            "--operation-number",
            long.as_str(),
            "operation_number must have between 1 and 50 characters",
        ),
    ] {
        let mut argv = sign_payin("150.50");
        let at = argv.iter().position(|a| a == flag).unwrap();
        argv[at + 1] = value.to_string();
        let o = run_with(&args(&argv), &[("COBRO_PAYIN_KEY", TEST_KEY)], None);
        assert_eq!(code(&o), 2, "{flag}");
        assert!(stdout(&o).is_empty(), "{flag}: signed anyway");
        assert!(stderr(&o).contains(says), "{flag}: {}", stderr(&o));
    }
}

#[test]
fn sign_virtual_account_matches_an_independent_hmac() {
    let base = [
        "sign",
        "virtual-account",
        "--api-key",
        "fake-api-key",
        "--timestamp",
        "1767225600",
    ];
    let o = run_with(&base, &[("COBRO_VA_SECRET", VA_SECRET)], None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{VA_SIGNATURE}\n"));

    let file = scratch("va.secret", format!("{VA_SECRET}\n").as_bytes());
    let mut with_file = base.to_vec();
    with_file.extend(["--secret-file", file.to_str().unwrap()]);
    assert_eq!(stdout(&run(&with_file)), format!("{VA_SIGNATURE}\n"));
}

#[test]
fn sign_virtual_account_defaults_to_now_and_refuses_milliseconds() {
    let o = run_with(
        &["sign", "virtual-account", "--api-key", "fake-api-key"],
        &[("COBRO_VA_SECRET", VA_SECRET)],
        None,
    );
    assert_eq!(code(&o), 0);
    let hex = stdout(&o);
    assert!(hex.trim_end().len() == 128 && hex.trim_end().bytes().all(|b| b.is_ascii_hexdigit()));

    let o = run_with(
        &[
            "sign",
            "virtual-account",
            "--api-key",
            "fake-api-key",
            "--timestamp",
            "1767225600000",
        ],
        &[("COBRO_VA_SECRET", VA_SECRET)],
        None,
    );
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("divide by 1000"), "{}", stderr(&o));
}

// ---- prepare

#[test]
fn prepare_checks_arguments_and_credentials_first() {
    let sub = example("subscription-recurrent.json");
    let o = run(&["prepare", "subscription", &sub]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("COBRO_PAYIN_KEY is not set"));

    let payin = example("payin-pe-banktransfer.json");
    let o = run_with(
        &["prepare", "payin", &payin, "--date", "2026-11-22"],
        &[("COBRO_PAYIN_KEY", TEST_KEY)],
        None,
    );
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("--date is now --now SECONDS"), "{}", stderr(&o));
    let o = run_with(
        &["prepare", "payin", &payin, "--now", "1795348800000"],
        &[("COBRO_PAYIN_KEY", TEST_KEY)],
        None,
    );
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("--now") && stderr(&o).contains("divide by 1000"),
        "{}",
        stderr(&o)
    );

    let va = example("virtual-account-pe.json");
    let o = run_with(
        &["prepare", "virtual-account", &va, "--api-key", "k"],
        &[("COBRO_VA_SECRET", VA_SECRET)],
        None,
    );
    assert_eq!(code(&o), 2, "--deposit-mode is required");
    let o = run_with(
        &[
            "prepare",
            "virtual-account",
            &va,
            "--api-key",
            "k",
            "--deposit-mode",
            "SOME",
        ],
        &[("COBRO_VA_SECRET", VA_SECRET)],
        None,
    );
    assert_eq!(code(&o), 2);
}

#[test]
fn prepare_subscription_prints_the_request_with_its_authorization() {
    let o = run_with(
        &["prepare", "subscription", &example("subscription-recurrent.json")],
        &[("COBRO_PAYIN_KEY", TEST_KEY)],
        None,
    );
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    let request = json(&stdout(&o));
    assert_eq!(request["method"], "POST");
    assert_eq!(request["path"], "/api/v1/subscription");
    let headers = request["headers"].as_array().unwrap();
    let auth = json(&format!(r#"["Authorization","Bearer {SUBSCRIPTION_HASH}"]"#));
    assert!(headers.contains(&auth), "{headers:?}");
    assert!(request["body"].is_string());
}

#[test]
fn prepare_virtual_account_prints_the_four_headers() {
    let o = run_with(
        &[
            "prepare",
            "virtual-account",
            &example("virtual-account-pe.json"),
            "--api-key",
            "fake-api-key",
            "--deposit-mode",
            "OWNER",
            "--now",
            "1767225600",
        ],
        &[("COBRO_VA_SECRET", VA_SECRET)],
        None,
    );
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    let request = json(&stdout(&o));
    assert_eq!(request["path"], "/merchant-payin-accounts/v1/accounts");
    let headers = request["headers"].as_array().unwrap();
    assert!(
        headers.contains(&json(&format!(r#"["X-Signature","{VA_SIGNATURE}"]"#))),
        "{headers:?}"
    );
    assert!(headers.contains(&json(r#"["X-Account-deposit-mode","OWNER"]"#)));
}

#[test]
fn prepare_invalid_body_prints_the_report_and_exits_1() {
    let o = run_with(
        &[
            "prepare",
            "virtual-account",
            "-",
            "--api-key",
            "k",
            "--deposit-mode",
            "ANY",
            "--json",
        ],
        &[("COBRO_VA_SECRET", VA_SECRET)],
        Some(b"[1, 2"),
    );
    assert_eq!(code(&o), 1);
    let report = json(&stdout(&o));
    assert_eq!(
        error_codes(&report),
        [("ERR_MALFORMED_JSON".to_string(), String::new())]
    );
}

// ---- secrets never leak

#[test]
fn secrets_never_appear_in_any_output() {
    let env = [("COBRO_PAYIN_KEY", TEST_KEY), ("COBRO_VA_SECRET", VA_SECRET)];
    let runs: Vec<Vec<String>> = vec![
        sign_payin("150.50"),
        sign_payin("-1"),
        ["sign", "virtual-account", "--api-key", "", "--timestamp", "1"]
            .map(String::from)
            .to_vec(),
        ["validate", "payin", &example("payin-pe-banktransfer.json"), "--json"]
            .map(String::from)
            .to_vec(),
        ["validate", "payin", &example("payin-pe-banktransfer.json")]
            .map(String::from)
            .to_vec(),
        ["validate", "payin", "--jsonl", &example("payins.jsonl")]
            .map(String::from)
            .to_vec(),
        [
            "prepare",
            "payin",
            &example("payin-pe-banktransfer.json"),
            "--now",
            "1795348800",
        ]
        .map(String::from)
        .to_vec(),
        ["prepare", "subscription-cancel", "-"].map(String::from).to_vec(),
    ];
    for a in &runs {
        let o = run_with(&args(a), &env, Some(b"{}"));
        for secret in [TEST_KEY, VA_SECRET] {
            assert!(!stdout(&o).contains(secret), "{a:?}");
            assert!(!stderr(&o).contains(secret), "{a:?}");
        }
    }
}

#[test]
fn codes_lists_the_whole_catalogue() {
    let o = run(&["codes", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let listed: Vec<&str> = value["codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    let all: Vec<&str> = cobro::Code::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(listed, all);
    let o = run(&["codes"]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains("ERR_INVALID_REQUEST") && text.contains("ValidationError"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 2 * all.len());
}
