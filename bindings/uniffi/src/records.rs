//! The records of a validation (DESIGN.md section 3): the request kind, the locale and
//! the report with its issues, shared by `validate`, the catalogue and the errors.

use std::collections::HashMap;

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
    /// Portuguese as written in Brazil.
    Pt,
}

impl From<cobro::Locale> for MessageLocale {
    fn from(l: cobro::Locale) -> MessageLocale {
        match l {
            cobro::Locale::En => MessageLocale::En,
            cobro::Locale::Es => MessageLocale::Es,
            cobro::Locale::Pt => MessageLocale::Pt,
        }
    }
}

impl From<MessageLocale> for cobro::Locale {
    fn from(l: MessageLocale) -> cobro::Locale {
        match l {
            MessageLocale::En => cobro::Locale::En,
            MessageLocale::Es => cobro::Locale::Es,
            MessageLocale::Pt => cobro::Locale::Pt,
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
    /// order; the code's `CatalogueCode.params` (`codes()`) lists the names in order.
    pub params: HashMap<String, String>,
}

impl From<&cobro::Issue> for Issue {
    fn from(i: &cobro::Issue) -> Issue {
        Issue {
            path: i.path.to_string(),
            code: i.code.as_str().to_string(),
            message: i.message(),
            severity: i.severity.into(),
            params: i
                .params
                .iter()
                .map(|(k, v)| ((*k).to_string(), v.to_string()))
                .collect(),
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
