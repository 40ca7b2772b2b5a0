//! Receiving a notification (DESIGN.md 9 row 35): one call from the bytes the
//! merchant's endpoint received to what it answers and what it may do.
//!
//! What a notification proves: the pay-in notification's payinVerification covers the
//! merchant, the operation number, the amount and the currency, not payinStateID, so an
//! authentic notification replayed with another state still verifies; subscription
//! webhooks and deposit notifications carry no signature at all (the provider
//! recommends allow-listing its addresses). So [`receive`]:
//!
//! - verifies what is signed, on the raw bytes (a body re-serialised by a framework
//!   has lost the texts the hash covers), and refuses a wrong or missing signature
//!   (HTTP 401) and a body that is not a notification (HTTP 400);
//! - answers HTTP 200 at once to an authentic notification, a duplicate included, as
//!   the provider expects (PROVIDER_FACTS.md "Notifications");
//! - gives an idempotency key: two deliveries of the same event have the same key;
//! - says whether the pay-in's state moves the merchant's stored state forward in the
//!   lifecycle's order (`payin::lifecycle`): a late PENDING after PAID does not;
//! - says when a state that releases goods (paid, settled) must first be confirmed with
//!   the status query (`payin::status`);
//! - fails closed (DESIGN.md 9 row 39): given an allow-list, refuses a peer outside it
//!   and a peer it cannot know (HTTP 403); acts on an unsigned kind only when the
//!   allow-list admitted its peer or the caller trusts unsigned notifications
//!   (`trust_unsigned`), and refuses it otherwise (HTTP 403);
//! - says in one field, [`Receipt::action`], what the merchant may do now.
//!
//! The hash covers its four texts joined with no separator, so a signed text cut at
//! other edges could pass for another order's: verification refuses an amount with a
//! leading zero and a currency that is not three capital letters; given the merchant's
//! own id, the receiver refuses a notification naming another (digits moved between
//! the merchant id and the operation number); where the operation number meets the
//! amount nothing can tell, so the merchant checks the notification's operation
//! number, amount and currency against its order.
//!
//! The notifications carry nothing in their headers (the signature is in the body), so
//! the inputs are the body, the key, and optionally the peer's address with the
//! allow-list and the stored state. Sans-IO: the merchant's framework reads the bytes
//! and writes the answer.

mod allow;
pub mod battery;

use std::net::{IpAddr, Ipv6Addr};

use serde::Serialize;
use sha2::{Digest, Sha256};

pub use allow::{AllowList, MAX_ALLOW_LIST};

use crate::code::Code;
use crate::messages::Locale;
use crate::payin::lifecycle::payin_transition;
use crate::payin::notification::{NotificationError, PayinNotification, verify_payin_notification};
use crate::reader::ParseError;
use crate::signing::{Secret, SigningError};
use crate::subscription::webhook::{SubscriptionWebhook, parse_subscription_webhook};
use crate::virtual_account::notification::{DepositNotification, parse_deposit_notification};

/// Which notification an endpoint receives: the merchant gives each kind its URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotificationKind {
    /// The pay-in payment notification, signed in payinVerification.
    PayinNotification,
    /// The subscription webhook, unsigned.
    SubscriptionWebhook,
    /// The virtual-account deposit notification, unsigned.
    DepositNotification,
}

impl NotificationKind {
    /// Every kind.
    pub const ALL: [NotificationKind; 3] = [
        NotificationKind::PayinNotification,
        NotificationKind::SubscriptionWebhook,
        NotificationKind::DepositNotification,
    ];

    /// The name: `payin-notification`, `subscription-webhook`, `deposit-notification`
    /// (the documents' names).
    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::PayinNotification => "payin-notification",
            NotificationKind::SubscriptionWebhook => "subscription-webhook",
            NotificationKind::DepositNotification => "deposit-notification",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<NotificationKind> {
        NotificationKind::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// The kind named `name`, or ERR_INVALID_ARGUMENT for `kind` listing the names: how
    /// a binding reads its `kind` argument.
    pub fn parse(name: &str) -> Result<NotificationKind, SigningError> {
        NotificationKind::from_name(name).ok_or(SigningError::InvalidArgument {
            name: "kind",
            allowed: "payin-notification, subscription-webhook, deposit-notification",
        })
    }
}

/// The peer's address `text` as a server reports it (`203.0.113.7`, `2001:db8::1`, a
/// link-local `fe80::1%eth0` with its zone, surrounding spaces allowed), or
/// ERR_INVALID_ARGUMENT for `peer` (the message never quotes it): how a binding reads
/// its `peer` argument.
pub fn parse_peer(text: &str) -> Result<IpAddr, SigningError> {
    let text = text.trim();
    // A zone names this host's interface, not the peer: the address is what an
    // allow-list judges. Only an IPv6 address has one.
    let parsed = match text.split_once('%') {
        Some((address, zone)) if !zone.is_empty() => address.parse::<Ipv6Addr>().map(IpAddr::V6),
        _ => text.parse(),
    };
    parsed.map_err(|_| SigningError::InvalidArgument {
        name: "peer",
        allowed: "an IPv4 or IPv6 address",
    })
}

/// What the endpoint knows beside the body.
#[derive(Debug, Clone, Copy)]
pub struct ReceiveOptions<'a> {
    /// The pay-in key, which a pay-in notification is verified with; the other kinds
    /// need none.
    pub key: Option<&'a Secret>,
    /// The address the request came from, as the server saw it.
    pub peer: Option<IpAddr>,
    /// The provider's addresses, when the merchant has them: a peer outside is refused.
    pub allow_list: Option<&'a AllowList>,
    /// The pay-in's state (payinStateID) as the merchant stored it, to say whether the
    /// notification moves it forward.
    pub stored_state: Option<i64>,
    /// Act on unsigned notifications (subscription webhooks, deposit notifications)
    /// from any peer the allow-list does not refuse, for development with `cobro mock`:
    /// it lets anyone who reaches the endpoint announce a subscription or credit a
    /// deposit. Without it an unsigned kind is acted on only from a peer on the
    /// allow-list (DESIGN.md 9 row 39).
    pub trust_unsigned: bool,
    /// The merchant's own id: a pay-in notification naming another is refused
    /// (ERR_OTHER_MERCHANT), since the hash joins the merchant id and the operation
    /// number with no separator and digits moved from one to the other still verify.
    pub merchant_id: Option<u64>,
    /// The language of the refusal's message.
    pub locale: Locale,
}

/// What the endpoint does with a notification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReceiptVerdict {
    /// Signed and the signature matches: act on it (after the status query, when
    /// `confirm_with_status_query`).
    Authentic,
    /// Readable but carrying no signature (subscription webhooks, deposit
    /// notifications): trust it only as far as the peer's address on the allow-list.
    Unverifiable,
    /// Not to act on: `http_status` is 4xx and `code` says why.
    Refused,
}

/// What the merchant may do now with a notification (DESIGN.md 9 row 39): the one field
/// an endpoint reads after answering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReceiptAction {
    /// Act on the event: an unsigned kind from a peer the allow-list admitted, or one the
    /// caller trusts (`trust_unsigned`).
    Act,
    /// Ask the pay-in status query for the pay-in's state and act on what it answers,
    /// never on the notification's state, which the signature does not cover.
    Confirm,
    /// Nothing to do: a refusal, or a pay-in state that changes nothing (the stored
    /// state again, or a state behind it that releases no goods).
    Ignore,
}

/// The outcome of [`receive`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Receipt {
    /// The kind the endpoint receives.
    pub kind: NotificationKind,
    /// Authentic, unverifiable or refused.
    pub verdict: ReceiptVerdict,
    /// What the merchant may do now: act, confirm with the status query first, or
    /// ignore (a refusal, or a pay-in state that changes nothing).
    pub action: ReceiptAction,
    /// The HTTP status to answer with, at once: 200 for an authentic notification (a
    /// duplicate too) or an unsigned one that is trusted, 400 for a body that is not
    /// one, 401 for a wrong or missing signature, 403 for a peer outside the allow-list
    /// or unknown, and for an unsigned notification nothing vouches for.
    pub http_status: u16,
    /// Why it was refused: a parse error's code, ERR_MISSING_SIGNATURE,
    /// ERR_INVALID_SIGNATURE, ERR_OTHER_MERCHANT, ERR_PEER_NOT_ALLOWED,
    /// ERR_PEER_UNKNOWN or ERR_UNSIGNED_NOT_TRUSTED; `None` otherwise.
    pub code: Option<String>,
    /// The refusal's message (never a value of the body); `None` otherwise.
    pub message: Option<String>,
    /// What makes two deliveries the same event: the kind's name and a SHA-256 (64 hex
    /// digits) of what identifies it (the merchant, operation number and state of a
    /// pay-in; the subscription, origin, status and error code of a webhook; the
    /// operation and status of a deposit), so its size is fixed. Store it and answer
    /// 200 without acting again when it comes back.
    pub idempotency_key: Option<String>,
    /// Whether the pay-in's state follows the stored state in the lifecycle's order
    /// (`payin_transition`); `None` without a stored state or for the other kinds. A
    /// notification that does not move it forward changes nothing (a duplicate, or a
    /// late one).
    pub moves_forward: Option<bool>,
    /// Whether the state releases goods (paid, settled) and must be confirmed with the
    /// pay-in status query first: the signature does not cover the state.
    pub confirm_with_status_query: bool,
    /// Whether the peer is on the allow-list; `None` when no allow-list was given, and
    /// `Some(false)` for an unknown peer when one was.
    pub peer_allowed: Option<bool>,
    /// The pay-in notification, when the kind is that and it was read.
    pub payin: Option<PayinNotification>,
    /// The subscription webhook, when the kind is that and it was read.
    pub subscription: Option<SubscriptionWebhook>,
    /// The deposit notification, when the kind is that and it was read.
    pub deposit: Option<DepositNotification>,
}

impl Receipt {
    fn new(kind: NotificationKind, peer_allowed: Option<bool>) -> Receipt {
        Receipt {
            kind,
            verdict: ReceiptVerdict::Refused,
            action: ReceiptAction::Ignore,
            http_status: 400,
            code: None,
            message: None,
            idempotency_key: None,
            moves_forward: None,
            confirm_with_status_query: false,
            peer_allowed,
            payin: None,
            subscription: None,
            deposit: None,
        }
    }

    fn refused(mut self, http_status: u16, code: Code, message: String) -> Receipt {
        self.verdict = ReceiptVerdict::Refused;
        self.action = ReceiptAction::Ignore;
        self.http_status = http_status;
        self.code = Some(code.as_str().to_string());
        self.message = Some(message);
        self
    }

    fn accepted(mut self, verdict: ReceiptVerdict, action: ReceiptAction, idempotency_key: String) -> Receipt {
        self.verdict = verdict;
        self.action = action;
        self.http_status = 200;
        self.idempotency_key = Some(idempotency_key);
        self
    }
}

/// DESIGN.md 9 rows 35 and 39: what the endpoint of `kind` answers and may do with
/// `body`, the bytes exactly as received (module doc). A pay-in notification without a
/// key is refused as unverified (ERR_MISSING_ARGUMENT is the caller's, raised by the
/// bindings before this is called). Given an allow-list, a peer outside it or unknown
/// (`None`) is refused whatever the kind; an unsigned kind is acted on only from a peer
/// the allow-list admitted, or when `trust_unsigned`.
pub fn receive(kind: NotificationKind, body: &[u8], options: &ReceiveOptions<'_>) -> Receipt {
    let no_params = &[] as &[(&str, &str)];
    let peer_allowed = options
        .allow_list
        .map(|list| options.peer.is_some_and(|peer| list.allows(peer)));
    let receipt = Receipt::new(kind, peer_allowed);
    if peer_allowed == Some(false) {
        let code = if options.peer.is_some() {
            Code::PeerNotAllowed
        } else {
            Code::PeerUnknown
        };
        let message = crate::messages::render(code, "peer", no_params, options.locale);
        return receipt.refused(403, code, message);
    }
    let parse_refusal = |r: Receipt, e: &ParseError| r.refused(400, e.code, e.message(options.locale));
    // Nothing in an unsigned body vouches for it: only the allow-list, or the caller's
    // word, may. Read first, so that a body that is not one is still a 400.
    let vouched = peer_allowed == Some(true) || options.trust_unsigned;
    let unvouched = |r: Receipt| {
        let message = crate::messages::render(Code::UnsignedNotTrusted, kind.as_str(), no_params, options.locale);
        r.refused(403, Code::UnsignedNotTrusted, message)
    };
    match kind {
        NotificationKind::PayinNotification => payin(receipt, body, options),
        NotificationKind::SubscriptionWebhook => match parse_subscription_webhook(body) {
            Ok(_) if !vouched => unvouched(receipt),
            Ok(w) => {
                let key = idempotency_key(
                    kind,
                    &[
                        &w.subscription_id.to_string(),
                        w.origin_type.as_deref().unwrap_or_default(),
                        w.status.as_ref().map_or("", |s| s.as_str()),
                        w.error_details
                            .as_ref()
                            .and_then(|e| e.code.as_deref())
                            .unwrap_or_default(),
                    ],
                );
                let mut r = receipt.accepted(ReceiptVerdict::Unverifiable, ReceiptAction::Act, key);
                r.subscription = Some(w);
                r
            }
            Err(e) => parse_refusal(receipt, &e),
        },
        NotificationKind::DepositNotification => match parse_deposit_notification(body) {
            Ok(_) if !vouched => unvouched(receipt),
            Ok(d) => {
                let key = idempotency_key(kind, &[&d.operation_id, &d.status.code.to_string()]);
                let mut r = receipt.accepted(ReceiptVerdict::Unverifiable, ReceiptAction::Act, key);
                r.deposit = Some(d);
                r
            }
            Err(e) => parse_refusal(receipt, &e),
        },
    }
}

/// The idempotency key of an event of `kind` identified by `parts`: the kind's name and
/// the SHA-256 of the parts, each after its length, in lowercase hex. Its size is fixed
/// whatever a body holds (an unsigned one is anyone's), and two events share it only
/// when every part is the same: no separator in a part can make two others look alike.
fn idempotency_key(kind: NotificationKind, parts: &[&str]) -> String {
    let mut digest = Sha256::new();
    for part in parts {
        digest.update((part.len() as u64).to_be_bytes());
        digest.update(part.as_bytes());
    }
    format!("{}:{}", kind.as_str(), crate::signing::hex(&digest.finalize()))
}

/// The kind of notification `body` is, for an endpoint that receives every kind at one
/// URL (`cobro listen`, a mock's one webhook URL): a JSON object holding `payinStateID`
/// is a pay-in notification, `subscriptionId` a subscription webhook, `operationId` a
/// deposit notification; `None` for anything else. Read under the parsers' limits.
pub fn detect_kind(body: &[u8]) -> Option<NotificationKind> {
    let root = crate::reader::read(body).ok()?;
    let crate::json::Value::Object(members) = &root else {
        return None;
    };
    let has = |key: &str| members.iter().any(|(k, _)| k == key);
    if has("payinStateID") {
        Some(NotificationKind::PayinNotification)
    } else if has("subscriptionId") {
        Some(NotificationKind::SubscriptionWebhook)
    } else if has("operationId") {
        Some(NotificationKind::DepositNotification)
    } else {
        None
    }
}

fn payin(receipt: Receipt, body: &[u8], options: &ReceiveOptions<'_>) -> Receipt {
    let locale = options.locale;
    let Some(key) = options.key else {
        // Read it, so that a body that is not one is still a 400; a readable one cannot
        // be authenticated without the key.
        return match crate::payin::notification::parse_payin_notification(body) {
            Err(e) => receipt.refused(400, e.code, e.message(locale)),
            Ok(_) => {
                let e = NotificationError::MissingSignature;
                receipt.refused(401, e.code(), e.message(locale))
            }
        };
    };
    match verify_payin_notification(body, key) {
        Ok(n)
            if options
                .merchant_id
                .is_some_and(|m| n.payin_merchant_id != m.to_string()) =>
        {
            let message =
                crate::messages::render(Code::OtherMerchant, "payinMerchantID", &[] as &[(&str, &str)], locale);
            receipt.refused(401, Code::OtherMerchant, message)
        }
        Ok(n) => {
            let id = idempotency_key(
                receipt.kind,
                &[
                    &n.payin_merchant_id,
                    &n.payin_merchant_operation_number,
                    &n.payin_state_id.to_string(),
                ],
            );
            // The same state again is allowed by the lifecycle but moves nothing.
            let moves_forward = options
                .stored_state
                .map(|stored| stored != n.payin_state_id && payin_transition(stored, n.payin_state_id).allowed);
            // `paid` is true for 5 Autorizado and 9 Liquidado, the states that release goods.
            let paid = n.state.is_some_and(|s| s.paid);
            let action = payin_action(options.stored_state, n.payin_state_id, moves_forward, paid);
            let mut r = receipt.accepted(ReceiptVerdict::Authentic, action, id);
            r.moves_forward = moves_forward;
            r.confirm_with_status_query = paid;
            r.payin = Some(n);
            r
        }
        Err(NotificationError::Parse(e)) => receipt.refused(400, e.code, e.message(locale)),
        Err(e) => receipt.refused(401, e.code(), e.message(locale)),
    }
}

/// What the merchant may do with an authentic pay-in notification in state `state`,
/// given the state it stored. The signature does not cover the state (row 35), so a
/// notification never sets the state itself: it is a reason to ask the status query.
/// Nothing to ask when it is the stored state again, or a state behind it that
/// releases no goods; a paid state behind the stored one is still asked about, since
/// the stored state may have come from a replay with a swapped state.
fn payin_action(stored: Option<i64>, state: i64, moves_forward: Option<bool>, paid: bool) -> ReceiptAction {
    match (stored, moves_forward) {
        (Some(s), _) if s == state => ReceiptAction::Ignore,
        (Some(_), Some(false)) if !paid => ReceiptAction::Ignore,
        _ => ReceiptAction::Confirm,
    }
}

#[cfg(test)]
mod tests;
