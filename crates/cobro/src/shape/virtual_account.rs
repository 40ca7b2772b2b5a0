//! The answers of the virtual-account API (spec 2.2, 7.1) and the deposit notification
//! (PROVIDER_FACTS.md; DESIGN.md 9 row 31).

use super::{Enum, Record, Union, Variant, field, record_of};

pub(super) static ENUMS: &[Enum] = &[
    Enum {
        name: "VirtualAccountStatus",
        doc: "A virtual account's status, an open set: other values are kept as received.",
        open: true,
        values: &[("ACTIVE", "Active"), ("INACTIVE", "Inactive"), ("DELETED", "Deleted")],
    },
    Enum {
        name: "VirtualAccountErrorType",
        doc: "`error.type`, an open set: the provider's table also writes `auth_error`, `business_error` and `system_error`.",
        open: true,
        values: &[
            ("validation_error", "ValidationError"),
            ("authentication_error", "AuthenticationError"),
            ("conflict_error", "ConflictError"),
            ("provider_error", "ProviderError"),
            ("internal_error", "InternalError"),
        ],
    },
];

pub(super) static UNIONS: &[Union] = &[Union {
    name: "VirtualAccountAnswer",
    doc: "The answer to a virtual-account creation, told apart by `outcome`.",
    tag: "outcome",
    variants: &[
        Variant {
            tag: "account",
            record: "VirtualAccountCreated",
            case: "Account",
        },
        Variant {
            tag: "error",
            record: "VirtualAccountRefused",
            case: "Refused",
        },
    ],
}];

pub(super) static RECORDS: &[Record] = &[
    record_of(
        "OwnerEcho",
        "The echoed owner (every field optional).",
        &[
            field("reference_id", "personal?", "The merchant's id of its user."),
            field("type", "str?", "PERSON or COMPANY."),
            field("document_type", "str?", ""),
            field("document_number", "personal?", ""),
            field("first_name", "personal?", ""),
            field("last_name", "personal?", ""),
            field("company_name", "personal?", ""),
            field("email", "personal?", ""),
            field("phone_country_code", "str?", ""),
            field("phone_number", "personal?", ""),
        ],
    ),
    record_of(
        "AccountEcho",
        "The echoed account and the created number.",
        &[
            field("number", "personal", "The created account number."),
            field("category", "str?", ""),
            field("type", "str?", "CVU, CCI or CLABE."),
            field("name", "personal?", ""),
            field("country", "str?", ""),
            field("currency", "str?", ""),
        ],
    ),
    record_of(
        "MetadataEntry",
        "One metadata pair echoed by a created virtual account.",
        &[field("key", "str", ""), field("value", "personal", "")],
    ),
    record_of(
        "VirtualAccountCreated",
        "Spec 2.2: the created account (the request echoed, possibly normalized, with what the service adds). Persist these values.",
        &[
            field("id", "str", ""),
            field("trace_id", "str", ""),
            field("timestamp", "str", "ISO 8601, as received."),
            field("status", "VirtualAccountStatus", ""),
            field("owner", "OwnerEcho?", ""),
            field("account", "AccountEcho", ""),
            field(
                "metadata",
                "list<MetadataEntry>?",
                "In wire order; null when not echoed.",
            ),
            field("result_url", "str?", ""),
        ],
    ),
    record_of(
        "VirtualAccountErrorDetail",
        "Spec 7.1: one element of `error.details`.",
        &[
            field("code", "str", ""),
            field("message", "str", ""),
            field("field", "str?", ""),
            field(
                "meaning",
                "CodeInfo?",
                "The virtual-account catalogue's entry; null for an unknown code.",
            ),
        ],
    ),
    record_of(
        "VirtualAccountRefused",
        "Spec 7.1: the service refused the request.",
        &[
            field("type", "VirtualAccountErrorType", ""),
            field("summary", "str", ""),
            field("details", "list<VirtualAccountErrorDetail>", ""),
            field("timestamp", "str", ""),
            field("trace_id", "str", ""),
        ],
    ),
    record_of(
        "DepositStatus",
        "`status` of a deposit notification.",
        &[
            field("code", "i64", "`status.code`: 5 approved, 6 denied; other codes kept."),
            field("description", "str?", ""),
            field("approved", "bool", "Code 5."),
        ],
    ),
    record_of(
        "DepositAccount",
        "`depositDetails.account`: the virtual account the deposit went into.",
        &[
            field("id", "str?", ""),
            field("category", "str?", ""),
            field("type", "str?", ""),
            field("number", "personal?", ""),
            field("name", "personal?", ""),
        ],
    ),
    record_of(
        "DepositOwner",
        "`depositDetails.owner`: the virtual account's owner.",
        &[
            field("full_name", "personal?", ""),
            field("document_type", "str?", ""),
            field("document_number", "personal?", ""),
            field("reference_id", "personal?", ""),
        ],
    ),
    record_of(
        "Depositor",
        "`depositDetails.depositor`: who sent the money.",
        &[
            field("full_name", "personal?", ""),
            field("document_type", "str?", ""),
            field("document_number", "personal?", ""),
        ],
    ),
    record_of(
        "DepositDetails",
        "`depositDetails`: the account, its owner, who paid; each null when absent (DESIGN.md 9 row 31).",
        &[
            field("account", "DepositAccount?", ""),
            field("owner", "DepositOwner?", ""),
            field("depositor", "Depositor?", ""),
        ],
    ),
    record_of(
        "DepositNotification",
        "A deposit into a virtual account. `operation_id`, `amount`, `currency` and `status.code` are required (DESIGN.md 9 row 31); every other field is null (`errors` empty) when absent.",
        &[
            field("version", "str?", ""),
            field("operation_id", "str", ""),
            field("status", "DepositStatus", ""),
            field("merchant_id", "str?", ""),
            field("amount", "str", "A decimal text, as received; never a float."),
            field("currency", "str", ""),
            field("payin_method", "str?", ""),
            field("deposit_details", "DepositDetails?", ""),
            field(
                "errors",
                "list<str>",
                "Each element as its JSON text; empty when absent.",
            ),
            field("received_at", "str?", ""),
        ],
    ),
];
