//! `cobro mock` from the outside: the first line names the address, the fake keys are
//! printed and real ones never, SIGTERM stops it cleanly, and a non-loopback address or
//! a bad config file is refused before anything listens.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)] // test code

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};

fn cobro(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cobro"));
    cmd.args(args)
        .env_remove("COBRO_PAYIN_KEY")
        .env_remove("COBRO_VA_SECRET");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

/// Starts `cobro mock` and returns it with the lines it printed at start.
fn start(args: &[&str], env: &[(&str, &str)]) -> (Child, Vec<String>) {
    let mut child = cobro(args, env)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap() == 0 {
            break;
        }
        let done = line.starts_with("Base URL");
        lines.push(line.trim_end().to_string());
        if done {
            break;
        }
    }
    (child, lines)
}

/// Stops a child with SIGTERM (through `kill`, as a shell or an orchestrator would).
fn terminate(mut child: Child) -> std::process::ExitStatus {
    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    child.wait().unwrap()
}

#[test]
fn starts_on_a_free_port_prints_fake_keys_only_and_stops_on_sigterm() {
    let (child, lines) = start(&["mock", "--port", "0", "--merchant-id", "1234"], &[]);
    let first = &lines[0];
    assert!(
        first.starts_with("cobro mock listening on http://127.0.0.1:"),
        "{lines:?}"
    );
    assert!(!first.ends_with(":0"), "{first}");
    let text = lines.join("\n");
    assert!(
        text.contains("merchant 1234") && text.contains("mock-payin-key-not-real"),
        "{text}"
    );
    assert!(terminate(child).success());

    let real = "a-key-the-merchant-keeps-secret";
    let (child, lines) = start(
        &["mock", "--port", "0"],
        &[("COBRO_PAYIN_KEY", real), ("COBRO_VA_SECRET", real)],
    );
    let text = lines.join("\n");
    assert!(
        !text.contains(real) && text.contains("from COBRO_PAYIN_KEY (not shown)"),
        "{text}"
    );
    assert!(terminate(child).success());
}

#[test]
fn an_https_webhook_with_a_ca_file_is_taken() {
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let pem = params.self_signed(&key).unwrap().pem();
    let path = std::env::temp_dir().join(format!("cobro-cli-mock-{}-ca.pem", std::process::id()));
    std::fs::write(&path, pem).unwrap();
    let (child, lines) = start(
        &[
            "mock",
            "--port",
            "0",
            "--webhook-url",
            "https://127.0.0.1:8443/webhooks/cobro",
            "--webhook-ca",
            path.to_str().unwrap(),
        ],
        &[],
    );
    let text = lines.join("\n");
    assert!(
        text.contains("webhook: https://127.0.0.1:8443/webhooks/cobro")
            && text.contains("the system's CA certificates and 1 given"),
        "{text}"
    );
    assert!(terminate(child).success());
    let _ = std::fs::remove_file(path);
}

#[test]
fn refuses_what_it_cannot_serve() {
    for (args, says) in [
        (&["mock", "--host", "0.0.0.0", "--port", "0"][..], "--allow-remote"),
        (&["mock", "--config", "no/such/file.json"], "cannot be read"),
        (
            &["mock", "--config", "x.json", "--merchant-id", "1"],
            "cannot be used with",
        ),
        (
            &["mock", "--port", "0", "--webhook-ca", "no/such/ca.pem"],
            "--webhook-ca no/such/ca.pem: the file cannot be read",
        ),
        (
            &["mock", "--port", "0", "--webhook-ca", "Cargo.toml"],
            "--webhook-ca Cargo.toml: it holds no PEM certificate",
        ),
        (
            &["mock", "--port", "0", "--webhook-url", "ftp://h/x"],
            "http:// or https://",
        ),
    ] {
        let out = cobro(args, &[]).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let mut err = String::new();
        out.stderr.as_slice().read_to_string(&mut err).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
