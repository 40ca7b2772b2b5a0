//! CURP (Clave Única de Registro de Población), Mexico: 18 characters. Four letters
//! from the names, the birth date YYMMDD, the sex (`H`, `M` or `X`), the two-letter
//! state of birth (`NE` for born abroad), three internal consonants, a homoclave (a
//! digit for births before 2000, a letter from 2000) and a check digit.
//!
//! Algorithm: RENAPO, "Instructivo Normativo para la Asignación de la Clave Única de
//! Registro de Población" (DOF): the state codes of its catalogue of federal entities,
//! and the check digit: each of the first 17 characters takes its position in
//! `0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ` as value, weighted 18 down to 2; the check
//! digit is 10 minus the sum modulo 10, and 0 when that is 10.
//!
//! Decisions: the sex `X` (non-binary) is accepted: RENAPO has issued CURPs with `X`
//! since 2023, following birth certificates with a non-binary sex. The homoclave fixes
//! the century, so 29 February is checked against the full year (000229 exists only
//! with a letter homoclave). The CURP writes Ñ as X, so only A-Z is accepted.
//!
//! DESIGN.md 9 row 33: RENAPO never issues a CURP whose four letters spell a word of its
//! list of inconvenient words (the instructivo's annex: the second letter is replaced
//! with `X`); such a number is accepted with [`DocumentWarning::InconvenientWord`],
//! since the letters are most likely the name's own, typed back without RENAPO's
//! replacement.

use super::super::{DocumentError, DocumentWarning, NumberType, Valid};
use super::{compact_upper, date_exists};

/// Check-digit values: a character's value is its position.
const VALUES: &str = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ";
/// RENAPO's federal-entity codes, and NE (nacido en el extranjero).
const STATES: &[&str] = &[
    "AS", "BC", "BS", "CC", "CL", "CM", "CS", "CH", "DF", "DG", "GT", "GR", "HG", "JC", "MC", "MN", "MS", "NT", "NL",
    "OC", "PL", "QT", "QR", "SP", "SL", "SR", "TC", "TS", "TL", "VZ", "YN", "ZS", "NE",
];
/// RENAPO's inconvenient words, never issued as a CURP's four letters (sorted).
const INCONVENIENT: &[&str] = &[
    "BACA", "BAKA", "BUEI", "BUEY", "CACA", "CACO", "CAGA", "CAGO", "CAKA", "CAKO", "COGE", "COGI", "COJA", "COJE",
    "COJI", "COJO", "COLA", "CULO", "FALO", "FETO", "GETA", "GUEI", "GUEY", "JETA", "JOTO", "KACA", "KACO", "KAGA",
    "KAGO", "KAKA", "KAKO", "KOGE", "KOGI", "KOJA", "KOJE", "KOJI", "KOJO", "KOLA", "KULO", "LILO", "LOCA", "LOCO",
    "LOKA", "LOKO", "MAME", "MAMO", "MEAR", "MEAS", "MEON", "MIAR", "MION", "MOCO", "MOKO", "MULA", "MULO", "NACA",
    "NACO", "PEDA", "PEDO", "PENE", "PIPI", "PITO", "POPO", "PUTA", "PUTO", "QULO", "RATA", "ROBA", "ROBE", "ROBO",
    "RUIN", "SENO", "TETA", "VACA", "VAGA", "VAGO", "VAKA", "VUEI", "VUEY", "WUEI", "WUEY",
];
/// The sex codes: hombre, mujer, and X (non-binary).
const SEXES: &[char] = &['H', 'M', 'X'];

/// The CURP entry.
pub const TYPE: NumberType = NumberType {
    country: "MX",
    name: "CURP",
    description: "Mexican population ID: 18 characters, date YYMMDD, sex H/M/X, state code, RENAPO check digit",
    account: false,
    length: (18, 18),
    pattern: "[A-Z] (4) [0-9] (6) [HMX] [A-Z] (5) [0-9A-Z] [0-9]",
    check_character: None,
    compact,
    validate,
    format,
};

/// The number without spaces, dots or hyphens, in upper case.
pub fn compact(number: &str) -> String {
    compact_upper(number)
}

/// Whether `c` is an upper-case ASCII consonant.
fn is_consonant(c: char) -> bool {
    c.is_ascii_uppercase() && !matches!(c, 'A' | 'E' | 'I' | 'O' | 'U')
}

/// The check digit of the first 17 characters.
fn check_digit(first: &[char]) -> Option<u32> {
    let mut sum = 0;
    for (c, weight) in first.iter().zip((2..=18).rev()) {
        sum += VALUES.chars().position(|v| v == *c)? * weight;
    }
    u32::try_from((10 - sum % 10) % 10).ok()
}

/// Whether each character of `chars` passes the test of its position.
fn shape(chars: &[char]) -> bool {
    let letter = |c: &char| c.is_ascii_uppercase();
    let digit = |c: &char| c.is_ascii_digit();
    let tests: [&dyn Fn(&char) -> bool; 18] = [
        &letter,
        &letter,
        &letter,
        &letter,
        &digit,
        &digit,
        &digit,
        &digit,
        &digit,
        &digit,
        &letter,
        &letter,
        &letter,
        &letter,
        &letter,
        &letter,
        &|c: &char| letter(c) || digit(c),
        &digit,
    ];
    chars.len() == tests.len() && chars.iter().zip(tests).all(|(c, test)| test(c))
}

/// Checks a CURP: 18 characters of the right kinds, a date that exists, sex, state,
/// consonants, then the check digit; an inconvenient word is accepted with
/// [`DocumentWarning::InconvenientWord`].
pub fn validate(number: &str) -> Result<Valid, DocumentError> {
    let compact = compact(number);
    let chars: Vec<char> = compact.chars().collect();
    if chars.len() != 18 {
        return Err(DocumentError::InvalidLength);
    }
    if !shape(&chars) {
        return Err(DocumentError::InvalidFormat);
    }
    let part = |from: usize, to: usize| -> &[char] {
        match chars.get(from..to) {
            Some(slice) => slice,
            None => &[],
        }
    };
    let state: String = part(11, 13).iter().collect();
    let century = if part(16, 17).iter().all(char::is_ascii_digit) {
        1900
    } else {
        2000
    };
    if !date_exists(part(4, 10), century)
        || !part(10, 11).iter().all(|c| SEXES.contains(c))
        || !STATES.contains(&state.as_str())
        || !part(13, 16).iter().all(|&c| is_consonant(c))
    {
        return Err(DocumentError::InvalidComponent);
    }
    let check = part(17, 18).first().and_then(|c| c.to_digit(10));
    if check.is_none() || check != check_digit(part(0, 17)) {
        return Err(DocumentError::InvalidChecksum);
    }
    let letters: String = part(0, 4).iter().collect();
    let warnings = if INCONVENIENT.binary_search(&letters.as_str()).is_ok() {
        vec![DocumentWarning::InconvenientWord]
    } else {
        Vec::new()
    };
    Ok(Valid {
        compact: compact.into(),
        warnings,
    })
}

/// Whether `number` is a valid CURP.
pub fn is_valid(number: &str) -> bool {
    validate(number).is_ok()
}

/// The compact upper-case form, as RENAPO prints it; the input unchanged when it is not
/// a valid CURP.
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

    /// A second implementation over bytes: digits, then A-N, then Ñ (absent) shifts O-Z.
    fn independent_check(curp: &str) -> bool {
        let b = curp.as_bytes();
        let mut total = 0u32;
        for (i, &c) in b.iter().take(17).enumerate() {
            let v = match c {
                b'0'..=b'9' => c - b'0',
                b'A'..=b'N' => c - b'A' + 10,
                _ => c - b'O' + 25,
            } as u32;
            total += v * (18 - i as u32);
        }
        let expected = (10 - total % 10) % 10;
        (b[17] - b'0') as u32 == expected
    }

    // Random letters and consonants, check digits from an independent implementation, dates from
    // 1940 on, states from the list, homoclave digit before 2000 and letter after.
    crate::document::number_tests::number_tests!(curp: TYPE, is_valid: is_valid, {
        valid: &[
            "CIUV750309HBSQYG71",
            "VAFW081017MYNQQJI5",
            "GEAT110805MCHQQKA9",
            "GEVT890525MYNVSB05",
            "WUDP470201MDFCPD03",
            "AILC081111HVZQJMQ5",
            "YOMD741112HCHYPV34",
            "WOCU781206HOCTRF62",
            "FIFF110816HPLTNLR5",
            "WEAU880811MCHWFT03",
            "TOQC100714HTCMPKW8",
            "UAVB081012MVZXMVF1",
            "BOXA000229HDFRRRA7",
            "BOXA960229MNEXXX07",
            "XEXX230101XJCRRRA6",
            "ZAZA991231XNEZZZ93",
        ],
        written: &[
            ("ciuv750309hbsqyg71", "CIUV750309HBSQYG71"),
            ("CIUV-750309-HBSQYG-71", "CIUV750309HBSQYG71"),
        ],
        invalid: &[
            ("", InvalidLength),
            ("CIUV750309HBSQYG7", InvalidLength),
            ("CIUV750309HBSQYG711", InvalidLength),
            ("CIUV750309HBSQYG72", InvalidChecksum),
            ("CIUV750308HBSQYG71", InvalidChecksum),
            ("C1UV750309HBSQYG71", InvalidFormat),
            ("CIUV75O309HBSQYG71", InvalidFormat),
            ("CIUV750309HBSQYG7A", InvalidFormat),
            ("CIUV750309HBSQYG7²", InvalidFormat),
            ("CIÑV750309HBSQYG71", InvalidFormat),
            ("CIUV751309HBSQYG71", InvalidComponent),
            ("CIUV750309FBSQYG71", InvalidComponent),
            ("CIUV750309HXXQYG71", InvalidComponent),
            ("CIUV750309HBSAYG71", InvalidComponent),
            // 29 February 1900 does not exist (digit homoclave: born before 2000).
            ("BOXA000229HDFRRR57", InvalidComponent),
        ],
        formats: &[
            ("CIUV-750309-HBSQYG-71", "CIUV750309HBSQYG71"),
            ("CIUV750309HBSQYG72", "CIUV750309HBSQYG72"),
        ],
        independent: Some(independent_check),
    });

    #[test]
    fn inconvenient_words_only_warn() {
        // python-stdnum's test suite refuses BACA890909MJCRMS05 ("bad word used"); its
        // check digit is right.
        let warned = Valid {
            compact: "BACA890909MJCRMS05".into(),
            warnings: vec![DocumentWarning::InconvenientWord],
        };
        assert_eq!(validate("BACA890909MJCRMS05"), Ok(warned));
        assert!(is_valid("baca-890909-mjcrms-05"));
        // RENAPO's replacement passes clean; a wrong check digit is still an error.
        let with_check = |first: &str| {
            for d in '0'..='9' {
                let n = format!("{first}{d}");
                if independent_check(&n) {
                    return n;
                }
            }
            unreachable!()
        };
        let replaced = with_check("BXCA890909MJCRMS0");
        assert_eq!(validate(&replaced), Ok(Valid::clean(replaced.clone())));
        for word in ["CACA", "BUEY", "CULO", "PUTO", "WUEY"] {
            let n = with_check(&format!("{word}890909MJCRMS0"));
            assert_eq!(
                validate(&n).map(|v| v.warnings),
                Ok(vec![DocumentWarning::InconvenientWord]),
                "{n}"
            );
        }
        assert_eq!(validate("BACA890909MJCRMS06"), Err(DocumentError::InvalidChecksum));
        assert!(INCONVENIENT.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(INCONVENIENT.len(), 81);
    }
}
