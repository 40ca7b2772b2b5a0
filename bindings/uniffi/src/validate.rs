//! `validate` (DESIGN.md section 3): the report as records, the exact report JSON of
//! the core, and `ensureValid` for callers that want an exception.

use std::collections::HashMap;

use crate::errors::CobroError;

/// The four kinds of request (DESIGN.md section 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum RequestKind {
    /// Spec 2.1 / 4.1: create a virtual account (`virtual-account`).
    VirtualAccount,
    /// Spec 2.3 / 4.2: create a subscription (`subscription`).
    Subscription,
    /// Spec 2.3 / 4.3: cancel a subscription (`subscription-cancel`).
    SubscriptionCancel,
    /// Spec 2.4-2.7 / 4.4: create a pay-in, flat or wrapped in `data` (`payin`).
    Payin,
}

impl From<RequestKind> for cobro::Kind {
    fn from(k: RequestKind) -> cobro::Kind {
        match k {
            RequestKind::VirtualAccount => cobro::Kind::VirtualAccount,
            RequestKind::Subscription => cobro::Kind::Subscription,
            RequestKind::SubscriptionCancel => cobro::Kind::SubscriptionCancel,
            RequestKind::Payin => cobro::Kind::Payin,
        }
    }
}

/// The language of the report's texts (DESIGN.md section 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum MessageLocale {
    /// English.
    En,
    /// Spanish, for the shoppers of these merchants.
    Es,
}

impl From<cobro::Locale> for MessageLocale {
    fn from(l: cobro::Locale) -> MessageLocale {
        match l {
            cobro::Locale::En => MessageLocale::En,
            cobro::Locale::Es => MessageLocale::Es,
        }
    }
}

impl From<MessageLocale> for cobro::Locale {
    fn from(l: MessageLocale) -> cobro::Locale {
        match l {
            MessageLocale::En => cobro::Locale::En,
            MessageLocale::Es => cobro::Locale::Es,
        }
    }
}

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
    /// The largest body accepted, in bytes; null for the core's default (1 MiB, DESIGN.md
    /// section 8). What each value means is the core's (`cobro::Limits::for_body`): 0
    /// accepts no body.
    #[uniffi(default = None)]
    pub max_bytes: Option<u32>,
}

impl ValidateOptions {
    fn core(&self) -> cobro::ValidateOptions<'static> {
        cobro::ValidateOptions {
            strict: self.strict,
            locale: self.locale.map(cobro::Locale::from).unwrap_or_default(),
            // u32 fits usize on every target uniffi builds for (32 and 64 bits).
            max_bytes: self.max_bytes.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            payin_key: None,
        }
    }
}

/// Whether an issue makes the request invalid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Severity {
    /// A rule the spec states: the service would refuse the request.
    Error,
    /// A hint, a suggestion, or a value the spec does not name.
    Warning,
}

impl From<cobro::Severity> for Severity {
    fn from(s: cobro::Severity) -> Severity {
        match s {
            cobro::Severity::Error => Severity::Error,
            cobro::Severity::Warning => Severity::Warning,
        }
    }
}

/// One problem found in a request (DESIGN.md section 3).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Issue {
    /// Dotted field path, `[i]` for array indexes; `""` is the whole body.
    pub path: String,
    /// The stable code, e.g. `ERR_MISSING_FIELD` or `WARN_UNKNOWN_FIELD`.
    pub code: String,
    /// The text in the report's locale; it names the field and the rule and never
    /// contains the field's value. (A record field may be named `message`; an error
    /// field may not, DESIGN.md section 7.)
    pub message: String,
    /// Error or warning (a warning under `strict` is an error).
    pub severity: Severity,
    /// The rule's figures as strings, for callers writing their own texts. A map has no
    /// order; the core's order is in `validateJson`.
    pub params: HashMap<String, String>,
}

impl From<&cobro::Issue> for Issue {
    fn from(i: &cobro::Issue) -> Issue {
        Issue {
            path: i.path.clone(),
            code: i.code.as_str().to_string(),
            message: i.message(),
            severity: i.severity.into(),
            params: i.params.iter().map(|(k, v)| ((*k).to_string(), v.clone())).collect(),
        }
    }
}

/// The outcome of validating one request: every problem at once (DESIGN.md section 3).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Report {
    /// True when there is no error (warnings allowed unless `strict`).
    pub valid: bool,
    /// Problems that make the request invalid, in the order found.
    pub errors: Vec<Issue>,
    /// Hints and suggestions, in the order found.
    pub warnings: Vec<Issue>,
}

impl From<&cobro::Report> for Report {
    fn from(r: &cobro::Report) -> Report {
        Report {
            valid: r.valid,
            errors: r.errors.iter().map(Issue::from).collect(),
            warnings: r.warnings.iter().map(Issue::from).collect(),
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
        max_bytes: None,
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
            max_bytes: None,
        };
        let core = cobro::validate(cobro::Kind::SubscriptionCancel, BODY.as_bytes(), &options.core());
        let report = validate(RequestKind::SubscriptionCancel, BODY.to_string(), Some(options.clone()));
        assert!(!report.valid);
        assert_eq!(report.errors.len(), core.errors.len());
        assert_eq!(report.warnings.len(), core.warnings.len());
        for (ffi, core) in report.errors.iter().zip(&core.errors) {
            assert_eq!(
                (ffi.path.as_str(), ffi.code.as_str()),
                (core.path.as_str(), core.code.as_str())
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
