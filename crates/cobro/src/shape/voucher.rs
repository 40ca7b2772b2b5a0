//! The voucher parts of a pay-in answer (spec 2.8): `experienceVoucher`, the decoded
//! `voucherConfig`, the QR's instructions and the values that may carry markup.

use super::{Enum, Record, field, record_of, wired, wired_or_empty};

pub(super) static ENUMS: &[Enum] = &[
    Enum {
        name: "VoucherFamily",
        doc: "Which list voucherConfig held: `bankList`, `CashList` or `WalletList`.",
        open: false,
        values: &[
            ("BankTransfer", "BankTransfer", ""),
            ("Cash", "Cash", ""),
            ("Wallet", "Wallet", ""),
        ],
    },
    Enum {
        name: "VoucherStatus",
        doc: "A voucher's `status`, an open set: `PENDIENTE_PAGO` and `PENDING_PAYMENT` both mean pending payment; other values are kept as received.",
        open: true,
        values: &[
            ("PENDIENTE_PAGO", "PendientePago", ""),
            ("PENDING_PAYMENT", "PendingPayment", ""),
        ],
    },
    Enum {
        name: "DeviceCode",
        doc: "An open set: `DESKTOP`, `MOBILE`, or another value as received.",
        open: true,
        values: &[("DESKTOP", "Desktop", ""), ("MOBILE", "Mobile", "")],
    },
];

pub(super) static RECORDS: &[Record] = &[
    record_of(
        "Markup",
        "One instruction value, which may carry markup, in three forms.",
        &[
            field(
                "raw",
                "str",
                "As received: may hold markup; never insert it into a page as HTML.",
            ),
            field(
                "text",
                "str",
                "Plain text: tags dropped, entities decoded, line breaks for `<br>` and block ends.",
            ),
            field(
                "html",
                "str",
                "Sanitized HTML (simple formatting tags, `https` links only), safe to insert into a page.",
            ),
        ],
    ),
    record_of(
        "VoucherExpiration",
        "A voucher's expiry, `YYYY-MM-DD HH:MM:SS` as the service wrote it (no time zone is assumed).",
        &[
            field("text", "str", "The value as received, for display."),
            field("year", "u32", "The year, 1 to 9999."),
            field("month", "u32", "The month, 1 to 12."),
            field("day", "u32", "The day of the month, 1 to 31."),
            field("hour", "u32", "The hour, 0 to 23."),
            field("minute", "u32", "The minute, 0 to 59."),
            field("second", "u32", "The second, 0 to 59."),
        ],
    ),
    record_of(
        "VoucherInfo",
        "The fields of `experienceVoucher` a shopper needs to pay.",
        &[
            wired(
                "payment_code",
                "paymentCode",
                "str?",
                "`paymentCode`: the code the shopper pays with (null in QR answers).",
            ),
            wired("status", "status", "VoucherStatus", "`status`, as received."),
            wired("expiration", "expiration", "VoucherExpiration", "`expiration`."),
            wired(
                "merchant",
                "merchant",
                "str?",
                "`merchant`: the merchant name shown on the voucher.",
            ),
            wired(
                "amount",
                "amount",
                "str",
                "`amount` as received (checked: at most two decimals); a decimal text, never a float.",
            ),
            wired("currency_code", "currencyCode", "str", "`currencyCode` (`PEN`)."),
            wired(
                "currency_iso",
                "currencyISO",
                "str?",
                "`currencyISO`: the currency symbol (`S/`).",
            ),
            wired(
                "operation_number",
                "operationNumber",
                "str?",
                "`operationNumber`: the service's number; not to be shown to the shopper.",
            ),
        ],
    ),
    record_of(
        "HexColor",
        "A color as received, and its `#RRGGBB` form when it is a valid CSS hex color.",
        &[
            field("raw", "str", "The color as received."),
            field("rgb", "str?", "`#RRGGBB` in upper case, or null for a malformed color."),
        ],
    ),
    record_of(
        "Instruction",
        "One instruction step (`{order, value}`).",
        &[
            wired(
                "order",
                "order",
                "i64?",
                "Display order; null when absent (listed last).",
            ),
            wired("value", "value", "Markup", "The instruction's text, in three forms."),
        ],
    ),
    record_of(
        "MethodInstructions",
        "The instructions of one payment method for an entry.",
        &[
            wired("method", "method", "str", "The method (`BankTransfer`)."),
            wired(
                "instructions",
                "instructions",
                "list<Instruction>",
                "Sorted by `order`.",
            ),
        ],
    ),
    record_of(
        "VoucherEntry",
        "One bank, agent or wallet of a voucher.",
        &[
            wired(
                "bank_code",
                "bankCode",
                "str",
                "`bankCode` (a number is kept as its text).",
            ),
            wired(
                "nro_order",
                "nroOrder",
                "i64?",
                "`nroOrder`: display order; null when absent (listed last).",
            ),
            wired(
                "hex_color",
                "hexColor",
                "HexColor?",
                "`hexColor`: the entry's color; null when absent.",
            ),
            wired_or_empty(
                "payment_method_instructions",
                "paymentMethodInstructions",
                "list<MethodInstructions>",
                "In wire order; empty when absent.",
            ),
        ],
    ),
    record_of(
        "VoucherConfig",
        "The decoded voucherConfig of a bank-transfer, cash or wallet voucher.",
        &[
            field(
                "double_encoded",
                "bool",
                "True when the JSON text had been encoded twice (accepted, flagged).",
            ),
            field(
                "entries",
                "list<VoucherEntry>",
                "The entries of bankList, CashList or WalletList, sorted by `nroOrder`.",
            ),
            field(
                "instruction_payment_methods",
                "list<str>",
                "Method names, in wire order; empty when absent.",
            ),
        ],
    ),
    record_of(
        "QrBank",
        "A bank whose app reads the QR.",
        &[
            wired(
                "bank_code",
                "bankCode",
                "str",
                "`bankCode` (a number is kept as its text).",
            ),
            wired(
                "nro_order",
                "nroOrder",
                "i64?",
                "`nroOrder`: display order; null when absent (listed last).",
            ),
        ],
    ),
    record_of(
        "QrConfig",
        "The decoded voucherConfig of a QR voucher.",
        &[
            field(
                "double_encoded",
                "bool",
                "True when the JSON text had been encoded twice (accepted, flagged).",
            ),
            field("banks", "list<QrBank>", "Sorted by `nroOrder`."),
        ],
    ),
    record_of(
        "DeviceInstructions",
        "The QR instructions for one device.",
        &[
            wired("code", "code", "DeviceCode", "`code`: the device."),
            wired("instructions", "instructions", "list<Markup>", "In wire order."),
        ],
    ),
    record_of(
        "GeneralInstruction",
        "One element of `generalInstructions` (QR): a method's instructions per device.",
        &[
            wired("method", "method", "str", "`QR`."),
            wired(
                "devices",
                "devices",
                "list<DeviceInstructions>",
                "The instructions of each device, in wire order.",
            ),
        ],
    ),
];
