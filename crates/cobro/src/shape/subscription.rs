//! The answers of the subscription API (spec 2.3, 4.2, 4.3, 7.2) and its webhook
//! (PROVIDER_FACTS.md; DESIGN.md 9 row 31).

use super::{Enum, Record, Union, Variant, field, record_of, wired, wired_or_empty};

pub(super) static ENUMS: &[Enum] = &[Enum {
    name: "SubscriptionStatus",
    doc: "A subscription's status, an open set: other values are kept as received.",
    open: true,
    values: &[
        ("PENDING", "Pending", ""),
        ("EXPIRED", "Expired", ""),
        ("AUTHORIZED", "Authorized", ""),
        ("FAILED", "Failed", ""),
        ("CANCELLED", "Cancelled", ""),
        ("DENIED", "Denied", ""),
    ],
}];

pub(super) static UNIONS: &[Union] = &[Union {
    name: "SubscriptionAnswer",
    doc: "The answer to a subscription request.",
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
            wired("subscription_id", "subscriptionId", "i64", ""),
            wired("status", "status", "SubscriptionStatus", ""),
            wired(
                "deep_link",
                "deepLink",
                "str?",
                "The URL the customer opens to authorize (MOBILE); null for WEB.",
            ),
        ],
    ),
    record_of(
        "SubscriptionCancelled",
        "Spec 2.3 / 4.3: the subscription was cancelled.",
        &[
            wired("subscription_id", "subscriptionId", "i64", ""),
            wired("status", "status", "SubscriptionStatus", "The wire value (CANCELLED)."),
        ],
    ),
    record_of(
        "SubscriptionFieldDetail",
        "Spec 7.2: one element of `errorFieldDetails`.",
        &[
            wired(
                "field",
                "field",
                "str",
                "The affected field (`subscriptionDetails.device`).",
            ),
            wired("error_message", "errorMessage", "str", ""),
        ],
    ),
    record_of(
        "SubscriptionRefused",
        "Spec 7.2: the service refused the request.",
        &[
            wired("error_code", "errorCode", "str?", ""),
            wired("error_message", "errorMessage", "str", ""),
            wired_or_empty(
                "error_field_details",
                "errorFieldDetails",
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
            wired("code", "code", "str?", ""),
            wired("message", "message", "str?", ""),
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
        &[
            wired("key", "key", "str?", ""),
            wired("value", "value", "personal?", ""),
        ],
    ),
    record_of(
        "SubscriptionWebhook",
        "A subscription webhook notification. Only `subscription_id` is required (DESIGN.md 9 row 31); every other field is null (`metadata` empty) when absent.",
        &[
            wired("subscription_id", "subscriptionId", "i64", ""),
            wired("charge_type", "chargeType", "str?", "ON_DEMAND or RECURRENT, as sent."),
            wired(
                "customer_id",
                "customerId",
                "personal?",
                "The customer's mobile number.",
            ),
            wired("origin_type", "originType", "str?", "MOBILE or WEB, as sent."),
            wired(
                "status",
                "status",
                "SubscriptionStatus?",
                "Absent in the provider's error samples.",
            ),
            wired("status_description", "statusDescription", "str?", ""),
            wired("error_details", "errorDetails", "WebhookError?", ""),
            wired_or_empty(
                "metadata",
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
