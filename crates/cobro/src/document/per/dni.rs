//! DNI (Documento Nacional de Identidad), Peru's identity number: 8 digits.
//!
//! Rule: RENIEC issues the number (the CUI, Código Único de Identificación) as 8 digits.
//! The card prints a separate verification character after it (a digit, or a letter on
//! cards issued up to August 2007), but that character is not part of the number sent
//! in requests, and RENIEC publishes no rule tying it to the 8 digits: so a ninth
//! character is a wrong length here, and there is no check digit to verify.
//! Format: the 8 digits unchanged.

use crate::document::{DocumentError, NumberType, Valid, digits, strip_separators};

/// The number of digits.
const LENGTH: usize = 8;

/// Removes spaces, dots, hyphens and Unicode dashes.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// Checks the length (8) and that every character is an ASCII digit.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if compact.chars().count() != LENGTH {
        return Err(DocumentError::InvalidLength);
    }
    if digits(&compact).is_none() {
        return Err(DocumentError::InvalidFormat);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid DNI.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// The 8 digits (the input unchanged when it is not valid).
pub fn format(number: &str) -> String {
    match validate(number) {
        Ok(valid) => valid.compact,
        Err(_) => number.to_string(),
    }
}

/// Peru's DNI.
pub const TYPE: NumberType = NumberType {
    country: "PE",
    name: "DNI",
    description: "Documento Nacional de Identidad: 8 digits, no check digit (the card's separate verification character is not sent)",
    account: false,
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
            "00000001",
            "12345678",
            "87654321",
            "10000000",
            "40123456",
            "70000007",
            "99999999",
            "01020304",
            "4567 8901",
            "45.678.901",
            "4567-8901",
            "4567\u{2013}8901",
        ] {
            assert!(is_valid(n), "{n}");
        }
    }

    #[test]
    fn invalid_numbers() {
        for (n, e) in [
            ("", DocumentError::InvalidLength),
            ("1234567", DocumentError::InvalidLength),
            ("123456789", DocumentError::InvalidLength),
            ("12345678-9", DocumentError::InvalidLength),
            ("12345678K", DocumentError::InvalidLength),
            ("1234567A", DocumentError::InvalidFormat),
            ("1234567²", DocumentError::InvalidFormat),
            ("١٢٣٤٥٦٧٨", DocumentError::InvalidFormat),
            ("1234/5678", DocumentError::InvalidLength),
            ("1234_567", DocumentError::InvalidFormat),
            ("１２３４５６７８", DocumentError::InvalidFormat),
        ] {
            assert_eq!(validate(n), Err(e), "{n}");
            assert_eq!(format(n), n);
        }
    }

    #[test]
    fn compact_and_format() {
        assert_eq!(compact(" 4567-8901 "), "45678901");
        assert_eq!(format("4567 8901"), "45678901");
        assert_eq!(validate(&format("45.678.901")).unwrap().compact, "45678901");
    }
}
