//! What the end-to-end tests share: a mock on a free port whose merchant's webhook is a
//! listener of the test, the example bodies, and sending a prepared request.

#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::StatusCode;
use axum::routing::post;
use cobro::{PreparedRequest, Secret};
use cobro_mock::{Config, Merchant, Mock, RetryPolicy};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

pub const MERCHANT_ID: u64 = 1234;
pub const API_KEY: &str = "fake-api-key-for-tests";
pub const VA_SECRET: &str = "fake-va-secret-for-examples";
pub const PAYIN_KEY: &str = "fake-payin-key-for-examples";

pub fn payin_key() -> Secret {
    Secret::new(PAYIN_KEY).unwrap()
}

pub fn va_secret() -> Secret {
    Secret::new(VA_SECRET).unwrap()
}

/// An example body of the repository.
pub fn example(name: &str) -> Vec<u8> {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(path).unwrap()
}

/// A webhook listener: every body it receives, in order.
pub struct Webhook {
    pub url: String,
    pub bodies: mpsc::UnboundedReceiver<Bytes>,
}

impl Webhook {
    /// The next notification, within five seconds.
    pub async fn next(&mut self) -> Bytes {
        tokio::time::timeout(Duration::from_secs(5), self.bodies.recv())
            .await
            .expect("a notification within 5 s")
            .expect("the listener is open")
    }

    /// Whether nothing more arrives within `ms` milliseconds.
    pub async fn quiet(&mut self, ms: u64) -> bool {
        tokio::time::timeout(Duration::from_millis(ms), self.bodies.recv())
            .await
            .is_err()
    }
}

/// A listener that answers 200 to every POST and hands the bodies over.
pub async fn webhook() -> Webhook {
    webhook_refusing(0).await
}

/// Makes ring the process's rustls provider, for the tests' own reqwest clients: reqwest
/// is built with rustls and no provider of its own (the mock's client names ring
/// itself), and a client built without one panics.
pub fn test_clients_use_ring() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// A listener that refuses the first `failures` deliveries with 500, then answers 200
/// and hands the bodies over.
pub async fn webhook_refusing(failures: usize) -> Webhook {
    test_clients_use_ring();
    let (tx, rx) = mpsc::unbounded_channel();
    let seen = Arc::new(AtomicUsize::new(0));
    let app = axum::Router::new().route(
        "/hook",
        post(move |body: Bytes| {
            let (tx, seen) = (tx.clone(), seen.clone());
            async move {
                if seen.fetch_add(1, Ordering::SeqCst) < failures {
                    return StatusCode::INTERNAL_SERVER_ERROR;
                }
                let _ = tx.send(body);
                StatusCode::OK
            }
        }),
    );
    let listener = TcpListener::bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0))
        .await
        .unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    Webhook { url, bodies: rx }
}

/// The test merchant with its webhook at `url`.
pub fn config(webhook_url: &str) -> Config {
    let mut config = Config::with_fake_merchant().unwrap();
    config.merchants = vec![Merchant {
        id: MERCHANT_ID,
        name: "Fake Shop".into(),
        api_key: API_KEY.into(),
        va_secret: va_secret(),
        payin_key: payin_key(),
        webhook_url: Some(webhook_url.to_string()),
        kind_urls: cobro_mock::KindUrls::default(),
        variant: cobro::VaSignatureVariant::Spec,
    }];
    config.retry = RetryPolicy {
        attempts: 3,
        first_delay: Duration::from_millis(50),
        max_delay: Duration::from_millis(200),
        timeout: Duration::from_secs(2),
    };
    config
}

/// A mock on a free loopback port with `config`.
pub fn mock(config: Config) -> Mock {
    test_clients_use_ring();
    cobro_mock::start(IpAddr::V4(Ipv4Addr::LOCALHOST), 0, config).unwrap()
}

/// Sends a prepared request to the mock; the status and body of the answer.
pub async fn send(mock: &Mock, request: &PreparedRequest, extra: &[(&str, &str)]) -> (u16, Vec<u8>) {
    let client = reqwest::Client::new();
    let mut builder = client
        .post(format!("{}{}", mock.url(), request.path))
        .body(request.body.clone());
    for (name, value) in request
        .headers
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .chain(extra.iter().copied())
    {
        builder = builder.header(name, value);
    }
    let response = builder.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.bytes().await.unwrap().to_vec())
}

/// POSTs `body` to a control path of the mock.
pub async fn control(mock: &Mock, path: &str, body: &str) -> (u16, serde_json::Value) {
    let response = reqwest::Client::new()
        .post(format!("{}{path}", mock.url()))
        .header("Content-Type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (
        status,
        serde_json::from_slice(&response.bytes().await.unwrap()).unwrap_or_default(),
    )
}

/// A signed pay-in request of the example merchant with operation number `op`.
pub fn payin_request(op: &str) -> cobro::PreparedRequest {
    let mut body: serde_json::Value = serde_json::from_slice(&example("payin-pe-banktransfer-unsigned.json")).unwrap();
    body["payinMerchantOperationNumber"] = op.into();
    let now = cobro::UnixSeconds::new(1_795_608_000).unwrap();
    cobro::prepare_payin(
        &serde_json::to_vec(&body).unwrap(),
        &payin_key(),
        now,
        &cobro::PrepareOptions::default(),
    )
    .unwrap()
}

/// The text `GET /_mock/events` answers.
pub async fn events_text(mock: &Mock) -> Vec<u8> {
    let r = reqwest::get(format!("{}/_mock/events", mock.url())).await.unwrap();
    r.bytes().await.unwrap().to_vec()
}

/// `GET /_mock/events`, read.
pub async fn events(mock: &Mock) -> serde_json::Value {
    serde_json::from_slice(&events_text(mock).await).unwrap()
}
