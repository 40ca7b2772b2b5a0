//! CPF (Cadastro de Pessoas Físicas), Brazil: 11 digits, a 9-digit base and two check
//! digits, written `XXX.XXX.XXX-XX`.
//!
//! Algorithm: Receita Federal, modulo 11 as in its CPF rules (and the SERPRO
//! description of the CPF/CNPJ check digits): the first check digit weights the 9 base
//! digits 10 down to 2, the second weights the 9 digits and the first check 11 down to
//! 2; each check is 11 minus the sum modulo 11, and 0 when the remainder is 0 or 1.
//! Numbers of one repeated digit (000.000.000-00, 111.111.111-11...) pass that sum but
//! are not issued, and are refused as a component error.

use super::super::{DocumentError, NumberType, Valid, digits, strip_separators};
use crate::document::shape;

/// The CPF entry.
pub const TYPE: NumberType = NumberType {
    country: "BR",
    name: "CPF",
    description: "Brazilian individual taxpayer ID: 11 digits, two mod-11 check digits, not one repeated digit",
    account: false,
    length: (11, 11),
    pattern: "[0-9] (11)",
    check_character: None,
    compact,
    validate,
    format,
};

/// The number without spaces, dots or hyphens.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// The mod-11 check digit of `values`, weighted from `values.len() + 1` down to 2.
fn check_digit(values: &[u32]) -> u32 {
    let sum: u32 = values.iter().rev().zip(2..).map(|(d, w)| d * w).sum();
    match sum % 11 {
        0 | 1 => 0,
        r => 11 - r,
    }
}

/// Checks a CPF: 11 digits, not one repeated digit, both check digits.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if compact.chars().count() != 11 {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    if values.iter().all(|d| Some(d) == values.first()) {
        return Err(DocumentError::InvalidComponent);
    }
    let (base, checks) = values.split_at(9);
    let first = check_digit(base);
    let mut with_first = base.to_vec();
    with_first.push(first);
    if checks == [first, check_digit(&with_first)] {
        Ok(Valid::clean(compact))
    } else {
        Err(DocumentError::InvalidChecksum)
    }
}

/// Whether `number` is a valid CPF.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// `XXX.XXX.XXX-XX`; the input unchanged when it is not a valid CPF.
pub fn format(number: &str) -> String {
    validate(number)
        .ok()
        .and_then(|valid| shape(&valid.compact, "XXX.XXX.XXX-XX"))
        .unwrap_or_else(|| number.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation with explicit weight tables.
    fn independent_check(cpf: &str) -> bool {
        let d: Vec<u32> = cpf.chars().map(|c| c.to_digit(10).unwrap()).collect();
        let w1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
        let w2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
        let s1: u32 = w1.iter().enumerate().map(|(i, w)| d[i] * w).sum();
        let dv1 = if s1 % 11 < 2 { 0 } else { 11 - s1 % 11 };
        let s2: u32 = w2.iter().enumerate().map(|(i, w)| d[i] * w).sum();
        let dv2 = if s2 % 11 < 2 { 0 } else { 11 - s2 % 11 };
        dv1 == d[9] && dv2 == d[10]
    }

    // Random bodies whose two check digits an independent implementation of the rule
    // computed (not this module).
    crate::document::number_tests::number_tests!(cpf: TYPE, is_valid: is_valid, {
        valid: &[
            "84487308879",
            "47325341555",
            "65820320972",
            "66299195304",
            "47466420877",
            "42069865096",
            "15104065227",
            "27025676578",
            "82790019720",
            "64111847471",
            "38888733043",
            "71091015848",
        ],
        written: &[("844.873.088-79", "84487308879"), ("844 873 088 79", "84487308879")],
        invalid: &[
            ("", InvalidLength),
            ("8448730887", InvalidLength),
            ("844873088790", InvalidLength),
            ("84487308878", InvalidChecksum),
            ("84487308869", InvalidChecksum),
            ("48487308879", InvalidChecksum),
            ("8448730887A", InvalidFormat),
            ("8448730887²", InvalidFormat),
            ("844873088/9", InvalidFormat),
            ("00000000000", InvalidComponent),
            ("11111111111", InvalidComponent),
            ("999.999.999-99", InvalidComponent),
        ],
        formats: &[
            ("84487308879", "844.873.088-79"),
            ("844 873 088 79", "844.873.088-79"),
            ("84487308878", "84487308878"),
        ],
        independent: Some(independent_check),
    });
}
