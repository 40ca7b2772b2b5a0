//! `cobro check-webhook`: sends a merchant's notification endpoint the battery a careful
//! receiver must pass (`cobro::receive::battery`, the core's), one at a time, and
//! judges each answer and how long it took.

use std::io;
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
    /// The HTTP status answered; `None` when none came (refused connection, timeout).
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
        let answered = match self.status {
            Some(s) => format!("answered {s} in {} ms", self.elapsed.as_millis()),
            None if self.unreachable => "could not connect".to_string(),
            None => format!("no answer within {} s", ANSWER_WITHIN.as_secs()),
        };
        let verdict = match (self.judgement, self.probe.expect) {
            (Judgement::Right, _) => "right".to_string(),
            (Judgement::Wrong, _) if self.status.is_none() || self.elapsed > ANSWER_WITHIN => {
                format!("WRONG: answer at once ({})", self.probe.expect.wanted())
            }
            (Judgement::Wrong, Expect::Refuse) => format!("WRONG: it accepted {}", self.probe.name),
            (Judgement::Wrong, _) => format!("WRONG: expected {}", self.probe.expect.wanted()),
            (Judgement::Doubtful, _) => format!("doubtful: expected {}", self.probe.expect.wanted()),
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
            let sent = client
                .post(endpoints.url(probe.kind))
                .header("Content-Type", "application/json")
                .body(probe.body.clone())
                .send()
                .await;
            let elapsed = started.elapsed();
            let unreachable = sent.as_ref().is_err_and(|e| !e.is_timeout());
            let status = sent.ok().map(|a| a.status().as_u16());
            let judgement = match status {
                Some(s) if elapsed <= ANSWER_WITHIN => probe.expect.judge(s),
                _ if probe.expect == Expect::Accept || probe.expect == Expect::Refuse => Judgement::Wrong,
                _ => Judgement::Doubtful,
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
