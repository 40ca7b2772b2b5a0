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

/// The number of digits, as a literal for the texts below (`concat!` needs one).
macro_rules! length {
    () => {
        8
    };
}

/// The number of digits.
const LENGTH: usize = length!();

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
        Ok(valid) => valid.compact.into_string(),
        Err(_) => number.to_string(),
    }
}

/// Peru's DNI.
pub const TYPE: NumberType = NumberType {
    country: "PE",
    name: "DNI",
    description: "Documento Nacional de Identidad: 8 digits; the card's check character (digit or letter, mod 11, weights 3,2,7,6,5,4,3,2) may follow: verified, then left out",
    account: false,
    length: (LENGTH, LENGTH + 1),
    pattern: concat!("[0-9] (", length!(), ") [0-9A-K]?"),
    check_character: Some(CheckCharacter {
        sent_form: concat!("[0-9] (", length!(), ")"),
        written_with: written_with_check_character,
    }),
    compact,
    validate,
    format,
};

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

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

    /// Numbers written without a check character.
    const PLAIN: &[&str] = &[
        "00000001", "12345678", "87654321", "10000000", "40123456", "70000007", "99999999", "01020304", "45678901",
    ];

    /// Written forms of PLAIN numbers.
    const PLAIN_WRITTEN: &[(&str, &str)] = &[
        ("4567 8901", "45678901"),
        (" 4567-8901 ", "45678901"),
        ("45.678.901", "45678901"),
        ("4567-8901", "45678901"),
        ("4567\u{2013}8901", "45678901"),
    ];

    crate::document::number_tests::number_tests!(dni: TYPE, is_valid: is_valid, {
        valid: PLAIN,
        written: &[
            PLAIN_WRITTEN,
            &CARDS.map(|n| (n, &n[..8])),
            &[("10586119b", "10586119"), ("12345678-1", "12345678"), ("12345678-E", "12345678")],
        ]
        .concat(),
        invalid: &[
            ("", InvalidLength),
            ("1234567", InvalidLength),
            ("1081254332", InvalidLength),
            ("12345678-90", InvalidLength),
            ("123456789", InvalidChecksum),
            ("12345678-9", InvalidChecksum),
            ("12345678K", InvalidChecksum),
            ("10812543-4", InvalidChecksum),
            ("10812543-A", InvalidChecksum),
            ("12345678Z", InvalidFormat),
            ("12345678_", InvalidFormat),
            ("12345678²", InvalidFormat),
            ("108125H3-3", InvalidFormat),
            ("1234567A", InvalidFormat),
            ("1234567²", InvalidFormat),
            ("١٢٣٤٥٦٧٨", InvalidFormat),
            ("1234/5678", InvalidFormat),
            ("1234_567", InvalidFormat),
            ("１２３４５６７８", InvalidFormat),
        ],
        formats: &[("4567 8901", "45678901"), ("10586119B", "10586119")],
        independent: None,
    });

    #[test]
    fn check_characters() {
        for n in PLAIN.iter().chain(PLAIN_WRITTEN.iter().map(|(w, _)| w)) {
            assert!(!written_with_check_character(n), "{n}");
        }
        for n in CARDS {
            assert!(written_with_check_character(n), "{n}");
            let (digit, letter) = reference_checks(&n[..8]);
            assert!(n.ends_with(digit) || n.ends_with(letter), "{n}");
        }
        assert!(written_with_check_character("12345678-9"));
        assert!(written_with_check_character("12345678k"));
        assert!(!written_with_check_character("12345678Z"));
        assert!(!written_with_check_character("1234567A9"));
        assert!(!written_with_check_character("123456789-0"));
        // A wrong check character is kept by `compact` (the number is then refused).
        assert_eq!(compact("10812543-4"), "108125434");
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
}
