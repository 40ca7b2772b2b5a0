//! `cobro listen`: a notification endpoint for development (crates/cobro-mock,
//! `receiver`). The first line names the address; then one line per notification
//! received: its kind, operation or id, state, and whether it is authentic and why.

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use cobro::receive::AllowList;
use cobro_mock::config::{WEBHOOK_URL, is_webhook_url};
use cobro_mock::receiver::{ListenConfig, SaveFolder, run_listen_until_interrupted};

use crate::input::optional_payin_key;
use crate::outcome::{CliError, Verdict};
use crate::sign::signing;

/// Options of `cobro listen`.
#[derive(Args, Debug)]
pub struct ListenArgs {
    /// The address to listen on; another than loopback needs --allow-remote.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The port; 0 picks a free one (the first line printed names it).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Listen on an address other than loopback.
    #[arg(long)]
    allow_remote: bool,
    /// Save each body, exactly as received, in this folder as NNNN-<kind>.json (refused
    /// ones in its refused/ sub-folder). The folder is created with mode 0700; one that
    /// exists must be yours, not a symbolic link, and writable by no one else. A run
    /// saves at most 64 MiB.
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// Forward each notification to this endpoint (with its Content-Type, User-Agent and
    /// length, and X-Forwarded-For naming the sender) and print its answer.
    #[arg(long, value_name = "URL")]
    forward_to: Option<String>,
    /// An address or CIDR range of the provider's; repeatable. A notification from
    /// elsewhere is refused (403).
    #[arg(long = "allow", value_name = "ADDRESS")]
    allow: Vec<String>,
    /// Accept subscription webhooks and deposit notifications, which carry no
    /// signature, from any address --allow does not refuse: for development with `cobro
    /// mock` only, since it lets anyone who reaches this port send one. Without it they
    /// are refused (403) unless --allow admits the sender.
    #[arg(long)]
    trust_unsigned: bool,
    /// Read the pay-in key (to verify pay-in notifications) from this file instead of
    /// COBRO_PAYIN_KEY.
    #[arg(long, value_name = "PATH")]
    key_file: Option<PathBuf>,
}

/// Runs `cobro listen` until Ctrl-C.
pub fn run(args: &ListenArgs) -> Result<Verdict, CliError> {
    cobro_mock::check_host(args.host, args.allow_remote).map_err(CliError::new)?;
    let save = match &args.save {
        Some(dir) => {
            Some(Arc::new(SaveFolder::open(dir).map_err(|why| {
                CliError::new(format!("--save {}: {why}", dir.display()))
            })?))
        }
        None => None,
    };
    if args.forward_to.as_deref().is_some_and(|url| !is_webhook_url(url)) {
        return Err(CliError::new(format!("--forward-to must be {WEBHOOK_URL}")));
    }
    let allow_list = if args.allow.is_empty() {
        None
    } else {
        Some(AllowList::parse_as("--allow", args.allow.iter().map(String::as_str)).map_err(signing)?)
    };
    let config = ListenConfig {
        key: optional_payin_key(args.key_file.as_ref())?,
        save,
        forward_to: args.forward_to.clone(),
        allow_list,
        trust_unsigned: args.trust_unsigned,
    };
    let verifying = config.key.is_some();
    let say = |line: &str| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    };
    run_listen_until_interrupted(args.host, args.port, config, say, |addr| {
        say(&format!("cobro listen on http://{addr}"));
        if !verifying {
            say("no pay-in key: set COBRO_PAYIN_KEY (or --key-file) to verify pay-in notifications");
        }
    })
    .map_err(|e| {
        CliError::new(format!(
            "cannot listen on {}: {e}",
            SocketAddr::new(args.host, args.port)
        ))
    })?;
    Ok(Verdict::Ok)
}
