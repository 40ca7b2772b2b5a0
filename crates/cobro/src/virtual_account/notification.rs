//! The virtual-account deposit notification (PROVIDER_FACTS.md "Notifications"; the
//! spec says "not shown", 6). The provider sends no signature; it expects an HTTP 200
//! reply.
//!
//! Required (DESIGN.md 9 row 31: only what identifies the deposit): `operationId`,
//! `amount`, `currency` and `status.code` (so `status` itself). Every other documented
//! field is optional, and typed when present: `version`, `status.description`,
//! `merchantId`, `payinMethod`, `depositDetails` and each of its objects and their
//! fields, `errors` and `receivedAt`. A handler is never refused for a field it does
//! not read; a present field of the wrong type is still a [`ParseError`] naming it.

use serde::Serialize;

use crate::code::Code;
use crate::personal::Personal;
use crate::reader::{self, Fields, ParseError};
use crate::virtual_account::response::{iso_timestamp, owned, personal};

/// A deposit into a virtual account (PROVIDER_FACTS.md; DESIGN.md 9 row 31 for what
/// may be absent). The account's number and alias and the owner's and depositor's
/// names, documents and user id are [`Personal`]: `Debug` prints them `[REDACTED]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositNotification {
    /// `version` of the notification format (`"1.0"`; a number is kept as its text).
    pub version: Option<String>,
    /// `operationId`: the deposit's operation id (string or number, as text).
    pub operation_id: String,
    /// `status`: the deposit's outcome.
    pub status: DepositStatus,
    /// `merchantId` (string or number, as text).
    pub merchant_id: Option<String>,
    /// `amount`: a decimal text, as received (`"200.00"`); never a float.
    pub amount: String,
    /// `currency` (ISO 4217).
    pub currency: String,
    /// `payinMethod` (`"VA"` for virtual-account deposits).
    pub payin_method: Option<String>,
    /// `depositDetails`.
    pub deposit_details: Option<DepositDetails>,
    /// `errors`: each element kept as its JSON text (the provider shows only `[]` and
    /// documents no shape). Empty when absent.
    pub errors: Vec<String>,
    /// `receivedAt`: ISO 8601, as received.
    pub received_at: Option<String>,
}

/// `status` of a deposit notification: code 5 (approved) or 6 (denied), the pay-in
/// state ids (PROVIDER_FACTS.md). Other codes are kept, with `approved` false.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositStatus {
    /// `status.code` (sent as `"5"` or `5`); required.
    pub code: i64,
    /// `status.description` as sent (`"Aprobado"`, `"Autorizado"`...: key on the code).
    pub description: Option<String>,
    /// Whether the deposit was approved (code 5).
    pub approved: bool,
}

/// `depositDetails`; each part may be absent (DESIGN.md 9 row 31).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositDetails {
    /// `depositDetails.account`: the virtual account credited.
    pub account: Option<DepositAccount>,
    /// `depositDetails.owner`: the account's owner.
    pub owner: Option<DepositOwner>,
    /// `depositDetails.depositor`: who sent the money.
    pub depositor: Option<Depositor>,
}

/// `depositDetails.account`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositAccount {
    /// `id`: the virtual account's id (spec 2.2 `id`, string or number, as text).
    pub id: Option<String>,
    /// `category` (VIRTUAL).
    pub category: Option<String>,
    /// `type` (CVU, CCI, CLABE).
    #[serde(rename = "type")]
    pub account_type: Option<String>,
    /// `number`: the account number (string or number, as text); personal.
    pub number: Option<Personal>,
    /// `name`: the account alias; personal.
    pub name: Option<Personal>,
}

/// `depositDetails.owner`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositOwner {
    /// `fullName`; personal.
    pub full_name: Option<Personal>,
    /// `documentType`.
    pub document_type: Option<String>,
    /// `documentNumber` (string or number, as text); personal.
    pub document_number: Option<Personal>,
    /// `referenceId`: the merchant's user id (spec 2.1 owner.referenceId; string or
    /// number, as text); personal.
    pub reference_id: Option<Personal>,
}

/// `depositDetails.depositor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Depositor {
    /// `fullName`; personal.
    pub full_name: Option<Personal>,
    /// `documentType`.
    pub document_type: Option<String>,
    /// `documentNumber` (string or number, as text); personal.
    pub document_number: Option<Personal>,
}

/// Parses a deposit notification (PROVIDER_FACTS.md "Virtual-account deposit
/// notification"); see the module documentation for the required fields (DESIGN.md 9
/// row 31).
pub fn parse_deposit_notification(body: &[u8]) -> Result<DepositNotification, ParseError> {
    let root = reader::read(body)?;
    let f = Fields::of(&root, "")?;
    let version = f.opt_text("version")?.map(str::to_string);
    let operation_id = f.text("operationId")?.to_string();
    let s = f.obj("status", "status")?;
    let code = s.int("code")?;
    let status = DepositStatus {
        code,
        description: s.opt_str("description")?.map(str::to_string),
        approved: code == 5,
    };
    let merchant_id = f.opt_text("merchantId")?.map(str::to_string);
    let amount = f.text("amount")?;
    if !is_decimal(amount) {
        return Err(ParseError::new(
            Code::InvalidValue,
            "amount",
            "a decimal number (digits, optionally a dot and digits)",
        ));
    }
    let currency = f.str("currency")?.to_string();
    let payin_method = f.opt_str("payinMethod")?.map(str::to_string);
    let deposit_details = f
        .opt_obj("depositDetails", "depositDetails")?
        .map(details)
        .transpose()?;
    let errors = match f.opt_array("errors")? {
        None => Vec::new(),
        Some(items) => items.iter().map(raw_json).collect(),
    };
    let received_at = match f.get("receivedAt")? {
        None => None,
        Some(_) => Some(iso_timestamp(f, "receivedAt")?),
    };
    Ok(DepositNotification {
        version,
        operation_id,
        status,
        merchant_id,
        amount: amount.to_string(),
        currency,
        payin_method,
        deposit_details,
        errors,
        received_at,
    })
}

fn details(d: Fields<'_, '_>) -> Result<DepositDetails, ParseError> {
    let account = match d.opt_obj("account", "depositDetails.account")? {
        None => None,
        Some(a) => Some(DepositAccount {
            id: owned(a.opt_text("id")?),
            category: owned(a.opt_str("category")?),
            account_type: owned(a.opt_str("type")?),
            number: personal(a.opt_text("number")?),
            name: personal(a.opt_str("name")?),
        }),
    };
    let owner = match d.opt_obj("owner", "depositDetails.owner")? {
        None => None,
        Some(o) => Some(DepositOwner {
            full_name: personal(o.opt_str("fullName")?),
            document_type: owned(o.opt_str("documentType")?),
            document_number: personal(o.opt_text("documentNumber")?),
            reference_id: personal(o.opt_text("referenceId")?),
        }),
    };
    let depositor = match d.opt_obj("depositor", "depositDetails.depositor")? {
        None => None,
        Some(p) => Some(Depositor {
            full_name: personal(p.opt_str("fullName")?),
            document_type: owned(p.opt_str("documentType")?),
            document_number: personal(p.opt_text("documentNumber")?),
        }),
    };
    Ok(DepositDetails {
        account,
        owner,
        depositor,
    })
}

/// `digits` or `digits.digits`: an amount as text, sign and exponent refused. A
/// decision: the notification's amount is not re-judged against the request rules
/// (a zero or a third decimal is kept as sent).
fn is_decimal(text: &str) -> bool {
    let (int, frac) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(int) && digits(frac)
}

/// One `errors` element as compact JSON text, written from our reader's value (numbers
/// keep their text) by the one JSON writer.
fn raw_json(value: &crate::json::Value<'_>) -> String {
    let mut out = String::new();
    crate::json::write_value(&mut out, value);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        for ok in ["200.00", "0", "30.0", "007", "1.234"] {
            assert!(is_decimal(ok), "{ok}");
        }
        for bad in ["", ".5", "5.", "-1", "1e3", "1,00", " 1", "1.2.3"] {
            assert!(!is_decimal(bad), "{bad}");
        }
    }

    #[test]
    fn errors_are_kept_as_json_text() {
        let v = crate::json::parse_str(r#"{"a":[1.50,"x\"y",null,true]}"#, crate::Limits::default()).unwrap();
        let mut s = String::new();
        crate::json::write_value(&mut s, &v);
        assert_eq!(s, r#"{"a":[1.50,"x\"y",null,true]}"#);
    }
}
