//! Identity-document and account-number checks (stdnum's four functions per number
//! type, DESIGN.md section 1 `document`), from the core's one list of number types. The
//! errors are `Document` with the core's codes and messages.

use cobro::document as core;

use crate::errors::CobroError;
use crate::personal::Personal;

/// One number type the core checks.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DocumentType {
    /// ISO 3166-1 alpha-2 code of the country.
    pub country: String,
    /// The name as the API writes it (`CUIT`, `CLABE`...), the `type` argument.
    pub r#type: String,
    /// One line: what the number is and its rule.
    pub description: String,
    /// Whether it is an account number (CBU/CVU, CLABE, CCI) rather than a document.
    pub account: bool,
}

/// A doubt about a number that is still accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum DocumentWarning {
    /// The check digit does not match, but numbers that fail it are issued (Mexico's
    /// RFC): accepted with a warning.
    CheckDigit,
    /// The bank or institution code is not in the known list (the list may be stale).
    UnknownInstitution,
    /// The first four letters are on the authorities' list of inconvenient words
    /// (Mexico's RFC and CURP; DESIGN.md 9 row 33): never issued, accepted with a warning.
    InconvenientWord,
}

impl From<core::DocumentWarning> for DocumentWarning {
    fn from(w: core::DocumentWarning) -> DocumentWarning {
        match w {
            core::DocumentWarning::CheckDigit => DocumentWarning::CheckDigit,
            core::DocumentWarning::UnknownInstitution => DocumentWarning::UnknownInstitution,
            core::DocumentWarning::InconvenientWord => DocumentWarning::InconvenientWord,
        }
    }
}

/// A number that passed its checks.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ValidDocument {
    /// The number without separators: a document number, personal (`toString()` shows
    /// `[REDACTED]`; the text is `.value`).
    pub compact: Personal,
    /// Doubts that do not make it invalid.
    pub warnings: Vec<DocumentWarning>,
}

fn find(country: &str, r#type: &str) -> Result<&'static core::NumberType, CobroError> {
    core::find(country, r#type).map_err(|e| CobroError::lookup(e, country))
}

/// Every number type the core checks, country by country.
#[uniffi::export]
pub fn document_types() -> Vec<DocumentType> {
    core::numbers()
        .map(|n| DocumentType {
            country: n.country.to_string(),
            r#type: n.name.to_string(),
            description: n.description.to_string(),
            account: n.account,
        })
        .collect()
}

/// Checks `number` as a `type` of `country` (ISO alpha-2 or alpha-3, any case):
/// length, format, components and check digits. Throws `Document`: ERR_INVALID_LENGTH,
/// ERR_INVALID_FORMAT, ERR_INVALID_COMPONENT or ERR_INVALID_CHECKSUM for an invalid
/// number, ERR_INVALID_COUNTRY or ERR_UNSUPPORTED_DOCUMENT_TYPE for a country or type
/// with no check.
#[uniffi::export]
pub fn validate_document(country: String, r#type: String, number: String) -> Result<ValidDocument, CobroError> {
    let checks = find(&country, &r#type)?;
    let valid = (checks.validate)(&number).map_err(|e| CobroError::document(e, checks))?;
    Ok(ValidDocument {
        compact: valid.compact.into(),
        warnings: valid.warnings.into_iter().map(DocumentWarning::from).collect(),
    })
}

/// Whether `number` is a valid `type` of `country`; throws `Document` only for a
/// country or type with no check.
#[uniffi::export]
pub fn is_valid_document(country: String, r#type: String, number: String) -> Result<bool, CobroError> {
    Ok(find(&country, &r#type)?.is_valid(&number))
}

/// `number` without the separators of its written forms; throws `Document` only for a
/// country or type with no check.
#[uniffi::export]
pub fn compact_document(country: String, r#type: String, number: String) -> Result<String, CobroError> {
    Ok((find(&country, &r#type)?.compact)(&number))
}

/// The usual display form of `number` (unchanged when it is not valid); throws
/// `Document` only for a country or type with no check.
#[uniffi::export]
pub fn format_document(country: String, r#type: String, number: String) -> Result<String, CobroError> {
    Ok((find(&country, &r#type)?.format)(&number))
}
