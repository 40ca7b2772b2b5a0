//! Spec 2.1 and 8: the virtual-account creation request (`owner`, `account`, `metadata`).
//!
//! Order of issues (the vectors pin it): the root first (not an object; then unknown and
//! repeated top-level keys), then `owner`, `account` and `metadata` in that order. Inside
//! each object its unknown and repeated keys come first (metadata: see `metadata.rs`),
//! then its fields in the order of the spec 2.1 table, each field's checks before the
//! next field's. The cross-field rules
//! that need `account.country` come last, in spec-table order of the field they report
//! on: owner.document.type, owner.phone.countryCode, account.type, account.currency.
//!
//! A key repeated in one object is ERR_DUPLICATE_FIELD and the first copy is the one
//! checked (DESIGN.md 9 row 26); keys the spec does not name are WARN_UNKNOWN_FIELD. A
//! JSON number where the spec has a string (`1e400` included) is ERR_INVALID_TYPE, never
//! malformed JSON (DESIGN.md 9 row 27). Lengths are Unicode code points (row 1).
//!
//! Not checkable from one request (DESIGN.md 9 row 19): spec 1 and 8 allow one virtual
//! account per user per merchant. That needs the merchant's stored accounts, so this
//! module neither checks nor fakes it.

pub mod catalog;
pub mod lifecycle;
pub mod notification;
pub mod response;

use std::borrow::Cow;

use crate::code::Code;
use crate::country::{self, Country, VirtualAccountRules};
use crate::document;
use crate::json::Value;
use crate::metadata;
use crate::report::{Ctx, Params, Path};
use crate::rules::{self, Choices, Need};

/// Spec 2.1: owner.type values.
pub(crate) const OWNER_TYPES: Choices = rules::choices!(["PERSON", "COMPANY"]);
/// Spec 2.1: account.category values.
pub(crate) const CATEGORIES: Choices = rules::choices!(["VIRTUAL"]);
/// Spec 2.1: account.type values (accepted per country: see [`country::COUNTRIES`]).
pub(crate) const ACCOUNT_TYPES: Choices = rules::choices!(["CVU", "CCI", "CLABE"]);

/// Spec 2.1: the account.name format of each account.type, as given in the `pattern`
/// param of ERR_INVALID_ACCOUNT_NAME. The spec's regexes (CVU `^[a-zA-Z0-9._-]{6,20}$`,
/// CLABE `^[A-Za-z]{1,9} [A-Za-z]{1,10}$`, CCI `^[A-Za-z]{1,9}\.[A-Za-z]{1,10}$`) cannot go
/// into a message as written (braces mark template params), so the param states the same
/// format in a brace-free notation that reads the same in every locale: a character
/// class, its count in parentheses, and the literal separator in quotes. DESIGN.md 9
/// row 4: the patterns win over the prose, and the CCI dot is a literal dot.
const NAME_PATTERNS: &[(&str, &str)] = &[
    ("CVU", "[a-zA-Z0-9._-] (6-20)"),
    ("CLABE", "[A-Za-z] (1-9) + ' ' + [A-Za-z] (1-10)"),
    ("CCI", "[A-Za-z] (1-9) + '.' + [A-Za-z] (1-10)"),
];

/// Spec 2.1 and 8: the fewest and most characters of owner.firstName and lastName.
pub(crate) const PERSON_NAME_LENGTH: (usize, usize) = (1, 50);
/// Spec 2.1 and 8: the fewest and most characters of owner.companyName.
pub(crate) const COMPANY_NAME_LENGTH: (usize, usize) = (1, 80);
/// Spec 2.1 and 8: the most characters of a full name as a deposit notification's
/// `fullName` carries it (PROVIDER_FACTS.md): owner.firstName, a space and
/// owner.lastName, or owner.companyName, whichever is longer.
pub const FULL_NAME_MAX: usize = if 2 * PERSON_NAME_LENGTH.1 + 1 > COMPANY_NAME_LENGTH.1 {
    2 * PERSON_NAME_LENGTH.1 + 1
} else {
    COMPANY_NAME_LENGTH.1
};
/// Spec 2.1 and 8: the fewest and most characters of owner.email.
pub(crate) const EMAIL_LENGTH: (usize, usize) = (1, 50);
/// Spec 2.1 and 8: the most digits of owner.phone.countryCode.
pub(crate) const CALLING_CODE_MAX: usize = 4;
/// Spec 2.1 and 8: the most digits of owner.phone.number.
pub(crate) const PHONE_NUMBER_MAX: usize = 14;
/// Spec 2.1 and 8: the fewest and most characters of account.category.
pub(crate) const CATEGORY_LENGTH: (usize, usize) = (1, 36);
/// Spec 2.1 and 8: the fewest and most characters of account.name.
pub(crate) const ACCOUNT_NAME_LENGTH: (usize, usize) = (3, 20);
/// Spec 2.1: the fewest and most characters of a CVU account.name.
pub(crate) const CVU_NAME_LENGTH: (usize, usize) = (6, 20);
/// Spec 2.1 (DESIGN.md 9 row 4): the most letters of the first and second word of a
/// CLABE or CCI account.name.
pub(crate) const NAME_WORDS_MAX: (usize, usize) = (9, 10);
/// Spec 2.1: the word separator of a CLABE account.name (a space) and a CCI one (a
/// literal dot).
pub(crate) const NAME_SEPARATORS: [(&str, char); 2] = [("CLABE", ' '), ("CCI", '.')];

/// `format` param of ERR_INVALID_DOCUMENT_NUMBER for digit-only types (spec 2.1); a
/// pattern, so it reads the same in every locale.
pub(crate) const DIGITS_ONLY: &str = "[0-9]+";
/// `format` param for letter types (DESIGN.md 9 row 2: MEX RFC).
pub(crate) const LETTERS_AND_DIGITS: &str = "[A-Z0-9Ñ&]+";
/// Marks a Chilean RUN/RUT ending in K (DESIGN.md 9 row 2): reported as DIGITS_ONLY with
/// a `check_character` param, so the message names the check character.
const NO_CHECK_K: &str = "[0-9]+ (K)";

/// `digits` param of ERR_INVALID_PHONE_NUMBER (spec 8: 1-14 characters, digits only); written
/// with figures only so it reads the same in every locale.
const PHONE_DIGITS: &str = "1-14";

/// Spec 2.1: whether `name` has the account.name format of `account_type` (CVU, CLABE
/// or CCI; any other type has no format and gives false). Hand-written equivalents of
/// the spec's patterns (DESIGN.md 9 row 4; `tests/patterns.rs` checks them against the
/// regexes):
/// CVU `^[a-zA-Z0-9._-]{6,20}$`, CLABE `^[A-Za-z]{1,9} [A-Za-z]{1,10}$`,
/// CCI `^[A-Za-z]{1,9}\.[A-Za-z]{1,10}$` (literal dot).
pub fn is_valid_account_name(account_type: &str, name: &str) -> bool {
    match account_type {
        "CVU" => {
            (CVU_NAME_LENGTH.0..=CVU_NAME_LENGTH.1).contains(&name.len())
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        }
        _ => NAME_SEPARATORS
            .iter()
            .find(|(t, _)| *t == account_type)
            .is_some_and(|(_, sep)| two_words(name, *sep)),
    }
}

/// Spec 2.1: whether `reference_id` is a valid owner.referenceId, 1-36 characters
/// counted in Unicode code points (DESIGN.md 9 row 1). The one rule for the field:
/// validation applies it to the body (ERR_INVALID_LENGTH), and the `reference_id`
/// signature variant (DESIGN.md 9 rows 30 and 32) to its argument, with the same code.
pub fn is_valid_reference_id(reference_id: &str) -> bool {
    crate::field::reference_id(reference_id).is_ok()
}

/// owner.referenceId of a virtual-account body, when it is a string: the text the
/// `reference_id` signature variant signs (DESIGN.md 9 row 30).
pub(crate) fn owner_reference_id<'v>(body: &'v Value<'_>) -> Option<&'v str> {
    let Value::Object(members) = body else {
        return None;
    };
    let member = |members: &'v rules::Members<'_>, name: &str| members.iter().find(|(k, _)| k == name).map(|(_, v)| v);
    match member(members, "owner")? {
        Value::Object(owner) => member(owner, "referenceId")?.as_str(),
        _ => None,
    }
}

/// Spec 2.1 and 8: whether `key` is a valid metadata key (`^[A-Za-z0-9_-]{1,20}$`,
/// DESIGN.md 9 row 5).
pub fn is_valid_metadata_key(key: &str) -> bool {
    metadata::is_valid_key(key)
}

/// Two ASCII-letter words of 1-9 and 1-10 letters joined by `sep` (spec 2.1, CLABE and
/// CCI; DESIGN.md 9 row 4).
fn two_words(name: &str, sep: char) -> bool {
    let letters = |w: &str, max: usize| (1..=max).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_alphabetic());
    match name.split_once(sep) {
        Some((first, second)) => letters(first, NAME_WORDS_MAX.0) && letters(second, NAME_WORDS_MAX.1),
        None => false,
    }
}

/// Spec 2.1 / DESIGN.md 9 row 2: the `format` the document number breaks, if any.
/// Numbers are ASCII digits only (leading zeros kept: they are digits like any other);
/// the types of the table's `letter_documents` (MEX RFC) also allow A-Z, Ñ and &; a
/// number of a `check_character_documents` type (Chile RUN/RUT) ending in K or k gets a
/// message that names the check character.
fn document_number_problem(va: &VirtualAccountRules, document_type: &str, number: &str) -> Option<&'static str> {
    if va.letter_documents.contains(&document_type) {
        let ok = !number.is_empty()
            && number
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == 'Ñ' || c == '&');
        return (!ok).then_some(LETTERS_AND_DIGITS);
    }
    if rules::is_digits(number) {
        return None;
    }
    if va.check_character_documents.contains(&document_type) && number.ends_with(['K', 'k']) {
        return Some(NO_CHECK_K);
    }
    Some(DIGITS_ONLY)
}

/// Spec 2.1: whether a phone calling code is 1-4 ASCII digits.
fn is_calling_code(s: &str) -> bool {
    rules::is_digits(s) && s.len() <= CALLING_CODE_MAX
}

/// What the per-field pass learned that the cross-field rules need. Each value is set
/// only when its own field passed its own checks.
#[derive(Default)]
struct Seen<'v> {
    /// owner.document.type, when a string.
    document_type: Option<&'v str>,
    /// owner.document.number, when it passed the rules of its type.
    document_number: Option<&'v str>,
    /// owner.document.number, when refused only for being written with its check
    /// character (DESIGN.md 9 row 33).
    document_with_check_character: Option<&'v str>,
    /// owner.phone.countryCode, when 1-4 digits.
    calling_code: Option<&'v str>,
    /// account.type, when one of CVU, CCI, CLABE.
    account_type: Option<&'v str>,
    /// account.country, when one of the served countries.
    country: Option<(&'static Country, &'static VirtualAccountRules)>,
    /// account.currency, when three upper-case letters.
    currency: Option<&'v str>,
}

/// Spec 2.1: validates a virtual-account body (order of issues: see the module doc).
pub(crate) fn validate(ctx: &mut Ctx, value: &Value<'_>) {
    let root = Path::Root;
    let Value::Object(members) = value else {
        rules::wrong_type(ctx, &root, "object", value);
        return;
    };
    let [owner, account, meta] = rules::fields(ctx, &root, members, &["owner", "account", "metadata"]);
    let mut seen = Seen::default();
    let owner_path = root.key("owner");
    if let Some(m) = rules::object(ctx, &owner_path, owner, Need::Required) {
        validate_owner(ctx, &owner_path, m, &mut seen);
    }
    let account_path = root.key("account");
    if let Some(m) = rules::object(ctx, &account_path, account, Need::Required) {
        validate_account(ctx, &account_path, m, &mut seen);
    }
    if let Some(m) = meta {
        metadata::validate_object(ctx, &root.key("metadata"), m);
    }
    cross_field(ctx, &seen);
}

/// A string field with a length range in code points (spec 8; DESIGN.md 9 row 1).
fn text<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, need: Need, min: usize, max: usize) {
    if let Some(s) = rules::string(ctx, path, value, need) {
        rules::length(ctx, path, s, min, max);
    }
}

/// Spec 2.1 `owner` (limits of spec 8).
fn validate_owner<'v>(ctx: &mut Ctx, path: &Path<'_>, members: &'v rules::Members<'v>, seen: &mut Seen<'v>) {
    let [reference, owner_type, document, first, last, company, email, phone] = rules::fields(
        ctx,
        path,
        members,
        &[
            "referenceId",
            "type",
            "document",
            "firstName",
            "lastName",
            "companyName",
            "email",
            "phone",
        ],
    );
    let reference_path = path.key("referenceId");
    if let Some(r) = rules::string(ctx, &reference_path, reference, Need::Required) {
        ctx.check(&reference_path, crate::field::reference_id(r));
    }

    let type_path = path.key("type");
    let owner_type = rules::string(ctx, &type_path, owner_type, Need::Required)
        .filter(|t| rules::one_of(ctx, &type_path, t, &OWNER_TYPES, None));

    let document_path = path.key("document");
    if let Some(m) = rules::object(ctx, &document_path, document, Need::Required) {
        validate_document(ctx, &document_path, m, seen);
    }

    // DESIGN.md 9 row 17: the names of the other owner type are ignored (not checked);
    // with no valid owner.type, every name present is checked, none is required.
    let (names, company_need) = match owner_type {
        Some("PERSON") => (Some(Need::RequiredWhen("owner.type=PERSON")), None),
        Some(_) => (None, Some(Need::RequiredWhen("owner.type=COMPANY"))),
        None => (Some(Need::Optional), Some(Need::Optional)),
    };
    if let Some(need) = names {
        let (min, max) = PERSON_NAME_LENGTH;
        text(ctx, &path.key("firstName"), first, need, min, max);
        text(ctx, &path.key("lastName"), last, need, min, max);
    }
    if let Some(need) = company_need {
        let (min, max) = COMPANY_NAME_LENGTH;
        text(ctx, &path.key("companyName"), company, need, min, max);
    }

    // DESIGN.md 9 row 15: one well-formed address; spec 8: 1-50 characters. An empty
    // text gets only the length error.
    let email_path = path.key("email");
    if let Some(e) = rules::string(ctx, &email_path, email, Need::Required) {
        rules::length(ctx, &email_path, e, EMAIL_LENGTH.0, EMAIL_LENGTH.1);
        if !e.is_empty() && !rules::is_email(e) {
            ctx.report(&email_path, Code::InvalidEmail, &[]);
        }
    }

    let phone_path = path.key("phone");
    if let Some(m) = rules::object(ctx, &phone_path, phone, Need::Required) {
        let [code, number] = rules::fields(ctx, &phone_path, m, &["countryCode", "number"]);
        let code_path = phone_path.key("countryCode");
        if let Some(c) = rules::string(ctx, &code_path, code, Need::Required) {
            if is_calling_code(c) {
                seen.calling_code = Some(c);
            } else {
                ctx.report(&code_path, Code::InvalidPhoneCountry, &[]);
            }
        }
        let number_path = phone_path.key("number");
        if let Some(n) = rules::string(ctx, &number_path, number, Need::Required)
            && !(rules::is_digits(n) && n.len() <= PHONE_NUMBER_MAX)
        {
            ctx.report(&number_path, Code::InvalidPhoneNumber, &[("digits", PHONE_DIGITS)]);
        }
    }
}

/// Spec 2.1 `owner.document`. Whether the type is accepted depends on account.country
/// and is a cross-field rule; the number's format depends only on the type, so it is
/// checked here. A number whose type is absent or not a type of any served country is
/// left unchecked (its format is unknown, and the message would have to echo the type).
fn validate_document<'v>(ctx: &mut Ctx, path: &Path<'_>, members: &'v rules::Members<'v>, seen: &mut Seen<'v>) {
    let [doc_type, number] = rules::fields(ctx, path, members, &["type", "number"]);
    let doc_type = rules::string(ctx, &path.key("type"), doc_type, Need::Required);
    seen.document_type = doc_type;
    let number_path = path.key("number");
    let Some(number) = rules::string(ctx, &number_path, number, Need::Required) else {
        return;
    };
    let Some((name, home, va)) = doc_type.and_then(country::virtual_account_document) else {
        return;
    };
    let problem = document_number_problem(va, name, number);
    // DESIGN.md 9 row 33: a DNI written with RENIEC's check letter breaks spec 2.1's
    // digits-only rule, so it stays an error; the message says which form the provider
    // takes (a bare "[0-9]+" would not tell the sender to drop the letter), and a wrong
    // check letter is still WARN_CHECK_DIGIT in the cross-field pass.
    let sent_form = match problem {
        Some(DIGITS_ONLY) => document::sent_form_without_check_character(home.alpha2, name, number),
        _ => None,
    };
    match (problem, sent_form) {
        (Some(NO_CHECK_K), _) => ctx.report(
            &number_path,
            Code::InvalidDocumentNumber,
            &[
                ("document_type", name),
                ("format", DIGITS_ONLY),
                ("check_character", "K"),
            ],
        ),
        (Some(format), Some(sent_form)) => {
            ctx.report(
                &number_path,
                Code::InvalidDocumentNumber,
                &[("document_type", name), ("format", format), ("sent_form", sent_form)],
            );
            seen.document_with_check_character = Some(number);
        }
        (Some(format), None) => ctx.report(
            &number_path,
            Code::InvalidDocumentNumber,
            &[("document_type", name), ("format", format)],
        ),
        (None, _) => seen.document_number = Some(number),
    }
}

/// Spec 2.1 `account` (limits of spec 8).
fn validate_account<'v>(ctx: &mut Ctx, path: &Path<'_>, members: &'v rules::Members<'v>, seen: &mut Seen<'v>) {
    let [category, account_type, country_value, currency, name] =
        rules::fields(ctx, path, members, &["category", "type", "country", "currency", "name"]);

    // Spec 2.1: enum VIRTUAL, length 1-36; the enum is checked only within the length.
    let category_path = path.key("category");
    if let Some(c) = rules::string(ctx, &category_path, category, Need::Required)
        && rules::length(ctx, &category_path, c, CATEGORY_LENGTH.0, CATEGORY_LENGTH.1)
    {
        rules::one_of(ctx, &category_path, c, &CATEGORIES, None);
    }

    // Spec 2.1: enum CVU, CCI, CLABE (case-sensitive, DESIGN.md 9 row 22); the country
    // rule is cross-field.
    let type_path = path.key("type");
    seen.account_type = rules::string(ctx, &type_path, account_type, Need::Required)
        .filter(|t| rules::one_of(ctx, &type_path, t, &ACCOUNT_TYPES, None));

    // DESIGN.md 9 rows 22 and 23: upper-case ISO alpha-3 among the served countries.
    let country_path = path.key("country");
    if let Some(c) = rules::string(ctx, &country_path, country_value, Need::Required) {
        seen.country = country::virtual_account_country(c);
        if seen.country.is_none() {
            let mut params = Params::from([("allowed", Cow::Borrowed(country::virtual_account_code_list()))]);
            let served = country::COUNTRIES.iter().filter(|k| k.virtual_account.is_some());
            rules::push_case_hint(&mut params, c, served.map(|k| k.alpha3));
            ctx.report_with(&country_path, Code::InvalidCountry, params);
        }
    }

    // Spec 2.1: ISO 4217 (three upper-case letters; the pairing is cross-field).
    let currency_path = path.key("currency");
    if let Some(c) = rules::string(ctx, &currency_path, currency, Need::Required) {
        if crate::field::is_currency_code(c) {
            seen.currency = Some(c);
        } else {
            ctx.report(&currency_path, Code::InvalidCurrency, &[]);
        }
    }

    // Spec 2.1 and 8: 3-20 characters, then the format of its account.type (only for a
    // valid type; a name outside 3-20 fails every format, so only the length is told).
    let name_path = path.key("name");
    if let Some(n) = rules::string(ctx, &name_path, name, Need::Required)
        && rules::length(ctx, &name_path, n, ACCOUNT_NAME_LENGTH.0, ACCOUNT_NAME_LENGTH.1)
        && let Some((account_type, pattern)) = seen
            .account_type
            .and_then(|t| NAME_PATTERNS.iter().find(|(p, _)| *p == t))
        && !is_valid_account_name(account_type, n)
    {
        ctx.report(
            &name_path,
            Code::InvalidAccountName,
            &[("account_type", account_type), ("pattern", pattern)],
        );
    }
}

/// The rules that need account.country, once every field has had its own checks. With
/// no valid country none of them applies (account.country already has its error).
fn cross_field(ctx: &mut Ctx, seen: &Seen<'_>) {
    let Some((country, va)) = seen.country else {
        return;
    };
    let root = Path::Root;
    let owner = root.key("owner");
    let account = root.key("account");

    // Spec 2.1: ARG CUIT; MEX RFC; PER DNI or RUC; CHL RUN, RUT or PASS.
    if let Some(t) = seen.document_type {
        if !va.document_types.contains(&t) {
            let document = owner.key("document");
            let mut params = Params::from([
                ("country", Cow::Borrowed(country.alpha3)),
                ("allowed", country::list_of(country, |l| &l.va_document_types)),
            ]);
            rules::push_case_hint(&mut params, t, va.document_types.iter().copied());
            ctx.report_with(&document.key("type"), Code::UnsupportedDocumentType, params);
        } else if let Some(number) = seen.document_number {
            // The real format and check digit of the type.
            let document = owner.key("document");
            document::check_in_request(ctx, &document.key("number"), country.alpha2, t, number);
        } else if let Some(number) = seen.document_with_check_character {
            let document = owner.key("document");
            document::check_digit_in_request(ctx, &document.key("number"), country.alpha2, t, number);
        }
    }

    // The calling code should be the account country's (a warning: a user may hold a
    // foreign phone).
    if let Some(code) = seen.calling_code
        && code != country.calling_code
    {
        let phone = owner.key("phone");
        ctx.report(
            &phone.key("countryCode"),
            Code::PhoneCountryMismatch,
            &[("country", country.alpha3), ("expected", country.calling_code)],
        );
    }

    // Spec 2.1: CVU for ARG, CLABE for MEX, CCI for PER; Chile "not shown": any of the
    // three passes with a warning (DESIGN.md 9 row 3).
    if let Some(t) = seen.account_type {
        let type_path = account.key("type");
        if !va.account_types.contains(&t) {
            ctx.report_with(
                &type_path,
                Code::UnsupportedAccountType,
                [
                    ("country", Cow::Borrowed(country.alpha3)),
                    ("allowed", country::list_of(country, |l| &l.va_account_types)),
                ],
            );
        } else if !va.account_type_known {
            ctx.report(&type_path, Code::AccountTypeUnconfirmed, &[("country", country.alpha3)]);
        }
    }

    // DESIGN.md 9 row 16: ARG ARS, MEX MXN, PER PEN, CHL CLP; another pairing warns.
    if let Some(c) = seen.currency
        && c != country.currency
    {
        ctx.report(
            &account.key("currency"),
            Code::CurrencyMismatch,
            &[("country", country.alpha3), ("expected", country.currency)],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_names() {
        for ok in ["ana.perez", "A_b-c.9", "abcdef", "abcdefghij0123456789"] {
            assert!(is_valid_account_name("CVU", ok), "{ok}");
        }
        for bad in ["abcde", "ana perez", "abcdefghij01234567890", "añaperez", ""] {
            assert!(!is_valid_account_name("CVU", bad), "{bad}");
        }
        for ok in ["Ana Perez", "a b", "abcdefghi abcdefghij"] {
            assert!(is_valid_account_name("CLABE", ok), "{ok}");
        }
        for bad in [
            "Ana  Perez",
            "Ana",
            "abcdefghij abc",
            "abc abcdefghijk",
            "Ana Pe rez",
            "Ana.Perez",
            " Ana",
        ] {
            assert!(!is_valid_account_name("CLABE", bad), "{bad}");
        }
        for ok in ["Ana.Perez", "a.b", "abcdefghi.abcdefghij"] {
            assert!(is_valid_account_name("CCI", ok), "{ok}");
        }
        for bad in [
            "AnaXPerez",
            "Ana Perez",
            "Ana..Perez",
            "Ana.Perez.",
            ".Ana",
            "Ana.Pérez",
        ] {
            assert!(!is_valid_account_name("CCI", bad), "{bad}");
        }
        assert!(!is_valid_account_name("IBAN", "Ana.Perez"));
    }

    #[test]
    fn document_numbers() {
        let check = |t: &str, n: &str| {
            country::virtual_account_document(t).and_then(|(name, _, va)| document_number_problem(va, name, n))
        };
        for t in ["CUIT", "RFC", "DNI", "RUC", "RUN", "RUT", "PASS"] {
            assert!(country::virtual_account_document(t).is_some(), "{t}");
        }
        assert_eq!(check("DNI", "00123456"), None);
        assert_eq!(check("DNI", "1234-5678"), Some(DIGITS_ONLY));
        assert_eq!(check("DNI", ""), Some(DIGITS_ONLY));
        assert_eq!(check("RFC", "ÑA&B800101AB1"), None);
        assert_eq!(check("RFC", "abc800101ab1"), Some(LETTERS_AND_DIGITS));
        assert_eq!(check("RFC", ""), Some(LETTERS_AND_DIGITS));
        assert_eq!(check("RUT", "12345678k"), Some(NO_CHECK_K));
        assert_eq!(check("RUN", "12345678K"), Some(NO_CHECK_K));
        assert_eq!(check("PASS", "12345678K"), Some(DIGITS_ONLY));
        assert_eq!(check("RUT", "123456785"), None);
        assert_eq!(check("CUIT", "20123456789"), None);
    }

    #[test]
    fn params_state_the_constants() {
        assert_eq!(PHONE_DIGITS, format!("1-{PHONE_NUMBER_MAX}"));
        let (a, b) = NAME_WORDS_MAX;
        let (min, max) = CVU_NAME_LENGTH;
        assert_eq!(
            NAME_PATTERNS,
            &[
                ("CVU", format!("[a-zA-Z0-9._-] ({min}-{max})").as_str()),
                ("CLABE", format!("[A-Za-z] (1-{a}) + ' ' + [A-Za-z] (1-{b})").as_str()),
                ("CCI", format!("[A-Za-z] (1-{a}) + '.' + [A-Za-z] (1-{b})").as_str()),
            ]
        );
    }

    #[test]
    fn codes() {
        assert!(is_calling_code("1") && is_calling_code("1234"));
        assert!(!is_calling_code("") && !is_calling_code("12345") && !is_calling_code("+51"));
        use crate::field::is_currency_code;
        assert!(is_currency_code("PEN"));
        assert!(!is_currency_code("pen") && !is_currency_code("PE") && !is_currency_code("PÉN"));
    }
}
