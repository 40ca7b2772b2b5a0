//! CBU (Clave Bancaria Uniforme) and CVU (Clave Virtual Uniforme), Argentina: 22 digits
//! in two blocks, each ending in a check digit.
//!
//! Algorithm: BCRA (Banco Central de la República Argentina), the CBU structure of its
//! transfer rules, which Comunicación "A" 6510 (May 2018) extends to the CVU in a
//! compatible format: block 1 is the 3-digit bank code, the 4-digit branch code and a
//! check digit computed with weights 7,1,3,9,7,1,3; block 2 is the 13-digit account
//! number and a check digit computed with weights
//! 3,9,7,1,3,9,7,1,3,9,7,1,3. Each check digit is (10 - sum mod 10) mod 10.
//!
//! A CVU (accounts at payment-service providers) has the same structure with the bank
//! code `000`; a CBU's bank code is never `000`. So a CBU starting with `000` is refused
//! as a component error (it is a CVU), and a CVU that does not start with `000` too.
//! Both are displayed as the 22 digits without separators, as banks print them.

use super::super::{DocumentError, NumberType, Valid, digits, strip_separators};

/// Weights of block 1's first 7 digits.
const WEIGHTS_1: [u32; 7] = [7, 1, 3, 9, 7, 1, 3];
/// Weights of block 2's first 13 digits.
const WEIGHTS_2: [u32; 13] = [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3];

/// The CBU entry (bank accounts).
pub const CBU: NumberType = NumberType {
    country: "AR",
    name: "CBU",
    description: "Argentine bank account key: 22 digits, bank code not 000, two check digits (BCRA)",
    account: true,
    length: (22, 22),
    pattern: "[0-9] (22)",
    check_character: None,
    compact,
    validate,
    format,
};

/// The CVU entry (accounts at payment-service providers).
pub const CVU: NumberType = NumberType {
    country: "AR",
    name: "CVU",
    description: "Argentine virtual account key: 22 digits starting 000, two check digits (BCRA)",
    account: true,
    length: (22, 22),
    pattern: "000 [0-9] (19)",
    check_character: None,
    compact,
    validate: validate_cvu,
    format,
};

/// The number without spaces, dots or hyphens.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// Whether the last digit of `block` is the check digit of the others under `weights`.
fn block_ok(block: &[u32], weights: &[u32]) -> bool {
    let Some((check, body)) = block.split_last() else {
        return false;
    };
    let sum: u32 = body.iter().zip(weights).map(|(d, w)| d * w).sum();
    (10 - sum % 10) % 10 == *check
}

/// Checks the 22 digits; `cvu` says which kind of bank code is required.
fn validate_kind(number: &str, cvu: bool) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if compact.chars().count() != 22 {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    if compact.starts_with("000") != cvu {
        return Err(DocumentError::InvalidComponent);
    }
    let (block1, block2) = values.split_at(8);
    if block_ok(block1, &WEIGHTS_1) && block_ok(block2, &WEIGHTS_2) {
        Ok(Valid::clean(compact))
    } else {
        Err(DocumentError::InvalidChecksum)
    }
}

/// Checks a CBU: 22 digits, a bank code other than `000`, both check digits.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    validate_kind(number, false)
}

/// Checks a CVU: 22 digits starting with `000`, both check digits.
pub fn validate_cvu(number: &str) -> Result<Valid, DocumentError> {
    validate_kind(number, true)
}

/// Whether `number` is a valid CBU.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// Whether `number` is a valid CVU.
pub fn is_valid_cvu(number: &str) -> bool {
    validate_cvu(number).is_ok()
}

/// The 22 digits without separators (the usual display form of both CBU and CVU); the
/// input unchanged when it is neither a valid CBU nor a valid CVU.
pub fn format(number: &str) -> String {
    match validate(number).or_else(|_| validate_cvu(number)) {
        Ok(valid) => valid.compact.into_string(),
        Err(_) => number.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: the check digit as the difference to the next multiple
    /// of ten, with the weights written out per position over the whole 22 digits.
    fn independent_check(number: &str) -> bool {
        let w: [u32; 22] = [7, 1, 3, 9, 7, 1, 3, 0, 3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3, 0];
        let d: Vec<u32> = number.chars().map(|c| c.to_digit(10).unwrap()).collect();
        let s1: u32 = (0..7).map(|i| d[i] * w[i]).sum();
        let s2: u32 = (8..21).map(|i| d[i] * w[i]).sum();
        let next = |s: u32| s.div_ceil(10) * 10 - s;
        next(s1) == d[7] && next(s2) == d[21]
    }

    // Random numbers whose two check digits an independent implementation of the BCRA
    // rule computed (not this module).
    const VALID_CBU: &[&str] = &[
        "8698329972808076229474",
        "4349812375818551023638",
        "4632643453654158472800",
        "2660708908120970354090",
        "4744594194039119495998",
        "6647720660331443347622",
        "1493204972587800813100",
        "9363320648595027450092",
        "1895829856418208018878",
        "6509150017752110621357",
    ];
    const VALID_CVU: &[&str] = &[
        "0001009440274258910749",
        "0004546721485033470067",
        "0005424331264552179665",
        "0004766104529430366398",
        "0000701803192325588811",
        "0005288956577131592229",
    ];

    crate::document::number_tests::number_tests!(cbu: CBU, is_valid: is_valid, {
        valid: VALID_CBU,
        written: &[
            ("86983299 72808076229474", "8698329972808076229474"),
            ("86983299-72808076229474", "8698329972808076229474"),
        ],
        invalid: &[
            ("8698329972808076229475", InvalidChecksum),
            ("8698329872808076229474", InvalidChecksum),
            ("4349812375818551023630", InvalidChecksum),
            ("4349812475818551023638", InvalidChecksum),
            ("869832997280807622947", InvalidLength),
            ("86983299728080762294744", InvalidLength),
            ("", InvalidLength),
            ("869832997280807622947A", InvalidFormat),
            ("869832997280807622947²", InvalidFormat),
            ("0001009440274258910749", InvalidComponent),
            ("8698329972/08076229474", InvalidFormat),
        ],
        formats: &[
            ("86983299-72808076229474", "8698329972808076229474"),
            ("86983299-7280807622947", "86983299-7280807622947"),
        ],
        independent: Some(independent_check),
    });

    crate::document::number_tests::number_tests!(cvu: CVU, is_valid: is_valid_cvu, {
        valid: VALID_CVU,
        written: &[],
        invalid: &[
            ("0001009440274258910740", InvalidChecksum),
            ("0001009340274258910749", InvalidChecksum),
        ],
        formats: &[("0000701803192325588811", "0000701803192325588811")],
        independent: Some(independent_check),
    });

    #[test]
    fn a_cbu_is_not_a_cvu_nor_the_reverse() {
        for n in VALID_CBU {
            assert_eq!(validate_cvu(n), Err(InvalidComponent), "{n}");
        }
        for n in VALID_CVU {
            assert_eq!(validate(n), Err(InvalidComponent), "{n}");
        }
    }
}
