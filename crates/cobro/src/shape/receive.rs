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
                "Readable but unsigned: trust it only as far as the peer's address on the allow-list.",
            ),
            (
                "refused",
                "Refused",
                "Not to act on: `http_status` is 4xx and `code` says why.",
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
            "http_status",
            "u32",
            "The status to answer with, at once: 200 for an authentic or unverifiable notification (a duplicate too), 400 for a body that is not one, 401 for a wrong or missing signature, 403 for a peer outside the allow-list.",
        ),
        field(
            "code",
            "str?",
            "Why it was refused (a parse error's code, ERR_MISSING_SIGNATURE, ERR_INVALID_SIGNATURE, ERR_OTHER_MERCHANT, ERR_PEER_NOT_ALLOWED); null otherwise.",
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
            "Whether the peer is on the allow-list; null when no peer or allow-list was given.",
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
