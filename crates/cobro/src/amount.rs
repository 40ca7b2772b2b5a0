//! Money as exact decimal text (DESIGN.md 9 rows 10 and 27): never through a float.
//!
//! An [`Amount`] holds integer minor units (cents) and renders canonically with exactly
//! two decimals, `.` as separator, no grouping and no exponent: the form that goes into
//! a pay-in body and into its payinVerification hash (spec 5.3).

use std::fmt;

/// The most integer digits an amount may have. Larger values are not payments; the
/// bound keeps minor units within `u64`.
pub const MAX_INTEGER_DIGITS: usize = 15;

/// The keys of every kind's amount fields: payinAmount and payinProductAmount (spec
/// 2.4) and subscriptionDetails.amount (spec 2.3). Each takes what payinAmount takes
/// and prepare writes each in its canonical text; a binding refuses a value of its
/// language that cannot hold an amount exactly (a Python `float`, a JS number past
/// [`Amount::from_js_number_text`]) under these keys as it refuses it as an argument.
pub const AMOUNT_FIELDS: [&str; 3] = ["payinAmount", "payinProductAmount", "amount"];

/// Where a value sits in a request body, as far as telling its amount fields apart
/// needs (DESIGN.md section 4): a binding that walks a body of its language's values
/// refuses a value that cannot hold an amount exactly only where an amount field is,
/// never under the same key elsewhere (a merchant's own nested `amount`, which prepare
/// sends as given).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmountPlace {
    /// The root object: a pay-in object, or a subscription.
    Root,
    /// The pay-in object of a `{"data": {...}}` wrapper.
    Data,
    /// A subscription's subscriptionDetails.
    Details,
    /// Anywhere else (array elements included): no amount field.
    Elsewhere,
}

impl AmountPlace {
    /// The place of the value of the member `key` of an object here.
    pub fn member(self, key: &str) -> AmountPlace {
        match (self, key) {
            (AmountPlace::Root, "data") => AmountPlace::Data,
            (AmountPlace::Root, "subscriptionDetails") => AmountPlace::Details,
            _ => AmountPlace::Elsewhere,
        }
    }

    /// Whether the member `key` of an object here is an amount field of [`AMOUNT_FIELDS`]:
    /// payinAmount or payinProductAmount of a pay-in object (spec 2.4), amount of
    /// subscriptionDetails (spec 2.3).
    pub fn is_amount(self, key: &str) -> bool {
        match self {
            AmountPlace::Root | AmountPlace::Data => matches!(key, "payinAmount" | "payinProductAmount"),
            AmountPlace::Details => key == "amount",
            AmountPlace::Elsewhere => false,
        }
    }
}

/// A positive amount of money with at most two decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Amount {
    minor: u64,
}

/// Why a text is not an amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmountError {
    /// Empty text.
    Empty,
    /// Not a plain decimal (letters, signs, grouping, spaces, several dots...).
    NotDecimal,
    /// Written with an exponent (`1e2`).
    Exponent,
    /// More than two decimals (`150.000` counts: the text is judged, not the value).
    TooManyDecimals,
    /// More integer digits than the limit.
    TooLarge,
    /// Zero or negative.
    NotPositive,
    /// A JavaScript number with more than [`JS_SIGNIFICANT_DIGITS`] significant digits:
    /// a double cannot be trusted to hold that decimal (DESIGN.md section 4).
    NotExact,
}

impl AmountError {
    /// A short stable name of the reason, used in report params.
    pub fn as_str(self) -> &'static str {
        match self {
            AmountError::Empty => "empty",
            AmountError::NotDecimal => "not_decimal",
            AmountError::Exponent => "exponent",
            AmountError::TooManyDecimals => "too_many_decimals",
            AmountError::TooLarge => "too_large",
            AmountError::NotPositive => "not_positive",
            AmountError::NotExact => "not_exact",
        }
    }
}

impl fmt::Display for AmountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            AmountError::Empty => "the amount is empty",
            AmountError::NotDecimal => "the amount is not a plain decimal number",
            AmountError::Exponent => "the amount is written with an exponent",
            AmountError::TooManyDecimals => "the amount has more than two decimals",
            AmountError::TooLarge => "the amount has more than 15 integer digits",
            AmountError::NotPositive => "the amount is not greater than zero",
            AmountError::NotExact => "the number has more than 15 significant digits; pass the amount as a string",
        };
        f.write_str(text)
    }
}

impl std::error::Error for AmountError {}

/// The most significant digits a JavaScript number may carry as an amount: a double
/// holds every decimal of 15 significant digits exactly, and no more in general.
pub const JS_SIGNIFICANT_DIGITS: usize = 15;

impl Amount {
    /// DESIGN.md section 4: the amount a JavaScript number stands for, given its
    /// shortest text (what `JSON.stringify` writes, `150.5` for `150.50`). JavaScript has
    /// no decimal type, so a number is accepted when that text has at most two decimals
    /// and at most [`JS_SIGNIFICANT_DIGITS`] significant digits, and the text is the
    /// amount; `0.1 + 0.2` (`0.30000000000000004`) is [`AmountError::TooManyDecimals`].
    pub fn from_js_number_text(text: &str) -> Result<Amount, AmountError> {
        let decimals = text.split_once('.').map_or(0, |(_, d)| d.len());
        if decimals > 2 {
            return Err(AmountError::TooManyDecimals);
        }
        let significant = text
            .bytes()
            .filter(u8::is_ascii_digit)
            .skip_while(|&b| b == b'0')
            .count();
        if significant > JS_SIGNIFICANT_DIGITS {
            return Err(AmountError::NotExact);
        }
        Amount::parse(text)
    }

    /// Parses a decimal text such as `150`, `150.5` or `150.50`. Leading zeros are
    /// accepted (`00.50`, as in the provider's samples); signs, exponents, grouping,
    /// spaces and a third decimal are not.
    pub fn parse(text: &str) -> Result<Amount, AmountError> {
        if text.is_empty() {
            return Err(AmountError::Empty);
        }
        let (int, frac) = match text.split_once('.') {
            Some((i, f)) => (i, Some(f)),
            None => (text, None),
        };
        if text.bytes().any(|b| b == b'e' || b == b'E') && text.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
            return Err(AmountError::Exponent);
        }
        if text.starts_with('-') {
            let rest = text.get(1..).unwrap_or_default();
            return if Amount::parse(rest).is_ok() || rest.bytes().all(|b| b == b'0' || b == b'.') && !rest.is_empty() {
                Err(AmountError::NotPositive)
            } else {
                Err(AmountError::NotDecimal)
            };
        }
        if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) {
            return Err(AmountError::NotDecimal);
        }
        let frac = match frac {
            None => "",
            Some(f) if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(AmountError::NotDecimal);
            }
            Some(f) if f.len() > 2 => return Err(AmountError::TooManyDecimals),
            Some(f) => f,
        };
        let significant = int.trim_start_matches('0');
        if significant.len() > MAX_INTEGER_DIGITS {
            return Err(AmountError::TooLarge);
        }
        let mut minor: u64 = 0;
        for b in significant
            .bytes()
            .chain(frac.bytes())
            .chain("00".bytes().take(2 - frac.len()))
        {
            minor = minor * 10 + u64::from(b - b'0');
        }
        if minor == 0 {
            return Err(AmountError::NotPositive);
        }
        Ok(Amount { minor })
    }

    /// An amount of `minor` units (cents): `1250` is `12.50`.
    pub fn from_minor_units(minor: u64) -> Result<Amount, AmountError> {
        if minor == 0 {
            return Err(AmountError::NotPositive);
        }
        if minor / 100 >= 10u64.pow(MAX_INTEGER_DIGITS as u32) {
            return Err(AmountError::TooLarge);
        }
        Ok(Amount { minor })
    }

    /// Whether `text` is this amount's canonical text (see [`fmt::Display`]): the form
    /// a pay-in body carries and its payinVerification hashes (DESIGN.md 9 row 10).
    pub fn is_canonical_text(self, text: &str) -> bool {
        self.canonical_bytes(&mut [0u8; 24]) == text.as_bytes()
    }

    /// The amount in minor units (cents).
    pub fn minor_units(self) -> u64 {
        self.minor
    }

    /// The cents part, 0 to 99.
    pub fn cents(self) -> u64 {
        self.minor % 100
    }

    /// Number of integer digits of the canonical form (at least 1).
    pub fn integer_digits(self) -> usize {
        let mut n = self.minor / 100;
        let mut d = 1;
        while n >= 10 {
            n /= 10;
            d += 1;
        }
        d
    }
}

impl Amount {
    /// Writes the canonical text's bytes into `buf` without allocating (the signing
    /// path).
    pub(crate) fn canonical_bytes(self, buf: &mut [u8; 24]) -> &[u8] {
        let mut i = buf.len();
        let mut put = |b: u8, i: &mut usize| {
            *i -= 1;
            if let Some(slot) = buf.get_mut(*i) {
                *slot = b;
            }
        };
        put(b'0' + (self.minor % 10) as u8, &mut i);
        put(b'0' + (self.minor / 10 % 10) as u8, &mut i);
        put(b'.', &mut i);
        let mut n = self.minor / 100;
        loop {
            put(b'0' + (n % 10) as u8, &mut i);
            n /= 10;
            if n == 0 || i == 0 {
                break;
            }
        }
        buf.get(i..).unwrap_or_default()
    }
}

impl fmt::Display for Amount {
    /// The canonical text: exactly two decimals, e.g. `150.00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.minor / 100, self.minor % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_js_number_is_its_shortest_text_within_two_decimals_and_15_digits() {
        assert_eq!(Amount::from_js_number_text("150.5").unwrap().to_string(), "150.50");
        assert_eq!(Amount::from_js_number_text("150").unwrap().to_string(), "150.00");
        assert_eq!(Amount::from_js_number_text("0.05").unwrap().to_string(), "0.05");
        assert_eq!(
            Amount::from_js_number_text("0.30000000000000004"),
            Err(AmountError::TooManyDecimals)
        );
        assert_eq!(
            Amount::from_js_number_text("1234567890123.45").unwrap().to_string(),
            "1234567890123.45"
        );
        assert_eq!(
            Amount::from_js_number_text("12345678901234.56"),
            Err(AmountError::NotExact)
        );
        assert_eq!(Amount::from_js_number_text("1e+21"), Err(AmountError::Exponent));
        assert_eq!(Amount::from_js_number_text("-5"), Err(AmountError::NotPositive));
        assert_eq!(Amount::from_js_number_text("0"), Err(AmountError::NotPositive));
    }

    #[test]
    fn canonical_text() {
        for (input, out) in [
            ("150", "150.00"),
            ("150.5", "150.50"),
            ("0.01", "0.01"),
            ("00.50", "0.50"),
            ("999999999999999.99", "999999999999999.99"),
        ] {
            assert_eq!(Amount::parse(input).unwrap().to_string(), out, "{input}");
        }
        assert_eq!(Amount::from_minor_units(1250).unwrap().to_string(), "12.50");
        for minor in [1, 5, 99, 100, 1250, 99_999_999_999_999_999] {
            let a = Amount::from_minor_units(minor).unwrap();
            assert_eq!(a.canonical_bytes(&mut [0u8; 24]), a.to_string().as_bytes());
        }
    }

    #[test]
    fn canonical_text_is_exactly_two_decimals_without_leading_zeros() {
        let a = Amount::parse("29.9").unwrap();
        assert!(a.is_canonical_text("29.90"));
        for other in ["29.9", "029.90", "29.900", " 29.90", ""] {
            assert!(!a.is_canonical_text(other), "{other}");
        }
        assert!(Amount::parse("0.5").unwrap().is_canonical_text("0.50"));
        assert!(!Amount::parse("30").unwrap().is_canonical_text("30"));
    }

    #[test]
    fn refusals() {
        use AmountError::*;
        for (input, err) in [
            ("", Empty),
            ("150.000", TooManyDecimals),
            ("1e2", Exponent),
            ("1.5E+2", Exponent),
            ("-5", NotPositive),
            ("-0.00", NotPositive),
            ("0", NotPositive),
            ("0.00", NotPositive),
            ("1,000.00", NotDecimal),
            (" 1", NotDecimal),
            ("1.", NotDecimal),
            (".5", NotDecimal),
            ("1.2.3", NotDecimal),
            ("+1", NotDecimal),
            ("١٢", NotDecimal),
            ("1000000000000000", TooLarge),
        ] {
            assert_eq!(Amount::parse(input), Err(err), "{input}");
        }
        assert_eq!(Amount::from_minor_units(0), Err(NotPositive));
        assert_eq!(Amount::from_minor_units(u64::MAX), Err(TooLarge));
    }

    #[test]
    fn amount_fields_are_told_apart_by_their_place() {
        let root = AmountPlace::Root;
        assert!(root.is_amount("payinAmount") && root.is_amount("payinProductAmount"));
        assert!(root.member("data").is_amount("payinAmount"));
        assert!(root.member("subscriptionDetails").is_amount("amount"));
        assert!(!root.is_amount("amount"));
        assert!(!root.member("data").is_amount("amount"));
        assert!(!root.member("subscriptionDetails").is_amount("payinAmount"));
        for nested in [
            root.member("x"),
            root.member("data").member("x"),
            root.member("data").member("data"),
            root.member("subscriptionDetails").member("amount"),
            AmountPlace::Elsewhere,
        ] {
            for key in AMOUNT_FIELDS {
                assert!(!nested.is_amount(key), "{nested:?} {key}");
            }
        }
    }
}
