//! Every store of the mock is bounded in bytes as well as in count, and a reset gives
//! the bytes it counts back: requests with 65 KB paths leave a log of bounded summaries,
//! a depositor is capped at an owner's full name, and notifications past the most that
//! may wait are refused with 503 before anything moves. The resident memory of this test
//! process (the mock runs in it) is measured around each and bounded.
//!
//! One test, so that no other test of this binary allocates while memory is measured.
#![cfg(target_os = "linux")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use cobro::virtual_account::FULL_NAME_MAX;
use cobro_mock::state::{MAX_EVENT_TEXT, MAX_EVENTS};
use cobro_mock::{MAX_WAITING, MAX_WAITING_BYTES, Mock};
use common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The most the log may count: [`MAX_EVENTS`] entries of two cut texts and a fixed part.
const MAX_LOG_BYTES: usize = MAX_EVENTS * (2 * MAX_EVENT_TEXT + 64);
/// The most this test lets resident memory grow across one of its loads, in bytes: far
/// below what the loads send (195 MB of paths) and what an unbounded store would keep.
const MAX_GROWTH: u64 = 96 << 20;

/// This process's resident memory, in bytes.
fn resident() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

async fn events_and_size(mock: &Mock) -> (serde_json::Value, usize) {
    let body = events_text(mock).await;
    (serde_json::from_slice(&body).unwrap(), body.len())
}

/// `n` requests, `concurrency` at a time, each made by `request(i)`.
async fn load<F>(n: usize, concurrency: usize, request: impl Fn(usize) -> F + Send + Sync + 'static)
where
    F: std::future::Future<Output = ()> + Send,
{
    let request = std::sync::Arc::new(request);
    let mut workers = Vec::new();
    for w in 0..concurrency {
        let request = request.clone();
        workers.push(tokio::spawn(async move {
            for i in (w..n).step_by(concurrency) {
                request(i).await;
            }
        }));
    }
    for w in workers {
        w.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_store_is_bounded_in_bytes_and_a_reset_gives_them_back() {
    let hook = webhook().await;
    let mut config = config(&hook.url);
    // Notifications with no URL to go to end at their first attempt, so the waiting
    // ones below leave nothing undelivered when the mock stops.
    config.merchants[0].webhook_url = None;
    let mock = mock(config);
    let client = reqwest::Client::new();

    // 10,500 requests, the last 3,000 with 65 KB paths (195 MB in all): the log keeps a
    // summary of the newest 10,000.
    let before = resident();
    let addr = mock.addr();
    let long = "p".repeat(65_000);
    load(MAX_EVENTS + 500, 8, move |i| {
        let path = if i < MAX_EVENTS - 2_500 { "p" } else { long.as_str() };
        let head = format!("GET /{i}/{path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        async move {
            let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
            stream.write_all(head.as_bytes()).await.unwrap();
            let mut answer = Vec::new();
            stream.read_to_end(&mut answer).await.unwrap();
            assert!(
                answer.starts_with(b"HTTP/1.1 404"),
                "{}",
                String::from_utf8_lossy(&answer)
            );
        }
    })
    .await;
    let (log, size) = events_and_size(&mock).await;
    let grown = resident().saturating_sub(before);
    let stored = log["stored_bytes"].as_u64().unwrap() as usize;
    println!("65 KB paths: log {stored} bytes counted, {size} bytes read, resident +{grown} bytes");
    assert!(stored <= MAX_LOG_BYTES, "{stored}");
    assert!(size <= 2 * MAX_LOG_BYTES, "{size}");
    assert!(grown < MAX_GROWTH, "{grown}");
    let entries = log["events"].as_array().unwrap();
    assert_eq!(entries.len(), MAX_EVENTS);
    assert!(
        entries
            .iter()
            .all(|e| e["what"].as_str().unwrap().len() <= MAX_EVENT_TEXT)
    );
    assert!(entries.last().unwrap()["what"].as_str().unwrap().ends_with("..."));
    assert!(log["dropped_events"].as_u64().unwrap() > 0);

    // A reset gives back every byte the mock counts.
    let reset = client
        .post(format!("{}/_mock/reset", mock.url()))
        .header("Content-Type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(reset.status().as_u16(), 200);
    let (log, _) = events_and_size(&mock).await;
    // All that is left is the log's entry of the reset itself, logged after it.
    let entries = log["events"].as_array().unwrap();
    assert_eq!(
        (entries.len(), &entries[0]["what"]),
        (1, &serde_json::json!("POST /_mock/reset"))
    );
    let one_entry = 64 + "POST /_mock/reset".len() as u64;
    assert_eq!(
        (log["stored_bytes"].as_u64(), log["dropped_events"].as_u64()),
        (Some(one_entry), Some(0)),
        "{log}"
    );

    // A depositor is at most an owner's full name.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let prepared = cobro::prepare_virtual_account(
        &example("virtual-account-pe.json"),
        API_KEY,
        &va_secret(),
        cobro::DepositMode::Owner,
        cobro::UnixSeconds::new(now).unwrap(),
        &cobro::PrepareOptions::default(),
    )
    .unwrap();
    let (status, body) = send(&mock, &prepared, &[]).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let account: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let deposit = format!("/_mock/virtual-accounts/{}/deposit", account["id"].as_str().unwrap());
    let named = |name: String| serde_json::json!({"amount": "1.00", "currency": "PEN", "depositor": name}).to_string();
    let (status, error) = control(&mock, &deposit, &named("D".repeat(1_000_000))).await;
    assert_eq!(status, 400);
    assert!(
        error["error"].as_str().unwrap().contains(&FULL_NAME_MAX.to_string()),
        "{error}"
    );
    assert_eq!(control(&mock, &deposit, &named("D".repeat(FULL_NAME_MAX))).await.0, 200);

    // Notifications waiting (each delayed a minute): at most MAX_WAITING, then a 503
    // that says why, and nothing more is queued.
    let before = resident();
    let url = format!("{}{deposit}", mock.url());
    let body = serde_json::json!({"amount": "1.00", "currency": "PEN", "depositor": "D".repeat(FULL_NAME_MAX), "delay_ms": 60_000}).to_string();
    let c = client.clone();
    load(MAX_WAITING, 8, move |_| {
        let (c, url, body) = (c.clone(), url.clone(), body.clone());
        async move {
            let sent = c
                .post(url)
                .header("Content-Type", "application/json")
                .body(body)
                .send()
                .await;
            assert_eq!(sent.unwrap().status().as_u16(), 200);
        }
    })
    .await;
    let (status, error) = control(
        &mock,
        &deposit,
        r#"{"amount": "1.00", "currency": "PEN", "delay_ms": 60000}"#,
    )
    .await;
    assert_eq!(status, 503, "{error}");
    assert!(error["error"].as_str().unwrap().contains("already waiting"), "{error}");
    let (log, _) = events_and_size(&mock).await;
    let grown = resident().saturating_sub(before);
    let waiting = &log["waiting"];
    println!("{MAX_WAITING} notifications waiting: {waiting}, resident +{grown} bytes");
    assert_eq!(waiting["notifications"].as_u64(), Some(MAX_WAITING as u64), "{waiting}");
    assert!(
        waiting["bytes"].as_u64().unwrap() as usize <= MAX_WAITING_BYTES,
        "{waiting}"
    );
    assert!(grown < MAX_GROWTH, "{grown}");
}
