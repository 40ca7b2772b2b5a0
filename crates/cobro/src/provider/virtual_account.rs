//! The virtual-account API's answers (spec 2.2, 7.1), error objects and the deposit
//! notification (PROVIDER_FACTS.md "Notifications"), as the provider writes them.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::value::RawValue;

use super::{Answer, to_json};
use crate::code::Code;
use crate::json::{Value, write_value};
use crate::messages::Locale;
use crate::report::Report;
use crate::signing::VerifyError;
use crate::virtual_account::catalog::virtual_account_error_entry;

mod account;

pub use account::{INTERNAL_ERROR, NEW_ACCOUNT_STATUS, UNAUTHORIZED, internal_error, owner_name};

/// The error code the mock gives a second virtual account for the same user of the same
/// merchant (spec 1, 8: one per user per merchant). The spec does not show the
/// provider's (7.1: "not shown"): the error type is spec 7.1's `conflict_error`, the HTTP
/// status 409, the field `owner.referenceId`.
pub const ACCOUNT_EXISTS: &str = "ERR_ACCOUNT_ALREADY_EXISTS";

/// When and under which trace an answer is written: `timestamp` is ISO 8601 UTC
/// (`2025-11-10T15:14:22Z`), `trace_id` the provider's trace identifier.
#[derive(Debug, Clone, Copy)]
pub struct Stamp<'a> {
    /// ISO 8601 time of the answer.
    pub timestamp: &'a str,
    /// The trace identifier.
    pub trace_id: &'a str,
}

/// What the provider adds to the echo of a created account (spec 2.2).
#[derive(Debug, Clone, Copy)]
pub struct Created<'a> {
    /// The account's identifier (`id`).
    pub id: &'a str,
    /// `status`: [`NEW_ACCOUNT_STATUS`] on creation (spec 3).
    pub status: &'a str,
    /// `account.number`: the account's CVU, CLABE or CCI.
    pub number: &'a str,
    /// `resultUrl`, when given.
    pub result_url: Option<&'a str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CreatedBody<'a> {
    id: &'a str,
    trace_id: &'a str,
    timestamp: &'a str,
    status: &'a str,
    owner: Box<RawValue>,
    account: Box<RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    metadata: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result_url: Option<&'a str>,
}

/// `value` as raw JSON written by the core's writer: member order and number texts as
/// the request wrote them.
fn raw(value: &Value<'_>) -> Box<RawValue> {
    let mut text = String::new();
    write_value(&mut text, value);
    // The core's writer writes JSON; `null` keeps this total.
    RawValue::from_string(text).unwrap_or_else(|_| RawValue::NULL.to_owned())
}

/// The member `name` of an object value.
fn member<'v, 'a>(value: &'v Value<'a>, name: &str) -> Option<&'v Value<'a>> {
    match value {
        Value::Object(members) => members.iter().find(|(k, _)| k == name).map(|(_, v)| v),
        _ => None,
    }
}

/// The answer to a created account (spec 2.2, HTTP 200): the request's `owner`,
/// `account` (with `number` added) and `metadata` echoed in the request's own order and
/// texts, and the provider's fields. `request` is the validated request body, as the
/// core's reader read it.
pub fn created(request: &Value<'_>, created: &Created<'_>, stamp: Stamp<'_>) -> Answer {
    let mut account = match member(request, "account") {
        Some(Value::Object(members)) => members.clone(),
        _ => Vec::new(),
    };
    account.push((Cow::Borrowed("number"), Value::String(Cow::Borrowed(created.number))));
    let body = CreatedBody {
        id: created.id,
        trace_id: stamp.trace_id,
        timestamp: stamp.timestamp,
        status: created.status,
        owner: raw(member(request, "owner").unwrap_or(&Value::Null)),
        account: raw(&Value::Object(account)),
        metadata: member(request, "metadata")
            .filter(|m| **m != Value::Null)
            .map(|m| raw(&metadata_echo(m))),
        result_url: created.result_url,
    };
    Answer::json(200, &body)
}

/// The request's metadata as the answer echoes it: values are strings (spec 2.2), a
/// whole number given for one (accepted with WARN_NUMBER_FOR_STRING, DESIGN.md 9 row
/// 28) becomes the string of its JSON text, the value validation read.
fn metadata_echo<'a>(metadata: &Value<'a>) -> Value<'a> {
    match metadata {
        Value::Object(members) => Value::Object(
            members
                .iter()
                .map(|(k, v)| match v {
                    Value::Number(n) => (k.clone(), Value::String(Cow::Borrowed(n))),
                    other => (k.clone(), other.clone()),
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// One element of `error.details` (spec 7.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Detail {
    /// The stable technical code.
    pub code: String,
    /// The message.
    pub message: String,
    /// The affected field.
    pub field: String,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: ErrorObject<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ErrorObject<'a> {
    #[serde(rename = "type")]
    kind: &'a str,
    summary: &'a str,
    details: &'a [Detail],
    timestamp: &'a str,
    trace_id: &'a str,
}

/// The spec 7.1 error object with `status`, `type`, `summary` and `details`.
pub fn error(status: u16, kind: &str, summary: &str, details: &[Detail], stamp: Stamp<'_>) -> Answer {
    let body = ErrorBody {
        error: ErrorObject {
            kind,
            summary,
            details,
            timestamp: stamp.timestamp,
            trace_id: stamp.trace_id,
        },
    };
    Answer::json(status, &body)
}

/// The provider's code (PROVIDER_FACTS.md's list) for a report code: the codes the
/// provider lists are its own; cobro's finer codes map to the provider's nearest one.
pub fn provider_code(code: Code) -> &'static str {
    let own = code.as_str();
    if virtual_account_error_entry(own).is_some() {
        return own;
    }
    match code {
        Code::EmptyField => "ERR_MISSING_FIELD",
        Code::MalformedJson
        | Code::InvalidUtf8
        | Code::BodyTooLarge
        | Code::NestingTooDeep
        | Code::InvalidType
        | Code::DuplicateField => "ERR_INVALID_FORMAT",
        _ => "ERR_INVALID_FIELD",
    }
}

/// The refusal of an invalid request (spec 7.1 `validation_error`): every error of the
/// report in `details`, in the report's order, with its provider code, cobro's message
/// in `locale` and the field's path. The status is 422 when every detail's code is a
/// 422 code of the provider's list (document type and number), 400 otherwise.
/// Warnings never refuse a request and are not listed.
pub fn validation_refusal(report: &Report, locale: Locale, stamp: Stamp<'_>) -> Answer {
    let details: Vec<Detail> = report
        .errors
        .iter()
        .map(|issue| Detail {
            code: provider_code(issue.code).to_string(),
            message: issue.message_in(locale),
            field: issue.path.to_string(),
        })
        .collect();
    let status_of = |d: &Detail| virtual_account_error_entry(&d.code).map_or(400, |e| e.http_status);
    let status = if !details.is_empty() && details.iter().all(|d| status_of(d) == 422) {
        422
    } else {
        400
    };
    error(
        status,
        "validation_error",
        "One or more fields failed validation",
        &details,
        stamp,
    )
}

/// An authentication refusal with one detail: the catalogue's status for `code`, 400
/// for a code the provider's list does not hold (a malformed header).
fn authentication(code: &str, message: String, field: &str, stamp: Stamp<'_>) -> Answer {
    let status = virtual_account_error_entry(code).map_or(400, |e| e.http_status);
    let detail = Detail {
        code: code.to_string(),
        message,
        field: field.to_string(),
    };
    error(
        status,
        "authentication_error",
        "Authentication failed",
        &[detail],
        stamp,
    )
}

/// The refusal of a request whose headers do not verify: spec 7.1's
/// `authentication_error` with the provider's code and status (ERR_MISSING_HEADER 400,
/// ERR_TIMESTAMP_OUT_OF_RANGE and ERR_INVALID_SIGNATURE 401; a malformed X-Timestamp or
/// X-Account-deposit-mode is 400 with cobro's ERR_INVALID_HEADER, which the provider's
/// list does not hold).
pub fn header_refusal(err: &VerifyError, locale: Locale, stamp: Stamp<'_>) -> Answer {
    authentication(err.code().as_str(), err.message(locale), err.header(), stamp)
}

/// The refusal of a request whose X-Api-Key names no merchant (ERR_UNAUTHORIZED, 401,
/// `authentication_error`).
pub fn unauthorized(stamp: Stamp<'_>) -> Answer {
    let message = "X-Api-Key is wrong or unknown".to_string();
    authentication(UNAUTHORIZED, message, "X-Api-Key", stamp)
}

/// The refusal of a second account for the same user ([`ACCOUNT_EXISTS`], 409,
/// `conflict_error`).
pub fn account_exists(stamp: Stamp<'_>) -> Answer {
    let detail = Detail {
        code: ACCOUNT_EXISTS.to_string(),
        message: "The merchant already has a virtual account for this owner.referenceId".to_string(),
        field: "owner.referenceId".to_string(),
    };
    error(409, "conflict_error", "Duplicated data", &[detail], stamp)
}

/// The facts of a deposit notification (PROVIDER_FACTS.md: version, operationId,
/// status, merchantId, amount, currency, payinMethod `VA`, depositDetails, errors,
/// receivedAt).
#[derive(Debug, Clone)]
pub struct Deposit<'a> {
    /// `operationId`.
    pub operation_id: &'a str,
    /// `status.code`: 5 approved, 6 denied.
    pub status_code: i64,
    /// `merchantId`, written as a string as the provider does.
    pub merchant_id: &'a str,
    /// `amount` with two decimals.
    pub amount: &'a str,
    /// `currency`.
    pub currency: &'a str,
    /// The account: id, category, type, number, name.
    pub account: [&'a str; 5],
    /// The owner: fullName, documentType, documentNumber, referenceId.
    pub owner: [&'a str; 4],
    /// The depositor's fullName.
    pub depositor: &'a str,
    /// `receivedAt`, ISO 8601.
    pub received_at: &'a str,
}

/// The deposit notification's JSON text, keys in the provider's sample order.
pub fn deposit_notification(d: &Deposit<'_>) -> String {
    let [id, category, kind, number, name] = d.account;
    let [full_name, document_type, document_number, reference_id] = d.owner;
    let description = if d.status_code == 5 { "Aprobado" } else { "Denegado" };
    let body = DepositBody {
        version: "1.0",
        operation_id: d.operation_id,
        status: DepositStatus {
            code: d.status_code.to_string(),
            description,
        },
        merchant_id: d.merchant_id,
        amount: d.amount,
        currency: d.currency,
        payin_method: "VA",
        deposit_details: DepositDetails {
            account: DepositAccount {
                id,
                category,
                kind,
                number,
                name,
            },
            owner: DepositOwner {
                full_name,
                document_type,
                document_number,
                reference_id,
            },
            depositor: Depositor { full_name: d.depositor },
        },
        errors: [],
        received_at: d.received_at,
    };
    to_json(&body)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DepositBody<'a> {
    version: &'a str,
    operation_id: &'a str,
    status: DepositStatus<'a>,
    merchant_id: &'a str,
    amount: &'a str,
    currency: &'a str,
    payin_method: &'a str,
    deposit_details: DepositDetails<'a>,
    errors: [(); 0],
    received_at: &'a str,
}

#[derive(Serialize)]
struct DepositStatus<'a> {
    code: String,
    description: &'a str,
}

#[derive(Serialize)]
struct DepositDetails<'a> {
    account: DepositAccount<'a>,
    owner: DepositOwner<'a>,
    depositor: Depositor<'a>,
}

#[derive(Serialize)]
struct DepositAccount<'a> {
    id: &'a str,
    category: &'a str,
    #[serde(rename = "type")]
    kind: &'a str,
    number: &'a str,
    name: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DepositOwner<'a> {
    full_name: &'a str,
    document_type: &'a str,
    document_number: &'a str,
    reference_id: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Depositor<'a> {
    full_name: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::virtual_account::response::{VirtualAccountAnswer, parse_virtual_account_response};

    const STAMP: Stamp<'static> = Stamp {
        timestamp: "2026-01-02T03:04:05Z",
        trace_id: "trace-1",
    };

    #[test]
    fn a_validation_refusal_lists_every_error_and_parses() {
        let body = br#"{"owner":{"type":"PERSON"},"account":{}}"#;
        let report = crate::validate(crate::Kind::VirtualAccount, body, &crate::ValidateOptions::default());
        assert!(!report.valid);
        let answer = validation_refusal(&report, Locale::En, STAMP);
        assert_eq!(answer.status, 400);
        match parse_virtual_account_response(answer.status, answer.body.as_bytes()).unwrap() {
            VirtualAccountAnswer::Error(e) => {
                assert_eq!(e.details.len(), report.errors.len());
                assert!(e.details.iter().all(|d| virtual_account_error_entry(&d.code).is_some()));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_created_account_echoes_the_request_as_written() {
        let request = br#"{"owner":{"referenceId":"u-1","type":"PERSON"},"account":{"type":"CCI","name":"ana.perez"},"metadata":{"z":"1","a":"2","n":5}}"#;
        let tree = crate::json::parse(request, crate::Limits::for_body(None)).unwrap();
        let made = Created {
            id: "acc_1",
            status: "ACTIVE",
            number: "00200100000000000012",
            result_url: None,
        };
        let answer = created(&tree, &made, STAMP);
        assert!(
            answer
                .body
                .contains(r#""account":{"type":"CCI","name":"ana.perez","number":"00200100000000000012"}"#),
            "{}",
            answer.body
        );
        assert!(
            answer.body.contains(r#""metadata":{"z":"1","a":"2","n":"5"}"#),
            "{}",
            answer.body
        );
        match parse_virtual_account_response(answer.status, answer.body.as_bytes()).unwrap() {
            VirtualAccountAnswer::Account(a) => assert_eq!(a.account.number.as_str(), made.number),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn header_refusals_carry_the_provider_status() {
        let a = header_refusal(&VerifyError::InvalidSignature, Locale::En, STAMP);
        assert_eq!(a.status, 401);
        assert!(a.body.contains(r#""type":"authentication_error""#), "{}", a.body);
        let a = header_refusal(&VerifyError::MissingHeader { name: "X-Api-Key" }, Locale::En, STAMP);
        assert_eq!(a.status, 400);
        assert_eq!(unauthorized(STAMP).status, 401);
        assert_eq!(account_exists(STAMP).status, 409);
    }

    #[test]
    fn report_codes_map_to_the_provider_list() {
        for code in Code::ALL {
            if code.classes().contains(&crate::CodeClass::Report) {
                assert!(virtual_account_error_entry(provider_code(*code)).is_some(), "{code:?}");
            }
        }
    }
}
