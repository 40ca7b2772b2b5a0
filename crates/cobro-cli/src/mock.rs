//! `cobro mock`: runs the local stand-in for the provider (crates/cobro-mock) until
//! Ctrl-C. The first line on standard output names the address; the merchant's
//! credentials follow, fake ones printed, real ones (from the environment or a config
//! file) never.

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::Args;
use cobro_mock::Config;
use cobro_mock::host::{self, KeySource, Options};

use crate::input::{PAYIN_KEY_VAR, SecretSource, VA_SECRET_VAR};
use crate::outcome::{CliError, Verdict};

/// Options of `cobro mock`.
#[derive(Args, Debug)]
pub struct MockArgs {
    /// The address to listen on; another than loopback needs --allow-remote.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The port; 0 picks a free one (the first line printed names it).
    #[arg(long, default_value_t = cobro_mock::DEFAULT_PORT)]
    port: u16,
    /// Listen on an address other than loopback (the control API stays loopback-only).
    #[arg(long)]
    allow_remote: bool,
    /// A host name the control API also answers to in Host (the mock's name on a
    /// container network); repeatable. Its own address and localhost always are.
    #[arg(long, value_name = "NAME")]
    allowed_host: Vec<String>,
    /// A JSON file of merchants: {"merchants": [{"id", "name", "api_key", "va_secret",
    /// "payin_key", "webhook_url", "subscription_webhook_url", "deposit_webhook_url",
    /// "signature_variant"}]}.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["merchant_id", "api_key", "webhook_url", "subscription_webhook_url", "deposit_webhook_url"])]
    config: Option<PathBuf>,
    /// The merchant id of the one merchant (default 1001).
    #[arg(long, value_name = "ID")]
    merchant_id: Option<u64>,
    /// The merchant's X-Api-Key (default mock-api-key).
    #[arg(long, value_name = "KEY")]
    api_key: Option<String>,
    /// Where notifications go: an http:// or https:// URL (default
    /// http://127.0.0.1:8080/webhooks/cobro).
    #[arg(long, value_name = "URL")]
    webhook_url: Option<String>,
    /// Where subscription webhooks go, when not to --webhook-url (one path per kind).
    #[arg(long, value_name = "URL")]
    subscription_webhook_url: Option<String>,
    /// Where deposit notifications go, when not to --webhook-url (one path per kind).
    #[arg(long, value_name = "URL")]
    deposit_webhook_url: Option<String>,
    /// A PEM file of CA certificates (one or more) that https webhooks may chain to
    /// besides the system's: the CA of a local test receiver. Applies to every merchant.
    #[arg(long, value_name = "FILE")]
    webhook_ca: Option<PathBuf>,
    /// Seconds added to the mock's clock when it checks X-Timestamp (simulated skew).
    #[arg(long, value_name = "SECONDS", default_value_t = 0, allow_hyphen_values = true)]
    clock_offset: i64,
    /// Pay every pay-in by itself this many seconds after it is created.
    #[arg(long, value_name = "SECONDS")]
    auto_pay: Option<u64>,
}

/// The mock's config from the options; keys come from the environment only, as for
/// every `cobro` command (never from the command line, where any user could read them).
fn config(args: &MockArgs) -> Result<(Config, KeySource), CliError> {
    // Checked here too, so that a refusal names the option as given.
    let url = |value: &Option<String>, name| {
        value
            .clone()
            .map(|u| host::webhook_argument(name, u).map(Option::unwrap_or_default))
            .transpose()
            .map_err(|e| CliError::new(e.to_string()))
    };
    let mut options = Options {
        merchant_id: args.merchant_id,
        api_key: args.api_key.clone(),
        webhook_url: url(&args.webhook_url, "--webhook-url")?,
        subscription_webhook_url: url(&args.subscription_webhook_url, "--subscription-webhook-url")?,
        deposit_webhook_url: url(&args.deposit_webhook_url, "--deposit-webhook-url")?,
        clock_offset: args.clock_offset,
        auto_pay: args.auto_pay,
        ..Options::default()
    };
    if let Some(path) = &args.config {
        options.config = Some(path.to_string_lossy().into_owned());
    } else {
        if std::env::var_os(VA_SECRET_VAR).is_some() {
            options.va_secret = Some(SecretSource::va_secret(None).load()?);
        }
        if std::env::var_os(PAYIN_KEY_VAR).is_some() {
            options.payin_key = Some(SecretSource::payin_key(None).load()?);
        }
    }
    if let Some(path) = &args.webhook_ca {
        let ca = host::webhook_ca("--webhook-ca", &path.to_string_lossy()).map_err(|e| CliError::new(e.to_string()))?;
        options.webhook_ca = Some(ca);
    }
    let keys = options.key_source();
    let mut config = host::config(options).map_err(|e| CliError::new(e.to_string()))?;
    config.allowed_hosts = args.allowed_host.clone();
    Ok((config, keys))
}

/// Runs `cobro mock`.
pub fn run(args: &MockArgs) -> Result<Verdict, CliError> {
    cobro_mock::check_host(args.host, args.allow_remote).map_err(CliError::new)?;
    let (config, keys) = config(args)?;
    if let Some(warning) = cobro_mock::remote_warning(args.host) {
        let _ = writeln!(std::io::stderr(), "{warning}");
    }
    // The banner is written once the mock listens, when `config` is the mock's.
    let banner_config = config.clone();
    cobro_mock::run_until_interrupted(args.host, args.port, config, |addr| {
        let mut out = std::io::stdout().lock();
        for line in host::banner(addr, &banner_config, keys) {
            let _ = writeln!(out, "{line}");
        }
        let _ = out.flush();
    })
    .map_err(|e| CliError::new(host::not_listening(SocketAddr::new(args.host, args.port), &e).to_string()))?;
    Ok(Verdict::Ok)
}

#[cfg(test)]
mod tests {
    /// The banner names the variables this command reads the keys from.
    #[test]
    fn the_banner_names_the_variables_read() {
        assert_eq!(super::VA_SECRET_VAR, super::host::VA_SECRET_VAR);
        assert_eq!(super::PAYIN_KEY_VAR, super::host::PAYIN_KEY_VAR);
    }
}
