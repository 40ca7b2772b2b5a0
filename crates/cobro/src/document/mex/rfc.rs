//! RFC (Registro Federal de Contribuyentes), Mexico: 13 characters for a persona física
//! (4 letters, birth date YYMMDD, 3-character homoclave), 12 for a persona moral (3
//! letters, incorporation date, homoclave). Letters are A-Z, Ñ and &.
//!
//! Algorithm: SAT, "Algoritmo para generar el RFC con homoclave para personas físicas y
//! morales" (released through INFOMEX, request 0610100135506, 2006), annex 3 and the
//! check-digit procedure: each of the first 12 characters (a persona moral's 11 preceded
//! by a space) gets its annex-3 value (0-9, A-N 10-23, & 24, O-Z 25-36, space 37, Ñ 38),
//! the values are weighted 13 down to 2 and summed; the check is 11 minus the sum modulo
//! 11, 0 when the remainder is 0 and `A` when the result is 10. The SAT's worked example
//! is GODE561231GR8.
//!
//! Real RFCs exist that fail the check digit, so a mismatch is only
//! [`DocumentWarning::CheckDigit`]. The generic RFCs XAXX010101000 (Mexican public) and
//! XEXX010101000 (foreigners) are valid without warning. The date's year has no century,
//! so 29 February is accepted in any year divisible by 4 (00 stands for 2000).
//!
//! DESIGN.md 9 row 33: the SAT never issues a persona física's RFC whose four letters
//! spell a word of its list of inconvenient words (annex 4 of the same algorithm: the
//! last letter is replaced with `X`); such a number is accepted with
//! [`DocumentWarning::InconvenientWord`], since the letters are most likely the name's
//! own, typed back without the SAT's replacement.

use super::super::{DocumentError, DocumentWarning, NumberType, Valid};
use super::{compact_upper, date_exists};

/// Annex 3: a character's value is its position.
const VALUES: &str = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";
/// Annex 4: the inconvenient words the SAT never issues as a persona física's four
/// letters (sorted).
const INCONVENIENT: &[&str] = &[
    "BUEI", "BUEY", "CACA", "CACO", "CAGA", "CAGO", "CAKA", "CAKO", "COGE", "COJA", "COJE", "COJI", "COJO", "CULO",
    "FETO", "GUEY", "JOTO", "KACA", "KACO", "KAGA", "KAGO", "KAKA", "KOGE", "KOJO", "KULO", "MAME", "MAMO", "MEAR",
    "MEAS", "MEON", "MION", "MOCO", "MULA", "PEDA", "PEDO", "PENE", "PUTA", "PUTO", "QULO", "RATA", "RUIN",
];
/// The generic RFCs the SAT publishes for invoices to the public and to foreigners.
const GENERIC: &[&str] = &["XAXX010101000", "XEXX010101000"];

/// The RFC entry.
pub const TYPE: NumberType = NumberType {
    country: "MX",
    name: "RFC",
    description: "Mexican tax ID: 13 (persona física) or 12 (moral) characters, date YYMMDD, \
                  SAT check digit (a mismatch only warns)",
    account: false,
    length: (12, 13),
    pattern: "[A-ZÑ&] (3-4) [0-9] (6) [A-Z0-9] (3)",
    check_character: None,
    compact,
    validate,
    format,
};

/// The number without spaces, dots or hyphens, in upper case.
pub fn compact(number: &str) -> String {
    compact_upper(number)
}

/// The check character of the first 11 or 12 characters.
fn check_char(first: &[char]) -> Option<char> {
    let padding = (first.len() == 11).then_some(' ');
    let mut sum = 0;
    for (c, weight) in padding.into_iter().chain(first.iter().copied()).zip((2..=13).rev()) {
        sum += VALUES.chars().position(|v| v == c)? * weight;
    }
    Some(match 11 - sum % 11 {
        11 => '0',
        10 => 'A',
        digit => char::from_digit(u32::try_from(digit).ok()?, 10)?,
    })
}

/// Checks an RFC: length 12 or 13, letters, a date that exists, the homoclave; an
/// inconvenient word is accepted with [`DocumentWarning::InconvenientWord`], a failing
/// check digit with [`DocumentWarning::CheckDigit`].
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    let chars: Vec<char> = compact.chars().collect();
    if chars.len() != 12 && chars.len() != 13 {
        return Err(DocumentError::InvalidLength);
    }
    let (name, rest) = chars.split_at(chars.len() - 9);
    let (date, homoclave) = rest.split_at(6);
    if !name.iter().all(|&c| c.is_ascii_uppercase() || c == 'Ñ' || c == '&')
        || !date.iter().all(char::is_ascii_digit)
        || !homoclave.iter().all(|&c| c.is_ascii_uppercase() || c.is_ascii_digit())
    {
        return Err(DocumentError::InvalidFormat);
    }
    if !date_exists(date, 2000) {
        return Err(DocumentError::InvalidComponent);
    }
    if GENERIC.contains(&compact.as_str()) {
        return Ok(Valid::clean(compact));
    }
    let Some((check, first)) = chars.split_last() else {
        return Err(DocumentError::InvalidLength);
    };
    let mut warnings = Vec::new();
    let letters: String = name.iter().collect();
    if name.len() == 4 && INCONVENIENT.binary_search(&letters.as_str()).is_ok() {
        warnings.push(DocumentWarning::InconvenientWord);
    }
    if check_char(first) != Some(*check) {
        warnings.push(DocumentWarning::CheckDigit);
    }
    Ok(Valid {
        compact: compact.into(),
        warnings,
    })
}

/// Whether `number` is a valid RFC (a failing check digit still counts as valid).
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// The compact upper-case form, as the SAT prints it; the input unchanged when it is not
/// a valid RFC.
pub fn format(number: &str) -> String {
    match validate(number) {
        Ok(valid) => valid.compact.into_string(),
        Err(_) => number.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DocumentError::*;

    /// A second implementation: a match table of values and an explicit position loop.
    fn independent_check(rfc: &str) -> char {
        let mut s: Vec<char> = rfc.chars().collect();
        s.pop();
        if s.len() == 11 {
            s.insert(0, ' ');
        }
        let value = |c: char| -> usize {
            match c {
                '0'..='9' => c as usize - '0' as usize,
                'A'..='N' => c as usize - 'A' as usize + 10,
                '&' => 24,
                'O'..='Z' => c as usize - 'O' as usize + 25,
                ' ' => 37,
                'Ñ' => 38,
                _ => panic!("{c}"),
            }
        };
        let mut total = 0;
        for (i, c) in s.iter().enumerate() {
            total += value(*c) * (13 - i);
        }
        let r = total % 11;
        if r == 0 {
            '0'
        } else if r == 1 {
            'A'
        } else {
            char::from_digit((11 - r) as u32, 10).unwrap()
        }
    }

    fn independent(rfc: &str) -> bool {
        rfc.ends_with(independent_check(rfc))
    }

    // GODE561231GR8 is the SAT's worked example; the others have random letters, dates
    // and homoclaves, with check digits an independent implementation computed.
    crate::document::number_tests::number_tests!(rfc: TYPE, is_valid: is_valid, {
        valid: &[
            "GODE561231GR8",
            "XFTV5306043X4",
            "SHK4303118Z9",
            "JYNU571219WD2",
            "HON8402183F4",
            "NOHU191013TE1",
            "PGB430421HH3",
            "HQGY601006SHA",
            "EKB191209L85",
            "SMUU1802173X9",
            "MCN581203BM7",
            "JVPZ201021LS4",
            "QGU111124IM7",
        ],
        written: &[
            ("gode-561231-gr8", "GODE561231GR8"),
            ("gode 561231 gr8", "GODE561231GR8"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("GODE561231GR", InvalidFormat),
            ("GODE561231G", InvalidLength),
            ("GODE561231GR88", InvalidLength),
            ("G0DE561231GR8", InvalidFormat),
            ("GODE561231G_8", InvalidFormat),
            ("GODE 561231 GR8 X", InvalidLength),
            ("GODE56123AGR8", InvalidFormat),
            ("GODE561231G#8", InvalidFormat),
            ("GODE561231GR²", InvalidFormat),
            ("GODE561331GR8", InvalidComponent),
            ("GODE560230GR8", InvalidComponent),
            ("GODE570229GR8", InvalidComponent),
            ("SHK430000Z9", InvalidLength),
            ("SHK430100Z9A", InvalidComponent),
            ("x", InvalidLength),
        ],
        formats: &[("gode 561231 gr8", "GODE561231GR8")],
        independent: Some(independent),
    });

    // The generic RFCs (no check digit of their own) pass clean.
    crate::document::number_tests::number_tests!(generic: TYPE, is_valid: is_valid, {
        valid: GENERIC,
        written: &[],
        invalid: &[],
        formats: &[],
        independent: None,
    });

    #[test]
    fn n_tilde_and_ampersand_in_the_name() {
        let with_n = "ÑA&U800229AB";
        let check = independent_check(&format!("{with_n}0"));
        let rfc = format!("{with_n}{check}");
        assert_eq!(validate(&rfc), Ok(Valid::clean(rfc.clone())));
    }

    #[test]
    fn check_digit_only_warns() {
        let warned = Valid {
            compact: "GODE561231GR9".into(),
            warnings: vec![DocumentWarning::CheckDigit],
        };
        assert_eq!(validate("GODE561231GR9"), Ok(warned));
        assert!(is_valid("GODE561231GR9"));
        assert_eq!(
            validate("SHK4303118Z0").map(|v| v.warnings),
            Ok(vec![DocumentWarning::CheckDigit])
        );
        assert_eq!(
            validate("XAXX010101001").map(|v| v.warnings),
            Ok(vec![DocumentWarning::CheckDigit])
        );
    }

    #[test]
    fn inconvenient_words_only_warn() {
        // python-stdnum's test suite refuses CACA580710NF7; its check digit is right.
        assert_eq!(
            validate("CACA 580710 NF7").map(|v| v.warnings),
            Ok(vec![DocumentWarning::InconvenientWord])
        );
        let puto = format!("PUTO800101AB{}", independent_check("PUTO800101AB0"));
        assert_eq!(
            validate(&puto).map(|v| v.warnings),
            Ok(vec![DocumentWarning::InconvenientWord])
        );
        assert_eq!(
            validate("CULO800101AB0").map(|v| v.warnings),
            Ok(vec![DocumentWarning::InconvenientWord, DocumentWarning::CheckDigit])
        );
        // The SAT's replacement, a persona moral (3 letters) and a word only RENAPO
        // lists pass clean.
        let replaced = format!("CACX580710NF{}", independent_check("CACX580710NF0"));
        assert_eq!(validate(&replaced).map(|v| v.warnings), Ok(vec![]));
        let moral = format!("CAC580710NF{}", independent_check("CAC580710NF0"));
        assert_eq!(validate(&moral).map(|v| v.warnings), Ok(vec![]));
        let baca = format!("BACA580710NF{}", independent_check("BACA580710NF0"));
        assert_eq!(validate(&baca).map(|v| v.warnings), Ok(vec![]));
        assert!(INCONVENIENT.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(INCONVENIENT.len(), 41);
    }
}
