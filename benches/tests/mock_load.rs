//! A bounded load test of the mock on loopback, with the driver the throughput bench
//! uses (`src/load.rs`): pay-ins prepared and signed by the core before the clock starts,
//! sent over 32 concurrent keep-alive connections. Every answer is checked, and the
//! mock's own counts and log must match exactly.
//!
//! The counts are for a debug build on two shared cores, where `cargo test --workspace`
//! runs this: there the mock and the client share the cores at a small fraction of their
//! release speed, so the bench's 20,000 would take most of the time the whole suite may
//! use. 12,000 keep every connection busy through hundreds of keep-alive requests and
//! go past the log's bound ([`MAX_EVENTS`]), so the log is checked while it drops its
//! oldest entries under load; the bench sends the full 20,000 in a release build.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::net::{IpAddr, Ipv4Addr};

use cobro_benches::load::{self, Outcome};
use cobro_mock::Config;
use cobro_mock::state::MAX_EVENTS;

const CONNECTIONS: usize = 32;
/// Pay-ins with distinct operation numbers: more than the log keeps.
const DISTINCT: usize = 12_000;
/// Operation numbers of the mix; number `k` is sent `1 + k % MAX_COPIES` times.
const MIX_NUMBERS: usize = 1_000;
const MAX_COPIES: usize = 4;

fn mock() -> cobro_mock::Mock {
    cobro_mock::start(
        IpAddr::V4(Ipv4Addr::LOCALHOST),
        0,
        Config::with_fake_merchant().unwrap(),
    )
    .unwrap()
}

/// The status and payinErrorCode of an answer.
fn code(o: &Outcome) -> (u16, String) {
    let body: serde_json::Value = serde_json::from_slice(&o.body).unwrap();
    (o.status, body["payinErrorCode"].as_str().unwrap_or("").to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn distinct_payins_are_all_created() {
    let requests = load::payins((0..DISTINCT).map(|i| format!("LOAD-{i:06}"))).unwrap();
    let mock = mock();
    let run = load::send_all(&mock.url(), &requests, CONNECTIONS).await.unwrap();
    assert_eq!(run.outcomes.len(), DISTINCT);
    for (i, o) in run.outcomes.iter().enumerate() {
        assert_eq!(code(o), (200, "0000".to_string()), "request {i}");
    }
    // One answer read by the core's own parser, as a merchant would.
    let first = run.outcomes.first().unwrap();
    assert!(cobro::parse_payin_response(&first.body).unwrap().success);

    let events = load::events(&mock.url()).await.unwrap();
    assert_eq!(events["counts"]["payins"], DISTINCT);
    let log = events["events"].as_array().unwrap();
    assert_eq!(log.len(), DISTINCT.min(MAX_EVENTS));
    assert_eq!(log.first().unwrap()["seq"], DISTINCT - log.len() + 1);
    assert_eq!(log.last().unwrap()["seq"], DISTINCT);
    assert!(log.iter().all(|e| e["status"] == 200 && e["detail"] == "0000"));
}

/// Repeated operation numbers: the copies of a number are the same request, neighbours
/// in the list, so they go out on neighbouring connections at about the same time and
/// race, as retries after a lost answer do; exactly one of them is created and every
/// other gets its answer again, byte for byte (DESIGN.md 9 row 34).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_operation_numbers_are_created_once_and_replayed() {
    let numbers: Vec<String> = (0..MIX_NUMBERS)
        .flat_map(|k| std::iter::repeat_n(format!("MIX-{k:05}"), 1 + k % MAX_COPIES))
        .collect();
    let sent = numbers.len();
    let replays = sent - MIX_NUMBERS;
    let requests = load::payins(numbers.iter().cloned()).unwrap();
    let mock = mock();
    let run = load::send_all(&mock.url(), &requests, CONNECTIONS).await.unwrap();

    let mut answers = std::collections::HashMap::<&str, Vec<&[u8]>>::new();
    for (i, (o, number)) in run.outcomes.iter().zip(&numbers).enumerate() {
        assert_eq!(code(o), (200, "0000".to_string()), "request {i} ({number})");
        answers.entry(number.as_str()).or_default().push(&o.body);
    }
    assert_eq!(answers.len(), MIX_NUMBERS);
    assert!(answers.values().all(|copies| copies.windows(2).all(|w| w[0] == w[1])));

    let events = load::events(&mock.url()).await.unwrap();
    assert_eq!(events["counts"]["payins"], MIX_NUMBERS);
    let log = events["events"].as_array().unwrap();
    assert_eq!(log.len(), sent.min(MAX_EVENTS));
    assert_eq!(log.last().unwrap()["seq"], sent);
    let logged_replays = log
        .iter()
        .filter(|e| e["status"] == 200 && e["detail"] == "0000 replayed")
        .count();
    assert_eq!(logged_replays, replays);
}
