//! One rule for one value (DESIGN.md 9 row 32): the checks of the values that reach the
//! service both inside a body (validation) and as arguments of a signing function. Each
//! returns the same code and params in both places, so a value that validation refuses
//! is never signed, and a signing error names the rule exactly as a report would.

use std::borrow::Cow;

use crate::code::Code;
use crate::params::Params;
use crate::processor;
use crate::text::{self, Choices, choices};

/// A value that breaks its rule: the report code and the rule's figures, as the few
/// facts they are made of; [`FieldError::params`] gives them as [`crate::Issue`]
/// carries them. Small, so a failed check returns it cheaply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FieldError {
    /// The code validation reports for this value.
    pub(crate) code: Code,
    /// The rule's figures.
    figures: Figures,
}

/// The figures of a [`FieldError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Figures {
    /// Params of static text.
    Static(&'static [(&'static str, &'static str)]),
    /// `expected` and `found` of a type error.
    Type {
        expected: &'static str,
        found: &'static str,
    },
    /// A range's bounds, under the names the code's template gives them.
    Range {
        names: (&'static str, &'static str),
        min: u64,
        max: u64,
    },
    /// `allowed`, then `case_of` when the value differs from an allowed one only in
    /// letter case, then `when` when a condition made the rule apply.
    Choice {
        allowed: &'static str,
        case_of: Option<&'static str>,
        when: Option<&'static str>,
    },
}

impl FieldError {
    /// The error of `code` with params of static text.
    fn new(code: Code, params: &'static [(&'static str, &'static str)]) -> FieldError {
        FieldError {
            code,
            figures: Figures::Static(params),
        }
    }

    /// The rule's figures as strings, in the order of the code's params.
    pub(crate) fn params(&self) -> Params {
        match self.figures {
            Figures::Static(params) => Params::from_static(params),
            Figures::Type { expected, found } => Params::from_static(&[("expected", expected), ("found", found)]),
            Figures::Range { names, min, max } => {
                Params::from([(names.0, text::number(min)), (names.1, text::number(max))])
            }
            Figures::Choice { allowed, case_of, when } => {
                let mut params = Params::from_static(&[("allowed", allowed)]);
                if let Some(same) = case_of {
                    params.push(("case_of", Cow::Borrowed(same)));
                }
                if let Some(when) = when {
                    params.push(("when", Cow::Borrowed(when)));
                }
                params
            }
        }
    }

    /// The error with the condition that made its rule apply (the `when` param), for an
    /// error of [`one_of`]; another error is returned as it is.
    pub(crate) fn when(mut self, condition: &'static str) -> FieldError {
        if let Figures::Choice { when, .. } = &mut self.figures {
            *when = Some(condition);
        }
        self
    }
}

/// Spec 2.3 merchantId and 2.4 payinMerchantID: positive integers that fit a signed
/// 64-bit integer, which every binding language holds exactly (DESIGN.md 4: never
/// floats). Zero is not a merchant: the provider answers 0009 (merchant id wrong).
pub(crate) const MERCHANT_ID: (u64, u64) = (1, i64::MAX.unsigned_abs());

/// Spec 2.3: the subscriptionId the creation answers with, an integer; read by the
/// answer's parser and checked in a pay-in's `subscription` object (DESIGN.md 9 row 25)
/// with this one range: not negative, within 64 signed bits.
pub(crate) const SUBSCRIPTION_ID: (u64, u64) = (0, i64::MAX.unsigned_abs());

/// Spec 2.4 and 8: the longest payinMerchantOperationNumber.
pub(crate) const OPERATION_NUMBER_MAX: usize = 50;

/// DESIGN.md 9 row 14: customerId is a non-empty string of ASCII digits.
pub(crate) const CUSTOMER_ID_FORMAT: &str = "[0-9]+";

/// DESIGN.md 9 row 13: a subscription processorCode is a non-empty `[A-Za-z0-9_]+`.
pub(crate) const PROCESSOR_CODE_FORMAT: &str = "[A-Za-z0-9_]+";

/// Spec 2.1 (limits of spec 8): the fewest and most characters of owner.referenceId.
pub(crate) const REFERENCE_ID_LENGTH: (usize, usize) = (1, 36);

/// Spec 2.3 `device` and spec 2.4 payinProductDescription for a wallet processor: the
/// user experience, one list for both.
pub(crate) const DEVICES: [&str; 2] = ["MOBILE", "WEB"];

/// Spec 2.3: the subscription `type` that charges on a schedule (periodicity, amount).
pub(crate) const RECURRENT: &str = "RECURRENT";

/// Spec 2.3: the subscription `type` values.
pub(crate) const SUBSCRIPTION_TYPES: [&str; 2] = ["ON_DEMAND", RECURRENT];

/// [`DEVICES`] as the values a rule accepts.
pub(crate) const DEVICE_CHOICES: Choices = choices!(DEVICES);

/// [`SUBSCRIPTION_TYPES`] as the values a rule accepts.
pub(crate) const SUBSCRIPTION_TYPE_CHOICES: Choices = choices!(SUBSCRIPTION_TYPES);

/// A whole number written as `text` (a JSON number's text or a string's content; which
/// one is `found`, for the type error), within `min..=max`. Judged on the text, never
/// through a float (DESIGN.md 9 row 27): a blank text is ERR_EMPTY_FIELD, `1.5` and
/// `1e2` are ERR_INVALID_TYPE, `-1` and values past `max` ERR_OUT_OF_RANGE.
pub(crate) fn integer(text: &str, found: &'static str, min: u64, max: u64) -> Result<u64, FieldError> {
    non_blank(text)?;
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    if !text::is_digits(digits) {
        return Err(FieldError {
            code: Code::InvalidType,
            figures: Figures::Type {
                expected: "integer",
                found,
            },
        });
    }
    let parsed = digits.parse::<u64>().ok().filter(|v| !negative || *v == 0);
    match parsed {
        Some(v) => in_range(v, min, max),
        None => Err(out_of_range(min, max)),
    }
}

/// `value` within `min..=max`, else ERR_OUT_OF_RANGE.
pub(crate) fn in_range(value: u64, min: u64, max: u64) -> Result<u64, FieldError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(out_of_range(min, max))
    }
}

/// ERR_OUT_OF_RANGE for `min..=max`.
pub(crate) fn out_of_range(min: u64, max: u64) -> FieldError {
    FieldError {
        code: Code::OutOfRange,
        figures: Figures::Range {
            names: ("minimum", "maximum"),
            min,
            max,
        },
    }
}

/// A merchant id (see [`MERCHANT_ID`]).
pub(crate) fn merchant_id(value: u64) -> Result<u64, FieldError> {
    in_range(value, MERCHANT_ID.0, MERCHANT_ID.1)
}

/// Spec 2.4 payinCurrency: an ISO 4217 code, three upper-case ASCII letters (DESIGN.md
/// 9 row 22: ISO codes are upper case; `pen` is not PEN).
pub(crate) fn currency(s: &str) -> Result<(), FieldError> {
    if text::is_blank(s) {
        return Err(FieldError::new(Code::EmptyField, &[]));
    }
    if is_currency_code(s) {
        Ok(())
    } else {
        Err(FieldError::new(Code::InvalidCurrency, &[]))
    }
}

/// ISO 4217 codes are three upper-case ASCII letters (DESIGN.md 9 row 22), in pay-ins
/// (spec 2.4) and virtual accounts (spec 2.1) alike.
pub(crate) fn is_currency_code(s: &str) -> bool {
    s.len() == 3 && s.bytes().all(|b| b.is_ascii_uppercase())
}

/// Spec 2.4 and 8: payinMerchantOperationNumber is never blank and has at most
/// [`OPERATION_NUMBER_MAX`] characters (code points, DESIGN.md 9 row 1).
pub(crate) fn operation_number(s: &str) -> Result<(), FieldError> {
    non_blank(s)?;
    length(s, 1, OPERATION_NUMBER_MAX)
}

/// Spec 2.1: owner.referenceId has 1-36 characters (code points, DESIGN.md 9 row 1);
/// the `reference_id` signature variant signs it (row 30).
pub(crate) fn reference_id(s: &str) -> Result<(), FieldError> {
    let (min, max) = REFERENCE_ID_LENGTH;
    length(s, min, max)
}

/// Spec 2.3 `type`: ON_DEMAND or RECURRENT, case-sensitive (DESIGN.md 9 row 22).
pub(crate) fn subscription_type(s: &str) -> Result<(), FieldError> {
    one_of(s, &SUBSCRIPTION_TYPE_CHOICES)
}

/// Spec 2.3 and DESIGN.md 9 row 14: customerId, the customer's mobile number: not blank,
/// ASCII digits only (no `+`, spaces or hyphens). The spec gives no length.
pub(crate) fn customer_id(s: &str) -> Result<(), FieldError> {
    non_blank(s)?;
    if text::is_digits(s) {
        Ok(())
    } else {
        Err(FieldError::new(Code::InvalidFormat, &[("format", CUSTOMER_ID_FORMAT)]))
    }
}

/// Spec 2.3 and DESIGN.md 9 row 13: a subscription processorCode is not blank and is
/// `[A-Za-z0-9_]+`. Whether it is a code the provider names is a warning of validation
/// ([`processor::is_on_file`]), not a reason to refuse signing.
pub(crate) fn processor_code(s: &str) -> Result<(), FieldError> {
    non_blank(s)?;
    if processor::is_well_formed(s) {
        Ok(())
    } else {
        Err(FieldError::new(
            Code::InvalidFormat,
            &[("format", PROCESSOR_CODE_FORMAT)],
        ))
    }
}

/// ERR_EMPTY_FIELD when `s` is blank (DESIGN.md 9 row 6: blank counts as empty).
pub(crate) fn non_blank(s: &str) -> Result<(), FieldError> {
    if text::is_blank(s) {
        Err(FieldError::new(Code::EmptyField, &[]))
    } else {
        Ok(())
    }
}

/// ERR_INVALID_LENGTH unless `min <= chars(s) <= max` (code points, DESIGN.md 9 row 1).
pub(crate) fn length(s: &str, min: usize, max: usize) -> Result<(), FieldError> {
    let n = text::char_count(s);
    if n < min || n > max {
        Err(FieldError {
            code: Code::InvalidLength,
            figures: Figures::Range {
                names: ("min", "max"),
                min: min as u64,
                max: max as u64,
            },
        })
    } else {
        Ok(())
    }
}

/// ERR_INVALID_FIELD unless `s` is one of `allowed` (case-sensitive, DESIGN.md 9 row
/// 22). A value that differs from an allowed one only in letter case carries that value
/// in the `case_of` param, so the message can say so.
pub(crate) fn one_of(s: &str, allowed: &Choices) -> Result<(), FieldError> {
    if allowed.values.contains(&s) {
        return Ok(());
    }
    Err(FieldError {
        code: Code::InvalidField,
        figures: Figures::Choice {
            allowed: allowed.list,
            case_of: text::case_variant_of(s, allowed.values.iter().copied()),
            when: None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_judged_on_their_text() {
        assert_eq!(integer("674", "number", 1, 10_000), Ok(674));
        assert_eq!(integer("-0", "number", 0, 1), Ok(0));
        for (text, code) in [
            ("0", Code::OutOfRange),
            ("-1", Code::OutOfRange),
            ("99999999999999999999999", Code::OutOfRange),
            ("1.5", Code::InvalidType),
            ("1e2", Code::InvalidType),
            ("", Code::EmptyField),
            (" ", Code::EmptyField),
            ("-", Code::InvalidType),
        ] {
            assert_eq!(
                integer(text, "number", 1, 10_000).map_err(|e| e.code),
                Err(code),
                "{text}"
            );
        }
    }

    #[test]
    fn values_shared_with_signing() {
        assert_eq!(merchant_id(0).map_err(|e| e.code), Err(Code::OutOfRange));
        assert_eq!(merchant_id(1), Ok(1));
        assert_eq!(merchant_id(u64::MAX).map_err(|e| e.code), Err(Code::OutOfRange));
        assert_eq!(currency("pen").map_err(|e| e.code), Err(Code::InvalidCurrency));
        assert_eq!(currency("PEN"), Ok(()));
        assert_eq!(currency(" ").map_err(|e| e.code), Err(Code::EmptyField));
        assert_eq!(operation_number(&"x".repeat(50)), Ok(()));
        assert_eq!(
            operation_number(&"x".repeat(51)).map_err(|e| e.code),
            Err(Code::InvalidLength)
        );
        assert_eq!(operation_number("").map_err(|e| e.code), Err(Code::EmptyField));
        assert_eq!(customer_id("+51 9").map_err(|e| e.code), Err(Code::InvalidFormat));
        assert_eq!(
            processor_code("Yape on file").map_err(|e| e.code),
            Err(Code::InvalidFormat)
        );
        assert_eq!(processor_code("Yape_on_file"), Ok(()));
    }

    #[test]
    fn a_value_differing_only_in_case_is_named() {
        let e = subscription_type("recurrent").unwrap_err();
        assert_eq!(e.code, Code::InvalidField);
        assert_eq!(e.params().get("case_of"), Some("RECURRENT"));
        let e = subscription_type("MONTHLY").unwrap_err();
        assert!(!e.params().iter().any(|(k, _)| *k == "case_of"));
    }
}
