//! Spec 2.2 and 7.1: the answer to a virtual-account creation (endpoint 4.1): the
//! created account, or the API's error object.
//!
//! Decisions where the spec is open (each also noted at the item):
//! - An error body (`{"error": {...}}`) is read as the error whatever the HTTP status
//!   (the spec gives no statuses, 7.3); a non-2xx status whose body has no `error`
//!   object is a [`ParseError`] at `error` (ERR_MISSING_FIELD).
//! - The owner and account echo (spec 2.2: "values may be normalized") is read
//!   leniently: every echoed field is optional (the provider's guide shows a
//!   placeholder owner), except `account.number`, which the spec requires.
//! - `error.details[].field` is optional (a header error such as ERR_UNAUTHORIZED names
//!   no field); `code` and `message` are required.
//! - Timestamps stay text; they must look like ISO 8601 (`YYYY-MM-DDTHH:MM:SS`, an
//!   optional fraction, then `Z` or `±HH:MM`), else ERR_INVALID_VALUE.

use serde::{Serialize, Serializer};

use crate::catalog::CodeInfo;
use crate::code::Code;
use crate::json::Value;
use crate::personal::Personal;
use crate::reader::{self, Fields, ParseError, index_path, join_path};
use crate::rules;
use crate::virtual_account::catalog::virtual_account_error_code;

/// The answer to a virtual-account creation (spec 4.1). Serializes with an `outcome`
/// tag (`"account"` or `"error"`) beside the inner value's fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum VirtualAccountAnswer {
    /// Spec 2.2: the account was created (boxed: the echo makes it much larger than the
    /// error).
    Account(Box<VirtualAccountResponse>),
    /// Spec 7.1: the service refused the request.
    Error(VirtualAccountError),
}

/// Spec 2.2: the created account. The owner's and account's echoed personal data and
/// the metadata values are [`Personal`]: `Debug` prints them `[REDACTED]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VirtualAccountResponse {
    /// `id`: the account's identifier.
    pub id: String,
    /// `traceId`: the operation's trace identifier.
    pub trace_id: String,
    /// `timestamp`: ISO 8601 time of creation, as received.
    pub timestamp: String,
    /// `status`: ACTIVE, INACTIVE, DELETED (PROVIDER_FACTS.md) or another value.
    pub status: VirtualAccountStatus,
    /// `owner`: the echo of the submitted owner (absent when not echoed).
    pub owner: Option<OwnerEcho>,
    /// `account`: the echo of the submitted account, with the created number.
    pub account: AccountEcho,
    /// `metadata`: the echoed key/value pairs, in wire order (absent when not echoed).
    pub metadata: Option<Vec<MetadataEntry>>,
    /// `resultUrl`: a detail view of the account.
    pub result_url: Option<String>,
}

/// Spec 2.2: the echoed owner (every field optional: values may be normalized, and
/// the provider's guide shows a placeholder owner).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwnerEcho {
    /// `owner.referenceId`: the merchant's user id; personal.
    pub reference_id: Option<Personal>,
    /// `owner.type` (PERSON, COMPANY).
    #[serde(rename = "type")]
    pub owner_type: Option<String>,
    /// `owner.document.type`.
    pub document_type: Option<String>,
    /// `owner.document.number` (a string or a number, as text); personal.
    pub document_number: Option<Personal>,
    /// `owner.firstName`; personal.
    pub first_name: Option<Personal>,
    /// `owner.lastName`; personal.
    pub last_name: Option<Personal>,
    /// `owner.companyName` (null for a PERSON in the samples); personal.
    pub company_name: Option<Personal>,
    /// `owner.email`; personal.
    pub email: Option<Personal>,
    /// `owner.phone.countryCode` (as text).
    pub phone_country_code: Option<String>,
    /// `owner.phone.number` (as text); personal.
    pub phone_number: Option<Personal>,
}

/// Spec 2.2: the echoed account and the created number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AccountEcho {
    /// `account.number`: the created account number (required by spec 2.2); personal.
    pub number: Personal,
    /// `account.category` (VIRTUAL).
    pub category: Option<String>,
    /// `account.type` (CVU, CCI, CLABE).
    #[serde(rename = "type")]
    pub account_type: Option<String>,
    /// `account.name`: the account alias; personal.
    pub name: Option<Personal>,
    /// `account.country` (ISO 3166-1 alpha-3).
    pub country: Option<String>,
    /// `account.currency` (ISO 4217).
    pub currency: Option<String>,
}

/// One echoed metadata pair (spec 2.1: metadata is an object of string values; kept as
/// a list to keep the wire order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MetadataEntry {
    /// The key.
    pub key: String,
    /// The value: free text; personal.
    pub value: Personal,
}

/// Spec 2.2 / PROVIDER_FACTS.md "Status catalogues": a virtual account's status (an
/// open set). Serializes as the wire text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum VirtualAccountStatus {
    /// `ACTIVE`: the account receives deposits.
    Active,
    /// `INACTIVE`: suspended (not available in Argentina).
    Inactive,
    /// `DELETED`: irreversible.
    Deleted,
    /// Any other value, as received.
    Other(String),
}

impl VirtualAccountStatus {
    /// The statuses spec 2.2 and PROVIDER_FACTS.md name. Any other text is read as it is.
    pub const NAMED: [&'static str; 3] = ["ACTIVE", "INACTIVE", "DELETED"];

    /// The status named by `text` (case-sensitive; anything else is `Other`).
    pub fn from_wire(text: &str) -> VirtualAccountStatus {
        match text {
            "ACTIVE" => VirtualAccountStatus::Active,
            "INACTIVE" => VirtualAccountStatus::Inactive,
            "DELETED" => VirtualAccountStatus::Deleted,
            other => VirtualAccountStatus::Other(other.to_string()),
        }
    }

    /// The wire text.
    pub fn as_str(&self) -> &str {
        match self {
            VirtualAccountStatus::Active => "ACTIVE",
            VirtualAccountStatus::Inactive => "INACTIVE",
            VirtualAccountStatus::Deleted => "DELETED",
            VirtualAccountStatus::Other(s) => s,
        }
    }
}

impl Serialize for VirtualAccountStatus {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Spec 7.1: the error object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VirtualAccountError {
    /// `error.type`.
    #[serde(rename = "type")]
    pub error_type: VirtualAccountErrorType,
    /// `error.summary`: a short description.
    pub summary: String,
    /// `error.details`, in wire order.
    pub details: Vec<VirtualAccountErrorDetail>,
    /// `error.timestamp`: ISO 8601, as received.
    pub timestamp: String,
    /// `error.traceId`.
    pub trace_id: String,
}

/// Spec 7.1: one element of `error.details`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VirtualAccountErrorDetail {
    /// `code`: a stable technical code (an open value; a number is kept as its text).
    pub code: String,
    /// `message`: the service's text.
    pub message: String,
    /// `field`: the affected field (optional: a header error names none; a decision, the
    /// spec's table lists it without saying).
    pub field: Option<String>,
    /// The code's entry in the virtual-account catalogue (PROVIDER_FACTS.md), when known.
    pub meaning: Option<CodeInfo>,
}

/// Spec 7.1: `error.type`, an open set. The provider's own table uses `auth_error`,
/// `business_error` and `system_error` (PROVIDER_FACTS.md); those arrive as `Other`.
/// Serializes as the wire text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum VirtualAccountErrorType {
    /// `validation_error`: data validation.
    ValidationError,
    /// `authentication_error`: invalid signature or wrong API key.
    AuthenticationError,
    /// `conflict_error`: duplicated data or inconsistent state.
    ConflictError,
    /// `provider_error`: external provider failure.
    ProviderError,
    /// `internal_error`: unexpected server error.
    InternalError,
    /// Any other value, as received.
    Other(String),
}

impl VirtualAccountErrorType {
    /// The error types spec 7.1 names. Any other text is read as it is.
    pub const NAMED: [&'static str; 5] = [
        "validation_error",
        "authentication_error",
        "conflict_error",
        "provider_error",
        "internal_error",
    ];

    /// The type named by `text` (case-sensitive; anything else is `Other`).
    pub fn from_wire(text: &str) -> VirtualAccountErrorType {
        match text {
            "validation_error" => VirtualAccountErrorType::ValidationError,
            "authentication_error" => VirtualAccountErrorType::AuthenticationError,
            "conflict_error" => VirtualAccountErrorType::ConflictError,
            "provider_error" => VirtualAccountErrorType::ProviderError,
            "internal_error" => VirtualAccountErrorType::InternalError,
            other => VirtualAccountErrorType::Other(other.to_string()),
        }
    }

    /// The wire text.
    pub fn as_str(&self) -> &str {
        match self {
            VirtualAccountErrorType::ValidationError => "validation_error",
            VirtualAccountErrorType::AuthenticationError => "authentication_error",
            VirtualAccountErrorType::ConflictError => "conflict_error",
            VirtualAccountErrorType::ProviderError => "provider_error",
            VirtualAccountErrorType::InternalError => "internal_error",
            VirtualAccountErrorType::Other(s) => s,
        }
    }
}

impl Serialize for VirtualAccountErrorType {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Parses the answer to a virtual-account creation (spec 4.1) given its HTTP status.
///
/// A body holding an `error` key is the error object of spec 7.1 whatever the status;
/// otherwise a 2xx status means the account of spec 2.2, and any other status is a
/// [`ParseError`] at `error` (the spec's failures carry the error object). The status
/// decides nothing else (the spec gives no error statuses).
pub fn parse_virtual_account_response(http_status: u16, body: &[u8]) -> Result<VirtualAccountAnswer, ParseError> {
    let root = reader::read(body)?;
    let f = Fields::of(&root, "")?;
    if f.get("error")?.is_some() {
        let e = f.obj("error", "error")?;
        return Ok(VirtualAccountAnswer::Error(error_object(e)?));
    }
    if !(200..=299).contains(&http_status) {
        return Err(ParseError::new(
            Code::MissingField,
            "error",
            "an error object (the HTTP status is not 2xx)",
        ));
    }
    Ok(VirtualAccountAnswer::Account(Box::new(account(f)?)))
}

fn account(f: Fields<'_, '_>) -> Result<VirtualAccountResponse, ParseError> {
    let id = f.str("id")?.to_string();
    let trace_id = f.str("traceId")?.to_string();
    let timestamp = iso_timestamp(f, "timestamp")?;
    let status = VirtualAccountStatus::from_wire(f.str("status")?);
    let owner = match f.get("owner")? {
        None => None,
        Some(v) => Some(owner_echo(Fields::of(v, "owner")?)?),
    };
    let account = account_echo(f.obj("account", "account")?)?;
    let metadata = match f.get("metadata")? {
        None => None,
        Some(v) => Some(metadata_echo(v, "metadata")?),
    };
    let result_url = owned(f.opt_str("resultUrl")?);
    Ok(VirtualAccountResponse {
        id,
        trace_id,
        timestamp,
        status,
        owner,
        account,
        metadata,
        result_url,
    })
}

/// An optional text as an owned value (the parsers of this module and of the deposit
/// notification).
pub(crate) fn owned(s: Option<&str>) -> Option<String> {
    s.map(str::to_string)
}

/// An optional personal text as an owned value (as [`owned`]).
pub(crate) fn personal(s: Option<&str>) -> Option<Personal> {
    s.map(Personal::from)
}

fn owner_echo(o: Fields<'_, '_>) -> Result<OwnerEcho, ParseError> {
    let (document_type, document_number) = match o.get("document")? {
        None => (None, None),
        Some(v) => {
            let d = Fields::of(v, "owner.document")?;
            (owned(d.opt_str("type")?), personal(d.opt_text("number")?))
        }
    };
    let (phone_country_code, phone_number) = match o.get("phone")? {
        None => (None, None),
        Some(v) => {
            let p = Fields::of(v, "owner.phone")?;
            (owned(p.opt_text("countryCode")?), personal(p.opt_text("number")?))
        }
    };
    Ok(OwnerEcho {
        reference_id: personal(o.opt_str("referenceId")?),
        owner_type: owned(o.opt_str("type")?),
        document_type,
        document_number,
        first_name: personal(o.opt_str("firstName")?),
        last_name: personal(o.opt_str("lastName")?),
        company_name: personal(o.opt_str("companyName")?),
        email: personal(o.opt_str("email")?),
        phone_country_code,
        phone_number,
    })
}

fn account_echo(a: Fields<'_, '_>) -> Result<AccountEcho, ParseError> {
    Ok(AccountEcho {
        number: Personal::from(a.text("number")?),
        category: owned(a.opt_str("category")?),
        account_type: owned(a.opt_str("type")?),
        name: personal(a.opt_str("name")?),
        country: owned(a.opt_str("country")?),
        currency: owned(a.opt_str("currency")?),
    })
}

/// Spec 2.1/2.2: the metadata echo, an object of string values (a repeated key is
/// ERR_DUPLICATE_FIELD, a value that is not a string ERR_INVALID_TYPE).
fn metadata_echo(value: &Value<'_>, path: &str) -> Result<Vec<MetadataEntry>, ParseError> {
    let Value::Object(members) = value else {
        return Err(ParseError::new(Code::InvalidType, path, "an object"));
    };
    // Sorted, so a hostile echo with many keys costs n log n (DESIGN.md section 8).
    if let Some((k, _)) = rules::repeated_keys(members).first().and_then(|&i| members.get(i)) {
        return Err(ParseError::new(Code::DuplicateField, &join_path(path, k), "one value"));
    }
    let mut out: Vec<MetadataEntry> = Vec::with_capacity(members.len());
    for (k, v) in members {
        let at = join_path(path, k);
        let Value::String(s) = v else {
            return Err(ParseError::new(Code::InvalidType, &at, "a string"));
        };
        out.push(MetadataEntry {
            key: k.to_string(),
            value: Personal::from(&**s),
        });
    }
    Ok(out)
}

fn error_object(e: Fields<'_, '_>) -> Result<VirtualAccountError, ParseError> {
    let error_type = VirtualAccountErrorType::from_wire(e.str("type")?);
    let summary = e.str("summary")?.to_string();
    let items = e.array("details")?;
    let mut details = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let at = index_path("error.details", i);
        let d = Fields::of(item, &at)?;
        let code = d.text("code")?.to_string();
        details.push(VirtualAccountErrorDetail {
            meaning: virtual_account_error_code(&code).copied(),
            code,
            message: d.str("message")?.to_string(),
            field: owned(d.opt_str("field")?),
        });
    }
    let timestamp = iso_timestamp(e, "timestamp")?;
    let trace_id = e.str("traceId")?.to_string();
    Ok(VirtualAccountError {
        error_type,
        summary,
        details,
        timestamp,
        trace_id,
    })
}

/// A required ISO 8601 date-time string (see [`is_iso_datetime`]), or ERR_INVALID_VALUE.
pub(crate) fn iso_timestamp(f: Fields<'_, '_>, key: &str) -> Result<String, ParseError> {
    let text = f.str(key)?;
    if is_iso_datetime(text) {
        Ok(text.to_string())
    } else {
        Err(ParseError::new(
            Code::InvalidValue,
            &f.path_of(key),
            "an ISO 8601 date-time (YYYY-MM-DDTHH:MM:SS, then Z or an offset)",
        ))
    }
}

/// Whether `text` is plausibly an ISO 8601 date-time as the service writes them (spec
/// 2.2, 7.1): `YYYY-MM-DDTHH:MM:SS`, an optional fraction (`.` and 1-9 digits), then
/// `Z` or `+HH:MM`/`-HH:MM`. Fields are range-checked (month 1-12, day 1-31, hour 0-23,
/// minute 0-59, second 0-60); the day is not checked against the month. A decision: the
/// spec only says "ISO 8601".
pub fn is_iso_datetime(text: &str) -> bool {
    let b = text.as_bytes();
    let num = |from: usize, len: usize| -> Option<u32> {
        let part = b.get(from..from + len)?;
        if !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(part.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
    };
    let sep = |at: usize, c: u8| b.get(at) == Some(&c);
    let head = (|| {
        let _year = num(0, 4)?;
        let month = num(5, 2)?;
        let day = num(8, 2)?;
        let hour = num(11, 2)?;
        let minute = num(14, 2)?;
        let second = num(17, 2)?;
        let seps = sep(4, b'-') && sep(7, b'-') && sep(10, b'T') && sep(13, b':') && sep(16, b':');
        let ranges = (1..=12).contains(&month) && (1..=31).contains(&day) && hour <= 23 && minute <= 59 && second <= 60;
        Some(seps && ranges)
    })();
    if head != Some(true) {
        return false;
    }
    let mut rest = text.get(19..).unwrap_or_default();
    if let Some(frac) = rest.strip_prefix('.') {
        let digits = frac.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 9 {
            return false;
        }
        rest = frac.get(digits..).unwrap_or_default();
    }
    if rest == "Z" {
        return true;
    }
    let Some(offset) = rest.strip_prefix('+').or_else(|| rest.strip_prefix('-')) else {
        return false;
    };
    let o = offset.as_bytes();
    o.len() == 5
        && o.get(2) == Some(&b':')
        && o.iter().enumerate().all(|(i, c)| i == 2 || c.is_ascii_digit())
        && offset
            .get(0..2)
            .and_then(|h| h.parse::<u32>().ok())
            .is_some_and(|h| h <= 23)
        && offset
            .get(3..5)
            .and_then(|m| m.parse::<u32>().ok())
            .is_some_and(|m| m <= 59)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_values_are_known() {
        for s in VirtualAccountStatus::NAMED {
            assert!(
                !matches!(VirtualAccountStatus::from_wire(s), VirtualAccountStatus::Other(_)),
                "{s}"
            );
        }
        for s in VirtualAccountErrorType::NAMED {
            let t = VirtualAccountErrorType::from_wire(s);
            assert!(!matches!(t, VirtualAccountErrorType::Other(_)), "{s}");
        }
    }

    #[test]
    fn iso_datetimes() {
        for ok in [
            "2025-11-10T15:14:22Z",
            "2025-11-10T15:14:22.5Z",
            "2025-11-10T15:14:22.123456789+05:30",
            "2025-11-10T15:14:22-03:00",
            "2016-12-31T23:59:60Z",
        ] {
            assert!(is_iso_datetime(ok), "{ok}");
        }
        for bad in [
            "",
            "2025-11-10",
            "2025-11-10 15:14:22Z",
            "2025-11-10T15:14:22",
            "2025-13-10T15:14:22Z",
            "2025-11-00T15:14:22Z",
            "2025-11-10T24:00:00Z",
            "2025-11-10T15:14:22.Z",
            "2025-11-10T15:14:22+0530",
            "2025-11-10T15:14:22+24:00",
            "2025-11-10T15:14:22Zjunk",
            "2025-1１-10T15:14:22Z",
            "yyyy-mm-ddThh:mm:ssZ",
        ] {
            assert!(!is_iso_datetime(bad), "{bad}");
        }
    }

    #[test]
    fn error_body_wins_over_status_and_non_2xx_needs_one() {
        let body = br#"{"error":{"type":"conflict_error","summary":"s","details":[],"timestamp":"2025-01-01T00:00:00Z","traceId":"t"}}"#;
        for status in [200, 409, 500] {
            assert!(matches!(
                parse_virtual_account_response(status, body),
                Ok(VirtualAccountAnswer::Error(_))
            ));
        }
        let e = parse_virtual_account_response(400, br#"{"id":"x"}"#).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (Code::MissingField, "error"));
    }
}
