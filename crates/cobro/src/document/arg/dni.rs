//! DNI (Documento Nacional de Identidad), Argentina: 7 or 8 digits, no check digit,
//! written `NN.NNN.NNN` (or `N.NNN.NNN`).
//!
//! Rule: RENAPER issues the DNI as a plain serial number of 7 or 8 digits; it has no
//! check digit (the CUIT/CUIL built on it carries one). Only the length and the digits
//! are checked, and an all-zero number is refused.

use super::super::{DocumentError, NumberType, Valid, digits, strip_separators};

/// The DNI entry.
pub const TYPE: NumberType = NumberType {
    country: "AR",
    name: "DNI",
    description: "Argentine national ID: 7 or 8 digits, no check digit",
    account: false,
    length: (7, 8),
    pattern: "[0-9] (7-8)",
    check_character: None,
    compact,
    validate,
    format,
};

/// The number without spaces, dots or hyphens.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// Checks a DNI: 7 or 8 digits, not all zero.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if !(7..=8).contains(&compact.chars().count()) {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    if values.iter().all(|&d| d == 0) {
        return Err(DocumentError::InvalidComponent);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid DNI.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// Dots every three digits from the right (`12.345.678`, `1.234.567`); the input
/// unchanged when it is not a valid DNI.
pub fn format(number: &str) -> String {
    let Ok(valid) = validate(number) else {
        return number.to_string();
    };
    crate::document::thousands(&valid.compact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    crate::document::number_tests::number_tests!(dni: TYPE, is_valid: is_valid, {
        valid: &[
            "1234567", "12345678", "9999999", "99999999", "20123456", "30111222", "94123456", "7000001", "45000000",
            "10000000", "01234567",
        ],
        written: &[("12.345.678", "12345678"), ("1 234 567", "1234567")],
        invalid: &[
            ("", InvalidLength),
            ("123456", InvalidLength),
            ("123456789", InvalidLength),
            ("1234567a", InvalidFormat),
            ("1234567²", InvalidFormat),
            ("١٢٣٤٥٦٧", InvalidFormat),
            ("1234/678", InvalidFormat),
            ("0000000", InvalidComponent),
            ("00000000", InvalidComponent),
            ("1234567\u{0}", InvalidFormat),
        ],
        formats: &[
            ("12345678", "12.345.678"),
            ("1234567", "1.234.567"),
            ("12-345-678", "12.345.678"),
            ("12345", "12345"),
        ],
        independent: None,
    });
}
