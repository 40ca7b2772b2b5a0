//! Colombia: its document and account numbers.

use super::NumberType;

pub mod cc;
pub mod nit;

/// Colombia's number types.
pub static NUMBERS: &[NumberType] = &[nit::TYPE, cc::TYPE];

/// ASCII digits grouped by thousands with dots: `1234567` -> `1.234.567`.
fn thousands(digits: &str) -> String {
    let count = digits.chars().count();
    let mut out = String::with_capacity(count + count / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (count - i) % 3 == 0 {
            out.push('.');
        }
        out.push(c);
    }
    out
}

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
