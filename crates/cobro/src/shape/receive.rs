//! What a notification endpoint answers and may do (`receive`, DESIGN.md 9 row 35).

use super::{Enum, Record, field, record_of};

pub(super) static ENUMS: &[Enum] = &[
    Enum {
        name: "NotificationKind",
        doc: "Which notification an endpoint receives.",
        open: false,
        values: &[
            (
                "payin-notification",
                "PayinNotification",
                "The pay-in payment notification, signed in payinVerification.",
            ),
            (
                "subscription-webhook",
                "SubscriptionWebhook",
                "The subscription webhook, unsigned.",
            ),
            (
                "deposit-notification",
                "DepositNotification",
                "The virtual-account deposit notification, unsigned.",
            ),
        ],
    },
    Enum {
        name: "ReceiptVerdict",
        doc: "What the endpoint does with a notification.",
        open: false,
        values: &[
            (
                "authentic",
                "Authentic",
                "Signed, and the signature matches: act on it (after the status query, when `confirm_with_status_query`).",
            ),
            (
                "unverifiable",
                "Unverifiable",
                "Readable but unsigned, and vouched for by the allow-list or by the caller's `trust_unsigned`.",
            ),
            (
                "refused",
                "Refused",
                "Not to act on: `http_status` is 4xx and `code` says why.",
            ),
        ],
    },
    Enum {
        name: "ReceiptAction",
        doc: "What the merchant may do now with a notification (DESIGN.md 9 row 39).",
        open: false,
        values: &[
            (
                "act",
                "Act",
                "Act on the event: an unsigned kind from a peer the allow-list admitted, or trusted with `trust_unsigned`.",
            ),
            (
                "confirm",
                "Confirm",
                "Ask the pay-in status query for the pay-in's state and act on its answer, never on the notification's state, which the signature does not cover.",
            ),
            (
                "ignore",
                "Ignore",
                "Nothing to do: a refusal, or a pay-in state that changes nothing (the stored state again, or one behind it that releases no goods).",
            ),
        ],
    },
];

pub(super) static RECORDS: &[Record] = &[record_of(
    "Receipt",
    "What a notification endpoint answers at once and may do with what it received (DESIGN.md 9 row 35).",
    &[
        field("kind", "NotificationKind", "The kind the endpoint receives."),
        field("verdict", "ReceiptVerdict", "Authentic, unverifiable or refused."),
        field(
            "action",
            "ReceiptAction",
            "What the merchant may do now: act, confirm with the status query first, or ignore (a refusal, or a pay-in state that changes nothing).",
        ),
        field(
            "http_status",
            "u32",
            "The status to answer with, at once: 200 for an authentic notification (a duplicate too) or a trusted unsigned one, 400 for a body that is not one, 401 for a wrong or missing signature, 403 for a peer outside the allow-list or unknown, and for an unsigned notification nothing vouches for.",
        ),
        field(
            "code",
            "str?",
            "Why it was refused (a parse error's code, ERR_MISSING_SIGNATURE, ERR_INVALID_SIGNATURE, ERR_OTHER_MERCHANT, ERR_PEER_NOT_ALLOWED, ERR_PEER_UNKNOWN, ERR_UNSIGNED_NOT_TRUSTED); null otherwise.",
        ),
        field("message", "str?", "The refusal's message (never a value of the body)."),
        field(
            "idempotency_key",
            "str?",
            "What makes two deliveries the same event: store it and answer 200 without acting again when it comes back.",
        ),
        field(
            "moves_forward",
            "bool?",
            "Whether the pay-in's state follows the stored state in the lifecycle's order; null without a stored state or for the other kinds.",
        ),
        field(
            "confirm_with_status_query",
            "bool",
            "Whether the state releases goods (paid, settled) and must be confirmed with the pay-in status query first: the signature does not cover the state.",
        ),
        field(
            "peer_allowed",
            "bool?",
            "Whether the peer is on the allow-list; null when no allow-list was given, false for an unknown peer when one was.",
        ),
        field("payin", "PayinNotification?", "The pay-in notification, when read."),
        field(
            "subscription",
            "SubscriptionWebhook?",
            "The subscription webhook, when read.",
        ),
        field(
            "deposit",
            "DepositNotification?",
            "The deposit notification, when read.",
        ),
    ],
)];
