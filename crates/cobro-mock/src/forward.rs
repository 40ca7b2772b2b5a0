//! `cobro listen --forward-to URL`: each notification passed on to the merchant's
//! endpoint as received, after `cobro listen` has answered (the provider is not kept
//! waiting on the endpoint), at most [`MAX_FORWARDING`] at once.

use std::io;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::{HeaderMap, HeaderName, HeaderValue};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How long the forward endpoint gets to answer.
pub const FORWARD_TIMEOUT: Duration = Duration::from_secs(10);

/// The most forwards under way at once; a notification past them is not forwarded (and
/// its line says so), so a burst holds at most this many bodies of 1 MiB.
pub const MAX_FORWARDING: usize = 64;

/// The received headers passed on, the only ones: what the body is and what sent it.
/// `Content-Length` is the body's own length (set by the client), and `X-Forwarded-For`
/// is set to the sender's address; every other header stays behind, so none can speak
/// for the sender (a cookie, a proxy's credential, an address, port, scheme or prefix
/// the sender chose, a CDN's client address) or for the connection.
const PASSED_ON: [&str; 2] = ["content-type", "user-agent"];

/// The merchant's endpoint and the client that posts to it.
pub struct Forwarder {
    url: String,
    client: reqwest::Client,
    slots: Arc<Semaphore>,
}

impl Forwarder {
    /// A forwarder to `url`: no proxy of the environment, no redirect followed (a
    /// notification re-posted elsewhere), [`FORWARD_TIMEOUT`] for each answer.
    pub fn new(url: String) -> io::Result<Forwarder> {
        let tls = crate::tls::client_config(&crate::WebhookCa::default()).map_err(io::Error::other)?;
        let client = reqwest::Client::builder()
            .tls_backend_preconfigured(tls)
            .timeout(FORWARD_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .build()
            .map_err(io::Error::other)?;
        Ok(Forwarder {
            url,
            client,
            slots: Arc::new(Semaphore::new(MAX_FORWARDING)),
        })
    }

    /// Waits until no forward is under way: each ends within [`FORWARD_TIMEOUT`].
    pub async fn finish(&self) {
        let all = u32::try_from(MAX_FORWARDING).unwrap_or(u32::MAX);
        let _ = tokio::time::timeout(FORWARD_TIMEOUT + Duration::from_secs(1), self.slots.acquire_many(all)).await;
    }

    /// A place among the forwards under way; None when [`MAX_FORWARDING`] are.
    pub fn slot(&self) -> Option<OwnedSemaphorePermit> {
        Arc::clone(&self.slots).try_acquire_owned().ok()
    }

    /// Posts `body`, as received, with those of `headers` [`PASSED_ON`], its length, and
    /// `X-Forwarded-For` set to `peer`: what the endpoint answered and how long it took.
    pub async fn send(&self, headers: &HeaderMap, peer: IpAddr, body: Vec<u8>) -> String {
        let url = shown_url(&self.url);
        let mut request = self.client.post(&self.url).body(body);
        for (name, value) in passed_on(headers, peer) {
            request = request.header(name, value);
        }
        let started = Instant::now();
        match request.send().await {
            Ok(answer) => format!(
                "forwarded to {url}: {} in {} ms",
                answer.status().as_u16(),
                started.elapsed().as_millis()
            ),
            Err(e) if e.is_timeout() => {
                format!("forwarded to {url}: no answer within {} s", FORWARD_TIMEOUT.as_secs())
            }
            Err(e) if crate::tls::refused_certificate(&e) => {
                format!("forwarded to {url}: its certificate was refused")
            }
            Err(_) => format!("forwarded to {url}: could not connect"),
        }
    }
}

/// The headers passed on: the received ones [`PASSED_ON`] (each as often as it came),
/// and `X-Forwarded-For` naming `peer`, the address the notification came from.
fn passed_on(headers: &HeaderMap, peer: IpAddr) -> Vec<(HeaderName, HeaderValue)> {
    let mut out: Vec<(HeaderName, HeaderValue)> = headers
        .iter()
        .filter(|(name, _)| PASSED_ON.contains(&name.as_str()))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect();
    if let Ok(value) = HeaderValue::from_str(&peer.to_string()) {
        out.push((HeaderName::from_static("x-forwarded-for"), value));
    }
    out
}

/// `url` as a line shows it: without a user name or password it may carry.
fn shown_url(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => {
            let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            let (authority, path) = rest.split_at(authority_end);
            let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
            format!("{scheme}://{host}{path}")
        }
        None => url.to_string(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests may unwrap
mod tests {
    use super::*;

    #[test]
    fn what_speaks_for_the_sender_is_not_passed_on() {
        let mut headers = HeaderMap::new();
        for (name, value) in [
            ("content-type", "application/json"),
            ("user-agent", "provider"),
            ("cookie", "session=x"),
            ("x-forwarded-for", "203.0.113.7"),
            ("forwarded", "for=203.0.113.7"),
            ("x-real-ip", "203.0.113.7"),
            ("host", "127.0.0.1:12112"),
            ("connection", "keep-alive, x-hop"),
            ("x-hop", "1"),
            ("proxy-authorization", "Basic eA=="),
            ("content-length", "9999"),
            ("x-forwarded-port", "443"),
            ("x-forwarded-prefix", "/admin"),
            ("x-forwarded-scheme", "https"),
            ("true-client-ip", "203.0.113.7"),
            ("x-client-ip", "203.0.113.7"),
            ("cf-connecting-ip", "203.0.113.7"),
            ("authorization", "Bearer x"),
        ] {
            headers.insert(HeaderName::from_static(name), HeaderValue::from_static(value));
        }
        let passed = passed_on(&headers, "127.0.0.1".parse().unwrap());
        let names: Vec<&str> = passed.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["content-type", "user-agent", "x-forwarded-for"]);
        assert_eq!(passed[2].1, "127.0.0.1");
        assert_eq!(axum::http::header::CONTENT_TYPE, passed[0].0);
    }

    #[test]
    fn a_url_is_shown_without_its_credentials() {
        assert_eq!(
            shown_url("http://user:secret@127.0.0.1:8000/hook?a=b@c"),
            "http://127.0.0.1:8000/hook?a=b@c"
        );
        assert_eq!(shown_url("http://127.0.0.1:8000/hook"), "http://127.0.0.1:8000/hook");
    }

    #[tokio::test]
    async fn at_most_so_many_forwards_at_once() {
        let f = Forwarder::new("http://127.0.0.1:9/".into()).unwrap();
        let held: Vec<_> = (0..MAX_FORWARDING).map(|_| f.slot().unwrap()).collect();
        assert!(f.slot().is_none());
        drop(held);
        assert!(f.slot().is_some());
    }
}
