//! Chile: its document and account numbers.

use super::NumberType;

pub mod rut;

/// Chile's number types.
pub static NUMBERS: &[NumberType] = &[rut::RUN, rut::RUT];

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
