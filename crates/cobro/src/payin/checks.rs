//! Spec 2.4-2.6 and 8: the checks of each pay-in field, walked in the order of spec
//! 2.4's table (see the module doc of `payin` for the order of the issues).

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::amount::MAX_INTEGER_DIGITS;
use crate::code::Code;
use crate::country::{self, COUNTRIES, PayinDocument};
use crate::date::CivilDate;
use crate::endpoints;
use crate::field;
use crate::json::Value;
use crate::report::{Ctx, Params, Path};
use crate::rules::{self, Choices, Need};

use super::fields::{self, Blank, FIELDS, blankable, blankable_text, present_text, required, required_text, text};
use super::{DEEPLINK_METHOD, DEEPLINK_NAME_MAX, Request, Signed, wallet};

/// Spec 2.4 and 8: the longest payinCustomerEmail.
pub(crate) const EMAIL_MAX: usize = 50;
/// Spec 2.4 and 8: the longest payinTransactionOKURL / payinTransactionErrorURL.
///
/// The spec gives URLMonnet no limit; the same 250 characters are applied to it so that
/// every URL of the request is judged alike (a real URLMonnet is about 60 characters).
pub(crate) const URL_MAX: usize = 250;
/// Spec 2.4: payinVerification is a SHA-512 hash, 128 hex characters (section 5.3,
/// PROVIDER_FACTS.md: hashes are hex).
pub(crate) const HASH_HEX_LEN: usize = 128;
/// DESIGN.md 9 row 21: the URLMonnet paths, v1 (most samples) and v3 (the current
/// version, the path `prepare_payin` sends to).
const URLMONNET_PATHS: [&str; 2] = [endpoints::PAYIN_PATH_V1, endpoints::PAYIN_PATH];
/// [`URLMONNET_PATHS`] as alternatives, for the `expected` param.
const URLMONNET_ALTERNATIVES: &str = rules::joined!(URLMONNET_PATHS, "|");
/// payinType's one value as the values the rule accepts.
const TYPE_POST_CHOICES: Choices = rules::choices!([super::TYPE_POST]);
/// The condition of a required payinDiscountCoupon: the currencies of the countries
/// whose table says `coupon_required`.
static COUPON_WHEN: LazyLock<String> = LazyLock::new(|| {
    format!(
        "payinCurrency={}",
        rules::join_alternatives(
            COUNTRIES
                .iter()
                .filter(|c| c.payin.is_some_and(|r| r.coupon_required))
                .map(|c| c.currency)
        )
    )
});
/// The largest payinExpirationTime: the provider types it Integer (32-bit); the spec
/// gives no upper bound.
pub(crate) const EXPIRATION_MAX: u64 = i32::MAX as u64;

/// Walks every field of spec 2.4 in table order; returns the texts payinVerification
/// covers, for the signature check.
pub(crate) fn walk<'v>(ctx: &mut Ctx, req: &Request<'v>) -> Signed<'v> {
    let root = Path::Root;
    let mut signed = Signed::default();
    let mut document_type: Option<&'v str> = None;
    for (i, spec) in FIELDS.iter().enumerate() {
        let path = root.key(spec.name);
        let value = req.get(i);
        match i {
            fields::MERCHANT_ID => signed.merchant_id = merchant_id(ctx, &path, value),
            fields::AMOUNT => signed.amount = amount(ctx, &path, value, req),
            fields::CURRENCY => signed.currency = currency(ctx, &path, value),
            fields::OPERATION_NUMBER => {
                signed.operation_number = present_text(ctx, &path, value, spec.number_as_text)
                    .filter(|s| ctx.check(&path, field::operation_number(s)).is_some());
            }
            fields::METHOD => method(ctx, &path, value, req),
            fields::VERIFICATION => signed.verification = verification(ctx, &path, value),
            fields::OK_URL | fields::ERROR_URL => {
                if let Some(s) = required(ctx, &path, value) {
                    url(ctx, &path, s);
                }
            }
            fields::EXPIRATION => expiration(ctx, &path, value, req),
            fields::LANGUAGE => language(ctx, &path, value),
            fields::EMAIL => email(ctx, &path, value),
            fields::NAME | fields::LAST_NAME => name(ctx, &path, value, req),
            fields::TYPE_DOCUMENT => document_type = type_document(ctx, &path, value, req),
            fields::DOCUMENT => document(ctx, &path, value, req, document_type),
            fields::PHONE => phone(ctx, &path, value, req),
            fields::COUNTRY | fields::SHIPPING_COUNTRY => customer_country(ctx, &path, value, req),
            fields::COUPON => coupon(ctx, &path, value, req, spec.number_as_text),
            fields::VOUCHER_THEME => wallet::voucher_theme(ctx, &path, value, req),
            fields::DATE_TIME => {
                if required(ctx, &path, value).is_some_and(|s| CivilDate::parse(s).is_none()) {
                    ctx.report(&path, Code::DateFormat, &[]);
                }
            }
            fields::URL_MONNET => url_monnet(ctx, &path, value),
            fields::TYPE_POST => {
                if let Some(s) = required(ctx, &path, value) {
                    rules::one_of(ctx, &path, s, &TYPE_POST_CHOICES, None);
                }
            }
            fields::PROCESSOR_CODE => wallet::processor_code(ctx, &path, value),
            fields::SUBSCRIPTION => wallet::subscription(ctx, &path, value),
            _ => match spec.blank {
                Blank::Never => {
                    required_text(ctx, &path, value, spec.number_as_text);
                }
                Blank::Allowed | Blank::CouponByCountry | Blank::Optional => {
                    blankable_text(ctx, &path, value, spec.blank, spec.number_as_text);
                }
            },
        }
    }
    signed
}

/// Spec 2.4: payinMerchantID, an integer; a string of digits passes with no issue
/// (DESIGN.md 9 row 9). Returns the text as written (the number's text or the string's
/// content), which is what spec 5.3 hashes.
fn merchant_id<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) -> Option<&'v str> {
    rules::merchant_id(ctx, path, value)?;
    number_text(value)
}

/// The text of a JSON number, or the content of a string.
fn number_text<'v>(value: Option<&'v Value<'v>>) -> Option<&'v str> {
    match value {
        Some(Value::Number(n)) => Some(n),
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

/// Spec 2.4 "two decimals", DESIGN.md 9 rows 10 and 27: greater than zero, at most two
/// decimals, no exponent, judged on the JSON text (`150.000` and `1e2` are errors).
/// Row 10: the amount is sent as the string of its canonical two-decimal text
/// (`"29.90"`), the text the service hashes; a JSON number, or a string in another form
/// (`"29.9"`, `"30"`, `"029.90"`), is WARN_AMOUNT_FORMAT. Spec 2.6: in a country with a
/// cents step (Mexico, 50) other cents are WARN_AMOUNT_STEP, a suggestion.
fn amount<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, req: &Request<'v>) -> Option<&'v str> {
    let parsed = rules::amount(ctx, path, value, Need::Required, true, MAX_INTEGER_DIGITS)?;
    let canonical = matches!(value, Some(Value::String(s)) if parsed.is_canonical_text(s));
    if !canonical {
        ctx.report(path, Code::AmountFormat, &[]);
    }
    if let Some(step) = req.country.and_then(|(_, r)| r.cents_step)
        && step > 0
        && parsed.cents() % step != 0
    {
        ctx.report_with(path, Code::AmountStep, [("step", Cow::Owned(format!("0.{step:02}")))]);
    }
    number_text(value)
}

/// Spec 2.4: an ISO 4217 code, three upper-case letters (DESIGN.md 9 row 22; the rule
/// signing applies too, row 32). A code no
/// pay-in country of the spec uses gets the generic rules and WARN_UNSUPPORTED_CURRENCY
/// (row 11).
fn currency<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) -> Option<&'v str> {
    let s = present_text(ctx, path, value, false)?;
    ctx.check(path, field::currency(s))?;
    if country::payin_country(s).is_none() {
        ctx.report(
            path,
            Code::UnsupportedCurrency,
            &[("known", country::payin_currency_list())],
        );
    }
    Some(s)
}

/// Spec 2.5, DESIGN.md 9 row 12: a method the spec does not name for the country passes
/// with WARN_UNKNOWN_METHOD (the complete lists are "not shown"; `bankTransfer` is named
/// for DO and BR in the table). Methods are case-sensitive (row 22): a value that differs
/// from a named one only in case says so.
fn method<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, req: &Request<'v>) {
    let Some(s) = required(ctx, path, value) else {
        return;
    };
    if let Some((c, r)) = req.country
        && !r.methods.contains(&s)
    {
        let mut params = Params::from([
            ("country", Cow::Borrowed(c.alpha2)),
            ("known", country::list_of(c, |l| &l.payin_methods)),
        ]);
        rules::push_case_hint(&mut params, s, r.methods.iter().copied());
        ctx.report_with(path, Code::UnknownMethod, params);
    }
}

/// Spec 2.4 and 5.3, DESIGN.md 9 row 18: payinVerification is required and is a SHA-512
/// hash, 128 hex characters (either case; the comparison decodes it).
fn verification<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) -> Option<&'v str> {
    let s = required(ctx, path, value)?;
    if s.len() != HASH_HEX_LEN || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        ctx.report(
            path,
            Code::InvalidFormat,
            &[("format", "128 hexadecimal characters (SHA-512)")],
        );
        return None;
    }
    Some(s)
}

/// Spec 2.4 and 8: an https URL of at most 250 characters (scheme case-insensitive,
/// DESIGN.md 9 row 22). Returns the URL's path.
fn url<'s>(ctx: &mut Ctx, path: &Path<'_>, s: &'s str) -> Option<&'s str> {
    match rules::https_path(s) {
        Some(p) if rules::char_count(s) <= URL_MAX => Some(p),
        _ => {
            ctx.report_with(path, Code::InvalidUrl, [("max", rules::number(URL_MAX))]);
            None
        }
    }
}

/// Spec 2.4 and 2.6, DESIGN.md 9 row 8: minutes, an integer >= 1 (a digit string passes
/// with no issue, row 9). Null leaves the choice to the service (for DO it
/// applies 120 minutes) except for the deeplink method, which must carry one (spec 2.4).
/// Below the suggested minimum of spec 2.6 for the country and method
/// ([`country::PayinRules::suggested_minutes`]) is a warning; a country without a figure
/// gets no hint.
fn expiration<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, req: &Request<'v>) {
    if let Some(Value::Null) = value {
        if req.method == Some(DEEPLINK_METHOD) {
            ctx.report(
                path,
                Code::MissingField,
                &[("when", "payinMethod=BankTransfer_Deeplink")],
            );
        }
        return;
    }
    let Some(minutes) = rules::integer(ctx, path, value, Need::Required, 1, EXPIRATION_MAX) else {
        return;
    };
    let (Some((_, rules_of)), Some(method)) = (req.country, req.method) else {
        return;
    };
    if let Some(min) = rules_of.suggested_minutes(method)
        && minutes < u64::from(min)
    {
        ctx.report_with(path, Code::ExpirationBelowSuggested, [("minimum", rules::number(min))]);
    }
}

/// Spec 2.4: payinLanguage, ISO 639-1, has this many ASCII letters.
pub(crate) const LANGUAGE_LETTERS: usize = 2;

/// Spec 2.4: an ISO 639-1 code, two ASCII letters in either case with no issue
/// (DESIGN.md 9 row 22: the provider's own samples send `ES`).
fn language<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) {
    let Some(s) = required(ctx, path, value) else {
        return;
    };
    if s.len() != LANGUAGE_LETTERS || !s.bytes().all(|b| b.is_ascii_alphabetic()) {
        ctx.report(path, Code::InvalidFormat, &[("format", "ISO 639-1 (two letters)")]);
    }
}

/// Spec 2.4 and 8: never empty, at most 50 characters, one well-formed address
/// (DESIGN.md 9 row 15). Length and format are separate rules, each reported.
fn email<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) {
    if let Some(s) = required(ctx, path, value) {
        rules::length(ctx, path, s, 1, EMAIL_MAX);
        if !rules::is_email(s) {
            ctx.report(path, Code::InvalidEmail, &[]);
        }
    }
}

/// Spec 2.4 and 8: names are never empty; at most 30 characters in the countries whose
/// table row gives `name_max` (PE, CO) and for the deeplink method in any country.
/// Lengths are code points (DESIGN.md 9 row 1).
fn name<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, req: &Request<'v>) {
    let Some(s) = required(ctx, path, value) else {
        return;
    };
    let by_country = req.country.and_then(|(_, r)| r.name_max);
    let by_method = (req.method == Some(DEEPLINK_METHOD)).then_some(DEEPLINK_NAME_MAX);
    let max = match (by_country, by_method) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    if let Some(max) = max {
        rules::length(ctx, path, s, 1, max);
    }
}

/// Spec 2.5, DESIGN.md 9 row 12: a document type named for the country by spec 2.5 or
/// by the provider (the table's `documents`) passes; another passes with
/// WARN_UNKNOWN_DOCUMENT_TYPE (case-sensitive, row 22: a value that differs from a
/// named one only in case says so). Returns the type.
fn type_document<'v>(
    ctx: &mut Ctx,
    path: &Path<'_>,
    value: Option<&'v Value<'v>>,
    req: &Request<'v>,
) -> Option<&'v str> {
    let s = required(ctx, path, value)?;
    if let Some((c, r)) = req.country
        && !r.documents.iter().any(|d| d.name == s)
    {
        let mut params = Params::from([
            ("country", Cow::Borrowed(c.alpha2)),
            ("known", country::list_of(c, |l| &l.payin_documents)),
        ]);
        rules::push_case_hint(&mut params, s, r.documents.iter().map(|d| d.name));
        ctx.report_with(path, Code::UnknownDocumentType, params);
    }
    Some(s)
}

/// Spec 2.5 and 8: the document number is never empty; where the table gives the type a
/// digit count (DO: CIE 11, RNC 9, PP 9) it is exactly that many ASCII digits.
fn document<'v>(
    ctx: &mut Ctx,
    path: &Path<'_>,
    value: Option<&'v Value<'v>>,
    req: &Request<'v>,
    document_type: Option<&str>,
) {
    let Some(s) = required(ctx, path, value) else {
        return;
    };
    let known: Option<&PayinDocument> = match (req.country, document_type) {
        (Some((_, r)), Some(t)) => r.documents.iter().find(|d| d.name == t),
        _ => None,
    };
    if let Some(PayinDocument { name, digits: Some(n) }) = known
        && !(rules::is_digits(s) && s.len() == *n)
    {
        ctx.report_with(
            path,
            Code::InvalidDocumentNumber,
            [
                ("document_type", Cow::Borrowed(*name)),
                ("format", Cow::Owned(format!("[0-9] ({n})"))),
            ],
        );
        return;
    }
    // The real format and check digit of the type, in the currency's country.
    if let (Some((country, _)), Some(t)) = (req.country, document_type) {
        crate::document::check_in_request(ctx, path, country.alpha2, t, s);
    }
}

/// Spec 2.4 and 8: the mobile number is never empty and is ASCII digits only (DESIGN.md
/// 9 row 2's rule for "digits"); exactly 9 digits in PE and 10 in CO (the table's
/// `phone_digits`). Where no count is given the `digits` param is `1+`.
fn phone<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, req: &Request<'v>) {
    let Some(s) = required(ctx, path, value) else {
        return;
    };
    let exact = req.country.and_then(|(_, r)| r.phone_digits);
    let ok = rules::is_digits(s) && exact.is_none_or(|n| s.len() == n);
    if !ok {
        let digits = exact.map_or(Cow::Borrowed("1+"), rules::number);
        ctx.report_with(path, Code::InvalidPhoneNumber, [("digits", digits)]);
    }
}

/// DESIGN.md 9 rows 11 and 24: the customer's (and shipping) country may be `""`; a
/// non-blank value that does not name the country of the currency (its codes or names,
/// any case) is WARN_COUNTRY_MISMATCH.
fn customer_country<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, req: &Request<'v>) {
    let Some(s) = blankable(ctx, path, value, Blank::Allowed) else {
        return;
    };
    if let Some((c, _)) = req.country
        && !rules::is_blank(s)
        && !c.is_named_by(s)
    {
        ctx.report(path, Code::CountryMismatch, &[("country", c.alpha2)]);
    }
}

/// Spec 2.4, DESIGN.md 9 row 7: payinDiscountCoupon is always present as a key; it must
/// be non-blank where the table says `coupon_required` (PE, MX, CO) and may be `""`
/// elsewhere (DO, BR, and currencies of no spec country). A whole number is a coupon
/// code's text (row 28).
fn coupon<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, req: &Request<'v>, number_as_text: bool) {
    let required_here = req.country.is_some_and(|(_, r)| r.coupon_required);
    if !required_here {
        blankable_text(ctx, path, value, Blank::CouponByCountry, number_as_text);
        return;
    }
    // The message says what to send when the shop has no coupon, not only that one is
    // needed.
    let params = [("when", COUPON_WHEN.as_str()), ("default_value", COUPON_DEFAULT)];
    match value {
        None | Some(Value::Null) => ctx.report(path, Code::MissingField, &params),
        Some(Value::String(s)) if rules::is_blank(s) => ctx.report(path, Code::EmptyField, &params),
        Some(other) => {
            text(ctx, path, other, number_as_text);
        }
    }
}

/// What a payinDiscountCoupon that must not be empty carries when the shopper has no
/// coupon: the default spec 2.4 gives the product fields beside it.
const COUPON_DEFAULT: &str = "0";

/// Spec 2.4, DESIGN.md 9 row 21: URLMonnet is an https URL (at most [`URL_MAX`]); its
/// path is the API's online-payments operation, v1 (most samples) or v3 (the current
/// version, spec 4.4 and 9), in every country. Any other path is
/// WARN_UNEXPECTED_URL_PATH.
fn url_monnet<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) {
    // Missing or blank, the message says what the address is made of.
    let send = [("operation_path", URLMONNET_ALTERNATIVES)];
    let given = match value {
        None | Some(Value::Null) => {
            ctx.report(path, Code::MissingField, &send);
            return;
        }
        Some(v) => text(ctx, path, v, false),
    };
    let Some(s) = given else {
        return;
    };
    if rules::is_blank(s) {
        ctx.report(path, Code::EmptyField, &send);
        return;
    }
    let Some(p) = url(ctx, path, s) else {
        return;
    };
    if !URLMONNET_PATHS.contains(&p) {
        ctx.report(path, Code::UnexpectedUrlPath, &[("expected", URLMONNET_ALTERNATIVES)]);
    }
}
