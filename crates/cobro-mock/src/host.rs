//! Starting the mock from a host: the `cobro mock` command, and the Python and Node
//! packages (`cobro.mock.start` and `python -m cobro.mock`, `mock.start` and the npm
//! `cobro-mock` command). Each host converts its own arguments to these types; what the
//! options mean together, what a config argument is, which addresses are allowed, the
//! errors and the start banner are decided here, once.

use std::fmt;
use std::io::Read;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use cobro::{Code, Locale, Secret, SigningError};

use crate::config::{Config, Merchant};
use crate::config::{MAX_CONFIG_BYTES, merchants_from_json};
use crate::server::Mock;
use crate::tls::{MAX_CA_BYTES, WebhookCa};

/// The environment variable the `cobro mock` commands read the virtual-account secret
/// from (the name every `cobro` command uses).
pub const VA_SECRET_VAR: &str = "COBRO_VA_SECRET";
/// The environment variable the `cobro mock` commands read the pay-in key from.
pub const PAYIN_KEY_VAR: &str = "COBRO_PAYIN_KEY";

/// What a host may ask for; each option left out keeps the default of
/// [`Config::with_fake_merchant`].
#[derive(Default)]
pub struct Options {
    /// The one merchant's id.
    pub merchant_id: Option<u64>,
    /// The one merchant's X-Api-Key.
    pub api_key: Option<String>,
    /// Where the one merchant's notifications go; an empty one sends none.
    pub webhook_url: Option<String>,
    /// Where the one merchant's subscription webhooks go, when not to `webhook_url`.
    pub subscription_webhook_url: Option<String>,
    /// Where the one merchant's deposit notifications go, when not to `webhook_url`.
    pub deposit_webhook_url: Option<String>,
    /// The one merchant's virtual-account secret.
    pub va_secret: Option<Secret>,
    /// The one merchant's pay-in key.
    pub payin_key: Option<Secret>,
    /// A config file's path, or its JSON text (see [`config_bytes`]): every merchant
    /// with its keys, so none of the five options above goes with it.
    pub config: Option<String>,
    /// Seconds added to the mock's clock when it checks X-Timestamp (simulated skew).
    pub clock_offset: i64,
    /// Pay every pay-in by itself this many seconds after it is created.
    pub auto_pay: Option<u64>,
    /// CA certificates an https webhook may chain to besides the system's, read by
    /// [`webhook_ca`]; they apply to every merchant, a config's included.
    pub webhook_ca: Option<WebhookCa>,
}

impl Options {
    /// Where the keys of these options come from, for the banner: a config's, or the
    /// ones given (not shown) and the fake ones (shown).
    pub fn key_source(&self) -> KeySource {
        if self.config.is_some() {
            KeySource::Config
        } else {
            KeySource::Environment {
                va_secret: self.va_secret.is_some(),
                payin_key: self.payin_key.is_some(),
            }
        }
    }
}

/// Why the mock was not started.
#[derive(Debug)]
pub enum StartError {
    /// An argument the core refuses (an empty API key, a host that is not a loopback
    /// address): the hosts raise it as their signing error, with its code.
    Argument(SigningError),
    /// Options that do not go together: the hosts raise it as a wrong call (Python and
    /// Node: `TypeError`), without a code.
    Conflict(&'static str),
    /// The address cannot be listened on, or the config cannot be read or is not valid:
    /// ERR_MOCK_NOT_STARTED, with the reason.
    NotStarted(String),
}

impl StartError {
    /// The error's code in the catalogue; a [`StartError::Conflict`] has none.
    pub fn code(&self) -> Option<Code> {
        match self {
            StartError::Argument(e) => Some(e.code()),
            StartError::Conflict(_) => None,
            StartError::NotStarted(_) => Some(Code::MockNotStarted),
        }
    }
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Argument(e) => e.fmt(f),
            StartError::Conflict(text) => f.write_str(text),
            StartError::NotStarted(reason) => {
                let template = Code::MockNotStarted.template(Locale::En);
                f.write_str(&template.replace("{reason}", reason))
            }
        }
    }
}

impl std::error::Error for StartError {}

/// The address the mock listens on unless told otherwise.
pub const DEFAULT_HOST: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// What the hosts that start the mock in-process accept as `host`: a loopback address
/// (the control API drives every payment, so it must not be one network hop from
/// anyone; `cobro mock --allow-remote` is the one way past this).
const LOOPBACK: &str = "a loopback IP address (127.0.0.1, ::1)";

/// The address named by a host's text, which must be a loopback IP address.
pub fn host(text: &str) -> Result<IpAddr, StartError> {
    match text.parse::<IpAddr>() {
        Ok(ip) if crate::reply::is_loopback(ip) => Ok(ip),
        _ => Err(StartError::Argument(SigningError::InvalidArgument {
            name: "host",
            allowed: LOOPBACK,
        })),
    }
}

/// The bytes of the config file at the path `argument`, read up to one byte past
/// [`MAX_CONFIG_BYTES`] so that an oversized file is refused without being read whole.
/// JSON text in place of the path is refused: given on a command line it would show the
/// merchants' keys to anyone who lists the processes, so keys come only from files or
/// the environment.
pub fn config_bytes(argument: &str) -> Result<Vec<u8>, StartError> {
    if argument.trim_start().starts_with('{') {
        return Err(StartError::NotStarted(
            "the config must be the path of a file, not JSON text: on a command line its keys would show in the process list; write it to a file"
                .to_string(),
        ));
    }
    let unreadable = |e: std::io::Error| {
        let path = shown(argument);
        StartError::NotStarted(format!("the config file {path} cannot be read: {e}"))
    };
    let file = std::fs::File::open(argument).map_err(unreadable)?;
    let mut bytes = Vec::new();
    let limit = u64::try_from(MAX_CONFIG_BYTES).unwrap_or(u64::MAX).saturating_add(1);
    file.take(limit).read_to_end(&mut bytes).map_err(unreadable)?;
    Ok(bytes)
}

/// The most characters of a path an error repeats: enough for any real path, and a
/// message stays small whatever text a caller passed.
const MAX_PATH_SHOWN: usize = 200;

/// `path` as an error shows it: cut after [`MAX_PATH_SHOWN`] characters.
fn shown(path: &str) -> String {
    match path.char_indices().nth(MAX_PATH_SHOWN) {
        Some((end, _)) => format!("{}...", path.get(..end).unwrap_or_default()),
        None => path.to_string(),
    }
}

/// The CA certificates of the PEM file at `path`, given as argument `name` (as the
/// host's language names it: `--webhook-ca`, `webhook_ca`, `webhookCa`), read up to one
/// byte past [`MAX_CA_BYTES`]. A file that cannot be read, or holds no certificate that
/// can be a CA, is ERR_MOCK_NOT_STARTED naming the argument and the path.
pub fn webhook_ca(name: &str, path: &str) -> Result<WebhookCa, StartError> {
    let refused = |why: String| StartError::NotStarted(format!("{name} {}: {why}", shown(path)));
    let unreadable = |e: std::io::Error| refused(format!("the file cannot be read: {e}"));
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    let limit = u64::try_from(MAX_CA_BYTES).unwrap_or(u64::MAX).saturating_add(1);
    file.take(limit).read_to_end(&mut bytes).map_err(unreadable)?;
    WebhookCa::from_pem(&bytes).map_err(refused)
}

/// An API key given as argument `name` (as the host's language names it): any text
/// but the empty one, which no request could carry in X-Api-Key.
pub fn api_key(name: &'static str, key: String) -> Result<String, StartError> {
    if key.is_empty() {
        return Err(StartError::Argument(SigningError::EmptyArgument { name }));
    }
    Ok(key)
}

/// A webhook URL given as argument `name`: one the mock can deliver to
/// ([`crate::config::is_webhook_url`]), checked at start; the empty one is none (no
/// webhook at all).
pub fn webhook_argument(name: &'static str, url: String) -> Result<Option<String>, StartError> {
    if url.is_empty() {
        return Ok(None);
    }
    if !crate::config::is_webhook_url(&url) {
        return Err(StartError::Argument(SigningError::InvalidArgument {
            name,
            allowed: crate::config::WEBHOOK_URL,
        }));
    }
    Ok(Some(url))
}

/// The most seconds `clock_offset` may skew the mock's clock, either way: ten years, far
/// past any timestamp window or expiry a test moves through, and within the times the
/// core reads (a larger skew would make every signed request fail on the mock's side).
pub const MAX_CLOCK_OFFSET: i64 = 10 * 366 * 24 * 60 * 60;

/// The clock skew `offset` given as argument `name`, or ERR_OUT_OF_RANGE naming it and
/// the range.
pub fn clock_offset(name: &'static str, offset: i64) -> Result<i64, StartError> {
    if (-MAX_CLOCK_OFFSET..=MAX_CLOCK_OFFSET).contains(&offset) {
        return Ok(offset);
    }
    Err(StartError::Argument(SigningError::InvalidField {
        name,
        code: cobro::Code::OutOfRange,
        params: vec![
            ("minimum", (-MAX_CLOCK_OFFSET).to_string()),
            ("maximum", MAX_CLOCK_OFFSET.to_string()),
        ],
    }))
}

/// The address a client on this machine reaches a mock listening on `addr` at: the
/// loopback address of the same family in place of an unspecified one (`0.0.0.0`,
/// `::`), which no client can connect to.
pub fn reachable(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), addr.port()),
        IpAddr::V6(ip) if ip.is_unspecified() => SocketAddr::new(IpAddr::V6(Ipv6Addr::LOCALHOST), addr.port()),
        _ => addr,
    }
}

/// The config `options` describe: the merchants of a config, or the fake merchant with
/// the options given.
pub fn config(options: Options) -> Result<Config, StartError> {
    let mut config = Config::with_fake_merchant().map_err(|e| StartError::NotStarted(e.0))?;
    config.clock_offset = clock_offset("clock_offset", options.clock_offset)?;
    config.auto_pay = options.auto_pay.map(Duration::from_secs);
    config.webhook_ca = options.webhook_ca.unwrap_or_default();
    if let Some(argument) = &options.config {
        let alone = options.merchant_id.is_none()
            && options.api_key.is_none()
            && options.webhook_url.is_none()
            && options.subscription_webhook_url.is_none()
            && options.deposit_webhook_url.is_none()
            && options.va_secret.is_none()
            && options.payin_key.is_none();
        if !alone {
            return Err(StartError::Conflict(
                "a config sets every merchant with its keys: it cannot be given with a merchant id, an API key, a webhook URL or keys",
            ));
        }
        config.merchants = merchants_from_json(&config_bytes(argument)?)
            .map_err(|e| StartError::NotStarted(format!("the config is refused: {e}")))?;
        return Ok(config);
    }
    let mut merchant = Merchant::fake().map_err(|e| StartError::NotStarted(e.0))?;
    if let Some(id) = options.merchant_id {
        // Judged as a body's merchant id is (zero and values past 2^63 - 1 refused).
        let id = i128::from(id);
        merchant.id = cobro::signing::merchant_id_from_integer("merchant_id", id).map_err(StartError::Argument)?;
    }
    if let Some(key) = options.api_key {
        merchant.api_key = api_key("api_key", key)?;
    }
    if let Some(url) = options.webhook_url {
        merchant.webhook_url = webhook_argument("webhook_url", url)?;
    }
    if let Some(url) = options.subscription_webhook_url {
        merchant.kind_urls.subscription = webhook_argument("subscription_webhook_url", url)?;
    }
    if let Some(url) = options.deposit_webhook_url {
        merchant.kind_urls.deposit = webhook_argument("deposit_webhook_url", url)?;
    }
    if let Some(secret) = options.va_secret {
        merchant.va_secret = secret;
    }
    if let Some(key) = options.payin_key {
        merchant.payin_key = key;
    }
    config.merchants = vec![merchant];
    Ok(config)
}

/// [`crate::start`], with a failure to listen named by its address.
pub fn start(host: IpAddr, port: u16, config: Config) -> Result<Mock, StartError> {
    crate::start(host, port, config).map_err(|e| not_listening(SocketAddr::new(host, port), &e))
}

/// The error of an address that cannot be listened on.
pub fn not_listening(addr: SocketAddr, e: &std::io::Error) -> StartError {
    StartError::NotStarted(format!("{addr} cannot be listened on: {e}"))
}

/// Where the keys the banner describes came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySource {
    /// A config: each merchant's keys are its own, never shown.
    Config,
    /// The fake merchant's, unless the environment variable of a key
    /// ([`VA_SECRET_VAR`], [`PAYIN_KEY_VAR`]) gave it (then it is not shown).
    Environment {
        /// [`VA_SECRET_VAR`] gave the virtual-account secret.
        va_secret: bool,
        /// [`PAYIN_KEY_VAR`] gave the pay-in key.
        payin_key: bool,
    },
}

fn key_line(name: &str, var: &str, given: bool, fake: &str) -> String {
    if given {
        format!("  {name}: from {var} (not shown)")
    } else {
        format!("  {name}: {fake} (fake; set {var} to use another)")
    }
}

/// What a `cobro mock` command prints once the mock listens on `addr`: the address
/// first (scripts read that line), then each merchant with its id, API key and webhook
/// (a key only when it is a fake one), then the base URLs.
pub fn banner(addr: SocketAddr, config: &Config, keys: KeySource) -> Vec<String> {
    let (listening, addr) = (addr, reachable(addr));
    let mut lines = vec![if listening.ip().is_unspecified() {
        format!(
            "cobro mock listening on every address of this machine ({}), port {}; from here: http://{addr}",
            listening.ip(),
            listening.port()
        )
    } else {
        format!("cobro mock listening on http://{addr}")
    }];
    for m in &config.merchants {
        match keys {
            KeySource::Config => {
                lines.push(format!(
                    "merchant {} ({}): api key {}, keys from the config",
                    m.id, m.name, m.api_key
                ));
            }
            KeySource::Environment { va_secret, payin_key } => {
                lines.push(format!("merchant {} ({}): api key {}", m.id, m.name, m.api_key));
                lines.push(key_line(
                    "virtual-account secret",
                    VA_SECRET_VAR,
                    va_secret,
                    crate::config::DEFAULT_VA_SECRET,
                ));
                lines.push(key_line(
                    "pay-in key",
                    PAYIN_KEY_VAR,
                    payin_key,
                    crate::config::DEFAULT_PAYIN_KEY,
                ));
            }
        }
        lines.push(format!("  webhook: {}", m.webhook_url.as_deref().unwrap_or("(none)")));
        for (what, own) in [
            ("subscription webhooks", &m.kind_urls.subscription),
            ("deposit notifications", &m.kind_urls.deposit),
        ] {
            if let Some(url) = own {
                lines.push(format!("  {what}: {url}"));
            }
        }
    }
    if !config.webhook_ca.is_empty() {
        lines.push(format!(
            "https webhooks: the system's CA certificates and {} given",
            config.webhook_ca.len()
        ));
    }
    lines.push(format!(
        "Base URL of all three APIs: http://{addr}; control API: http://{addr}/_mock/; Ctrl-C stops it."
    ));
    lines
}

#[cfg(test)]
mod tests;
