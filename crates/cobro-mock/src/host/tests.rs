//! The host arguments' and the banner's tests.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use super::*;

#[test]
fn only_loopback_addresses_are_hosts() {
    assert!(host("127.0.0.1").is_ok() && host("::1").is_ok());
    for text in ["0.0.0.0", "10.0.0.1", "localhost", ""] {
        let e = host(text).unwrap_err();
        assert_eq!(e.code(), Some(Code::InvalidArgument), "{text}");
        assert!(e.to_string().starts_with("host must be one of"), "{e}");
    }
}

#[test]
fn options_change_the_fake_merchant() {
    let config = config(Options {
        merchant_id: Some(1234),
        api_key: Some("k".into()),
        webhook_url: Some(String::new()),
        clock_offset: -5,
        auto_pay: Some(2),
        ..Options::default()
    })
    .unwrap();
    let m = &config.merchants[0];
    assert_eq!((m.id, m.api_key.as_str(), m.webhook_url.as_deref()), (1234, "k", None));
    assert_eq!(
        (config.clock_offset, config.auto_pay),
        (-5, Some(Duration::from_secs(2)))
    );
    let e = super::config(Options {
        api_key: Some(String::new()),
        ..Options::default()
    })
    .unwrap_err();
    assert_eq!(e.code(), Some(Code::EmptyArgument));
}

/// The files [`temp_config`] wrote, removed at the end of the test that wrote them.
struct TempFiles(Vec<std::path::PathBuf>);

impl Drop for TempFiles {
    fn drop(&mut self) {
        for path in &self.0 {
            let _ = std::fs::remove_file(path);
        }
    }
}

thread_local! {
    static WRITTEN: std::cell::RefCell<TempFiles> = const { std::cell::RefCell::new(TempFiles(Vec::new())) };
}

/// A file of `text` in the temporary folder, named for `name` and this process, and
/// removed when the test's thread ends.
fn temp_config(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("cobro-mock-{}-{name}.json", std::process::id()));
    std::fs::write(&path, text).unwrap();
    WRITTEN.with(|w| w.borrow_mut().0.push(path.clone()));
    path.to_string_lossy().into_owned()
}

#[test]
fn a_config_is_a_path_and_goes_alone() {
    let text = r#" {"merchants":[{"id":7,"api_key":"k7","va_secret":"s7","payin_key":"p7"}]}"#;
    let path = temp_config("seven", text);
    let from_file = config(Options {
        config: Some(path.clone()),
        ..Options::default()
    })
    .unwrap();
    assert_eq!(from_file.merchants[0].id, 7);
    // JSON text in place of the path is refused, without quoting it.
    let e = config(Options {
        config: Some(text.into()),
        ..Options::default()
    })
    .unwrap_err();
    assert_eq!(e.code(), Some(Code::MockNotStarted));
    assert!(
        e.to_string().contains("path of a file") && !e.to_string().contains("k7"),
        "{e}"
    );
    let e = config(Options {
        config: Some(path),
        merchant_id: Some(1),
        ..Options::default()
    })
    .unwrap_err();
    assert!(matches!(e, StartError::Conflict(_)) && e.code().is_none());
    let e = config(Options {
        config: Some("/no/such/cobro-mock.json".into()),
        ..Options::default()
    })
    .unwrap_err();
    assert_eq!(e.code(), Some(Code::MockNotStarted));
    assert!(e.to_string().contains("/no/such/cobro-mock.json"), "{e}");
    let long = "x/".repeat(100_000);
    let e = config(Options {
        config: Some(long),
        ..Options::default()
    })
    .unwrap_err();
    assert!(e.to_string().len() < 400, "{e}");
    // A refused config says why without quoting it (a key could be in it).
    let refused = r#"{"merchants":[{"id":1,"api_key":"k","va_secret":" secret-1","payin_key":"p"}]}"#;
    let e = config(Options {
        config: Some(temp_config("refused", refused)),
        ..Options::default()
    })
    .unwrap_err();
    assert!(
        e.to_string().contains("va_secret") && !e.to_string().contains("secret-1"),
        "{e}"
    );
}

#[test]
fn a_clock_offset_past_ten_years_is_refused_at_start() {
    for offset in [MAX_CLOCK_OFFSET, -MAX_CLOCK_OFFSET, 0, -5] {
        assert_eq!(clock_offset("clock_offset", offset).unwrap(), offset);
    }
    for offset in [MAX_CLOCK_OFFSET + 1, i64::MIN, i64::MAX] {
        let options = Options {
            clock_offset: offset,
            ..Options::default()
        };
        let Err(StartError::Argument(e)) = config(options) else {
            panic!("{offset} started")
        };
        assert_eq!(e.code(), cobro::Code::OutOfRange);
        assert!(e.to_string().contains("clock_offset"), "{e}");
    }
}

#[test]
fn the_banner_of_every_address_shows_one_a_client_can_reach() {
    let config = Config::with_fake_merchant().unwrap();
    for (listening, shown) in [
        ("0.0.0.0:12111", "http://127.0.0.1:12111"),
        ("[::]:12111", "http://[::1]:12111"),
    ] {
        let lines = banner(listening.parse().unwrap(), &config, KeySource::Config);
        assert!(
            lines[0].contains("every address") && lines[0].contains(shown),
            "{}",
            lines[0]
        );
        let base = lines.last().unwrap();
        assert!(
            base.contains(shown) && !base.contains("0.0.0.0") && !base.contains("[::]:"),
            "{base}"
        );
    }
    assert!(
        crate::remote_warning("0.0.0.0".parse().unwrap())
            .unwrap()
            .contains("control API")
    );
    assert!(crate::remote_warning("::ffff:127.0.0.1".parse().unwrap()).is_none());
}

#[test]
fn a_webhook_url_the_mock_cannot_deliver_to_is_refused_at_start() {
    for bad in ["not a url", "ftp://example.test/", "http://", "https://"] {
        let options = Options {
            webhook_url: Some(bad.into()),
            ..Options::default()
        };
        let Err(StartError::Argument(e)) = config(options) else {
            panic!("{bad} started")
        };
        assert!(e.to_string().contains("http:// or https://"), "{e}");
    }
    let own = |subscription: &str, deposit: &str| Options {
        subscription_webhook_url: Some(subscription.into()),
        deposit_webhook_url: Some(deposit.into()),
        ..Options::default()
    };
    for (options, named) in [
        (own("ftp://h/s", ""), "subscription_webhook_url"),
        (own("", "/d"), "deposit_webhook_url"),
    ] {
        let Err(StartError::Argument(e)) = config(options) else {
            panic!("{named} started")
        };
        assert!(e.to_string().contains(named), "{e}");
    }
    let given = config(own("http://h/s", "http://h/d")).unwrap();
    let lines = banner("127.0.0.1:12111".parse().unwrap(), &given, KeySource::Config);
    assert!(
        lines.contains(&"  subscription webhooks: http://h/s".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"  deposit notifications: http://h/d".to_string()),
        "{lines:?}"
    );
    for good in [
        "http://127.0.0.1:8080/webhooks/cobro",
        "http://receiver:9000/h",
        "https://127.0.0.1:8443/h",
        "https://shop.test/webhooks/cobro",
        "",
    ] {
        let options = Options {
            webhook_url: Some(good.into()),
            ..Options::default()
        };
        assert!(config(options).is_ok(), "{good}");
    }
}

#[test]
fn a_webhook_ca_file_is_read_or_refused_naming_the_argument() {
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let pem = params.self_signed(&key).unwrap().pem();
    let path = temp_config("ca", &pem);
    let ca = webhook_ca("--webhook-ca", &path).unwrap();
    let config = config(Options {
        webhook_ca: Some(ca),
        ..Options::default()
    })
    .unwrap();
    assert_eq!(config.webhook_ca.len(), 1);
    let addr = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 4242);
    let lines = banner(addr, &config, KeySource::Config);
    assert!(
        lines.iter().any(|l| l.contains("CA certificates and 1 given")),
        "{lines:?}"
    );
    for (path, why) in [
        ("/no/such/ca.pem".to_string(), "cannot be read"),
        (std::env::temp_dir().to_string_lossy().into_owned(), "cannot be read"),
        (temp_config("not-ca", "{}"), "no PEM certificate"),
    ] {
        let e = webhook_ca("--webhook-ca", &path).unwrap_err();
        assert_eq!(e.code(), Some(Code::MockNotStarted));
        let text = e.to_string();
        assert!(
            text.contains(&format!("--webhook-ca {path}: ")) && text.contains(why),
            "{text}"
        );
    }
}

#[test]
fn an_address_in_use_is_named() {
    let taken = std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    let port = taken.local_addr().unwrap().port();
    let config = Config::with_fake_merchant().unwrap();
    let e = start(IpAddr::V4(Ipv4Addr::LOCALHOST), port, config).unwrap_err();
    assert_eq!(e.code(), Some(Code::MockNotStarted));
    let text = e.to_string();
    assert!(
        text.starts_with("the mock cannot start: ") && text.contains(&format!("127.0.0.1:{port}")),
        "{text}"
    );
}

#[test]
fn the_banner_names_the_address_first_and_no_given_key() {
    let config = Config::with_fake_merchant().unwrap();
    let addr = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 4242);
    let lines = banner(
        addr,
        &config,
        KeySource::Environment {
            va_secret: true,
            payin_key: false,
        },
    );
    assert_eq!(lines[0], "cobro mock listening on http://127.0.0.1:4242");
    let text = lines.join("\n");
    assert!(!text.contains(crate::config::DEFAULT_VA_SECRET) && text.contains(crate::config::DEFAULT_PAYIN_KEY));
}
