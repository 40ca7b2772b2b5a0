//! The catalogue of report codes (DESIGN.md section 3): one enum, exported as data.
//!
//! Where the provider has a code of its own (PROVIDER_FACTS.md, virtual-account body
//! errors) the same name is used; the rest are ours. Codes are stable: a code is never
//! renamed or reused for another meaning, and a retired code's name is never given to
//! another rule. Retired, because they fired on correct bodies (DESIGN.md 9 rows 9 and
//! 22): `WARN_NUMERIC_STRING`, `WARN_LANGUAGE_CASE`.

macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)*) => {
        /// A stable problem code. `ERR_*` codes are errors, `WARN_*` codes warnings.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        impl Code {
            /// Every code, in catalogue order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The position of the code in [`Code::ALL`].
            pub fn index(self) -> usize {
                self as usize
            }

            /// The code as written in reports, e.g. `ERR_MISSING_FIELD`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }

            /// The code named `name`, if it is in the catalogue.
            pub fn from_name(name: &str) -> Option<Code> {
                match name {
                    $($name => Some(Code::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

codes! {
    /// The body is not JSON (syntax).
    MalformedJson = "ERR_MALFORMED_JSON",
    /// The body is not UTF-8.
    InvalidUtf8 = "ERR_INVALID_UTF8",
    /// The body is larger than the size limit.
    BodyTooLarge = "ERR_BODY_TOO_LARGE",
    /// Arrays or objects nest past the fixed depth limit.
    NestingTooDeep = "ERR_NESTING_TOO_DEEP",
    /// A value has the wrong JSON type.
    InvalidType = "ERR_INVALID_TYPE",
    /// A required field is absent or null.
    MissingField = "ERR_MISSING_FIELD",
    /// A field that must not be empty is empty or blank; at path `""`, the whole body.
    EmptyField = "ERR_EMPTY_FIELD",
    /// A key appears twice in one object (DESIGN.md 9 row 26).
    DuplicateField = "ERR_DUPLICATE_FIELD",
    /// A text is shorter or longer than allowed (Unicode code points).
    InvalidLength = "ERR_INVALID_LENGTH",
    /// A value is not one of the accepted values.
    InvalidField = "ERR_INVALID_FIELD",
    /// A value does not have the required format.
    InvalidFormat = "ERR_INVALID_FORMAT",
    /// An e-mail address is not well formed.
    InvalidEmail = "ERR_INVALID_EMAIL",
    /// A URL is not an https URL within the length limit.
    InvalidUrl = "ERR_INVALID_URL",
    /// An amount is not a positive decimal with at most two decimals.
    InvalidAmount = "ERR_INVALID_AMOUNT",
    /// An integer is outside its allowed range.
    OutOfRange = "ERR_OUT_OF_RANGE",
    /// account.name does not match the format of its account.type.
    InvalidAccountName = "ERR_INVALID_ACCOUNT_NAME",
    /// A metadata key breaks the key rules.
    InvalidMetadataKey = "ERR_INVALID_METADATA_KEY",
    /// A metadata value breaks the value rules.
    InvalidMetadataValue = "ERR_INVALID_METADATA_VALUE",
    /// More than five metadata entries.
    TooManyMetadataEntries = "ERR_TOO_MANY_METADATA_ENTRIES",
    /// The document type is not accepted for the country.
    UnsupportedDocumentType = "ERR_UNSUPPORTED_DOCUMENT_TYPE",
    /// The document number breaks its format.
    InvalidDocumentNumber = "ERR_INVALID_DOCUMENT_NUMBER",
    /// The country is not one the API serves.
    InvalidCountry = "ERR_INVALID_COUNTRY",
    /// The currency is not an ISO 4217 code.
    InvalidCurrency = "ERR_INVALID_CURRENCY",
    /// The phone calling code is not 1-4 digits.
    InvalidPhoneCountry = "ERR_INVALID_PHONE_COUNTRY",
    /// The phone number breaks its digit rules.
    InvalidPhoneNumber = "ERR_INVALID_PHONE_NUMBER",
    /// The account type is not accepted for the country.
    UnsupportedAccountType = "ERR_UNSUPPORTED_ACCOUNT_TYPE",
    /// A field is present where the spec does not allow it.
    FieldNotAllowed = "ERR_FIELD_NOT_ALLOWED",
    /// payinVerification does not match the key (DESIGN.md 9 row 18).
    InvalidSignature = "ERR_INVALID_SIGNATURE",
    /// A field the spec does not name (kept, but the service may refuse or drop it).
    UnknownField = "WARN_UNKNOWN_FIELD",
    /// A JSON whole number in a free-text field where the spec says string; its JSON
    /// text is taken as the value (DESIGN.md 9 row 28).
    NumberForString = "WARN_NUMBER_FOR_STRING",
    /// payinExpirationTime is below the spec's suggested minimum (2.6).
    ExpirationBelowSuggested = "WARN_EXPIRATION_BELOW_SUGGESTED",
    /// A Mexico amount whose cents are not a 50-cent step (2.6).
    AmountStep = "WARN_AMOUNT_STEP",
    /// payinVoucherTheme is not of the form `THEME_PE_<NAME>`: the standard voucher is used (2.7).
    UnsupportedVoucherTheme = "WARN_UNSUPPORTED_VOUCHER_THEME",
    /// payinMethod is not among the values the spec names for the country (2.5).
    UnknownMethod = "WARN_UNKNOWN_METHOD",
    /// The document type is not among the values the spec names for the country (2.5).
    UnknownDocumentType = "WARN_UNKNOWN_DOCUMENT_TYPE",
    /// The pay-in currency belongs to no country of the spec (DESIGN.md 9 row 11).
    UnsupportedCurrency = "WARN_UNSUPPORTED_CURRENCY",
    /// A country field disagrees with the country of the currency.
    CountryMismatch = "WARN_COUNTRY_MISMATCH",
    /// The currency is not the one of the account country (DESIGN.md 9 row 16).
    CurrencyMismatch = "WARN_CURRENCY_MISMATCH",
    /// The phone calling code is not the one of the account country.
    PhoneCountryMismatch = "WARN_PHONE_COUNTRY_MISMATCH",
    /// The spec does not say which account type Chile uses (DESIGN.md 9 row 3).
    AccountTypeUnconfirmed = "WARN_ACCOUNT_TYPE_UNCONFIRMED",
    /// Metadata present but empty: the spec says omit it (DESIGN.md 9 row 5).
    EmptyMetadata = "WARN_EMPTY_METADATA",
    /// Two subscription metadata entries share a key (DESIGN.md 9 row 5).
    DuplicateMetadataKey = "WARN_DUPLICATE_METADATA_KEY",
    /// A processor code other than the one the spec names (DESIGN.md 9 row 13).
    UnknownProcessorCode = "WARN_UNKNOWN_PROCESSOR_CODE",
    /// URLMonnet has a path other than the API's online-payments paths (DESIGN.md 9 row 21).
    UnexpectedUrlPath = "WARN_UNEXPECTED_URL_PATH",
    /// An on-file processor code without a subscription object (DESIGN.md 9 row 25).
    MissingSubscription = "WARN_MISSING_SUBSCRIPTION",
    /// A field that has no effect in this request (e.g. periodicity for ON_DEMAND).
    FieldIgnored = "WARN_FIELD_IGNORED",
    /// payinDateTime is not a YYYY-MM-DD date as in the samples.
    DateFormat = "WARN_DATE_FORMAT",
    /// A document number fails the check-digit rule of its type: a typo is likely. An
    /// error under `strict`.
    CheckDigit = "WARN_CHECK_DIGIT",
    /// A document number does not have the length, characters or parts (date, prefix)
    /// of its type, beyond what the spec itself requires.
    DocumentFormat = "WARN_DOCUMENT_FORMAT",
    /// More issues were found than a report lists (`report::MAX_ISSUES`, DESIGN.md
    /// section 8); `count` says how many were left out. A warning, so it never makes a
    /// report invalid by itself: a report with any error found lists an error.
    TooManyIssues = "WARN_TOO_MANY_ISSUES",
}

impl Code {
    /// Whether this code is a warning (`WARN_*`); errors are everything else.
    pub fn is_warning(self) -> bool {
        self.as_str().starts_with("WARN_")
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_the_position_in_the_catalogue() {
        for (at, &code) in Code::ALL.iter().enumerate() {
            assert_eq!(code.index(), at);
        }
    }

    #[test]
    fn names_round_trip_and_are_upper_snake_case() {
        for &code in Code::ALL {
            let name = code.as_str();
            assert_eq!(Code::from_name(name), Some(code));
            assert!(name.starts_with("ERR_") || name.starts_with("WARN_"), "{name}");
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
            );
        }
        assert_eq!(Code::from_name("nope"), None);
    }
}
