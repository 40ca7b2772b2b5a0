//! Runs every shell command of README.md (its ```sh blocks) as written and checks the
//! exit status each must have, so the README's commands cannot drift from the CLI or
//! from the files of `examples/`.
//!
//! `cobro`, and `cargo run -q -p cobro-cli --` (which the README says stands for it), is
//! the binary cargo built for this test. The commands run with bash, in README order, in
//! a scratch folder holding a copy of `examples/` (what they write, the QR image, stays
//! out of the checkout), with no credential inherited from the environment; an `export`
//! holds for the commands after it, as in one shell session. A command with no entry in
//! [`EXPECTED`] (a new one) fails the test, and so does an entry the README no longer
//! has. Commands not run here are listed in [`NOT_RUN`] with the reason.
//!
//! The walkthrough of `cobro mock` ([`MOCK_SECTION`]) runs against the endpoint and the
//! mock this test starts from the README's own commands ([`LISTEN_COMMAND`],
//! [`MOCK_COMMAND`]) on free ports, the commands running with the scratch folder as
//! TMPDIR; the README's fixed addresses ([`MOCK_ADDR`], [`RECEIVER_ADDR`]) are replaced
//! by the real ones in every command, and both are killed at the end, a failure
//! included. A command that reads a notification `cobro listen` saved
//! (`"$RECEIVED/NNNN-<kind>.json"`) waits for it. An `export` keeps the values it set,
//! so what made them runs once.
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // test code: a failure is a panic

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

const README: &str = include_str!("../../../README.md");
const SCRIPTS_TEST: &str = include_str!("../../../scripts/test");
/// What the README says stands for `cobro ARGS`.
const CARGO_RUN: &str = "cargo run -q -p cobro-cli --";

/// README commands this test does not run, and why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "scripts/test",
        "the whole test command: it runs this test, so running it here would recurse",
    ),
    (
        "cargo install --path crates/cobro-cli",
        "installs into ~/.cargo/bin, outside the checkout; the binary cargo built for this test is what it would install",
    ),
    (
        "COBRO_PAYIN_KEY='fake-payin-key-for-examples' cobro listen --port 12112 --save \"$(mktemp -d)\" --forward-to http://127.0.0.1:8000/webhooks/cobro",
        "runs until Ctrl-C and forwards to the reader's endpoint; tests/cli_listen.rs runs it with these options against cobro mock",
    ),
    (
        "COBRO_PAYIN_KEY='fake-payin-key-for-examples' cobro check-webhook http://127.0.0.1:8000/webhooks/cobro",
        "needs the reader's endpoint; tests/cli_listen.rs runs it against an endpoint that accepts everything and against cobro listen",
    ),
];

/// README sections whose first code block another stage runs as written, and which.
const SECTIONS_RUN_ELSEWHERE: &[(&str, &str)] = &[(
    "### Fuzzing",
    "scripts/test's fuzz_smoke stage runs them as written, each for a few seconds",
)];

/// The README section that walks through `cobro mock`.
const MOCK_SECTION: &str = "## Testing your integration without the provider";
/// The README's command that starts the mock: this test starts it itself, on a free port
/// instead of `--port 12111`, and keeps it running for the commands after it.
const MOCK_COMMAND: &str = "COBRO_PAYIN_KEY='fake-payin-key-for-examples' COBRO_VA_SECRET='fake-va-secret-for-examples' cobro mock --port 12111 --merchant-id 1234 --api-key my-api-key --webhook-url http://127.0.0.1:12112/webhook";
/// The README's command that starts `cobro listen`, the notification endpoint the mock
/// sends to: this test starts it itself, on a free port instead of `--port 12112`.
const LISTEN_COMMAND: &str = r#"COBRO_PAYIN_KEY='fake-payin-key-for-examples' cobro listen --port 12112 --save "${TMPDIR:-/tmp}/cobro-received" --allow 127.0.0.1"#;
/// What `cobro listen` prints first, before its address.
const LISTEN_BANNER: &str = "cobro listen on http://";
/// The folder, under the scratch folder the commands run with as TMPDIR, where `cobro
/// listen` saves the notifications.
const RECEIVED: &str = "cobro-received";
/// The mock's address in the README's commands.
const MOCK_ADDR: &str = "127.0.0.1:12111";
/// The webhook receiver's address in the README's commands.
const RECEIVER_ADDR: &str = "127.0.0.1:12112";
/// What the mock prints first, before its address.
const MOCK_BANNER: &str = "cobro mock listening on http://";
/// Commands whose output depends on a notification's delivery having ended (the mock
/// logs it after the receiver's answer): run again, for up to [`WAIT`], until they pass.
const EVENTUALLY: &[&str] = &[r#"curl -s "$MOCK/_mock/events""#];
/// How long a command waits for a notification, or is run again.
const WAIT: Duration = Duration::from_secs(15);

/// A README command (trailing comments dropped, continuation lines joined, runs of
/// spaces as one, `cobro` for `cargo run -q -p cobro-cli --`), the status it exits with, and text its standard output must hold
/// (empty: anything).
struct Expected {
    command: &'static str,
    exit: i32,
    stdout_has: &'static str,
}

const fn ok(command: &'static str) -> Expected {
    Expected {
        command,
        exit: 0,
        stdout_has: "",
    }
}

/// sha512("1234" "ORDER-0001" "150.50" "PEN" "fake-payin-key-for-examples"), computed
/// with Python hashlib: the payinVerification of examples/payin-pe-banktransfer.json.
const EXAMPLE_PAYIN_HASH: &str = "7cf34c0a135e1b831bcf77fb3b745b403d35166c8b8d31d68c35e38ade9acd0a8229425c6bf8d4f569b6661ccba1e64717ae75f3589c0aa4e9e30da82e6fa89f";
/// hmac_sha512("fake-va-secret-for-examples", "1767225600" "my-api-key"), computed with
/// Python hmac: the secret of examples/va.secret.
const EXAMPLE_VA_SIGNATURE: &str = "a38ab3e8bda2d5d335f665f9f3373314d189c109516d793ce6105d9c7130ddde6a1652dc7ddb718fdcba584b2ca7aa61631b9ea32b79a84855812844798a2218";

/// Every README command that runs here. Exit codes: 0 valid (or done), 1 invalid, 2
/// usage error, unreadable file or unusable credential (the README's "Exit codes").
const EXPECTED: &[Expected] = &[
    // The first line of the README, then the same command under the next headings.
    Expected {
        command: "cobro validate payin examples/payin-pe-banktransfer.json",
        exit: 0,
        stdout_has: "valid",
    },
    Expected {
        command: "cobro validate payin examples/payin-pe-banktransfer.json",
        exit: 0,
        stdout_has: "valid\n",
    },
    Expected {
        command: "cobro validate virtual-account examples/virtual-account-invalid.json --locale es",
        exit: 1,
        stdout_has: "inválido: 4 errores",
    },
    Expected {
        command: "cobro validate payin examples/payin-pe-banktransfer-unsigned.json --locale pt",
        exit: 1,
        stdout_has: "payinVerification é obrigatório",
    },
    // Before prepare, what prepare fills (payinVerification, the date) is no error.
    Expected {
        command: "cobro validate payin examples/payin-pe-banktransfer-unsigned.json --before-prepare",
        exit: 0,
        stdout_has: "valid",
    },
    Expected {
        command: "cat examples/subscription-recurrent.json | cobro validate subscription - --json --strict",
        exit: 0,
        stdout_has: r#"{"valid":true,"errors":[],"warnings":[]}"#,
    },
    // Lines 2 and 4 of the file are invalid.
    Expected {
        command: "cobro validate payin --jsonl examples/payins.jsonl",
        exit: 1,
        stdout_has: "5 bodies: 3 valid, 2 invalid",
    },
    ok("export COBRO_PAYIN_KEY='fake-payin-key-for-examples'"),
    // With the key exported: what the README says it prints.
    Expected {
        command: "cobro validate payin examples/payin-pe-banktransfer.json",
        exit: 0,
        stdout_has: "valid\npayinVerification checked against the key: matches\n",
    },
    // The key the README exports is the one the example body was signed with.
    Expected {
        command: "cobro sign payin --merchant-id 1234 --operation-number ORDER-0001 --amount 150.50 --currency PEN",
        exit: 0,
        stdout_has: EXAMPLE_PAYIN_HASH,
    },
    Expected {
        command: "cobro sign subscription --merchant-id 1234 --type RECURRENT --customer-id 987654321 --processor-code Wallet_on_file",
        exit: 0,
        stdout_has: "Bearer ",
    },
    Expected {
        command: "cobro sign virtual-account --api-key my-api-key --timestamp 1767225600 --secret-file examples/va.secret",
        exit: 0,
        stdout_has: EXAMPLE_VA_SIGNATURE,
    },
    ok(
        "cobro sign virtual-account --api-key my-api-key --timestamp 1767225600 --secret-file examples/va.secret --reference-id user-0001",
    ),
    Expected {
        command: "cobro sign virtual-account --api-key my-api-key --timestamp 1767225600 --reference-id user-0001 --message",
        exit: 0,
        stdout_has: "1767225600my-api-keyuser-0001",
    },
    ok("export COBRO_VA_SECRET='fake-va-secret-for-examples'"),
    // prepare computes the example's payinVerification and writes the date.
    Expected {
        command: "cobro prepare payin examples/payin-pe-banktransfer-unsigned.json --now 1795348800 --wrap-data",
        exit: 0,
        stdout_has: EXAMPLE_PAYIN_HASH,
    },
    ok("cobro prepare subscription examples/subscription-recurrent.json"),
    Expected {
        command: "cobro prepare subscription-cancel examples/subscription-cancel.json",
        exit: 0,
        stdout_has: "/api/v1/subscription/cancel",
    },
    ok("cobro prepare virtual-account examples/virtual-account-pe.json --api-key my-api-key --deposit-mode OWNER"),
    ok(
        "cobro prepare virtual-account examples/virtual-account-pe.json --api-key my-api-key --deposit-mode OWNER --signature reference-id",
    ),
    Expected {
        command: "cobro parse payin-response examples/answer-payin-qr.json",
        exit: 0,
        stdout_has: "Amount: S/ 150.50",
    },
    Expected {
        command: "cobro parse payin-response examples/answer-payin-qr.json --qr-out qr.png",
        exit: 0,
        stdout_has: "written to qr.png",
    },
    // An API error answer is a parsed value: exit 0.
    Expected {
        command: "cobro parse virtual-account-response examples/answer-virtual-account-error.json --status 422 --json",
        exit: 0,
        stdout_has: r#""outcome":"error""#,
    },
    // The notification's payinVerification holds under the examples' key.
    Expected {
        command: "COBRO_PAYIN_KEY='fake-payin-key-for-examples' cobro verify payin-notification examples/notification-payin.json",
        exit: 0,
        stdout_has: "authentic: state 5",
    },
    Expected {
        command: "COBRO_PAYIN_KEY='fake-payin-key-for-examples' cobro prepare payin-status --merchant-id 1234 --operation-number ORDER-0001",
        exit: 0,
        stdout_has: r#""path":"/ms-experience-payin/merchant/1234/operations""#,
    },
    Expected {
        command: "COBRO_PAYIN_KEY='fake-payin-key-for-examples' cobro prepare payin-status --merchant-id 1234 --start-date 2026-01-01 --end-date 2026-01-31",
        exit: 0,
        stdout_has: r#"\"payinStartDate\":\"2026-01-01\""#,
    },
    Expected {
        command: "cobro document AR CUIT 20-12345678-6",
        exit: 0,
        stdout_has: "valid AR CUIT 20-12345678-6",
    },
    Expected {
        command: "cobro document MEX CLABE 032180000118359719 --json",
        exit: 0,
        stdout_has: r#"{"valid":true,"code":null,"compact":"032180000118359719""#,
    },
    // The catalogue of codes.
    Expected {
        command: "cobro codes",
        exit: 0,
        stdout_has: "ERR_INVALID_REQUEST",
    },
    Expected {
        command: "cobro codes --json",
        exit: 0,
        stdout_has: r#"{"codes":[{"code":"ERR_MALFORMED_JSON","#,
    },
    // The JSON Schema of a request kind.
    Expected {
        command: "cobro schema payin",
        exit: 0,
        stdout_has: r#""$schema": "https://json-schema.org/draft/2020-12/schema""#,
    },
    Expected {
        command: "cobro schema openapi",
        exit: 0,
        stdout_has: r#""openapi": "3.1.0""#,
    },
    // The walkthrough of `cobro mock`, in README order: the mock has merchant 1234 with
    // the examples' keys, and ids come from one counter from 1.
    ok("export MOCK=http://127.0.0.1:12111"),
    Expected {
        command: r#"curl -s "$MOCK/api-payin/v3/online-payments" -H 'Content-Type: application/json' --data-binary @examples/payin-pe-banktransfer.json | cobro parse payin-response"#,
        exit: 0,
        stdout_has: "created 0000",
    },
    Expected {
        command: r#"curl -s -X POST "$MOCK/_mock/payins/ORDER-0001/pay" -H 'Content-Type: application/json'"#,
        exit: 0,
        stdout_has: r#""payinStateID":"5""#,
    },
    Expected {
        command: r#"cobro verify payin-notification "$RECEIVED/0001-payin-notification.json""#,
        exit: 0,
        stdout_has: "authentic: state 5",
    },
    // A retry: the first answer again, its payinTrxOperation the first pay-in's.
    Expected {
        command: r#"curl -s -w ' HTTP %{http_code}\n' "$MOCK/api-payin/v3/online-payments" -H 'Content-Type: application/json' --data-binary @examples/payin-pe-banktransfer.json"#,
        exit: 0,
        stdout_has: r#""payinTrxOperation":"MOCKTRX000000000001""#,
    },
    Expected {
        command: r#"sed 's/"Lima"/"Cusco"/' examples/payin-pe-banktransfer.json | curl -s -w ' HTTP %{http_code}\n' "$MOCK/api-payin/v3/online-payments" -H 'Content-Type: application/json' --data-binary @-"#,
        exit: 0,
        stdout_has: r#"{"payinErrorCode":"0099","payinErrorMessage":"payinMerchantOperationNumber was already used"#,
    },
    Expected {
        command: r#"curl -s "$MOCK/_mock/events""#,
        exit: 0,
        stdout_has: r#""detail":"attempt 1 of 5: delivered","kind":"delivery","merchant_id":1234"#,
    },
    ok("export COBRO_PAYIN_KEY='fake-payin-key-for-examples' COBRO_VA_SECRET='fake-va-secret-for-examples'"),
    ok(r#"export RECEIVED="${TMPDIR:-/tmp}/cobro-received""#),
    ok(
        r#"export AUTH="$(cobro sign subscription --merchant-id 1234 --type RECURRENT --customer-id 987654321 --processor-code Wallet_on_file)""#,
    ),
    ok(
        r#"export SUBSCRIPTION="$(curl -s "$MOCK/api/v1/subscription" -H "Authorization: $AUTH" -H 'Content-Type: application/json' --data-binary @examples/subscription-recurrent.json | cobro parse subscription-response --get subscription_id)""#,
    ),
    Expected {
        command: r#"curl -s -X POST "$MOCK/_mock/subscriptions/$SUBSCRIPTION/authorize" -H 'Content-Type: application/json'"#,
        exit: 0,
        stdout_has: r#""status":"AUTHORIZED""#,
    },
    Expected {
        command: r#"cobro parse subscription-webhook "$RECEIVED/0002-subscription-webhook.json""#,
        exit: 0,
        stdout_has: "status: AUTHORIZED",
    },
    Expected {
        command: r#"curl -s "$MOCK/api/v1/subscription/cancel" -H "Authorization: $AUTH" -H 'Content-Type: application/json' --data-binary @examples/subscription-cancel.json | cobro parse subscription-response"#,
        exit: 0,
        stdout_has: "status: CANCELLED",
    },
    Expected {
        command: r#"curl -s -w ' HTTP %{http_code}\n' "$MOCK/api/v1/subscription/cancel" -H "Authorization: $AUTH" -H 'Content-Type: application/json' --data-binary @examples/subscription-cancel.json"#,
        exit: 0,
        stdout_has: r#"{"errorCode":"B405","errorMessage":"Subscription not active"} HTTP 409"#,
    },
    ok(r#"export TS="$(date +%s)""#),
    ok(r#"export SIG="$(cobro sign virtual-account --api-key my-api-key --timestamp "$TS")""#),
    ok(
        r#"export ACCOUNT="$(curl -s "$MOCK/merchant-payin-accounts/v1/accounts" -H 'X-Api-Key: my-api-key' -H "X-Timestamp: $TS" -H "X-Signature: $SIG" -H 'X-Account-deposit-mode: OWNER' -H 'Content-Type: application/json' --data-binary @examples/virtual-account-pe.json | cobro parse virtual-account-response --get id)""#,
    ),
    Expected {
        command: r#"curl -s -w ' HTTP %{http_code}\n' "$MOCK/merchant-payin-accounts/v1/accounts" -H 'X-Api-Key: my-api-key' -H "X-Timestamp: $TS" -H "X-Signature: $SIG" -H 'X-Account-deposit-mode: OWNER' -H 'Content-Type: application/json' --data-binary @examples/virtual-account-pe.json"#,
        exit: 0,
        stdout_has: r#""code":"ERR_ACCOUNT_ALREADY_EXISTS""#,
    },
    Expected {
        command: r#"curl -s -X POST "$MOCK/_mock/virtual-accounts/$ACCOUNT/deposit" -H 'Content-Type: application/json' -d '{"amount": "200.00", "currency": "PEN"}'"#,
        exit: 0,
        stdout_has: r#""amount":"200.00""#,
    },
    Expected {
        command: r#"cobro parse deposit-notification "$RECEIVED/0003-deposit-notification.json""#,
        exit: 0,
        stdout_has: "amount: 200.00\n",
    },
    // Faults: each request fault, then each notification fault.
    Expected {
        command: r#"curl -s -w ' HTTP %{http_code}\n' -H 'X-Cobro-Mock-Fault: status=503' "$MOCK/api-payin/v3/online-payments" -H 'Content-Type: application/json' --data-binary @examples/payin-pe-banktransfer.json"#,
        exit: 0,
        stdout_has: r#""payinErrorCode":"0099","payinErrorMessage":"Internal error of the pay-in service"} HTTP 503"#,
    },
    Expected {
        command: r#"curl -s -o /dev/null -w 'HTTP %{http_code} after %{time_total} s\n' -H 'X-Cobro-Mock-Fault: delay=1000' "$MOCK/api-payin/v3/online-payments" -H 'Content-Type: application/json' --data-binary @examples/payin-pe-banktransfer.json"#,
        exit: 0,
        stdout_has: "HTTP 200 after ",
    },
    // curl's exit codes: 18, a partial transfer; 52, an empty reply.
    Expected {
        command: r#"curl -s -H 'X-Cobro-Mock-Fault: truncate' "$MOCK/api-payin/v3/online-payments" -H 'Content-Type: application/json' --data-binary @examples/payin-pe-banktransfer.json"#,
        exit: 18,
        stdout_has: r#"{"payinErrorCode":"0000""#,
    },
    Expected {
        command: r#"curl -s -H 'X-Cobro-Mock-Fault: drop' "$MOCK/api/v1/subscription" -H "Authorization: $AUTH" -H 'Content-Type: application/json' --data-binary @examples/subscription-recurrent.json"#,
        exit: 52,
        stdout_has: "",
    },
    // The same request as the first creation: the dropped one was created.
    Expected {
        command: r#"curl -s "$MOCK/api/v1/subscription" -H "Authorization: $AUTH" -H 'Content-Type: application/json' --data-binary @examples/subscription-recurrent.json | cobro parse subscription-response"#,
        exit: 0,
        stdout_has: "error_code: B422\n",
    },
    Expected {
        command: r#"curl -s -X POST "$MOCK/_mock/payins/ORDER-0001/settle" -H 'Content-Type: application/json' -d '{"duplicate": true}'"#,
        exit: 0,
        stdout_has: r#""payinStateID":"9""#,
    },
    Expected {
        command: r#"cobro verify payin-notification "$RECEIVED/0005-payin-notification.json""#,
        exit: 0,
        stdout_has: "authentic: state 9",
    },
    Expected {
        command: r#"curl -s -X POST "$MOCK/_mock/payins/ORDER-0001/refund" -H 'Content-Type: application/json' -d '{"wrong_signature": true}'"#,
        exit: 0,
        stdout_has: r#""payinStateID":"11""#,
    },
    Expected {
        command: r#"cobro verify payin-notification "$RECEIVED/refused/0008-payin-notification.json""#,
        exit: 1,
        stdout_has: "not authentic",
    },
    Expected {
        command: r#"curl -s -X POST "$MOCK/_mock/virtual-accounts/$ACCOUNT/deposit" -H 'Content-Type: application/json' -d '{"amount": "10.00", "currency": "PEN", "out_of_order": true}'"#,
        exit: 0,
        stdout_has: r#""amount":"10.00""#,
    },
    Expected {
        command: r#"curl -s -X POST "$MOCK/_mock/virtual-accounts/$ACCOUNT/deposit" -H 'Content-Type: application/json' -d '{"amount": "20.00", "currency": "PEN", "delay_ms": 2000}'"#,
        exit: 0,
        stdout_has: r#""amount":"20.00""#,
    },
    // Sent 2 s after the call, the held one after it: 7 is 20.00, 8 is 10.00.
    Expected {
        command: r#"cobro parse deposit-notification "$RECEIVED/0007-deposit-notification.json""#,
        exit: 0,
        stdout_has: "amount: 10.00\n",
    },
];

/// A command of a ```sh block: its text as written (continuation lines included), the
/// key it is looked up by, the heading of its section and whether its block is the
/// section's first.
struct ReadmeCommand {
    text: String,
    key: String,
    section: String,
    first_block: bool,
}

/// `line` without a trailing `# comment` (a `#` that starts a word outside quotes).
fn without_comment(line: &str) -> &str {
    let (mut single, mut double, mut word_start) = (false, false, true);
    for (i, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && word_start => return &line[..i],
            _ => {}
        }
        word_start = c.is_whitespace();
    }
    line
}

/// The commands of the ```sh blocks of `readme`, in order.
fn readme_commands(readme: &str) -> Vec<ReadmeCommand> {
    let (mut commands, mut section, mut in_sh, mut in_other) = (Vec::new(), String::new(), false, false);
    let mut blocks_in_section = 0;
    let mut pending: Option<(String, String)> = None;
    for line in readme.lines() {
        if in_sh || in_other {
            if line.starts_with("```") {
                assert!(pending.is_none(), "a ```sh block ends inside a continued command");
                (in_sh, in_other) = (false, false);
                continue;
            }
            if in_other {
                continue;
            }
            let code = without_comment(line).trim_end();
            let (text, key) = pending.get_or_insert_with(|| (String::new(), String::new()));
            if text.is_empty() && code.trim().is_empty() {
                pending = None; // a blank or comment-only line
                continue;
            }
            text.push_str(line);
            text.push('\n');
            let continued = code.ends_with('\\');
            key.push_str(code.trim_end_matches('\\'));
            key.push(' ');
            if !continued {
                let (text, key) = pending.take().unwrap();
                let key = key
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .replace(CARGO_RUN, "cobro");
                commands.push(ReadmeCommand {
                    text,
                    key,
                    section: section.clone(),
                    first_block: blocks_in_section == 1,
                });
            }
        } else if line.starts_with("```") {
            (in_sh, in_other) = (line == "```sh", line != "```sh");
            blocks_in_section += 1;
        } else if line.starts_with('#') {
            line.clone_into(&mut section);
            blocks_in_section = 0;
        }
    }
    commands
}

/// A fresh folder with a copy of examples/ and `bin/cobro`, the binary under test.
/// Copies the folder `from` into `to`, subfolders included.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-commands-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("examples")).unwrap();
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples"),
        &dir.join("examples"),
    );
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_cobro"), dir.join("bin/cobro")).unwrap();
    dir
}

/// A process of the test, killed when dropped (at the end of the test or by a failure).
struct Running {
    child: Child,
    /// Its standard output after the banner, kept open so its writes never fail.
    _stdout: BufReader<ChildStdout>,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts a README command that keeps running (`cobro mock`, `cobro listen`: `text`, as
/// written) with bash, `port` (its `--port N`) replaced by a free one and `replace`
/// applied, reading its standard output until it has printed `until`; the process, its
/// first line and all it printed.
fn start_running(
    text: &str,
    dir: &Path,
    path: &str,
    port: &str,
    replace: (&str, &str),
    until: &str,
) -> (Running, String) {
    assert!(text.contains(port), "the command names no {port}: {text}");
    let program = if text.contains("cobro mock") {
        "cobro mock"
    } else {
        "cobro listen"
    };
    // `exec`, so the process this test kills is the command itself, not a shell around it.
    let text = text
        .replace(CARGO_RUN, "cobro")
        .replace(port, "--port 0")
        .replace(replace.0, replace.1)
        .replace(program, &format!("exec {program}"));
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(text)
        .current_dir(dir)
        .env("PATH", path)
        .env("TMPDIR", dir)
        .env_remove("COBRO_PAYIN_KEY")
        .env_remove("COBRO_VA_SECRET")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut printed = String::new();
    while !printed.contains(until) {
        if stdout.read_line(&mut printed).unwrap() == 0 {
            let mut stderr = String::new();
            let _ = child.stderr.take().unwrap().read_to_string(&mut stderr);
            let _ = child.kill();
            let _ = child.wait();
            panic!("{program} did not start\nstdout: {printed}\nstderr: {stderr}");
        }
    }
    for key in ["fake-payin-key-for-examples", "fake-va-secret-for-examples"] {
        assert!(
            !printed.contains(key),
            "{program} printed a key from the environment:\n{printed}"
        );
    }
    (Running { child, _stdout: stdout }, printed)
}

/// Starts the README's mock command with its webhook at `receiver`; the process and the
/// address it listens on.
fn start_mock(text: &str, dir: &Path, path: &str, receiver: &str) -> (Running, String) {
    // The banner ends with the line naming the base URL.
    let (running, banner) = start_running(text, dir, path, "--port 12111", (RECEIVER_ADDR, receiver), "Base URL");
    let addr = banner
        .lines()
        .next()
        .and_then(|l| l.strip_prefix(MOCK_BANNER))
        .unwrap_or_else(|| panic!("the mock's first line is not {MOCK_BANNER}ADDR: {banner}"))
        .to_string();
    (running, addr)
}

/// Starts the README's `cobro listen` command; the process and the address it listens on.
fn start_listen(text: &str, dir: &Path, path: &str) -> (Running, String) {
    let (running, first) = start_running(text, dir, path, "--port 12112", ("", ""), "\n");
    let addr = first
        .trim_end()
        .strip_prefix(LISTEN_BANNER)
        .unwrap_or_else(|| panic!("cobro listen's first line is not {LISTEN_BANNER}ADDR: {first}"))
        .to_string();
    (running, addr)
}

/// Waits for the notifications a command reads (`"$RECEIVED/NNNN-<kind>.json"` in `key`,
/// the command without its comments) to have been saved in `dir`'s [`RECEIVED`].
fn wait_for_notifications(key: &str, dir: &Path) -> Result<(), String> {
    let names = key
        .split_whitespace()
        .filter_map(|word| word.trim_matches('"').strip_prefix("$RECEIVED/"));
    for name in names {
        let started = Instant::now();
        while !dir.join(RECEIVED).join(name).exists() {
            if started.elapsed() > WAIT {
                return Err(format!("{name} did not arrive within {WAIT:?}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    Ok(())
}

/// The names an `export` command sets (`export A=... B=...`).
fn exported_names(key: &str) -> Vec<&str> {
    key.split_whitespace()
        .skip(1)
        .filter_map(|word| word.split_once('=').map(|(name, _)| name))
        .filter(|name| {
            !name.is_empty()
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && !name.as_bytes()[0].is_ascii_digit()
        })
        .collect()
}

#[test]
fn every_readme_command_runs_and_exits_as_expected() {
    // Shell commands are in ```sh blocks only, so none escapes this test.
    for fence in README.lines().filter(|l| l.starts_with("```")) {
        assert!(
            !["```bash", "```shell", "```console", "```zsh"].contains(&fence.trim_end()),
            "README.md: write shell commands in a ```sh block, not {fence}"
        );
    }
    let curl = Command::new("curl").arg("--version").output();
    assert!(
        curl.is_ok_and(|o| o.status.success()),
        "curl is not installed: the README's walkthrough of `cobro mock` uses it"
    );
    let commands = readme_commands(README);
    assert!(commands.len() >= 20, "too few commands found: {}", commands.len());
    let dir = scratch();
    let path = format!("{}:{}", dir.join("bin").display(), std::env::var("PATH").unwrap());
    let mut listen: Option<(Running, String)> = None;
    let mut mock: Option<(Running, String)> = None;
    let mut exports = String::new();
    let mut matched = vec![false; EXPECTED.len()];
    let (mut failures, mut log) = (String::new(), String::new());
    for command in &commands {
        if let Some((_, why)) = NOT_RUN.iter().find(|(c, _)| *c == command.key) {
            writeln!(log, "not run: {} ({why})", command.key).unwrap();
            continue;
        }
        let elsewhere = SECTIONS_RUN_ELSEWHERE.iter().find(|(s, _)| *s == command.section);
        if let Some((_, why)) = elsewhere.filter(|_| command.first_block) {
            writeln!(log, "not run: {} ({why})", command.key).unwrap();
            continue;
        }
        if command.key == LISTEN_COMMAND {
            assert!(listen.is_none(), "the README starts cobro listen twice");
            listen = Some(start_listen(&command.text, &dir, &path));
            writeln!(log, "started: {} (on a free port)", command.key).unwrap();
            continue;
        }
        if command.key == MOCK_COMMAND {
            assert!(mock.is_none(), "the README starts the mock twice");
            let receiver = listen.as_ref().map(|(_, addr)| addr.clone());
            let receiver = receiver.expect("the README starts the mock before the endpoint it notifies, cobro listen");
            mock = Some(start_mock(&command.text, &dir, &path, &receiver));
            writeln!(log, "started: {} (on a free port)", command.key).unwrap();
            continue;
        }
        // A command written more than once has one entry for each time, in order.
        let unused = EXPECTED
            .iter()
            .enumerate()
            .position(|(i, e)| e.command == command.key && !matched[i]);
        let Some(index) = unused.or_else(|| EXPECTED.iter().rposition(|e| e.command == command.key)) else {
            writeln!(
                failures,
                "{}: no expected exit code; add it to EXPECTED (or to NOT_RUN, with the reason)",
                command.key
            )
            .unwrap();
            continue;
        };
        matched[index] = true;
        let expected = &EXPECTED[index];
        let mut text = command.text.replace(CARGO_RUN, "cobro");
        if let Some((_, addr)) = &mock {
            text = text.replace(MOCK_ADDR, addr);
        }
        if let Some((_, addr)) = &listen {
            text = text.replace(RECEIVER_ADDR, addr);
        }
        // An export's values are kept as they came out, so that what made them (a
        // creation at the mock) runs once, as in one shell session.
        let names = exported_names(&command.key);
        let values = dir.join("exported");
        if !names.is_empty() {
            text.push_str(&format!(
                "\nfor n in {}; do printf 'export %s=%q\\n' \"$n\" \"${{!n}}\"; done > '{}'\n",
                names.join(" "),
                values.display()
            ));
        }
        if let Err(why) = wait_for_notifications(&command.key, &dir) {
            writeln!(failures, "{}: {why}", command.key).unwrap();
            continue;
        }
        let started = Instant::now();
        let (code, stdout, stderr) = loop {
            let out = Command::new("bash")
                .arg("-c")
                .arg(format!("set -o pipefail\n{exports}{text}"))
                .current_dir(&dir)
                .env("PATH", &path)
                .env("TMPDIR", &dir)
                .env_remove("COBRO_PAYIN_KEY")
                .env_remove("COBRO_VA_SECRET")
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
            let passed = out.status.code() == Some(expected.exit) && stdout.contains(expected.stdout_has);
            if passed || !EVENTUALLY.contains(&command.key.as_str()) || started.elapsed() > WAIT {
                break (
                    out.status.code(),
                    stdout,
                    String::from_utf8_lossy(&out.stderr).into_owned(),
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        writeln!(log, "$ {} -> {code:?}", command.key).unwrap();
        // cobro writes to stderr only for exit 2; anything there (a missing file for
        // `cat`, a command the shell cannot find) means the command did not run as written.
        if code != Some(expected.exit) || !stdout.contains(expected.stdout_has) || !stderr.is_empty() {
            writeln!(
                failures,
                "{}: exit {code:?}, expected {} and stdout holding {:?}\nstdout: {stdout}\nstderr: {stderr}",
                command.key, expected.exit, expected.stdout_has
            )
            .unwrap();
        }
        if !names.is_empty() {
            exports.push_str(&std::fs::read_to_string(&values).unwrap_or_default());
        }
    }
    drop(mock.take());
    drop(listen.take());
    for (expected, matched) in EXPECTED.iter().zip(&matched) {
        if !matched {
            writeln!(failures, "{}: in EXPECTED but not in README.md", expected.command).unwrap();
        }
    }
    for (command, _) in NOT_RUN {
        if !commands.iter().any(|c| c.key == *command) {
            writeln!(failures, "{command}: in NOT_RUN but not in README.md").unwrap();
        }
    }
    let png = std::fs::read(dir.join("qr.png")).unwrap_or_default();
    if !png.starts_with(b"\x89PNG\r\n\x1a\n") {
        writeln!(failures, "--qr-out qr.png wrote no PNG").unwrap();
    }
    if !commands
        .iter()
        .any(|c| c.key == MOCK_COMMAND && c.section == MOCK_SECTION)
    {
        writeln!(failures, "{MOCK_COMMAND}: not in README.md's {MOCK_SECTION}").unwrap();
    }
    // The `duplicate` fault: the same notification twice.
    let copies = ["0004-payin-notification.json", "0005-payin-notification.json"]
        .map(|n| std::fs::read(dir.join(RECEIVED).join(n)).ok());
    if copies[0].is_none() || copies[0] != copies[1] {
        writeln!(failures, "the duplicated notification is not 0004 and 0005").unwrap();
    }
    println!("{log}");
    assert!(
        failures.is_empty(),
        "README commands that do not run as written:\n{failures}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The blocks skipped above must be run elsewhere: scripts/test's fuzz_smoke reads the
/// commands of the first block after README's "### Fuzzing".
#[test]
fn the_sections_not_run_here_are_run_by_scripts_test() {
    let commands = readme_commands(README);
    for (section, _) in SECTIONS_RUN_ELSEWHERE {
        assert!(
            commands.iter().any(|c| c.section == *section && c.first_block),
            "{section}: no commands"
        );
        assert!(
            SCRIPTS_TEST.contains(&format!("/^{section}/")),
            "scripts/test no longer reads the commands of {section}"
        );
    }
}

#[test]
fn commands_are_read_as_a_shell_reads_them() {
    let readme = "# T\n\n```sh\n# a comment\na 'x # y' # z\nb \\\n  c   # d\n\n```\n\n```rust\nnot_a_command\n```\n\n```sh\ncargo run -q -p cobro-cli -- x\n```\n";
    let commands = readme_commands(readme);
    let keys: Vec<&str> = commands.iter().map(|c| c.key.as_str()).collect();
    assert_eq!(keys, ["a 'x # y'", "b c", "cobro x"]);
    assert_eq!(commands[1].text, "b \\\n  c   # d\n");
    assert_eq!(commands[0].section, "# T");
    assert!(commands[0].first_block && !commands[2].first_block);
}

/// The first two commands of the README are the ones a reader runs first: the main job
/// on a sample, then the whole test command.
#[test]
fn the_readme_starts_with_a_validation_and_scripts_test() {
    let commands = readme_commands(README);
    let first: Vec<&str> = commands.iter().take(2).map(|c| c.key.as_str()).collect();
    assert_eq!(
        first,
        [
            "cobro validate payin examples/payin-pe-banktransfer.json",
            "scripts/test"
        ]
    );
}

/// What the walkthrough of `cobro mock` says without running it: the config file it
/// shows is one the mock reads, and the pay-in curl sends is the one `cobro prepare`
/// makes of the unsigned example.
#[test]
fn the_mock_walkthrough_shows_a_config_the_mock_reads_and_the_prepared_payin() {
    let section = &README[README.find(MOCK_SECTION).unwrap()..];
    let block = section
        .split("```json\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("a ```json block in the mock's section");
    let merchants = cobro_mock::merchants_from_json(block.as_bytes()).unwrap();
    assert_eq!(merchants.iter().map(|m| m.id).collect::<Vec<_>>(), [1234, 5678]);

    let claim = "`cobro prepare payin examples/payin-pe-banktransfer-unsigned.json --now\n1795348800` prints a pay-in request whose body has the fields of\n`examples/payin-pe-banktransfer.json`";
    assert!(section.contains(claim), "the README no longer says: {claim}");
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let out = Command::new(env!("CARGO_BIN_EXE_cobro"))
        .args([
            "prepare",
            "payin",
            "payin-pe-banktransfer-unsigned.json",
            "--now",
            "1795348800",
        ])
        .current_dir(&examples)
        .env("COBRO_PAYIN_KEY", "fake-payin-key-for-examples")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let prepared: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(prepared["path"], "/api-payin/v3/online-payments");
    let body: serde_json::Value = serde_json::from_str(prepared["body"].as_str().unwrap()).unwrap();
    let example: serde_json::Value =
        serde_json::from_slice(&std::fs::read(examples.join("payin-pe-banktransfer.json")).unwrap()).unwrap();
    assert_eq!(body, example);
}
