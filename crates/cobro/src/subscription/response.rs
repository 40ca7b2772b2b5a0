//! Spec 2.3 and 7.2: the answers to subscription creation (4.2) and cancellation (4.3),
//! and the error object with the catalogue of its codes.
//!
//! Which answer a body is (decisions; the spec gives no HTTP statuses, 7.3):
//! - a body with `errorCode` or `errorMessage` is the error object of 7.2;
//! - otherwise `subscriptionId` and `status` are required; status PENDING is a creation
//!   answer, CANCELLED a cancellation answer; any other status is a creation answer when
//!   the body has a `deepLink` key (even empty) and a cancellation answer when it has not.

use serde::{Serialize, Serializer};

use crate::catalog::{CodeInfo, Disposition, info};
use crate::code::Code;
use crate::reader::{self, Fields, ParseError, index_path};

/// The answer to a subscription request. Serializes with an `outcome` tag (`"created"`,
/// `"cancelled"` or `"error"`) beside the variant's fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum SubscriptionAnswer {
    /// Spec 2.3 / 4.2: the subscription was created (status PENDING).
    Created {
        /// `subscriptionId`.
        subscription_id: i64,
        /// `status` (PENDING).
        status: SubscriptionStatus,
        /// `deepLink`: the URL the customer opens to authorize (device MOBILE); None when
        /// absent or empty (device WEB: follow the processor's desktop workflow).
        deep_link: Option<String>,
    },
    /// Spec 2.3 / 4.3: the subscription was cancelled.
    Cancelled {
        /// `subscriptionId`.
        subscription_id: i64,
        /// `status` (CANCELLED).
        status: SubscriptionStatus,
    },
    /// Spec 7.2: the service refused the request.
    Error {
        /// `errorCode`: the business code (optional in the spec).
        error_code: Option<String>,
        /// `errorMessage`.
        error_message: String,
        /// `errorFieldDetails`, in wire order (empty when absent).
        error_field_details: Vec<FieldDetail>,
        /// The code's entry in [`SUBSCRIPTION_ERROR_CODES`], when known.
        meaning: Option<SubscriptionCode>,
    },
}

/// Spec 7.2: one element of `errorFieldDetails`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldDetail {
    /// `field`: the affected field (`subscriptionDetails.device`).
    pub field: String,
    /// `errorMessage`: the service's text (Spanish in the provider's samples).
    pub error_message: String,
}

/// A subscription's status (spec 2.3 names PENDING and CANCELLED; PROVIDER_FACTS.md
/// adds EXPIRED, AUTHORIZED, FAILED, DENIED). An open set; serializes as the wire text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SubscriptionStatus {
    /// `PENDING`: waiting for the customer's authorization.
    Pending,
    /// `EXPIRED`: the customer did not authorize in time.
    Expired,
    /// `AUTHORIZED`: active; charges may be made.
    Authorized,
    /// `FAILED`: the authorization failed.
    Failed,
    /// `CANCELLED`: cancelled by the merchant; the token is no longer valid.
    Cancelled,
    /// `DENIED`: the processor or the customer refused.
    Denied,
    /// Any other value, as received.
    Other(String),
}

impl SubscriptionStatus {
    /// The statuses spec 2.3 and PROVIDER_FACTS.md name. Any other text is read as it is.
    pub const NAMED: [&'static str; 6] = ["PENDING", "EXPIRED", "AUTHORIZED", "FAILED", "CANCELLED", "DENIED"];

    /// The status named by `text` (case-sensitive; anything else is `Other`).
    pub fn from_wire(text: &str) -> SubscriptionStatus {
        match text {
            "PENDING" => SubscriptionStatus::Pending,
            "EXPIRED" => SubscriptionStatus::Expired,
            "AUTHORIZED" => SubscriptionStatus::Authorized,
            "FAILED" => SubscriptionStatus::Failed,
            "CANCELLED" => SubscriptionStatus::Cancelled,
            "DENIED" => SubscriptionStatus::Denied,
            other => SubscriptionStatus::Other(other.to_string()),
        }
    }

    /// The wire text.
    pub fn as_str(&self) -> &str {
        match self {
            SubscriptionStatus::Pending => "PENDING",
            SubscriptionStatus::Expired => "EXPIRED",
            SubscriptionStatus::Authorized => "AUTHORIZED",
            SubscriptionStatus::Failed => "FAILED",
            SubscriptionStatus::Cancelled => "CANCELLED",
            SubscriptionStatus::Denied => "DENIED",
            SubscriptionStatus::Other(s) => s,
        }
    }
}

impl Serialize for SubscriptionStatus {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A subscription operation (spec 4.2, 4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    /// Create subscription (4.2).
    Create,
    /// Cancel subscription (4.3).
    Cancel,
}

/// One code of spec 7.2's table: meaning, disposition, and the operations that can
/// answer it. Serializes as `{code, meaning, disposition, operations}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SubscriptionCode {
    /// The code, its meaning and what it asks of the merchant.
    #[serde(flatten)]
    pub info: CodeInfo,
    /// Where the spec says it can occur.
    pub operations: &'static [Operation],
}

const CREATE: &[Operation] = &[Operation::Create];
const CANCEL: &[Operation] = &[Operation::Cancel];
const BOTH: &[Operation] = &[Operation::Create, Operation::Cancel];

const fn code(
    code: &'static str,
    meaning: &'static str,
    disposition: Disposition,
    operations: &'static [Operation],
) -> SubscriptionCode {
    SubscriptionCode {
        info: info(code, meaning, disposition),
        operations,
    }
}

/// Spec 7.2: every subscription error code, in the spec's order. Dispositions are
/// decisions (the spec gives meanings only): B409 "conflict request" and B422 "already
/// exists" ask the merchant to check its records before sending again; B500 and the
/// generic 9099 are treated as passing faults (retry).
pub static SUBSCRIPTION_ERROR_CODES: &[SubscriptionCode] = &[
    code(
        "B400",
        "Invalid request (see errorFieldDetails)",
        Disposition::MerchantFix,
        CREATE,
    ),
    code("B422", "Subscription already exists", Disposition::MerchantFix, CREATE),
    code("E401", "Unauthorized request", Disposition::MerchantFix, BOTH),
    code("B401", "The merchant does not exist", Disposition::MerchantFix, BOTH),
    code(
        "B402",
        "The merchant has no correct country settings",
        Disposition::MerchantFix,
        CREATE,
    ),
    code(
        "B404",
        "The merchant has no correct processor settings",
        Disposition::MerchantFix,
        BOTH,
    ),
    code("B405", "Subscription not active", Disposition::MerchantFix, CANCEL),
    code("B409", "Conflict request", Disposition::MerchantFix, CANCEL),
    code("B500", "Internal error", Disposition::Retry, CREATE),
    code(
        "9025",
        "Unable to locate record on file",
        Disposition::MerchantFix,
        CANCEL,
    ),
    code("9099", "Generic error", Disposition::Retry, BOTH),
];

/// The spec 7.2 entry of a subscription error code (case-sensitive), or None.
pub fn subscription_error_code(code: &str) -> Option<&'static SubscriptionCode> {
    SUBSCRIPTION_ERROR_CODES.iter().find(|c| c.info.code == code)
}

/// Parses the answer to a subscription creation or cancellation, or the error object
/// (spec 2.3, 7.2); see the module documentation for how the three are told apart.
pub fn parse_subscription_response(body: &[u8]) -> Result<SubscriptionAnswer, ParseError> {
    let root = reader::read(body)?;
    let f = Fields::of(&root, "")?;
    if f.get("errorCode")?.is_some() || f.get("errorMessage")?.is_some() {
        return error_object(f);
    }
    let subscription_id = subscription_id(f)?;
    let status = SubscriptionStatus::from_wire(f.str("status")?);
    let deep_link = f.opt_str("deepLink")?;
    let created = match status {
        SubscriptionStatus::Pending => true,
        SubscriptionStatus::Cancelled => false,
        _ => f.get("deepLink")?.is_some(),
    };
    Ok(if created {
        SubscriptionAnswer::Created {
            subscription_id,
            status,
            deep_link: deep_link.filter(|d| !d.is_empty()).map(str::to_string),
        }
    } else {
        SubscriptionAnswer::Cancelled {
            subscription_id,
            status,
        }
    })
}

/// `subscriptionId`: a whole number >= 0 (`field::SUBSCRIPTION_ID`, the range a pay-in's
/// `subscription` object is checked with), sent as a number or a digit string.
pub(crate) fn subscription_id(f: Fields<'_, '_>) -> Result<i64, ParseError> {
    let id = f.int("subscriptionId")?;
    let (min, max) = crate::field::SUBSCRIPTION_ID;
    if !u64::try_from(id).is_ok_and(|v| (min..=max).contains(&v)) {
        return Err(ParseError::new(
            Code::InvalidValue,
            &f.path_of("subscriptionId"),
            "a whole number >= 0",
        ));
    }
    Ok(id)
}

fn error_object(f: Fields<'_, '_>) -> Result<SubscriptionAnswer, ParseError> {
    let error_code = f.opt_text("errorCode")?.map(str::to_string);
    let error_message = f.str("errorMessage")?.to_string();
    let mut error_field_details = Vec::new();
    for (i, item) in f.opt_array("errorFieldDetails")?.unwrap_or_default().iter().enumerate() {
        let at = index_path("errorFieldDetails", i);
        let d = Fields::of(item, &at)?;
        error_field_details.push(FieldDetail {
            field: d.str("field")?.to_string(),
            error_message: d.str("errorMessage")?.to_string(),
        });
    }
    let meaning = error_code.as_deref().and_then(subscription_error_code).copied();
    Ok(SubscriptionAnswer::Error {
        error_code,
        error_message,
        error_field_details,
        meaning,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_matches_spec_table() {
        let codes: Vec<&str> = SUBSCRIPTION_ERROR_CODES.iter().map(|c| c.info.code).collect();
        assert_eq!(
            codes,
            [
                "B400", "B422", "E401", "B401", "B402", "B404", "B405", "B409", "B500", "9025", "9099"
            ]
        );
        assert_eq!(subscription_error_code("B405").unwrap().operations, CANCEL);
        assert_eq!(subscription_error_code("E401").unwrap().operations, BOTH);
        assert_eq!(
            subscription_error_code("B500").unwrap().info.disposition,
            Disposition::Retry
        );
        assert!(subscription_error_code("b405").is_none());
    }

    #[test]
    fn status_round_trip() {
        for s in SubscriptionStatus::NAMED {
            assert!(
                !matches!(SubscriptionStatus::from_wire(s), SubscriptionStatus::Other(_)),
                "{s}"
            );
        }
        for s in [
            "PENDING",
            "EXPIRED",
            "AUTHORIZED",
            "FAILED",
            "CANCELLED",
            "DENIED",
            "paused",
        ] {
            assert_eq!(SubscriptionStatus::from_wire(s).as_str(), s);
        }
        assert_eq!(
            SubscriptionStatus::from_wire("pending"),
            SubscriptionStatus::Other("pending".to_string())
        );
    }

    #[test]
    fn serialized_code_is_flat() {
        let v = serde_json::to_value(subscription_error_code("9025").unwrap()).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"code": "9025", "meaning": "Unable to locate record on file",
                "disposition": "merchant_fix", "operations": ["cancel"]})
        );
    }
}
