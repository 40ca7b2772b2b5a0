//! The mock's throughput and latency on loopback: pay-in creations per second over 32
//! keep-alive connections, against the HTTP floor measured in the same run (the same
//! client and requests against an axum handler that reads the body and answers one fixed
//! body of the same size as the mock's answer).
//!
//! Each round starts a fresh mock, warms it up, sends the measured requests, then checks
//! every answer (200, payinErrorCode 0000) and the mock's own counts; a round that fails
//! a check ends the program with an error instead of a figure. Floor and mock rounds
//! alternate so that noise from other work on the machine falls on both.
#![allow(missing_docs)]

use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;
use std::time::Duration;

use cobro::PreparedRequest;
use cobro_benches::load::{self, Floor, Run};
use cobro_mock::Config;
use cobro_mock::state::MAX_EVENTS;

/// Pay-in creations per measured run.
const REQUESTS: usize = 20_000;
/// Concurrent keep-alive connections.
const CONNECTIONS: usize = 32;
/// Requests sent before each measured run, so connections, allocator and caches are warm.
const WARM_UP: usize = 2_000;
/// Measured runs of each side; the figures reported are the median round's.
const ROUNDS: usize = 5;
/// The throughput the mock is meant to reach on two cores.
const GOAL_PER_SECOND: f64 = 10_000.0;
/// The name a `cargo bench -- FILTER` argument is matched against.
const NAME: &str = "mock_throughput";

fn main() -> ExitCode {
    let filters: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    if !filters.is_empty() && !filters.iter().any(|f| NAME.contains(f.as_str())) {
        return ExitCode::SUCCESS;
    }
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("{NAME}: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Throughput, p50 and p99 of one round.
#[derive(Debug, Clone, Copy)]
struct Figures {
    per_second: f64,
    p50: Duration,
    p99: Duration,
}

impl Figures {
    fn of(run: &Run) -> Figures {
        Figures {
            per_second: run.per_second(),
            p50: run.latency_quantile(0.50),
            p99: run.latency_quantile(0.99),
        }
    }

    fn line(&self) -> String {
        format!(
            "{:>8.0} req/s   p50 {:>6.2} ms   p99 {:>6.2} ms",
            self.per_second,
            ms(self.p50),
            ms(self.p99)
        )
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The round whose throughput is the median.
fn median(mut rounds: Vec<Figures>) -> Option<Figures> {
    rounds.sort_by(|a, b| a.per_second.total_cmp(&b.per_second));
    rounds.get(rounds.len() / 2).copied()
}

/// Every answer 200 with payinErrorCode 0000.
fn check_created(run: &Run) -> Result<(), String> {
    for (i, o) in run.outcomes.iter().enumerate() {
        let answer = cobro::parse_payin_response(&o.body).map_err(|e| format!("answer {i}: {e}"))?;
        if o.status != 200 || answer.error_code != "0000" {
            return Err(format!("answer {i}: status {} code {}", o.status, answer.error_code));
        }
    }
    Ok(())
}

fn start_mock() -> Result<cobro_mock::Mock, String> {
    let config = Config::with_fake_merchant().map_err(|e| e.to_string())?;
    cobro_mock::start(IpAddr::V4(Ipv4Addr::LOCALHOST), 0, config).map_err(|e| e.to_string())
}

/// One mock round: a fresh mock, the warm-up, the measured run, the checks.
async fn mock_round(warm_up: &[PreparedRequest], measured: &[PreparedRequest]) -> Result<(Figures, Run), String> {
    let mock = start_mock()?;
    let url = mock.url();
    let warm = load::send_all(&url, warm_up, CONNECTIONS).await?;
    check_created(&warm)?;
    let run = load::send_all(&url, measured, CONNECTIONS).await?;
    let figures = Figures::of(&run);
    check_created(&run)?;
    let sent = warm_up.len() + measured.len();
    let events = load::events(&url).await?;
    let payins = events.pointer("/counts/payins").and_then(serde_json::Value::as_u64);
    let log = events.get("events").and_then(serde_json::Value::as_array);
    let last_seq = log
        .and_then(|l| l.last())
        .and_then(|e| e.get("seq"))
        .and_then(serde_json::Value::as_u64);
    let sent_u64 = u64::try_from(sent).map_err(|e| e.to_string())?;
    if payins != Some(sent_u64) || last_seq != Some(sent_u64) {
        return Err(format!(
            "the mock counts {payins:?} pay-ins and {last_seq:?} requests, not {sent}"
        ));
    }
    if log.map(Vec::len) != Some(sent.min(MAX_EVENTS)) {
        return Err("the mock's log is not at its bound".into());
    }
    mock.stop().map_err(|e| e.to_string())?;
    Ok((figures, run))
}

fn run() -> Result<(), String> {
    let numbers = |prefix: &'static str, n: usize| (0..n).map(move |i| format!("{prefix}-{i:06}"));
    let warm_up = load::payins(numbers("WARM", WARM_UP))?;
    let measured = load::payins(numbers("BENCH", REQUESTS))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let cores = std::thread::available_parallelism().map_or(0, usize::from);
        println!(
            "{NAME}: {REQUESTS} pay-in creations over {CONNECTIONS} connections, {ROUNDS} rounds of each side \
             after {WARM_UP} warm-up requests, {cores} CPUs seen; client and servers share them"
        );
        let mut mock_rounds = Vec::with_capacity(ROUNDS);
        let mut floor_rounds = Vec::with_capacity(ROUNDS);
        let mut floor: Option<Floor> = None;
        for round in 1..=ROUNDS {
            let (mock, run) = mock_round(&warm_up, &measured).await?;
            println!("round {round} mock : {}", mock.line());
            mock_rounds.push(mock);
            let floor_url = match &floor {
                Some(f) => f.url(),
                None => {
                    // The floor answers with one of the mock's own answers: the same bytes go back.
                    let sample = run.outcomes.first().map(|o| o.body.clone()).unwrap_or_default();
                    let started = Floor::start(sample).map_err(|e| e.to_string())?;
                    let url = started.url();
                    load::send_all(&url, &warm_up, CONNECTIONS).await?;
                    floor = Some(started);
                    url
                }
            };
            let floor_run = load::send_all(&floor_url, &measured, CONNECTIONS).await?;
            if let Some((i, o)) = floor_run.outcomes.iter().enumerate().find(|(_, o)| o.status != 200) {
                return Err(format!("floor answer {i}: status {}", o.status));
            }
            let figures = Figures::of(&floor_run);
            println!("round {round} floor: {}", figures.line());
            floor_rounds.push(figures);
        }
        let (Some(mock), Some(floor)) = (median(mock_rounds), median(floor_rounds)) else {
            return Err("no rounds".to_string());
        };
        println!("median mock : {}", mock.line());
        println!("median floor: {}", floor.line());
        println!(
            "mock / floor throughput: {:.2}; goal {GOAL_PER_SECOND:.0} pay-in creations per second: {}",
            mock.per_second / floor.per_second,
            if mock.per_second >= GOAL_PER_SECOND {
                "met"
            } else {
                "missed"
            }
        );
        Ok(())
    })
}
