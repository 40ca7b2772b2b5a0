//! `cobro listen`: a notification endpoint for development, as a merchant uses a
//! provider's CLI. It receives every kind of notification at any path, judges each with
//! the core's receiver (`cobro::receive`: authentic, unverifiable or refused, a
//! duplicate, a state that does not move the order forward), prints one line per
//! event, saves the raw bodies as received, and forwards them, with the few headers it
//! allows, to the merchant's local endpoint (`crate::forward`), printing its answer on
//! a line of its own. Its own answer is the status the core says a careful receiver
//! gives, at once; a notification from outside the allow-list is neither saved nor forwarded.

use std::collections::{HashMap, HashSet, VecDeque};
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::Router;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, Method};
use axum::response::Response;
use cobro::receive::{AllowList, NotificationKind, Receipt, ReceiptVerdict, ReceiveOptions, detect_kind, receive};
use cobro::{Locale, Secret};
use tokio::net::TcpListener;

use crate::body::Received;
use crate::config::ConnectionLimits;
use crate::forward::Forwarder;
pub use crate::forward::{FORWARD_TIMEOUT, MAX_FORWARDING};
use crate::printable::{printable, shown};
use crate::reply::{MAX_BODY_BYTES, json};
use crate::save::Outcome;
pub use crate::save::{MAX_SAVED_BYTES, REFUSED, SaveFolder};

/// The most events whose idempotency keys and pay-in states are remembered (to call a
/// delivery a duplicate, or late): the oldest are forgotten first.
pub const MAX_REMEMBERED: usize = 10_000;

/// What `cobro listen` does with what it receives.
#[derive(Debug, Clone, Default)]
pub struct ListenConfig {
    /// The pay-in key, which pay-in notifications are verified with; without it they are
    /// shown as not verified.
    pub key: Option<Secret>,
    /// The folder the raw bodies are saved in, as `NNNN-<kind>.json` (refused ones in
    /// its [`REFUSED`] sub-folder), opened and checked by [`SaveFolder::open`].
    pub save: Option<Arc<SaveFolder>>,
    /// The merchant's endpoint each notification is forwarded to, as received.
    pub forward_to: Option<String>,
    /// The provider's addresses, when known: a notification from elsewhere is refused.
    pub allow_list: Option<AllowList>,
    /// Accept unsigned notifications from any address the allow-list does not refuse
    /// (DESIGN.md 9 row 39); without it they are accepted only from the allow-list.
    pub trust_unsigned: bool,
}

/// What was seen, bounded: the idempotency keys and each pay-in's last state.
#[derive(Default)]
struct Seen {
    keys: HashSet<String>,
    order: VecDeque<String>,
    states: HashMap<String, i64>,
    state_order: VecDeque<String>,
}

impl Seen {
    /// Whether `key` was seen before; remembers it.
    fn duplicate(&mut self, key: &str) -> bool {
        if self.keys.contains(key) {
            return true;
        }
        remember(&mut self.keys, &mut self.order, key.to_string());
        false
    }

    fn state(&self, order: &str) -> Option<i64> {
        self.states.get(order).copied()
    }

    fn set_state(&mut self, order: String, state: i64) {
        if !self.states.contains_key(&order) {
            self.state_order.push_back(order.clone());
            if self.state_order.len() > MAX_REMEMBERED
                && let Some(old) = self.state_order.pop_front()
            {
                self.states.remove(&old);
            }
        }
        self.states.insert(order, state);
    }
}

fn remember(set: &mut HashSet<String>, order: &mut VecDeque<String>, key: String) {
    order.push_back(key.clone());
    set.insert(key);
    if order.len() > MAX_REMEMBERED
        && let Some(old) = order.pop_front()
    {
        set.remove(&old);
    }
}

struct Listener {
    config: ListenConfig,
    forward: Option<Forwarder>,
    seen: Mutex<Seen>,
    next: AtomicU64,
    say: Box<dyn Fn(&str) + Send + Sync>,
}

impl Listener {
    /// Prints `line`, every control, format and bidirectional character in it escaped
    /// (`crate::printable`): whatever of a body, a path or an answer it holds, it is one
    /// line that shows what it says.
    fn say(&self, line: &str) {
        (self.say)(&printable(line));
    }
}

/// Serves `cobro listen` on `listener` until `shutdown`, calling `say` with each line.
pub async fn serve_listen(
    listener: TcpListener,
    config: ListenConfig,
    say: impl Fn(&str) + Send + Sync + 'static,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let forward = config.forward_to.clone().map(Forwarder::new).transpose()?;
    let state = Arc::new(Listener {
        config,
        forward,
        seen: Mutex::new(Seen::default()),
        next: AtomicU64::new(1),
        say: Box::new(say),
    });
    let router = Router::new().fallback(handle).with_state(Arc::clone(&state));
    crate::listen::accept(listener, router, ConnectionLimits::default(), shutdown).await;
    // The forwards under way end (each within its timeout) and say how, before this
    // returns: none is cut off mid-way, and no line comes after.
    if let Some(forward) = &state.forward {
        forward.finish().await;
    }
    Ok(())
}

/// Runs `cobro listen` on `host:port` in the calling thread until Ctrl-C (or SIGTERM):
/// `ready` is called with the address once it listens.
pub fn run_listen_until_interrupted(
    host: IpAddr,
    port: u16,
    config: ListenConfig,
    say: impl Fn(&str) + Send + Sync + 'static,
    ready: impl FnOnce(SocketAddr),
) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .thread_name("cobro-listen")
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(SocketAddr::new(host, port)).await?;
        let stop = crate::server::interrupted()?;
        ready(listener.local_addr()?);
        serve_listen(listener, config, say, stop).await
    })
}

async fn handle(
    State(l): State<Arc<Listener>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    method: Method,
    headers: HeaderMap,
    body: Received,
) -> Response {
    if method != Method::POST {
        return json(405, r#"{"error":"notifications are POSTed"}"#.to_string());
    }
    let n = l.next.fetch_add(1, Ordering::Relaxed);
    let bytes = match body.bytes() {
        Ok(bytes) => bytes,
        Err(size) => {
            l.say(&format!(
                "#{n} refused 413: a body of {size} bytes, past {MAX_BODY_BYTES}"
            ));
            return json(413, r#"{"error":"body too large"}"#.to_string());
        }
    };
    let Judged {
        kind,
        mut line,
        status,
        verdict,
        outsider,
    } = event(&l, n, bytes, peer.ip());
    if outsider {
        // Anyone's, from outside the allow-list: kept nowhere, passed on to no one.
        l.say(&line);
        return json(status, format!(r#"{{"received":"{verdict}"}}"#));
    }
    keep(&l, n, kind, status, bytes, &mut line);
    let slot = l.forward.as_ref().map(Forwarder::slot);
    if let Some(None) = slot {
        line.push_str(&format!("; not forwarded: {MAX_FORWARDING} forwards under way"));
    }
    l.say(&line);
    // After the event's line, and without waiting: the endpoint's answer is a line of
    // its own, and the provider gets this one at once.
    if let Some(Some(slot)) = slot {
        let (l, body) = (Arc::clone(&l), bytes.to_vec());
        tokio::spawn(async move {
            if let Some(forward) = &l.forward {
                let said = forward.send(&headers, peer.ip(), body).await;
                l.say(&format!("#{n} {said}"));
            }
            drop(slot);
        });
    }
    json(status, format!(r#"{{"received":"{verdict}"}}"#))
}

/// Saves the body of notification `n` when `--save` asks (a refused one apart), saying
/// on `line` where it went or why it did not; when it reaches the run's cap, says on a
/// line of its own that saving stops.
fn keep(l: &Listener, n: u64, kind: NotificationKind, status: u16, bytes: &[u8], line: &mut String) {
    let Some(folder) = &l.config.save else {
        return;
    };
    let name = format!("{n:04}-{}.json", kind.as_str());
    match folder.save(&name, status >= 400, bytes) {
        Outcome::Saved(path) => line.push_str(&format!("; saved {}", path.display())),
        Outcome::Failed(why) => line.push_str(&format!("; not saved ({why})")),
        Outcome::Stopping(said) => l.say(&said),
        Outcome::Stopped => {}
    }
}

/// What `cobro listen` makes of one body: its kind, its line (before what became of
/// it), the status to answer and the verdict to answer with, and whether it came from
/// outside the allow-list.
struct Judged {
    kind: NotificationKind,
    line: String,
    status: u16,
    verdict: &'static str,
    outsider: bool,
}

/// Judges the body of notification number `n`, from `peer`.
fn event(l: &Listener, n: u64, bytes: &[u8], peer: IpAddr) -> Judged {
    let kind = detect_kind(bytes).unwrap_or(NotificationKind::PayinNotification);
    let mut line = format!("#{n} {}", kind.as_str());
    let (status, receipt) = judge(l, kind, bytes, peer, &mut line);
    let outsider = receipt.as_ref().is_some_and(|r| r.peer_allowed == Some(false));
    let verdict = receipt.map_or("not verified", |r| verdict_name(r.verdict));
    Judged {
        kind,
        line,
        status,
        verdict,
        outsider,
    }
}

/// For the `listen_line` fuzz target (fuzz/fuzz_targets/listen_line.rs) and tests, not
/// for serving: the lines `cobro listen --trust-unsigned` prints, as it hands them to
/// its `say` callback, when `body` arrives twice from loopback, once verified with
/// `key` (none: as without COBRO_PAYIN_KEY), nothing saved or forwarded.
pub fn printed_lines(body: &[u8], key: Option<Secret>) -> Vec<String> {
    let printed = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&printed);
    let l = Listener {
        config: ListenConfig {
            key,
            trust_unsigned: true,
            ..ListenConfig::default()
        },
        forward: None,
        seen: Mutex::new(Seen::default()),
        next: AtomicU64::new(1),
        say: Box::new(move |line: &str| {
            sink.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(line.to_string());
        }),
    };
    for n in 1..=2 {
        let judged = event(&l, n, body, IpAddr::from([127, 0, 0, 1]));
        l.say(&judged.line);
    }
    drop(l);
    printed.lock().unwrap_or_else(PoisonError::into_inner).clone()
}

fn verdict_name(v: ReceiptVerdict) -> &'static str {
    match v {
        ReceiptVerdict::Authentic => "authentic",
        ReceiptVerdict::Unverifiable => "unverifiable",
        ReceiptVerdict::Refused => "refused",
    }
}

/// The core's receipt for the body (none for a pay-in notification without a key, which
/// is shown as not verified and answered 200), with what it says added to `line`; the
/// status to answer.
fn judge(
    l: &Listener,
    kind: NotificationKind,
    bytes: &[u8],
    peer: IpAddr,
    line: &mut String,
) -> (u16, Option<Receipt>) {
    // Without the key a pay-in notification is only read; one from outside the
    // allow-list goes to the core's receiver, which refuses it first.
    let allowed = l.config.allow_list.as_ref().is_none_or(|list| list.allows(peer));
    if kind == NotificationKind::PayinNotification && l.config.key.is_none() && allowed {
        return match cobro::parse_payin_notification(bytes) {
            Ok(p) => {
                line.push_str(&format!(
                    " {} state {}: not verified (set COBRO_PAYIN_KEY to verify payinVerification)",
                    shown(&p.payin_merchant_operation_number),
                    p.payin_state_id
                ));
                (200, None)
            }
            Err(e) => {
                line.push_str(&format!(": refused 400 {}: {}", e.code.as_str(), e.message(Locale::En)));
                (400, None)
            }
        };
    }
    let order = cobro::parse_payin_notification(bytes)
        .ok()
        .map(|p| format!("{}:{}", p.payin_merchant_id, p.payin_merchant_operation_number));
    let mut seen = l.seen.lock().unwrap_or_else(PoisonError::into_inner);
    let options = ReceiveOptions {
        key: l.config.key.as_ref(),
        peer: Some(peer),
        allow_list: l.config.allow_list.as_ref(),
        stored_state: order.as_deref().and_then(|o| seen.state(o)),
        trust_unsigned: l.config.trust_unsigned,
        merchant_id: None,
        locale: Locale::En,
    };
    let r = receive(kind, bytes, &options);
    line.push_str(&describe(&r));
    if let Some(key) = &r.idempotency_key
        && seen.duplicate(key)
    {
        line.push_str(", a duplicate: act on it once");
    }
    if r.moves_forward == Some(false) && !line.ends_with("act on it once") {
        line.push_str(", late: it does not move the stored state forward");
    }
    if let (Some(order), Some(p), Some(true) | None) = (order, &r.payin, r.moves_forward) {
        seen.set_state(order, p.payin_state_id);
    }
    (r.http_status, Some(r))
}

/// What a receipt says, for the line: the event and the verdict with its reason.
fn describe(r: &Receipt) -> String {
    let event = if let Some(p) = &r.payin {
        let name = p.state.map_or("unknown state", |s| s.name);
        format!(
            " {} state {} {}",
            shown(&p.payin_merchant_operation_number),
            p.payin_state_id,
            name
        )
    } else if let Some(w) = &r.subscription {
        let status = w.status.as_ref().map_or("", |s| s.as_str());
        format!(" {} {}", w.subscription_id, shown(status))
    } else if let Some(d) = &r.deposit {
        format!(" {} status {}", shown(&d.operation_id), d.status.code)
    } else {
        String::new()
    };
    let verdict = match r.verdict {
        ReceiptVerdict::Authentic if r.confirm_with_status_query => {
            "authentic (confirm it with the status query before releasing goods)".to_string()
        }
        ReceiptVerdict::Authentic => "authentic".to_string(),
        ReceiptVerdict::Unverifiable => match r.peer_allowed {
            Some(true) => "unverifiable: unsigned, from an allowed address".to_string(),
            _ => {
                "unverifiable: unsigned, trusted (--trust-unsigned: anyone reaching this port can send one)".to_string()
            }
        },
        ReceiptVerdict::Refused => format!(
            "refused {} {}: {}",
            r.http_status,
            r.code.as_deref().unwrap_or_default(),
            r.message.as_deref().unwrap_or_default()
        ),
    };
    format!("{event}: {verdict}")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests may unwrap
mod tests {
    use super::*;

    #[test]
    fn what_is_seen_is_bounded_the_oldest_forgotten_first() {
        let mut seen = Seen::default();
        for i in 0..=MAX_REMEMBERED {
            assert!(!seen.duplicate(&i.to_string()));
            seen.set_state(i.to_string(), 2);
        }
        assert_eq!((seen.keys.len(), seen.order.len()), (MAX_REMEMBERED, MAX_REMEMBERED));
        assert_eq!(seen.states.len(), MAX_REMEMBERED);
        assert_eq!(seen.state("0"), None, "the oldest state was forgotten");
        assert_eq!(seen.state("1"), Some(2));
        assert!(seen.duplicate(&MAX_REMEMBERED.to_string()));
        assert!(!seen.duplicate("0"), "the oldest key was forgotten");
    }

    /// A body's text reaches a line with every control, format and bidirectional
    /// character escaped, in each kind and with the key or without.
    #[test]
    fn what_listen_prints_of_a_body_hides_nothing() {
        let hidden = r#"A\u202eZ\u2028\u00ad\u200b\ufeff\u2066"#;
        let webhook = format!(
            r#"{{"subscriptionId":7,"chargeType":"ON_DEMAND","customerId":"c","originType":"SUBSCRIPTION","status":"{hidden}"}}"#
        );
        let key = Secret::new("fake-payin-key-for-examples").ok();
        let lines = [
            printed_lines(webhook.as_bytes(), None),
            printed_lines(webhook.as_bytes(), key.clone()),
        ]
        .concat();
        assert_eq!(lines.len(), 4, "{lines:?}");
        for line in &lines {
            assert!(!line.chars().any(crate::printable::is_escaped), "{line:?}");
        }
        assert!(
            lines[0].contains("7 A\\u{202e}Z\\u{2028}\\u{ad}\\u{200b}\\u{feff}\\u{2066}: unverifiable"),
            "{lines:?}"
        );
        let payin = include_str!("../../../examples/notification-payin.json").replacen(
            "\"payinMerchantOperationNumber\": \"",
            "\"payinMerchantOperationNumber\": \"\\u202e\\n",
            1,
        );
        let lines = [
            printed_lines(payin.as_bytes(), None),
            printed_lines(payin.as_bytes(), key),
        ]
        .concat();
        assert!(
            lines.iter().all(|l| !l.chars().any(crate::printable::is_escaped)),
            "{lines:?}"
        );
    }

    /// Past the cap, one line says saving stopped and why; the notifications after it
    /// are still judged and printed, and nothing more is written.
    #[test]
    fn saving_stops_at_the_cap_with_one_line() {
        let dir = std::env::temp_dir().join(format!("cobro-listen-cap-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let printed = Arc::new(Mutex::new(Vec::<String>::new()));
        let sink = Arc::clone(&printed);
        let l = Listener {
            config: ListenConfig {
                save: Some(Arc::new(SaveFolder::open_with_cap(&dir, 300).unwrap())),
                trust_unsigned: true,
                ..ListenConfig::default()
            },
            forward: None,
            seen: Mutex::new(Seen::default()),
            next: AtomicU64::new(1),
            say: Box::new(move |line: &str| sink.lock().unwrap().push(line.to_string())),
        };
        for n in 1..=5 {
            let body = format!(
                r#"{{"subscriptionId":{n},"chargeType":"ON_DEMAND","customerId":"c","originType":"SUBSCRIPTION","status":"AUTHORIZED"}}"#
            );
            let mut judged = event(&l, n, body.as_bytes(), IpAddr::from([127, 0, 0, 1]));
            keep(&l, n, judged.kind, judged.status, body.as_bytes(), &mut judged.line);
            l.say(&judged.line);
        }
        let lines = printed.lock().unwrap().clone();
        assert_eq!(lines.len(), 6, "{lines:?}");
        assert!(lines[0].ends_with("0001-subscription-webhook.json") && lines[0].contains("; saved "));
        assert!(lines[1].ends_with("0002-subscription-webhook.json"), "{lines:?}");
        assert!(
            lines[2].starts_with("saving stopped: this run has saved 2"),
            "{lines:?}"
        );
        assert!(lines[2].contains("a run saves at most"), "{lines:?}");
        for line in &lines[3..] {
            assert!(
                line.contains("subscription-webhook") && !line.contains("saved"),
                "{line}"
            );
        }
        let files = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(files, 3, "two bodies and refused/");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The README says what `cobro listen` keeps, as the code has it.
    #[test]
    fn the_readme_states_the_limits() {
        let readme = include_str!("../../../README.md").replace('\n', " ");
        assert_eq!(MAX_BODY_BYTES % (1 << 20), 0);
        assert!((1_000..1_000_000).contains(&MAX_REMEMBERED));
        for said in [
            format!("bodies of at most {} MiB", MAX_BODY_BYTES >> 20),
            format!(
                "the last {},{:03} events remembered",
                MAX_REMEMBERED / 1_000,
                MAX_REMEMBERED % 1_000
            ),
            format!("{} s for your endpoint to answer a forward", FORWARD_TIMEOUT.as_secs()),
            format!("at most {MAX_FORWARDING} forwards under way"),
            format!("at most {} MiB saved in a run", MAX_SAVED_BYTES >> 20),
        ] {
            assert!(readme.contains(&said), "the README does not say: {said}");
        }
    }
}
