//! Spec 2.8: the fields of `experienceVoucher` and the content of its `voucherConfig`,
//! a JSON text inside a string field, decoded once into typed lists.
//!
//! Sorting (spec 2.8 gives `nroOrder` and `order` as display orders): entries by
//! `nroOrder` and instructions by `order`, as numbers (JSON numbers or strings of
//! digits, as the provider sends them), with a stable sort: ties keep the wire order and
//! an entry without an order goes last. Lists without an order field
//! (`paymentMethodInstructions`, `instruction_payment_methods`) keep the wire order.

use serde::{Serialize, Serializer};

use crate::amount::Amount;
use crate::code::Code;
use crate::date::CivilDate;
use crate::json::Value;
use crate::payin::markup::{Markup, Renderer};
use crate::reader::{Fields, ParseError, index_path, read_nested, sort_by_order};

/// The payment status of a voucher (spec 2.8: sample values PENDIENTE_PAGO and
/// PENDING_PAYMENT, both "pending payment", spec 3); an open enum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VoucherStatus {
    /// `PENDIENTE_PAGO`: waiting for the shopper's payment.
    PendientePago,
    /// `PENDING_PAYMENT`: waiting for the shopper's payment.
    PendingPayment,
    /// Any other value, as received.
    Other(String),
}

impl VoucherStatus {
    /// The voucher statuses spec 2.8 names. Any other text is read as it is.
    pub const NAMED: [&'static str; 2] = ["PENDIENTE_PAGO", "PENDING_PAYMENT"];

    /// The status as written on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            VoucherStatus::PendientePago => "PENDIENTE_PAGO",
            VoucherStatus::PendingPayment => "PENDING_PAYMENT",
            VoucherStatus::Other(s) => s,
        }
    }

    /// Whether this is one of the two spellings of "pending payment" (spec 3).
    pub fn is_pending(&self) -> bool {
        matches!(self, VoucherStatus::PendientePago | VoucherStatus::PendingPayment)
    }

    fn from_wire(s: &str) -> VoucherStatus {
        match s {
            "PENDIENTE_PAGO" => VoucherStatus::PendientePago,
            "PENDING_PAYMENT" => VoucherStatus::PendingPayment,
            other => VoucherStatus::Other(other.to_string()),
        }
    }
}

impl Serialize for VoucherStatus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A voucher's expiry (spec 2.8: `YYYY-MM-DD HH:MM:SS`), read exactly in that format.
///
/// The spec names no time zone: the value is the wall-clock time as the service wrote
/// it, and no offset is assumed or applied. A date that does not exist (`2026-02-30`)
/// or a time past `23:59:59` is refused like a wrong format.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VoucherExpiration {
    /// The value as received, for display.
    pub text: String,
    /// Year, 1-9999.
    pub year: u16,
    /// Month, 1-12.
    pub month: u8,
    /// Day of the month.
    pub day: u8,
    /// Hour, 0-23.
    pub hour: u8,
    /// Minute, 0-59.
    pub minute: u8,
    /// Second, 0-59.
    pub second: u8,
}

impl VoucherExpiration {
    /// Parses exactly `YYYY-MM-DD HH:MM:SS` (one space; no `T`, fraction or offset).
    pub fn parse(text: &str) -> Option<VoucherExpiration> {
        let (date, time) = text.split_once(' ')?;
        CivilDate::parse(date)?;
        let year = date.get(0..4)?.parse().ok()?;
        let month = date.get(5..7)?.parse().ok()?;
        let day = date.get(8..10)?.parse().ok()?;
        let t = time.as_bytes();
        if t.len() != 8 || t.get(2) != Some(&b':') || t.get(5) != Some(&b':') {
            return None;
        }
        let two = |r: std::ops::Range<usize>, max: u8| -> Option<u8> {
            let s = time.get(r)?;
            let n: u8 = if s.bytes().all(|b| b.is_ascii_digit()) {
                s.parse().ok()?
            } else {
                return None;
            };
            (n <= max).then_some(n)
        };
        Some(VoucherExpiration {
            text: text.to_string(),
            year,
            month,
            day,
            hour: two(0..2, 23)?,
            minute: two(3..5, 59)?,
            second: two(6..8, 59)?,
        })
    }
}

/// The fields of `experienceVoucher` a shopper needs to pay (spec 2.8).
///
/// Decisions (the spec lists the fields without saying which may be absent): the fields
/// the shopper needs are required (`paymentCode` outside QR, `status`, `expiration`,
/// `amount`, `currencyCode`); `merchant`, `currencyISO` and `operationNumber` may be
/// absent (null). Codes and amounts may arrive as JSON numbers; their text is kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VoucherInfo {
    /// `paymentCode`: the code the shopper pays with. Required for bank transfer, cash,
    /// wallet and deeplink vouchers; absent in QR (kept if the service sends one).
    pub payment_code: Option<String>,
    /// `status`: the payment status (pending payment when just created, spec 3).
    pub status: VoucherStatus,
    /// `expiration`: when the voucher expires.
    pub expiration: VoucherExpiration,
    /// `merchant`: the merchant name shown on the voucher.
    pub merchant: Option<String>,
    /// `amount`: the amount to pay, as received (spec: two decimals); checked to be an
    /// amount of at most two decimals ([`Amount::parse`]).
    pub amount: String,
    /// `currencyCode`: the currency code (e.g. `PEN`).
    pub currency_code: String,
    /// `currencyISO`: the currency symbol (e.g. `S/`).
    pub currency_iso: Option<String>,
    /// `operationNumber`: the service's operation number. Not to be shown to the
    /// shopper (spec 2.8).
    pub operation_number: Option<String>,
}

impl VoucherInfo {
    /// The amount as a typed value; `Some` for every parsed answer (the text was
    /// checked while parsing).
    pub fn amount_value(&self) -> Option<Amount> {
        Amount::parse(&self.amount).ok()
    }
}

/// Reads the voucher fields of `experienceVoucher`; `paymentCode` is required unless
/// `qr` (spec 2.8: absent in QR).
pub(crate) fn read_voucher_info(ev: &Fields<'_, '_>, qr: bool) -> Result<VoucherInfo, ParseError> {
    let payment_code = if qr {
        ev.opt_text("paymentCode")?
    } else {
        Some(ev.text("paymentCode")?)
    };
    let expiration = VoucherExpiration::parse(ev.str("expiration")?).ok_or_else(|| {
        ParseError::new(
            Code::InvalidValue,
            &ev.path_of("expiration"),
            "a date and time YYYY-MM-DD HH:MM:SS",
        )
    })?;
    let amount = ev.text("amount")?;
    if Amount::parse(amount).is_err() {
        return Err(ParseError::new(
            Code::InvalidValue,
            &ev.path_of("amount"),
            "an amount with at most two decimals",
        ));
    }
    Ok(VoucherInfo {
        payment_code: payment_code.map(str::to_string),
        status: VoucherStatus::from_wire(ev.str("status")?),
        expiration,
        merchant: ev.opt_str("merchant")?.map(str::to_string),
        amount: amount.to_string(),
        currency_code: ev.str("currencyCode")?.to_string(),
        currency_iso: ev.opt_str("currencyISO")?.map(str::to_string),
        operation_number: ev.opt_text("operationNumber")?.map(str::to_string),
    })
}

/// Which voucher family a voucherConfig describes, from the name of its list (spec 2.8).
/// Serialized as the pay-in method name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum VoucherFamily {
    /// `bankList`: bank transfer.
    BankTransfer,
    /// `CashList`: cash, paid at agents and bank counters.
    Cash,
    /// `WalletList`: wallet apps.
    Wallet,
}

impl VoucherFamily {
    /// Every family, with the name of its list in voucherConfig.
    pub const LISTS: [(VoucherFamily, &'static str); 3] = [
        (VoucherFamily::BankTransfer, "bankList"),
        (VoucherFamily::Cash, "CashList"),
        (VoucherFamily::Wallet, "WalletList"),
    ];

    /// The name of the family's list in voucherConfig.
    pub fn list_name(self) -> &'static str {
        match self {
            VoucherFamily::BankTransfer => "bankList",
            VoucherFamily::Cash => "CashList",
            VoucherFamily::Wallet => "WalletList",
        }
    }
}

/// The decoded voucherConfig of a bank-transfer, cash or wallet voucher (spec 2.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VoucherConfig {
    /// True when the string held a JSON string that held the object (encoded twice): it
    /// was decoded once more and accepted; the flag lets a merchant report it.
    pub double_encoded: bool,
    /// The entries of bankList, CashList or WalletList, sorted by `nroOrder`.
    pub entries: Vec<VoucherEntry>,
    /// `instruction_payment_methods`: method names (e.g. `BankTransfer`), in wire order;
    /// empty when absent.
    pub instruction_payment_methods: Vec<String>,
}

/// One bank, agent or wallet of a voucher (spec 2.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VoucherEntry {
    /// `bankCode`: the bank or collector (required; a number is kept as its text).
    pub bank_code: String,
    /// `nroOrder`: display order; null when absent (such entries are listed last).
    pub nro_order: Option<i64>,
    /// `hexColor`: the entry's color; null when absent.
    pub hex_color: Option<HexColor>,
    /// `paymentMethodInstructions`, in wire order; empty when absent.
    pub payment_method_instructions: Vec<MethodInstructions>,
}

/// A color as received, and its `#RRGGBB` form when it is a valid CSS hex color.
///
/// Decision: a malformed color never rejects the answer (it only recolors a voucher);
/// `rgb` is then null and the merchant uses its own color.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HexColor {
    /// The value as received.
    pub raw: String,
    /// `#RRGGBB` in upper case when `raw` is `#RGB` or `#RRGGBB` (hex digits of any
    /// case, nothing around them); null otherwise.
    pub rgb: Option<String>,
}

impl HexColor {
    /// Reads `raw`, normalizing a valid color (see [`HexColor`]).
    pub fn new(raw: &str) -> HexColor {
        let rgb = raw.strip_prefix('#').and_then(|hex| {
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            let up = hex.to_ascii_uppercase();
            match up.len() {
                6 => Some(format!("#{up}")),
                3 => Some(up.chars().fold(String::from("#"), |mut s, c| {
                    s.push(c);
                    s.push(c);
                    s
                })),
                _ => None,
            }
        });
        HexColor {
            raw: raw.to_string(),
            rgb,
        }
    }
}

/// The instructions of one payment method for an entry (spec 2.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MethodInstructions {
    /// `method`: the method these instructions are for (e.g. `BankTransfer`).
    pub method: String,
    /// `instructions`, sorted by `order`.
    pub instructions: Vec<Instruction>,
}

/// One instruction step (spec 2.8: `{order, value}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Instruction {
    /// `order`: display order; null when absent (listed last).
    pub order: Option<i64>,
    /// `value`: localized text that may carry markup, in three forms.
    pub value: Markup,
}

/// The decoded voucherConfig of a QR voucher (spec 2.8: `bankList` of
/// `{bankCode, nroOrder}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QrConfig {
    /// See [`VoucherConfig::double_encoded`].
    pub double_encoded: bool,
    /// The banks whose apps read the QR, sorted by `nroOrder`.
    pub banks: Vec<QrBank>,
}

/// A bank of a QR voucher.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QrBank {
    /// `bankCode` (required; a number is kept as its text).
    pub bank_code: String,
    /// `nroOrder`; null when absent (listed last).
    pub nro_order: Option<i64>,
}

/// Decodes `voucherConfig` (a JSON text in a string at `path`) and hands the value to `f`
/// with whether it had been encoded twice.
///
/// Decisions: the field must be a string (spec 2.8); a text that is not JSON is
/// ERR_MALFORMED_JSON at the field's path (with the offset inside the text); a text that
/// decodes to a JSON string is decoded once more (double encoding, flagged), never a
/// third time.
fn with_config<R>(
    ev: &Fields<'_, '_>,
    f: impl FnOnce(&Value<'_>, &str, bool) -> Result<R, ParseError>,
) -> Result<R, ParseError> {
    let path = ev.path_of("voucherConfig");
    let text = ev.str("voucherConfig")?;
    let outer = read_nested(text, &path)?;
    if let Value::String(inner) = &outer {
        let value = read_nested(inner, &path)?;
        return f(&value, &path, true);
    }
    f(&outer, &path, false)
}

/// Reads the voucherConfig of a bank-transfer, cash or wallet voucher: exactly one of
/// bankList, CashList, WalletList decides the family. None of them is ERR_MISSING_FIELD
/// and more than one ERR_INVALID_VALUE, both at the voucherConfig path.
pub(crate) fn read_voucher_config(ev: &Fields<'_, '_>) -> Result<(VoucherFamily, VoucherConfig), ParseError> {
    with_config(ev, |value, path, double_encoded| {
        let cfg = Fields::of(value, path)?;
        let mut found = None;
        for (family, name) in VoucherFamily::LISTS {
            if cfg.get(name)?.is_some() {
                if found.is_some() {
                    return Err(ParseError::new(
                        Code::InvalidValue,
                        path,
                        "only one of bankList, CashList, WalletList",
                    ));
                }
                found = Some(family);
            }
        }
        let Some(family) = found else {
            return Err(ParseError::new(
                Code::MissingField,
                path,
                "one of bankList, CashList, WalletList",
            ));
        };
        let list_path = cfg.path_of(family.list_name());
        let mut entries = Vec::new();
        let mut renderer = Renderer::default();
        for (i, item) in cfg.array(family.list_name())?.iter().enumerate() {
            entries.push(read_entry(item, &index_path(&list_path, i), &mut renderer)?);
        }
        sort_by_order(&mut entries, |e| e.nro_order);
        let methods_path = cfg.path_of("instruction_payment_methods");
        let mut instruction_payment_methods = Vec::new();
        for (i, item) in cfg
            .opt_array("instruction_payment_methods")?
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            match item {
                Value::String(s) => instruction_payment_methods.push(s.to_string()),
                _ => {
                    return Err(ParseError::new(
                        Code::InvalidType,
                        &index_path(&methods_path, i),
                        "a string",
                    ));
                }
            }
        }
        let config = VoucherConfig {
            double_encoded,
            entries,
            instruction_payment_methods,
        };
        Ok((family, config))
    })
}

fn read_entry(item: &Value<'_>, path: &str, renderer: &mut Renderer) -> Result<VoucherEntry, ParseError> {
    let f = Fields::of(item, path)?;
    let bank_code = f.text("bankCode")?.to_string();
    let nro_order = f.opt_int("nroOrder")?;
    let hex_color = f.opt_str("hexColor")?.map(HexColor::new);
    let pmi_path = f.path_of("paymentMethodInstructions");
    let mut payment_method_instructions = Vec::new();
    for (i, pmi) in f
        .opt_array("paymentMethodInstructions")?
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let pmi_item_path = index_path(&pmi_path, i);
        let p = Fields::of(pmi, &pmi_item_path)?;
        let method = p.str("method")?.to_string();
        let list_path = p.path_of("instructions");
        let mut instructions = Vec::new();
        for (j, ins) in p.array("instructions")?.iter().enumerate() {
            let ins_path = index_path(&list_path, j);
            let x = Fields::of(ins, &ins_path)?;
            instructions.push(Instruction {
                order: x.opt_int("order")?,
                value: renderer.read(x.str("value")?, || x.path_of("value"))?,
            });
        }
        sort_by_order(&mut instructions, |x| x.order);
        payment_method_instructions.push(MethodInstructions { method, instructions });
    }
    Ok(VoucherEntry {
        bank_code,
        nro_order,
        hex_color,
        payment_method_instructions,
    })
}

/// Reads the voucherConfig of a QR voucher (`bankList` of `{bankCode, nroOrder}`,
/// required).
pub(crate) fn read_qr_config(ev: &Fields<'_, '_>) -> Result<QrConfig, ParseError> {
    with_config(ev, |value, path, double_encoded| {
        let cfg = Fields::of(value, path)?;
        let list_path = cfg.path_of("bankList");
        let mut banks = Vec::new();
        for (i, item) in cfg.array("bankList")?.iter().enumerate() {
            let item_path = index_path(&list_path, i);
            let f = Fields::of(item, &item_path)?;
            banks.push(QrBank {
                bank_code: f.text("bankCode")?.to_string(),
                nro_order: f.opt_int("nroOrder")?,
            });
        }
        sort_by_order(&mut banks, |b| b.nro_order);
        Ok(QrConfig { double_encoded, banks })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expiration_format() {
        let e = VoucherExpiration::parse("2026-03-01 23:59:07").unwrap();
        assert_eq!(
            (e.year, e.month, e.day, e.hour, e.minute, e.second),
            (2026, 3, 1, 23, 59, 7)
        );
        for bad in [
            "2026-03-01T23:59:07",
            "2026-03-01  23:59:07",
            "2026-02-30 10:00:00",
            "2026-03-01 24:00:00",
            "2026-03-01 10:60:00",
            "2026-03-01 10:00:60",
            "2026-03-01 10:00",
            "2026-03-01 10:00:00.5",
            "2026-03-01 1a:00:00",
            "2026-03-01 +1:00:00",
            "",
        ] {
            assert!(VoucherExpiration::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn hex_colors() {
        assert_eq!(HexColor::new("#1a2B3c").rgb.as_deref(), Some("#1A2B3C"));
        assert_eq!(HexColor::new("#f0a").rgb.as_deref(), Some("#FF00AA"));
        for bad in ["1A2B3C", "#1A2B3", "#GGGGGG", " #FFFFFF", "#FFFFFFFF", "", "#", "#ÿÿÿ"] {
            let c = HexColor::new(bad);
            assert_eq!((c.raw.as_str(), c.rgb), (bad, None), "{bad}");
        }
    }

    #[test]
    fn status_is_open() {
        for s in VoucherStatus::NAMED {
            assert!(!matches!(VoucherStatus::from_wire(s), VoucherStatus::Other(_)), "{s}");
        }
        assert!(VoucherStatus::from_wire("PENDIENTE_PAGO").is_pending());
        assert!(!VoucherStatus::from_wire("PAGADO").is_pending());
        assert_eq!(
            serde_json::to_value(VoucherStatus::from_wire("PAGADO")).unwrap(),
            "PAGADO"
        );
    }
}
