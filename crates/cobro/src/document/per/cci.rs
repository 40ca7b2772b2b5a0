//! CCI (Código de Cuenta Interbancario), Peru's 20-digit interbank account number:
//! entity (3 digits), office (3), account (12) and two check digits.
//!
//! Algorithm: the CCI of the Cámara de Compensación Electrónica (CCE), the code each
//! bank gives its accounts for interbank transfers. Each check digit covers
//! one part: the first the entity and office (6 digits), the second the account (12
//! digits). The part's digits are weighted 1, 2, 1, 2... from the left; a two-digit
//! product counts as the sum of its digits (12 -> 3); the check digit is 10 minus the
//! total's last digit, 0 when that gives 10. The CCE's specification is not published
//! openly; the rule was confirmed on the published examples `011-366-000100032542-21`
//! (Localpayment's API reference for Peru, docs.v3.localpayment.com) and on a
//! company's CCIs published by its bank.
//! The entity code is not looked up (no warning).
//! Format: `XXX-XXX-XXXXXXXXXXXX-XX`.

use crate::document::shape;
use crate::document::{DocumentError, NumberType, Valid, digits, strip_separators};

/// The number of digits.
const LENGTH: usize = 20;

/// Removes spaces, dots, hyphens and Unicode dashes.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// The check digit of one part: weights 1, 2, 1, 2... from the left, products reduced
/// to the sum of their digits.
fn check_digit(part: &[u32]) -> u32 {
    let sum: u32 = part
        .iter()
        .zip([1, 2].iter().cycle())
        .map(|(d, w)| {
            let product = d * w;
            product / 10 + product % 10
        })
        .sum();
    (10 - sum % 10) % 10
}

/// The parts: entity and office, account, and the two check digits.
fn parts(values: &[u32]) -> Option<(&[u32], &[u32], u32, u32)> {
    let (head, rest) = values.split_at_checked(6)?;
    let (account, checks) = rest.split_at_checked(12)?;
    match checks {
        [first, second] => Some((head, account, *first, *second)),
        _ => None,
    }
}

/// Checks the length (20), the digits and both check digits.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if compact.chars().count() != LENGTH {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    let (head, account, first, second) = parts(&values).ok_or(DocumentError::InvalidLength)?;
    if check_digit(head) != first || check_digit(account) != second {
        return Err(DocumentError::InvalidChecksum);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid CCI.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// `XXX-XXX-XXXXXXXXXXXX-XX` (the input unchanged when it is not valid).
pub fn format(number: &str) -> String {
    validate(number)
        .ok()
        .and_then(|valid| shape(&valid.compact, "XXX-XXX-XXXXXXXXXXXX-XX"))
        .unwrap_or_else(|| number.to_string())
}

/// Peru's CCI.
pub const TYPE: NumberType = NumberType {
    country: "PE",
    name: "CCI",
    description: "Código de Cuenta Interbancario: 20 digits (entity 3, office 3, account 12), two check digits (weights 1,2, products' digits summed, mod 10)",
    account: true,
    length: (20, 20),
    pattern: "[0-9] (20)",
    check_character: None,
    compact,
    validate,
    format,
};

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: Luhn-style doubling of every other digit, written
    /// straight on the string.
    fn reference_check(part: &str) -> u32 {
        let mut total = 0;
        for (i, c) in part.chars().enumerate() {
            let mut v = c.to_digit(10).unwrap();
            if i % 2 == 1 {
                v *= 2;
                if v > 9 {
                    v -= 9;
                }
            }
            total += v;
        }
        (10 - total % 10) % 10
    }

    fn independent_check(number: &str) -> bool {
        let d: Vec<u32> = number.chars().map(|c| c.to_digit(10).unwrap()).collect();
        reference_check(&number[..6]) == d[18] && reference_check(&number[6..18]) == d[19]
    }

    // A published example, then random numbers whose check digits an independent
    // implementation of the rule computed (not this module).
    crate::document::number_tests::number_tests!(cci: TYPE, is_valid: is_valid, {
        valid: &[
            "01136600010003254221",
            "72423884969653287111",
            "01226916697848018478",
            "51462704828148932591",
            "28809570154303911738",
            "18227824896383465720",
            "87133150983930103158",
            "05183473829973763109",
            "16566701065133387278",
            "62473178108013267763",
            "36026064746872343043",
            "98050097882081219134",
            "36193990916998543522",
        ],
        written: &[
            ("011-366-000100032542-21", "01136600010003254221"),
            ("011 366 000100032542 21", "01136600010003254221"),
            ("011.366.000100032542.21", "01136600010003254221"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("0113660001000325422", InvalidLength),
            ("011366000100032542210", InvalidLength),
            ("0113660001000325422A", InvalidFormat),
            ("01136600010003254²21", InvalidFormat),
            ("01136600010003254231", InvalidChecksum),
            ("01136600010003254220", InvalidChecksum),
            ("01136600010003254212", InvalidChecksum),
            ("01163600010003254221", InvalidChecksum),
            ("01136600010003245221", InvalidChecksum),
            ("72423884969653287112", InvalidChecksum),
        ],
        formats: &[("01136600010003254221", "011-366-000100032542-21")],
        independent: Some(independent_check),
    });
}
