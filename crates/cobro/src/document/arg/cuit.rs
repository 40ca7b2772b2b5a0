//! CUIT (Clave Única de Identificación Tributaria) and CUIL (Clave Única de
//! Identificación Laboral), Argentina: 11 digits, `TT-NNNNNNNN-C`.
//!
//! Algorithm: AFIP (now ARCA), as described in the Spanish Wikipedia article "Clave Única
//! de Identificación Tributaria" (procedimiento para obtener el dígito verificador): the
//! first 10 digits are weighted 5,4,3,2,7,6,5,4,3,2 and summed; the check digit is 11
//! minus the sum modulo 11, with 11 giving 0. A result of 10 is not a digit: AFIP never
//! issues such a number but changes the type prefix instead (20 or 27 become 23, 30
//! becomes 33 or 34) and recomputes, so a number whose computation gives 10 is refused
//! as a checksum error.
//!
//! Type prefixes accepted: 20, 23, 24, 27 (persons) and 30, 33, 34 (companies) for the
//! CUIT; only the person prefixes for the CUIL, which is issued to workers.

use super::super::{DocumentError, NumberType, Valid, digits, strip_separators};
use crate::document::shape;

/// Type prefixes of persons (CUIT and CUIL).
const PERSON_PREFIXES: &[&str] = &["20", "23", "24", "27"];
/// Type prefixes of companies (CUIT only).
const COMPANY_PREFIXES: &[&str] = &["30", "33", "34"];
/// Weights of the first 10 digits.
const WEIGHTS: [u32; 10] = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/// The CUIT entry: persons and companies.
pub const CUIT: NumberType = NumberType {
    country: "AR",
    name: "CUIT",
    description: "Argentine tax ID: 11 digits, type prefix 20/23/24/27/30/33/34, mod-11 check digit",
    account: false,
    length: (11, 11),
    pattern: "[0-9] (11)",
    check_character: None,
    compact,
    validate,
    format,
};

/// The CUIL entry: persons only.
pub const CUIL: NumberType = NumberType {
    country: "AR",
    name: "CUIL",
    description: "Argentine labour ID: 11 digits, type prefix 20/23/24/27, mod-11 check digit",
    account: false,
    length: (11, 11),
    pattern: "[0-9] (11)",
    check_character: None,
    compact,
    validate: validate_cuil,
    format: format_cuil,
};

/// The number without spaces, dots or hyphens.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// The check digit of the first 10 digits, or `None` when the computation gives 10.
fn check_digit(first: &[u32]) -> Option<u32> {
    let sum: u32 = first.iter().zip(WEIGHTS.iter()).map(|(d, w)| d * w).sum();
    match 11 - sum % 11 {
        11 => Some(0),
        10 => None,
        digit => Some(digit),
    }
}

/// Checks a CUIT with the given accepted prefixes.
fn validate_with(number: &str, prefixes: &[&[&str]]) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if compact.chars().count() != 11 {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    let prefix = compact.get(..2).ok_or(DocumentError::InvalidFormat)?;
    if !prefixes.iter().any(|list| list.contains(&prefix)) {
        return Err(DocumentError::InvalidComponent);
    }
    let (first, last) = values.split_at(10);
    match check_digit(first) {
        Some(digit) if last.first() == Some(&digit) => Ok(Valid::clean(compact)),
        _ => Err(DocumentError::InvalidChecksum),
    }
}

/// Checks a CUIT: 11 digits, a person or company prefix, the check digit.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    validate_with(number, &[PERSON_PREFIXES, COMPANY_PREFIXES])
}

/// Checks a CUIL: as a CUIT, but only person prefixes (20, 23, 24, 27).
pub fn validate_cuil(number: &str) -> Result<Valid, DocumentError> {
    validate_with(number, &[PERSON_PREFIXES])
}

/// Whether `number` is a valid CUIT.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// `TT-NNNNNNNN-C`; the input unchanged when it is not a valid CUIT.
pub fn format(number: &str) -> String {
    shaped(validate(number), number)
}

/// `TT-NNNNNNNN-C`; the input unchanged when it is not a valid CUIL (a company's CUIT
/// is not one).
pub fn format_cuil(number: &str) -> String {
    shaped(validate_cuil(number), number)
}

fn shaped(checked: Result<Valid, DocumentError>, number: &str) -> String {
    checked
        .ok()
        .and_then(|valid| shape(&valid.compact, "XX-XXXXXXXX-X"))
        .unwrap_or_else(|| number.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: weights walked from the right as 2..7 repeating.
    fn independent_check(number: &str) -> bool {
        let d: Vec<u32> = number.chars().map(|c| c.to_digit(10).unwrap()).collect();
        let mut sum = 0;
        for (i, digit) in d.iter().take(10).enumerate() {
            let w = 2 + (9 - i) as u32 % 6;
            sum += digit * w;
        }
        let r = (11 - sum % 11) % 11;
        r != 10 && r == d[10]
    }

    // Random bodies with prefixes from the list, whose check digits an independent
    // implementation of AFIP's rule computed (not this module).
    const VALID_CUIT: &[&str] = &[
        "23417080473",
        "20978000941",
        "27652739704",
        "23130930506",
        "20036598167",
        "27747394674",
        "24088983188",
        "23708387541",
        "30493512532",
        "24241746409",
        "34152516802",
        "24297763381",
        "23428440129",
    ];
    const VALID_CUIL: &[&str] = &[
        "20869917738",
        "24374733660",
        "23231215328",
        "24398749150",
        "24126391265",
        "24911542435",
    ];

    crate::document::number_tests::number_tests!(cuit: CUIT, is_valid: is_valid, {
        valid: &[VALID_CUIT, VALID_CUIL].concat(),
        written: &[
            (" 20-03659816-7 ", "20036598167"),
            ("20.03659816.7", "20036598167"),
            ("20\u{2013}03659816\u{2013}7", "20036598167"),
        ],
        invalid: &[
            ("23417080474", InvalidChecksum),
            ("20978000940", InvalidChecksum),
            ("30493512531", InvalidChecksum),
            // 20-42844012 gives 10: AFIP issues 23-42844012-9 instead.
            ("20428440120", InvalidChecksum),
            ("2342844012", InvalidLength),
            ("234284401299", InvalidLength),
            ("", InvalidLength),
            ("2342844012X", InvalidFormat),
            ("2342844012²", InvalidFormat),
            ("21428440129", InvalidComponent),
            ("50428440129", InvalidComponent),
            ("2342844012\u{0}", InvalidFormat),
        ],
        formats: &[
            ("20036598167", "20-03659816-7"),
            ("20\u{2013}03659816\u{2013}7", "20-03659816-7"),
            ("20036598160", "20036598160"),
        ],
        independent: Some(independent_check),
    });

    crate::document::number_tests::number_tests!(cuil: CUIL, {
        valid: VALID_CUIL,
        written: &[("20-86991773-8", "20869917738")],
        // Company prefixes are not CUILs; see the test below.
        invalid: &[],
        formats: &[("20869917738", "20-86991773-8")],
        independent: Some(independent_check),
    });

    #[test]
    fn company_prefixes_are_not_cuils() {
        for n in VALID_CUIL {
            assert_eq!(validate_cuil(n), Ok(Valid::clean(n.to_string())), "{n}");
        }
        assert_eq!(validate_cuil("30493512532"), Err(InvalidComponent));
        assert!(!CUIL.is_valid("34152516802"));
        // Formatting follows validity: a company's CUIT is returned unchanged as a CUIL.
        assert_eq!((CUIL.format)("30493512532"), "30493512532");
        assert_eq!((CUIT.format)("30493512532"), "30-49351253-2");
    }
}
