//! Identity-document and account-number checks (stdnum's four functions per number
//! type, DESIGN.md section 1 `document`), from the core's one list of number types. The
//! errors are `Document` with the core's codes and messages.

use cobro::document as core;

use crate::convert::from_core;
use crate::errors::CobroError;
use crate::shapes::{DocumentType, ValidDocument};

fn find(country: &str, r#type: &str) -> Result<&'static core::NumberType, CobroError> {
    core::find(country, r#type).map_err(|e| CobroError::lookup(e, country))
}

/// Every number type the core checks, country by country.
#[uniffi::export]
pub fn document_types() -> Vec<DocumentType> {
    core::types().map(|entry| from_core(&entry)).collect()
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
    Ok(from_core(&valid))
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
