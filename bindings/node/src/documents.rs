//! `documents`: identity-document and account-number checks (stdnum's four functions
//! per number type), from the core's one list of number types. The errors carry the
//! core's codes and messages.

use cobro::document::{NumberType, find, numbers};
use napi_derive::napi;

use crate::errors::{Res, Thrown, document, guard};

fn lookup(country: &str, name: &str) -> Res<&'static NumberType> {
    find(country, name).map_err(|e| document(e.code().as_str(), e.message(country, cobro::Locale::En)))
}

/// Checks `number` as a `numberType` of `country` (ISO alpha-2 or alpha-3, any case): returns
/// its compact form, or throws `DocumentError` with `.code` (ERR_INVALID_LENGTH,
/// ERR_INVALID_FORMAT, ERR_INVALID_COMPONENT, ERR_INVALID_CHECKSUM; an unknown country is
/// ERR_INVALID_COUNTRY, an unknown type ERR_UNSUPPORTED_DOCUMENT_TYPE).
#[napi(namespace = "documents", js_name = "validate")]
pub fn document_validate(country: String, number_type: String, number: String) -> napi::Result<String, Thrown> {
    guard(|| {
        let t = lookup(&country, &number_type)?;
        (t.validate)(&number)
            .map(|v| v.compact)
            .map_err(|e| document(e.code().as_str(), e.message(t, "number", cobro::Locale::En)))
    })
}

/// Whether `number` is a valid `numberType` of `country`; throws `DocumentError` only for a
/// country or type with no check.
#[napi(namespace = "documents", js_name = "isValid")]
pub fn document_is_valid(country: String, number_type: String, number: String) -> napi::Result<bool, Thrown> {
    guard(|| Ok(lookup(&country, &number_type)?.is_valid(&number)))
}

/// `number` without its separators.
#[napi(namespace = "documents", js_name = "compact")]
pub fn document_compact(country: String, number_type: String, number: String) -> napi::Result<String, Thrown> {
    guard(|| Ok((lookup(&country, &number_type)?.compact)(&number)))
}

/// The usual display form of `number` (unchanged when it is not valid).
#[napi(namespace = "documents", js_name = "format")]
pub fn document_format(country: String, number_type: String, number: String) -> napi::Result<String, Thrown> {
    guard(|| Ok((lookup(&country, &number_type)?.format)(&number)))
}

/// One number type the core checks.
#[napi(object, namespace = "documents")]
pub struct DocumentType {
    /// ISO 3166-1 alpha-2 code of the country.
    pub country: String,
    /// The name as the API writes it (`CUIT`, `CLABE`...).
    pub r#type: String,
    /// One line: what the number is and its rule.
    pub description: String,
    /// Whether it is an account number rather than an identity document.
    pub account: bool,
}

/// Every number type the core checks, in the core's order.
#[napi(namespace = "documents", js_name = "types")]
pub fn document_types() -> napi::Result<Vec<DocumentType>, Thrown> {
    guard(|| {
        Ok(numbers()
            .map(|n| DocumentType {
                country: n.country.to_string(),
                r#type: n.name.to_string(),
                description: n.description.to_string(),
                account: n.account,
            })
            .collect())
    })
}
