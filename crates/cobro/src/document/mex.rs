//! Mexico: its document and account numbers.

pub mod clabe;
pub mod curp;
pub mod rfc;

use super::{NumberType, strip_separators};

/// Mexico's number types.
pub static NUMBERS: &[NumberType] = &[rfc::TYPE, curp::TYPE, clabe::TYPE];

/// The separators stripped and the letters in upper case (`a`-`z` and `ñ`): RFC and
/// CURP are case-insensitive, their display form is upper case.
fn compact_upper(number: &str) -> String {
    strip_separators(number, false)
        .chars()
        .map(|c| if c == 'ñ' { 'Ñ' } else { c.to_ascii_uppercase() })
        .collect()
}

/// Whether the six ASCII digits `yymmdd` name a day that exists in `century` (1900 or
/// 2000). Only ASCII digits are read; anything else is not a date.
fn date_exists(yymmdd: &[char], century: u32) -> bool {
    let values: Option<Vec<u32>> = yymmdd
        .iter()
        .map(|c| if c.is_ascii_digit() { c.to_digit(10) } else { None })
        .collect();
    let Some(&[y1, y2, m1, m2, d1, d2]) = values.as_deref() else {
        return false;
    };
    let year = century + y1 * 10 + y2;
    let month = m1 * 10 + m2;
    let day = d1 * 10 + d2;
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        let d = |s: &str| s.chars().collect::<Vec<char>>();
        assert!(date_exists(&d("000229"), 2000));
        assert!(!date_exists(&d("000229"), 1900));
        assert!(date_exists(&d("961231"), 1900));
        assert!(!date_exists(&d("961131"), 1900));
        assert!(!date_exists(&d("961300"), 1900));
        assert!(!date_exists(&d("960100"), 1900));
        assert!(!date_exists(&d("96010"), 1900));
        assert!(!date_exists(&d("96010²"), 1900));
        assert_eq!(compact_upper(" gode-561231 gr8"), "GODE561231GR8");
        assert_eq!(compact_upper("ñ&x"), "Ñ&X");
    }
}
