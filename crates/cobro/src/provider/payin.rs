//! The pay-in API's answers per method family (spec 2.8, 4.4), as the provider writes
//! them; its refusals (`refusal`), the payment notification (`notification`), the rules
//! the provider applies beyond validation (`rules`), its replay of a repeated request
//! (`replay`) and the status query (`status`).

use serde::Serialize;

use super::{Answer, to_json};
use crate::amount::Amount;
use crate::country::payin_country;
use crate::payin::response::SUCCESS_CODE;
use crate::payin::voucher::VoucherFamily;
use crate::processor::{WALLET_ONE_SHOT, is_on_file};

mod notification;
mod refusal;
mod replay;
mod rules;
mod status;

pub use notification::{Notification, notification};
pub use refusal::{http_status, refusal, validation_code, validation_refusal};
pub use replay::{RequestDigest, is_replay};
pub use rules::{NEW_PAYIN_STATE, PayinEvent, Refusal, expiration_minutes, on_file_refusal};
pub use status::{StatusOperation, read_status_request, status_answer, status_unauthorized};

/// The code of a refused request whose problem has no creation code of its own in the
/// provider's catalogue (a customer's e-mail, a product field...) and of a
/// payinMerchantOperationNumber repeated by another request ([`is_replay`]), which the
/// provider's catalogue does not list either:
/// `0099`, the catalogue's catch-all, with a message that names the field.
pub const FALLBACK_CODE: &str = "0099";

/// The answer shape of spec 4.4's table, from the method family of the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerFamily {
    /// Card, bank transfer outside Peru and other redirect methods: `url`.
    Redirect,
    /// Peru BankTransfer, Cash or Wallet: `experienceVoucher` with a voucherConfig list.
    Voucher(VoucherFamily),
    /// QR: `experienceVoucher` with generalInstructions, and `qrCode`.
    Qr,
    /// BankTransfer_Deeplink: `experienceVoucher` with `deepLinks`.
    DeeplinkMethod,
    /// Wallet with Wallet_one_shot: the top-level `deepLinks`.
    WalletOneShot,
    /// Wallet with an on-file processor: the codes only.
    WalletOnFile,
}

/// Spec 4.4's table: the answer family of a request paying in `currency` with
/// `method` and the wallet processor `processor_code` (absent or empty when none).
/// Methods are compared without regard to case (spec 2.5 writes `bankTransfer` too).
pub fn answer_family(currency: &str, method: &str, processor_code: Option<&str>) -> AnswerFamily {
    let peru = payin_country(currency).is_some_and(|(c, _)| c.alpha2 == "PE");
    let processor = processor_code.filter(|p| !p.is_empty());
    let is = |name: &str| method.eq_ignore_ascii_case(name);
    if is("Wallet") && processor.is_some_and(is_on_file) {
        AnswerFamily::WalletOnFile
    } else if is("Wallet") && processor == Some(WALLET_ONE_SHOT) {
        AnswerFamily::WalletOneShot
    } else if is("QR") {
        AnswerFamily::Qr
    } else if is("BankTransfer_Deeplink") {
        AnswerFamily::DeeplinkMethod
    } else if peru && is("BankTransfer") {
        AnswerFamily::Voucher(VoucherFamily::BankTransfer)
    } else if peru && is("Cash") {
        AnswerFamily::Voucher(VoucherFamily::Cash)
    } else if peru && is("Wallet") {
        AnswerFamily::Voucher(VoucherFamily::Wallet)
    } else {
        AnswerFamily::Redirect
    }
}

/// One bank, agent or wallet of a voucher: its code, display order, color and the
/// ordered instruction texts of its method.
#[derive(Debug, Clone)]
pub struct VoucherEntry<'a> {
    /// `bankCode`.
    pub bank_code: &'a str,
    /// `hexColor`.
    pub hex_color: &'a str,
    /// The instruction texts, in order.
    pub instructions: &'a [&'a str],
}

/// One link of a deeplink answer: the bank or wallet and the URL.
#[derive(Debug, Clone)]
pub struct Link<'a> {
    /// `collectorId` (deeplink method) or `processor` (one-shot wallet).
    pub target: &'a str,
    /// `deepLink`.
    pub url: &'a str,
}

/// What a successful pay-in answer says (spec 2.8).
#[derive(Debug, Clone)]
pub struct Created<'a> {
    /// `payinTrxOperation`.
    pub trx_operation: &'a str,
    /// `url` for the redirect family (the page where the shopper pays).
    pub url: &'a str,
    /// `paymentCode` of a voucher or deeplink answer.
    pub payment_code: &'a str,
    /// `expiration`, `YYYY-MM-DD HH:MM:SS`.
    pub expiration: &'a str,
    /// `merchant`: the merchant's name.
    pub merchant: &'a str,
    /// The amount (written with two decimals).
    pub amount: Amount,
    /// `currencyCode`.
    pub currency: &'a str,
    /// `currencyISO`: the currency's symbol.
    pub currency_symbol: &'a str,
    /// `operationNumber`: the service's operation number.
    pub operation_number: &'a str,
    /// The voucher's entries (voucher and QR families).
    pub entries: &'a [VoucherEntry<'a>],
    /// The links (deeplink method and one-shot wallet).
    pub links: &'a [Link<'a>],
    /// `qrCode`: a `data:image/png;base64,` URI of the code's image (QR family).
    pub qr_code: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Body<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    url: Option<&'a str>,
    payin_error_code: &'a str,
    payin_error_message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    payin_trx_operation: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    experience_voucher: Option<ExperienceVoucher<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deep_links: Option<Vec<WalletLink<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    qr_code: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExperienceVoucher<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    payment_code: Option<&'a str>,
    status: &'a str,
    expiration: &'a str,
    merchant: &'a str,
    amount: String,
    currency_code: &'a str,
    #[serde(rename = "currencyISO")]
    currency_iso: &'a str,
    operation_number: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    voucher_config: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deep_links: Option<Vec<BankLink<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    general_instructions: Option<[GeneralInstruction; 1]>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BankLink<'a> {
    processor: &'a str,
    collector_id: &'a str,
    deep_link: &'a str,
    order: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WalletLink<'a> {
    processor: &'a str,
    processo_code: &'a str,
    deep_link: &'a str,
    order: usize,
}

#[derive(Serialize)]
struct GeneralInstruction {
    method: &'static str,
    devices: [Device; 2],
}

#[derive(Serialize)]
struct Device {
    code: &'static str,
    instructions: [&'static str; 2],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ListEntry<'a> {
    bank_code: &'a str,
    nro_order: usize,
    hex_color: &'a str,
    payment_method_instructions: [MethodInstructions<'a>; 1],
}

#[derive(Serialize)]
struct MethodInstructions<'a> {
    method: &'a str,
    instructions: Vec<Step<'a>>,
}

#[derive(Serialize)]
struct Step<'a> {
    order: usize,
    value: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct QrBank<'a> {
    bank_code: &'a str,
    nro_order: usize,
}

/// The payment status of a new voucher (spec 2.8's sample value).
const PENDING: &str = "PENDIENTE_PAGO";

/// The message of a successful creation, as the provider spells it in its samples.
const SUCCESS_MESSAGE: &str = "Successfull process";

/// voucherConfig of a bank-transfer, cash or wallet voucher: the family's list and
/// `instruction_payment_methods` (spec 2.8), as JSON text.
fn voucher_config(family: VoucherFamily, entries: &[VoucherEntry<'_>]) -> String {
    let method = match family {
        VoucherFamily::BankTransfer => "BankTransfer",
        VoucherFamily::Cash => "Cash",
        VoucherFamily::Wallet => "Wallet",
    };
    let list: Vec<ListEntry<'_>> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| ListEntry {
            bank_code: e.bank_code,
            nro_order: i + 1,
            hex_color: e.hex_color,
            payment_method_instructions: [MethodInstructions {
                method,
                instructions: e
                    .instructions
                    .iter()
                    .enumerate()
                    .map(|(n, value)| Step { order: n + 1, value })
                    .collect(),
            }],
        })
        .collect();
    let mut config = serde_json::Map::new();
    config.insert(
        family.list_name().to_string(),
        serde_json::to_value(list).unwrap_or_default(),
    );
    config.insert(
        "instruction_payment_methods".to_string(),
        serde_json::Value::from(vec![method]),
    );
    to_json(&config)
}

/// voucherConfig of a QR voucher: `bankList` of `{bankCode, nroOrder}` (spec 2.8).
fn qr_config(entries: &[VoucherEntry<'_>]) -> String {
    let banks: Vec<QrBank<'_>> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| QrBank {
            bank_code: e.bank_code,
            nro_order: i + 1,
        })
        .collect();
    let mut config = serde_json::Map::new();
    config.insert("bankList".to_string(), serde_json::to_value(banks).unwrap_or_default());
    to_json(&config)
}

/// The answer to a created pay-in (HTTP 200, payinErrorCode `0000`) in the shape spec
/// 4.4 gives `family`.
pub fn created(family: AnswerFamily, c: &Created<'_>) -> Answer {
    let voucher = || ExperienceVoucher {
        payment_code: None,
        status: PENDING,
        expiration: c.expiration,
        merchant: c.merchant,
        amount: c.amount.to_string(),
        currency_code: c.currency,
        currency_iso: c.currency_symbol,
        operation_number: c.operation_number,
        voucher_config: None,
        deep_links: None,
        general_instructions: None,
    };
    let mut body = Body {
        url: None,
        payin_error_code: SUCCESS_CODE,
        payin_error_message: SUCCESS_MESSAGE,
        payin_trx_operation: Some(c.trx_operation),
        experience_voucher: None,
        deep_links: None,
        qr_code: None,
    };
    match family {
        AnswerFamily::Redirect => body.url = Some(c.url),
        AnswerFamily::Voucher(f) => {
            body.experience_voucher = Some(ExperienceVoucher {
                payment_code: Some(c.payment_code),
                voucher_config: Some(voucher_config(f, c.entries)),
                ..voucher()
            });
        }
        AnswerFamily::Qr => {
            body.experience_voucher = Some(ExperienceVoucher {
                voucher_config: Some(qr_config(c.entries)),
                general_instructions: Some([GeneralInstruction {
                    method: "QR",
                    devices: [
                        Device {
                            code: "DESKTOP",
                            instructions: [
                                "Open your bank's app on your phone",
                                "Scan the QR code shown on this screen and confirm the payment",
                            ],
                        },
                        Device {
                            code: "MOBILE",
                            instructions: [
                                "Save the QR image or take a screenshot",
                                "Open your bank's app, choose pay with QR and pick the image",
                            ],
                        },
                    ],
                }]),
                ..voucher()
            });
            body.qr_code = Some(c.qr_code);
        }
        AnswerFamily::DeeplinkMethod => {
            body.experience_voucher = Some(ExperienceVoucher {
                payment_code: Some(c.payment_code),
                deep_links: Some(
                    c.links
                        .iter()
                        .enumerate()
                        .map(|(i, l)| BankLink {
                            processor: "BankTransfer_Deeplink",
                            collector_id: l.target,
                            deep_link: l.url,
                            order: i + 1,
                        })
                        .collect(),
                ),
                ..voucher()
            });
        }
        AnswerFamily::WalletOneShot => {
            body.deep_links = Some(
                c.links
                    .iter()
                    .enumerate()
                    .map(|(i, l)| WalletLink {
                        processor: l.target,
                        processo_code: WALLET_ONE_SHOT,
                        deep_link: l.url,
                        order: i + 1,
                    })
                    .collect(),
            );
        }
        AnswerFamily::WalletOnFile => {}
    }
    Answer::json(200, &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payin::response::{Experience, parse_payin_response};

    /// A PNG's signature and nothing else: what the parser checks of `qrCode`.
    const PNG: &str = "data:image/png;base64,iVBORw0KGgo=";

    fn created_with(family: AnswerFamily) -> Experience {
        let entries = [VoucherEntry {
            bank_code: "BCP",
            hex_color: "#FF6600",
            instructions: &["Open the app", "Pay the code <b>123</b>"],
        }];
        let links = [Link {
            target: "BCP",
            url: "https://bank.example/pay/1",
        }];
        let c = Created {
            trx_operation: "MOCKTRX1",
            url: "https://mock.example/checkout/1",
            payment_code: "123456",
            expiration: "2026-01-02 03:04:05",
            merchant: "Fake Shop",
            amount: Amount::parse("12.5").unwrap(),
            currency: "PEN",
            currency_symbol: "S/",
            operation_number: "OP-1",
            entries: &entries,
            links: &links,
            qr_code: PNG,
        };
        let answer = created(family, &c);
        assert_eq!(answer.status, 200);
        let parsed = parse_payin_response(answer.body.as_bytes()).unwrap();
        assert!(parsed.success);
        parsed.experience
    }

    #[test]
    fn every_family_parses_as_its_experience() {
        assert!(matches!(
            created_with(AnswerFamily::Redirect),
            Experience::Redirect { .. }
        ));
        for f in [VoucherFamily::BankTransfer, VoucherFamily::Cash, VoucherFamily::Wallet] {
            match created_with(AnswerFamily::Voucher(f)) {
                Experience::Voucher {
                    family,
                    config,
                    voucher,
                } => {
                    assert_eq!(family, f);
                    assert_eq!(config.entries.len(), 1);
                    assert_eq!(voucher.amount, "12.50");
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(matches!(created_with(AnswerFamily::Qr), Experience::Qr { .. }));
        assert!(matches!(
            created_with(AnswerFamily::DeeplinkMethod),
            Experience::DeeplinkMethod { .. }
        ));
        assert!(matches!(
            created_with(AnswerFamily::WalletOneShot),
            Experience::WalletOneShot { .. }
        ));
        assert!(matches!(
            created_with(AnswerFamily::WalletOnFile),
            Experience::WalletOnFile
        ));
    }

    #[test]
    fn families_follow_spec_4_4() {
        assert_eq!(
            answer_family("PEN", "Cash", None),
            AnswerFamily::Voucher(VoucherFamily::Cash)
        );
        assert_eq!(answer_family("MXN", "Cash", None), AnswerFamily::Redirect);
        assert_eq!(
            answer_family("PEN", "Wallet", Some("Yape_on_file")),
            AnswerFamily::WalletOnFile
        );
        assert_eq!(
            answer_family("PEN", "Wallet", Some("Wallet_one_shot")),
            AnswerFamily::WalletOneShot
        );
        assert_eq!(answer_family("PEN", "QR", Some("")), AnswerFamily::Qr);
        assert_eq!(answer_family("BRL", "bankTransfer", None), AnswerFamily::Redirect);
        assert_eq!(
            answer_family("PEN", "BankTransfer_Deeplink", None),
            AnswerFamily::DeeplinkMethod
        );
    }
}
