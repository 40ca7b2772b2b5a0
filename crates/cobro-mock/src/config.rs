//! The mock's merchants and settings: one merchant with fake credentials by default,
//! or several from a JSON config file.

use std::fmt;
use std::time::Duration;

use cobro::receive::NotificationKind;
use cobro::{Secret, VaSignatureVariant};
use serde::Deserialize;

use crate::tls::WebhookCa;

/// The default merchant's id (a fake one).
pub const DEFAULT_MERCHANT_ID: u64 = 1001;
/// The default merchant's X-Api-Key.
pub const DEFAULT_API_KEY: &str = "mock-api-key";
/// The default merchant's virtual-account secret (fake, for the mock only).
pub const DEFAULT_VA_SECRET: &str = "mock-va-secret-not-real";
/// The default merchant's pay-in key (fake, for the mock only).
pub const DEFAULT_PAYIN_KEY: &str = "mock-payin-key-not-real";
/// The default webhook URL: where the notifications go unless told otherwise.
pub const DEFAULT_WEBHOOK_URL: &str = "http://127.0.0.1:8080/webhooks/cobro";
/// The largest config file read, in bytes.
pub const MAX_CONFIG_BYTES: usize = 1 << 20;
/// The most merchants a config holds.
pub const MAX_MERCHANTS: usize = 1000;

/// One merchant the mock knows: its ids, keys and webhook.
#[derive(Clone)]
pub struct Merchant {
    /// The merchant id (payinMerchantID, subscription merchantId, deposit merchantId).
    pub id: u64,
    /// The name shown on vouchers and the checkout page.
    pub name: String,
    /// X-Api-Key of the virtual-account API.
    pub api_key: String,
    /// The virtual-account HMAC secret.
    pub va_secret: Secret,
    /// The pay-in key (payinVerification and the subscription Bearer hash).
    pub payin_key: Secret,
    /// Where the notifications go; None sends none (each is still listed in the events).
    pub webhook_url: Option<String>,
    /// The unsigned kinds' own URLs, when they are not `webhook_url`.
    pub kind_urls: KindUrls,
    /// The text X-Signature covers (DESIGN.md 9 row 30).
    pub variant: VaSignatureVariant,
}

impl fmt::Debug for Merchant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Merchant")
            .field("id", &self.id)
            .field("name", &self.name)
            .field("api_key", &self.api_key)
            .field("webhook_url", &self.webhook_url)
            .field("kind_urls", &self.kind_urls)
            .field("variant", &self.variant)
            .finish_non_exhaustive()
    }
}

impl Merchant {
    /// The default merchant, with the fake credentials above.
    pub fn fake() -> Result<Merchant, ConfigError> {
        let key = |text: &str| Secret::new(text).map_err(|e| ConfigError(e.to_string()));
        Ok(Merchant {
            id: DEFAULT_MERCHANT_ID,
            name: "Mock Merchant".to_string(),
            api_key: DEFAULT_API_KEY.to_string(),
            va_secret: key(DEFAULT_VA_SECRET)?,
            payin_key: key(DEFAULT_PAYIN_KEY)?,
            webhook_url: Some(DEFAULT_WEBHOOK_URL.to_string()),
            kind_urls: KindUrls::default(),
            variant: VaSignatureVariant::Spec,
        })
    }

    /// Where this merchant's notifications of `kind` go: the kind's own URL, else the
    /// webhook URL; None sends none.
    pub fn webhook(&self, kind: NotificationKind) -> Option<&str> {
        self.kind_urls.url(kind, self.webhook_url.as_deref())
    }
}

/// The URLs of the unsigned kinds when a merchant gives them their own: one path per
/// kind of notification (as the receivers of examples/webhooks serve them), since the
/// provider is configured per product.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KindUrls {
    /// Where subscription webhooks go.
    pub subscription: Option<String>,
    /// Where deposit notifications go.
    pub deposit: Option<String>,
}

impl KindUrls {
    /// Where a notification of `kind` goes: its kind's own URL, else `url`, the one for
    /// every kind.
    pub fn url<'a>(&'a self, kind: NotificationKind, url: Option<&'a str>) -> Option<&'a str> {
        let own = match kind {
            NotificationKind::PayinNotification => None,
            NotificationKind::SubscriptionWebhook => self.subscription.as_deref(),
            NotificationKind::DepositNotification => self.deposit.as_deref(),
        };
        own.or(url)
    }
}

/// How notifications are retried: attempts at most, and the first delay, doubled after
/// each failure up to `max_delay`.
#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    /// Attempts in all, the first included.
    pub attempts: u32,
    /// The wait before the second attempt.
    pub first_delay: Duration,
    /// The longest wait between attempts.
    pub max_delay: Duration,
    /// How long one attempt may take.
    pub timeout: Duration,
}

impl Default for RetryPolicy {
    fn default() -> RetryPolicy {
        RetryPolicy {
            attempts: 5,
            first_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
            timeout: Duration::from_secs(10),
        }
    }
}

/// How many connections the mock serves at once, and how long a client may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// The most connections served at once; one more is answered 503 and closed. Kept
    /// well under the common limit of 1,024 open files, so that the listener and the
    /// notifications' own connections always find a descriptor.
    pub max_connections: usize,
    /// How long a connection may take to send a request's headers, counted from when
    /// it opens or its previous answer is sent: a connection idle that long is closed.
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive once its headers have; past it the
    /// request is answered 408 and the connection closed.
    pub body_timeout: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits {
            max_connections: 256,
            header_timeout: Duration::from_secs(30),
            body_timeout: Duration::from_secs(30),
        }
    }
}

/// Everything the mock runs with.
#[derive(Debug, Clone)]
pub struct Config {
    /// The merchants (at least one).
    pub merchants: Vec<Merchant>,
    /// Seconds added to the system clock when checking X-Timestamp (simulated skew).
    pub clock_offset: i64,
    /// Pay a created pay-in by itself after this many seconds.
    pub auto_pay: Option<Duration>,
    /// How notifications are retried.
    pub retry: RetryPolicy,
    /// Host names besides the mock's own address and `localhost` that the control API
    /// and the checkout accept in `Host` (a container network's name for the mock).
    pub allowed_hosts: Vec<String>,
    /// How many connections are served at once and how long a client may take.
    pub connections: ConnectionLimits,
    /// CA certificates an https webhook may chain to besides the system's (the CA of a
    /// local test receiver); empty by default.
    pub webhook_ca: WebhookCa,
}

impl Config {
    /// One merchant with the fake credentials ([`Merchant::fake`]), no skew, no
    /// automatic payment, the default retries.
    pub fn with_fake_merchant() -> Result<Config, ConfigError> {
        Ok(Config {
            merchants: vec![Merchant::fake()?],
            clock_offset: 0,
            auto_pay: None,
            retry: RetryPolicy::default(),
            allowed_hosts: Vec::new(),
            connections: ConnectionLimits::default(),
            webhook_ca: WebhookCa::default(),
        })
    }
}

/// What a webhook URL must be, for the errors that refuse one.
pub const WEBHOOK_URL: &str = "an http:// or https:// URL with a host";

/// Whether `url` is a webhook URL the mock can deliver to: `http://` or `https://` and a
/// host. Checked at start, so that a URL no notification could reach is refused then
/// rather than failing every delivery.
pub fn is_webhook_url(url: &str) -> bool {
    url.parse::<axum::http::Uri>().is_ok_and(|uri| {
        matches!(uri.scheme_str(), Some("http" | "https")) && uri.host().is_some_and(|h| !h.is_empty())
    })
}

/// Why a config file was refused; never carries a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    merchants: Vec<FileMerchant>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
struct FileMerchant {
    id: u64,
    #[serde(default)]
    name: Option<String>,
    api_key: String,
    va_secret: String,
    payin_key: String,
    #[serde(default)]
    webhook_url: Option<String>,
    #[serde(default)]
    subscription_webhook_url: Option<String>,
    #[serde(default)]
    deposit_webhook_url: Option<String>,
    #[serde(default)]
    signature_variant: Option<String>,
}

/// The merchants of a config file: `{"merchants": [{"id", "name"?, "api_key",
/// "va_secret", "payin_key", "webhook_url"?, "subscription_webhook_url"?,
/// "deposit_webhook_url"?, "signature_variant"? ("spec" or "reference_id")}]}`. Ids and
/// API keys must be unique; an empty URL is none.
pub fn merchants_from_json(text: &[u8]) -> Result<Vec<Merchant>, ConfigError> {
    if text.len() > MAX_CONFIG_BYTES {
        return Err(ConfigError(format!(
            "the config is larger than {MAX_CONFIG_BYTES} bytes"
        )));
    }
    let file: FileConfig =
        serde_json::from_slice(text).map_err(|e| ConfigError(format!("the config is not valid: {}", describe(&e))))?;
    if file.merchants.is_empty() || file.merchants.len() > MAX_MERCHANTS {
        return Err(ConfigError(format!(
            "the config must list 1 to {MAX_MERCHANTS} merchants"
        )));
    }
    let mut merchants: Vec<Merchant> = Vec::with_capacity(file.merchants.len());
    for (i, m) in file.merchants.into_iter().enumerate() {
        let at = |what: &str| ConfigError(format!("merchants[{i}]: {what}"));
        let key = |text: String, name: &str| Secret::new(text).map_err(|e| at(&format!("{name}: {e}")));
        let variant = match m.signature_variant.as_deref() {
            None => VaSignatureVariant::Spec,
            Some(v) => {
                VaSignatureVariant::from_name(v).ok_or_else(|| at("signature_variant must be spec or reference_id"))?
            }
        };
        if m.id == 0 || merchants.iter().any(|x| x.id == m.id) {
            return Err(at("id must be a positive number no other merchant has"));
        }
        if m.api_key.is_empty() || merchants.iter().any(|x| x.api_key == m.api_key) {
            return Err(at("api_key must be non-empty and unique"));
        }
        let url = |url: Option<String>, name: &str| match url.filter(|u| !u.is_empty()) {
            Some(url) if !is_webhook_url(&url) => Err(at(&format!("{name} must be {WEBHOOK_URL}"))),
            url => Ok(url),
        };
        merchants.push(Merchant {
            id: m.id,
            name: m.name.unwrap_or_else(|| format!("Mock Merchant {}", m.id)),
            api_key: m.api_key,
            va_secret: key(m.va_secret, "va_secret")?,
            payin_key: key(m.payin_key, "payin_key")?,
            webhook_url: url(m.webhook_url, "webhook_url")?,
            kind_urls: KindUrls {
                subscription: url(m.subscription_webhook_url, "subscription_webhook_url")?,
                deposit: url(m.deposit_webhook_url, "deposit_webhook_url")?,
            },
            variant,
        });
    }
    Ok(merchants)
}

/// serde_json's error without the input it quotes (a key could be in it): its category
/// and position.
fn describe(e: &serde_json::Error) -> String {
    format!("{:?} error at line {} column {}", e.classify(), e.line(), e.column())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_file_gives_its_merchants() {
        let text = br#"{"merchants":[{"id":7,"api_key":"k7","va_secret":"s7","payin_key":"p7",
            "signature_variant":"reference_id","webhook_url":"http://127.0.0.1:9/h"}]}"#;
        let m = merchants_from_json(text).unwrap();
        assert_eq!(m[0].id, 7);
        assert_eq!(m[0].variant, VaSignatureVariant::ReferenceId);
        assert!(!format!("{:?}", m[0]).contains("s7"));
        assert_eq!(m[0].kind_urls, KindUrls::default());
    }

    /// Each unsigned kind goes to its own URL when the merchant gives one, else to the
    /// webhook URL; pay-in notifications always go to the webhook URL.
    #[test]
    fn each_kind_goes_to_its_own_url_or_the_webhook_url() {
        let text = br#"{"merchants":[{"id":7,"api_key":"k7","va_secret":"s7","payin_key":"p7",
            "webhook_url":"http://127.0.0.1:9/payin","deposit_webhook_url":"http://127.0.0.1:9/deposit",
            "subscription_webhook_url":""}]}"#;
        let m = &merchants_from_json(text).unwrap()[0];
        let urls = NotificationKind::ALL.map(|k| m.webhook(k));
        assert_eq!(
            urls,
            [
                Some("http://127.0.0.1:9/payin"),
                Some("http://127.0.0.1:9/payin"),
                Some("http://127.0.0.1:9/deposit")
            ]
        );
        let own = KindUrls {
            subscription: Some("http://h/s".into()),
            deposit: None,
        };
        assert_eq!(own.url(NotificationKind::SubscriptionWebhook, None), Some("http://h/s"));
        assert_eq!(own.url(NotificationKind::DepositNotification, None), None);
        assert_eq!(
            own.url(NotificationKind::PayinNotification, Some("http://h/p")),
            Some("http://h/p")
        );
    }

    #[test]
    fn webhook_urls_are_http_or_https_with_a_host() {
        for good in [
            "http://127.0.0.1:8080/webhooks/cobro",
            "https://127.0.0.1:8443/h",
            "https://shop.test/webhooks",
            "http://receiver:9000/h",
        ] {
            assert!(is_webhook_url(good), "{good}");
        }
        for bad in [
            "not a url",
            "ftp://h/x",
            "ws://h/x",
            "http://",
            "https://",
            "/webhooks",
            "h:80/x",
            "",
        ] {
            assert!(!is_webhook_url(bad), "{bad}");
        }
    }

    #[test]
    fn bad_configs_say_why_without_the_keys() {
        for (text, part) in [
            (&br#"{"merchants":[]}"#[..], "1 to"),
            (br#"{"merchants":[{"id":1,"api_key":"k","va_secret":" s","payin_key":"p"}]}"#, "va_secret"),
            (br#"{"merchants":[{"id":1,"api_key":"k","va_secret":"s","payin_key":"p","x":1}]}"#, "not valid"),
            (
                br#"{"merchants":[{"id":1,"api_key":"k","va_secret":"s","payin_key":"p","webhook_url":"ftp://h/x"}]}"#,
                "webhook_url must be an http:// or https:// URL",
            ),
            (
                br#"{"merchants":[{"id":1,"api_key":"k","va_secret":"s","payin_key":"p","deposit_webhook_url":"/d"}]}"#,
                "deposit_webhook_url must be an http:// or https:// URL",
            ),
            (
                br#"{"merchants":[{"id":1,"api_key":"k","va_secret":"s","payin_key":"p"},{"id":1,"api_key":"j","va_secret":"s","payin_key":"p"}]}"#,
                "merchants[1]",
            ),
        ] {
            let e = merchants_from_json(text).unwrap_err();
            assert!(e.0.contains(part), "{e}");
            assert!(!e.0.contains(" s\""), "{e}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_are_read_or_refused_without_the_keys(secret in "[a-z]{12}", tail in proptest::collection::vec(proptest::num::u8::ANY, 0..64)) {
            let mut text = format!(r#"{{"merchants":[{{"id":1,"api_key":"k","va_secret":"{secret}","payin_key":"{secret}""#).into_bytes();
            text.extend(tail);
            if let Err(e) = merchants_from_json(&text) {
                proptest::prop_assert!(!e.0.contains(&secret), "{}", e);
            }
        }
    }
}
