//! The error of a bad argument to a signing function, in the catalogue's codes and
//! messages (DESIGN.md 9 row 32: the rules validation applies to the same fields).

use std::fmt;

use crate::amount::AmountError;
use crate::code::Code;
use crate::field::{self, FieldError};
use crate::messages::Locale;

/// A bad argument to a signing function. Never carries a secret. Its code, params and
/// message come from the catalogue ([`Code`]), like a report issue's, with the
/// argument's name in place of the path.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SigningError {
    /// The secret is empty (ERR_EMPTY_SECRET).
    EmptySecret,
    /// The secret has leading or trailing whitespace (ERR_SECRET_WHITESPACE).
    SecretWhitespace,
    /// The timestamp is negative (ERR_NEGATIVE_TIMESTAMP).
    NegativeTimestamp,
    /// The timestamp looks like milliseconds (ERR_TIMESTAMP_IN_MILLISECONDS).
    TimestampInMilliseconds {
        /// The value given.
        value: u64,
    },
    /// A required argument is empty (ERR_EMPTY_ARGUMENT).
    EmptyArgument {
        /// The argument's name.
        name: &'static str,
    },
    /// An argument names none of its choices (ERR_INVALID_ARGUMENT).
    InvalidArgument {
        /// The argument's name.
        name: &'static str,
        /// The choices, as the message lists them (`spec, reference_id`).
        allowed: &'static str,
    },
    /// Text to sign or a key is not valid Unicode (ERR_NOT_UNICODE).
    NotUnicode {
        /// The argument's name.
        name: &'static str,
    },
    /// A date argument is not `YYYY-MM-DD` (ERR_INVALID_DATE).
    InvalidDate {
        /// The argument's name.
        name: &'static str,
    },
    /// The system clock, read for a default, is before 1970 (ERR_CLOCK_BEFORE_EPOCH).
    ClockBeforeEpoch,
    /// The amount is not a valid amount (ERR_INVALID_AMOUNT, for the argument `amount`).
    InvalidAmount(AmountError),
    /// An argument breaks the rule validation applies to the same field of a body
    /// (DESIGN.md 9 row 32): the same code and params a report would carry, from the
    /// same core function.
    InvalidField {
        /// The argument's name.
        name: &'static str,
        /// The report code of the rule (e.g. ERR_OUT_OF_RANGE for merchant id 0).
        code: Code,
        /// The rule's figures, as in the report's `params`.
        params: Vec<(&'static str, String)>,
    },
}

impl SigningError {
    /// The error's code in the catalogue.
    pub fn code(&self) -> Code {
        match self {
            SigningError::EmptySecret => Code::EmptySecret,
            SigningError::SecretWhitespace => Code::SecretWhitespace,
            SigningError::NegativeTimestamp => Code::NegativeTimestamp,
            SigningError::TimestampInMilliseconds { .. } => Code::TimestampInMilliseconds,
            SigningError::EmptyArgument { .. } => Code::EmptyArgument,
            SigningError::InvalidArgument { .. } => Code::InvalidArgument,
            SigningError::NotUnicode { .. } => Code::NotUnicode,
            SigningError::InvalidDate { .. } => Code::InvalidDate,
            SigningError::ClockBeforeEpoch => Code::ClockBeforeEpoch,
            SigningError::InvalidAmount(_) => Code::InvalidAmount,
            SigningError::InvalidField { code, .. } => *code,
        }
    }

    /// The argument the error is about (`""` for a key or timestamp, whose own
    /// messages name them).
    pub fn argument(&self) -> &'static str {
        match self {
            SigningError::EmptyArgument { name }
            | SigningError::InvalidArgument { name, .. }
            | SigningError::NotUnicode { name }
            | SigningError::InvalidDate { name }
            | SigningError::InvalidField { name, .. } => name,
            SigningError::InvalidAmount(_) => "amount",
            _ => "",
        }
    }

    /// The rule's figures, as a report issue's `params`.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            SigningError::TimestampInMilliseconds { value } => vec![("value", value.to_string())],
            SigningError::InvalidArgument { allowed, .. } => vec![("allowed", (*allowed).to_string())],
            SigningError::InvalidAmount(e) => vec![
                ("reason", e.as_str().to_string()),
                ("max_integer_digits", crate::amount::MAX_INTEGER_DIGITS.to_string()),
            ],
            SigningError::InvalidField { params, .. } => params.clone(),
            _ => Vec::new(),
        }
    }

    /// The message in `locale`: it names the argument and the rule, never the value.
    pub fn message(&self, locale: Locale) -> String {
        crate::messages::render(self.code(), self.argument(), &self.params(), locale)
    }

    /// The error of argument `name` that broke a shared value rule.
    pub(crate) fn field(name: &'static str, error: FieldError) -> SigningError {
        SigningError::InvalidField {
            name,
            code: error.code,
            params: error.params().iter().map(|(k, v)| (*k, v.to_string())).collect(),
        }
    }
}

/// Checks argument `name` with the value rule validation applies to the same field.
pub(crate) fn rule<T>(name: &'static str, result: Result<T, FieldError>) -> Result<T, SigningError> {
    result.map_err(|e| SigningError::field(name, e))
}

impl fmt::Display for SigningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Locale::En))
    }
}

impl std::error::Error for SigningError {}

// Here rather than in `locale`: messages (which `SigningError` renders with) sit below
// that module, so it cannot name this error without a circle.
impl Locale {
    /// The locale tagged `tag` (one of [`Locale::TAGS`]), or the argument error (for the
    /// argument `locale`) that lists the tags: what a binding raises for a tag its
    /// caller typed.
    pub fn parse(tag: &str) -> Result<Locale, SigningError> {
        Locale::from_tag(tag).ok_or(SigningError::InvalidArgument {
            name: "locale",
            allowed: Locale::TAGS,
        })
    }
}

/// A merchant id given as a whole number of the caller's language (a JS safe integer
/// or bigint), judged as validation judges one (DESIGN.md 9 row 32): zero, negative
/// values and values past 2^63 - 1 are ERR_OUT_OF_RANGE.
pub fn merchant_id_from_integer(name: &'static str, value: i128) -> Result<u64, SigningError> {
    let (min, max) = field::MERCHANT_ID;
    match u64::try_from(value) {
        Ok(v) => rule(name, field::merchant_id(v)),
        Err(_) => Err(SigningError::field(name, field::out_of_range(min, max))),
    }
}

/// A merchant id sent as text (spec 2.3, 2.4: the provider's samples send digits as
/// strings), for bindings whose callers pass strings: judged exactly as validation
/// judges a merchant id string (DESIGN.md 9 row 32), so `"0"` is ERR_OUT_OF_RANGE and
/// `"12a"` ERR_INVALID_TYPE.
pub fn merchant_id_from_text(name: &'static str, text: &str) -> Result<u64, SigningError> {
    let (min, max) = field::MERCHANT_ID;
    rule(name, field::integer(text, "string", min, max))
}

/// The integer types the core takes whole-number arguments as (an HTTP status, a size,
/// a state id): their range is what [`whole_argument`] accepts and its message states.
pub trait WholeArgument: Sized + Copy {
    /// The least value of the type.
    const MIN: i128;
    /// The greatest value of the type.
    const MAX: i128;
    /// `value` as the type, when within [`Self::MIN`]`..=`[`Self::MAX`].
    fn from_i128(value: i128) -> Option<Self>;
}

macro_rules! whole_argument_types {
    ($($t:ty),*) => {$(
        impl WholeArgument for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
            fn from_i128(value: i128) -> Option<Self> {
                <$t>::try_from(value).ok()
            }
        }
    )*};
}

whole_argument_types!(u16, u32, u64, i64, usize);

/// A whole-number argument given as an integer of the caller's language (a Python
/// `int`, a JS safe integer or bigint; one past 128 bits as `i128::MIN` or
/// `i128::MAX`), as the core's type `T`: outside `T`'s range it is ERR_OUT_OF_RANGE
/// naming the argument and the range, as DESIGN.md 7 makes every bad argument a
/// `SigningError`.
pub fn whole_argument<T: WholeArgument>(name: &'static str, value: i128) -> Result<T, SigningError> {
    T::from_i128(value).ok_or_else(|| SigningError::InvalidField {
        name,
        code: Code::OutOfRange,
        params: vec![("minimum", T::MIN.to_string()), ("maximum", T::MAX.to_string())],
    })
}

/// A count of bytes (`max_bytes`) given as an integer of the caller's language: a
/// negative one is ERR_OUT_OF_RANGE, and one past the address space is the largest
/// there is, since both accept every body.
pub fn size_argument(name: &'static str, value: i128) -> Result<usize, SigningError> {
    if value > usize::MAX as i128 {
        return Ok(usize::MAX);
    }
    whole_argument(name, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Amount;
    use crate::signing::{Secret, payin_verification};

    fn key() -> Secret {
        Secret::new("fake-test-key-not-real").unwrap()
    }

    #[test]
    fn unknown_names_list_every_choice() {
        use crate::Kind;
        use crate::parse::DocumentKind;
        let allowed = |e: SigningError| {
            assert_eq!(e.code(), Code::InvalidArgument);
            e.params()
        };
        let tags = Locale::ALL.map(Locale::tag).join(", ");
        assert_eq!(allowed(Locale::parse("fr").unwrap_err()), vec![("allowed", tags)]);
        let kinds = Kind::ALL.map(Kind::as_str).join(", ");
        assert_eq!(allowed(Kind::parse("Payin").unwrap_err()), vec![("allowed", kinds)]);
        let documents = DocumentKind::ALL.map(DocumentKind::as_str).join(", ");
        assert_eq!(
            allowed(DocumentKind::parse("").unwrap_err()),
            vec![("allowed", documents)]
        );
        assert_eq!(Locale::parse("es"), Ok(Locale::Es));
        assert_eq!(Locale::parse("pt"), Ok(Locale::Pt));
        assert_eq!(
            Locale::parse("fr").unwrap_err().to_string(),
            "locale must be one of: en, es, pt"
        );
        assert_eq!(Kind::parse("payin"), Ok(Kind::Payin));
        assert_eq!(DocumentKind::parse("payin-response"), Ok(DocumentKind::PayinResponse));
        assert_eq!(
            Kind::parse("x").unwrap_err().to_string(),
            "kind must be one of: virtual-account, subscription, subscription-cancel, payin"
        );
    }

    #[test]
    fn merchant_ids_from_text() {
        assert_eq!(merchant_id_from_text("m", "00674"), Ok(674));
        // DESIGN.md 9 row 32: the codes validation gives a merchant id string.
        for (bad, code) in [
            ("", "ERR_EMPTY_FIELD"),
            ("-1", "ERR_OUT_OF_RANGE"),
            ("0", "ERR_OUT_OF_RANGE"),
            ("1.0", "ERR_INVALID_TYPE"),
            (" 1", "ERR_INVALID_TYPE"),
            ("١", "ERR_INVALID_TYPE"),
            ("9223372036854775808", "ERR_OUT_OF_RANGE"),
            ("18446744073709551616", "ERR_OUT_OF_RANGE"),
        ] {
            let err = merchant_id_from_text("m", bad).unwrap_err();
            assert_eq!(err.code().as_str(), code, "{bad}");
            assert!(err.to_string().starts_with("m "), "{err}");
        }
        let err = payin_verification(0, "OP", Amount::parse("1").unwrap(), "PEN", &key()).unwrap_err();
        assert_eq!(err.code(), Code::OutOfRange);
        assert_eq!(
            err.to_string(),
            "merchant_id must be a whole number between 1 and 9223372036854775807"
        );
    }

    #[test]
    fn whole_arguments_outside_their_type() {
        assert_eq!(whole_argument::<u16>("http_status", 404), Ok(404u16));
        let err = whole_argument::<u16>("http_status", 65_536).unwrap_err();
        assert_eq!(err.code(), Code::OutOfRange);
        assert_eq!(
            err.to_string(),
            "http_status must be a whole number between 0 and 65535"
        );
        let err = whole_argument::<i64>("id", i128::MAX).unwrap_err();
        assert_eq!(
            err.params(),
            vec![
                ("minimum", "-9223372036854775808".to_string()),
                ("maximum", "9223372036854775807".to_string())
            ]
        );
        assert_eq!(whole_argument::<i64>("id", -3), Ok(-3i64));
        assert_eq!(size_argument("max_bytes", 0), Ok(0));
        assert_eq!(size_argument("max_bytes", i128::MAX), Ok(usize::MAX));
        assert_eq!(size_argument("max_bytes", -1).unwrap_err().code(), Code::OutOfRange);
    }
}
