//! Reading the service's answers and notifications into typed values (DESIGN.md
//! section 6): one entry point over every parser, by the document's kind.
//!
//! Parsers are lenient where the provider is loose and strict where a value matters:
//! unknown fields are ignored, numbers sent as strings are read (the provider sends
//! `"5"` for integers), a missing required field or a value of the wrong shape is a
//! [`ParseError`] naming the field's path, and a repeated key is an error (which copy
//! wins is not defined, and notifications are verified on their values).

pub use crate::reader::ParseError;
use crate::signing::SigningError;

/// The documents the service sends back (DESIGN.md section 6), by their CLI names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocumentKind {
    /// Spec 2.2 / 7.1: the answer to a virtual-account creation.
    VirtualAccountResponse,
    /// Spec 2.3 / 7.2: the answer to a subscription creation or cancellation.
    SubscriptionResponse,
    /// Spec 2.8 / 4.4: the answer to a pay-in creation.
    PayinResponse,
    /// The pay-in payment notification (PROVIDER_FACTS.md).
    PayinNotification,
    /// The subscription webhook (PROVIDER_FACTS.md).
    SubscriptionWebhook,
    /// The virtual-account deposit notification (PROVIDER_FACTS.md).
    DepositNotification,
    /// The answer to the pay-in status query, an extension beyond the spec (DESIGN.md 9
    /// row 36).
    PayinStatus,
}

impl DocumentKind {
    /// Every kind.
    pub const ALL: [DocumentKind; 7] = [
        DocumentKind::VirtualAccountResponse,
        DocumentKind::SubscriptionResponse,
        DocumentKind::PayinResponse,
        DocumentKind::PayinNotification,
        DocumentKind::SubscriptionWebhook,
        DocumentKind::DepositNotification,
        DocumentKind::PayinStatus,
    ];

    /// The CLI name, e.g. `payin-response`.
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentKind::VirtualAccountResponse => "virtual-account-response",
            DocumentKind::SubscriptionResponse => "subscription-response",
            DocumentKind::PayinResponse => "payin-response",
            DocumentKind::PayinNotification => "payin-notification",
            DocumentKind::SubscriptionWebhook => "subscription-webhook",
            DocumentKind::DepositNotification => "deposit-notification",
            DocumentKind::PayinStatus => "payin-status",
        }
    }

    /// The name of the record or union its parsed value has in the description of the
    /// shapes ([`crate::shape`]).
    pub fn shape(self) -> &'static str {
        match self {
            DocumentKind::VirtualAccountResponse => "VirtualAccountAnswer",
            DocumentKind::SubscriptionResponse => "SubscriptionAnswer",
            DocumentKind::PayinResponse => "PayinResponse",
            DocumentKind::PayinNotification => "PayinNotification",
            DocumentKind::SubscriptionWebhook => "SubscriptionWebhook",
            DocumentKind::DepositNotification => "DepositNotification",
            DocumentKind::PayinStatus => "PayinStatus",
        }
    }

    /// The kind named `name` (as [`DocumentKind::as_str`] writes it).
    pub fn from_name(name: &str) -> Option<DocumentKind> {
        DocumentKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// The kind named `name`, or the argument error (for the argument `document`) that
    /// lists the names: what a binding raises for a name its caller typed.
    pub fn parse(name: &str) -> Result<DocumentKind, SigningError> {
        DocumentKind::from_name(name).ok_or(SigningError::InvalidArgument {
            name: "document",
            allowed: "virtual-account-response, subscription-response, payin-response, payin-notification, \
                      subscription-webhook, deposit-notification, payin-status",
        })
    }
}

/// A parsed document of any kind; serializes as the inner value. Boxed: the variants
/// differ much in size.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Parsed {
    /// See [`crate::virtual_account::response`].
    VirtualAccountResponse(Box<crate::virtual_account::response::VirtualAccountAnswer>),
    /// See [`crate::subscription::response`].
    SubscriptionResponse(Box<crate::subscription::response::SubscriptionAnswer>),
    /// See [`crate::payin::response`].
    PayinResponse(Box<crate::payin::response::PayinResponse>),
    /// See [`crate::payin::notification`].
    PayinNotification(Box<crate::payin::notification::PayinNotification>),
    /// See [`crate::subscription::webhook`].
    SubscriptionWebhook(Box<crate::subscription::webhook::SubscriptionWebhook>),
    /// See [`crate::virtual_account::notification`].
    DepositNotification(Box<crate::virtual_account::notification::DepositNotification>),
    /// See [`crate::payin::status`].
    PayinStatus(Box<crate::payin::status::PayinStatus>),
}

/// The HTTP status to pass to [`parse_document`] when the caller does not know it.
pub const DEFAULT_HTTP_STATUS: u16 = 200;

/// Parses `body` as a document of `kind`. `http_status` matters only for the
/// virtual-account answer (success and error objects differ by status); pass
/// [`DEFAULT_HTTP_STATUS`] when unknown.
pub fn parse_document(kind: DocumentKind, http_status: u16, body: &[u8]) -> Result<Parsed, ParseError> {
    use crate::{payin, subscription, virtual_account};
    Ok(match kind {
        DocumentKind::VirtualAccountResponse => Parsed::VirtualAccountResponse(Box::new(
            virtual_account::response::parse_virtual_account_response(http_status, body)?,
        )),
        DocumentKind::SubscriptionResponse => {
            Parsed::SubscriptionResponse(Box::new(subscription::response::parse_subscription_response(body)?))
        }
        DocumentKind::PayinResponse => Parsed::PayinResponse(Box::new(payin::response::parse_payin_response(body)?)),
        DocumentKind::PayinNotification => {
            Parsed::PayinNotification(Box::new(payin::notification::parse_payin_notification(body)?))
        }
        DocumentKind::SubscriptionWebhook => {
            Parsed::SubscriptionWebhook(Box::new(subscription::webhook::parse_subscription_webhook(body)?))
        }
        DocumentKind::DepositNotification => Parsed::DepositNotification(Box::new(
            virtual_account::notification::parse_deposit_notification(body)?,
        )),
        DocumentKind::PayinStatus => Parsed::PayinStatus(Box::new(payin::status::parse_payin_status(body)?)),
    })
}
