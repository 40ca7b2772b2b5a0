//! `documents`: identity-document and account-number checks (stdnum's four functions
//! per number type), from the core's one list of number types. The errors carry the
//! core's codes and messages.

use cobro::document::{NumberType, find, numbers};
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::string;
use crate::errors::{Res, Thrown, document, guard};
use crate::parse::to_js;

fn lookup(country: &str, name: &str) -> Res<&'static NumberType> {
    find(country, name).map_err(|e| document(e.code().as_str(), e.message(country, cobro::Locale::En)))
}

/// The three arguments every `documents` function takes: the number type named by
/// `country` and `type`, and the number; each of another type than a string a
/// `TypeError` naming it.
fn arguments(country: Unknown<'_>, type_name: Unknown<'_>, number: Unknown<'_>) -> Res<(&'static NumberType, String)> {
    let country = string(country, "country", "a string")?;
    let type_name = string(type_name, "type", "a string")?;
    let number = string(number, "number", "a string")?;
    Ok((lookup(&country, &type_name)?, number))
}

// The second argument is `type` in JS (the manifest's name), which Rust cannot name a
// parameter: hence `type_name` and the written argument list.

/// A number that passed its checks (`documents.validate`): its compact form, and the
/// doubts that do not make it invalid.
#[napi(object, namespace = "documents", object_from_js = false)]
// Declared for the generated TypeScript types; the value is the core's, written by serde.
#[allow(dead_code)]
pub struct ValidDocument {
    /// The number without its separators.
    pub compact: String,
    /// The doubts, in the core's order: `check_digit` (a check digit that does not match
    /// on a number type whose numbers are issued so), `unknown_institution` (a bank or
    /// institution code missing from the known list), `inconvenient_word` (letters that
    /// spell a word the issuer never uses).
    #[napi(ts_type = "Array<'check_digit' | 'unknown_institution' | 'inconvenient_word'>")]
    pub warnings: Vec<String>,
}

/// Checks `number` as a `type` of `country` (ISO alpha-2 or alpha-3, any case): returns
/// its compact form and its warnings, or throws `DocumentError` with `.code`
/// (ERR_INVALID_LENGTH, ERR_INVALID_FORMAT, ERR_INVALID_COMPONENT, ERR_INVALID_CHECKSUM;
/// an unknown country is ERR_INVALID_COUNTRY, an unknown type
/// ERR_UNSUPPORTED_DOCUMENT_TYPE).
///
/// The object is the core's value as JS values, so its compact form, a document number,
/// is marked personal as in a parsed answer (`util.inspect` shows `[REDACTED]`).
#[napi(
    namespace = "documents",
    js_name = "validate",
    ts_args_type = "country: string, type: string, number: string",
    ts_return_type = "documents.ValidDocument"
)]
pub fn document_validate<'e>(
    env: &'e Env,
    country: Unknown<'e>,
    type_name: Unknown<'e>,
    number: Unknown<'e>,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| {
        let (t, number) = arguments(country, type_name, number)?;
        let valid = (t.validate)(&number)
            .map_err(|e| document(e.code().as_str(), e.message(t, "number", cobro::Locale::En)))?;
        to_js(env, &valid)
    })
}

/// Whether `number` is a valid `type` of `country`; throws `DocumentError` only for a
/// country or type with no check.
#[napi(
    namespace = "documents",
    js_name = "isValid",
    ts_args_type = "country: string, type: string, number: string"
)]
pub fn document_is_valid(
    country: Unknown<'_>,
    type_name: Unknown<'_>,
    number: Unknown<'_>,
) -> napi::Result<bool, Thrown> {
    guard(|| {
        let (t, number) = arguments(country, type_name, number)?;
        Ok(t.is_valid(&number))
    })
}

/// `number` without its separators.
#[napi(
    namespace = "documents",
    js_name = "compact",
    ts_args_type = "country: string, type: string, number: string"
)]
pub fn document_compact(
    country: Unknown<'_>,
    type_name: Unknown<'_>,
    number: Unknown<'_>,
) -> napi::Result<String, Thrown> {
    guard(|| {
        let (t, number) = arguments(country, type_name, number)?;
        Ok((t.compact)(&number))
    })
}

/// The usual display form of `number` (unchanged when it is not valid).
#[napi(
    namespace = "documents",
    js_name = "format",
    ts_args_type = "country: string, type: string, number: string"
)]
pub fn document_format(
    country: Unknown<'_>,
    type_name: Unknown<'_>,
    number: Unknown<'_>,
) -> napi::Result<String, Thrown> {
    guard(|| {
        let (t, number) = arguments(country, type_name, number)?;
        Ok((t.format)(&number))
    })
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
