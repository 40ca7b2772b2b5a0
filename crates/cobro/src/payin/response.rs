//! Spec 2.8, 4.4 and 7.3: the answer to a pay-in creation, as one typed value
//! ([`PayinResponse`]) whose [`Experience`] says what the merchant shows the shopper.
//!
//! # Which experience (spec 4.4's table, decided by the fields present)
//!
//! `payinErrorCode` other than `0000` is a failed creation: [`Experience::Failed`],
//! and the experience fields are not read. For `0000`, the first rule that matches:
//!
//! | fields present | experience |
//! |---|---|
//! | top-level `qrCode` (non-empty) or `experienceVoucher.generalInstructions` | [`Experience::Qr`] (`experienceVoucher` and `qrCode` then required) |
//! | `experienceVoucher` with `deepLinks` | [`Experience::DeeplinkMethod`] |
//! | `experienceVoucher` | [`Experience::Voucher`] (the voucherConfig list decides bank transfer, cash or wallet) |
//! | top-level `deepLinks` (even empty) | [`Experience::WalletOneShot`] |
//! | `url` (non-empty) | [`Experience::Redirect`] |
//! | none of these | [`Experience::WalletOnFile`] (codes only; the result comes by notification) |
//!
//! Null counts as absent everywhere; fields the spec does not name are ignored.
//!
//! # Rendering a Peru cash voucher
//!
//! What a merchant shows the shopper: the amount, the expiry, the payment code, and each
//! agent's or bank's instructions in order, as plain text (spec 2.8). The service's
//! operation numbers are not shown.
//!
//! ```rust
//! use std::fmt::Write as _;
//!
//! use cobro::parse::ParseError;
//! use cobro::payin::response::{Experience, parse_payin_response};
//!
//! /// The text of a voucher answer, or a short line for other answers.
//! fn render_voucher(body: &[u8]) -> Result<String, ParseError> {
//!     let answer = parse_payin_response(body)?;
//!     let mut out = String::new();
//!     match &answer.experience {
//!         Experience::Voucher { voucher, config, .. } => {
//!             let symbol = voucher.currency_iso.as_deref().unwrap_or(&voucher.currency_code);
//!             let _ = writeln!(out, "Amount: {symbol} {}", voucher.amount);
//!             let _ = writeln!(out, "Pay before: {}", voucher.expiration.text);
//!             let _ = writeln!(out, "Payment code: {}", voucher.payment_code.as_deref().unwrap_or(""));
//!             for entry in &config.entries {
//!                 let _ = writeln!(out, "\n{}", entry.bank_code);
//!                 for method in &entry.payment_method_instructions {
//!                     for (n, step) in method.instructions.iter().enumerate() {
//!                         let text = step.value.text.replace('\n', "\n   ");
//!                         let _ = writeln!(out, "{}. {text}", n + 1);
//!                     }
//!                 }
//!             }
//!         }
//!         Experience::Redirect { url } => { let _ = writeln!(out, "Redirect the shopper to {url}"); }
//!         Experience::Failed => {
//!             let _ = writeln!(out, "Not created: {}", answer.error_code);
//!         }
//!         _ => { let _ = writeln!(out, "Not a voucher"); }
//!     }
//!     Ok(out)
//! }
//!
//! // voucherConfig is a JSON text inside a string field.
//! let config = serde_json::json!({
//!     "CashList": [
//!         {"bankCode": "AGENTE_B", "nroOrder": "2", "hexColor": "#00AA00",
//!          "paymentMethodInstructions": [{"method": "Cash", "instructions": [
//!              {"order": 2, "value": "Paga con el código <b>CIP</b>"},
//!              {"order": 1, "value": "Acércate a un agente<br>y di que pagas a Ejemplo"}]}]},
//!         {"bankCode": "BANCO_A", "nroOrder": 1, "hexColor": "#0033CC",
//!          "paymentMethodInstructions": [{"method": "Cash", "instructions": [
//!              {"order": 1, "value": "Ve a una ventanilla del banco"}]}]}
//!     ],
//!     "instruction_payment_methods": ["Cash"]
//! });
//! let body = serde_json::json!({
//!     "payinErrorCode": "0000",
//!     "payinErrorMessage": "Successfull process",
//!     "payinTrxOperation": "TRX-0000-TEST",
//!     "experienceVoucher": {
//!         "paymentCode": "12345678", "status": "PENDIENTE_PAGO",
//!         "expiration": "2030-01-31 23:59:59", "merchant": "Tienda Ejemplo",
//!         "amount": "150.00", "currencyCode": "PEN", "currencyISO": "S/",
//!         "operationNumber": "OP-1", "voucherConfig": config.to_string()
//!     }
//! });
//! let text = render_voucher(body.to_string().as_bytes()).unwrap();
//! assert_eq!(text, "\
//! Amount: S/ 150.00
//! Pay before: 2030-01-31 23:59:59
//! Payment code: 12345678
//!
//! BANCO_A
//! 1. Ve a una ventanilla del banco
//!
//! AGENTE_B
//! 1. Acércate a un agente
//!    y di que pagas a Ejemplo
//! 2. Paga con el código CIP
//! ");
//! ```

use serde::Serialize;

use crate::catalog::CodeInfo;
use crate::code::Code;
use crate::json::Value;
use crate::payin::qr::{self, GeneralInstruction};
use crate::payin::voucher::{self, QrConfig, VoucherConfig, VoucherFamily, VoucherInfo};
use crate::reader::{Fields, ParseError, index_path, read, sort_by_order};

/// The payinErrorCode of a successful creation (spec 2.8, 7.3).
pub const SUCCESS_CODE: &str = "0000";

/// The answer to a pay-in creation (spec 2.8, 4.4, 7.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PayinResponse {
    /// Whether the transaction was created: `payinErrorCode` is `0000` (spec 7.3).
    pub success: bool,
    /// `payinErrorCode` as received (a string with leading zeros; required).
    ///
    /// Decision: a JSON number is refused (ERR_INVALID_TYPE), since `10` cannot be told
    /// apart from `0010` once the leading zeros are gone.
    pub error_code: String,
    /// What `error_code` means and asks of the merchant, from the creation-code
    /// catalogue (PROVIDER_FACTS.md); null for a code the catalogue does not hold.
    pub meaning: Option<CodeInfo>,
    /// `payinErrorMessage`: the service's message, for logs. Decision: null when
    /// absent (the spec lists it among the common fields but a failed or on-file answer
    /// may omit it; it is never needed to act on the answer).
    pub error_message: Option<String>,
    /// `payinTrxOperation`: the service's identifier of the transaction, for the
    /// merchant's records and support requests. Not needed to complete the payment and
    /// not to be shown to the shopper (spec 2.8). Null when absent.
    pub trx_operation: Option<String>,
    /// `url` as received (spec 2.8: present for redirect methods; the provider may also
    /// send it, or send it empty, with other shapes). Null when absent.
    pub url: Option<String>,
    /// What to show the shopper, decided by the fields present (see the module
    /// documentation).
    pub experience: Experience,
}

/// What the merchant does with a pay-in answer (spec 4.4's table). Serialized with a
/// `kind` field naming the variant in snake case (`redirect`, `voucher`, `qr`,
/// `deeplink_method`, `wallet_one_shot`, `wallet_on_file`, `failed`). The voucher
/// fields are boxed to keep the value small (field access is unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Experience {
    /// Card, bank transfer outside Peru and other redirect methods: send the shopper to
    /// `url`. Reaching the OK URL afterwards does not prove payment (spec 4.4): wait
    /// for the notification.
    Redirect {
        /// The address to redirect the shopper to.
        url: String,
    },
    /// Peru bank transfer, cash or wallet: show a voucher (spec 2.8).
    Voucher {
        /// Which list voucherConfig held: bankList, CashList or WalletList.
        family: VoucherFamily,
        /// The fields of experienceVoucher.
        voucher: Box<VoucherInfo>,
        /// The decoded voucherConfig.
        config: VoucherConfig,
    },
    /// QR: show the image; a QR code is single-use (spec 2.8).
    Qr {
        /// The fields of experienceVoucher (no payment code).
        voucher: Box<VoucherInfo>,
        /// The decoded voucherConfig: the banks whose apps read the code.
        config: QrConfig,
        /// `experienceVoucher.generalInstructions`, per device; empty when absent.
        general_instructions: Vec<GeneralInstruction>,
        /// The PNG bytes of the top-level `qrCode` (signature checked); Base64 text in
        /// JSON output.
        #[serde(serialize_with = "qr::serialize_base64")]
        qr_png: Vec<u8>,
    },
    /// BankTransfer_Deeplink: offer one link per bank or provider (spec 2.8).
    DeeplinkMethod {
        /// The fields of experienceVoucher.
        voucher: Box<VoucherInfo>,
        /// `experienceVoucher.deepLinks`, sorted by `order`.
        deep_links: Vec<BankDeepLink>,
    },
    /// Wallet_one_shot: on MOBILE redirect the shopper to a deeplink; on WEB show
    /// instructions to finish in the wallet app (spec 4.4).
    WalletOneShot {
        /// The top-level `deepLinks`, sorted by `order`.
        deep_links: Vec<WalletDeepLink>,
    },
    /// Wallet_on_file: a success with codes only; the result flows through
    /// notifications (spec 4.4).
    WalletOnFile,
    /// payinErrorCode is not `0000`: nothing to show; see `error_code`.
    Failed,
}

impl Experience {
    /// The `kind` written in JSON output (`voucher`, `qr`...).
    pub fn kind(&self) -> &'static str {
        match self {
            Experience::Redirect { .. } => "redirect",
            Experience::Voucher { .. } => "voucher",
            Experience::Qr { .. } => "qr",
            Experience::DeeplinkMethod { .. } => "deeplink_method",
            Experience::WalletOneShot { .. } => "wallet_one_shot",
            Experience::WalletOnFile => "wallet_on_file",
            Experience::Failed => "failed",
        }
    }
}

/// One element of `experienceVoucher.deepLinks` (spec 2.8, deeplink method). Every
/// field but `order` is required; texts sent as numbers keep their text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BankDeepLink {
    /// `processor` (spec value `BankTransfer_Deeplink`).
    pub processor: String,
    /// `collectorId`: the target bank or provider.
    pub collector_id: String,
    /// `deepLink`: the URL that starts the payment.
    pub deep_link: String,
    /// `order`: display order; null when absent (listed last).
    pub order: Option<i64>,
}

/// One element of the top-level `deepLinks` (spec 2.8, one-shot wallet). Every field
/// but `order` is required.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WalletDeepLink {
    /// `processor`.
    pub processor: String,
    /// `processoCode`, as the field is spelled on the wire (spec 2.8). Decision: the
    /// corrected spelling `processorCode` is read when `processoCode` is absent, so a
    /// fix on the provider's side does not break merchants.
    pub processor_code: String,
    /// `deepLink`: the URL that opens the wallet app.
    pub deep_link: String,
    /// `order`: display order; null when absent (listed last).
    pub order: Option<i64>,
}

/// Parses the answer to a pay-in creation (spec 2.8, 4.4).
///
/// Errors: unreadable JSON (ERR_MALFORMED_JSON, ERR_INVALID_UTF8, ERR_BODY_TOO_LARGE,
/// ERR_NESTING_TOO_DEEP at `""`), a body that is not an object (ERR_INVALID_TYPE at
/// `""`), a missing `payinErrorCode` or a required field of the detected experience
/// (ERR_MISSING_FIELD naming its path), a value of the wrong type (ERR_INVALID_TYPE), a
/// bad expiration, amount, order, or `qrCode` (ERR_INVALID_VALUE), a voucherConfig
/// that is not JSON (ERR_MALFORMED_JSON at `experienceVoucher.voucherConfig`, with the
/// offset inside it), a repeated key (ERR_DUPLICATE_FIELD). A failed creation
/// (`payinErrorCode` other than `0000`) is a parsed value, not an error.
pub fn parse_payin_response(body: &[u8]) -> Result<PayinResponse, ParseError> {
    let root = read(body)?;
    let f = Fields::of(&root, "")?;
    let error_code = f.str("payinErrorCode")?.to_string();
    let error_message = f.opt_str("payinErrorMessage")?.map(str::to_string);
    let trx_operation = f.opt_text("payinTrxOperation")?.map(str::to_string);
    let url = f.opt_str("url")?;
    let success = error_code == SUCCESS_CODE;
    let experience = if success {
        experience(&f, url)?
    } else {
        Experience::Failed
    };
    let meaning = crate::payin::catalog::payin_creation_code(&error_code).copied();
    Ok(PayinResponse {
        success,
        error_code,
        meaning,
        error_message,
        trx_operation,
        url: url.map(str::to_string),
        experience,
    })
}

/// The experience of a successful answer (see the module documentation).
fn experience(f: &Fields<'_, '_>, url: Option<&str>) -> Result<Experience, ParseError> {
    let qr_code = match f.opt_str("qrCode")? {
        Some(s) if !s.is_empty() => Some(s),
        _ => None,
    };
    if let Some(ev) = f.get("experienceVoucher")? {
        let ev = Fields::of(ev, "experienceVoucher")?;
        let general = ev.opt_array("generalInstructions")?;
        if qr_code.is_some() || general.is_some() {
            let voucher = Box::new(voucher::read_voucher_info(&ev, true)?);
            let config = voucher::read_qr_config(&ev)?;
            let general_instructions =
                qr::read_general_instructions(general.unwrap_or_default(), &ev.path_of("generalInstructions"))?;
            let qr_png = qr::read_qr_code(f, "qrCode")?;
            return Ok(Experience::Qr {
                voucher,
                config,
                general_instructions,
                qr_png,
            });
        }
        if let Some(links) = ev.opt_array("deepLinks")? {
            let voucher = Box::new(voucher::read_voucher_info(&ev, false)?);
            let deep_links = read_bank_deep_links(links, &ev.path_of("deepLinks"))?;
            return Ok(Experience::DeeplinkMethod { voucher, deep_links });
        }
        let voucher = Box::new(voucher::read_voucher_info(&ev, false)?);
        let (family, config) = voucher::read_voucher_config(&ev)?;
        return Ok(Experience::Voucher {
            family,
            voucher,
            config,
        });
    }
    if qr_code.is_some() {
        return Err(ParseError::new(
            Code::MissingField,
            "experienceVoucher",
            "an object (a QR answer carries experienceVoucher)",
        ));
    }
    if let Some(links) = f.opt_array("deepLinks")? {
        return Ok(Experience::WalletOneShot {
            deep_links: read_wallet_deep_links(links, &f.path_of("deepLinks"))?,
        });
    }
    match url {
        Some(u) if !u.is_empty() => Ok(Experience::Redirect { url: u.to_string() }),
        _ => Ok(Experience::WalletOnFile),
    }
}

fn read_bank_deep_links(items: &[Value<'_>], path: &str) -> Result<Vec<BankDeepLink>, ParseError> {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let item_path = index_path(path, i);
        let l = Fields::of(item, &item_path)?;
        out.push(BankDeepLink {
            processor: l.str("processor")?.to_string(),
            collector_id: l.text("collectorId")?.to_string(),
            deep_link: l.str("deepLink")?.to_string(),
            order: l.opt_int("order")?,
        });
    }
    sort_by_order(&mut out, |l| l.order);
    Ok(out)
}

fn read_wallet_deep_links(items: &[Value<'_>], path: &str) -> Result<Vec<WalletDeepLink>, ParseError> {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let item_path = index_path(path, i);
        let l = Fields::of(item, &item_path)?;
        let processor_code = match l.opt_text("processoCode")? {
            Some(code) => code,
            None => match l.opt_text("processorCode")? {
                Some(code) => code,
                None => l.text("processoCode")?,
            },
        };
        out.push(WalletDeepLink {
            processor: l.str("processor")?.to_string(),
            processor_code: processor_code.to_string(),
            deep_link: l.str("deepLink")?.to_string(),
            order: l.opt_int("order")?,
        });
    }
    sort_by_order(&mut out, |l| l.order);
    Ok(out)
}

impl PayinResponse {
    /// The experience's `kind` (see [`Experience::kind`]).
    pub fn kind(&self) -> &'static str {
        self.experience.kind()
    }
}
