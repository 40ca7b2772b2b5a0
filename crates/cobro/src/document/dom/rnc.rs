//! RNC (Registro Nacional del Contribuyente), the Dominican Republic's taxpayer number
//! for companies and institutions, issued by the DGII: 9 digits, the last a check digit.
//! (Persons use their 11-digit cédula, see [`super::cedula`].)
//!
//! Algorithm: the DGII's weighted modulo 11: the first 8 digits are weighted 7, 9, 8, 6,
//! 5, 4, 3, 2 from the left and summed; with `r` the sum's remainder modulo 11, the
//! check digit is 2 when `r` is 0, 1 when `r` is 1, and `11 - r` otherwise (so the check
//! digit is never 0). The DGII publishes the rule through the validation of its own
//! forms rather than a document; it is described (with examples) in
//! <https://lu1tr0n.github.io/nationid/documents/do.html>, and checked here on a
//! published RNC (`1-30-50029-2`).
//! Format: `X-XX-XXXXX-X`.

use crate::document::shape;
use crate::document::{DocumentError, NumberType, Valid, digits, strip_separators};

/// The number of digits.
const LENGTH: usize = 9;

/// The weights of the first 8 digits, from the left.
const WEIGHTS: [u32; 8] = [7, 9, 8, 6, 5, 4, 3, 2];

/// Removes spaces, dots, hyphens and Unicode dashes.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// The check digit of the first 8 digits.
fn check_digit(body: &[u32]) -> u32 {
    let sum: u32 = body.iter().zip(WEIGHTS).map(|(d, w)| d * w).sum();
    match sum % 11 {
        0 => 2,
        1 => 1,
        r => 11 - r,
    }
}

/// Checks the length (9), the digits and the check digit.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if compact.chars().count() != LENGTH {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    let (check, body) = values.split_last().ok_or(DocumentError::InvalidLength)?;
    if check_digit(body) != *check {
        return Err(DocumentError::InvalidChecksum);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid RNC.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// `X-XX-XXXXX-X` (the input unchanged when it is not valid).
pub fn format(number: &str) -> String {
    validate(number)
        .ok()
        .and_then(|valid| shape(&valid.compact, "X-XX-XXXXX-X"))
        .unwrap_or_else(|| number.to_string())
}

/// The Dominican Republic's RNC.
pub const TYPE: NumberType = NumberType {
    country: "DO",
    name: "RNC",
    description: "Registro Nacional del Contribuyente: 9 digits, DGII mod 11 check digit (weights 7,9,8,6,5,4,3,2; remainder 0 -> 2, 1 -> 1)",
    account: false,
    length: (9, 9),
    pattern: "[0-9] (9)",
    check_character: None,
    compact,
    validate,
    format,
};

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: the rule as written, digit by digit from the string.
    fn reference_check(body: &str) -> u32 {
        let weights = [7, 9, 8, 6, 5, 4, 3, 2];
        let mut sum = 0;
        for i in 0..8 {
            sum += body[i..i + 1].parse::<u32>().unwrap() * weights[i];
        }
        let r = sum % 11;
        if r == 0 {
            2
        } else if r == 1 {
            1
        } else {
            11 - r
        }
    }

    fn independent_check(number: &str) -> bool {
        reference_check(&number[..8]).to_string() == number[8..]
    }

    // A published RNC, then random numbers whose check digits an independent
    // implementation of the rule computed (not this module).
    crate::document::number_tests::number_tests!(rnc: TYPE, is_valid: is_valid, {
        valid: &[
            "130500292",
            "328708311",
            "527889572",
            "587277438",
            "487347149",
            "345581226",
            "362316651",
            "560366901",
            "570546683",
            "373467067",
            "462729801",
            "599016275",
            "304653758",
        ],
        written: &[
            ("1-30-50029-2", "130500292"),
            ("130 50029 2", "130500292"),
            ("1.30.50029.2", "130500292"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("13050029", InvalidLength),
            ("1305002920", InvalidLength),
            ("13050029A", InvalidFormat),
            ("13050029²", InvalidFormat),
            ("1305/0029", InvalidFormat),
            ("130500290", InvalidChecksum),
            ("130500291", InvalidChecksum),
            ("310500292", InvalidChecksum),
            ("328708312", InvalidChecksum),
            ("304653757", InvalidChecksum),
        ],
        formats: &[("130500292", "1-30-50029-2")],
        independent: Some(independent_check),
    });

    #[test]
    fn every_remainder() {
        let mut seen = [false; 11];
        for body in 10_000_000u32..10_000_200 {
            let body = body.to_string();
            let check = reference_check(&body);
            let sum: u32 = body
                .chars()
                .zip(WEIGHTS)
                .map(|(c, w)| c.to_digit(10).unwrap() * w)
                .sum();
            seen[(sum % 11) as usize] = true;
            assert!(is_valid(&format!("{body}{check}")), "{body}{check}");
        }
        assert!(seen.iter().all(|&s| s));
    }
}
