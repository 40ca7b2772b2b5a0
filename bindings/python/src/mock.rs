//! `cobro.mock`: the provider's local stand-in (crates/cobro-mock) started in this
//! process, on a thread of its own, for tests and for `python -m cobro.mock`. This
//! module converts the arguments; what they mean is `cobro_mock::host`'s.

use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};

use cobro::Code;
use cobro_mock::Mock;
use cobro_mock::host::{self, Options, StartError};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::args::{merchant_id, opt_secret, opt_size, string, whole, whole_as};
use crate::errors::{cobro_error, guard, internal_error, signing_error, type_error};

/// A running mock: `url` is the base URL of all three APIs and of the control API
/// (`/_mock/`), `merchant_id` and `api_key` are its merchant's (the first of a config).
/// `stop()` ends it; so does leaving a `with` block, and dropping the last reference.
#[pyclass(frozen, module = "cobro.mock")]
pub struct MockServer {
    mock: Mutex<Option<Mock>>,
    url: String,
    merchant_id: u64,
    api_key: String,
    banner: Vec<String>,
}

#[pymethods]
impl MockServer {
    /// The fields in order, for `match` and for tools that list a record's fields.
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("url", "merchant_id", "api_key")
    }

    /// `http://host:port`: the base URL of the three APIs; the control API is under
    /// `/_mock/`.
    #[getter]
    fn url(&self) -> &str {
        &self.url
    }

    /// The merchant id its (first) merchant signs with.
    #[getter]
    fn merchant_id(&self) -> u64 {
        self.merchant_id
    }

    /// The X-Api-Key of its (first) merchant.
    #[getter]
    fn api_key(&self) -> &str {
        &self.api_key
    }

    /// Stops the mock and waits for its thread, at most a few seconds for the requests
    /// under way; calling it again does nothing.
    fn stop(&self, py: Python<'_>) -> PyResult<()> {
        let mock = self.mock.lock().unwrap_or_else(PoisonError::into_inner).take();
        let Some(mock) = mock else { return Ok(()) };
        // Without the GIL: a request under way may be one this process's threads serve.
        // It ends in error only when its thread panicked: a bug.
        py.detach(|| mock.stop()).map_err(|_| internal_error(py))
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(
        &self,
        py: Python<'_>,
        _kind: &Bound<'_, PyAny>,
        _value: &Bound<'_, PyAny>,
        _traceback: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        // Returns None: an exception of the `with` block goes on.
        self.stop(py)
    }

    /// What `python -m cobro.mock` prints, the address first (cobro_mock's banner).
    fn _banner(&self) -> Vec<String> {
        self.banner.clone()
    }

    fn __repr__(&self) -> String {
        // No key, and not the API key either: a repr ends up in logs.
        let running = self.mock.lock().unwrap_or_else(PoisonError::into_inner).is_some();
        let running = if running { "True" } else { "False" };
        format!(
            "MockServer(url='{}', merchant_id={}, running={running})",
            self.url, self.merchant_id
        )
    }
}

/// A path argument `name` (`str` or `os.PathLike`); `expected` says what it names.
fn path_argument(obj: &Bound<'_, PyAny>, name: &'static str, expected: &'static str) -> PyResult<String> {
    let path = if obj.is_instance_of::<PyString>() {
        obj.clone()
    } else if obj.hasattr("__fspath__")? {
        obj.call_method0("__fspath__")?
    } else {
        return Err(type_error(name, expected, obj));
    };
    if !path.is_instance_of::<PyString>() {
        return Err(type_error(name, expected, &path));
    }
    string(&path, name)
}

fn opt<'a, 'py>(obj: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    obj.filter(|o| !o.is_none())
}

/// A failure of `cobro_mock::host` as the Python error: a refused argument is
/// `SigningError`, options that do not go together a `TypeError`, a mock that cannot
/// start `CobroError` ERR_MOCK_NOT_STARTED.
fn start_error(py: Python<'_>, e: &StartError) -> PyErr {
    match e {
        StartError::Argument(s) => signing_error(py, s),
        StartError::Conflict(text) => PyTypeError::new_err(*text),
        StartError::NotStarted(_) => cobro_error(py, Code::MockNotStarted, e.to_string()),
    }
}

/// Starts the provider's stand-in on `host:port` (port 0 picks a free one) on a thread
/// of its own, with one merchant (the fake one, changed by the options given) or the
/// merchants of `config`, and returns once it listens; `webhook_ca` names a PEM file of
/// CA certificates an https webhook may chain to. Every argument is keyword-only;
/// `None` is the default.
#[pyfunction]
#[pyo3(
    name = "mock_start",
    signature = (*, port = None, host = None, merchant_id = None, api_key = None, webhook_url = None, subscription_webhook_url = None, deposit_webhook_url = None, va_secret = None, payin_key = None, config = None, clock_offset = None, auto_pay = None, webhook_ca = None),
    text_signature = "(*, port=0, host='127.0.0.1', merchant_id=None, api_key=None, webhook_url=None, subscription_webhook_url=None, deposit_webhook_url=None, va_secret=None, payin_key=None, config=None, clock_offset=0, auto_pay=None, webhook_ca=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn start(
    py: Python<'_>,
    port: Option<&Bound<'_, PyAny>>,
    host: Option<&Bound<'_, PyAny>>,
    merchant_id: Option<&Bound<'_, PyAny>>,
    api_key: Option<&Bound<'_, PyAny>>,
    webhook_url: Option<&Bound<'_, PyAny>>,
    subscription_webhook_url: Option<&Bound<'_, PyAny>>,
    deposit_webhook_url: Option<&Bound<'_, PyAny>>,
    va_secret: Option<&Bound<'_, PyAny>>,
    payin_key: Option<&Bound<'_, PyAny>>,
    config: Option<&Bound<'_, PyAny>>,
    clock_offset: Option<&Bound<'_, PyAny>>,
    auto_pay: Option<&Bound<'_, PyAny>>,
    webhook_ca: Option<&Bound<'_, PyAny>>,
) -> PyResult<MockServer> {
    guard(py, || {
        let port: u16 = opt(port).map(|p| whole_as(p, "port")).transpose()?.unwrap_or(0);
        let ip: IpAddr = match opt(host) {
            Some(h) => self::host::host(&string(h, "host")?).map_err(|e| start_error(py, &e))?,
            None => self::host::DEFAULT_HOST,
        };
        let options = Options {
            merchant_id: opt(merchant_id).map(self::merchant_id).transpose()?,
            api_key: opt(api_key).map(|k| string(k, "api_key")).transpose()?,
            webhook_url: opt(webhook_url).map(|u| string(u, "webhook_url")).transpose()?,
            subscription_webhook_url: opt(subscription_webhook_url)
                .map(|u| string(u, "subscription_webhook_url"))
                .transpose()?,
            deposit_webhook_url: opt(deposit_webhook_url)
                .map(|u| string(u, "deposit_webhook_url"))
                .transpose()?,
            va_secret: opt_secret(va_secret, "va_secret")?,
            payin_key: opt_secret(payin_key, "payin_key")?,
            config: opt(config)
                .map(|c| path_argument(c, "config", "a str or an os.PathLike (the path of the config file)"))
                .transpose()?,
            clock_offset: opt(clock_offset)
                .map(|c| whole(c, "clock_offset"))
                .transpose()?
                .unwrap_or(0),
            auto_pay: opt_size(auto_pay, "auto_pay")?,
            webhook_ca: None,
        };
        let webhook_ca = opt(webhook_ca)
            .map(|p| path_argument(p, "webhook_ca", "a str or an os.PathLike (the path of a PEM file)"))
            .transpose()?;
        let keys = options.key_source();
        // Without the GIL: reading a config file, binding, starting a thread.
        let started = py.detach(|| -> Result<_, StartError> {
            let mut options = options;
            options.webhook_ca = webhook_ca
                .map(|path| self::host::webhook_ca("webhook_ca", &path))
                .transpose()?;
            let config = self::host::config(options)?;
            let first = config.merchants.first().map(|m| (m.id, m.api_key.clone()));
            let mock = self::host::start(ip, port, config.clone())?;
            Ok((self::host::banner(mock.addr(), &config, keys), first, mock))
        });
        let (banner, first, mock) = started.map_err(|e| start_error(py, &e))?;
        let (merchant_id, api_key) = first.unwrap_or_default();
        Ok(MockServer {
            url: mock.url(),
            mock: Mutex::new(Some(mock)),
            merchant_id,
            api_key,
            banner,
        })
    })
}
