//! Notifications over https: a local receiver with a certificate of a CA made for the
//! test gets the pay-in notification when the mock is given that CA, and the delivery
//! fails (logged, retried, never received) when it is not or when the certificate names
//! another host.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::http::StatusCode;
use axum::routing::post;
use cobro::PrepareOptions;
use cobro_mock::WebhookCa;
use common::*;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::rustls::{ServerConfig, crypto::ring};

/// A CA made for this test: its PEM and the issuer that signs the receiver's certificate.
struct TestCa {
    pem: String,
    issuer: rcgen::Issuer<'static, rcgen::KeyPair>,
}

fn test_ca() -> TestCa {
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params.key_usages = vec![
        rcgen::KeyUsagePurpose::KeyCertSign,
        rcgen::KeyUsagePurpose::CrlSign,
        rcgen::KeyUsagePurpose::DigitalSignature,
    ];
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "cobro mock test CA (throwaway)");
    let pem = params.self_signed(&key).unwrap().pem();
    TestCa {
        pem,
        issuer: rcgen::Issuer::new(params, key),
    }
}

/// The rustls config of a receiver whose certificate, signed by `ca`, names `hosts`.
fn server_config(ca: &TestCa, hosts: &[&str]) -> ServerConfig {
    let key = rcgen::KeyPair::generate().unwrap();
    let names: Vec<String> = hosts.iter().map(|h| h.to_string()).collect();
    let cert = rcgen::CertificateParams::new(names)
        .unwrap()
        .signed_by(&key, &ca.issuer)
        .unwrap();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], key)
        .unwrap()
}

/// A TCP listener whose connections are served after a TLS handshake; a connection
/// whose handshake fails (the mock refusing the certificate) is dropped.
struct TlsListener {
    tcp: TcpListener,
    acceptor: TlsAcceptor,
}

impl axum::serve::Listener for TlsListener {
    type Io = tokio_rustls::server::TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((tcp, addr)) = self.tcp.accept().await else {
                continue;
            };
            if let Ok(tls) = self.acceptor.accept(tcp).await {
                return (tls, addr);
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}

/// An https receiver on a free loopback port that answers 200 to every POST on /hook
/// and hands the bodies over; its URL names it as 127.0.0.1.
async fn https_webhook(config: ServerConfig) -> Webhook {
    let (tx, rx) = mpsc::unbounded_channel();
    let app = axum::Router::new().route(
        "/hook",
        post(move |body: Bytes| {
            let tx = tx.clone();
            async move {
                let _ = tx.send(body);
                StatusCode::OK
            }
        }),
    );
    let tcp = TcpListener::bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0))
        .await
        .unwrap();
    let url = format!("https://{}/hook", tcp.local_addr().unwrap());
    let listener = TlsListener {
        tcp,
        acceptor: TlsAcceptor::from(Arc::new(config)),
    };
    tokio::spawn(async move { axum::serve(listener, app).await });
    Webhook { url, bodies: rx }
}

fn payin_request(op: &str) -> cobro::PreparedRequest {
    let mut body: serde_json::Value = serde_json::from_slice(&example("payin-pe-banktransfer-unsigned.json")).unwrap();
    body["payinMerchantOperationNumber"] = op.into();
    let now = cobro::UnixSeconds::new(1_795_608_000).unwrap();
    cobro::prepare_payin(
        &serde_json::to_vec(&body).unwrap(),
        &payin_key(),
        now,
        &PrepareOptions::default(),
    )
    .unwrap()
}

/// The details of the delivery entries of the mock's log, once `count` are there
/// (waited for, bounded: an entry is logged once the attempt ends).
async fn deliveries(mock: &cobro_mock::Mock, count: usize) -> Vec<String> {
    let mut found = Vec::new();
    for _ in 0..200 {
        let log = events(mock).await;
        found = log["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["kind"] == "delivery")
            .map(|e| e["detail"].as_str().unwrap().to_string())
            .collect();
        if found.len() >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    found
}

/// Creates and pays pay-in `op` on `mock`.
async fn pay(mock: &cobro_mock::Mock, op: &str) {
    assert_eq!(send(mock, &payin_request(op), &[]).await.0, 200);
    assert_eq!(control(mock, &format!("/_mock/payins/{op}/pay"), "").await.0, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_https_webhook_of_the_given_ca_receives_the_notification() {
    let ca = test_ca();
    let mut hook = https_webhook(server_config(&ca, &["127.0.0.1", "localhost"])).await;
    let mut config = config(&hook.url);
    config.webhook_ca = WebhookCa::from_pem(ca.pem.as_bytes()).unwrap();
    let mock = mock(config);
    pay(&mock, "TLS-1").await;
    let body = hook.next().await;
    let paid = cobro::verify_payin_notification(&body, &payin_key()).unwrap();
    assert_eq!(
        (paid.payin_state_id, paid.payin_merchant_operation_number.as_str()),
        (5, "TLS-1")
    );
    let log = deliveries(&mock, 1).await;
    assert!(
        log.len() == 1 && log[0].contains("attempt 1 of 3: delivered"),
        "{log:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn without_the_ca_or_for_another_host_the_delivery_fails() {
    let ca = test_ca();
    let given = WebhookCa::from_pem(ca.pem.as_bytes()).unwrap();
    // The receiver's CA is not one the system trusts; a certificate of the given CA for
    // another name is refused as well.
    for (hosts, webhook_ca) in [
        (&["127.0.0.1", "localhost"][..], WebhookCa::default()),
        (&["shop.test"][..], given),
    ] {
        let mut hook = https_webhook(server_config(&ca, hosts)).await;
        let mut config = config(&hook.url);
        config.webhook_ca = webhook_ca;
        let mock = mock(config);
        pay(&mock, "TLS-2").await;
        let log = deliveries(&mock, 3).await;
        assert_eq!(log.len(), 3, "{hosts:?}: {log:?}");
        assert!(
            log.iter().all(|d| d.contains("certificate refused")),
            "{hosts:?}: {log:?}"
        );
        assert!(hook.quiet(100).await, "{hosts:?}");
    }
}
