//! The one place where the core's errors become the binding's error (DESIGN.md section
//! 7, STYLE.md 6): Kotlin sees `CobroException` with one subclass per variant, Swift
//! `CobroError` with one case per variant.
//!
//! Bad content in a request is never an error: `validate` returns a report. The
//! variants carry the core's stable codes and texts; none is named `message` (Kotlin's
//! `Throwable.message` is built by uniffi from the fields) and none carries a value of
//! the input (the core's texts never do).

use crate::records::{Issue, Report};

/// Why a call failed. Kotlin: `CobroException`; Swift: `CobroError`.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Error)]
pub enum CobroError {
    /// DESIGN.md sections 3 and 7: the request is not valid (from `ensureValid`), the
    /// `ValidationError` of every language.
    Validation {
        /// ERR_INVALID_REQUEST (the catalogue's `ValidationError` class).
        code: String,
        /// The whole report: its errors, and its warnings in their own list.
        report: Report,
        /// The report's errors only, never its warnings.
        errors: Vec<Issue>,
        /// The core's one line saying how many errors the report holds, in English.
        description: String,
    },
    /// DESIGN.md section 6: the body is not the expected answer or notification.
    Parse {
        /// A code of the catalogue's `ParseError` class (`codes()`): ERR_MALFORMED_JSON,
        /// ERR_MISSING_FIELD, ERR_INVALID_VALUE...
        code: String,
        /// The field's dotted path; `""` for the whole body.
        path: String,
        /// Byte offset in the body, for unreadable JSON.
        offset: Option<u64>,
        /// The core's one-line explanation (names the field and what was expected,
        /// never the value found).
        description: String,
    },
    /// A document or account number is not valid (ERR_INVALID_LENGTH,
    /// ERR_INVALID_FORMAT, ERR_INVALID_COMPONENT, ERR_INVALID_CHECKSUM), or the country
    /// or number type has no check (ERR_INVALID_COUNTRY, ERR_UNSUPPORTED_DOCUMENT_TYPE):
    /// the catalogue's `DocumentError` class.
    Document {
        /// The core's code.
        code: String,
        /// The core's explanation (the rule's figures, or the accepted countries or
        /// types; never the number).
        description: String,
    },
}

impl std::fmt::Display for CobroError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CobroError::Validation { description, .. }
            | CobroError::Parse { description, .. }
            | CobroError::Document { description, .. } => f.write_str(description),
        }
    }
}

impl std::error::Error for CobroError {}

impl From<&cobro::parse::ParseError> for CobroError {
    fn from(e: &cobro::parse::ParseError) -> CobroError {
        CobroError::Parse {
            code: e.code.as_str().to_string(),
            path: e.path.clone(),
            offset: e.offset.map(|o| o as u64),
            description: e.to_string(),
        }
    }
}

impl From<cobro::parse::ParseError> for CobroError {
    fn from(e: cobro::parse::ParseError) -> CobroError {
        CobroError::from(&e)
    }
}

impl CobroError {
    /// A number of type `number` that is not valid, described in English (the
    /// argument is `number`).
    pub fn document(e: cobro::document::DocumentError, number: &cobro::document::NumberType) -> CobroError {
        CobroError::Document {
            code: e.code().as_str().to_string(),
            description: e.message(number, "number", cobro::Locale::En),
        }
    }

    /// No check for the arguments `country` and `type`, described in English.
    pub fn lookup(e: cobro::document::LookupError, country: &str) -> CobroError {
        CobroError::Document {
            code: e.code().as_str().to_string(),
            description: e.message(country, cobro::Locale::En),
        }
    }
}

impl From<&cobro::Report> for CobroError {
    fn from(r: &cobro::Report) -> CobroError {
        let report = Report::from(r);
        CobroError::Validation {
            code: cobro::Code::InvalidRequest.as_str().to_string(),
            errors: report.errors.clone(),
            report,
            description: r.invalid_message(r.locale()),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)] // tests fail loudly

    use super::*;

    #[test]
    fn parse_errors_keep_the_core_code_path_and_offset() {
        let e = cobro::payin::response::parse_payin_response(b"{\"payinErrorCode\": ").unwrap_err();
        match CobroError::from(&e) {
            CobroError::Parse {
                code,
                path,
                offset,
                description,
            } => {
                assert_eq!((code.as_str(), path.as_str()), ("ERR_MALFORMED_JSON", ""));
                assert_eq!(offset, e.offset.map(|o| o as u64));
                assert_eq!(description, e.to_string());
            }
            other => panic!("expected Parse, got {other:?}"),
        }
    }

    #[test]
    fn document_and_lookup_errors_keep_the_core_codes_and_messages() {
        let lookup = cobro::document::find("XX", "RUC").unwrap_err();
        match CobroError::lookup(lookup, "XX") {
            CobroError::Document { code, description } => {
                assert_eq!(code, "ERR_INVALID_COUNTRY");
                assert_eq!(description, lookup.message("XX", cobro::Locale::En));
            }
            other => panic!("expected Document, got {other:?}"),
        }
        let ruc = cobro::document::find("PE", "RUC").unwrap();
        let invalid = cobro::document::DocumentError::InvalidChecksum;
        match CobroError::document(invalid, ruc) {
            CobroError::Document { code, description } => {
                assert_eq!(code, "ERR_INVALID_CHECKSUM");
                assert_eq!(description, invalid.message(ruc, "number", cobro::Locale::En));
            }
            other => panic!("expected Document, got {other:?}"),
        }
    }
}
