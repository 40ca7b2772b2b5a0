//! `validate` (DESIGN.md section 3): the report as records, and `ensureValid` for
//! callers that want an exception.
//!
//! One body type, bytes, as in the parse functions (invalid UTF-8 is reported as
//! ERR_INVALID_UTF8 with its offset), and the options as parameters with defaults.
//! There is no pay-in key: checking payinVerification needs the merchant's key, which
//! does not belong in an app (the binding's README).

use crate::errors::CobroError;
use crate::records::{MessageLocale, Report, RequestKind};

fn run(
    kind: RequestKind,
    body: &[u8],
    strict: bool,
    locale: Option<MessageLocale>,
    (max_bytes, before_prepare): (Option<u32>, bool),
) -> cobro::Report {
    let options = cobro::ValidateOptions {
        strict,
        locale: locale.map(cobro::Locale::from).unwrap_or_default(),
        // Null is the core's default size limit (1 MiB, DESIGN.md section 8); a number is
        // passed on as it is, and the core says what it allows (`cobro::Limits::for_body`:
        // 0 accepts no body). u32 fits usize on every target uniffi builds for.
        max_bytes: max_bytes.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        payin_key: None,
        before_prepare,
    };
    cobro::validate(kind.into(), body, &options)
}

/// Validates one request body (JSON bytes) of `kind` and reports every problem at once
/// (DESIGN.md section 3). `strict` turns warnings into errors, `locale` is the language
/// of the texts (null: English), `maxBytes` the largest body accepted (null: the core's
/// default, 1 MiB), `beforePrepare` judges the body as prepare completes it (DESIGN.md
/// section 5: what prepare fills draws no issue, so every error is one prepare refuses
/// with). Never throws: a body that is not JSON, not UTF-8, too large or too deep is a
/// report with one error at path `""`.
#[uniffi::export(default(strict = false, locale = None, max_bytes = None, before_prepare = false))]
pub fn validate(
    kind: RequestKind,
    body: Vec<u8>,
    strict: bool,
    locale: Option<MessageLocale>,
    max_bytes: Option<u32>,
    before_prepare: bool,
) -> Report {
    Report::from(&run(kind, &body, strict, locale, (max_bytes, before_prepare)))
}

/// Validates like `validate` and throws `Validation` (code ERR_INVALID_REQUEST, the
/// report, its errors) when the request is not valid; returns the report (its warnings)
/// when it is.
#[uniffi::export(default(strict = false, locale = None, max_bytes = None, before_prepare = false))]
pub fn ensure_valid(
    kind: RequestKind,
    body: Vec<u8>,
    strict: bool,
    locale: Option<MessageLocale>,
    max_bytes: Option<u32>,
    before_prepare: bool,
) -> Result<Report, CobroError> {
    let report = run(kind, &body, strict, locale, (max_bytes, before_prepare));
    if report.valid {
        Ok(Report::from(&report))
    } else {
        Err(CobroError::from(&report))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // tests fail loudly

    use super::*;

    const BODY: &str = r#"{"customerId": "x", "extra": 1}"#;

    #[test]
    fn the_records_carry_the_core_report() {
        let options = cobro::ValidateOptions {
            locale: cobro::Locale::Es,
            ..cobro::ValidateOptions::default()
        };
        let core = cobro::validate(cobro::Kind::SubscriptionCancel, BODY.as_bytes(), &options);
        let report = validate(
            RequestKind::SubscriptionCancel,
            BODY.into(),
            false,
            Some(MessageLocale::Es),
            None,
            false,
        );
        assert!(!report.valid);
        assert_eq!(report, Report::from(&core));
        assert!(!report.warnings.is_empty());
        for (ffi, core) in report.errors.iter().zip(&core.errors) {
            assert_eq!(
                (ffi.path.as_str(), ffi.code.as_str()),
                (&*core.path.as_text(), core.code.as_str())
            );
            assert_eq!(ffi.message, core.message());
        }
    }

    #[test]
    fn every_core_locale_is_a_message_locale_and_back() {
        for locale in cobro::Locale::ALL {
            assert_eq!(cobro::Locale::from(MessageLocale::from(locale)), locale);
        }
        let report = validate(
            RequestKind::Payin,
            b"{}".to_vec(),
            false,
            Some(MessageLocale::Pt),
            None,
            false,
        );
        assert_eq!(report.errors[0].message, "payinMerchantID é obrigatório");
    }

    #[test]
    fn ensure_valid_throws_the_errors_only() {
        let report = validate(RequestKind::SubscriptionCancel, BODY.into(), false, None, None, false);
        match ensure_valid(RequestKind::SubscriptionCancel, BODY.into(), false, None, None, false) {
            Err(CobroError::Validation {
                code,
                report: thrown,
                errors,
                description,
            }) => {
                assert_eq!(code, "ERR_INVALID_REQUEST");
                assert_eq!(errors, report.errors);
                assert_eq!(thrown, report);
                assert_eq!(
                    description,
                    cobro::validate(cobro::Kind::SubscriptionCancel, BODY.as_bytes(), &Default::default())
                        .invalid_message(cobro::Locale::En)
                );
            }
            other => panic!("expected Validation, got {other:?}"),
        }
    }

    #[test]
    fn no_options_are_the_core_defaults() {
        let core = cobro::validate(cobro::Kind::Payin, b"{", &cobro::ValidateOptions::default());
        assert_eq!(
            validate(RequestKind::Payin, b"{".to_vec(), false, None, None, false),
            Report::from(&core)
        );
        let huge = vec![b' '; cobro::Limits::DEFAULT_MAX_BYTES + 1];
        let report = validate(RequestKind::Payin, huge.clone(), false, None, None, false);
        assert_eq!(report.errors[0].code, "ERR_BODY_TOO_LARGE");
        let larger = u32::try_from(huge.len()).unwrap();
        let report = validate(RequestKind::Payin, huge, false, None, Some(larger), false);
        assert_ne!(report.errors[0].code, "ERR_BODY_TOO_LARGE");
    }
}

#[cfg(test)]
mod before_prepare {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // tests fail loudly

    use super::*;

    /// What prepare fills is no error before prepare; the merchant's own mistakes stay.
    #[test]
    fn before_prepare_judges_the_body_as_prepare_completes_it() {
        let body = br#"{"merchantId": "1234", "subscriptionDetails": {"type": "RECURRENT", "device": "MOBILE", "customerId": "987654321", "processorCode": "Wallet_on_file", "periodicity": "1", "amount": "49.9"}}"#;
        assert!(!validate(RequestKind::Subscription, body.to_vec(), false, None, None, false).valid);
        assert!(validate(RequestKind::Subscription, body.to_vec(), false, None, None, true).valid);
    }
}
