//! `cobro check-webhook`: sends a merchant's notification endpoint the battery a careful
//! receiver must pass (`cobro::receive::battery`, the core's), one at a time, and
//! judges each answer and how long it took. A probe marked `reset` goes over a
//! connection reset (SO_LINGER 0) right after the request is written: nothing is read.

use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cobro::receive::NotificationKind;
use cobro::receive::battery::{Expect, Judgement, Probe};

use crate::config::KindUrls;

/// How long an endpoint may take to answer a notification: the provider expects an
/// answer at once, and slower ones are retried.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(10);

/// What one probe got.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The probe sent.
    pub probe: Probe,
    /// The HTTP status answered; `None` when none came (refused connection, timeout, or
    /// a probe sent over a reset connection, whose answer is never read).
    pub status: Option<u16>,
    /// Whether no connection could be made (`status` is then `None`).
    pub unreachable: bool,
    /// How long the answer took.
    pub elapsed: Duration,
    /// The judgement of the answer; an endpoint that gave none, or took longer than
    /// [`ANSWER_WITHIN`], is wrong.
    pub judgement: Judgement,
}

impl Outcome {
    /// Whether this outcome fails the check.
    pub fn fails(&self) -> bool {
        self.judgement == Judgement::Wrong
    }

    /// The line `cobro check-webhook` prints for it.
    pub fn line(&self) -> String {
        let expect = self.probe.expect;
        let answered = match self.status {
            Some(s) => format!("answered {s} in {} ms", self.elapsed.as_millis()),
            None if self.unreachable => "could not connect".to_string(),
            None if self.probe.reset => "sent, and the connection reset at once".to_string(),
            None => format!("no answer within {} s", ANSWER_WITHIN.as_secs()),
        };
        let silent = self.status.is_none() || self.elapsed > ANSWER_WITHIN;
        let verdict = match (self.judgement, expect) {
            (Judgement::Right, _) => "right".to_string(),
            (Judgement::Wrong, _) if silent => format!("WRONG: answer at once ({})", expect.wanted()),
            (Judgement::Wrong, Expect::Refuse) => format!("WRONG: it accepted {}", self.probe.name),
            (Judgement::Wrong, Expect::RefuseOutsider) => {
                format!("WRONG: it accepted {} from outside its allow-list", self.probe.name)
            }
            (Judgement::Wrong, _) => format!("WRONG: expected {}", expect.wanted()),
            (Judgement::Doubtful, _) => format!("doubtful: expected {}", expect.wanted()),
            (Judgement::Unknown, Expect::Unobservable) => format!(
                "cannot be judged: no answer can be read, and the endpoint, which may not know the peer, must refuse it without acting; only its own records can show it did not act (operation {})",
                cobro::receive::battery::RESET_OPERATION_ID
            ),
            (Judgement::Unknown, _) => "cannot be judged from the answer: the signature does not cover the state, so the endpoint must confirm it with the status query before acting".to_string(),
        };
        let mark = match self.judgement {
            Judgement::Right => "ok  ",
            Judgement::Wrong => "FAIL",
            Judgement::Doubtful | Judgement::Unknown => "??  ",
        };
        format!(
            "{mark} {} ({}): {answered}; {verdict}",
            self.probe.name,
            self.probe.kind.as_str()
        )
    }
}

/// Where each kind of notification is sent: `payin`, and the unsigned kinds' own URLs
/// when the merchant gives each kind its path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoints {
    /// The pay-in notifications' URL, and the others' when they have none of their own.
    pub payin: String,
    /// The unsigned kinds' own URLs.
    pub own: KindUrls,
}

impl Endpoints {
    /// The URL notifications of `kind` are sent to.
    pub fn url(&self, kind: NotificationKind) -> &str {
        self.own.url(kind, None).unwrap_or(&self.payin)
    }
}

/// Sends each probe to its kind's endpoint in turn (POST, JSON), calling `each` with its
/// outcome as it comes.
pub fn check_webhook(
    endpoints: &Endpoints,
    probes: Vec<Probe>,
    mut each: impl FnMut(&Outcome),
) -> io::Result<Vec<Outcome>> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    // The endpoint is the merchant's, as named: no proxy of the environment, no redirect.
    let tls = crate::tls::client_config(&crate::WebhookCa::default()).map_err(io::Error::other)?;
    let reset_tls = Arc::new(tls.clone());
    let client = reqwest::Client::builder()
        .tls_backend_preconfigured(tls)
        .timeout(ANSWER_WITHIN + Duration::from_secs(1))
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .build()
        .map_err(io::Error::other)?;
    runtime.block_on(async move {
        let mut out = Vec::new();
        for probe in probes {
            let started = Instant::now();
            let url = endpoints.url(probe.kind);
            let (status, unreachable) = if probe.reset {
                let sent = send_and_reset(url, &probe.body, &reset_tls).await;
                (None, sent.is_err())
            } else {
                let sent = client
                    .post(url)
                    .header("Content-Type", "application/json")
                    .body(probe.body.clone())
                    .send()
                    .await;
                let unreachable = sent.as_ref().is_err_and(|e| !e.is_timeout());
                (sent.ok().map(|a| a.status().as_u16()), unreachable)
            };
            let elapsed = started.elapsed();
            let judgement = match status {
                Some(s) if elapsed <= ANSWER_WITHIN => probe.expect.judge(s),
                _ => probe.expect.judge_silence(),
            };
            let outcome = Outcome {
                probe,
                status,
                unreachable,
                elapsed,
                judgement,
            };
            each(&outcome);
            out.push(outcome);
        }
        Ok(out)
    })
}

/// POSTs `body` (JSON) to `url` over a connection of its own and resets it (SO_LINGER 0,
/// so closing sends RST) as soon as the request is written, reading nothing: the
/// endpoint may find its peer gone when it asks for it, or when it answers. An
/// `https://` URL gets its TLS handshake first, verified as every other probe's.
async fn send_and_reset(url: &str, body: &str, tls: &Arc<rustls::ClientConfig>) -> io::Result<()> {
    let url = reqwest::Url::parse(url).map_err(io::Error::other)?;
    let host = url
        .host_str()
        .ok_or_else(|| io::Error::other("the URL has no host"))?
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    let port = url
        .port_or_known_default()
        .ok_or_else(|| io::Error::other("the URL has no port"))?;
    let until = Instant::now() + ANSWER_WITHIN;
    let stream = tokio::time::timeout(ANSWER_WITHIN, tokio::net::TcpStream::connect((host.as_str(), port)))
        .await
        .map_err(io::Error::other)??;
    stream.set_zero_linger()?;
    let stream = stream.into_std()?;
    stream.set_nonblocking(false)?;
    let stream = Deadline { stream, until };
    let mut target = url.path().to_string();
    if let Some(query) = url.query() {
        target.push('?');
        target.push_str(query);
    }
    let authority = match url.port() {
        Some(p) => format!("{}:{p}", url.host_str().unwrap_or_default()),
        None => url.host_str().unwrap_or_default().to_string(),
    };
    let request = format!(
        "POST {target} HTTP/1.1\r\nHost: {authority}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    if url.scheme() == "https" {
        let name = rustls::pki_types::ServerName::try_from(host).map_err(io::Error::other)?;
        let connection = rustls::ClientConnection::new(tls.clone(), name).map_err(io::Error::other)?;
        let mut tls_stream = rustls::StreamOwned::new(connection, stream);
        tls_stream.write_all(request.as_bytes())?;
        tls_stream.flush()?;
    } else {
        let mut stream = stream;
        stream.write_all(request.as_bytes())?;
        stream.flush()?;
    }
    // Dropped here: with SO_LINGER 0 the close is a reset.
    Ok(())
}

/// A connection every read and write of which ends by `until`: a socket's own timeouts
/// bound one call each, and an endpoint sending its TLS handshake a byte at a time
/// would otherwise hold the probe for as many calls as it likes.
struct Deadline {
    stream: std::net::TcpStream,
    until: Instant,
}

impl Deadline {
    /// The time left, set as the socket's timeouts, or TimedOut when none is.
    fn left(&self) -> io::Result<()> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("not done within {} s", ANSWER_WITHIN.as_secs()),
            ));
        }
        self.stream.set_read_timeout(Some(left))?;
        self.stream.set_write_timeout(Some(left))
    }
}

impl io::Read for Deadline {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.left()?;
        io::Read::read(&mut self.stream, buf)
    }
}

impl Write for Deadline {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.left()?;
        self.stream.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests may unwrap
mod tests {
    use std::io::{Read, Write};

    use super::*;

    #[tokio::test]
    async fn an_endpoint_trickling_its_handshake_cannot_hold_the_reset_probe() {
        let server = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = server.local_addr().unwrap().port();
        // A record header announcing a 16 KiB handshake, then a byte at a time: each
        // read gets something well within its own timeout.
        let trickler = std::thread::spawn(move || {
            let (mut peer, _) = server.accept().unwrap();
            let mut hello = [0u8; 4096];
            let _ = peer.read(&mut hello);
            let _ = peer.write_all(&[0x16, 0x03, 0x03, 0x40, 0x00]);
            for _ in 0..150 {
                std::thread::sleep(Duration::from_millis(200));
                if peer.write_all(&[0x02]).is_err() {
                    return;
                }
            }
        });
        let tls = Arc::new(crate::tls::client_config(&crate::WebhookCa::default()).unwrap());
        let started = Instant::now();
        let sent = send_and_reset(&format!("https://127.0.0.1:{port}/hook"), "{}", &tls).await;
        let took = started.elapsed();
        assert!(sent.is_err());
        assert!(took < ANSWER_WITHIN + Duration::from_secs(2), "held for {took:?}");
        trickler.join().unwrap();
    }
}
