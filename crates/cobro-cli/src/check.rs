//! `cobro check-webhook URL`: sends the merchant's notification endpoint the battery a
//! careful receiver must pass, signed with the merchant's key (the unsigned kinds to
//! their own URLs when given), and prints a line per
//! case: what was sent, what the endpoint answered and in what time, and whether that
//! is right. Exit 1 when the endpoint accepts a wrong signature, a tampered amount or
//! an empty or missing signature (in any pay-in state), refuses an authentic
//! notification or a duplicate, or takes over 10 s. With `--outside-allow-list` (the
//! endpoint's allow-list does not hold this address) every case must be refused with
//! 403, and exit 1 when one is accepted.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use cobro_mock::KindUrls;
use cobro_mock::check::{Endpoints, check_webhook};
use cobro_mock::config::{WEBHOOK_URL, is_webhook_url};

use crate::input::SecretSource;
use crate::outcome::{CliError, Verdict};
use crate::sign::signing;

/// Options of `cobro check-webhook`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The endpoint of pay-in notifications (and of the other kinds, unless given their
    /// own): an http:// or https:// URL.
    #[arg(value_name = "URL")]
    url: String,
    /// The endpoint of subscription webhooks, when it is not URL.
    #[arg(long, value_name = "URL")]
    subscription_webhook_url: Option<String>,
    /// The endpoint of deposit notifications, when it is not URL.
    #[arg(long, value_name = "URL")]
    deposit_webhook_url: Option<String>,
    /// The merchant id the notifications name.
    #[arg(long, value_name = "ID", default_value_t = 1234)]
    merchant_id: u64,
    /// The operation number the pay-in notifications name.
    #[arg(long, value_name = "NUMBER", default_value = "COBRO-CHECK-1")]
    operation_number: String,
    /// Read the pay-in key from this file instead of COBRO_PAYIN_KEY.
    #[arg(long, value_name = "PATH")]
    key_file: Option<PathBuf>,
    /// The endpoint's allow-list does not hold this machine's address: every case must
    /// be refused (403), one sent over a connection reset at once included.
    #[arg(long)]
    outside_allow_list: bool,
}

/// Runs `cobro check-webhook`.
pub fn run(args: &CheckArgs) -> Result<Verdict, CliError> {
    let urls = [
        ("URL", Some(&args.url)),
        ("--subscription-webhook-url", args.subscription_webhook_url.as_ref()),
        ("--deposit-webhook-url", args.deposit_webhook_url.as_ref()),
    ];
    for (name, url) in urls {
        if url.is_some_and(|u| !is_webhook_url(u)) {
            return Err(CliError::new(format!("{name} must be {WEBHOOK_URL}")));
        }
    }
    let endpoints = Endpoints {
        payin: args.url.clone(),
        own: KindUrls {
            subscription: args.subscription_webhook_url.clone(),
            deposit: args.deposit_webhook_url.clone(),
        },
    };
    let key = SecretSource::payin_key(args.key_file.as_ref()).load()?;
    let battery = if args.outside_allow_list {
        cobro::receive::battery::battery_outside_allow_list
    } else {
        cobro::receive::battery::battery
    };
    let probes = battery(args.merchant_id, &args.operation_number, &key).map_err(signing)?;
    let outcomes = check_webhook(&endpoints, probes, |outcome| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", outcome.line());
        let _ = out.flush();
    })
    .map_err(|e| CliError::new(format!("cannot check {}: {e}", args.url)))?;
    let failed = outcomes.iter().filter(|o| o.fails()).count();
    let mut out = std::io::stdout().lock();
    if failed == 0 {
        let _ = writeln!(out, "the endpoint passed: it answers as a careful receiver does");
        Ok(Verdict::Ok)
    } else {
        let _ = writeln!(out, "the endpoint failed {failed} of {} cases", outcomes.len());
        Ok(Verdict::Invalid)
    }
}
