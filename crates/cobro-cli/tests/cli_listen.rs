//! `cobro listen` from the outside, driven by `cobro mock`'s notifications: the first
//! line names the address; each notification is a line (kind, operation, state, whether
//! authentic and why), its body is saved as received and forwarded with its headers to
//! the merchant's endpoint, whose answer is printed; a duplicate, a wrong signature and
//! an unsigned webhook are each said so.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)] // test code

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const PAYIN_KEY: &str = "fake-payin-key-for-examples";

/// Starts `cobro args` with the pay-in key; its stdout, read line by line.
fn start(args: &[&str]) -> (Child, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cobro"))
        .args(args)
        .env_remove("COBRO_VA_SECRET")
        .env("COBRO_PAYIN_KEY", PAYIN_KEY)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    (child, out)
}

/// Runs `cobro check-webhook ARGS` with the pay-in key: its exit code and what it
/// printed (standard output, then standard error).
fn check_webhook(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cobro"))
        .arg("check-webhook")
        .args(args)
        .env("COBRO_PAYIN_KEY", PAYIN_KEY)
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

fn line(out: &mut BufReader<ChildStdout>) -> String {
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    line.trim_end().to_string()
}

/// A merchant endpoint on a free port: answers 202 to each request, and sends on the
/// bytes of each (headers and body).
fn endpoint() -> (String, mpsc::Receiver<String>) {
    endpoint_answering("202 Accepted")
}

/// [`endpoint`], answering `status` (`200 OK`) to everything.
fn endpoint_answering(status: &'static str) -> (String, mpsc::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hooks/cobro", listener.local_addr().unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let mut stream = stream.unwrap();
            stream.set_read_timeout(Some(Duration::from_millis(300))).unwrap();
            let mut seen = Vec::new();
            let mut chunk = [0u8; 4096];
            while let Ok(n @ 1..) = stream.read(&mut chunk) {
                seen.extend_from_slice(&chunk[..n]);
            }
            let _ = stream
                .write_all(format!("HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").as_bytes());
            let _ = tx.send(String::from_utf8_lossy(&seen).into_owned());
        }
    });
    (url, rx)
}

/// POSTs `body` to `url` (http, loopback) with JSON's content type: the status.
fn post(url: &str, body: &str) -> u16 {
    post_with(url, "", body).0
}

/// [`post`] with more header lines (`Name: value\r\n` each): the status and the body.
fn post_with(url: &str, headers: &str, body: &str) -> (u16, String) {
    let rest = url.strip_prefix("http://").unwrap();
    let (addr, path) = rest.split_at(rest.find('/').unwrap());
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    (answer[9..12].parse().unwrap(), body)
}

fn terminate(mut child: Child) {
    let pid = child.id().to_string();
    let _ = Command::new("kill").args(["-TERM", &pid]).status();
    let _ = child.wait();
}

#[test]
fn listen_prints_verifies_saves_and_forwards_the_mocks_notifications() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("listen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (forward, forwarded) = endpoint();
    let save = dir.to_string_lossy().into_owned();
    let (listen, mut said) = start(&[
        "listen",
        "--port",
        "0",
        "--save",
        &save,
        "--forward-to",
        &forward,
        "--trust-unsigned",
    ]);
    let first = line(&mut said);
    let hook = format!("{}/webhook", first.strip_prefix("cobro listen on ").expect(&first));
    let (mock, mut mock_said) = start(&["mock", "--port", "0", "--merchant-id", "1234", "--webhook-url", &hook]);
    let mock_url = line(&mut mock_said)
        .strip_prefix("cobro mock listening on ")
        .unwrap()
        .to_string();

    let body = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/payin-pe-banktransfer.json"
    ))
    .unwrap();
    assert_eq!(post(&format!("{mock_url}/api-payin/v3/online-payments"), &body), 200);
    assert_eq!(
        post(
            &format!("{mock_url}/_mock/payins/ORDER-0001/pay"),
            r#"{"duplicate": true}"#
        ),
        200
    );
    // The two deliveries arrive at once: their lines come in either order, each followed
    // some time later by its forward's.
    let mut four: Vec<String> = (0..4).map(|_| line(&mut said)).collect();
    four.sort();
    let forwards: Vec<&String> = four.iter().filter(|l| l.contains(" forwarded to ")).collect();
    assert_eq!(forwards.len(), 2, "{four:?}");
    for (n, f) in forwards.iter().enumerate() {
        assert!(
            f.starts_with(&format!("#{} forwarded to {forward}: 202 in ", n + 1)),
            "{f}"
        );
    }
    let mut two: Vec<String> = four.iter().filter(|l| !l.contains(" forwarded to ")).cloned().collect();
    two.sort();
    let [paid, again] = [two[0].clone(), two[1].clone()];
    assert!(
        paid.starts_with(
            "#1 payin-notification ORDER-0001 state 5 Autorizado: authentic (confirm it with the status query"
        ),
        "{paid}"
    );
    assert!(paid.contains("0001-payin-notification.json"), "{paid}");
    assert!(again.starts_with("#2 payin-notification ORDER-0001 state 5"), "{again}");
    assert_eq!(
        [&paid, &again]
            .iter()
            .filter(|l| l.contains("a duplicate: act on it once"))
            .count(),
        1,
        "one of the two is the duplicate: {paid} / {again}"
    );

    // The body saved and forwarded is the one the mock sent, byte for byte.
    let saved = std::fs::read(dir.join("0001-payin-notification.json")).unwrap();
    let delivered = forwarded.recv_timeout(Duration::from_secs(5)).unwrap();
    assert!(
        delivered.contains("content-type: application/json") || delivered.contains("Content-Type: application/json"),
        "{delivered}"
    );
    assert!(delivered.ends_with(std::str::from_utf8(&saved).unwrap()), "{delivered}");
    assert!(
        delivered
            .to_ascii_lowercase()
            .contains("x-forwarded-for: 127.0.0.1\r\n"),
        "the address it came from: {delivered}"
    );
    assert!(cobro::verify_payin_notification(&saved, &cobro::Secret::new(PAYIN_KEY).unwrap()).is_ok());

    // Another pay-in, paid with a notification signed with another key: refused.
    let key = cobro::Secret::new(PAYIN_KEY).unwrap();
    let unsigned = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/payin-pe-banktransfer-unsigned.json"
    ))
    .unwrap();
    let mut second: serde_json::Value = serde_json::from_slice(&unsigned).unwrap();
    second["payinMerchantOperationNumber"] = "ORDER-0002".into();
    let now = cobro::UnixSeconds::new(1_795_608_000).unwrap();
    let prepared = cobro::prepare_payin(&serde_json::to_vec(&second).unwrap(), &key, now, &Default::default()).unwrap();
    assert_eq!(post(&format!("{mock_url}{}", prepared.path), &prepared.body), 200);
    assert_eq!(
        post(
            &format!("{mock_url}/_mock/payins/ORDER-0002/pay"),
            r#"{"wrong_signature": true}"#
        ),
        200
    );
    let forged = line(&mut said);
    assert!(
        forged.starts_with("#3 payin-notification: refused 401 ERR_INVALID_SIGNATURE"),
        "{forged}"
    );

    // A subscription's webhook is unsigned: unverifiable, taken as --trust-unsigned says.
    let subscription = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/subscription-recurrent.json"
    ))
    .unwrap();
    let request = cobro::prepare_subscription(&subscription, &key, &Default::default()).unwrap();
    let authorization = format!("Authorization: {}\r\n", request.headers[0].1);
    let (status, created) = post_with(&format!("{mock_url}{}", request.path), &authorization, &request.body);
    assert_eq!(status, 200, "{created}");
    let id = serde_json::from_str::<serde_json::Value>(&created).unwrap()["subscriptionId"].to_string();
    assert_eq!(post(&format!("{mock_url}/_mock/subscriptions/{id}/authorize"), ""), 200);
    // Found by its kind: #3's forward and the mock's retry of the refused #3 may come
    // first.
    let webhook = std::iter::repeat_with(|| line(&mut said))
        .take(10)
        .find(|l| l.contains(" subscription-webhook "))
        .unwrap();
    assert!(
        webhook.contains(&format!(
            " subscription-webhook {id} AUTHORIZED: unverifiable: unsigned, trusted (--trust-unsigned"
        )),
        "{webhook}"
    );
    terminate(mock);
    terminate(listen);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A notification from outside `--allow` is refused 403 and neither saved nor
/// forwarded; a body's text that would break the line (a line break, a terminal escape)
/// is shown escaped.
#[test]
fn listen_keeps_nothing_from_outside_the_allow_list_and_escapes_what_it_prints() {
    let dir =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("listen-allow-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (forward, forwarded) = endpoint();
    let save = dir.to_string_lossy().into_owned();
    let args = ["listen", "--port", "0", "--save", &save, "--forward-to", &forward];
    let (listen, mut said) = start(&[&args[..], &["--allow", "203.0.113.7"]].concat());
    let url = format!("{}/hook", line(&mut said).strip_prefix("cobro listen on ").unwrap());
    let webhook = r#"{"subscriptionId":7,"chargeType":"ON_DEMAND","customerId":"c","originType":"SUBSCRIPTION","status":"AUTHORIZED"}"#;
    assert_eq!(post_with(&url, "X-Forwarded-For: 203.0.113.7\r\n", webhook).0, 403);
    let refused = line(&mut said);
    assert!(
        refused.starts_with("#1 subscription-webhook: refused 403 ERR_PEER_NOT_ALLOWED"),
        "{refused}"
    );
    assert!(!refused.contains("saved") && !refused.contains("forward"), "{refused}");
    assert!(
        forwarded.recv_timeout(Duration::from_millis(500)).is_err(),
        "it was forwarded"
    );
    // Nothing but the folder listen made and its empty refused/ sub-folder.
    let nothing_saved = || {
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names == ["refused"] && std::fs::read_dir(dir.join("refused")).unwrap().next().is_none()
    };
    assert!(nothing_saved(), "it was saved");
    terminate(listen);

    // Without the key a pay-in notification is only read; from outside, it is refused all
    // the same.
    let mut keyless = Command::new(env!("CARGO_BIN_EXE_cobro"))
        .args([&args[..], &["--allow", "203.0.113.7"]].concat())
        .env_remove("COBRO_PAYIN_KEY")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut said = BufReader::new(keyless.stdout.take().unwrap());
    let url = format!("{}/hook", line(&mut said).strip_prefix("cobro listen on ").unwrap());
    assert!(line(&mut said).starts_with("no pay-in key"));
    let payin = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/notification-payin.json"
    ))
    .unwrap();
    assert_eq!(post(&url, &payin), 403);
    let refused = line(&mut said);
    assert!(
        refused.starts_with("#1 payin-notification: refused 403 ERR_PEER_NOT_ALLOWED"),
        "{refused}"
    );
    assert!(
        forwarded.recv_timeout(Duration::from_millis(500)).is_err(),
        "it was forwarded"
    );
    assert!(nothing_saved(), "it was saved");
    terminate(keyless);

    // Unsigned, from an address nothing vouches for: refused, and the message says what
    // would make it acceptable.
    let (listen, mut said) = start(&["listen", "--port", "0"]);
    let url = format!("{}/hook", line(&mut said).strip_prefix("cobro listen on ").unwrap());
    assert_eq!(post(&url, webhook), 403);
    let refused = line(&mut said);
    assert!(
        refused.starts_with("#1 subscription-webhook: refused 403 ERR_UNSIGNED_NOT_TRUSTED")
            && refused.contains("allow-list"),
        "{refused}"
    );
    terminate(listen);

    let (listen, mut said) = start(&["listen", "--port", "0", "--trust-unsigned"]);
    let url = format!("{}/hook", line(&mut said).strip_prefix("cobro listen on ").unwrap());
    let forged = webhook.replace("AUTHORIZED", "X\\n#2 payin-notification ORDER-9 state 5\\u001b[2K");
    assert_eq!(post(&url, &forged), 200);
    let shown = line(&mut said);
    assert!(shown.starts_with("#1 subscription-webhook 7 X\\n#2 payin"), "{shown}");
    assert!(shown.contains("\\u{1b}[2K: unverifiable"), "{shown}");
    terminate(listen);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `cobro check-webhook` fails an endpoint that answers 200 to everything, naming the
/// wrong signature and the tampered amount, and passes `cobro listen`, which answers as
/// the core's receiver does; the state-swapped replay is said to need the status query.
#[test]
fn check_webhook_fails_an_endpoint_that_accepts_everything_and_passes_listen() {
    let (everything, _) = endpoint_answering("200 OK");
    let (code, text, _) = check_webhook(&[&everything]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("FAIL a wrong signature (paid) (payin-notification): answered 200"),
        "{text}"
    );
    assert!(text.contains("WRONG: it accepted a wrong signature"), "{text}");
    assert!(text.contains("WRONG: it accepted a tampered amount"), "{text}");
    assert!(text.contains("status query"), "{text}");
    assert!(!text.contains(PAYIN_KEY), "the key was printed");

    let (listen, mut said) = start(&["listen", "--port", "0", "--trust-unsigned"]);
    let url = format!("{}/hooks", line(&mut said).strip_prefix("cobro listen on ").unwrap());
    let (code, text, _) = check_webhook(&[&url]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("ok   a wrong signature (paid) (payin-notification): answered 401"),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| l.starts_with("ok ")).count(), 25, "{text}");
    terminate(listen);

    for (args, named) in [
        (&["ftp://example.invalid/"][..], "URL must be"),
        (
            &[&url, "--deposit-webhook-url", "file:///x"],
            "--deposit-webhook-url must be",
        ),
    ] {
        let (code, _, said) = check_webhook(args);
        assert_eq!(code, Some(2));
        assert!(said.contains(named), "{said}");
    }
}

/// An endpoint no connection reaches fails the check, and the lines say so rather
/// than calling it slow.
#[test]
fn check_webhook_says_when_it_cannot_connect() {
    let closed = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap()
    };
    let (code, text, _) = check_webhook(&[&format!("http://{closed}/hook")]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("FAIL an authentic notification (paid) (payin-notification): could not connect"),
        "{text}"
    );
    assert!(!text.contains("no answer within"), "{text}");
}

/// With `--subscription-webhook-url` and `--deposit-webhook-url`, each unsigned kind goes to its own
/// path, as a merchant with one path per kind configures the provider; the pay-in cases
/// go to URL.
#[test]
fn check_webhook_sends_each_kind_to_its_own_url() {
    let (url, requests) = endpoint_answering("200 OK");
    let base = url.strip_suffix("/hooks/cobro").unwrap();
    let (code, _, _) = check_webhook(&[
        &format!("{base}/payin"),
        "--subscription-webhook-url",
        &format!("{base}/subscription"),
        "--deposit-webhook-url",
        &format!("{base}/deposit"),
    ]);
    assert_eq!(code, Some(1), "it accepts everything");
    let lines: Vec<String> = requests
        .try_iter()
        .map(|r| r.lines().next().unwrap().to_string())
        .collect();
    let count = |path: &str| lines.iter().filter(|l| *l == &format!("POST {path} HTTP/1.1")).count();
    assert_eq!(lines.len(), 26, "{lines:?}");
    assert_eq!(
        (count("/payin"), count("/subscription"), count("/deposit")),
        (24, 1, 1),
        "{lines:?}"
    );
}

/// A forward carries the body's type, the sender's user agent, the body's length and
/// the address it came from, and no other header the sender sent: none that names an
/// address, port, scheme or prefix of the sender's choosing, a credential or a cookie.
#[test]
fn listen_forwards_only_the_headers_it_allows() {
    let (forward, forwarded) = endpoint();
    let (listen, mut said) = start(&["listen", "--port", "0", "--trust-unsigned", "--forward-to", &forward]);
    let url = format!("{}/hook", line(&mut said).strip_prefix("cobro listen on ").unwrap());
    let webhook = r#"{"subscriptionId":7,"chargeType":"ON_DEMAND","customerId":"c","originType":"SUBSCRIPTION","status":"AUTHORIZED"}"#;
    let sent = [
        ("User-Agent", "provider-agent/1"),
        ("X-Forwarded-For", "198.51.100.1"),
        ("X-Forwarded-Host", "evil.example"),
        ("X-Forwarded-Proto", "https"),
        ("X-Forwarded-Port", "8443"),
        ("X-Forwarded-Prefix", "/admin"),
        ("X-Forwarded-Scheme", "https"),
        ("X-Real-IP", "198.51.100.2"),
        ("True-Client-IP", "198.51.100.3"),
        ("X-Client-IP", "198.51.100.4"),
        ("CF-Connecting-IP", "198.51.100.5"),
        ("Forwarded", "for=198.51.100.6"),
        ("Cookie", "session=1"),
        ("Authorization", "Bearer fake-token"),
        ("X-Custom", "anything"),
    ];
    let headers: String = sent.iter().map(|(n, v)| format!("{n}: {v}\r\n")).collect();
    assert_eq!(post_with(&url, &headers, webhook).0, 200);
    let delivered = forwarded.recv_timeout(Duration::from_secs(5)).unwrap();
    let (head, body) = delivered.split_once("\r\n\r\n").unwrap();
    assert_eq!(body, webhook);
    let names: Vec<(String, String)> = head
        .lines()
        .skip(1)
        .map(|l| {
            let (n, v) = l.split_once(':').unwrap();
            (n.trim().to_ascii_lowercase(), v.trim().to_string())
        })
        .collect();
    let value = |name: &str| names.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    assert_eq!(value("content-type"), Some("application/json"), "{head}");
    assert_eq!(value("user-agent"), Some("provider-agent/1"), "{head}");
    assert_eq!(
        value("content-length"),
        Some(webhook.len().to_string().as_str()),
        "{head}"
    );
    assert_eq!(value("x-forwarded-for"), Some("127.0.0.1"), "{head}");
    for (name, _) in &sent[2..] {
        assert_eq!(value(&name.to_ascii_lowercase()), None, "{name} was forwarded: {head}");
    }
    assert!(!head.contains("198.51.100."), "{head}");
    terminate(listen);
}

/// `--save` on a shared machine: a folder that is a symbolic link, or that others may
/// write in, is refused at start naming the flag; the folder listen creates is 0700; a
/// refused notification is saved apart in `refused/`; a symbolic link planted at a
/// file's name is not followed, and the line says the body was not saved.
#[cfg(unix)]
#[test]
fn listen_saves_only_in_a_folder_of_its_own_and_follows_no_link() {
    use std::os::unix::fs::{PermissionsExt, symlink};

    let root =
        std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("listen-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let refused_at_start = |dir: &std::path::Path, why: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_cobro"))
            .args(["listen", "--port", "0", "--save"])
            .arg(dir)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{said}");
        assert!(said.contains("--save") && said.contains(why), "{said}");
        assert!(out.stdout.is_empty(), "it listened");
    };
    let target = root.join("target");
    std::fs::create_dir(&target).unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o700)).unwrap();
    let link = root.join("link");
    symlink(&target, &link).unwrap();
    refused_at_start(&link, "symbolic link");
    assert_eq!(
        std::fs::read_dir(&target).unwrap().count(),
        0,
        "it wrote through the link"
    );
    let shared = root.join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
    refused_at_start(&shared, "others may write in it");

    let dir = root.join("saved");
    let (listen, mut said) = start(&[
        "listen",
        "--port",
        "0",
        "--trust-unsigned",
        "--save",
        dir.to_str().unwrap(),
    ]);
    let url = format!("{}/hook", line(&mut said).strip_prefix("cobro listen on ").unwrap());
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!((mode(&dir), mode(&dir.join("refused"))), (0o700, 0o700));
    let outside = root.join("outside.json");
    std::fs::write(&outside, "keep me").unwrap();
    symlink(&outside, dir.join("0001-subscription-webhook.json")).unwrap();
    let webhook = r#"{"subscriptionId":7,"chargeType":"ON_DEMAND","customerId":"c","originType":"SUBSCRIPTION","status":"AUTHORIZED"}"#;
    assert_eq!(post(&url, webhook), 200);
    let planted = line(&mut said);
    assert!(
        planted.contains("; not saved (") && planted.contains("already there"),
        "{planted}"
    );
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep me");
    assert_eq!(post(&url, webhook), 200);
    assert!(line(&mut said).ends_with("0002-subscription-webhook.json"));
    assert_eq!(post(&url, "not json"), 400);
    let bad = line(&mut said);
    assert!(
        bad.contains("refused 400") && bad.ends_with("refused/0003-payin-notification.json"),
        "{bad}"
    );
    assert_eq!(
        std::fs::read(dir.join("refused/0003-payin-notification.json")).unwrap(),
        b"not json"
    );
    assert_eq!(mode(&dir.join("0002-subscription-webhook.json")), 0o600);
    terminate(listen);
    let _ = std::fs::remove_dir_all(&root);
}
