//! The answer to a pay-in creation (spec 2.8, 4.4, 7.3), the pay-in notification
//! (PROVIDER_FACTS.md; DESIGN.md 9 row 31) and the answer to the status query (DESIGN.md
//! 9 row 36).

use super::{Field, Record, Union, Variant, field, record_of, wired};

pub(super) static UNIONS: &[Union] = &[Union {
    name: "Experience",
    doc: "What the merchant does with a pay-in answer (spec 4.4's table).",
    tag: "kind",
    variants: &[
        Variant {
            tag: "redirect",
            record: "RedirectExperience",
            case: "Redirect",
        },
        Variant {
            tag: "voucher",
            record: "VoucherExperience",
            case: "Voucher",
        },
        Variant {
            tag: "qr",
            record: "QrExperience",
            case: "Qr",
        },
        Variant {
            tag: "deeplink_method",
            record: "DeeplinkMethodExperience",
            case: "DeeplinkMethod",
        },
        Variant {
            tag: "wallet_one_shot",
            record: "WalletOneShotExperience",
            case: "WalletOneShot",
        },
        Variant {
            tag: "wallet_on_file",
            record: "WalletOnFileExperience",
            case: "WalletOnFile",
        },
        Variant {
            tag: "failed",
            record: "FailedExperience",
            case: "Failed",
        },
    ],
}];

/// The fields the pay-in notification and the status query's operations share, read
/// alike (`payin::status`).
const STATE_ID: Field = wired(
    "payin_state_id",
    "payinStateID",
    "i64",
    "payinStateID: key on it (or on `state`), not on `payin_state`'s text.",
);
const STATE_TEXT: Field = wired(
    "payin_state",
    "payinState",
    "str?",
    "payinState as received; varies in case and wording.",
);
const STATE: Field = field(
    "state",
    "PayinState?",
    "The catalogue's entry for payinStateID (`state.paid`, `state.is_final`); null for an unknown state.",
);
const CURRENCY: Field = wired("payin_currency", "payinCurrency", "str", "");
const OPERATION_NUMBER: Field = wired(
    "payin_merchant_operation_number",
    "payinMerchantOperationNumber",
    "str",
    "The merchant's sale reference.",
);

pub(super) static RECORDS: &[Record] = &[
    record_of(
        "BankDeepLink",
        "One element of `experienceVoucher.deepLinks` (deeplink method).",
        &[
            wired(
                "processor",
                "processor",
                "str",
                "The processor of the link, as received.",
            ),
            wired("collector_id", "collectorId", "str", "The target bank or provider."),
            wired("deep_link", "deepLink", "str", "The URL that starts the payment."),
            wired(
                "order",
                "order",
                "i64?",
                "Display order; null when absent (listed last).",
            ),
        ],
    ),
    record_of(
        "WalletDeepLink",
        "One element of the top-level `deepLinks` (one-shot wallet).",
        &[
            field("processor", "str", "The wallet's processor, as received."),
            field(
                "processor_code",
                "str",
                "`processoCode` as spelled on the wire (`processorCode` also read).",
            ),
            field("deep_link", "str", "The URL that opens the wallet app."),
            field("order", "i64?", "Display order; null when absent (listed last)."),
        ],
    ),
    record_of(
        "RedirectExperience",
        "Card, bank transfer outside Peru and other redirect methods: send the shopper to `url`. Reaching the OK URL afterwards does not prove payment (spec 4.4).",
        &[field("url", "str", "The address to redirect the shopper to.")],
    ),
    record_of(
        "VoucherExperience",
        "Peru bank transfer, cash or wallet: show a voucher (spec 2.8).",
        &[
            field(
                "family",
                "VoucherFamily",
                "Which list voucherConfig held: bankList, CashList or WalletList.",
            ),
            field("voucher", "VoucherInfo", "The fields of experienceVoucher."),
            field("config", "VoucherConfig", "The decoded voucherConfig."),
        ],
    ),
    record_of(
        "QrExperience",
        "QR: show the image; a QR code is single-use (spec 2.8).",
        &[
            field(
                "voucher",
                "VoucherInfo",
                "The fields of experienceVoucher (no payment code).",
            ),
            field(
                "config",
                "QrConfig",
                "The decoded voucherConfig: the banks whose apps read the code.",
            ),
            field(
                "general_instructions",
                "list<GeneralInstruction>",
                "`experienceVoucher.generalInstructions`, per device; empty when absent.",
            ),
            field(
                "qr_png",
                "bytes",
                "The PNG image of the top-level `qrCode` data URI (PNG signature checked); Base64 text in the core's JSON.",
            ),
        ],
    ),
    record_of(
        "DeeplinkMethodExperience",
        "BankTransfer_Deeplink: offer one link per bank or provider (spec 2.8).",
        &[
            field("voucher", "VoucherInfo", "The fields of experienceVoucher."),
            field(
                "deep_links",
                "list<BankDeepLink>",
                "`experienceVoucher.deepLinks`, sorted by `order`.",
            ),
        ],
    ),
    record_of(
        "WalletOneShotExperience",
        "Wallet_one_shot: on MOBILE open a deeplink; on WEB show instructions to finish in the wallet app (spec 4.4).",
        &[field(
            "deep_links",
            "list<WalletDeepLink>",
            "The top-level `deepLinks`, sorted by `order`.",
        )],
    ),
    record_of(
        "WalletOnFileExperience",
        "Wallet_on_file: a success with codes only; the result comes by notification.",
        &[],
    ),
    record_of(
        "FailedExperience",
        "payinErrorCode is not `0000`: nothing to show; see `error_code`.",
        &[],
    ),
    record_of(
        "PayinResponse",
        "The answer to a pay-in creation (spec 2.8, 4.4, 7.3).",
        &[
            field(
                "success",
                "bool",
                "Whether the transaction was created: `payinErrorCode` is `0000` (spec 7.3).",
            ),
            wired(
                "error_code",
                "payinErrorCode",
                "str",
                "`payinErrorCode` as received (a string with leading zeros).",
            ),
            field(
                "meaning",
                "CodeInfo?",
                "The creation-code catalogue's entry; null for a code the catalogue does not hold.",
            ),
            wired(
                "error_message",
                "payinErrorMessage",
                "str?",
                "`payinErrorMessage`: the service's message, for logs.",
            ),
            wired(
                "trx_operation",
                "payinTrxOperation",
                "str?",
                "`payinTrxOperation`: the service's identifier of the transaction, for the merchant's records; not to be shown to the shopper (spec 2.8).",
            ),
            wired("url", "url", "str?", "`url` as received."),
            field(
                "experience",
                "Experience",
                "What to show the shopper: one of the variants of `Experience`.",
            ),
        ],
    ),
    record_of(
        "PaymentErrorDetails",
        "`errorDetails` of a pay-in notification.",
        &[
            wired(
                "code_error_trx",
                "codeErrorTrx",
                "str?",
                "`codeErrorTrx`, a payment confirmation code (9000-9099), as text; null when absent (DESIGN.md 9 row 31).",
            ),
            wired("message_error_trx", "messageErrorTrx", "str?", "`messageErrorTrx`."),
            field(
                "confirmation",
                "CodeInfo?",
                "The confirmation-code catalogue's entry; null for an unknown code.",
            ),
        ],
    ),
    record_of(
        "PayinNotification",
        "A pay-in payment notification (verified first, where the merchant's key is held); its fields follow the wire names. The fields that cannot be null are the ones required (DESIGN.md 9 row 31).",
        &[
            STATE_ID,
            STATE_TEXT,
            STATE,
            wired(
                "payin_status_error_code",
                "payinStatusErrorCode",
                "str?",
                "payinStatusErrorCode: reserved by the provider; kept raw, never interpreted.",
            ),
            wired("payin_status_error_message", "payinStatusErrorMessage", "str?", ""),
            wired(
                "payin_merchant_id",
                "payinMerchantID",
                "str",
                "payinMerchantID as text, exactly as received.",
            ),
            wired(
                "payin_amount",
                "payinAmount",
                "str",
                "payinAmount exactly as received (`\"30.0\"`).",
            ),
            field(
                "payin_amount_two_decimals",
                "str?",
                "The amount with two decimals (`\"30.00\"`); null when it is not an amount.",
            ),
            CURRENCY,
            OPERATION_NUMBER,
            wired("payin_method", "payinMethod", "str?", ""),
            wired(
                "payin_verification",
                "payinVerification",
                "str?",
                "payinVerification as received (hex SHA-512).",
            ),
            wired(
                "additional_information",
                "additionalInformation",
                "list<personal>?",
                "additionalInformation (processor data of no documented shape): each element as its compact JSON text; null when absent.",
            ),
            wired("error_details", "errorDetails", "PaymentErrorDetails?", ""),
        ],
    ),
    record_of(
        "PayinStatus",
        "The answer to the pay-in status query, an extension beyond the spec (DESIGN.md 9 row 36): the operations the provider holds for the query. Confirm a paid state here before releasing goods: a notification's signature does not cover its state.",
        &[
            wired(
                "payin_merchant_id",
                "payinMerchantID",
                "str",
                "payinMerchantID as text, exactly as received.",
            ),
            wired(
                "operations",
                "operations",
                "list<PayinStatusOperation>",
                "The operations found, in the order received; empty when none matched.",
            ),
        ],
    ),
    record_of(
        "PayinStatusOperation",
        "One operation of a status answer, its fields typed like the notification's.",
        &[
            STATE_ID,
            STATE_TEXT,
            STATE,
            wired(
                "payin_amount",
                "payinAmount",
                "str",
                "payinAmount exactly as received (`\"31980.0\"`).",
            ),
            field(
                "payin_amount_two_decimals",
                "str?",
                "The amount with two decimals (`\"31980.00\"`); null when it is not an amount.",
            ),
            CURRENCY,
            OPERATION_NUMBER,
            wired(
                "payin_id",
                "payinID",
                "str?",
                "payinID, the provider's id of the transaction.",
            ),
        ],
    ),
];
