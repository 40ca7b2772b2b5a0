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
mod complete;
pub mod country;
pub mod date;
pub mod document;
pub mod endpoints;
mod field;
pub mod host;
mod host_text;
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
pub mod receive;
pub mod report;
mod request;
pub mod retry;
mod rules;
pub mod schema;
pub mod shape;
pub mod signing;
pub mod subscription;
mod template;
mod text;
mod validation;
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
    PrepareError, PrepareOptions, PreparedRequest, prepare_payin, prepare_payin_status, prepare_subscription,
    prepare_subscription_cancel, prepare_virtual_account,
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
pub use payin::status::{PayinStatusQuery, parse_payin_status};
pub use request::{Kind, ValidateOptions};
pub use subscription::response::parse_subscription_response;
pub use subscription::webhook::parse_subscription_webhook;
pub use validation::{validate, validate_payin, validate_value};
pub use virtual_account::notification::parse_deposit_notification;
pub use virtual_account::response::parse_virtual_account_response;
