//! The answer to a pay-in creation (spec 2.8, 4.4, 7.3) as `payin::response` reads it,
//! with voucherConfig's JSON text described by its own schema (`contentSchema`).

use super::super::node::{Defs, Node, Obj, texts};
use super::super::{object, patterns, string, unexpressed};
use super::wire::{code, codes, known, list, opt_code, opt_text, opt_whole, or_null, text, wire, wire_properties};
use crate::payin::catalog::PAYIN_CREATION_CODES;
use crate::payin::qr::DeviceCode;
use crate::payin::response::SUCCESS_CODE;
use crate::payin::voucher::{VoucherFamily, VoucherStatus};
use crate::shape;

/// The answer: a created transaction (`PayinCreated`) or a refusal (`PayinRefused`),
/// told apart by payinErrorCode.
pub(super) fn answer(defs: &mut Defs) -> Obj {
    let created = created(defs);
    let (required, properties) = codes_read(false);
    let refused = object(&required, properties);
    Obj::new()
        .with(
            "anyOf",
            vec![
                Node::from(defs.name("PayinCreated", created)),
                defs.name("PayinRefused", refused).into(),
            ],
        )
        .with(
            "description",
            "Spec 2.8, 4.4 and 7.3: payinErrorCode 0000 is a created transaction, whose fields say what the shopper is shown: a QR (qrCode or experienceVoucher.generalInstructions), the deeplink method (experienceVoucher.deepLinks), a voucher (experienceVoucher), a one-shot wallet (deepLinks), a redirect (url), or, with none of them, a wallet on file (the result comes by notification). Any other code is a refusal, whose other fields are not read.",
        )
}

/// The codes of the answer as `payin::response` reads them: payinErrorCode `0000` when
/// `success`, else any other code of the catalogue's open list: the required keys and
/// the properties.
fn codes_read(success: bool) -> (Vec<&'static str>, Obj) {
    let catalogue = || {
        codes(text(), PAYIN_CREATION_CODES.iter())
            .with("not", Obj::new().with("const", SUCCESS_CODE))
            .with(
                "description",
                "A refusal's code (spec 7.3); the codes are the provider's (PROVIDER_FACTS.md), read as an open list.",
            )
    };
    wire_properties("PayinResponse", |key| match key {
        "payinErrorCode" if success => Some(
            string()
                .with("const", SUCCESS_CODE)
                .with("description", "Spec 7.3: the transaction was created."),
        ),
        "payinErrorCode" => Some(catalogue()),
        "payinErrorMessage" | "url" => Some(opt_text()),
        "payinTrxOperation" => Some(opt_code()),
        _ => None,
    })
}

/// A created transaction: the experience fields spec 4.4's table gives per method
/// family, each typed as any of its variants; the conditions say which variant goes
/// with which.
fn created(defs: &mut Defs) -> Obj {
    let not_null = || Obj::new().with("not", Obj::new().with("type", "null"));
    let wallet = defs.name("WalletDeepLink", wallet_deep_link());
    let qr = qr_voucher(defs);
    let qr = defs.name("QrVoucher", qr);
    let voucher = experience_voucher(defs);
    let voucher = defs.name("ExperienceVoucher", voucher);
    let qr_code_given = Obj::new().with("required", texts(["qrCode"])).with(
        "properties",
        Obj::new().with("qrCode", string().with("minLength", 1usize)),
    );
    let general_given = Obj::new().with("required", texts(["experienceVoucher"])).with(
        "properties",
        Obj::new().with(
            "experienceVoucher",
            Obj::new()
                .with("required", texts(["generalInstructions"]))
                .with("properties", Obj::new().with("generalInstructions", not_null())),
        ),
    );
    let (required, properties) = codes_read(true);
    let properties = properties
        .with(
            "experienceVoucher",
            Obj::new().with(
                "anyOf",
                vec![
                    Node::from(qr.clone()),
                    voucher.clone().into(),
                    Obj::new().with("type", "null").into(),
                ],
            ),
        )
        .with("qrCode", opt_text())
        .with("deepLinks", or_null(list(wallet)));
    object(&required, properties)
        .with(
            "if",
            Obj::new().with("anyOf", vec![Node::from(qr_code_given), general_given.into()]),
        )
        .with(
            "then",
            object(
                &["experienceVoucher", "qrCode"],
                Obj::new().with("experienceVoucher", qr).with("qrCode", qr_code()),
            ),
        )
        .with(
            "else",
            Obj::new().with("properties", Obj::new().with("experienceVoucher", or_null(voucher))),
        )
}

/// Spec 2.8: the QR image, a data URI of a PNG in Base64.
fn qr_code() -> Obj {
    unexpressed(
        string().with("pattern", patterns::png_data_uri()),
        &[
            "ERR_INVALID_VALUE: the data is standard Base64 (padding correct when present) of bytes starting with the PNG signature",
        ],
    )
}

/// The voucher fields every experienceVoucher variant holds (spec 2.8);
/// The fields of `experienceVoucher` (the description's `VoucherInfo`, its keys and
/// required ones), and `paymentCode` required as well unless `qr`.
fn voucher_fields(qr: bool) -> (Vec<&'static str>, Obj) {
    let mut required = Vec::new();
    if !qr {
        required.push("paymentCode");
    }
    let mut fields = Obj::new();
    for (_, wire) in shape::record("VoucherInfo").into_iter().flat_map(shape::wire_fields) {
        if wire.required {
            required.push(wire.key);
        }
        fields.push(wire.key, voucher_field(wire.key, qr).unwrap_or_default());
    }
    (required, fields)
}

/// The schema of the `experienceVoucher` key `key`.
fn voucher_field(key: &str, qr: bool) -> Option<Obj> {
    Some(match key {
        "paymentCode" if qr => opt_code(),
        "paymentCode" => code(),
        "status" => known(text(), VoucherStatus::NAMED),
        "expiration" => unexpressed(
            string().with("pattern", patterns::voucher_expiration()),
            &["ERR_INVALID_VALUE: the day exists in its month"],
        ),
        "merchant" | "currencyISO" => opt_text(),
        "amount" => unexpressed(
            Obj::new().with(
                "anyOf",
                vec![
                    Node::from(Obj::new().with("type", "number")),
                    string()
                        .with("pattern", patterns::amount_text(crate::amount::MAX_INTEGER_DIGITS))
                        .into(),
                ],
            ),
            &["ERR_INVALID_VALUE: above zero, with at most two decimals, judged on the JSON text"],
        ),
        "currencyCode" => text(),
        "operationNumber" => opt_code(),
        _ => return None,
    })
}

/// An instruction's text, which may carry markup (spec 2.8).
fn instruction_text() -> Obj {
    unexpressed(
        text(),
        &[&format!(
            "ERR_INVALID_VALUE: at most {} markup tags in one text and {} in one answer",
            crate::payin::markup::MAX_TAGS,
            crate::payin::markup::MAX_TAGS_PER_ANSWER
        )],
    )
}

/// A voucher object: the common fields plus `extra`, `extra_required` among them.
fn voucher(qr: bool, extra_required: &[&'static str], extra: Obj) -> Obj {
    let (mut required, fields) = voucher_fields(qr);
    required.extend_from_slice(extra_required);
    object(&required, fields.extended(extra))
}

/// `voucherConfig`: a JSON text whose content the schema `reference` points to
/// describes.
fn config_text(reference: Obj) -> Obj {
    string()
        .with("contentMediaType", "application/json")
        .with("contentSchema", reference)
}

/// experienceVoucher without a QR: the deeplink method's when it holds `deepLinks`,
/// else the bank-transfer, cash or wallet voucher (spec 2.8, 4.4).
fn experience_voucher(defs: &mut Defs) -> Obj {
    let bank = bank_deep_link(defs);
    let config = voucher_config(defs);
    let config = defs.name("VoucherConfig", config);
    let deeplink = voucher(false, &["deepLinks"], Obj::new().with("deepLinks", list(bank)));
    let other = voucher(
        false,
        &["voucherConfig"],
        Obj::new()
            .with("voucherConfig", config_text(config))
            .with("deepLinks", Obj::new().with("type", "null")),
    );
    Obj::new().with(
        "anyOf",
        vec![
            Node::from(defs.name("DeeplinkVoucher", deeplink)),
            defs.name("Voucher", other).into(),
        ],
    )
}

/// The QR variant of experienceVoucher (spec 2.8).
fn qr_voucher(defs: &mut Defs) -> Obj {
    let device = wire(defs, "DeviceInstructions", |key| match key {
        "code" => Some(known(text(), DeviceCode::NAMED)),
        "instructions" => Some(list(instruction_text())),
        _ => None,
    });
    let instruction = wire(defs, "GeneralInstruction", |key| match key {
        "method" => Some(known(text(), ["QR"])),
        "devices" => Some(list(device.clone())),
        _ => None,
    });
    let config = qr_voucher_config(defs);
    let config = defs.name("QrVoucherConfig", config);
    voucher(
        true,
        &["voucherConfig"],
        Obj::new()
            .with("voucherConfig", config_text(config))
            .with("generalInstructions", or_null(list(instruction))),
    )
}

/// The content of a bank-transfer, cash or wallet voucherConfig: exactly one of the
/// lists names the family (spec 2.8), each family a schema of its own.
fn voucher_config(defs: &mut Defs) -> Obj {
    let step = wire(defs, "Instruction", |key| match key {
        "order" => Some(opt_whole()),
        "value" => Some(instruction_text()),
        _ => None,
    });
    let method = wire(defs, "MethodInstructions", |key| match key {
        "method" => Some(text()),
        "instructions" => Some(list(step.clone())),
        _ => None,
    });
    let entry = wire(defs, "VoucherEntry", |key| match key {
        "bankCode" => Some(code()),
        "nroOrder" => Some(opt_whole()),
        "hexColor" => Some(opt_text()),
        "paymentMethodInstructions" => Some(or_null(list(method.clone()))),
        _ => None,
    });
    let families: Vec<Node> = VoucherFamily::LISTS
        .iter()
        .map(|(family, list_name)| {
            let family = match family {
                VoucherFamily::BankTransfer => "BankTransferVoucherConfig",
                VoucherFamily::Cash => "CashVoucherConfig",
                VoucherFamily::Wallet => "WalletVoucherConfig",
            };
            let schema = object(
                &[list_name],
                Obj::new()
                    .with(list_name, list(entry.clone()))
                    .with("instruction_payment_methods", or_null(list(text()))),
            );
            defs.name(family, schema).into()
        })
        .collect();
    unexpressed(
        Obj::new().with("oneOf", families),
        &[
            "ERR_INVALID_VALUE: voucherConfig may hold its JSON text encoded twice (a JSON string of the JSON text); it is read once more",
        ],
    )
}

/// The content of a QR voucherConfig (spec 2.8).
fn qr_voucher_config(defs: &mut Defs) -> Obj {
    let entry = wire(defs, "QrBank", |key| match key {
        "bankCode" => Some(code()),
        "nroOrder" => Some(opt_whole()),
        _ => None,
    });
    object(&["bankList"], Obj::new().with("bankList", list(entry)))
}

/// experienceVoucher.deepLinks of the deeplink method (spec 2.8).
fn bank_deep_link(defs: &mut Defs) -> Obj {
    wire(defs, "BankDeepLink", |key| match key {
        "processor" => Some(known(text(), [crate::payin::DEEPLINK_METHOD])),
        "collectorId" => Some(code()),
        "deepLink" => Some(text()),
        "order" => Some(opt_whole()),
        _ => None,
    })
}

/// The top-level deepLinks of a one-shot wallet answer (spec 2.8): the processor code
/// under the provider's spelling `processoCode`, or else `processorCode`.
fn wallet_deep_link() -> Obj {
    let given = |key: &str| {
        Obj::new()
            .with("required", texts([key]))
            .with("properties", Obj::new().with(key, code()))
    };
    object(
        &["processor", "deepLink"],
        Obj::new()
            .with("processor", text())
            .with("processoCode", opt_code())
            .with("processorCode", opt_code())
            .with("deepLink", text())
            .with("order", opt_whole()),
    )
    .with("if", Obj::new().with("not", given("processoCode")))
    .with("then", given("processorCode"))
}
