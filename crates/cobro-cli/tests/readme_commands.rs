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
#![cfg(unix)]
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code: a failure is a panic

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

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
];

/// README sections whose first code block another stage runs as written, and which.
const SECTIONS_RUN_ELSEWHERE: &[(&str, &str)] = &[(
    "### Fuzzing",
    "scripts/test's fuzz_smoke stage runs them as written, each for a few seconds",
)];

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
    // The first line of the README; before and after COBRO_PAYIN_KEY is set.
    Expected {
        command: "cobro validate payin examples/payin-pe-banktransfer.json",
        exit: 0,
        stdout_has: "valid",
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
        command: "cobro prepare payin examples/payin-pe-banktransfer-unsigned.json --date 2026-11-22 --wrap-data",
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
fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-commands-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("examples")).unwrap();
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    for entry in std::fs::read_dir(examples).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join("examples").join(entry.file_name())).unwrap();
    }
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_cobro"), dir.join("bin/cobro")).unwrap();
    dir
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
    let commands = readme_commands(README);
    assert!(commands.len() >= 20, "too few commands found: {}", commands.len());
    let dir = scratch();
    let path = format!("{}:{}", dir.join("bin").display(), std::env::var("PATH").unwrap());
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
        let Some(index) = EXPECTED.iter().position(|e| e.command == command.key) else {
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
        let text = command.text.replace(CARGO_RUN, "cobro");
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail\n{exports}{text}"))
            .current_dir(&dir)
            .env("PATH", &path)
            .env_remove("COBRO_PAYIN_KEY")
            .env_remove("COBRO_VA_SECRET")
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        let code = out.status.code();
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
        if command.key.starts_with("export ") {
            exports.push_str(&text);
        }
    }
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
