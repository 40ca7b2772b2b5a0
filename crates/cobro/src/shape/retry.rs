//! The advice after an attempt to send a request (`retry`, DESIGN.md 9 row 34).

use super::{Enum, Record, field, record_of};

pub(super) static ENUMS: &[Enum] = &[
    Enum {
        name: "TransportFailure",
        doc: "How an attempt failed before an answer could be read.",
        open: false,
        values: &[
            ("timeout", "Timeout", "No answer within the client's timeout."),
            (
                "reset",
                "Reset",
                "The connection was refused, reset or closed before an answer.",
            ),
            (
                "unreadable",
                "Unreadable",
                "An answer arrived cut short or could not be read.",
            ),
        ],
    },
    Enum {
        name: "RetryAction",
        doc: "The next step after an attempt.",
        open: false,
        values: &[
            (
                "retry",
                "Retry",
                "Send the same bytes, with the same operation number and headers, after `delay_ms`.",
            ),
            (
                "fix",
                "Fix",
                "The request or the merchant's settings are wrong: change them before sending.",
            ),
            (
                "stop",
                "Stop",
                "Done: succeeded, declined, waiting on the customer, or the service keeps failing.",
            ),
            (
                "reconcile",
                "Reconcile",
                "The outcome is unknown or the request was already acted on: ask the pay-in status query (or look the subscription or account up) before anything else.",
            ),
        ],
    },
];

pub(super) static RECORDS: &[Record] = &[record_of(
    "RetryAdvice",
    "What to do after an attempt to send a request (DESIGN.md 9 row 34).",
    &[
        field("action", "RetryAction", "What to do next."),
        field(
            "delay_ms",
            "u32",
            "How long to wait before the retry, in milliseconds (0.5 s doubled at each attempt); 0 unless `action` is retry.",
        ),
        field(
            "code",
            "str?",
            "The code the answer carries (payinErrorCode, a subscription's errorCode, a virtual account's first error code); null without one.",
        ),
        field(
            "entry",
            "CodeInfo?",
            "The code's catalogue entry (meaning and disposition); null for a code no catalogue lists.",
        ),
        field("reason", "str", "Why, and what to check, in English."),
    ],
)];
