//! Cédula de Identidad y Electoral (CIE), the Dominican Republic's identity number,
//! issued by the Junta Central Electoral (JCE): 11 digits, the last a check digit.
//! Persons also use it as their taxpayer number at the DGII.
//!
//! Algorithm: Luhn (ISO/IEC 7812-1 annex B) over all 11 digits: from the right, every
//! second digit is doubled (9 subtracted when that exceeds 9) and the total must be a
//! multiple of 10. The JCE publishes no document of its own for it; Luhn is the rule
//! applied in practice, as described in
//! <https://lu1tr0n.github.io/nationid/documents/do.html>. A few cédulas issued by the
//! JCE are known to fail it; they are not listed here (the wiring turns a failing check
//! digit into a warning).
//! Format: `XXX-XXXXXXX-X` (issuing office, sequence, check digit).

use crate::document::shape;
use crate::document::{DocumentError, NumberType, Valid, digits, strip_separators};

/// The number of digits.
const LENGTH: usize = 11;

/// Removes spaces, dots, hyphens and Unicode dashes.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// Whether the digits pass Luhn.
fn luhn(values: &[u32]) -> bool {
    let total: u32 = values
        .iter()
        .rev()
        .enumerate()
        .map(|(i, &d)| if i % 2 == 1 { (d * 2) / 10 + (d * 2) % 10 } else { d })
        .sum();
    total.is_multiple_of(10)
}

/// Checks the length (11), the digits and the Luhn check digit.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if compact.chars().count() != LENGTH {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    if !luhn(&values) {
        return Err(DocumentError::InvalidChecksum);
    }
    Ok(Valid::clean(compact))
}

/// Whether `number` is a valid cédula.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// `XXX-XXXXXXX-X` (the input unchanged when it is not valid).
pub fn format(number: &str) -> String {
    validate(number)
        .ok()
        .and_then(|valid| shape(&valid.compact, "XXX-XXXXXXX-X"))
        .unwrap_or_else(|| number.to_string())
}

/// The Dominican Republic's cédula (spec 2.5 names it CIE).
pub const TYPE: NumberType = NumberType {
    country: "DO",
    name: "CIE",
    description: "Cédula de Identidad y Electoral: 11 digits, Luhn check digit",
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

    /// A second implementation: append each candidate digit and keep the one whose
    /// Luhn total (written as a plain loop) ends in 0.
    fn reference_check(body: &str) -> char {
        for candidate in '0'..='9' {
            let full: String = format!("{body}{candidate}");
            let mut total = 0;
            let mut double = false;
            for c in full.chars().rev() {
                let mut v = c.to_digit(10).unwrap();
                if double {
                    v *= 2;
                    if v > 9 {
                        v -= 9;
                    }
                }
                total += v;
                double = !double;
            }
            if total % 10 == 0 {
                return candidate;
            }
        }
        unreachable!()
    }

    fn independent_check(number: &str) -> bool {
        reference_check(&number[..10]).to_string() == number[10..]
    }

    // Random bodies whose check digits an independent implementation of the Luhn rule
    // computed (not this module).
    crate::document::number_tests::number_tests!(cedula: TYPE, is_valid: is_valid, {
        valid: &[
            "03101429409",
            "00196556989",
            "00169340601",
            "04783561592",
            "03114846565",
            "03182366298",
            "04746804436",
            "22399577737",
            "04772148955",
            "00134332006",
            "40279176933",
            "22376320168",
        ],
        written: &[
            ("402-7917693-3", "40279176933"),
            ("402 7917693 3", "40279176933"),
            ("031-0142940-9", "03101429409"),
            ("031 0142940 9", "03101429409"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("0310142940", InvalidLength),
            ("031014294090", InvalidLength),
            ("0310142940A", InvalidFormat),
            ("0310142940²", InvalidFormat),
            ("031/0142940", InvalidFormat),
            ("03101429408", InvalidChecksum),
            ("03101429309", InvalidChecksum),
            ("30101429409", InvalidChecksum),
            ("40279176934", InvalidChecksum),
            ("22376320160", InvalidChecksum),
        ],
        formats: &[("03101429409", "031-0142940-9")],
        independent: Some(independent_check),
    });
}
