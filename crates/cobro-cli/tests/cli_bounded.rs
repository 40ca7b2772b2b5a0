//! Hostile sizes: every body, key file and JSONL line is read at most one byte past its
//! limit, refused with the core's ERR_BODY_TOO_LARGE, and JSONL results come out while
//! the input is still being written.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // test code: a failure is a panic

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// The body limit of the core (1 MiB), which the CLI does not change.
const LIMIT: usize = cobro::Limits::DEFAULT_MAX_BYTES;
/// How long any child may take; the commands here answer in milliseconds.
const DEADLINE: Duration = Duration::from_secs(10);

fn cobro() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cobro"));
    cmd.env_remove("COBRO_PAYIN_KEY")
        .env_remove("COBRO_VA_SECRET")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// `cobro args` under an address-space limit of 256 MB, so that a read without bound
/// fails fast instead of filling the machine.
#[cfg(target_os = "linux")]
fn cobro_capped(args: &[&str]) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -v 262144 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_cobro"))
        .args(args)
        .env_remove("COBRO_PAYIN_KEY")
        .env_remove("COBRO_VA_SECRET")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// Waits for `child` at most [`DEADLINE`], killing it past that.
fn finish(mut child: Child) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!("cobro did not answer within {DEADLINE:?}");
        }
        thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

fn report(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: stdout {:?}, stderr {:?}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

fn first_error_code(report: &serde_json::Value) -> &str {
    report["errors"][0]["code"].as_str().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn an_endless_file_is_refused_after_the_limit() {
    let child = cobro_capped(&["validate", "payin", "/dev/zero", "--json"])
        .spawn()
        .unwrap();
    let o = finish(child);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let r = report(&o);
    assert_eq!(first_error_code(&r), "ERR_BODY_TOO_LARGE");
    assert_eq!(r["errors"][0]["params"]["limit"], LIMIT.to_string());
}

#[test]
fn a_large_standard_input_is_refused_without_reading_it_whole() {
    const TOTAL: usize = 256 << 20;
    let mut child = cobro()
        .args(["validate", "payin", "-", "--json"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        let chunk = vec![b' '; 64 * 1024];
        let mut written = 0;
        while written < TOTAL {
            if stdin.write_all(&chunk).is_err() {
                return (written, true);
            }
            written += chunk.len();
        }
        (written, false)
    });
    let o = finish(child);
    let (written, refused) = writer.join().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(first_error_code(&report(&o)), "ERR_BODY_TOO_LARGE");
    assert!(
        refused && written < 8 * LIMIT,
        "cobro read {written} bytes of standard input; it must stop one byte past {LIMIT}"
    );
}

#[test]
fn a_body_at_the_limit_is_read_and_one_byte_more_is_refused() {
    for (size, too_large) in [(LIMIT, false), (LIMIT + 1, true)] {
        let mut body = vec![b' '; size];
        body[..2].copy_from_slice(b"{}");
        let mut child = cobro()
            .args(["validate", "payin", "-", "--json"])
            .stdin(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let writer = thread::spawn(move || {
            let _ = stdin.write_all(&body);
        });
        let o = finish(child);
        writer.join().unwrap();
        let code = first_error_code(&report(&o)).to_string();
        assert_eq!(code == "ERR_BODY_TOO_LARGE", too_large, "{size} bytes: {code}");
    }
}

/// A folder under the system's temporary folder, removed when dropped, so a failing
/// assertion leaves no 64 MiB file behind.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(prefix: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("{prefix}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn an_oversized_file_is_reported_with_its_size_by_every_command() {
    let dir = TempDir::new("cobro-cli-bounded");
    let big = dir.0.join("big.json");
    // Sparse: 64 MiB of zero bytes that take no disk space.
    std::fs::File::create(&big).unwrap().set_len(64 << 20).unwrap();
    let path = big.to_str().unwrap();

    let o = finish(cobro().args(["validate", "payin", path, "--json"]).spawn().unwrap());
    let r = report(&o);
    assert_eq!(first_error_code(&r), "ERR_BODY_TOO_LARGE");
    assert_eq!(r["errors"][0]["params"]["size"], (64u64 << 20).to_string());

    let o = finish(
        cobro()
            .args(["prepare", "payin", path, "--now", "1795348800", "--json"])
            .env("COBRO_PAYIN_KEY", "fake-key")
            .spawn()
            .unwrap(),
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(first_error_code(&report(&o)), "ERR_BODY_TOO_LARGE");

    for args in [
        vec!["parse", "payin-response", path],
        vec!["verify", "payin-notification", path],
    ] {
        let o = finish(cobro().args(&args).env("COBRO_PAYIN_KEY", "fake-key").spawn().unwrap());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("ERR_BODY_TOO_LARGE"),
            "{args:?}"
        );
    }

    // A key file is a short line of text: anything much longer is a wrong path.
    let o = finish(
        cobro()
            .args([
                "sign",
                "payin",
                "--merchant-id",
                "1234",
                "--operation-number",
                "ORDER-0001",
            ])
            .args(["--amount", "150.50", "--currency", "PEN", "--key-file", path])
            .spawn()
            .unwrap(),
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        err.contains("holds more than 4096 bytes") && err.contains("check the path"),
        "{err}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn an_endless_key_file_is_refused() {
    let child = cobro_capped(&[
        "sign",
        "payin",
        "--merchant-id",
        "1234",
        "--operation-number",
        "ORDER-0001",
        "--amount",
        "150.50",
        "--currency",
        "PEN",
        "--key-file",
        "/dev/zero",
    ])
    .spawn()
    .unwrap();
    let o = finish(child);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("holds more than 4096 bytes"));
}

#[test]
fn jsonl_prints_each_result_while_the_input_is_open_and_survives_a_long_line() {
    let body = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/payins.jsonl")).unwrap();
    let valid_line = format!("{}\n", body.lines().next().unwrap());
    let mut child = cobro()
        .args(["validate", "payin", "--jsonl", "-", "--json"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let reader = thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            tx.send(line.unwrap()).unwrap();
        }
    });

    stdin.write_all(valid_line.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let first = rx
        .recv_timeout(DEADLINE)
        .expect("no result for line 1 while the input is open");
    assert_eq!(first, r#"{"line":1,"report":{"valid":true,"errors":[],"warnings":[]}}"#);

    // Line 2: three times the limit, written in pieces; line 3: valid again.
    let long = 3 * LIMIT;
    let piece = vec![b'a'; 64 * 1024];
    for _ in 0..long / piece.len() {
        stdin.write_all(&piece).unwrap();
    }
    stdin.write_all(b"\n").unwrap();
    stdin.write_all(valid_line.as_bytes()).unwrap();
    drop(stdin);

    let rest: Vec<serde_json::Value> = rx.iter().map(|l| serde_json::from_str(&l).unwrap()).collect();
    reader.join().unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let o = finish(child);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert_eq!(rest.len(), 3, "{rest:?}");
    assert_eq!(rest[0]["line"], 2);
    let too_large = &rest[0]["report"]["errors"][0];
    assert_eq!(too_large["code"], "ERR_BODY_TOO_LARGE");
    assert_eq!(too_large["params"]["size"], long.to_string());
    assert_eq!(rest[1]["line"], 3);
    assert_eq!(rest[1]["report"]["valid"], true);
    assert_eq!(rest[2]["summary"]["total"], 3);
    assert_eq!(rest[2]["summary"]["invalid"], 1);
}
