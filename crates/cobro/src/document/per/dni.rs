//! DNI (Documento Nacional de Identidad), Peru's identity number: 8 digits, written on
//! the card with a verification character after them.
//!
//! Rule: RENIEC issues the number (the CUI, Código Único de Identificación) as 8 digits;
//! that is what requests carry. The card prints a check character after it, a digit or
//! (on cards issued up to August 2007) a letter, and numbers are often copied with it
//! (DESIGN.md 9 row 33): the 9-character form is accepted, its check character
//! verified, and the compact form is the 8 digits.
//!
//! Algorithm (as python-stdnum's `stdnum/pe/cui.py` documents it, checked here against
//! the card numbers of its test suite): the 8 digits are weighted 3, 2, 7, 6, 5, 4, 3, 2
//! and summed; with `k` = 11 minus the sum modulo 11, and 0 when that is 11, the check
//! digit is the `k`-th of `67890112345` and the check letter the `k`-th of
//! `KABCDEFGHIJ` (0-based). Either is accepted, in either case.
//! Format: the 8 digits.

use crate::document::{CheckCharacter, DocumentError, NumberType, Valid, digits, strip_separators};

/// The number of digits.
const LENGTH: usize = 8;

/// The weights of the 8 digits, from the left.
const WEIGHTS: [u32; LENGTH] = [3, 2, 7, 6, 5, 4, 3, 2];

/// The check digit for each `k`.
const CHECK_DIGITS: &str = "67890112345";

/// The check letter for each `k`.
const CHECK_LETTERS: &str = "KABCDEFGHIJ";

/// The separators removed, and a trailing check character that matches the 8 digits
/// before it left out (the compact form is what the provider takes). A wrong check
/// character is kept, so the number stays visibly invalid.
pub fn compact(number: &str) -> String {
    let stripped = strip_separators(number, false);
    match split(&stripped) {
        Some((body, check)) if check_matches(body, check) => body.to_string(),
        _ => stripped,
    }
}

/// `compact` as the 8 digits and a check character that is a digit or a letter of the
/// table (either case), when it has that shape.
fn split(compact: &str) -> Option<(&str, char)> {
    let mut chars = compact.chars();
    let check = chars.next_back()?;
    let body = chars.as_str();
    let check_form = check.is_ascii_digit() || CHECK_LETTERS.contains(check.to_ascii_uppercase());
    let shaped = body.len() == LENGTH && body.bytes().all(|b| b.is_ascii_digit()) && check_form;
    shaped.then_some((body, check))
}

/// Whether `check` (a digit, or a letter in either case) is the check character of the
/// 8 ASCII digits of `body`.
fn check_matches(body: &str, check: char) -> bool {
    let Some(values) = digits(body) else {
        return false;
    };
    let sum: u32 = values.iter().zip(WEIGHTS).map(|(d, w)| d * w).sum();
    let k = ((11 - sum % 11) % 11) as usize;
    let check = check.to_ascii_uppercase();
    CHECK_DIGITS.chars().nth(k) == Some(check) || CHECK_LETTERS.chars().nth(k) == Some(check)
}

/// Whether `number` is written as the 8 digits and a check character (right or wrong):
/// the form the provider does not take (DESIGN.md 9 row 33).
pub fn written_with_check_character(number: &str) -> bool {
    split(&strip_separators(number, false)).is_some()
}

/// Checks the length (8, or 9 with the check character), that the first 8 are ASCII
/// digits, the check character's form (a digit or a letter of the table) and its value.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let stripped = strip_separators(number, false);
    let count = stripped.chars().count();
    if count == LENGTH {
        return match digits(&stripped) {
            Some(_) => Ok(Valid::clean(stripped)),
            None => Err(DocumentError::InvalidFormat),
        };
    }
    if count != LENGTH + 1 {
        return Err(DocumentError::InvalidLength);
    }
    let (body, check) = split(&stripped).ok_or(DocumentError::InvalidFormat)?;
    if !check_matches(body, check) {
        return Err(DocumentError::InvalidChecksum);
    }
    Ok(Valid::clean(body.to_string()))
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
    description: "Documento Nacional de Identidad: 8 digits; the card's check character (digit or letter, mod 11, weights 3,2,7,6,5,4,3,2) may follow: verified, then left out",
    account: false,
    length: (8, 9),
    pattern: "[0-9] (8) [0-9A-K]?",
    check_character: Some(CheckCharacter {
        sent_form: "[0-9] (8)",
        written_with: written_with_check_character,
    }),
    compact,
    validate,
    format,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// A second implementation: the remainder's own tables, as python-stdnum's
    /// documentation lays them out (indexed by the remainder, not by 11 minus it).
    fn reference_checks(body: &str) -> (char, char) {
        let weights = [3, 2, 7, 6, 5, 4, 3, 2];
        let mut sum = 0;
        for (i, c) in body.chars().enumerate() {
            sum += c.to_digit(10).unwrap() * weights[i];
        }
        let r = (sum % 11) as usize;
        let digit = "65432110987".chars().nth(r).unwrap();
        let letter = "KJIHGFEDCBA".chars().nth(r).unwrap();
        (digit, letter)
    }

    /// Card numbers with their check character, from python-stdnum's test suite
    /// (`tests/test_pe_cui.doctest`), digits and letters.
    const CARDS: [&str; 12] = [
        "05209244-8",
        "10117410-2",
        "10586119B",
        "25543680E",
        "32023446H",
        "45055499E",
        "474996072",
        "72859897-8",
        "10812543-3",
        "10812543-H",
        "42189197-0",
        "46967914-0",
    ];

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
            assert!(!written_with_check_character(n), "{n}");
        }
        for n in CARDS {
            let valid = validate(n).unwrap();
            assert_eq!(valid, Valid::clean(n.chars().take(8).collect()), "{n}");
            assert!(written_with_check_character(n), "{n}");
            let (digit, letter) = reference_checks(&valid.compact);
            assert!(n.ends_with(digit) || n.ends_with(letter), "{n}");
        }
        assert_eq!(validate("10586119b").unwrap().compact, "10586119");
        assert!(is_valid("12345678-1") && is_valid("12345678-E"));
    }

    #[test]
    fn every_remainder_has_a_digit_and_a_letter() {
        let mut seen = [false; 11];
        for body in 10_000_000u32..10_000_200 {
            let body = body.to_string();
            let (digit, letter) = reference_checks(&body);
            assert!(is_valid(&format!("{body}{digit}")), "{body}{digit}");
            assert!(is_valid(&format!("{body}-{letter}")), "{body}-{letter}");
            let wrong = char::from_digit((digit.to_digit(10).unwrap() + 1) % 10, 10).unwrap();
            assert_eq!(
                validate(&format!("{body}{wrong}")),
                Err(DocumentError::InvalidChecksum),
                "{body}{wrong}"
            );
            let sum: u32 = body
                .chars()
                .zip(WEIGHTS)
                .map(|(c, w)| c.to_digit(10).unwrap() * w)
                .sum();
            seen[(sum % 11) as usize] = true;
        }
        assert_eq!(seen, [true; 11]);
    }

    #[test]
    fn invalid_numbers() {
        for (n, e) in [
            ("", DocumentError::InvalidLength),
            ("1234567", DocumentError::InvalidLength),
            ("1081254332", DocumentError::InvalidLength),
            ("12345678-90", DocumentError::InvalidLength),
            ("123456789", DocumentError::InvalidChecksum),
            ("12345678-9", DocumentError::InvalidChecksum),
            ("12345678K", DocumentError::InvalidChecksum),
            ("10812543-4", DocumentError::InvalidChecksum),
            ("10812543-A", DocumentError::InvalidChecksum),
            ("12345678Z", DocumentError::InvalidFormat),
            ("12345678_", DocumentError::InvalidFormat),
            ("12345678²", DocumentError::InvalidFormat),
            ("108125H3-3", DocumentError::InvalidFormat),
            ("1234567A", DocumentError::InvalidFormat),
            ("1234567²", DocumentError::InvalidFormat),
            ("١٢٣٤٥٦٧٨", DocumentError::InvalidFormat),
            ("1234/5678", DocumentError::InvalidFormat),
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
        assert_eq!(compact("10812543-H"), "10812543");
        assert_eq!(compact("10812543-3"), "10812543");
        assert_eq!(compact("10812543-4"), "108125434");
        assert_eq!(format("4567 8901"), "45678901");
        assert_eq!(format("10586119B"), "10586119");
        assert_eq!(validate(&format("45.678.901")).unwrap().compact, "45678901");
        assert!(written_with_check_character("12345678-9"));
        assert!(written_with_check_character("12345678k"));
        assert!(!written_with_check_character("12345678Z"));
        assert!(!written_with_check_character("1234567A9"));
        assert!(!written_with_check_character("123456789-0"));
    }
}
