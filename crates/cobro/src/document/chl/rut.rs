//! RUN (Rol Único Nacional, persons) and RUT (Rol Único Tributario, taxpayers): Chile's
//! numbers, one series and one rule: a body of 7 or 8 digits and a check character, a
//! digit or `K`.
//!
//! Algorithm: the Registro Civil's and SII's modulo 11 ("módulo 11"): the body's digits
//! are weighted 2, 3, 4, 5, 6, 7 from the right, the cycle repeating; the check is 11
//! minus the sum's remainder modulo 11, with 11 written `0` and 10 written `K`. A
//! lower-case `k` is accepted (`compact` writes it in upper case). The request spec asks
//! for digits only; whether a `K` may be sent is the validation wiring's decision
//! (DESIGN.md section 9), not this module's.
//! Format: `XX.XXX.XXX-K` (`X.XXX.XXX-K` for a 7-digit body).

use crate::document::{DocumentError, NumberType, Valid, digits, strip_separators};

/// The fewest characters (body and check).
const MIN_LENGTH: usize = 8;

/// The most characters (body and check).
const MAX_LENGTH: usize = 9;

/// Removes spaces, dots, hyphens and Unicode dashes, and writes `k` as `K`.
pub fn compact(number: &str) -> String {
    strip_separators(number, false).replace('k', "K")
}

/// The check character of the body's digits.
fn check_char(body: &[u32]) -> char {
    let sum: u32 = body
        .iter()
        .rev()
        .zip([2, 3, 4, 5, 6, 7].iter().cycle())
        .map(|(d, w)| d * w)
        .sum();
    match 11 - sum % 11 {
        11 => '0',
        10 => 'K',
        n => char::from_digit(n, 10).unwrap_or('?'),
    }
}

/// Checks the length (8 or 9 characters), the body's digits, the check character's
/// form (a digit or `K`), that the body is not all zeros, and the check's value.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if !(MIN_LENGTH..=MAX_LENGTH).contains(&compact.chars().count()) {
        return Err(DocumentError::InvalidLength);
    }
    let mut chars = compact.chars();
    let check = chars.next_back().ok_or(DocumentError::InvalidLength)?;
    let body = digits(chars.as_str()).ok_or(DocumentError::InvalidFormat)?;
    if !(check.is_ascii_digit() || check == 'K') {
        return Err(DocumentError::InvalidFormat);
    }
    // DESIGN.md 9 row 33: a body of zeros names no one (0-0 passes the sum), as the
    // public suites of these numbers hold.
    if body.iter().all(|&d| d == 0) {
        return Err(DocumentError::InvalidComponent);
    }
    if check_char(&body) != check {
        return Err(DocumentError::InvalidChecksum);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid RUN or RUT.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// The body with dots between thousands, a hyphen and the check character:
/// `12.345.678-5` (the input unchanged when it is not valid).
pub fn format(number: &str) -> String {
    let Ok(valid) = validate(number) else {
        return number.to_string();
    };
    let mut chars = valid.compact.chars();
    let check = chars.next_back().unwrap_or('?');
    format!("{}-{check}", crate::document::thousands(chars.as_str()))
}

/// Chile's RUN (persons).
pub const RUN: NumberType = NumberType {
    country: "CL",
    name: "RUN",
    description: "Rol Único Nacional: 7-8 digit body and a check digit or K (mod 11, weights 2-7 from the right)",
    account: false,
    length: (8, 9),
    pattern: "[0-9] (7-8) [0-9K]",
    check_character: None,
    compact,
    validate,
    format,
};

/// Chile's RUT (taxpayers; the same series and rule as the RUN).
pub const RUT: NumberType = NumberType {
    country: "CL",
    name: "RUT",
    description: "Rol Único Tributario: 7-8 digit body and a check digit or K (mod 11, weights 2-7 from the right)",
    ..RUN
};

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: the textbook procedure, step by step.
    fn reference_check(body: &str) -> char {
        let reversed: Vec<u32> = body.chars().rev().map(|c| c.to_digit(10).unwrap()).collect();
        let mut sum = 0;
        let mut weight = 2;
        for d in reversed {
            sum += d * weight;
            weight = if weight == 7 { 2 } else { weight + 1 };
        }
        let r = 11 - (sum % 11);
        if r == 11 {
            '0'
        } else if r == 10 {
            'K'
        } else {
            char::from_digit(r, 10).unwrap()
        }
    }

    fn independent_check(number: &str) -> bool {
        let (body, check) = number.split_at(number.len() - 1);
        reference_check(body).to_string() == check
    }

    /// The obviously fake 12.345.678-5, then random bodies, with `K` and `0` endings,
    /// whose check characters an independent implementation of the rule computed.
    const VALID: &[&str] = &[
        "123456785",
        "56247513",
        "89911834",
        "351354275",
        "908412419",
        "92449351",
        "58740160",
        "105242786",
        "901128057",
        "7204505K",
        "41586923",
        "32602568",
        "52160731",
        "85433032",
        "641458686",
        "22841736K",
        "2620223K",
        "13270483K",
        "285573920",
        "58403970",
    ];

    const WRITTEN: &[(&str, &str)] = &[
        ("22.841.736-k", "22841736K"),
        ("22841736k", "22841736K"),
        ("2.620.223-K", "2620223K"),
        ("12 345 678 5", "123456785"),
        ("12.345.678-5", "123456785"),
        // rut.js's valid cases.
        ("18.972.631-7", "189726317"),
        ("18972631-7", "189726317"),
        ("189726317", "189726317"),
        ("9.068.826-k", "9068826K"),
        ("9068826-k", "9068826K"),
        ("9068826k", "9068826K"),
        // Zeros are refused only when the whole body is zeros.
        ("0000001-9", "00000019"),
        ("01.000.000-9", "010000009"),
    ];

    const INVALID: &[(&str, DocumentError)] = &[
        ("", InvalidLength),
        ("1234567", InvalidLength),
        ("1234567890", InvalidLength),
        ("K", InvalidLength),
        ("123456786", InvalidChecksum),
        ("12345678K", InvalidChecksum),
        ("123456780", InvalidChecksum),
        ("228417360", InvalidChecksum),
        ("12345678X", InvalidFormat),
        ("1234567A5", InvalidFormat),
        ("K23456785", InvalidFormat),
        ("12345678²", InvalidFormat),
        ("12345678/5", InvalidLength),
        ("٢٢٨٤١٧٣٦K", InvalidFormat),
        ("0-0", InvalidLength),
        ("00000000-0", InvalidComponent),
        ("0.000.000-0", InvalidComponent),
        ("00000000-K", InvalidComponent),
        // rut.js's own cases: a wrong check digit and a comma as separator.
        ("18.972.631-0", InvalidChecksum),
        ("18,972,631-7", InvalidLength),
        ("9068826-1", InvalidChecksum),
    ];

    const FORMATS: &[(&str, &str)] = &[
        ("22841736k", "22.841.736-K"),
        ("2620223K", "2.620.223-K"),
        ("123456785", "12.345.678-5"),
    ];

    crate::document::number_tests::number_tests!(run: RUN, is_valid: is_valid, {
        valid: VALID,
        written: WRITTEN,
        invalid: INVALID,
        formats: FORMATS,
        independent: Some(independent_check),
    });

    crate::document::number_tests::number_tests!(rut: RUT, is_valid: is_valid, {
        valid: VALID,
        written: WRITTEN,
        invalid: INVALID,
        formats: FORMATS,
        independent: Some(independent_check),
    });
}
