//! The virtual-account error codes (spec 7.1 names two; PROVIDER_FACTS.md "Error
//! catalogues" gives the provider's full list), as data: where the service reports each
//! (headers or body), its HTTP status, its meaning and what it asks of the merchant.
//!
//! HTTP statuses: the spec gives none (7.3); these are the provider's ("400 unless
//! noted").

use serde::Serialize;

use crate::catalog::{CodeInfo, Disposition, info};

/// What part of the request a virtual-account error code is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorPlace {
    /// The authentication headers (X-Api-Key, X-Timestamp, X-Signature).
    Header,
    /// The JSON body.
    Body,
}

/// One virtual-account error code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct VirtualAccountCode {
    /// The code, its meaning and disposition.
    #[serde(flatten)]
    pub info: CodeInfo,
    /// Headers or body.
    pub place: ErrorPlace,
    /// The HTTP status the provider documents for it.
    pub http_status: u16,
}

const fn header(code: &'static str, http_status: u16, meaning: &'static str) -> VirtualAccountCode {
    VirtualAccountCode {
        info: info(code, meaning, Disposition::MerchantFix),
        place: ErrorPlace::Header,
        http_status,
    }
}

const fn body(code: &'static str, http_status: u16, meaning: &'static str, d: Disposition) -> VirtualAccountCode {
    VirtualAccountCode {
        info: info(code, meaning, d),
        place: ErrorPlace::Body,
        http_status,
    }
}

const FIX: Disposition = Disposition::MerchantFix;

/// PROVIDER_FACTS.md: every virtual-account error code, header errors first, then body
/// errors in the provider's order. The timestamp error asks for a fix (sign again with
/// the current time and check the clock) rather than a blind retry of the same request.
pub static VIRTUAL_ACCOUNT_ERROR_CODES: &[VirtualAccountCode] = &[
    header("ERR_MISSING_HEADER", 400, "A required authentication header is missing"),
    header("ERR_UNAUTHORIZED", 401, "The API key is wrong or unknown"),
    header(
        "ERR_TIMESTAMP_OUT_OF_RANGE",
        401,
        "X-Timestamp is more than 2 minutes from the server's time; sign again with the current time",
    ),
    header(
        "ERR_INVALID_SIGNATURE",
        401,
        "X-Signature does not match the signed message",
    ),
    body("ERR_MISSING_FIELD", 400, "A required field is missing", FIX),
    body("ERR_INVALID_LENGTH", 400, "A field's length is out of range", FIX),
    body("ERR_INVALID_FIELD", 400, "A field's value is not valid", FIX),
    body(
        "ERR_UNSUPPORTED_DOCUMENT_TYPE",
        400,
        "The document type is not supported",
        FIX,
    ),
    body(
        "ERR_INVALID_DOCUMENT_TYPE",
        422,
        "The document type is not valid for the account's country",
        FIX,
    ),
    body("ERR_INVALID_FORMAT", 400, "A field's format is not valid", FIX),
    body(
        "ERR_INVALID_DOCUMENT_NUMBER",
        422,
        "The document number is not valid",
        FIX,
    ),
    body("ERR_INVALID_EMAIL", 400, "The e-mail address is not valid", FIX),
    body(
        "ERR_INVALID_PHONE_COUNTRY",
        400,
        "The phone country code is not valid",
        FIX,
    ),
    body("ERR_INVALID_PHONE_NUMBER", 400, "The phone number is not valid", FIX),
    body("ERR_INVALID_COUNTRY", 400, "The account country is not valid", FIX),
    body("ERR_INVALID_CURRENCY", 400, "The account currency is not valid", FIX),
    body(
        "ERR_INVALID_ACCOUNT_NAME",
        400,
        "account.name does not match the format of its account type",
        FIX,
    ),
    body("ERR_INVALID_METADATA_KEY", 400, "A metadata key is not valid", FIX),
    body("ERR_INVALID_METADATA_VALUE", 400, "A metadata value is not valid", FIX),
    body(
        "ERR_TOO_MANY_METADATA_ENTRIES",
        400,
        "More than 5 metadata entries",
        FIX,
    ),
    body(
        "ERR_INTERNAL_ERROR",
        500,
        "Unexpected error on the service's side",
        Disposition::Retry,
    ),
];

/// The catalogue entry (meaning and disposition) of a virtual-account error code
/// (case-sensitive), or None for a code the provider does not list.
pub fn virtual_account_error_code(code: &str) -> Option<&'static CodeInfo> {
    virtual_account_error_entry(code).map(|c| &c.info)
}

/// The full catalogue entry of a virtual-account error code, with its place and HTTP
/// status.
pub fn virtual_account_error_entry(code: &str) -> Option<&'static VirtualAccountCode> {
    VIRTUAL_ACCOUNT_ERROR_CODES.iter().find(|c| c.info.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        let c = virtual_account_error_code("ERR_INVALID_ACCOUNT_NAME").unwrap();
        assert_eq!(c.disposition, Disposition::MerchantFix);
        let e = virtual_account_error_entry("ERR_INVALID_SIGNATURE").unwrap();
        assert_eq!((e.place, e.http_status), (ErrorPlace::Header, 401));
        assert_eq!(
            virtual_account_error_entry("ERR_INVALID_DOCUMENT_TYPE")
                .unwrap()
                .http_status,
            422
        );
        assert_eq!(
            virtual_account_error_code("ERR_INTERNAL_ERROR").unwrap().disposition,
            Disposition::Retry
        );
        assert!(virtual_account_error_code("err_missing_field").is_none());
        assert!(virtual_account_error_code("B405").is_none());
    }

    #[test]
    fn codes_are_unique_and_spec_codes_present() {
        for (i, a) in VIRTUAL_ACCOUNT_ERROR_CODES.iter().enumerate() {
            assert!(a.info.code.starts_with("ERR_"));
            assert!(!a.info.meaning.is_empty());
            for b in VIRTUAL_ACCOUNT_ERROR_CODES.iter().skip(i + 1) {
                assert_ne!(a.info.code, b.info.code);
            }
        }
        // Spec 7.1 names these two.
        assert!(virtual_account_error_code("ERR_MISSING_FIELD").is_some());
        assert!(virtual_account_error_code("ERR_INVALID_ACCOUNT_NAME").is_some());
        assert_eq!(VIRTUAL_ACCOUNT_ERROR_CODES.len(), 21);
    }
}
