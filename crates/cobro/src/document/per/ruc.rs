//! RUC (Registro Único de Contribuyentes), Peru's taxpayer number: 11 digits.
//!
//! Algorithm: SUNAT's own check (the `valruc` script of its web forms, quoted in
//! <https://es.stackoverflow.com/a/42958>): the first 10 digits are weighted 5, 4, 3, 2,
//! 7, 6, 5, 4, 3, 2 from the left and summed; the check digit is 11 minus the sum's
//! remainder modulo 11, less 10 when that gives 10 or 11 (10 -> 0, 11 -> 1).
//! Prefixes (the taxpayer kind): 10 (persons identified by their DNI, whose 8 digits
//! follow), 20 (legal entities), and 15, 16 and 17 (persons registered under other
//! documents); any other is an invalid component.
//! Format: the 11 digits unchanged.

use crate::document::{DocumentError, NumberType, Valid, digits, strip_separators};

/// The number of digits.
const LENGTH: usize = 11;

/// The weights of the first 10 digits, from the left.
const WEIGHTS: [u32; 10] = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/// The taxpayer kinds SUNAT issues.
const PREFIXES: [&str; 5] = ["10", "15", "16", "17", "20"];

/// Removes spaces, dots, hyphens and Unicode dashes.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// The check digit of the first 10 digits.
fn check_digit(body: &[u32]) -> u32 {
    let sum: u32 = body.iter().zip(WEIGHTS).map(|(d, w)| d * w).sum();
    (11 - sum % 11) % 10
}

/// Checks the length (11), the digits, the prefix and the check digit.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if compact.chars().count() != LENGTH {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    if !PREFIXES.iter().any(|p| compact.starts_with(p)) {
        return Err(DocumentError::InvalidComponent);
    }
    let (check, body) = values.split_last().ok_or(DocumentError::InvalidLength)?;
    if check_digit(body) != *check {
        return Err(DocumentError::InvalidChecksum);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid RUC.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// The 11 digits (the input unchanged when it is not valid).
pub fn format(number: &str) -> String {
    match validate(number) {
        Ok(valid) => valid.compact.into_string(),
        Err(_) => number.to_string(),
    }
}

/// Peru's RUC.
pub const TYPE: NumberType = NumberType {
    country: "PE",
    name: "RUC",
    description: "Registro Único de Contribuyentes: 11 digits, prefix 10, 15, 16, 17 or 20, SUNAT mod 11 check digit (weights 5,4,3,2,7,6,5,4,3,2)",
    account: false,
    length: (11, 11),
    pattern: "[0-9] (11)",
    check_character: None,
    compact,
    validate,
    format,
};

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: the digit as SUNAT's script computes it.
    fn reference_check(body: &str) -> char {
        let weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
        let mut sum = 0;
        for (i, c) in body.chars().enumerate() {
            sum += c.to_digit(10).unwrap() * weights[i];
        }
        let mut rest = 11 - sum % 11;
        if rest >= 10 {
            rest -= 10;
        }
        char::from_digit(rest, 10).unwrap()
    }

    fn independent_check(number: &str) -> bool {
        number.ends_with(reference_check(&number[..10]))
    }

    // Random bodies whose check digits an independent implementation of SUNAT's rule
    // computed (not this module), so a shared mistake cannot make them agree.
    crate::document::number_tests::number_tests!(ruc: TYPE, is_valid: is_valid, {
        valid: &[
            "10104332183",
            "15196001333",
            "16890838638",
            "17794026548",
            "20235116155",
            "10594078166",
            "20184959314",
            "20034131644",
            "10752553411",
            "17928327647",
            "15835030561",
            "16413953760",
        ],
        written: &[
            ("10-10433218-3", "10104332183"),
            (" 2023 5116 155 ", "20235116155"),
            ("20.235.116.155", "20235116155"),
            ("20-23511615-5", "20235116155"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("1010433218", InvalidLength),
            ("101043321830", InvalidLength),
            ("1010433218A", InvalidFormat),
            ("1010433218²", InvalidFormat),
            ("11104332183", InvalidComponent),
            ("30104332183", InvalidComponent),
            ("00104332183", InvalidComponent),
            ("10104332184", InvalidChecksum),
            ("10104332138", InvalidChecksum),
            ("20235116150", InvalidChecksum),
            ("17928327640", InvalidChecksum),
        ],
        formats: &[("20-23511615-5", "20235116155"), ("20 23511615 5", "20235116155")],
        independent: Some(independent_check),
    });

    #[test]
    fn remainders_giving_10_and_11() {
        let mut seen = [false; 2];
        for body in 20_000_000u32..20_000_400 {
            let body = format!("20{body:08}");
            let check = reference_check(&body);
            let sum: u32 = body
                .chars()
                .zip(WEIGHTS)
                .map(|(c, w)| c.to_digit(10).unwrap() * w)
                .sum();
            if sum % 11 == 1 {
                seen[0] = true;
                assert_eq!(check, '0');
            }
            if sum.is_multiple_of(11) {
                seen[1] = true;
                assert_eq!(check, '1');
            }
            assert!(is_valid(&format!("{body}{check}")), "{body}{check}");
        }
        assert_eq!(seen, [true, true]);
    }
}
