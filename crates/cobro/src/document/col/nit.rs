//! NIT (Número de Identificación Tributaria), Colombia's taxpayer number, assigned by
//! the DIAN: 8 to 15 digits, the last a check digit (the "dígito de verificación").
//! For persons the body is usually their cédula.
//!
//! Algorithm: DIAN Orden Administrativa 4 de 1989: the body's digits are weighted,
//! from the right, 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71 and summed;
//! with `r` the sum's remainder modulo 11, the check digit is `r` when `r` is 0 or 1 and
//! `11 - r` otherwise (as described in Wikipedia's "Número de Identificación
//! Tributaria" article, which cites that order).
//! Format: the body grouped by thousands with dots, a hyphen and the check digit
//! (`900.123.456-1`).

use crate::document::{DocumentError, NumberType, Valid, digits, strip_separators};

/// The fewest digits, check digit included.
const MIN_LENGTH: usize = 8;

/// The most digits, check digit included.
const MAX_LENGTH: usize = 15;

/// The weights of the body's digits, from the right.
const WEIGHTS: [u32; 15] = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/// Removes spaces, dots, hyphens, Unicode dashes and commas: DESIGN.md 9 row 33, NITs
/// are written with either `.` or `,` between thousands (`900,206,480-2`).
pub fn compact(number: &str) -> String {
    strip_separators(number, false).replace(',', "")
}

/// The check digit of the body.
fn check_digit(body: &[u32]) -> u32 {
    let sum: u32 = body.iter().rev().zip(WEIGHTS).map(|(d, w)| d * w).sum();
    match sum % 11 {
        r @ (0 | 1) => r,
        r => 11 - r,
    }
}

/// Checks the length (8 to 15), the digits and the check digit.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if !(MIN_LENGTH..=MAX_LENGTH).contains(&compact.chars().count()) {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    let (check, body) = values.split_last().ok_or(DocumentError::InvalidLength)?;
    if check_digit(body) != *check {
        return Err(DocumentError::InvalidChecksum);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid NIT.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// `XXX.XXX.XXX-X` (the input unchanged when it is not valid).
pub fn format(number: &str) -> String {
    let Ok(valid) = validate(number) else {
        return number.to_string();
    };
    let mut chars = valid.compact.chars();
    let check = chars.next_back().unwrap_or('?');
    format!("{}-{check}", crate::document::thousands(chars.as_str()))
}

/// Colombia's NIT.
pub const TYPE: NumberType = NumberType {
    country: "CO",
    name: "NIT",
    description: "Número de Identificación Tributaria: 8 to 15 digits incl. the DIAN mod 11 check digit (prime weights 3,7,13,...,71 from the right)",
    account: false,
    length: (8, 15),
    pattern: "[0-9] (8-15)",
    check_character: None,
    compact,
    validate,
    format,
};

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: the worked procedure (weights listed from the left,
    /// the last ones used for a shorter body; remainder by subtraction of the multiple).
    fn reference_check(body: &str) -> u32 {
        let from_left = [71, 67, 59, 53, 47, 43, 41, 37, 29, 23, 19, 17, 13, 7, 3];
        let offset = from_left.len() - body.len();
        let mut sum = 0;
        for (i, c) in body.chars().enumerate() {
            sum += c.to_digit(10).unwrap() * from_left[offset + i];
        }
        let r = sum - (sum / 11) * 11;
        if r > 1 { 11 - r } else { r }
    }

    fn independent_check(number: &str) -> bool {
        let (body, check) = number.split_at(number.len() - 1);
        reference_check(body).to_string() == check
    }

    // Random bodies of 8 to 15 digits whose check digits an independent implementation
    // of the DIAN rule computed (not this module).
    crate::document::number_tests::number_tests!(nit: TYPE, is_valid: is_valid, {
        valid: &[
            "66464172",
            "180531001",
            "4309232710",
            "4745299124",
            "5190496638",
            "29314919055",
            "96518506719",
            "757262849871",
            "8694531473798",
            "75075273545492",
            "580831367837774",
            "1143634953",
        ],
        written: &[
            ("430.923.271-0", "4309232710"),
            ("430 923 271 0", "4309232710"),
            ("430-923-271-0", "4309232710"),
            // From python-stdnum's test suite: thousands separated by commas, or mixed.
            ("900,206,480-2", "9002064802"),
            ("900.206.480-2", "9002064802"),
            ("900,206,483-4", "9002064834"),
            ("900.206,483-4", "9002064834"),
            ("213.123.432-1", "2131234321"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("6646417", InvalidLength),
            ("5808313678377741", InvalidLength),
            ("430923271A", InvalidFormat),
            ("430923271²", InvalidFormat),
            ("430923/2710", InvalidFormat),
            ("4309232711", InvalidChecksum),
            ("3409232710", InvalidChecksum),
            ("66464173", InvalidChecksum),
            ("580831367837775", InvalidChecksum),
            ("4309223710", InvalidChecksum),
            ("900,206,480-3", InvalidChecksum),
            ("900;206;480-2", InvalidFormat),
            (",,,,,,,,", InvalidLength),
            ("2131234350", InvalidChecksum),
        ],
        formats: &[
            ("4309232710", "430.923.271-0"),
            ("66464172", "6.646.417-2"),
            ("580831367837774", "58.083.136.783.777-4"),
            ("900,206,480-2", "900.206.480-2"),
        ],
        independent: Some(independent_check),
    });

    #[test]
    fn remainders_zero_and_one() {
        let mut seen = [false; 2];
        for body in 900_000_000u32..900_000_100 {
            let body = body.to_string();
            let check = reference_check(&body);
            if check <= 1 {
                seen[check as usize] = true;
            }
            assert!(is_valid(&format!("{body}{check}")), "{body}{check}");
        }
        assert_eq!(seen, [true, true]);
    }
}
