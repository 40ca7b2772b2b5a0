//! `cobro mock`: runs the local stand-in for the provider (crates/cobro-mock) until
//! Ctrl-C. The first line on standard output names the address; the merchant's
//! credentials follow, fake ones printed, real ones (from the environment or a config
//! file) never.

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;

use clap::Args;
use cobro_mock::config::{DEFAULT_PAYIN_KEY, DEFAULT_VA_SECRET, MAX_CONFIG_BYTES};
use cobro_mock::{Config, Merchant, merchants_from_json};

use crate::input::{PAYIN_KEY_VAR, SecretSource, VA_SECRET_VAR, read_at_most};
use crate::{CliError, Verdict};

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
    /// A JSON file of merchants: {"merchants": [{"id", "name", "api_key", "va_secret",
    /// "payin_key", "webhook_url", "signature_variant"}]}.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["merchant_id", "api_key", "webhook_url"])]
    config: Option<PathBuf>,
    /// The merchant id of the one merchant (default 1001).
    #[arg(long, value_name = "ID")]
    merchant_id: Option<u64>,
    /// The merchant's X-Api-Key (default mock-api-key).
    #[arg(long, value_name = "KEY")]
    api_key: Option<String>,
    /// Where notifications go (default http://127.0.0.1:8080/webhooks/cobro).
    #[arg(long, value_name = "URL")]
    webhook_url: Option<String>,
    /// Seconds added to the mock's clock when it checks X-Timestamp (simulated skew).
    #[arg(long, value_name = "SECONDS", default_value_t = 0, allow_hyphen_values = true)]
    clock_offset: i64,
    /// Pay every pay-in by itself this many seconds after it is created.
    #[arg(long, value_name = "SECONDS")]
    auto_pay: Option<u64>,
}

/// Where a key came from, for the start banner.
fn key_line(name: &str, var: &str, fake: &str) -> String {
    if std::env::var_os(var).is_some() {
        format!("  {name}: from {var} (not shown)")
    } else {
        format!("  {name}: {fake} (fake; set {var} to use another)")
    }
}

fn config(args: &MockArgs) -> Result<(Config, Vec<String>), CliError> {
    let mut config = Config::with_fake_merchant().map_err(|e| CliError::new(e.to_string()))?;
    config.clock_offset = args.clock_offset;
    config.auto_pay = args.auto_pay.map(std::time::Duration::from_secs);
    let mut lines = Vec::new();
    if let Some(path) = &args.config {
        let text = std::fs::File::open(path)
            .and_then(|f| read_at_most(f, MAX_CONFIG_BYTES + 1))
            .map_err(|e| CliError::new(format!("cannot read --config {}: {e}", path.display())))?;
        config.merchants =
            merchants_from_json(&text).map_err(|e| CliError::new(format!("--config {}: {e}", path.display())))?;
        for m in &config.merchants {
            lines.push(format!(
                "merchant {} ({}): api key {}, keys from --config",
                m.id, m.name, m.api_key
            ));
            lines.push(format!("  webhook: {}", m.webhook_url.as_deref().unwrap_or("(none)")));
        }
        return Ok((config, lines));
    }
    let mut merchant = Merchant::fake().map_err(|e| CliError::new(e.to_string()))?;
    if let Some(id) = args.merchant_id {
        merchant.id = id;
    }
    if let Some(key) = &args.api_key {
        merchant.api_key = key.clone();
    }
    if let Some(url) = &args.webhook_url {
        merchant.webhook_url = Some(url.clone());
    }
    if std::env::var_os(VA_SECRET_VAR).is_some() {
        merchant.va_secret = SecretSource::va_secret(None).load()?;
    }
    if std::env::var_os(PAYIN_KEY_VAR).is_some() {
        merchant.payin_key = SecretSource::payin_key(None).load()?;
    }
    lines.push(format!(
        "merchant {} ({}): api key {}",
        merchant.id, merchant.name, merchant.api_key
    ));
    lines.push(key_line("virtual-account secret", VA_SECRET_VAR, DEFAULT_VA_SECRET));
    lines.push(key_line("pay-in key", PAYIN_KEY_VAR, DEFAULT_PAYIN_KEY));
    lines.push(format!(
        "  webhook: {}",
        merchant.webhook_url.as_deref().unwrap_or("(none)")
    ));
    config.merchants = vec![merchant];
    Ok((config, lines))
}

/// Runs `cobro mock`.
pub fn run(args: &MockArgs) -> Result<Verdict, CliError> {
    cobro_mock::check_host(args.host, args.allow_remote).map_err(CliError::new)?;
    let (config, lines) = config(args)?;
    cobro_mock::run_until_interrupted(args.host, args.port, config, |addr| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "cobro mock listening on http://{addr}");
        for line in &lines {
            let _ = writeln!(out, "{line}");
        }
        let _ = writeln!(
            out,
            "Base URL of all three APIs: http://{addr}; control API: http://{addr}/_mock/; Ctrl-C stops it."
        );
        let _ = out.flush();
    })
    .map_err(|e| CliError::new(format!("cannot run the mock on {}:{}: {e}", args.host, args.port)))?;
    Ok(Verdict::Ok)
}
