//! `mock.start`: the provider's local stand-in (crates/cobro-mock) started in this
//! process, on a thread of its own, for a shop's tests and the package's `cobro-mock`
//! command. This module converts the options; what they mean is `cobro_mock::host`'s.
//! The addon's two functions are internal: `mock.js` builds the `MockServer` of the
//! package around the handle they pass.

use cobro_mock::Mock;
use cobro_mock::host::{self, Options, StartError};
use napi::bindgen_prelude::{External, Object};
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::{Keys, field, merchant_id, optional, optional_string, optional_utf16, secret, text, utf16, whole};
use crate::errors::{Fail, Res, Thrown, cobro_error, guard, internal, signing};

/// Options of `mock.start`; each left out keeps the fake merchant's default.
#[napi(object, object_to_js = false)]
pub struct MockOptions<'a> {
    /// The port; 0 (the default) picks a free one.
    #[napi(ts_type = "number")]
    pub port: Option<Unknown<'a>>,
    /// A loopback address to listen on: `'127.0.0.1'` (the default) or `'::1'`.
    #[napi(ts_type = "string")]
    pub host: Option<Unknown<'a>>,
    /// The merchant's id (default 1001): a safe integer, a bigint or a digit string.
    #[napi(ts_type = "number | bigint | string")]
    pub merchant_id: Option<Unknown<'a>>,
    /// The merchant's X-Api-Key (default `'mock-api-key'`).
    #[napi(ts_type = "string")]
    pub api_key: Option<Unknown<'a>>,
    /// Where the notifications go: an `http://` or `https://` URL (default
    /// `'http://127.0.0.1:8080/webhooks/cobro'`; `''` sends none).
    #[napi(ts_type = "string")]
    pub webhook_url: Option<Unknown<'a>>,
    /// Where subscription webhooks go, when not to `webhookUrl` (one path per kind).
    #[napi(ts_type = "string")]
    pub subscription_webhook_url: Option<Unknown<'a>>,
    /// Where deposit notifications go, when not to `webhookUrl` (one path per kind).
    #[napi(ts_type = "string")]
    pub deposit_webhook_url: Option<Unknown<'a>>,
    /// The path of a PEM file of CA certificates (one or more) that an `https://`
    /// webhook may chain to besides the system's: the CA of a local test receiver.
    #[napi(ts_type = "string")]
    pub webhook_ca: Option<Unknown<'a>>,
    /// The merchant's virtual-account secret (default a fake one).
    #[napi(ts_type = "string")]
    pub va_secret: Option<Unknown<'a>>,
    /// The merchant's pay-in key (default a fake one).
    #[napi(ts_type = "string")]
    pub payin_key: Option<Unknown<'a>>,
    /// The path of a config file `{"merchants": [{"id", "api_key", "va_secret",
    /// "payin_key", "webhook_url", "subscription_webhook_url", "deposit_webhook_url",
    /// "name", "signature_variant"}]}`: every merchant with
    /// its keys, so no merchant option goes with it. JSON text in place of the path is
    /// refused (keys on a command line show in the process list).
    #[napi(ts_type = "string")]
    pub config: Option<Unknown<'a>>,
    /// Seconds added to the mock's clock when it checks X-Timestamp (simulated skew;
    /// default 0).
    #[napi(ts_type = "number")]
    pub clock_offset: Option<Unknown<'a>>,
    /// Pay every pay-in by itself this many seconds after it is created.
    #[napi(ts_type = "number")]
    pub auto_pay: Option<Unknown<'a>>,
}

impl Keys for MockOptions<'_> {
    const KEYS: &'static [&'static str] = &[
        "port",
        "host",
        "merchantId",
        "apiKey",
        "webhookUrl",
        "subscriptionWebhookUrl",
        "depositWebhookUrl",
        "webhookCa",
        "vaSecret",
        "payinKey",
        "config",
        "clockOffset",
        "autoPay",
    ];
}

/// A failure of `cobro_mock::host` as the JS error: a refused argument is
/// `SigningError`, options that do not go together a `TypeError`, a mock that cannot
/// start `CobroError` ERR_MOCK_NOT_STARTED.
fn start_error(e: StartError) -> Fail {
    match e {
        StartError::Argument(s) => signing(&s),
        StartError::Conflict(text) => Fail::Type(text.to_string()),
        StartError::NotStarted(_) => cobro_error(cobro::Code::MockNotStarted, e.to_string()),
    }
}

const WHOLE: &str = "a whole number";

/// The core's options from the JS ones.
fn convert(options: MockOptions<'_>) -> Res<(std::net::IpAddr, u16, Options)> {
    let port = field(options.port, |p| whole::<u16>(p, "port", WHOLE))?;
    let ip = match optional_string(options.host, "host")? {
        Some(h) => host::host(&h).map_err(start_error)?,
        None => host::DEFAULT_HOST,
    };
    let key = |value, name| field(value, |v| secret(&utf16(v, name)?, name));
    let api_key = match optional_utf16(options.api_key, "apiKey")? {
        Some(k) => Some(host::api_key("apiKey", text(&k, "apiKey")?).map_err(start_error)?),
        None => None,
    };
    let webhook_ca = match optional_string(options.webhook_ca, "webhookCa")? {
        Some(path) => Some(host::webhook_ca("webhookCa", &path).map_err(start_error)?),
        None => None,
    };
    // Checked here too, so that a refusal names the option as JS spells it.
    let url = |value, name| {
        optional_string(value, name)?
            .map(|u| host::webhook_argument(name, u).map(Option::unwrap_or_default))
            .transpose()
            .map_err(start_error)
    };
    let converted = Options {
        merchant_id: field(options.merchant_id, merchant_id)?,
        api_key,
        webhook_url: url(options.webhook_url, "webhookUrl")?,
        subscription_webhook_url: url(options.subscription_webhook_url, "subscriptionWebhookUrl")?,
        deposit_webhook_url: url(options.deposit_webhook_url, "depositWebhookUrl")?,
        va_secret: key(options.va_secret, "vaSecret")?,
        payin_key: key(options.payin_key, "payinKey")?,
        config: optional_string(options.config, "config")?,
        clock_offset: field(options.clock_offset, |c| whole::<i64>(c, "clockOffset", WHOLE))?.unwrap_or(0),
        auto_pay: field(options.auto_pay, |a| whole::<u64>(a, "autoPay", WHOLE))?,
        webhook_ca,
    };
    Ok((ip, port.unwrap_or(0), converted))
}

/// What the `cobro-mock` command (cobro-mock.js) takes from `cobro mock`: its default
/// port and the environment variables of the two keys. Internal.
#[napi(skip_typescript, js_name = "mockCommandDefaults")]
pub fn mock_command_defaults(env: &Env) -> napi::Result<Object<'_>, Thrown> {
    guard(|| {
        let mut o = Object::new(env)?;
        o.set("port", u32::from(cobro_mock::DEFAULT_PORT))?;
        o.set("vaSecretVariable", host::VA_SECRET_VAR)?;
        o.set("payinKeyVariable", host::PAYIN_KEY_VAR)?;
        Ok(o)
    })
}

/// Starts the mock and returns `{url, merchantId, apiKey, banner, handle}`; `handle`
/// stops it with [`mock_stop`], or when it is collected. Internal (`mock.js`).
#[napi(skip_typescript, js_name = "mockStart")]
pub fn mock_start<'e>(env: &'e Env, options: Option<Unknown<'e>>) -> napi::Result<Object<'e>, Thrown> {
    guard(|| {
        let given: Option<MockOptions> = optional(options, "options")?;
        let (ip, port, options) = match given {
            Some(o) => convert(o)?,
            None => (host::DEFAULT_HOST, 0, Options::default()),
        };
        let keys = options.key_source();
        let config = host::config(options).map_err(start_error)?;
        let (merchant_id, api_key) = config
            .merchants
            .first()
            .map(|m| (m.id, m.api_key.clone()))
            .unwrap_or_default();
        let mock = host::start(ip, port, config.clone()).map_err(start_error)?;
        let mut o = Object::new(env)?;
        o.set("url", mock.url())?;
        // A merchant id is at most 2^63 - 1: past the safe integers only for ids no
        // provider issues, shown then as the nearest number.
        o.set("merchantId", merchant_id as f64)?;
        o.set("apiKey", api_key)?;
        o.set("banner", host::banner(mock.addr(), &config, keys))?;
        o.set("handle", External::new(Some(mock)))?;
        Ok(o)
    })
}

/// Stops the mock of `handle` and waits for its thread (a few seconds at most for the
/// requests under way); a stopped one again does nothing. Internal (`mock.js`).
#[napi(skip_typescript, js_name = "mockStop")]
pub fn mock_stop(handle: &mut External<Option<Mock>>) -> napi::Result<(), Thrown> {
    guard(|| match handle.take() {
        // It ends in error only when its thread panicked: a bug.
        Some(mock) => mock.stop().map_err(|_| internal()),
        None => Ok(()),
    })
}
