//! Spec 4 and DESIGN.md section 5: sans-IO prepared requests.
//!
//! Interface fixed for the CLI; bodies are being filled in.

use crate::date::CivilDate;
use crate::messages::Locale;
use crate::report::Report;
use crate::signing::{DepositMode, Secret, SigningError, UnixSeconds};

/// A request ready to send: join `path` to the base URL and send `body` as is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedRequest {
    /// HTTP method (always `POST` in this spec).
    pub method: String,
    /// Path to join to the API's base URL.
    pub path: String,
    /// Headers, in order.
    pub headers: Vec<(String, String)>,
    /// The exact body text to send.
    pub body: String,
}

/// Why a request could not be prepared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrepareError {
    /// The request is invalid: nothing to send.
    Invalid(Report),
    /// A credential or argument is unusable.
    Signing(SigningError),
}

/// Options of the `prepare_*` functions.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrepareOptions {
    /// Turn warnings into errors.
    pub strict: bool,
    /// Language of report messages.
    pub locale: Locale,
    /// Largest body accepted; 0 means 1 MiB.
    pub max_bytes: usize,
    /// Pay-in only: wrap the body as `{"data": {...}}`.
    pub wrap_data: bool,
}

/// Spec 4.1.
pub fn prepare_virtual_account(
    _body: &[u8],
    _api_key: &str,
    _secret: &Secret,
    _deposit_mode: DepositMode,
    _now: UnixSeconds,
    _options: &PrepareOptions,
) -> Result<PreparedRequest, PrepareError> {
    Err(PrepareError::Invalid(Report::default()))
}

/// Spec 4.2.
pub fn prepare_subscription(
    _body: &[u8],
    _key: &Secret,
    _options: &PrepareOptions,
) -> Result<PreparedRequest, PrepareError> {
    Err(PrepareError::Invalid(Report::default()))
}

/// Spec 4.3.
pub fn prepare_subscription_cancel(
    _body: &[u8],
    _key: &Secret,
    _options: &PrepareOptions,
) -> Result<PreparedRequest, PrepareError> {
    Err(PrepareError::Invalid(Report::default()))
}

/// Spec 4.4.
pub fn prepare_payin(
    _body: &[u8],
    _key: &Secret,
    _today: CivilDate,
    _options: &PrepareOptions,
) -> Result<PreparedRequest, PrepareError> {
    Err(PrepareError::Invalid(Report::default()))
}

impl PreparedRequest {
    /// `{"method","path","headers":[[name,value],...],"body"}` as compact JSON.
    pub fn to_json(&self) -> String {
        String::new()
    }
}
