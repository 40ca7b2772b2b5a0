//! Load on the mock (`cobro-mock`) over loopback: pay-in creations prepared and signed by
//! the core before any clock starts, sent over a fixed number of keep-alive connections,
//! each answer kept whole and checked only after the clock stops, so checking costs the
//! server nothing while it is measured.
//!
//! The load test (`tests/mock_load.rs`) and the throughput bench (`benches/mock.rs`) both
//! drive the mock with this one module: the bench measures with the driver the test
//! checks.

use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use cobro::{PrepareOptions, PreparedRequest, Secret, UnixSeconds};
use cobro_mock::config::{DEFAULT_MERCHANT_ID, DEFAULT_PAYIN_KEY};
use tokio::sync::oneshot;

/// The pay-in every request is made from: the Peru BankTransfer example, unsigned.
const PAYIN_TEMPLATE: &str = include_str!("../../examples/payin-pe-banktransfer-unsigned.json");

/// The time the core derives payinDateTime from; any time does (2026-11-25 12:00 UTC).
const NOW: i64 = 1_795_608_000;

/// Pay-ins of the mock's fake merchant, one per operation number, completed and signed
/// by the core (`cobro::prepare_payin`) with that merchant's key.
pub fn payins<I, S>(operation_numbers: I) -> Result<Vec<PreparedRequest>, String>
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let key = Secret::new(DEFAULT_PAYIN_KEY).map_err(|e| e.to_string())?;
    let now = UnixSeconds::new(NOW).map_err(|e| e.to_string())?;
    let mut template: serde_json::Value = serde_json::from_str(PAYIN_TEMPLATE).map_err(|e| e.to_string())?;
    let Some(fields) = template.as_object_mut() else {
        return Err("the pay-in example is not an object".to_string());
    };
    fields.insert("payinMerchantID".into(), DEFAULT_MERCHANT_ID.into());
    let options = PrepareOptions::default();
    operation_numbers
        .into_iter()
        .map(|number| {
            fields.insert("payinMerchantOperationNumber".into(), number.into().into());
            let text = serde_json::to_vec(&*fields).map_err(|e| e.to_string())?;
            cobro::prepare_payin(&text, &key, now, &options).map_err(|e| e.to_string())
        })
        .collect()
}

/// How one request ended.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The HTTP status.
    pub status: u16,
    /// From just before the request was handed to the client until its whole body was read.
    pub latency: Duration,
    /// The whole answer body.
    pub body: Bytes,
}

/// A run: every request's outcome, in the order of the requests given, and the time from
/// the first request sent to the last answer read.
#[derive(Debug)]
pub struct Run {
    /// One per request, in request order.
    pub outcomes: Vec<Outcome>,
    /// Wall time of the whole run.
    pub elapsed: Duration,
}

impl Run {
    /// Requests answered per second.
    pub fn per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            self.outcomes.len() as f64 / seconds
        } else {
            0.0
        }
    }

    /// The latency below which `q` (0 to 1) of the requests were answered (nearest rank).
    pub fn latency_quantile(&self, q: f64) -> Duration {
        let mut all: Vec<Duration> = self.outcomes.iter().map(|o| o.latency).collect();
        all.sort_unstable();
        let rank = (q.clamp(0.0, 1.0) * all.len() as f64).ceil() as usize;
        all.get(rank.saturating_sub(1)).copied().unwrap_or_default()
    }
}

/// Makes ring the process's rustls provider: reqwest is built with rustls and no
/// provider of its own (the mock's https webhooks; the mock's client names ring itself),
/// and a client built without one panics, plain http or not.
fn use_ring() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// Sends `requests` to `base_url` over `connections` keep-alive connections, each its own
/// client with one pooled connection, request `i` on connection `i % connections` (so
/// neighbouring requests race on different connections), one request in flight per
/// connection. The requests are built before the clock starts.
pub async fn send_all(base_url: &str, requests: &[PreparedRequest], connections: usize) -> Result<Run, String> {
    use_ring();
    let connections = connections.max(1);
    let mut lanes: Vec<(reqwest::Client, Vec<(usize, reqwest::Request)>)> = Vec::with_capacity(connections);
    for _ in 0..connections {
        let client = reqwest::Client::builder()
            .no_proxy()
            .pool_max_idle_per_host(1)
            .build()
            .map_err(|e| e.to_string())?;
        lanes.push((client, Vec::with_capacity(requests.len() / connections + 1)));
    }
    for (i, prepared) in requests.iter().enumerate() {
        let Some((client, lane)) = lanes.get_mut(i % connections) else {
            continue;
        };
        let mut builder = client
            .post(format!("{base_url}{}", prepared.path))
            .body(Bytes::from(prepared.body.clone()));
        for (name, value) in &prepared.headers {
            builder = builder.header(name, value);
        }
        lane.push((i, builder.build().map_err(|e| e.to_string())?));
    }
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for (client, lane) in lanes {
        tasks.spawn(async move {
            let mut done = Vec::with_capacity(lane.len());
            for (i, request) in lane {
                let sent = Instant::now();
                let response = client.execute(request).await.map_err(|e| format!("request {i}: {e}"))?;
                let status = response.status().as_u16();
                let body = response.bytes().await.map_err(|e| format!("request {i}: {e}"))?;
                done.push((
                    i,
                    Outcome {
                        status,
                        latency: sent.elapsed(),
                        body,
                    },
                ));
            }
            Ok::<_, String>(done)
        });
    }
    let mut slots: Vec<Option<Outcome>> = vec![None; requests.len()];
    while let Some(joined) = tasks.join_next().await {
        for (i, outcome) in joined.map_err(|e| e.to_string())?? {
            if let Some(slot) = slots.get_mut(i) {
                *slot = Some(outcome);
            }
        }
    }
    let elapsed = started.elapsed();
    let outcomes = slots
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .ok_or("a request has no outcome")?;
    Ok(Run { outcomes, elapsed })
}

/// The mock's `GET /_mock/events`, parsed.
pub async fn events(base_url: &str) -> Result<serde_json::Value, String> {
    use_ring();
    let response = reqwest::Client::builder()
        .no_proxy()
        .build()
        .map_err(|e| e.to_string())?
        .get(format!("{base_url}/_mock/events"))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let body = response.bytes().await.map_err(|e| e.to_string())?;
    serde_json::from_slice(&body).map_err(|e| e.to_string())
}

/// The HTTP floor: an axum server that reads each request's body and answers every POST
/// with the same fixed body, on its own thread and 2-worker runtime as the mock runs, so
/// the same client against it measures what HTTP alone costs on this machine.
pub struct Floor {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<io::Result<()>>>,
}

impl Floor {
    /// Starts it on a free loopback port, answering `body` as `application/json`.
    pub fn start(body: Bytes) -> io::Result<Floor> {
        let listener = std::net::TcpListener::bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0))?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("http-floor")
            .enable_all()
            .build()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let answer = move |_request: Bytes| {
            let body = body.clone();
            async move { ([(axum::http::header::CONTENT_TYPE, "application/json")], body) }
        };
        let router = axum::Router::new().fallback(axum::routing::post(answer));
        let thread = std::thread::Builder::new().name("http-floor".into()).spawn(move || {
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener)?;
                axum::serve(listener, router)
                    .with_graceful_shutdown(async move {
                        let _ = stopped.await;
                    })
                    .await
            })
        })?;
        Ok(Floor {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// `http://host:port`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Floor {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
