//! Identity-document and account-number checks, one module per number (STYLE.md 3,
//! after python-stdnum): each has `compact`, `validate`, `is_valid` and `format`, and a
//! [`NumberType`] entry in its country's list. [`numbers`] reads them all: the one list
//! the validation wiring, the CLI and the robustness test use. Algorithms are written
//! from the issuing authorities' published rules; each module's doc names its source.

use std::fmt;

use serde::Serialize;

use crate::code::Code;
use crate::messages::Locale;
use crate::personal::Personal;
use crate::report::{Ctx, Path};

/// Why a number is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DocumentError {
    /// Too short or too long once compacted.
    InvalidLength,
    /// A character that the number's format does not allow where it stands.
    InvalidFormat,
    /// A part with a meaning is wrong: a date that does not exist, an unknown prefix,
    /// state or type code.
    InvalidComponent,
    /// The check digit (or digits) does not match.
    InvalidChecksum,
}

impl DocumentError {
    /// The code in the catalogue: ERR_INVALID_LENGTH, ERR_INVALID_FORMAT,
    /// ERR_INVALID_COMPONENT or ERR_INVALID_CHECKSUM.
    pub fn code(self) -> Code {
        match self {
            DocumentError::InvalidLength => Code::InvalidLength,
            DocumentError::InvalidFormat => Code::InvalidFormat,
            DocumentError::InvalidComponent => Code::InvalidComponent,
            DocumentError::InvalidChecksum => Code::InvalidChecksum,
        }
    }

    /// The figures of the rule `number` broke: its lengths, its pattern or its name.
    pub fn params(self, number: &NumberType) -> Vec<(&'static str, String)> {
        match self {
            DocumentError::InvalidLength => vec![
                ("min", number.length.0.to_string()),
                ("max", number.length.1.to_string()),
            ],
            DocumentError::InvalidFormat => vec![("format", number.pattern.to_string())],
            DocumentError::InvalidComponent | DocumentError::InvalidChecksum => {
                vec![("document_type", number.name.to_string())]
            }
        }
    }

    /// The message for a number of type `number` given as the argument `path`, in
    /// `locale`; it never contains the number.
    pub fn message(self, number: &NumberType, path: &str, locale: Locale) -> String {
        crate::messages::render(self.code(), path, &self.params(number), locale)
    }
}

/// Without the number's type the rule's figures are unknown: the code's meaning
/// ([`DocumentError::message`] renders the full message).
impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code().meaning())
    }
}

impl std::error::Error for DocumentError {}

/// A doubt about a number that is still accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DocumentWarning {
    /// The check digit does not match, but numbers that fail it are issued (Mexico's
    /// RFC): accepted with a warning.
    CheckDigit,
    /// The bank or institution code is not in the known list (the list may be stale).
    UnknownInstitution,
    /// DESIGN.md 9 row 33: the first four letters spell a word on the authorities' list
    /// of inconvenient words (Mexico's RFC and CURP). Such numbers are never issued: the
    /// SAT and RENAPO replace a letter with `X`. Accepted with a warning, since the
    /// rest of the number may be right and only the letters mistyped back.
    InconvenientWord,
}

/// A number that passed its checks: its compact form and any doubts. Named
/// `ValidDocument` in every binding and in [`crate::shape`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename = "ValidDocument")]
pub struct Valid {
    /// The number without separators: a document or account number, personal data.
    pub compact: Personal,
    /// Doubts that do not make it invalid.
    pub warnings: Vec<DocumentWarning>,
}

impl Valid {
    /// A valid number with no doubt.
    pub(crate) fn clean(compact: String) -> Valid {
        Valid {
            compact: Personal::new(compact),
            warnings: Vec::new(),
        }
    }
}

/// One kind of number: its country, its name, and its four functions.
#[derive(Debug, Clone, Copy)]
pub struct NumberType {
    /// ISO 3166-1 alpha-2 code of the country.
    pub country: &'static str,
    /// The name as the API and the CLI write it (`CUIT`, `CLABE`...).
    pub name: &'static str,
    /// One line: what the number is and its rule (for the README and `--help`).
    pub description: &'static str,
    /// Whether it is an account number (CBU/CVU, CLABE, CCI) rather than a document.
    pub account: bool,
    /// The fewest and most characters of the compact form (the params of
    /// ERR_INVALID_LENGTH).
    pub length: (usize, usize),
    /// The compact form as a brace-free pattern for messages, `[0-9] (11)` (the param
    /// of ERR_INVALID_FORMAT).
    pub pattern: &'static str,
    /// For a number that may be written with a trailing check character the compact form
    /// leaves out (DESIGN.md 9 row 33: Peru's DNI), how to recognise that form.
    pub check_character: Option<CheckCharacter>,
    /// Removes the separators of the number's written forms.
    pub compact: fn(&str) -> String,
    /// Checks length, format, components and check digits.
    pub validate: fn(&str) -> Result<Valid, DocumentError>,
    /// The usual display form (the input unchanged when it is not valid).
    pub format: fn(&str) -> String,
}

/// DESIGN.md 9 row 33: a number that may be written with a check character after it,
/// which is not part of the number the provider takes (Peru's DNI and RENIEC's
/// verification character). In a request that written form is WARN_DOCUMENT_FORMAT.
#[derive(Debug, Clone, Copy)]
pub struct CheckCharacter {
    /// The form the provider takes, as a brace-free pattern for messages: `[0-9] (8)`.
    pub sent_form: &'static str,
    /// Whether `number` is written with the check character (right or wrong: a wrong
    /// one is the check digit's failure, reported apart).
    pub written_with: fn(&str) -> bool,
}

impl NumberType {
    /// Whether `number` passes [`NumberType::validate`].
    pub fn is_valid(&self, number: &str) -> bool {
        (self.validate)(number).is_ok()
    }
}

impl DocumentError {
    /// The `problem` param of WARN_DOCUMENT_FORMAT: `length`, `format`, `component` or
    /// `check_digit`.
    fn problem(self) -> &'static str {
        match self {
            DocumentError::InvalidLength => "length",
            DocumentError::InvalidFormat => "format",
            DocumentError::InvalidComponent => "component",
            DocumentError::InvalidChecksum => "check_digit",
        }
    }
}

/// The wiring of spec 2.1 and 2.5 document numbers to their modules, for a number that
/// already passed the spec's own rules: runs the module of `document_type` in `country`
/// (alpha-2). A failing check digit is WARN_CHECK_DIGIT; a length, character or part the
/// real format does not allow is WARN_DOCUMENT_FORMAT (the spec's own errors, reported
/// before, stay as they are). DESIGN.md 9 row 33: a number written with a check
/// character the provider does not take (a 9-character DNI), or whose first letters are
/// an inconvenient word, is WARN_DOCUMENT_FORMAT too, and a wrong check character still
/// gets WARN_CHECK_DIGIT. Types without a module (passports) are not checked.
pub(crate) fn check_in_request(ctx: &mut Ctx, path: &Path<'_>, country: &str, document_type: &str, number: &str) {
    let Some(n) = numbers().find(|n| n.country == country && n.name == document_type) else {
        return;
    };
    if let Some(c) = n.check_character.filter(|c| (c.written_with)(number)) {
        ctx.report(
            path,
            Code::DocumentFormat,
            &[
                ("document_type", n.name),
                ("problem", "check_character"),
                ("sent_form", c.sent_form),
            ],
        );
    }
    match (n.validate)(number) {
        Ok(valid) => {
            for w in valid.warnings {
                match w {
                    DocumentWarning::CheckDigit => ctx.report(path, Code::CheckDigit, &[("document_type", n.name)]),
                    DocumentWarning::InconvenientWord => ctx.report(
                        path,
                        Code::DocumentFormat,
                        &[
                            ("document_type", n.name),
                            ("problem", "inconvenient_word"),
                            ("never_issued", "X"),
                        ],
                    ),
                    DocumentWarning::UnknownInstitution => {}
                }
            }
        }
        Err(DocumentError::InvalidChecksum) => ctx.report(path, Code::CheckDigit, &[("document_type", n.name)]),
        Err(e) => ctx.report(
            path,
            Code::DocumentFormat,
            &[("document_type", n.name), ("problem", e.problem())],
        ),
    }
}

/// Spec 2.1 with DESIGN.md 9 rows 2 and 33, for a virtual account's owner document whose
/// number the spec's digits-only rule already refused: when `number` is the type's
/// written form with its check character (a DNI with RENIEC's letter), the form the
/// provider takes, for the error's message; None otherwise.
pub(crate) fn sent_form_without_check_character(
    country: &str,
    document_type: &str,
    number: &str,
) -> Option<&'static str> {
    numbers()
        .find(|n| n.country == country && n.name == document_type)
        .and_then(|n| n.check_character)
        .filter(|c| (c.written_with)(number))
        .map(|c| c.sent_form)
}

/// The check-digit half of [`check_in_request`], for a number refused by the spec's own
/// rule but written with a check character (DESIGN.md 9 row 33): a wrong one is still
/// WARN_CHECK_DIGIT, since the digits before it may hold the typo.
pub(crate) fn check_digit_in_request(ctx: &mut Ctx, path: &Path<'_>, country: &str, document_type: &str, number: &str) {
    let Some(n) = numbers().find(|n| n.country == country && n.name == document_type) else {
        return;
    };
    if (n.validate)(number) == Err(DocumentError::InvalidChecksum) {
        ctx.report(path, Code::CheckDigit, &[("document_type", n.name)]);
    }
}

/// Removes spaces, dots, hyphens, Unicode dashes and, when `slash`, `/`: the separators
/// of the written forms of these numbers, and nothing else.
pub(crate) fn strip_separators(number: &str, slash: bool) -> String {
    number
        .chars()
        .filter(|&c| {
            !(c == ' '
                || c == '.'
                || c == '-'
                || (slash && c == '/')
                || matches!(
                    c,
                    '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{00A0}' | '\u{2007}' | '\u{202F}'
                ))
        })
        .collect()
}

/// `compact` written into `pattern`, each `X` taking the next character (`XX-XXXXXXXX-X`
/// for a CUIT); None when the lengths differ.
pub(crate) fn shape(compact: &str, pattern: &str) -> Option<String> {
    let mut chars = compact.chars();
    let mut out = String::with_capacity(pattern.len());
    for p in pattern.chars() {
        out.push(if p == 'X' { chars.next()? } else { p });
    }
    chars.next().is_none().then_some(out)
}

/// Digits grouped by thousands with dots, as the display forms of Argentina, Chile and
/// Colombia write them: `1234567` -> `1.234.567`.
pub(crate) fn thousands(digits: &str) -> String {
    let count = digits.chars().count();
    let mut out = String::with_capacity(count + count / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (count - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    out
}

/// The ASCII digit values of `s`, when it is all ASCII digits.
pub(crate) fn digits(s: &str) -> Option<Vec<u32>> {
    s.chars()
        .map(|c| if c.is_ascii_digit() { c.to_digit(10) } else { None })
        .collect()
}

pub mod arg;
pub mod bra;
pub mod chl;
pub mod col;
pub mod dom;
pub mod make;
pub mod mex;
pub mod per;

#[cfg(test)]
mod number_tests;

/// Every country's list of number types.
static BY_COUNTRY: &[&[NumberType]] = &[
    arg::NUMBERS,
    bra::NUMBERS,
    chl::NUMBERS,
    col::NUMBERS,
    dom::NUMBERS,
    mex::NUMBERS,
    per::NUMBERS,
];

/// Every number type, country by country. The validation wiring, the CLI and the
/// robustness test all read this list.
pub fn numbers() -> impl Iterator<Item = &'static NumberType> {
    BY_COUNTRY.iter().flat_map(|list| list.iter())
}

/// One number type as the bindings list it (`DocumentType` of the description of the
/// shapes, [`crate::shape`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename = "DocumentType")]
pub struct TypeEntry {
    /// ISO 3166-1 alpha-2 code of the country.
    pub country: &'static str,
    /// The name as the API writes it (`RUC`, `CLABE`).
    #[serde(rename = "type")]
    pub name: &'static str,
    /// One line: what the number is and its rule.
    pub description: &'static str,
    /// Whether it is an account number rather than a document.
    pub account: bool,
}

/// Every number type as [`TypeEntry`], in the order of [`numbers`].
pub fn types() -> impl Iterator<Item = TypeEntry> {
    numbers().map(|n| TypeEntry {
        country: n.country,
        name: n.name,
        description: n.description,
        account: n.account,
    })
}

/// Why [`find`] has no check for a country and type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LookupError {
    /// No number type is known for the country (or it is not a country code).
    UnknownCountry,
    /// The country is known but has no number type of that name.
    UnknownType,
}

impl LookupError {
    /// ERR_INVALID_COUNTRY or ERR_UNSUPPORTED_DOCUMENT_TYPE.
    pub fn code(self) -> Code {
        match self {
            LookupError::UnknownCountry => Code::InvalidCountry,
            LookupError::UnknownType => Code::UnsupportedDocumentType,
        }
    }

    /// The message in `locale` for the arguments `country` (the country asked for, as
    /// given; it is not personal data) and `type`: the countries with checks, or the
    /// types of that country.
    pub fn message(self, country: &str, locale: Locale) -> String {
        let mut allowed = String::new();
        let mut add = |name: &str| {
            if !allowed.is_empty() {
                allowed.push_str(", ");
            }
            allowed.push_str(name);
        };
        match self {
            LookupError::UnknownCountry => {
                BY_COUNTRY
                    .iter()
                    .filter_map(|list| list.first())
                    .for_each(|n| add(n.country));
                crate::messages::render(self.code(), "country", &[("allowed", allowed)], locale)
            }
            LookupError::UnknownType => {
                let alpha2 = alpha2(country).unwrap_or_default();
                numbers().filter(|n| n.country == alpha2).for_each(|n| add(n.name));
                let params = [("country", alpha2.to_string()), ("allowed", allowed)];
                crate::messages::render(self.code(), "type", &params, locale)
            }
        }
    }
}

impl fmt::Display for LookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code().meaning())
    }
}

impl std::error::Error for LookupError {}

/// The alpha-2 code of `country` (alpha-2 or alpha-3, any case) when it has checks.
fn alpha2(country: &str) -> Option<&'static str> {
    crate::country::COUNTRIES
        .iter()
        .find(|c| c.alpha2.eq_ignore_ascii_case(country) || c.alpha3.eq_ignore_ascii_case(country))
        .map(|c| c.alpha2)
        .filter(|a| numbers().any(|n| n.country == *a))
}

/// The number type `name` of `country` (ISO alpha-2 or alpha-3, any case), or why
/// there is none.
pub fn find(country: &str, name: &str) -> Result<&'static NumberType, LookupError> {
    let alpha2 = alpha2(country).ok_or(LookupError::UnknownCountry)?;
    numbers()
        .find(|n| n.country == alpha2 && n.name.eq_ignore_ascii_case(name))
        .ok_or(LookupError::UnknownType)
}

/// The number type `name` of `country` (ISO alpha-2 or alpha-3, any case).
pub fn lookup(country: &str, name: &str) -> Option<&'static NumberType> {
    let alpha2 = crate::country::COUNTRIES
        .iter()
        .find(|c| c.alpha2.eq_ignore_ascii_case(country) || c.alpha3.eq_ignore_ascii_case(country))
        .map(|c| c.alpha2)?;
    numbers().find(|n| n.country == alpha2 && n.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inconvenient_word_says_what_to_check() {
        use crate::messages::Locale;
        for (locale, says) in [
            (
                Locale::En,
                "never issues these first four letters (it replaces one with X)",
            ),
            (
                Locale::Es,
                "nunca emite estas cuatro primeras letras (reemplaza una por X)",
            ),
        ] {
            let mut ctx = Ctx::new(locale);
            check_in_request(&mut ctx, &Path::Root.key("doc"), "MX", "CURP", "BACA890909MJCRMS05");
            let report = ctx.finish(false);
            let issue = report.warnings.first().unwrap();
            assert_eq!(issue.code, Code::DocumentFormat);
            assert!(issue.message().contains(says), "{}", issue.message());
            assert!(!issue.message().contains("BACA"), "{}", issue.message());
        }
    }

    #[test]
    fn separators_only() {
        assert_eq!(strip_separators(" 20-12345678.3\u{2013}x/", false), "20123456783x/");
        assert_eq!(strip_separators("12.345.678/0001-95", true), "12345678000195");
        assert_eq!(digits("0129"), Some(vec![0, 1, 2, 9]));
        assert_eq!(shape("20123456786", "XX-XXXXXXXX-X").as_deref(), Some("20-12345678-6"));
        assert_eq!(shape("2012345678", "XX-XXXXXXXX-X"), None);
        assert_eq!(shape("201234567861", "XX-XXXXXXXX-X"), None);
        assert_eq!(thousands("1234567"), "1.234.567");
    }

    #[test]
    fn find_says_why() {
        assert_eq!(find("per", "ruc").map(|n| n.name), Ok("RUC"));
        assert_eq!(find("PE", "SSN").map(|n| n.name), Err(LookupError::UnknownType));
        assert_eq!(find("US", "SSN").map(|n| n.name), Err(LookupError::UnknownCountry));
        assert_eq!(
            find("XX", "RUC").map(|n| n.name).map_err(LookupError::code),
            Err(Code::InvalidCountry)
        );
        assert_eq!(
            LookupError::UnknownType.message("pe", Locale::En),
            "type is not accepted for PE; accepted: DNI, RUC, CE, CCI"
        );
        assert!(
            LookupError::UnknownCountry
                .message("US", Locale::Es)
                .starts_with("country debe ser uno de")
        );
        assert_eq!(digits("12a"), None);
        assert_eq!(digits("١٢"), None);
    }
}
