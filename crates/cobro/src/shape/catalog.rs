//! Catalogue entries the answers carry (spec 3, 7.1-7.3) and the results of the
//! document checks.

use super::{Enum, Field, Record, field, record_of};

pub(super) static ENUMS: &[Enum] = &[
    Enum {
        name: "Disposition",
        doc: "What a code asks of the merchant: the operation succeeded; the request or settings must change; retry later; wait for a notification; the shopper's payment was refused.",
        open: false,
        values: &[
            ("success", "Success", "The operation succeeded."),
            (
                "merchant_fix",
                "MerchantFix",
                "The request or the merchant's settings must change before trying again.",
            ),
            (
                "retry",
                "Retry",
                "A passing condition (a fault on the service's side, or a step the customer has not taken yet): the same request may succeed later.",
            ),
            ("pending", "Pending", "Not an outcome yet: wait for a notification."),
            (
                "declined",
                "Declined",
                "The shopper's payment was refused: ask for another payment.",
            ),
        ],
    },
    Enum {
        name: "SubscriptionOperation",
        doc: "A subscription operation (spec 4.2, 4.3).",
        open: false,
        values: &[("create", "Create", ""), ("cancel", "Cancel", "")],
    },
    Enum {
        name: "DocumentWarning",
        doc: "A doubt about a number that is still accepted: a check digit that does not match (numbers that fail it are issued, Mexico's RFC), a bank or institution code not in the known list, or first letters that spell a word the authorities never issue.",
        open: false,
        values: &[
            (
                "check_digit",
                "CheckDigit",
                "A check digit that does not match, on a number type whose numbers are issued so.",
            ),
            (
                "unknown_institution",
                "UnknownInstitution",
                "A bank or institution code missing from the known list.",
            ),
            (
                "inconvenient_word",
                "InconvenientWord",
                "Letters that spell a word the issuer never uses.",
            ),
        ],
    },
];

const CODE_INFO: &[Field] = &[
    field(
        "code",
        "str",
        "The code as the service writes it (`0010`, `B405`, `ERR_INVALID_SIGNATURE`).",
    ),
    field("meaning", "str", "What it means, in English."),
    field("disposition", "Disposition", "What it asks of the merchant."),
];

pub(super) static RECORDS: &[Record] = &[
    record_of("CodeInfo", "One entry of a code catalogue.", CODE_INFO),
    Record {
        name: "SubscriptionCode",
        doc: "Spec 7.2: a subscription error code (a `CodeInfo`), with the operations that can answer it.",
        extends: Some("CodeInfo"),
        fields: &[field(
            "operations",
            "list<SubscriptionOperation>",
            "Where the spec says the code can occur.",
        )],
    },
    record_of(
        "PayinState",
        "One pay-in state of the catalogue (spec 3). Key on `id`: the provider's descriptions vary in case and wording.",
        &[
            field("id", "i64", "payinStateID."),
            field("name", "str", "The provider's Spanish name (`Autorizado`)."),
            field("name_en", "str", "An English name (`authorized`)."),
            field("meaning", "str", "What the state means for the merchant."),
            field(
                "paid",
                "bool",
                "Whether the money was received and is kept (5 Autorizado, 9 Liquidado): ship the goods on `paid`.",
            ),
            field("is_final", "bool", "Whether the state can no longer change."),
        ],
    ),
    record_of(
        "ValidDocument",
        "A document or account number that passed its checks.",
        &[
            field("compact", "personal", "The number without separators."),
            field(
                "warnings",
                "list<DocumentWarning>",
                "Doubts that do not make it invalid, in the core's order; usually empty.",
            ),
        ],
    ),
    record_of(
        "DocumentType",
        "One number type the core checks.",
        &[
            field("country", "str", "ISO 3166-1 alpha-2 code of the country (`PE`)."),
            field("type", "str", "The name as the API writes it (`RUC`, `CLABE`)."),
            field("description", "str", "One line: what the number is and its rule."),
            field(
                "account",
                "bool",
                "Whether it is an account number (CBU/CVU, CLABE, CCI) rather than a document.",
            ),
        ],
    ),
];
