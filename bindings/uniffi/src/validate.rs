//! `validate` (DESIGN.md section 3): the report as records, the exact report JSON of
//! the core, and `ensureValid` for callers that want an exception.

use crate::errors::CobroError;
use crate::records::{MessageLocale, Report, RequestKind};

/// Options of `validate`. There is no pay-in key: checking payinVerification needs the
/// merchant's key, which does not belong in an app (the binding's README).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ValidateOptions {
    /// Turn warnings into errors (DESIGN.md section 3).
    #[uniffi(default = false)]
    pub strict: bool,
    /// The language of the texts; null for the core's default (English).
    #[uniffi(default = None)]
    pub locale: Option<MessageLocale>,
    /// The largest body accepted, in bytes; 0 for the core's default (1 MiB, DESIGN.md
    /// section 8).
    #[uniffi(default = 0)]
    pub max_bytes: u32,
}

impl ValidateOptions {
    fn core(&self) -> cobro::ValidateOptions<'static> {
        cobro::ValidateOptions {
            strict: self.strict,
            locale: self.locale.map(cobro::Locale::from).unwrap_or_default(),
            // u32 fits usize on every target uniffi builds for (32 and 64 bits).
            max_bytes: usize::try_from(self.max_bytes).unwrap_or(usize::MAX),
            payin_key: None,
        }
    }
}

fn run(kind: RequestKind, body: &[u8], options: &ValidateOptions) -> cobro::Report {
    cobro::validate(kind.into(), body, &options.core())
}

/// Validates one request body (JSON text) of `kind` and reports every problem at once
/// (DESIGN.md section 3). Never throws: a body that is not JSON, too large or too deep
/// is a report with one error at path `""`.
#[uniffi::export(default(options = None))]
pub fn validate(kind: RequestKind, body: String, options: Option<ValidateOptions>) -> Report {
    Report::from(&run(kind, body.as_bytes(), &options.unwrap_or_else(defaults)))
}

/// `validate` for a body given as bytes (invalid UTF-8 is reported as
/// ERR_INVALID_UTF8 with its offset).
#[uniffi::export(default(options = None))]
pub fn validate_bytes(kind: RequestKind, body: Vec<u8>, options: Option<ValidateOptions>) -> Report {
    Report::from(&run(kind, &body, &options.unwrap_or_else(defaults)))
}

/// The report of `validateBytes` as the core's JSON text (DESIGN.md section 3: compact,
/// fixed key order, the issue texts under `message`), identical in every language.
#[uniffi::export(default(options = None))]
pub fn validate_json(kind: RequestKind, body: Vec<u8>, options: Option<ValidateOptions>) -> String {
    run(kind, &body, &options.unwrap_or_else(defaults)).to_json()
}

/// Validates like `validateBytes` and throws `Validation` with the issues when the
/// request is not valid; returns the report (its warnings) when it is.
#[uniffi::export(default(options = None))]
pub fn ensure_valid(kind: RequestKind, body: Vec<u8>, options: Option<ValidateOptions>) -> Result<Report, CobroError> {
    let report = run(kind, &body, &options.unwrap_or_else(defaults));
    if report.valid {
        Ok(Report::from(&report))
    } else {
        Err(CobroError::from(&report))
    }
}

/// The options when none are given: the core's defaults.
fn defaults() -> ValidateOptions {
    ValidateOptions {
        strict: false,
        locale: None,
        max_bytes: 0,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // tests fail loudly

    use super::*;

    const BODY: &str = r#"{"customerId": "x", "extra": 1}"#;

    #[test]
    fn the_records_carry_the_core_report() {
        let options = ValidateOptions {
            strict: false,
            locale: Some(MessageLocale::Es),
            max_bytes: 0,
        };
        let core = cobro::validate(cobro::Kind::SubscriptionCancel, BODY.as_bytes(), &options.core());
        let report = validate(RequestKind::SubscriptionCancel, BODY.to_string(), Some(options.clone()));
        assert!(!report.valid);
        assert_eq!(report.errors.len(), core.errors.len());
        assert_eq!(report.warnings.len(), core.warnings.len());
        for (ffi, core) in report.errors.iter().zip(&core.errors) {
            assert_eq!(
                (ffi.path.as_str(), ffi.code.as_str()),
                (&*core.path.as_text(), core.code.as_str())
            );
            assert_eq!(ffi.message, core.message());
            assert_eq!(ffi.params.len(), core.params.len());
        }
        assert_eq!(
            validate_json(RequestKind::SubscriptionCancel, BODY.into(), Some(options.clone())),
            core.to_json()
        );
        assert_eq!(
            report,
            validate_bytes(RequestKind::SubscriptionCancel, BODY.into(), Some(options))
        );
    }

    #[test]
    fn ensure_valid_throws_the_issues() {
        let report = validate_bytes(RequestKind::SubscriptionCancel, BODY.into(), None);
        match ensure_valid(RequestKind::SubscriptionCancel, BODY.into(), None) {
            Err(CobroError::Validation { issues }) => {
                assert_eq!(issues, [report.errors, report.warnings].concat());
            }
            other => panic!("expected Validation, got {other:?}"),
        }
    }

    #[test]
    fn no_options_are_the_core_defaults() {
        let core = cobro::validate(cobro::Kind::Payin, b"{", &cobro::ValidateOptions::default());
        assert_eq!(validate_json(RequestKind::Payin, b"{".to_vec(), None), core.to_json());
    }
}
