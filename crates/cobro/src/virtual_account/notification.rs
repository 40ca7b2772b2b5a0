//! The virtual-account deposit notification (PROVIDER_FACTS.md "Notifications"; the
//! spec says "not shown", 6). The provider sends no signature; it expects an HTTP 200
//! reply.
//!
//! Required fields (a decision from the provider's field table and its two samples):
//! `operationId`, `status.code`, `status.description`, `merchantId`, `amount`,
//! `currency`, `payinMethod`, `depositDetails.account.id` and `.number`, the four
//! `depositDetails.owner` fields and `depositDetails.depositor.fullName`. Optional:
//! `version`, `errors` and `receivedAt` (in the samples but not in the provider's field
//! table), `account.category`/`type`/`name` (the guide's sample lacks them) and the
//! depositor's document (PROVIDER_FACTS.md marks it optional).

use serde::Serialize;

use crate::code::Code;
use crate::parse::{self, Fields, ParseError};
use crate::virtual_account::response::iso_timestamp;

/// A deposit into a virtual account (PROVIDER_FACTS.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositNotification {
    /// `version` of the notification format (`"1.0"`; a number is kept as its text).
    pub version: Option<String>,
    /// `operationId`: the deposit's operation id (string or number, as text).
    pub operation_id: String,
    /// `status`: the deposit's outcome.
    pub status: DepositStatus,
    /// `merchantId` (string or number, as text).
    pub merchant_id: String,
    /// `amount`: a decimal text, as received (`"200.00"`); never a float.
    pub amount: String,
    /// `currency` (ISO 4217).
    pub currency: String,
    /// `payinMethod` (`"VA"` for virtual-account deposits).
    pub payin_method: String,
    /// `depositDetails`.
    pub deposit_details: DepositDetails,
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
    /// `status.code` (sent as `"5"` or `5`).
    pub code: i64,
    /// `status.description` as sent (`"Aprobado"`, `"Autorizado"`...: key on the code).
    pub description: String,
    /// Whether the deposit was approved (code 5).
    pub approved: bool,
}

/// `depositDetails`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositDetails {
    /// `depositDetails.account`: the virtual account credited.
    pub account: DepositAccount,
    /// `depositDetails.owner`: the account's owner.
    pub owner: DepositOwner,
    /// `depositDetails.depositor`: who sent the money.
    pub depositor: Depositor,
}

/// `depositDetails.account`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositAccount {
    /// `id`: the virtual account's id (spec 2.2 `id`).
    pub id: String,
    /// `category` (VIRTUAL).
    pub category: Option<String>,
    /// `type` (CVU, CCI, CLABE).
    #[serde(rename = "type")]
    pub account_type: Option<String>,
    /// `number`: the account number (string or number, as text).
    pub number: String,
    /// `name`: the account alias.
    pub name: Option<String>,
}

/// `depositDetails.owner`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepositOwner {
    /// `fullName`.
    pub full_name: String,
    /// `documentType`.
    pub document_type: String,
    /// `documentNumber` (string or number, as text).
    pub document_number: String,
    /// `referenceId`: the merchant's user id (spec 2.1 owner.referenceId).
    pub reference_id: String,
}

/// `depositDetails.depositor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Depositor {
    /// `fullName`.
    pub full_name: String,
    /// `documentType`.
    pub document_type: Option<String>,
    /// `documentNumber` (string or number, as text).
    pub document_number: Option<String>,
}

/// Parses a deposit notification (PROVIDER_FACTS.md "Virtual-account deposit
/// notification"); see the module documentation for the required fields.
pub fn parse_deposit_notification(body: &[u8]) -> Result<DepositNotification, ParseError> {
    let root = parse::read(body)?;
    let f = Fields::of(&root, "")?;
    let version = f.opt_text("version")?.map(str::to_string);
    let operation_id = f.text("operationId")?.to_string();
    let s = f.obj("status", "status")?;
    let code = s.int("code")?;
    let status = DepositStatus {
        code,
        description: s.str("description")?.to_string(),
        approved: code == 5,
    };
    let merchant_id = f.text("merchantId")?.to_string();
    let amount = f.text("amount")?;
    if !is_decimal(amount) {
        return Err(ParseError::new(
            Code::InvalidField,
            "amount",
            "a decimal number (digits, optionally a dot and digits)",
        ));
    }
    let currency = f.str("currency")?.to_string();
    let payin_method = f.str("payinMethod")?.to_string();
    let d = f.obj("depositDetails", "depositDetails")?;
    let deposit_details = details(d)?;
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
    let a = d.obj("account", "depositDetails.account")?;
    let account = DepositAccount {
        id: a.text("id")?.to_string(),
        category: a.opt_str("category")?.map(str::to_string),
        account_type: a.opt_str("type")?.map(str::to_string),
        number: a.text("number")?.to_string(),
        name: a.opt_str("name")?.map(str::to_string),
    };
    let o = d.obj("owner", "depositDetails.owner")?;
    let owner = DepositOwner {
        full_name: o.str("fullName")?.to_string(),
        document_type: o.str("documentType")?.to_string(),
        document_number: o.text("documentNumber")?.to_string(),
        reference_id: o.text("referenceId")?.to_string(),
    };
    let p = d.obj("depositor", "depositDetails.depositor")?;
    let depositor = Depositor {
        full_name: p.str("fullName")?.to_string(),
        document_type: p.opt_str("documentType")?.map(str::to_string),
        document_number: p.opt_text("documentNumber")?.map(str::to_string),
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
/// keep their text; strings and keys are escaped by serde_json).
fn raw_json(value: &crate::json::Value<'_>) -> String {
    let mut out = String::new();
    write_json(value, &mut out);
    out
}

fn write_json(value: &crate::json::Value<'_>, out: &mut String) {
    use crate::json::Value;
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(n),
        Value::String(s) => out.push_str(&serde_json::Value::String(s.to_string()).to_string()),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::Value::String(k.to_string()).to_string());
                out.push(':');
                write_json(v, out);
            }
            out.push('}');
        }
    }
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
        let v = crate::json::parse_str(r#"{"a":[1.50,"x\"y",null,true]}"#, crate::json::Limits::default()).unwrap();
        let mut s = String::new();
        write_json(&v, &mut s);
        assert_eq!(s, r#"{"a":[1.50,"x\"y",null,true]}"#);
    }
}
