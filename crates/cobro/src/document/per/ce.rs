//! CE (Carné de Extranjería), the residence card number Peru's Superintendencia
//! Nacional de Migraciones issues to resident foreigners.
//!
//! Rule: Migraciones publishes neither a fixed length nor a check digit for the CE
//! number, and the public descriptions found disagree on its length (9 and 11 digits
//! are both quoted). The provider takes the CE as 8 to 12 letters or digits; that is the
//! rule here: 8 to 12 ASCII letters or digits, no check digit. `compact` also writes
//! letters in upper case.
//! Format: the compact form (upper case).

use crate::document::{DocumentError, NumberType, Valid, strip_separators};

/// The fewest characters.
const MIN_LENGTH: usize = 8;

/// The most characters.
const MAX_LENGTH: usize = 12;

/// Removes spaces, dots, hyphens and Unicode dashes, and writes ASCII letters in upper
/// case.
pub fn compact(number: &str) -> String {
    strip_separators(number, false).to_ascii_uppercase()
}

/// Checks the length (8 to 12) and that every character is an ASCII letter or digit.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if !(MIN_LENGTH..=MAX_LENGTH).contains(&compact.chars().count()) {
        return Err(DocumentError::InvalidLength);
    }
    if !compact.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(DocumentError::InvalidFormat);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid CE.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// The compact form in upper case (the input unchanged when it is not valid).
pub fn format(number: &str) -> String {
    match validate(number) {
        Ok(valid) => valid.compact.into_string(),
        Err(_) => number.to_string(),
    }
}

/// Peru's CE.
pub const TYPE: NumberType = NumberType {
    country: "PE",
    name: "CE",
    description: "Carné de Extranjería: 8 to 12 letters or digits, no check digit",
    account: false,
    length: (8, 12),
    pattern: "[0-9A-Z] (8-12)",
    check_character: None,
    compact,
    validate,
    format,
};

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    crate::document::number_tests::number_tests!(ce: TYPE, is_valid: is_valid, {
        valid: &[
            "00123456",
            "001234567",
            "000000001",
            "123456789012",
            "E0012345",
            "N00012345",
            "AB1234567890",
            "99999999",
            "0000000000",
        ],
        written: &[
            ("001 234 567", "001234567"),
            ("001-234-567", "001234567"),
            ("x00012345", "X00012345"),
            ("x-001.234 5", "X0012345"),
            ("n 000 123 45", "N00012345"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("1234567", InvalidLength),
            ("1234567890123", InvalidLength),
            ("001 234", InvalidLength),
            ("00123456_", InvalidFormat),
            ("0012345Ñ", InvalidFormat),
            ("0012345²", InvalidFormat),
            ("00123/456", InvalidFormat),
            ("١٢٣٤٥٦٧٨", InvalidFormat),
            ("0012345\u{0}", InvalidFormat),
            ("00123456🙂", InvalidFormat),
        ],
        formats: &[("n 000 123 45", "N00012345")],
        independent: None,
    });
}
