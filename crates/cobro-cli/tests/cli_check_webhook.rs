//! `cobro check-webhook` against receivers written here, each a tiny HTTP server with a
//! path per kind: a careful one built on `cobro::receive::receive` passes, inside the
//! allow-list and outside it (`--outside-allow-list`); a receiver that skips the
//! verification when payinVerification is empty, and one that verifies only the paid
//! states, each fail, and the lines name the cases they got wrong and no other.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)] // test code

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::{IpAddr, TcpListener, TcpStream};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cobro::Locale;
use cobro::receive::{AllowList, NotificationKind, ReceiptAction, ReceiveOptions, receive};
use cobro::signing::Secret;

const PAYIN_KEY: &str = "fake-payin-key-for-examples";
const MERCHANT_ID: u64 = 1234;
/// The operationId of the deposit notification sent over a reset connection.
const RESET_OPERATION: &str = "cobro-check-webhook-reset";

/// What a receiver answers and whether it acted, given the kind (from the path), the
/// body and the peer (`None` when the connection was gone by the time it asked).
type Handler = Box<dyn Fn(NotificationKind, &[u8], Option<IpAddr>) -> (u16, bool) + Send>;

/// One request a receiver handled.
#[derive(Debug, Clone)]
struct Seen {
    body: String,
    peer: Option<IpAddr>,
    acted: bool,
}

/// A receiver on a free port: its base URL and what it handled.
struct Receiver {
    base: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Receiver {
    /// Serves `handler`, one connection at a time. The peer is asked for after the
    /// request is read and a moment later, as a framework asks when it runs the
    /// handler: a connection reset meanwhile leaves it unknown.
    fn start(handler: Handler) -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let record = seen.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let Some((path, body)) = read_request(&mut stream) else {
                    continue;
                };
                std::thread::sleep(Duration::from_millis(50));
                let peer = stream.peer_addr().ok().map(|a| a.ip());
                let (status, acted) = match path.as_str() {
                    "/payin" => handler(NotificationKind::PayinNotification, &body, peer),
                    "/subscription" => handler(NotificationKind::SubscriptionWebhook, &body, peer),
                    "/deposit" => handler(NotificationKind::DepositNotification, &body, peer),
                    _ => (404, false),
                };
                record.lock().unwrap().push(Seen {
                    body: String::from_utf8_lossy(&body).into_owned(),
                    peer,
                    acted,
                });
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status} Answer\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                );
            }
        });
        Receiver { base, seen }
    }

    /// Runs `cobro check-webhook` against it, each kind to its path, with `more`
    /// arguments: the exit code and the lines printed.
    fn check(&self, more: &[&str]) -> (Option<i32>, Vec<String>) {
        let base = &self.base;
        let out = Command::new(env!("CARGO_BIN_EXE_cobro"))
            .arg("check-webhook")
            .arg(format!("{base}/payin"))
            .args(["--subscription-webhook-url", &format!("{base}/subscription")])
            .args(["--deposit-webhook-url", &format!("{base}/deposit")])
            .args(["--merchant-id", &MERCHANT_ID.to_string()])
            .args(more)
            .env("COBRO_PAYIN_KEY", PAYIN_KEY)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(!text.contains(PAYIN_KEY), "the key was printed");
        (out.status.code(), text.lines().map(str::to_string).collect())
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

/// The request line's path and the body (Content-Length bytes), or `None` when the
/// connection ends first.
fn read_request(stream: &mut TcpStream) -> Option<(String, Vec<u8>)> {
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    let mut seen = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(at) = seen.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let n = stream.read(&mut chunk).ok().filter(|n| *n > 0)?;
        seen.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&seen[..head_end]).into_owned();
    let path = head.split(' ').nth(1)?.to_string();
    let length: usize = head
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().ok())?
        })
        .unwrap_or(0);
    while seen.len() < head_end + length {
        let n = stream.read(&mut chunk).ok().filter(|n| *n > 0)?;
        seen.extend_from_slice(&chunk[..n]);
    }
    Some((path, seen[head_end..head_end + length].to_vec()))
}

/// A careful receiver: `cobro::receive::receive` with the key, the merchant id and an
/// allow-list of `allowed` (no trust of unsigned kinds beyond it).
fn careful(allowed: &'static str) -> impl Fn(NotificationKind, &[u8], Option<IpAddr>) -> (u16, bool) + Send {
    let key = Secret::new(PAYIN_KEY).unwrap();
    let list = AllowList::parse([allowed]).unwrap();
    move |kind, body, peer| {
        let options = ReceiveOptions {
            key: Some(&key),
            peer,
            allow_list: Some(&list),
            stored_state: None,
            trust_unsigned: false,
            merchant_id: Some(MERCHANT_ID),
            locale: Locale::En,
        };
        let r = receive(kind, body, &options);
        (r.http_status, r.action != ReceiptAction::Ignore)
    }
}

/// The pay-in member `name` of `body` as text, when it is a JSON object holding a string
/// there.
fn member(body: &[u8], name: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    value.get(name)?.as_str().map(str::to_string)
}

/// The names of the cases marked `mark` (`ok  `, `FAIL`, `??  `).
fn cases(lines: &[String], mark: &str) -> BTreeSet<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix(mark)?.strip_prefix(' '))
        .map(|l| l.split(" (payin-notification)").next().unwrap().to_string())
        .filter(|l| !l.contains("-notification)") && !l.contains("-webhook)"))
        .collect()
}

fn count(lines: &[String], mark: &str) -> usize {
    lines.iter().filter(|l| l.starts_with(mark)).count()
}

/// A careful receiver whose allow-list holds this address passes: every case right but
/// the state-swapped replay, which no answer can show; it acts on no forgery.
#[test]
fn a_careful_receiver_passes() {
    let r = Receiver::start(Box::new(careful("127.0.0.1/32")));
    let (code, lines) = r.check(&[]);
    let text = lines.join("\n");
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(count(&lines, "ok   "), 25, "{text}");
    assert_eq!(count(&lines, "??   "), 1, "{text}");
    assert_eq!(count(&lines, "FAIL"), 0, "{text}");
    assert!(text.contains("ok   an empty payinVerification (paid) (payin-notification): answered 401"));
    assert!(text.contains("ok   a wrong signature (refunded after settlement) (payin-notification): answered 401"));
    assert_eq!(
        lines.last().unwrap(),
        "the endpoint passed: it answers as a careful receiver does"
    );
    let acted: Vec<Seen> = r.seen().into_iter().filter(|s| s.acted).collect();
    // The authentic, the duplicate, the pending, the swapped replay, the extra field,
    // the subscription webhook and the deposit notification.
    assert_eq!(acted.len(), 7, "{acted:?}");
}

/// Outside its allow-list, a careful receiver refuses every case with 403 and acts on
/// none, the deposit notification whose connection was reset included (its peer was
/// unknown when asked); the check passes it and says the reset case cannot be judged.
#[test]
fn a_careful_receiver_passes_from_outside_its_allow_list() {
    let r = Receiver::start(Box::new(careful("203.0.113.0/24")));
    let (code, lines) = r.check(&["--outside-allow-list"]);
    let text = lines.join("\n");
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(count(&lines, "ok   "), 27, "{text}");
    assert_eq!(count(&lines, "FAIL"), 0, "{text}");
    let unknown: Vec<&String> = lines.iter().filter(|l| l.starts_with("??")).collect();
    assert_eq!(unknown.len(), 1, "{text}");
    assert!(unknown[0].contains("connection reset"), "{text}");
    assert!(unknown[0].contains(RESET_OPERATION), "{text}");
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("ok "))
            .all(|l| l.contains("answered 403"))
    );
    let seen = r.seen();
    assert!(seen.iter().all(|s| !s.acted), "{seen:?}");
    let reset: Vec<&Seen> = seen.iter().filter(|s| s.body.contains(RESET_OPERATION)).collect();
    assert_eq!(reset.len(), 2, "the reset one and the follow-up: {seen:?}");
    assert_eq!(reset[0].peer, None, "the reset connection's peer is unknown");
}

/// Outside the allow-list, a receiver that takes an unknown peer for an allowed one
/// acts on the reset deposit notification, and no answer shows it: the check says the
/// case cannot be judged rather than passing it, and fails nothing else.
#[test]
fn a_receiver_failing_open_on_an_unknown_peer_is_not_called_right() {
    let strict = careful("203.0.113.0/24");
    let key = Secret::new(PAYIN_KEY).unwrap();
    let r = Receiver::start(Box::new(move |kind, body, peer| {
        if peer.is_some() {
            return strict(kind, body, peer);
        }
        let options = ReceiveOptions {
            key: Some(&key),
            peer: None,
            allow_list: None,
            stored_state: None,
            trust_unsigned: true,
            merchant_id: Some(MERCHANT_ID),
            locale: Locale::En,
        };
        let r = receive(kind, body, &options);
        (r.http_status, r.action != ReceiptAction::Ignore)
    }));
    let (_, lines) = r.check(&["--outside-allow-list"]);
    let text = lines.join("\n");
    let acted: Vec<Seen> = r.seen().into_iter().filter(|s| s.acted).collect();
    assert_eq!(acted.len(), 1, "{acted:?}");
    assert!(acted[0].body.contains(RESET_OPERATION));
    let reset = lines.iter().find(|l| l.contains(RESET_OPERATION)).unwrap();
    assert!(reset.starts_with("??   "), "{text}");
    assert!(!reset.contains("right"), "{text}");
}

/// A receiver that skips the verification when payinVerification is empty (as the
/// provider's own samples carry it) fails, on that case alone.
#[test]
fn a_receiver_skipping_an_empty_signature_fails() {
    let check = careful("127.0.0.1/32");
    let r = Receiver::start(Box::new(move |kind, body, peer| {
        if kind == NotificationKind::PayinNotification && member(body, "payinVerification").as_deref() == Some("") {
            return (200, true);
        }
        check(kind, body, peer)
    }));
    let (code, lines) = r.check(&[]);
    let text = lines.join("\n");
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(
        cases(&lines, "FAIL"),
        BTreeSet::from(["an empty payinVerification (paid)".to_string()]),
        "{text}"
    );
    assert!(
        text.contains("WRONG: it accepted an empty payinVerification (paid)"),
        "{text}"
    );
    assert!(text.contains("ok   no payinVerification (paid)"), "{text}");
    assert_eq!(lines.last().unwrap(), "the endpoint failed 1 of 26 cases");
}

/// A receiver that verifies only the paid states (paid, settled) fails on the wrong
/// signature and the tampered amount of each other state, and on no paid one.
#[test]
fn a_receiver_verifying_only_paid_states_fails() {
    let check = careful("127.0.0.1/32");
    let r = Receiver::start(Box::new(move |kind, body, peer| {
        let state = member(body, "payinStateID");
        let paid = matches!(state.as_deref(), Some("5" | "9"));
        if kind == NotificationKind::PayinNotification && state.is_some() && !paid {
            return (200, true);
        }
        check(kind, body, peer)
    }));
    let (code, lines) = r.check(&[]);
    let text = lines.join("\n");
    assert_eq!(code, Some(1), "{text}");
    let states = [
        "created",
        "pending",
        "expired",
        "denied",
        "refunded before settlement",
        "refunded after settlement",
    ];
    let wanted: BTreeSet<String> = states
        .iter()
        .flat_map(|s| [format!("a wrong signature ({s})"), format!("a tampered amount ({s})")])
        .collect();
    assert_eq!(cases(&lines, "FAIL"), wanted, "{text}");
    for paid in ["paid", "settled"] {
        assert!(text.contains(&format!("ok   a wrong signature ({paid})")), "{text}");
        assert!(text.contains(&format!("ok   a tampered amount ({paid})")), "{text}");
    }
    assert_eq!(lines.last().unwrap(), "the endpoint failed 12 of 26 cases");
}
