//! Account numbers made to pass cobro's own checks, for a stand-in of the provider
//! (`cobro mock`) and for merchants' test fixtures: what the provider assigns a new
//! virtual account (spec 2.2 `account.number`).
//!
//! The check digits are not computed here a second time: the digits around them are
//! laid out, and the check positions are filled with the digits the number type's own
//! `validate` accepts, so the algorithm stays in one place.

use super::{NumberType, lookup};

/// How a made number is laid out: its country and type, a fixed prefix (bank and
/// branch codes of a fictitious institution), where the serial goes and how long it is,
/// and the positions of the check digits.
struct Layout {
    country: &'static str,
    name: &'static str,
    /// Digits before the serial, with `_` at check positions.
    head: &'static str,
    serial_digits: usize,
    /// Digits after the serial, with `_` at check positions.
    tail: &'static str,
}

/// CVU: bank `000` (payment-service providers), branch `0001`, a check digit; a 13-digit
/// account and its check digit. CLABE: bank `999` and plaza `180` (no real SPEI
/// participant uses 999), an 11-digit account, a check digit. CCI: entity `999`, office
/// `001`, a 12-digit account, two check digits.
const LAYOUTS: [Layout; 3] = [
    Layout {
        country: "AR",
        name: "CVU",
        head: "0000001_",
        serial_digits: 13,
        tail: "_",
    },
    Layout {
        country: "MX",
        name: "CLABE",
        head: "999180",
        serial_digits: 11,
        tail: "_",
    },
    Layout {
        country: "PE",
        name: "CCI",
        head: "999001",
        serial_digits: 12,
        tail: "__",
    },
];

/// A number of account type `account_type` (`CVU`, `CLABE` or `CCI`, the spec 2.1
/// types) for the `serial`-th account (taken modulo the serial's width), which passes
/// that type's check; None for another type.
pub fn account_number(account_type: &str, serial: u64) -> Option<String> {
    let layout = LAYOUTS.iter().find(|l| l.name.eq_ignore_ascii_case(account_type))?;
    let number_type = lookup(layout.country, layout.name)?;
    let width = u32::try_from(layout.serial_digits).ok()?;
    let serial = serial % 10u64.checked_pow(width)?;
    let mut text = format!(
        "{}{serial:0width$}{}",
        layout.head,
        layout.tail,
        width = layout.serial_digits
    );
    let holes: Vec<usize> = text.match_indices('_').map(|(i, _)| i).collect();
    fill(&mut text, &holes, number_type).then_some(text)
}

/// Fills the check positions `holes` of `text` with the first digits the type accepts,
/// depth first: at most 10 validations for one position, 100 for the two of a CVU or
/// CCI.
fn fill(text: &mut String, holes: &[usize], number_type: &NumberType) -> bool {
    let Some((&first, rest)) = holes.split_first() else {
        return (number_type.validate)(text).is_ok();
    };
    for digit in b'0'..=b'9' {
        text.replace_range(first..=first, char::from(digit).encode_utf8(&mut [0; 4]));
        if fill(text, rest, number_type) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_numbers_pass_their_own_checks() {
        for (kind, country) in [("CVU", "AR"), ("CLABE", "MX"), ("CCI", "PE")] {
            let t = lookup(country, kind).unwrap();
            for serial in [0, 1, 42, 987_654_321, u64::MAX] {
                let n = account_number(kind, serial).unwrap();
                assert!((t.validate)(&n).is_ok(), "{kind} {n}");
                assert_eq!(n.len(), t.length.0, "{kind} {n}");
            }
            assert_ne!(account_number(kind, 1), account_number(kind, 2));
        }
        assert_eq!(account_number("IBAN", 1), None);
    }
}
