//! CLABE (Clave Bancaria Estandarizada), Mexico: 18 digits, a 3-digit bank code, a
//! 3-digit plaza code, an 11-digit account number and a check digit, written
//! `XXX XXX XXXXXXXXXXX X`.
//!
//! Algorithm: Banco de México, CLABE rules for SPEI participants (as published on
//! banxico.org.mx, "CLABE"): the first 17 digits are weighted 3, 7, 1 repeating, each
//! product taken modulo 10; the check digit is 10 minus the sum modulo 10, and 0 when
//! that is 10. Banxico's example is 032180000118359719.
//!
//! No bank-code list is kept: the SPEI participant list changes and a stale list would
//! only produce [`super::super::DocumentWarning::UnknownInstitution`] noise.

use super::super::{DocumentError, NumberType, Valid, digits, strip_separators};
use crate::document::shape;

/// The weights, repeated over the first 17 digits.
const WEIGHTS: [u32; 3] = [3, 7, 1];

/// The CLABE entry.
pub const TYPE: NumberType = NumberType {
    country: "MX",
    name: "CLABE",
    description: "Mexican bank account key: 18 digits (bank, plaza, account), weights 3-7-1 check digit (Banxico)",
    account: true,
    length: (18, 18),
    pattern: "[0-9] (18)",
    check_character: None,
    compact,
    validate,
    format,
};

/// The number without spaces, dots or hyphens.
pub fn compact(number: &str) -> String {
    strip_separators(number, false)
}

/// Checks a CLABE: 18 digits and the check digit.
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    if compact.chars().count() != 18 {
        return Err(DocumentError::InvalidLength);
    }
    let values = digits(&compact).ok_or(DocumentError::InvalidFormat)?;
    let Some((check, first)) = values.split_last() else {
        return Err(DocumentError::InvalidLength);
    };
    let sum: u32 = first.iter().zip(WEIGHTS.iter().cycle()).map(|(d, w)| d * w % 10).sum();
    if (10 - sum % 10) % 10 == *check {
        Ok(Valid::clean(compact))
    } else {
        Err(DocumentError::InvalidChecksum)
    }
}

/// Whether `number` is a valid CLABE.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// `XXX XXX XXXXXXXXXXX X` (bank, plaza, account, check digit); the input unchanged
/// when it is not a valid CLABE.
pub fn format(number: &str) -> String {
    validate(number)
        .ok()
        .and_then(|valid| shape(&valid.compact, "XXX XXX XXXXXXXXXXX X"))
        .unwrap_or_else(|| number.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: the products summed whole, keeping only last digits.
    fn independent_check(clabe: &str) -> bool {
        let d: Vec<u32> = clabe.bytes().map(|b| (b - b'0') as u32).collect();
        let mut total = 0;
        for (i, digit) in d.iter().take(17).enumerate() {
            let w = [3, 7, 1][i % 3];
            total += (digit * w) % 10;
        }
        (10 - total % 10) % 10 == d[17]
    }

    // 032180000118359719 is Banxico's example; the others have check digits an
    // independent implementation of the rule computed.
    crate::document::number_tests::number_tests!(clabe: TYPE, is_valid: is_valid, {
        valid: &[
            "032180000118359719",
            "014794586345611077",
            "127697121029077483",
            "030633405622820558",
            "014257832434869060",
            "014340024614030936",
            "036046234281246212",
            "036803506992932333",
            "030586605465929615",
            "021435297062693333",
            "012061045621537423",
        ],
        written: &[
            ("032 180 00011835971 9", "032180000118359719"),
            ("032-180-00011835971-9", "032180000118359719"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("03218000011835971", InvalidLength),
            ("0321800001183597190", InvalidLength),
            ("032180000118359718", InvalidChecksum),
            ("032180000118359791", InvalidChecksum),
            ("132180000118359719", InvalidChecksum),
            ("014794586345611076", InvalidChecksum),
            ("03218000011835971X", InvalidFormat),
            ("03218000011835971²", InvalidFormat),
            ("032180000118359/19", InvalidFormat),
            ("٠٣٢١٨٠٠٠٠١١٨٣٥٩٧١٩", InvalidFormat),
        ],
        formats: &[
            ("032180000118359719", "032 180 00011835971 9"),
            ("032-180-00011835971-9", "032 180 00011835971 9"),
            ("032180000118359718", "032180000118359718"),
        ],
        independent: Some(independent_check),
    });
}
