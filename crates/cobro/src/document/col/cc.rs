//! CC (Cédula de Ciudadanía), Colombia's identity number, issued by the Registraduría
//! Nacional del Estado Civil: 6 to 10 digits.
//!
//! Rule: the cédula is a sequence number with no check digit (the Registraduría
//! publishes none); older cédulas are shorter, current ones have 10 digits. Checked for
//! length and digits only.
//! Format: the digits grouped by thousands with dots (`1.234.567.890`), as printed on
//! the card.

use crate::document::{DocumentError, NumberType, Valid, digits, strip_separators};

/// The fewest digits.
const MIN_LENGTH: usize = 6;

/// The most digits.
const MAX_LENGTH: usize = 10;

/// Removes spaces, dots, hyphens and Unicode dashes.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// Checks the length (6 to 10) and that every character is an ASCII digit.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if !(MIN_LENGTH..=MAX_LENGTH).contains(&compact.chars().count()) {
        return Err(DocumentError::InvalidLength);
    }
    if digits(&compact).is_none() {
        return Err(DocumentError::InvalidFormat);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid CC.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// The digits grouped by thousands with dots (the input unchanged when it is not
/// valid).
pub fn format(number: &str) -> String {
    match validate(number) {
        Ok(valid) => crate::document::thousands(&valid.compact),
        Err(_) => number.to_string(),
    }
}

/// Colombia's CC.
pub const TYPE: NumberType = NumberType {
    country: "CO",
    name: "CC",
    description: "Cédula de Ciudadanía: 6 to 10 digits, no check digit",
    account: false,
    length: (6, 10),
    pattern: "[0-9] (6-10)",
    check_character: None,
    compact,
    validate,
    format,
};

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    crate::document::number_tests::number_tests!(cc: TYPE, is_valid: is_valid, {
        valid: &[
            "123456",
            "1234567",
            "12345678",
            "123456789",
            "1234567890",
            "000001",
            "9999999999",
            "1000000000",
        ],
        written: &[
            ("1.234.567.890", "1234567890"),
            ("12 345 678", "12345678"),
            ("12-345-678", "12345678"),
            ("12.345.678", "12345678"),
            ("79.000.001", "79000001"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("12345", InvalidLength),
            ("12345678901", InvalidLength),
            ("1.2.3.4", InvalidLength),
            ("12345A", InvalidFormat),
            ("12345²", InvalidFormat),
            ("123,456", InvalidFormat),
            ("1234/5678", InvalidFormat),
            ("١٢٣٤٥٦", InvalidFormat),
            ("12345678\u{0}", InvalidFormat),
            ("E1234567", InvalidFormat),
        ],
        formats: &[
            ("1234567890", "1.234.567.890"),
            ("123456", "123.456"),
            ("1234567", "1.234.567"),
            ("12345678", "12.345.678"),
        ],
        independent: None,
    });
}
