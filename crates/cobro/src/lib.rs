//! cobro: validation, signing and sans-IO request preparation for the
//! payment-collection API (virtual accounts, one-click subscriptions, pay-ins).
//!
//! One pure core, no IO: [`validate`] reports every problem of a request at once with
//! stable codes, paths and messages in English, Spanish or the Portuguese of Brazil;
//! the `signing` functions compute and verify every hash; the `prepare_*` functions
//! return the exact bytes and headers to send. The spec sections named in doc comments are those of `SPEC.md`;
//! the decisions where the spec is ambiguous are those of `DESIGN.md` section 9.
#![forbid(unsafe_code)]

/// The README's Rust examples, run as doctests so they cannot drift (STYLE.md 11).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

pub mod amount;
pub mod catalog;
pub mod code;
pub mod country;
pub mod date;
pub mod document;
pub mod endpoints;
mod field;
pub mod host;
pub mod json;
mod limits;
mod locale;
pub mod messages;
mod metadata;
mod params;
pub mod parse;
mod path;
pub mod payin;
pub mod personal;
pub mod prepare;
pub mod processor;
pub mod provider;
mod reader;
pub mod report;
mod rules;
pub mod schema;
pub mod shape;
pub mod signing;
pub mod subscription;
mod text;
pub mod virtual_account;

pub use amount::{Amount, AmountError};
pub use code::{Code, CodeClass, catalogue_json};
pub use date::CivilDate;
pub use host::{HostBodyError, PathStep};
pub use json::JsonError;
pub use limits::Limits;
pub use messages::Locale;
pub use personal::Personal;
pub use prepare::{
    PrepareError, PrepareOptions, PreparedRequest, prepare_payin, prepare_subscription, prepare_subscription_cancel,
    prepare_virtual_account,
};
pub use report::{Issue, IssuePath, Param, Params, Report, Severity};
pub use signing::{
    DepositMode, ReferenceId, Secret, SigningError, UnixSeconds, VaSignatureVariant, VaSignedText, VerifyError,
    payin_verification, subscription_authorization, verify_payin_verification, verify_virtual_account_headers,
    verify_virtual_account_headers_with, virtual_account_headers, virtual_account_headers_with,
    virtual_account_message, virtual_account_message_with, virtual_account_signature, virtual_account_signature_with,
};
// The parsers of DESIGN.md section 6, as reachable as the `prepare_*` functions.
pub use parse::{DocumentKind, ParseError, Parsed, parse_document};
pub use payin::SignatureCheck;
pub use payin::notification::{parse_payin_notification, verify_payin_notification};
pub use payin::response::parse_payin_response;
pub use subscription::response::parse_subscription_response;
pub use subscription::webhook::parse_subscription_webhook;
pub use virtual_account::notification::parse_deposit_notification;
pub use virtual_account::response::parse_virtual_account_response;

use std::borrow::Cow;

use report::{Ctx, Path};

/// The four kinds of request (DESIGN.md section 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Spec 2.1 / 4.1: create a virtual account.
    VirtualAccount,
    /// Spec 2.3 / 4.2: create a subscription.
    Subscription,
    /// Spec 2.3 / 4.3: cancel a subscription.
    SubscriptionCancel,
    /// Spec 2.4-2.7 / 4.4: create a pay-in transaction, flat or wrapped in `data`.
    Payin,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 4] = [
        Kind::VirtualAccount,
        Kind::Subscription,
        Kind::SubscriptionCancel,
        Kind::Payin,
    ];

    /// The kind's CLI and API name, e.g. `subscription-cancel`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::VirtualAccount => "virtual-account",
            Kind::Subscription => "subscription",
            Kind::SubscriptionCancel => "subscription-cancel",
            Kind::Payin => "payin",
        }
    }

    /// The kind named `name` (as [`Kind::as_str`] writes it).
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// The kind named `name`, or the argument error (for the argument `kind`) that
    /// lists the names: what a binding raises for a name its caller typed.
    pub fn parse(name: &str) -> Result<Kind, SigningError> {
        Kind::from_name(name).ok_or(SigningError::InvalidArgument {
            name: "kind",
            allowed: "virtual-account, subscription, subscription-cancel, payin",
        })
    }
}

/// Options of [`validate`].
#[derive(Debug, Clone, Copy, Default)]
pub struct ValidateOptions<'k> {
    /// Turn warnings into errors.
    pub strict: bool,
    /// Language of the messages.
    pub locale: Locale,
    /// Largest body accepted, in bytes; `None` for the default of 1 MiB
    /// ([`Limits::for_body`] says what each value means; `Some(0)` accepts no body).
    pub max_bytes: Option<usize>,
    /// For pay-ins: check payinVerification against this key (DESIGN.md 9 row 18).
    pub payin_key: Option<&'k Secret>,
}

impl ValidateOptions<'_> {
    /// The limits a body is read under with these options ([`Limits::for_body`] of
    /// `max_bytes`).
    pub fn limits(&self) -> Limits {
        Limits::for_body(self.max_bytes)
    }
}

/// Validates one request body of `kind` and reports every problem at once
/// (DESIGN.md section 3). Never fails: unreadable bodies get a report with one error at
/// path `""`. The report lists at most [`report::MAX_ISSUES`] issues and says how many
/// more there were (DESIGN.md section 8).
pub fn validate(kind: Kind, body: &[u8], options: &ValidateOptions<'_>) -> Report {
    match json::parse(body, options.limits()) {
        Ok(value) => validate_value(kind, &value, options),
        Err(e) => unreadable_body(&e, body, options),
    }
}

/// Validates an already parsed body (see [`validate`]).
pub fn validate_value(kind: Kind, value: &json::Value<'_>, options: &ValidateOptions<'_>) -> Report {
    let mut ctx = Ctx::new(options.locale);
    match kind {
        Kind::VirtualAccount => virtual_account::validate(&mut ctx, value),
        Kind::Subscription => subscription::validate_create(&mut ctx, value),
        Kind::SubscriptionCancel => subscription::validate_cancel(&mut ctx, value),
        Kind::Payin => {
            payin::validate(&mut ctx, value, options.payin_key);
        }
    }
    ctx.finish(options.strict)
}

/// [`validate`] of a pay-in body, with what became of the check of payinVerification
/// against `options.payin_key` (DESIGN.md 9 row 18): `None` when no key is given. The
/// report is the one [`validate`] returns; the check tells "checked and matches" apart
/// from "not checked", which the report alone does not.
pub fn validate_payin(body: &[u8], options: &ValidateOptions<'_>) -> (Report, Option<SignatureCheck>) {
    match json::parse(body, options.limits()) {
        Ok(value) => {
            let mut ctx = Ctx::new(options.locale);
            let check = payin::validate(&mut ctx, &value, options.payin_key);
            (ctx.finish(options.strict), check)
        }
        Err(e) => (
            unreadable_body(&e, body, options),
            options.payin_key.map(|_| SignatureCheck::unreadable()),
        ),
    }
}

/// The report of `body`, which could not be read as JSON (DESIGN.md section 8): an
/// empty or blank body is ERR_EMPTY_FIELD at the body (path `""`), whose message says
/// it is empty, since a syntax error "expected a value at byte 0" would not; any other
/// body is reported as [`unreadable`] says.
pub(crate) fn unreadable_body(e: &JsonError, body: &[u8], options: &ValidateOptions<'_>) -> Report {
    let blank = body.iter().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
    if blank && matches!(e, JsonError::Syntax { .. }) {
        let mut ctx = Ctx::new(options.locale);
        ctx.report(&Path::Root, Code::EmptyField, &[]);
        return ctx.finish(options.strict);
    }
    unreadable(e, options)
}

/// The report of a body that could not be read as JSON (DESIGN.md section 8).
pub(crate) fn unreadable(e: &JsonError, options: &ValidateOptions<'_>) -> Report {
    let mut ctx = Ctx::new(options.locale);
    let root = Path::Root;
    match e {
        JsonError::TooLarge { size, limit } => ctx.report_with(
            &root,
            Code::BodyTooLarge,
            [("size", text::number(*size)), ("limit", text::number(*limit))],
        ),
        JsonError::InvalidUtf8 { offset } => {
            ctx.report_with(&root, Code::InvalidUtf8, [("offset", text::number(*offset))]);
        }
        JsonError::Syntax { offset, expected } => ctx.report_with(
            &root,
            Code::MalformedJson,
            [
                ("offset", text::number(*offset)),
                ("expected", Cow::Borrowed(*expected)),
            ],
        ),
        JsonError::TooDeep { offset, limit } => ctx.report_with(
            &root,
            Code::NestingTooDeep,
            [("offset", text::number(*offset)), ("limit", text::number(*limit))],
        ),
    }
    ctx.finish(options.strict)
}
