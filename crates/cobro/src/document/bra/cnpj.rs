//! CNPJ (Cadastro Nacional da Pessoa Jurídica), Brazil: 14 characters, an 8-character
//! root, a 4-character establishment order and two check digits, written
//! `XX.XXX.XXX/XXXX-XX`. From July 2026 the root and order may hold letters A-Z.
//!
//! Algorithm: Receita Federal, Instrução Normativa RFB 2.229/2024 and Nota Técnica
//! COCAD/SUARA/RFB nº 49/2024 on the alphanumeric CNPJ, with SERPRO's "Cálculo dos
//! dígitos verificadores do CNPJ alfanumérico": each of the first 12 characters is worth
//! its ASCII code minus 48 (digits keep their value, A = 17 ... Z = 42); the first check
//! digit weights them 5,4,3,2,9,8,7,6,5,4,3,2, the second weights the 12 and the first
//! check 6,5,4,3,2,9,8,7,6,5,4,3,2; each check is 11 minus the sum modulo 11, and 0 when
//! the remainder is 0 or 1. The check digits stay numeric. SERPRO's example is
//! 12.ABC.345/01DE-35.
//!
//! Letters are accepted in either case and shown in upper case. A number of one repeated
//! character (00.000.000/0000-00 passes the sum) is refused as a component error.

use super::super::{DocumentError, NumberType, Valid, strip_separators};
use crate::document::shape;

/// Weights of the first check digit (the second adds 6 in front).
const WEIGHTS: [u32; 12] = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/// The CNPJ entry.
pub const TYPE: NumberType = NumberType {
    country: "BR",
    name: "CNPJ",
    description: "Brazilian company ID: 14 characters (12 of 0-9/A-Z, 2 check digits), mod 11 over ASCII - 48",
    account: false,
    length: (14, 14),
    pattern: "[0-9A-Z] (12) [0-9] (2)",
    check_character: None,
    compact,
    validate,
    format,
};

/// The number without spaces, dots, hyphens or slashes, letters in upper case.
pub fn compact(number: &str) -> String {
    strip_separators(number, true)
        .chars()
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The mod-11 check digit of `values` under `weights`.
fn check_digit(values: &[u32], weights: &[u32]) -> u32 {
    let sum: u32 = values.iter().zip(weights).map(|(v, w)| v * w).sum();
    match sum % 11 {
        0 | 1 => 0,
        r => 11 - r,
    }
}

/// Checks a CNPJ: 14 characters, 12 of 0-9 or A-Z then 2 digits, not one repeated
/// character, both check digits.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    let chars: Vec<char> = compact.chars().collect();
    if chars.len() != 14 {
        return Err(DocumentError::InvalidLength);
    }
    let (base, checks) = chars.split_at(12);
    if !base.iter().all(|c| c.is_ascii_digit() || c.is_ascii_uppercase()) || !checks.iter().all(char::is_ascii_digit) {
        return Err(DocumentError::InvalidFormat);
    }
    if chars.iter().all(|c| Some(c) == chars.first()) {
        return Err(DocumentError::InvalidComponent);
    }
    // ASCII only from here: the code point is the ASCII code.
    let mut values: Vec<u32> = base.iter().map(|&c| u32::from(c).saturating_sub(48)).collect();
    let first = check_digit(&values, &WEIGHTS);
    values.push(first);
    let mut weights = vec![6];
    weights.extend_from_slice(&WEIGHTS);
    let second = check_digit(&values, &weights);
    let given: Vec<u32> = checks.iter().filter_map(|c| c.to_digit(10)).collect();
    if given == [first, second] {
        Ok(Valid::clean(compact))
    } else {
        Err(DocumentError::InvalidChecksum)
    }
}

/// Whether `number` is a valid CNPJ.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// `XX.XXX.XXX/XXXX-XX`; the input unchanged when it is not a valid CNPJ.
pub fn format(number: &str) -> String {
    validate(number)
        .ok()
        .and_then(|valid| shape(&valid.compact, "XX.XXX.XXX/XXXX-XX"))
        .unwrap_or_else(|| number.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: weights cycling 2..9 from the right, over bytes.
    fn independent_check(cnpj: &str) -> bool {
        let b = cnpj.as_bytes();
        let dv = |n: usize| -> u32 {
            let mut total = 0u32;
            for (i, byte) in b.iter().take(n).enumerate() {
                let weight = 2 + ((n - 1 - i) % 8) as u32;
                total += (*byte as u32 - 48) * weight;
            }
            let r = total % 11;
            if r < 2 { 0 } else { 11 - r }
        };
        dv(12) == (b[12] - b'0') as u32 && dv(13) == (b[13] - b'0') as u32
    }

    // 12ABC34501DE35 is SERPRO's example; the others (numeric and alphanumeric) have
    // check digits an independent implementation of the rule computed.
    crate::document::number_tests::number_tests!(cnpj: TYPE, is_valid: is_valid, {
        valid: &[
            "12ABC34501DE35",
            "45639931000504",
            "58169958000352",
            "81285046000520",
            "90648974002031",
            "23846290001085",
            "49927405000754",
            "54PBLNKBJ11X97",
            "5M6ABV47BUEJ70",
            "PFVEJNEKYXSP62",
            "WPKISQ0GBYTZ06",
            "NPO19W4TMJ5G05",
            "UEU49F4J83AP51",
            "ZYG1XFA6D2K571",
            "7H3IB9Q85ZN042",
        ],
        written: &[
            ("12.abc.345/01de-35", "12ABC34501DE35"),
            ("12.ABC.345/01DE-35", "12ABC34501DE35"),
            ("12abc34501de35", "12ABC34501DE35"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("12ABC34501DE3", InvalidLength),
            ("12ABC34501DE355", InvalidLength),
            ("12ABC34501DE36", InvalidChecksum),
            ("12ABC34501DF35", InvalidChecksum),
            ("45639931000505", InvalidChecksum),
            ("21ABC34501DE35", InvalidChecksum),
            ("12ABC34501DE3A", InvalidFormat),
            ("12ABC34501DÉ35", InvalidFormat),
            ("12ABC34501D_35", InvalidFormat),
            ("12ABC34501DE3²", InvalidFormat),
            ("00000000000000", InvalidComponent),
            ("00.000.000/0000-00", InvalidComponent),
        ],
        formats: &[
            ("12abc34501de35", "12.ABC.345/01DE-35"),
            ("45.639.931/0005-04", "45.639.931/0005-04"),
            ("45639931000505", "45639931000505"),
        ],
        independent: Some(independent_check),
    });
}
