//! The answer to a virtual-account creation (spec 2.2, 7.1) and the deposit
//! notification (PROVIDER_FACTS.md) as records.

use cobro::virtual_account::{notification, response as core};

use crate::catalog::CodeInfo;
use crate::errors::CobroError;
use crate::personal::{self, Personal};

/// The answer to a virtual-account creation (spec 4.1).
// The value lives only until uniffi serializes it across the FFI; boxing the large
// variant would save nothing and uniffi has no `Box` in its type system.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum VirtualAccountAnswer {
    /// Spec 2.2: the account was created.
    Account {
        /// `id`: the account's identifier.
        id: String,
        /// `traceId`.
        trace_id: String,
        /// `timestamp`: ISO 8601 time of creation, as received.
        timestamp: String,
        /// `status` as received (ACTIVE, INACTIVE, DELETED or another value).
        status: String,
        /// `owner`: the echo of the submitted owner (null when not echoed).
        owner: Option<OwnerEcho>,
        /// `account`: the echo of the submitted account, with the created number.
        account: AccountEcho,
        /// `metadata`: the echoed pairs, in wire order (null when not echoed).
        metadata: Option<Vec<MetadataEntry>>,
        /// `resultUrl`: a detail view of the account.
        result_url: Option<String>,
    },
    /// Spec 7.1: the service refused the request (the error object).
    Refused {
        /// `error.type` as received (`validation_error`, `business_error`...).
        r#type: String,
        /// `error.summary`.
        summary: String,
        /// `error.details`, in wire order.
        details: Vec<VirtualAccountErrorDetail>,
        /// `error.timestamp`, as received.
        timestamp: String,
        /// `error.traceId`.
        trace_id: String,
    },
}

impl From<core::VirtualAccountAnswer> for VirtualAccountAnswer {
    fn from(a: core::VirtualAccountAnswer) -> VirtualAccountAnswer {
        match a {
            core::VirtualAccountAnswer::Account(r) => {
                let r = *r;
                VirtualAccountAnswer::Account {
                    id: r.id,
                    trace_id: r.trace_id,
                    timestamp: r.timestamp,
                    status: r.status.as_str().to_string(),
                    owner: r.owner.map(OwnerEcho::from),
                    account: r.account.into(),
                    metadata: r.metadata.map(|m| {
                        m.into_iter()
                            .map(|e| MetadataEntry {
                                key: e.key,
                                value: e.value.into(),
                            })
                            .collect()
                    }),
                    result_url: r.result_url,
                }
            }
            core::VirtualAccountAnswer::Error(e) => VirtualAccountAnswer::Refused {
                r#type: e.error_type.as_str().to_string(),
                summary: e.summary,
                details: e
                    .details
                    .into_iter()
                    .map(|d| VirtualAccountErrorDetail {
                        meaning: d.meaning.as_ref().map(CodeInfo::from),
                        code: d.code,
                        message: d.message,
                        field: d.field,
                    })
                    .collect(),
                timestamp: e.timestamp,
                trace_id: e.trace_id,
            },
        }
    }
}

/// Spec 2.2: the echoed owner (every field optional).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct OwnerEcho {
    /// `owner.referenceId`: the merchant's user id; personal.
    pub reference_id: Option<Personal>,
    /// `owner.type` (PERSON, COMPANY).
    pub r#type: Option<String>,
    /// `owner.document.type`.
    pub document_type: Option<String>,
    /// `owner.document.number`, as text; personal.
    pub document_number: Option<Personal>,
    /// `owner.firstName`; personal.
    pub first_name: Option<Personal>,
    /// `owner.lastName`; personal.
    pub last_name: Option<Personal>,
    /// `owner.companyName`; personal.
    pub company_name: Option<Personal>,
    /// `owner.email`; personal.
    pub email: Option<Personal>,
    /// `owner.phone.countryCode`, as text.
    pub phone_country_code: Option<String>,
    /// `owner.phone.number`, as text; personal.
    pub phone_number: Option<Personal>,
}

impl From<core::OwnerEcho> for OwnerEcho {
    fn from(o: core::OwnerEcho) -> OwnerEcho {
        OwnerEcho {
            reference_id: personal::optional(o.reference_id),
            r#type: o.owner_type,
            document_type: o.document_type,
            document_number: personal::optional(o.document_number),
            first_name: personal::optional(o.first_name),
            last_name: personal::optional(o.last_name),
            company_name: personal::optional(o.company_name),
            email: personal::optional(o.email),
            phone_country_code: o.phone_country_code,
            phone_number: personal::optional(o.phone_number),
        }
    }
}

/// Spec 2.2: the echoed account and the created number.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct AccountEcho {
    /// `account.number`: the created account number; personal.
    pub number: Personal,
    /// `account.category` (VIRTUAL).
    pub category: Option<String>,
    /// `account.type` (CVU, CCI, CLABE).
    pub r#type: Option<String>,
    /// `account.name`: the account alias; personal.
    pub name: Option<Personal>,
    /// `account.country` (ISO 3166-1 alpha-3).
    pub country: Option<String>,
    /// `account.currency` (ISO 4217).
    pub currency: Option<String>,
}

impl From<core::AccountEcho> for AccountEcho {
    fn from(a: core::AccountEcho) -> AccountEcho {
        AccountEcho {
            number: a.number.into(),
            category: a.category,
            r#type: a.account_type,
            name: personal::optional(a.name),
            country: a.country,
            currency: a.currency,
        }
    }
}

/// One echoed metadata pair (spec 2.1), in wire order.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MetadataEntry {
    /// The key.
    pub key: String,
    /// The value: free text; personal.
    pub value: Personal,
}

/// Spec 7.1: one element of `error.details` (a record of the answer, not an exception).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct VirtualAccountErrorDetail {
    /// `code`: the service's technical code, as text.
    pub code: String,
    /// `message`: the service's text.
    pub message: String,
    /// `field`: the affected field; null for a header error.
    pub field: Option<String>,
    /// The code's catalogue entry, when known.
    pub meaning: Option<CodeInfo>,
}

/// A virtual-account deposit notification (PROVIDER_FACTS.md). `operationId`, `amount`,
/// `currency` and `status.code` are required (DESIGN.md 9 row 31): every other field is
/// null (`errors` empty) when absent.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DepositNotification {
    /// `version`.
    pub version: Option<String>,
    /// `operationId`.
    pub operation_id: String,
    /// `status`.
    pub status: DepositStatus,
    /// `merchantId`, as text.
    pub merchant_id: Option<String>,
    /// `amount`, as text.
    pub amount: String,
    /// `currency`.
    pub currency: String,
    /// `payinMethod`.
    pub payin_method: Option<String>,
    /// `depositDetails`.
    pub deposit_details: Option<DepositDetails>,
    /// `errors`, as text, in wire order.
    pub errors: Vec<String>,
    /// `receivedAt`, as received.
    pub received_at: Option<String>,
}

impl From<notification::DepositNotification> for DepositNotification {
    fn from(n: notification::DepositNotification) -> DepositNotification {
        DepositNotification {
            version: n.version,
            operation_id: n.operation_id,
            status: DepositStatus {
                code: n.status.code,
                description: n.status.description,
                approved: n.status.approved,
            },
            merchant_id: n.merchant_id,
            amount: n.amount,
            currency: n.currency,
            payin_method: n.payin_method,
            deposit_details: n.deposit_details.map(DepositDetails::from),
            errors: n.errors,
            received_at: n.received_at,
        }
    }
}

impl From<notification::DepositDetails> for DepositDetails {
    fn from(d: notification::DepositDetails) -> DepositDetails {
        DepositDetails {
            account: d.account.map(|a| DepositAccount {
                id: a.id,
                category: a.category,
                r#type: a.account_type,
                number: personal::optional(a.number),
                name: personal::optional(a.name),
            }),
            owner: d.owner.map(|o| DepositOwner {
                full_name: personal::optional(o.full_name),
                document_type: o.document_type,
                document_number: personal::optional(o.document_number),
                reference_id: personal::optional(o.reference_id),
            }),
            depositor: d.depositor.map(|p| Depositor {
                full_name: personal::optional(p.full_name),
                document_type: p.document_type,
                document_number: personal::optional(p.document_number),
            }),
        }
    }
}

/// `status` of a deposit notification.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DepositStatus {
    /// `status.code`.
    pub code: i64,
    /// `status.description`, as received.
    pub description: Option<String>,
    /// Whether the deposit was approved (the core's reading of the code).
    pub approved: bool,
}

/// `depositDetails`; each part null when absent.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DepositDetails {
    /// The virtual account credited.
    pub account: Option<DepositAccount>,
    /// The account's owner.
    pub owner: Option<DepositOwner>,
    /// Who sent the money.
    pub depositor: Option<Depositor>,
}

/// `depositDetails.account`.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DepositAccount {
    /// `id`: the virtual account's id.
    pub id: Option<String>,
    /// `category` (VIRTUAL).
    pub category: Option<String>,
    /// `type` (CVU, CCI, CLABE).
    pub r#type: Option<String>,
    /// `number`, as text; personal.
    pub number: Option<Personal>,
    /// `name`: the account alias; personal.
    pub name: Option<Personal>,
}

/// `depositDetails.owner`.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DepositOwner {
    /// `fullName`; personal.
    pub full_name: Option<Personal>,
    /// `documentType`.
    pub document_type: Option<String>,
    /// `documentNumber`, as text; personal.
    pub document_number: Option<Personal>,
    /// `referenceId`: the merchant's user id; personal.
    pub reference_id: Option<Personal>,
}

/// `depositDetails.depositor`.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Depositor {
    /// `fullName`; personal.
    pub full_name: Option<Personal>,
    /// `documentType`.
    pub document_type: Option<String>,
    /// `documentNumber`, as text; personal.
    pub document_number: Option<Personal>,
}

/// Parses the answer to a virtual-account creation (spec 4.1) given its HTTP status
/// (null when unknown: the core's default, 200); the error object is a value
/// (`Refused`); throws `Parse` for a body that is no answer.
#[uniffi::export(default(http_status = None))]
pub fn parse_virtual_account_response(
    body: Vec<u8>,
    http_status: Option<u16>,
) -> Result<VirtualAccountAnswer, CobroError> {
    let status = http_status.unwrap_or(cobro::parse::DEFAULT_HTTP_STATUS);
    Ok(core::parse_virtual_account_response(status, &body)?.into())
}

/// Parses a virtual-account deposit notification; throws `Parse` naming the field for
/// a body that is not one.
#[uniffi::export]
pub fn parse_deposit_notification(body: Vec<u8>) -> Result<DepositNotification, CobroError> {
    Ok(notification::parse_deposit_notification(&body)?.into())
}
