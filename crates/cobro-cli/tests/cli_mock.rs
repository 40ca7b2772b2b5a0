//! `cobro mock` from the outside: the first line names the address, the fake keys are
//! printed and real ones never, SIGTERM stops it cleanly (sending the notifications
//! still waiting, or naming them), idle connections cannot take all its files, and a
//! non-loopback address or a bad config file is refused before anything listens; the
//! status query round-trips with the CLI at both ends.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)] // test code

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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

/// Each unsigned kind's own URL is taken and shown; pay-in notifications keep
/// --webhook-url.
#[test]
fn each_kind_may_have_its_own_webhook() {
    let (child, lines) = start(
        &[
            "mock",
            "--port",
            "0",
            "--webhook-url",
            "http://127.0.0.1:8000/webhooks/payin",
            "--subscription-webhook-url",
            "http://127.0.0.1:8000/webhooks/subscription",
            "--deposit-webhook-url",
            "http://127.0.0.1:8000/webhooks/deposit",
        ],
        &[],
    );
    let text = lines.join("\n");
    for line in [
        "  webhook: http://127.0.0.1:8000/webhooks/payin",
        "  subscription webhooks: http://127.0.0.1:8000/webhooks/subscription",
        "  deposit notifications: http://127.0.0.1:8000/webhooks/deposit",
    ] {
        assert!(lines.iter().any(|l| l == line), "{line} not in {text}");
    }
    assert!(terminate(child).success());
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
        (
            &["mock", "--port", "0", "--deposit-webhook-url", "ftp://h/x"],
            "--deposit-webhook-url must be one of: an http:// or https:// URL",
        ),
        (
            &["mock", "--config", "x.json", "--subscription-webhook-url", "http://h/s"],
            "cannot be used with",
        ),
    ] {
        let out = cobro(args, &[]).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let mut err = String::new();
        out.stderr.as_slice().read_to_string(&mut err).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// The address `cobro mock` printed first.
fn address(lines: &[String]) -> String {
    lines[0]
        .strip_prefix("cobro mock listening on http://")
        .unwrap()
        .to_string()
}

/// One HTTP/1.1 request over a new connection, closed after it: the status and body, or
/// None when no answer came within five seconds.
fn http(addr: &str, method: &str, path: &str, headers: &[(String, String)], body: &[u8]) -> Option<(u16, String)> {
    let mut stream = std::net::TcpStream::connect(addr).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).ok()?;
    stream.write_all(body).ok()?;
    // Up to the end or an error: a reset after the answer leaves the answer readable.
    let mut seen = Vec::new();
    let mut chunk = [0u8; 4096];
    while let Ok(n @ 1..) = stream.read(&mut chunk) {
        seen.extend_from_slice(&chunk[..n]);
    }
    let answer = String::from_utf8_lossy(&seen).into_owned();
    let status = answer.get(9..12)?.parse().ok()?;
    let body = answer.split_once("\r\n\r\n").map(|(_, b)| b.to_string())?;
    Some((status, body))
}

/// A webhook receiver on a free port: answers 200 to each request and sends on each
/// request's bytes.
fn receiver() -> (String, std::sync::mpsc::Receiver<String>) {
    answering("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_string())
}

/// A receiver on a free port that answers `answer` to each request and sends on each
/// request's bytes.
fn answering(answer: String) -> (String, std::sync::mpsc::Receiver<String>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut seen = Vec::new();
            let mut chunk = [0u8; 4096];
            // Enough of it to hold the notification's head and body.
            while let Ok(n @ 1..) = stream.read(&mut chunk) {
                seen.extend_from_slice(&chunk[..n]);
                let text = String::from_utf8_lossy(&seen);
                if text.contains("\r\n\r\n") && text.trim_end().ends_with('}') {
                    break;
                }
            }
            let _ = stream.write_all(answer.as_bytes());
            let _ = tx.send(String::from_utf8_lossy(&seen).into_owned());
        }
    });
    (url, rx)
}

/// Creates pay-in `op` of merchant 1234 and asks the control API to pay it, its
/// notification a minute late.
fn pay_later(addr: &str, op: &str) {
    pay(addr, op, 60_000);
}

/// Creates pay-in `op` of merchant 1234 and asks the control API to pay it, its
/// notification `delay_ms` late.
fn pay(addr: &str, op: &str, delay_ms: u64) {
    let body = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/payin-pe-banktransfer-unsigned.json"
    ))
    .unwrap();
    let mut body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    body["payinMerchantOperationNumber"] = op.into();
    let key = cobro::Secret::new(PAYIN_KEY).unwrap();
    let now = cobro::UnixSeconds::new(1_795_608_000).unwrap();
    let prepared = cobro::prepare_payin(
        &serde_json::to_vec(&body).unwrap(),
        &key,
        now,
        &cobro::PrepareOptions::default(),
    )
    .unwrap();
    let headers: Vec<(String, String)> = prepared
        .headers
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    let (status, answer) = http(addr, "POST", &prepared.path, &headers, prepared.body.as_bytes()).unwrap();
    assert_eq!(status, 200, "{answer}");
    let json = [("Content-Type".to_string(), "application/json".to_string())];
    let (status, answer) = http(
        addr,
        "POST",
        &format!("/_mock/payins/{op}/pay"),
        &json,
        format!(r#"{{"delay_ms": {delay_ms}}}"#).as_bytes(),
    )
    .unwrap();
    assert_eq!(status, 200, "{answer}");
}

const PAYIN_KEY: &str = "fake-payin-key-for-examples";

/// On SIGTERM the notifications still waiting are sent at once (a delay of a minute
/// included) within the grace period; one the webhook never takes is named on standard
/// error as not delivered.
#[test]
fn sigterm_delivers_the_notifications_waiting_or_names_them() {
    let (url, received) = receiver();
    let env = [("COBRO_PAYIN_KEY", PAYIN_KEY)];
    let (child, lines) = start(
        &["mock", "--port", "0", "--merchant-id", "1234", "--webhook-url", &url],
        &env,
    );
    pay_later(&address(&lines), "TERM-1");
    assert!(
        received.recv_timeout(Duration::from_millis(500)).is_err(),
        "it waits a minute"
    );
    let stopping = Instant::now();
    assert!(terminate(child).success());
    let notification = received.recv_timeout(Duration::from_secs(1)).unwrap();
    assert!(
        notification.contains(r#""payinMerchantOperationNumber":"TERM-1""#),
        "{notification}"
    );
    assert!(stopping.elapsed() < Duration::from_secs(6), "{:?}", stopping.elapsed());

    // A webhook nobody listens on: every attempt fails, and the stop names each
    // notification by what it is about: the pay-in, the subscription, the deposit.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let nowhere = format!("http://{}/hook", closed.local_addr().unwrap());
    drop(closed);
    let env = [("COBRO_PAYIN_KEY", PAYIN_KEY), ("COBRO_VA_SECRET", VA_SECRET)];
    let (mut child, lines) = start(
        &[
            "mock",
            "--port",
            "0",
            "--merchant-id",
            "1234",
            "--api-key",
            API_KEY,
            "--webhook-url",
            &nowhere,
        ],
        &env,
    );
    let addr = address(&lines);
    pay_later(&addr, "TERM-2");
    let subscription = authorize_a_subscription(&addr);
    let (account, deposit) = deposit_in_a_virtual_account(&addr);
    let mut err = child.stderr.take().unwrap();
    assert!(terminate(child).success());
    let mut said = String::new();
    err.read_to_string(&mut said).unwrap();
    for about in [
        "a payin notification for merchant 1234 about pay-in TERM-2 (".to_string(),
        format!("a subscription notification for merchant 1234 about subscription {subscription} ("),
        format!("a deposit notification for merchant 1234 about deposit {deposit} to virtual account {account} ("),
    ] {
        assert!(said.contains(&format!("not delivered: {about}")), "{about}: {said}");
    }
    assert!(
        said.contains("about pay-in TERM-2 (attempt 5 of 5: unreachable) when the mock stopped"),
        "{said}"
    );
}

const API_KEY: &str = "fake-api-key-for-tests";
const VA_SECRET: &str = "fake-va-secret-for-examples";

/// Creates a subscription of merchant 1234 and has the control API authorize it: its id.
fn authorize_a_subscription(addr: &str) -> String {
    let body = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/subscription-recurrent.json"
    ))
    .unwrap();
    let key = cobro::Secret::new(PAYIN_KEY).unwrap();
    let prepared = cobro::prepare_subscription(&body, &key, &cobro::PrepareOptions::default()).unwrap();
    let (status, answer) = http(
        addr,
        "POST",
        &prepared.path,
        &owned(&prepared.headers),
        prepared.body.as_bytes(),
    )
    .unwrap();
    assert_eq!(status, 200, "{answer}");
    let id = serde_json::from_str::<serde_json::Value>(&answer).unwrap()["subscriptionId"].to_string();
    let json = [("Content-Type".to_string(), "application/json".to_string())];
    let (status, answer) = http(
        addr,
        "POST",
        &format!("/_mock/subscriptions/{id}/authorize"),
        &json,
        b"",
    )
    .unwrap();
    assert_eq!(status, 200, "{answer}");
    id
}

/// Creates a virtual account of merchant 1234 and has the control API deposit in it:
/// the account's id and the deposit's operation id.
fn deposit_in_a_virtual_account(addr: &str) -> (String, String) {
    let body = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/virtual-account-pe.json"
    ))
    .unwrap();
    let secret = cobro::Secret::new(VA_SECRET).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let prepared = cobro::prepare_virtual_account(
        &body,
        API_KEY,
        &secret,
        cobro::DepositMode::Owner,
        cobro::UnixSeconds::new(i64::try_from(now).unwrap()).unwrap(),
        &cobro::PrepareOptions::default(),
    )
    .unwrap();
    let (status, answer) = http(
        addr,
        "POST",
        &prepared.path,
        &owned(&prepared.headers),
        prepared.body.as_bytes(),
    )
    .unwrap();
    assert_eq!(status, 200, "{answer}");
    let account = serde_json::from_str::<serde_json::Value>(&answer).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let json = [("Content-Type".to_string(), "application/json".to_string())];
    let (status, answer) = http(
        addr,
        "POST",
        &format!("/_mock/virtual-accounts/{account}/deposit"),
        &json,
        br#"{"amount":"200","currency":"PEN"}"#,
    )
    .unwrap();
    assert_eq!(status, 200, "{answer}");
    let deposit = serde_json::from_str::<serde_json::Value>(&answer).unwrap()["operationId"]
        .as_str()
        .unwrap()
        .to_string();
    (account, deposit)
}

/// A prepared request's headers as [`http`] takes them.
fn owned<N: ToString, V: ToString>(headers: &[(N, V)]) -> Vec<(String, String)> {
    headers.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect()
}

/// Under the common limit of 1,024 open files, 1,100 idle connections do not shut the
/// mock: past its connection limit a client is answered 503 at once, and once the idle
/// ones close it serves again.
#[test]
fn idle_connections_cannot_exhaust_its_files() {
    let script = r#"ulimit -n 1024 && exec "$0" mock --port 0"#;
    let mut child = Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_cobro")])
        .env_remove("COBRO_PAYIN_KEY")
        .env_remove("COBRO_VA_SECRET")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let addr = address(&[first.trim_end().to_string()]);
    let idle: Vec<_> = (0..1_100)
        .map(|_| std::net::TcpStream::connect(&addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let (status, body) = http(&addr, "GET", "/_mock/events", &[], b"").expect("an answer, not a hang");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("the most it serves at once"), "{body}");
    drop(idle);
    std::thread::sleep(Duration::from_millis(300));
    let (status, body) = http(&addr, "GET", "/_mock/events", &[], b"").expect("served again");
    assert_eq!(status, 200, "{body}");
    let mut err = child.stderr.take().unwrap();
    assert!(terminate(child).success());
    let mut said = String::new();
    err.read_to_string(&mut said).unwrap();
    assert!(said.contains("connections are open, the most served at once"), "{said}");
}

/// A notification goes to the merchant's URL and nowhere else: a proxy named in the
/// environment is not used, and a redirect from the webhook is not followed (a signed
/// notification re-posted to where the redirect points).
#[test]
fn deliveries_use_no_proxy_and_follow_no_redirect() {
    let (proxy, through_proxy) = receiver();
    let (elsewhere, redirected) = receiver();
    let (url, received) = receiver();
    let proxy = proxy.trim_end_matches("/hook").to_string();
    let env = [
        ("COBRO_PAYIN_KEY", PAYIN_KEY),
        ("HTTP_PROXY", proxy.as_str()),
        ("http_proxy", proxy.as_str()),
        ("ALL_PROXY", proxy.as_str()),
    ];
    let (child, lines) = start(
        &["mock", "--port", "0", "--merchant-id", "1234", "--webhook-url", &url],
        &env,
    );
    pay(&address(&lines), "PROXY-1", 0);
    let notification = received.recv_timeout(Duration::from_secs(5)).unwrap();
    assert!(notification.contains("PROXY-1"), "{notification}");
    assert!(
        through_proxy.recv_timeout(Duration::from_millis(200)).is_err(),
        "no proxy"
    );
    assert!(terminate(child).success());

    let (moved, moved_hits) = answering(format!(
        "HTTP/1.1 307 Temporary Redirect\r\nLocation: {elsewhere}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    ));
    let env = [("COBRO_PAYIN_KEY", PAYIN_KEY)];
    let (child, lines) = start(
        &["mock", "--port", "0", "--merchant-id", "1234", "--webhook-url", &moved],
        &env,
    );
    pay(&address(&lines), "MOVED-1", 0);
    assert!(
        moved_hits
            .recv_timeout(Duration::from_secs(5))
            .unwrap()
            .contains("MOVED-1")
    );
    assert!(
        redirected.recv_timeout(Duration::from_millis(500)).is_err(),
        "the redirect is not followed"
    );
    let (_, events) = http(&address(&lines), "GET", "/_mock/events", &[], b"").unwrap();
    assert!(
        events.contains(r#""detail":"attempt 1 of 5: refused""#) && events.contains(r#""status":307"#),
        "{events}"
    );
    assert!(terminate(child).success());
}

/// The status query through `cobro mock` with the CLI at both ends: `cobro prepare
/// payin-status` writes the request, the mock answers from its state (the pay-in paid
/// through the control API), and `cobro parse payin-status` reads the answer.
#[test]
fn the_status_query_round_trips_through_the_mock() {
    let env = [("COBRO_PAYIN_KEY", PAYIN_KEY)];
    let (child, lines) = start(&["mock", "--port", "0", "--merchant-id", "1234"], &env);
    let addr = address(&lines);
    pay(&addr, "CLI-STATUS-1", 0);
    let out = cobro(
        &[
            "prepare",
            "payin-status",
            "--merchant-id",
            "1234",
            "--operation-number",
            "CLI-STATUS-1",
        ],
        &env,
    )
    .output()
    .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let request: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let headers: Vec<(String, String)> = request["headers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h[0].as_str().unwrap().to_string(), h[1].as_str().unwrap().to_string()))
        .collect();
    let path = request["path"].as_str().unwrap();
    let body = request["body"].as_str().unwrap();
    let (status, answer) = http(&addr, "POST", path, &headers, body.as_bytes()).unwrap();
    assert_eq!(status, 200, "{answer}");
    let mut parse = cobro(&["parse", "payin-status", "-", "--json"], &[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    parse.stdin.take().unwrap().write_all(answer.as_bytes()).unwrap();
    let parsed = parse.wait_with_output().unwrap();
    assert!(parsed.status.success());
    let parsed: serde_json::Value = serde_json::from_slice(&parsed.stdout).unwrap();
    let operation = &parsed["operations"][0];
    assert_eq!(operation["payin_merchant_operation_number"], "CLI-STATUS-1");
    assert_eq!(operation["state"]["paid"], true, "{parsed}");
    assert!(terminate(child).success());
}
