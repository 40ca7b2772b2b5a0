//! What a validation is asked (DESIGN.md sections 2 and 3): the kind of request and the
//! options. A ground-floor module: the readers, `prepare`, `host` and the schemas name
//! these without reaching up to the crate's root.

use crate::limits::Limits;
use crate::messages::Locale;
use crate::signing::{Secret, SigningError};

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

/// Options of [`crate::validate`].
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
    /// Judge the body as `prepare_*` will complete it (DESIGN.md section 5), through
    /// the same completion: what prepare fills or rewrites (a pay-in's
    /// payinVerification, typePost, payinDateTime, the fields left out as `""`, the
    /// amounts' canonical text, a subscription merchantId as digits) draws no issue, so a
    /// body prepare accepts has no error and every error is one prepare refuses with.
    pub before_prepare: bool,
}

impl ValidateOptions<'_> {
    /// The limits a body is read under with these options ([`Limits::for_body`] of
    /// `max_bytes`).
    pub fn limits(&self) -> Limits {
        Limits::for_body(self.max_bytes)
    }
}
