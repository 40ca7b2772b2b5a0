//! The answers of the subscription API (spec 2.3, 4.2, 4.3, 7.2) and its webhook
//! (PROVIDER_FACTS.md; DESIGN.md 9 row 31).

use super::{Enum, Record, Union, Variant, field, record_of};

pub(super) static ENUMS: &[Enum] = &[Enum {
    name: "SubscriptionStatus",
    doc: "A subscription's status, an open set: other values are kept as received.",
    open: true,
    values: &[
        ("PENDING", "Pending"),
        ("EXPIRED", "Expired"),
        ("AUTHORIZED", "Authorized"),
        ("FAILED", "Failed"),
        ("CANCELLED", "Cancelled"),
        ("DENIED", "Denied"),
    ],
}];

pub(super) static UNIONS: &[Union] = &[Union {
    name: "SubscriptionAnswer",
    doc: "The answer to a subscription request, told apart by `outcome`.",
    tag: "outcome",
    variants: &[
        Variant {
            tag: "created",
            record: "SubscriptionCreated",
            case: "Created",
        },
        Variant {
            tag: "cancelled",
            record: "SubscriptionCancelled",
            case: "Cancelled",
        },
        Variant {
            tag: "error",
            record: "SubscriptionRefused",
            case: "Refused",
        },
    ],
}];

pub(super) static RECORDS: &[Record] = &[
    record_of(
        "SubscriptionCreated",
        "Spec 2.3 / 4.2: the subscription was created (status PENDING).",
        &[
            field("subscription_id", "i64", ""),
            field("status", "SubscriptionStatus", ""),
            field(
                "deep_link",
                "str?",
                "The URL the customer opens to authorize (MOBILE); null for WEB.",
            ),
        ],
    ),
    record_of(
        "SubscriptionCancelled",
        "Spec 2.3 / 4.3: the subscription was cancelled.",
        &[
            field("subscription_id", "i64", ""),
            field("status", "SubscriptionStatus", "The wire value (CANCELLED)."),
        ],
    ),
    record_of(
        "SubscriptionFieldDetail",
        "Spec 7.2: one element of `errorFieldDetails`.",
        &[
            field("field", "str", "The affected field (`subscriptionDetails.device`)."),
            field("error_message", "str", ""),
        ],
    ),
    record_of(
        "SubscriptionRefused",
        "Spec 7.2: the service refused the request.",
        &[
            field("error_code", "str?", ""),
            field("error_message", "str", ""),
            field(
                "error_field_details",
                "list<SubscriptionFieldDetail>",
                "In wire order; empty when absent.",
            ),
            field(
                "meaning",
                "SubscriptionCode?",
                "The code's spec 7.2 entry; null for an unknown code.",
            ),
        ],
    ),
    record_of(
        "WebhookError",
        "`errorDetails` of a subscription webhook.",
        &[
            field("code", "str?", ""),
            field("message", "str?", ""),
            field(
                "meaning",
                "SubscriptionCode?",
                "The code's spec 7.2 entry; null for an unknown code.",
            ),
        ],
    ),
    record_of(
        "WebhookMetadata",
        "One `metadata` element of a subscription webhook, as received; either part may be null (DESIGN.md 9 row 31).",
        &[field("key", "str?", ""), field("value", "personal?", "")],
    ),
    record_of(
        "SubscriptionWebhook",
        "A subscription webhook notification. Only `subscription_id` is required (DESIGN.md 9 row 31); every other field is null (`metadata` empty) when absent.",
        &[
            field("subscription_id", "i64", ""),
            field("charge_type", "str?", "ON_DEMAND or RECURRENT, as sent."),
            field("customer_id", "personal?", "The customer's mobile number."),
            field("origin_type", "str?", "MOBILE or WEB, as sent."),
            field(
                "status",
                "SubscriptionStatus?",
                "Absent in the provider's error samples.",
            ),
            field("status_description", "str?", ""),
            field("error_details", "WebhookError?", ""),
            field(
                "metadata",
                "list<WebhookMetadata>",
                "Echoed from the creation request, in wire order; empty when absent.",
            ),
            field(
                "is_error",
                "bool",
                "The notification reports a failure: errorDetails present, or status FAILED or DENIED.",
            ),
        ],
    ),
];
