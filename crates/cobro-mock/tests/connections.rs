//! Clients that never finish cannot hold the mock: a connection that sends its headers
//! a byte at a time, or sits idle, is closed after the header timeout; a body that does
//! not arrive is answered 408; past the connection limit a new client is answered 503
//! at once; and others keep being answered meanwhile.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use std::time::{Duration, Instant};

use cobro_mock::ConnectionLimits;
use common::*;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn limits(max_connections: usize) -> ConnectionLimits {
    ConnectionLimits {
        max_connections,
        header_timeout: Duration::from_secs(1),
        body_timeout: Duration::from_secs(1),
    }
}

/// Reads until the server closes the connection (or `within` passes): what it sent, and
/// whether it closed.
async fn read_to_close(stream: &mut TcpStream, within: Duration) -> (String, bool) {
    let mut seen = Vec::new();
    let closed = tokio::time::timeout(within, stream.read_to_end(&mut seen))
        .await
        .is_ok();
    (String::from_utf8_lossy(&seen).into_owned(), closed)
}

/// 50 connections sending their headers a byte every 200 ms are closed once the header
/// timeout passes, and a client sending whole requests is answered all the while.
#[tokio::test(flavor = "multi_thread")]
async fn slow_headers_and_idle_connections_are_closed() {
    let hook = webhook().await;
    let mut config = config(&hook.url);
    config.connections = limits(256);
    let mock = mock(config);
    let started = Instant::now();
    let mut slow = Vec::new();
    for _ in 0..50 {
        slow.push(TcpStream::connect(mock.addr()).await.unwrap());
    }
    let mut idle = TcpStream::connect(mock.addr()).await.unwrap();
    let dripping = tokio::spawn(async move {
        let head = b"POST /api-payin/v3/online-payments HTTP/1.1\r\nHost: x\r\n";
        for byte in head.iter().cycle() {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let mut open = 0;
            for s in &mut slow {
                if s.write_all(&[*byte]).await.is_ok() {
                    open += 1;
                }
            }
            if open == 0 || started.elapsed() > Duration::from_secs(5) {
                break;
            }
        }
        // Writes may still be accepted by the kernel after the server closed: read.
        let mut closed = 0;
        for s in &mut slow {
            if read_to_close(s, Duration::from_millis(100)).await.1 {
                closed += 1;
            }
        }
        closed
    });
    for n in 0..5 {
        let (status, _) = send(&mock, &payin_request(&format!("S-{n}")), &[]).await;
        assert_eq!(status, 200, "answered while the slow ones wait");
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    let (said, closed) = read_to_close(&mut idle, Duration::from_secs(3)).await;
    assert!(closed, "an idle connection is closed after the header timeout");
    assert!(said.is_empty() || said.starts_with("HTTP/1.1 408"), "{said}");
    assert_eq!(dripping.await.unwrap(), 50, "every slow connection was closed");
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
}

/// A body that stops arriving is answered 408 in the mock's shape once the body timeout
/// passes, and the connection closes.
#[tokio::test(flavor = "multi_thread")]
async fn a_body_that_does_not_arrive_is_a_408() {
    let hook = webhook().await;
    let mut config = config(&hook.url);
    config.connections = limits(256);
    let mock = mock(config);
    let mut stream = TcpStream::connect(mock.addr()).await.unwrap();
    stream
        .write_all(b"POST /api-payin/v3/online-payments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"payin")
        .await
        .unwrap();
    let started = Instant::now();
    let (said, closed) = read_to_close(&mut stream, Duration::from_secs(4)).await;
    assert!(closed);
    assert!(said.starts_with("HTTP/1.1 408"), "{said}");
    assert!(
        said.contains(r#"{"error":"the body did not arrive within 1 s"}"#),
        "{said}"
    );
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert_eq!(send(&mock, &payin_request("B-1"), &[]).await.0, 200);
}

/// Past the connection limit a new client is answered 503 with a JSON reason at once,
/// not left waiting; once the idle ones time out, new clients are served again.
#[tokio::test(flavor = "multi_thread")]
async fn past_the_connection_limit_a_client_is_told_at_once() {
    let hook = webhook().await;
    let mut config = config(&hook.url);
    config.connections = limits(20);
    let mock = mock(config);
    let mut idle = Vec::new();
    for _ in 0..20 {
        idle.push(TcpStream::connect(mock.addr()).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut extra = TcpStream::connect(mock.addr()).await.unwrap();
    let (said, closed) = read_to_close(&mut extra, Duration::from_millis(500)).await;
    assert!(closed, "answered and closed at once");
    assert!(said.starts_with("HTTP/1.1 503"), "{said}");
    assert!(
        said.contains(
            r#"{"error":"the mock is serving 20 connections, the most it serves at once: try again when one closes"}"#
        ),
        "{said}"
    );
    for s in &mut idle {
        assert!(
            read_to_close(s, Duration::from_secs(3)).await.1,
            "closed by the header timeout"
        );
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(send(&mock, &payin_request("L-1"), &[]).await.0, 200);
}

/// The README's table of the mock's limits states the limits the code has.
#[test]
fn the_readme_states_the_limits() {
    let readme = include_str!("../../../README.md");
    let table = readme
        .split("### The mock's limits")
        .nth(1)
        .unwrap()
        .split("###")
        .next()
        .unwrap();
    let thousands = |n: usize| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    let limits = ConnectionLimits::default();
    for row in [
        format!("| connections served at once | {} |", limits.max_connections),
        format!(
            "opens or its previous answer is sent | {} s |",
            limits.header_timeout.as_secs()
        ),
        format!(
            "| time for a request's body to arrive | {} s |",
            limits.body_timeout.as_secs()
        ),
        format!(
            "| the newest {}, each `what` and `detail` cut to {} bytes |",
            thousands(cobro_mock::state::MAX_EVENTS),
            cobro_mock::state::MAX_EVENT_TEXT
        ),
        format!(
            "| {} of each kind and {} MiB in all,",
            thousands(cobro_mock::state::MAX_RECORDS),
            cobro_mock::state::MAX_RECORD_BYTES >> 20
        ),
        format!(
            "| {} and {} MiB of bodies |",
            thousands(cobro_mock::MAX_WAITING),
            cobro_mock::MAX_WAITING_BYTES >> 20
        ),
        format!("| delivery attempts at once | {} |", cobro_mock::MAX_SENDING),
        format!(
            "| operations in one answer to the pay-in status query | {}, the newest that match |",
            thousands(cobro_mock::MAX_STATUS_OPERATIONS)
        ),
        format!(
            "| a deposit's `depositor` | {} characters,",
            cobro::virtual_account::FULL_NAME_MAX
        ),
        format!(
            "requests under way get {} s to finish",
            cobro_mock::STOP_GRACE.as_secs()
        ),
        format!("for\nup to {} s more", cobro_mock::DELIVERY_GRACE.as_secs()),
    ] {
        assert!(table.contains(&row), "the README's limits do not say: {row}");
    }
}
