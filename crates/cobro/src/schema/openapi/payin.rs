//! The answer to a pay-in creation (spec 2.8, 4.4, 7.3) as `payin::response` reads it,
//! with voucherConfig's JSON text described by its own schema (`contentSchema`).

use super::super::node::{Node, Obj, texts};
use super::super::{is, object, patterns, string, unexpressed};
use super::wire::{code, codes, known, list, opt_code, opt_text, opt_whole, or_null, reference, text, wire_object};
use crate::payin::catalog::PAYIN_CREATION_CODES;
use crate::payin::qr::DeviceCode;
use crate::payin::response::SUCCESS_CODE;
use crate::payin::voucher::{VoucherFamily, VoucherStatus};
use crate::shape;

/// The answer: the codes, and for a created transaction (`0000`) the experience fields
/// spec 4.4's table gives per method family. A refusal's other fields are not read.
pub(super) fn answer() -> Obj {
    let not_null = || Obj::new().with("not", Obj::new().with("type", "null"));
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
    let experience = Obj::new()
        .with(
            "properties",
            Obj::new().with("deepLinks", or_null(list(reference("WalletDeepLink")))),
        )
        .with(
            "if",
            Obj::new().with("anyOf", vec![Node::from(qr_code_given), general_given.into()]),
        )
        .with(
            "then",
            object(
                &["experienceVoucher", "qrCode"],
                Obj::new()
                    .with("experienceVoucher", reference("QrVoucher"))
                    .with("qrCode", qr_code()),
            ),
        )
        .with(
            "else",
            Obj::new().with(
                "properties",
                Obj::new()
                    .with("experienceVoucher", or_null(reference("ExperienceVoucher")))
                    .with("qrCode", opt_text()),
            ),
        );
    wire_object("PayinResponse", |key| match key {
        "payinErrorCode" => Some(codes(text(), PAYIN_CREATION_CODES.iter()).with(
            "description",
            "0000 for a created transaction (spec 7.3); the other codes are the provider's (PROVIDER_FACTS.md), read as an open list.",
        )),
        "payinErrorMessage" | "url" => Some(opt_text()),
        "payinTrxOperation" => Some(opt_code()),
        _ => None,
    })
    .with("if", is("payinErrorCode", SUCCESS_CODE))
    .with("then", experience)
    .with(
        "description",
        "Spec 2.8, 4.4 and 7.3: payinErrorCode 0000 is a created transaction, whose fields say what the shopper is shown: a QR (qrCode or experienceVoucher.generalInstructions), the deeplink method (experienceVoucher.deepLinks), a voucher (experienceVoucher), a one-shot wallet (deepLinks), a redirect (url), or, with none of them, a wallet on file (the result comes by notification). Any other code is a refusal, whose other fields are not read.",
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
    let (mut required, mut fields) = voucher_fields(qr);
    required.extend_from_slice(extra_required);
    for (key, value) in extra.into_members() {
        fields.push(&key, value);
    }
    object(&required, fields)
}

/// `voucherConfig`: a JSON text whose content `schema` describes.
fn config_text(schema: &str) -> Obj {
    string()
        .with("contentMediaType", "application/json")
        .with("contentSchema", reference(schema))
}

/// experienceVoucher without a QR: the deeplink method's when it holds `deepLinks`,
/// else the bank-transfer, cash or wallet voucher (spec 2.8, 4.4).
pub(super) fn experience_voucher() -> Obj {
    let deeplink = Obj::new().with("required", texts(["deepLinks"])).with(
        "properties",
        Obj::new().with("deepLinks", Obj::new().with("not", Obj::new().with("type", "null"))),
    );
    Obj::new()
        .with("if", deeplink)
        .with(
            "then",
            voucher(
                false,
                &["deepLinks"],
                Obj::new().with("deepLinks", list(reference("BankDeepLink"))),
            ),
        )
        .with(
            "else",
            voucher(
                false,
                &["voucherConfig"],
                Obj::new().with("voucherConfig", config_text("VoucherConfig")),
            ),
        )
}

/// The QR variant of experienceVoucher (spec 2.8).
pub(super) fn qr_voucher() -> Obj {
    let device = wire_object("DeviceInstructions", |key| match key {
        "code" => Some(known(text(), DeviceCode::NAMED)),
        "instructions" => Some(list(instruction_text())),
        _ => None,
    });
    let instruction = wire_object("GeneralInstruction", |key| match key {
        "method" => Some(known(text(), ["QR"])),
        "devices" => Some(list(device.clone())),
        _ => None,
    });
    voucher(
        true,
        &["voucherConfig"],
        Obj::new()
            .with("voucherConfig", config_text("QrVoucherConfig"))
            .with("generalInstructions", or_null(list(instruction))),
    )
}

/// The content of a bank-transfer, cash or wallet voucherConfig: exactly one of the
/// lists names the family (spec 2.8).
pub(super) fn voucher_config() -> Obj {
    let step = wire_object("Instruction", |key| match key {
        "order" => Some(opt_whole()),
        "value" => Some(instruction_text()),
        _ => None,
    });
    let method = wire_object("MethodInstructions", |key| match key {
        "method" => Some(text()),
        "instructions" => Some(list(step.clone())),
        _ => None,
    });
    let entry = wire_object("VoucherEntry", |key| match key {
        "bankCode" => Some(code()),
        "nroOrder" => Some(opt_whole()),
        "hexColor" => Some(opt_text()),
        "paymentMethodInstructions" => Some(or_null(list(method.clone()))),
        _ => None,
    });
    let lists: Vec<&str> = VoucherFamily::LISTS.iter().map(|(_, name)| *name).collect();
    let mut properties = Obj::new();
    for name in &lists {
        properties.push(name, list(entry.clone()));
    }
    properties.push("instruction_payment_methods", or_null(list(text())));
    let one_list: Vec<Node> = lists
        .iter()
        .map(|name| {
            Obj::new()
                .with("required", texts([*name]))
                .with(
                    "properties",
                    Obj::new().with(name, Obj::new().with("not", Obj::new().with("type", "null"))),
                )
                .into()
        })
        .collect();
    unexpressed(
        object(&[], properties).with("oneOf", one_list),
        &[
            "ERR_INVALID_VALUE: voucherConfig may hold its JSON text encoded twice (a JSON string of the JSON text); it is read once more",
        ],
    )
}

/// The content of a QR voucherConfig (spec 2.8).
pub(super) fn qr_voucher_config() -> Obj {
    let entry = wire_object("QrBank", |key| match key {
        "bankCode" => Some(code()),
        "nroOrder" => Some(opt_whole()),
        _ => None,
    });
    object(&["bankList"], Obj::new().with("bankList", list(entry)))
}

/// experienceVoucher.deepLinks of the deeplink method (spec 2.8).
pub(super) fn bank_deep_link() -> Obj {
    wire_object("BankDeepLink", |key| match key {
        "processor" => Some(known(text(), [crate::payin::DEEPLINK_METHOD])),
        "collectorId" => Some(code()),
        "deepLink" => Some(text()),
        "order" => Some(opt_whole()),
        _ => None,
    })
}

/// The top-level deepLinks of a one-shot wallet answer (spec 2.8): the processor code
/// under the provider's spelling `processoCode` (or `processorCode`).
pub(super) fn wallet_deep_link() -> Obj {
    let either: Vec<Node> = ["processoCode", "processorCode"]
        .iter()
        .map(|key| {
            Obj::new()
                .with("required", texts([*key]))
                .with("properties", Obj::new().with(key, code()))
                .into()
        })
        .collect();
    object(
        &["processor", "deepLink"],
        Obj::new()
            .with("processor", text())
            .with("processoCode", opt_code())
            .with("processorCode", opt_code())
            .with("deepLink", text())
            .with("order", opt_whole()),
    )
    .with("anyOf", either)
}
