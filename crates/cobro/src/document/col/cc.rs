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

    #[test]
    fn valid_numbers() {
        for n in [
            "123456",
            "1234567",
            "12345678",
            "123456789",
            "1234567890",
            "000001",
            "9999999999",
            "1000000000",
            "1.234.567.890",
            "12 345 678",
            "12-345-678",
            "79.000.001",
        ] {
            assert!(is_valid(n), "{n}");
        }
    }

    #[test]
    fn invalid_numbers() {
        for (n, e) in [
            ("", DocumentError::InvalidLength),
            ("12345", DocumentError::InvalidLength),
            ("12345678901", DocumentError::InvalidLength),
            ("1.2.3.4", DocumentError::InvalidLength),
            ("12345A", DocumentError::InvalidFormat),
            ("12345²", DocumentError::InvalidFormat),
            ("123,456", DocumentError::InvalidFormat),
            ("1234/5678", DocumentError::InvalidFormat),
            ("١٢٣٤٥٦", DocumentError::InvalidFormat),
            ("12345678\u{0}", DocumentError::InvalidFormat),
            ("E1234567", DocumentError::InvalidFormat),
        ] {
            assert_eq!(validate(n), Err(e), "{n}");
            assert_eq!(format(n), n);
        }
    }

    #[test]
    fn compact_and_format() {
        assert_eq!(compact("1.234.567.890"), "1234567890");
        assert_eq!(format("1234567890"), "1.234.567.890");
        assert_eq!(format("123456"), "123.456");
        assert_eq!(format("1234567"), "1.234.567");
        assert_eq!(format(&format("12345678")), "12.345.678");
        assert_eq!(validate("12.345.678").unwrap().compact, "12345678");
    }
}
