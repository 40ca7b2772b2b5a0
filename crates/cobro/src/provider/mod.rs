//! The provider's side of the three APIs, written as the provider writes it: answers,
//! error objects and notifications (spec 2.2, 2.3, 2.8, 4, 7; PROVIDER_FACTS.md
//! "Notifications"). Pure functions from facts to bytes, sans-IO like the rest of the
//! core.
//!
//! `cobro mock` answers with these, and a merchant's own tests can build fixtures with
//! them: every body written here parses with cobro's own parsers (`parse_*`), and every
//! signed notification verifies with cobro's own checks.
//!
//! Where the spec says "not shown" and the provider's documentation is silent too (the
//! HTTP statuses of subscription and pay-in errors, the error for a second virtual
//! account of the same user, the answer to a repeated operation number), the choice is
//! documented on the function that makes it.

pub mod payin;
pub mod subscription;
pub mod virtual_account;

use serde::Serialize;

/// An answer to send: the HTTP status and the JSON body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The JSON body.
    pub body: String,
}

impl Answer {
    /// `value` written as compact JSON with `status`.
    pub(crate) fn json<T: Serialize>(status: u16, value: &T) -> Answer {
        Answer {
            status,
            body: to_json(value),
        }
    }
}

/// `value` as compact JSON. The values written here are plain structs of strings and
/// numbers, which serde_json always writes; the fallback keeps the function total.
pub(crate) fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| String::from("{}"))
}
