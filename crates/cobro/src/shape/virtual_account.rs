//! The answers of the virtual-account API (spec 2.2, 7.1) and the deposit notification
//! (PROVIDER_FACTS.md; DESIGN.md 9 row 31).

use super::{Enum, Record, Union, Variant, field, record_of, wired, wired_or_empty};

pub(super) static ENUMS: &[Enum] = &[
    Enum {
        name: "VirtualAccountStatus",
        doc: "A virtual account's status, an open set: other values are kept as received.",
        open: true,
        values: &[
            ("ACTIVE", "Active", ""),
            ("INACTIVE", "Inactive", ""),
            ("DELETED", "Deleted", ""),
        ],
    },
    Enum {
        name: "VirtualAccountErrorType",
        doc: "`error.type`, an open set: the provider's table also writes `auth_error`, `business_error` and `system_error`.",
        open: true,
        values: &[
            ("validation_error", "ValidationError", ""),
            ("authentication_error", "AuthenticationError", ""),
            ("conflict_error", "ConflictError", ""),
            ("provider_error", "ProviderError", ""),
            ("internal_error", "InternalError", ""),
        ],
    },
];

pub(super) static UNIONS: &[Union] = &[Union {
    name: "VirtualAccountAnswer",
    doc: "The answer to a virtual-account creation.",
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
            field("document_type", "str?", "`owner.document.type` (DNI, RUC, CUIT...)."),
            field("document_number", "personal?", "`owner.document.number`."),
            field("first_name", "personal?", "`owner.firstName` (a person)."),
            field("last_name", "personal?", "`owner.lastName` (a person)."),
            field("company_name", "personal?", "`owner.companyName` (a company)."),
            field("email", "personal?", "`owner.email`."),
            field("phone_country_code", "str?", "`owner.phone.countryCode`."),
            field("phone_number", "personal?", "`owner.phone.number`."),
        ],
    ),
    record_of(
        "AccountEcho",
        "The echoed account and the created number.",
        &[
            wired("number", "number", "personal", "The created account number."),
            wired("category", "category", "str?", ""),
            wired("type", "type", "str?", "CVU, CCI or CLABE."),
            wired("name", "name", "personal?", ""),
            wired("country", "country", "str?", ""),
            wired("currency", "currency", "str?", ""),
        ],
    ),
    record_of(
        "MetadataEntry",
        "One metadata pair echoed by a created virtual account.",
        &[
            field("key", "str", "The metadata key."),
            field(
                "value",
                "personal",
                "Its value: free text copied from the merchant's customer.",
            ),
        ],
    ),
    record_of(
        "VirtualAccountCreated",
        "Spec 2.2: the created account (the request echoed, possibly normalized, with what the service adds). Persist these values.",
        &[
            wired("id", "id", "str", ""),
            wired("trace_id", "traceId", "str", ""),
            wired("timestamp", "timestamp", "str", "ISO 8601, as received."),
            wired("status", "status", "VirtualAccountStatus", ""),
            wired("owner", "owner", "OwnerEcho?", ""),
            wired("account", "account", "AccountEcho", ""),
            wired(
                "metadata",
                "metadata",
                "list<MetadataEntry>?",
                "In wire order; null when not echoed.",
            ),
            wired("result_url", "resultUrl", "str?", ""),
        ],
    ),
    record_of(
        "VirtualAccountErrorDetail",
        "Spec 7.1: one element of `error.details`.",
        &[
            wired("code", "code", "str", ""),
            wired("message", "message", "str", ""),
            wired("field", "field", "str?", ""),
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
            wired("type", "type", "VirtualAccountErrorType", ""),
            wired("summary", "summary", "str", ""),
            wired("details", "details", "list<VirtualAccountErrorDetail>", ""),
            wired("timestamp", "timestamp", "str", ""),
            wired("trace_id", "traceId", "str", ""),
        ],
    ),
    record_of(
        "DepositStatus",
        "`status` of a deposit notification.",
        &[
            wired(
                "code",
                "code",
                "i64",
                "`status.code`: 5 approved, 6 denied; other codes kept.",
            ),
            wired("description", "description", "str?", ""),
            field("approved", "bool", "Code 5."),
        ],
    ),
    record_of(
        "DepositAccount",
        "`depositDetails.account`: the virtual account the deposit went into.",
        &[
            wired("id", "id", "str?", ""),
            wired("category", "category", "str?", ""),
            wired("type", "type", "str?", ""),
            wired("number", "number", "personal?", ""),
            wired("name", "name", "personal?", ""),
        ],
    ),
    record_of(
        "DepositOwner",
        "`depositDetails.owner`: the virtual account's owner.",
        &[
            wired("full_name", "fullName", "personal?", ""),
            wired("document_type", "documentType", "str?", ""),
            wired("document_number", "documentNumber", "personal?", ""),
            wired("reference_id", "referenceId", "personal?", ""),
        ],
    ),
    record_of(
        "Depositor",
        "`depositDetails.depositor`: who sent the money.",
        &[
            wired("full_name", "fullName", "personal?", ""),
            wired("document_type", "documentType", "str?", ""),
            wired("document_number", "documentNumber", "personal?", ""),
        ],
    ),
    record_of(
        "DepositDetails",
        "`depositDetails`: the account, its owner, who paid; each null when absent (DESIGN.md 9 row 31).",
        &[
            wired("account", "account", "DepositAccount?", ""),
            wired("owner", "owner", "DepositOwner?", ""),
            wired("depositor", "depositor", "Depositor?", ""),
        ],
    ),
    record_of(
        "DepositNotification",
        "A deposit into a virtual account. `operation_id`, `amount`, `currency` and `status.code` are required (DESIGN.md 9 row 31); every other field is null (`errors` empty) when absent.",
        &[
            wired("version", "version", "str?", ""),
            wired("operation_id", "operationId", "str", ""),
            wired("status", "status", "DepositStatus", ""),
            wired("merchant_id", "merchantId", "str?", ""),
            wired("amount", "amount", "str", "A decimal text, as received; never a float."),
            wired("currency", "currency", "str", ""),
            wired("payin_method", "payinMethod", "str?", ""),
            wired("deposit_details", "depositDetails", "DepositDetails?", ""),
            wired_or_empty(
                "errors",
                "errors",
                "list<str>",
                "Each element as its JSON text; empty when absent.",
            ),
            wired("received_at", "receivedAt", "str?", ""),
        ],
    ),
];
