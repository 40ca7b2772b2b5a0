//! The answer to a pay-in creation (spec 2.8, 4.4, 7.3; DESIGN.md section 6) as
//! records: which experience to show the shopper, the voucher with its decoded
//! voucherConfig, the QR image as PNG bytes, and the deeplinks.

use cobro::payin::{markup, qr, response as core, voucher};

use crate::catalog::CodeInfo;
use crate::errors::CobroError;

/// The answer to a pay-in creation (spec 2.8, 4.4, 7.3).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PayinResponse {
    /// Whether the transaction was created: `payinErrorCode` is `0000` (spec 7.3).
    pub success: bool,
    /// `payinErrorCode` as received (a string with leading zeros).
    pub error_code: String,
    /// What `errorCode` means and asks of the merchant; null for a code the catalogue
    /// does not hold.
    pub meaning: Option<CodeInfo>,
    /// `payinErrorMessage`: the service's message, for logs.
    pub error_message: Option<String>,
    /// `payinTrxOperation`: the service's identifier of the transaction, for the
    /// merchant's records; not to be shown to the shopper (spec 2.8).
    pub trx_operation: Option<String>,
    /// `url` as received.
    pub url: Option<String>,
    /// What to show the shopper (spec 4.4's table).
    pub experience: Experience,
}

impl From<core::PayinResponse> for PayinResponse {
    fn from(r: core::PayinResponse) -> PayinResponse {
        PayinResponse {
            success: r.success,
            error_code: r.error_code,
            meaning: r.meaning.as_ref().map(CodeInfo::from),
            error_message: r.error_message,
            trx_operation: r.trx_operation,
            url: r.url,
            experience: r.experience.into(),
        }
    }
}

/// What the merchant does with a pay-in answer (spec 4.4's table).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum Experience {
    /// Card, bank transfer outside Peru and other redirect methods: send the shopper to
    /// `url`. Reaching the OK URL afterwards does not prove payment (spec 4.4).
    Redirect {
        /// The address to redirect the shopper to.
        url: String,
    },
    /// Peru bank transfer, cash or wallet: show a voucher (spec 2.8).
    Voucher {
        /// Which list voucherConfig held: bankList, CashList or WalletList.
        family: VoucherFamily,
        /// The fields of experienceVoucher.
        voucher: VoucherInfo,
        /// The decoded voucherConfig.
        config: VoucherConfig,
    },
    /// QR: show the image; a QR code is single-use (spec 2.8).
    Qr {
        /// The fields of experienceVoucher (no payment code).
        voucher: VoucherInfo,
        /// The decoded voucherConfig: the banks whose apps read the code.
        config: QrConfig,
        /// `experienceVoucher.generalInstructions`, per device; empty when absent.
        general_instructions: Vec<GeneralInstruction>,
        /// The PNG image of the top-level `qrCode` data URI (PNG signature checked).
        qr_png: Vec<u8>,
    },
    /// BankTransfer_Deeplink: offer one link per bank or provider (spec 2.8).
    DeeplinkMethod {
        /// The fields of experienceVoucher.
        voucher: VoucherInfo,
        /// `experienceVoucher.deepLinks`, sorted by `order`.
        deep_links: Vec<BankDeepLink>,
    },
    /// Wallet_one_shot: on MOBILE open a deeplink; on WEB show instructions to finish
    /// in the wallet app (spec 4.4).
    WalletOneShot {
        /// The top-level `deepLinks`, sorted by `order`.
        deep_links: Vec<WalletDeepLink>,
    },
    /// Wallet_on_file: a success with codes only; the result comes by notification.
    WalletOnFile,
    /// payinErrorCode is not `0000`: nothing to show; see `errorCode`.
    Failed,
}

impl From<core::Experience> for Experience {
    fn from(e: core::Experience) -> Experience {
        match e {
            core::Experience::Redirect { url } => Experience::Redirect { url },
            core::Experience::Voucher {
                family,
                voucher,
                config,
            } => Experience::Voucher {
                family: family.into(),
                voucher: (*voucher).into(),
                config: config.into(),
            },
            core::Experience::Qr {
                voucher,
                config,
                general_instructions,
                qr_png,
            } => Experience::Qr {
                voucher: (*voucher).into(),
                config: config.into(),
                general_instructions: general_instructions.into_iter().map(Into::into).collect(),
                qr_png,
            },
            core::Experience::DeeplinkMethod { voucher, deep_links } => Experience::DeeplinkMethod {
                voucher: (*voucher).into(),
                deep_links: deep_links.into_iter().map(Into::into).collect(),
            },
            core::Experience::WalletOneShot { deep_links } => Experience::WalletOneShot {
                deep_links: deep_links.into_iter().map(Into::into).collect(),
            },
            core::Experience::WalletOnFile => Experience::WalletOnFile,
            core::Experience::Failed => Experience::Failed,
        }
    }
}

/// The fields of `experienceVoucher` a shopper needs to pay (spec 2.8).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct VoucherInfo {
    /// `paymentCode`: the code the shopper pays with (absent in QR).
    pub payment_code: Option<String>,
    /// `status` as received (`PENDIENTE_PAGO`, `PENDING_PAYMENT`: pending payment,
    /// spec 3).
    pub status: String,
    /// `expiration`: when the voucher expires.
    pub expiration: VoucherExpiration,
    /// `merchant`: the merchant name shown on the voucher.
    pub merchant: Option<String>,
    /// `amount`: the amount to pay, as text (checked to have at most two decimals).
    pub amount: String,
    /// `currencyCode` (e.g. `PEN`).
    pub currency_code: String,
    /// `currencyISO`: the currency symbol (e.g. `S/`).
    pub currency_iso: Option<String>,
    /// `operationNumber`: not to be shown to the shopper (spec 2.8).
    pub operation_number: Option<String>,
}

impl From<voucher::VoucherInfo> for VoucherInfo {
    fn from(v: voucher::VoucherInfo) -> VoucherInfo {
        VoucherInfo {
            payment_code: v.payment_code,
            status: v.status.as_str().to_string(),
            expiration: v.expiration.into(),
            merchant: v.merchant,
            amount: v.amount,
            currency_code: v.currency_code,
            currency_iso: v.currency_iso,
            operation_number: v.operation_number,
        }
    }
}

/// A voucher's expiry (spec 2.8: `YYYY-MM-DD HH:MM:SS`), the wall-clock time as the
/// service wrote it (no time zone is named).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct VoucherExpiration {
    /// The value as received, for display.
    pub text: String,
    /// Year, 1-9999.
    pub year: u32,
    /// Month, 1-12.
    pub month: u32,
    /// Day of the month.
    pub day: u32,
    /// Hour, 0-23.
    pub hour: u32,
    /// Minute, 0-59.
    pub minute: u32,
    /// Second, 0-59.
    pub second: u32,
}

impl From<voucher::VoucherExpiration> for VoucherExpiration {
    fn from(e: voucher::VoucherExpiration) -> VoucherExpiration {
        VoucherExpiration {
            text: e.text,
            year: e.year.into(),
            month: e.month.into(),
            day: e.day.into(),
            hour: e.hour.into(),
            minute: e.minute.into(),
            second: e.second.into(),
        }
    }
}

/// Which voucher family a voucherConfig describes (spec 2.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum VoucherFamily {
    /// `bankList`: bank transfer.
    BankTransfer,
    /// `CashList`: cash, paid at agents and bank counters.
    Cash,
    /// `WalletList`: wallet apps.
    Wallet,
}

impl From<voucher::VoucherFamily> for VoucherFamily {
    fn from(f: voucher::VoucherFamily) -> VoucherFamily {
        match f {
            voucher::VoucherFamily::BankTransfer => VoucherFamily::BankTransfer,
            voucher::VoucherFamily::Cash => VoucherFamily::Cash,
            voucher::VoucherFamily::Wallet => VoucherFamily::Wallet,
        }
    }
}

/// The decoded voucherConfig of a bank-transfer, cash or wallet voucher (spec 2.8).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct VoucherConfig {
    /// True when the JSON had been encoded twice (decoded once more and accepted).
    pub double_encoded: bool,
    /// The entries of bankList, CashList or WalletList, sorted by `nroOrder`.
    pub entries: Vec<VoucherEntry>,
    /// `instruction_payment_methods`, in wire order; empty when absent.
    pub instruction_payment_methods: Vec<String>,
}

impl From<voucher::VoucherConfig> for VoucherConfig {
    fn from(c: voucher::VoucherConfig) -> VoucherConfig {
        VoucherConfig {
            double_encoded: c.double_encoded,
            entries: c.entries.into_iter().map(Into::into).collect(),
            instruction_payment_methods: c.instruction_payment_methods,
        }
    }
}

/// One bank, agent or wallet of a voucher (spec 2.8).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct VoucherEntry {
    /// `bankCode`: the bank or collector.
    pub bank_code: String,
    /// `nroOrder`: display order; null when absent (listed last).
    pub nro_order: Option<i64>,
    /// `hexColor`; null when absent.
    pub hex_color: Option<HexColor>,
    /// `paymentMethodInstructions`, in wire order.
    pub payment_method_instructions: Vec<MethodInstructions>,
}

impl From<voucher::VoucherEntry> for VoucherEntry {
    fn from(e: voucher::VoucherEntry) -> VoucherEntry {
        VoucherEntry {
            bank_code: e.bank_code,
            nro_order: e.nro_order,
            hex_color: e.hex_color.map(|c| HexColor { raw: c.raw, rgb: c.rgb }),
            payment_method_instructions: e.payment_method_instructions.into_iter().map(Into::into).collect(),
        }
    }
}

/// A color as received, and its `#RRGGBB` form when it is a valid CSS hex color.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HexColor {
    /// The value as received.
    pub raw: String,
    /// `#RRGGBB` in upper case; null when `raw` is not `#RGB` or `#RRGGBB`.
    pub rgb: Option<String>,
}

/// The instructions of one payment method for an entry (spec 2.8).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MethodInstructions {
    /// `method` (e.g. `BankTransfer`).
    pub method: String,
    /// `instructions`, sorted by `order`.
    pub instructions: Vec<Instruction>,
}

impl From<voucher::MethodInstructions> for MethodInstructions {
    fn from(m: voucher::MethodInstructions) -> MethodInstructions {
        MethodInstructions {
            method: m.method,
            instructions: m
                .instructions
                .into_iter()
                .map(|i| Instruction {
                    order: i.order,
                    value: i.value.into(),
                })
                .collect(),
        }
    }
}

/// One instruction step (spec 2.8: `{order, value}`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Instruction {
    /// `order`: display order; null when absent (listed last).
    pub order: Option<i64>,
    /// `value`, in three forms.
    pub value: Markup,
}

/// An instruction value that may carry markup (DESIGN.md section 6), in three forms.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Markup {
    /// Exactly as received: may hold markup; never render it as HTML.
    pub raw: String,
    /// Plain text: tags dropped, entities decoded, line breaks for `<br>` and block ends.
    pub text: String,
    /// Sanitized HTML, safe to show in a web view.
    pub html: String,
}

impl From<markup::Markup> for Markup {
    fn from(m: markup::Markup) -> Markup {
        Markup {
            raw: m.raw,
            text: m.text,
            html: m.html,
        }
    }
}

/// The decoded voucherConfig of a QR voucher (spec 2.8).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct QrConfig {
    /// True when the JSON had been encoded twice.
    pub double_encoded: bool,
    /// The banks whose apps read the QR, sorted by `nroOrder`.
    pub banks: Vec<QrBank>,
}

impl From<voucher::QrConfig> for QrConfig {
    fn from(c: voucher::QrConfig) -> QrConfig {
        QrConfig {
            double_encoded: c.double_encoded,
            banks: c
                .banks
                .into_iter()
                .map(|b| QrBank {
                    bank_code: b.bank_code,
                    nro_order: b.nro_order,
                })
                .collect(),
        }
    }
}

/// A bank of a QR voucher.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct QrBank {
    /// `bankCode`.
    pub bank_code: String,
    /// `nroOrder`; null when absent (listed last).
    pub nro_order: Option<i64>,
}

/// One element of `generalInstructions` (spec 2.8, QR): a method's instructions per
/// device.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GeneralInstruction {
    /// `method` (`QR`).
    pub method: String,
    /// `devices`, in wire order.
    pub devices: Vec<DeviceInstructions>,
}

impl From<qr::GeneralInstruction> for GeneralInstruction {
    fn from(g: qr::GeneralInstruction) -> GeneralInstruction {
        GeneralInstruction {
            method: g.method,
            devices: g
                .devices
                .into_iter()
                .map(|d| DeviceInstructions {
                    code: d.code.as_str().to_string(),
                    instructions: d.instructions.into_iter().map(Into::into).collect(),
                })
                .collect(),
        }
    }
}

/// The instructions for one device (spec 2.8, QR `devices`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DeviceInstructions {
    /// `code` as received: `DESKTOP` or `MOBILE`.
    pub code: String,
    /// `instructions`, in wire order.
    pub instructions: Vec<Markup>,
}

/// One element of `experienceVoucher.deepLinks` (spec 2.8, deeplink method).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BankDeepLink {
    /// `processor` (`BankTransfer_Deeplink`).
    pub processor: String,
    /// `collectorId`: the target bank or provider.
    pub collector_id: String,
    /// `deepLink`: the URL that starts the payment.
    pub deep_link: String,
    /// `order`: display order; null when absent (listed last).
    pub order: Option<i64>,
}

impl From<core::BankDeepLink> for BankDeepLink {
    fn from(l: core::BankDeepLink) -> BankDeepLink {
        BankDeepLink {
            processor: l.processor,
            collector_id: l.collector_id,
            deep_link: l.deep_link,
            order: l.order,
        }
    }
}

/// One element of the top-level `deepLinks` (spec 2.8, one-shot wallet).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct WalletDeepLink {
    /// `processor`.
    pub processor: String,
    /// `processoCode`, as the field is spelled on the wire (spec 2.8).
    pub processor_code: String,
    /// `deepLink`: the URL that opens the wallet app.
    pub deep_link: String,
    /// `order`: display order; null when absent (listed last).
    pub order: Option<i64>,
}

impl From<core::WalletDeepLink> for WalletDeepLink {
    fn from(l: core::WalletDeepLink) -> WalletDeepLink {
        WalletDeepLink {
            processor: l.processor,
            processor_code: l.processor_code,
            deep_link: l.deep_link,
            order: l.order,
        }
    }
}

/// Parses the answer to a pay-in creation (spec 2.8, 4.4). A failed creation
/// (`payinErrorCode` other than `0000`) is a value (`Experience.Failed`), not an error;
/// a body that is not such an answer throws `Parse` naming the field.
#[uniffi::export]
pub fn parse_payin_response(body: Vec<u8>) -> Result<PayinResponse, CobroError> {
    Ok(core::parse_payin_response(&body)?.into())
}
