//! Dominican Republic: its document and account numbers.

use super::NumberType;

pub mod cedula;
pub mod rnc;

/// Dominican Republic's number types. Passports (PP) have no check digit and no module.
pub static NUMBERS: &[NumberType] = &[cedula::TYPE, rnc::TYPE];

#[cfg(test)]
mod tests {
    #[test]
    fn junk_never_panics() {
        let long = "9".repeat(10_000);
        let arabic = "٠".repeat(20);
        let junk = [
            "",
            " ",
            "-",
            "🙂",
            "\0",
            "²³⁴",
            "١٢٣٤٥٦٧٨",
            "k",
            "K-",
            "12345678K",
            &arabic,
            &long,
        ];
        for number in super::NUMBERS {
            for j in junk {
                let _ = (number.compact)(j);
                if (number.validate)(j).is_err() {
                    assert_eq!((number.format)(j), j, "{} {j}", number.name);
                }
            }
        }
    }
}
